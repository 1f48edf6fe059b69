//! An account must keep working behind a common reverse proxy whatever it stored in `user_metadata`: the
//! access token carries that metadata, and nginx with its default header buffers (8 KiB for one header
//! line) answers 400 to a request whose `Authorization` header is longer. Here a real nginx, as Debian
//! ships it and with no header settings of its own, stands in front of a real server.

use crate::auth_support;
use crate::common;
use crate::nginx_support::{self, Nginx};

use auth_support::{API_VERSION, PASSWORD, access, refresh_token};
use reqwest::blocking::Client;
use serde_json::{Value, json};

fn call(
    http: &Client,
    method: reqwest::Method,
    url: String,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let mut rb = http
        .request(method, url)
        .header("X-Supabase-Api-Version", API_VERSION);
    if let Some(t) = token {
        rb = rb.bearer_auth(t);
    }
    if let Some(b) = body {
        rb = rb.json(&b);
    }
    let res = rb.send().unwrap();
    let status = res.status().as_u16();
    let text = res.text().unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

#[test]
fn the_largest_metadata_allowed_still_gives_tokens_that_pass_nginx_defaults() {
    if !nginx_support::installed() {
        return;
    }
    let a = auth_support::Auth::start("");
    let proxy = Nginx::start(&[a.server.port], "");
    let via = |path: &str| format!("http://127.0.0.1:{}/auth/v1{path}", proxy.port);
    let http = common::client();
    use reqwest::Method;

    // The longest address the server takes also rides in every token.
    let email = format!(
        "{}@{}.example.org",
        "p".repeat(64),
        vec!["d".repeat(58); 3].join(".")
    );
    assert!(email.len() <= 255);
    let (status, body) = call(
        &http,
        Method::POST,
        via("/signup"),
        None,
        Some(json!({"email": email, "password": PASSWORD, "data": {}})),
    );
    assert_eq!(status, 200, "{body}");
    // Sign-up answers without a session (it must not tell whether the address had an account).
    let (status, body) = call(
        &http,
        Method::POST,
        via("/token?grant_type=password"),
        None,
        Some(json!({"email": email, "password": PASSWORD})),
    );
    assert_eq!(status, 200, "{body}");
    let first = access(&body).to_string();

    // The largest metadata the server accepts: one byte more is refused. `{"note":""}` is 11 bytes.
    let largest = find_largest_note(&http, &via("/user"), &first);
    let (status, body) = call(
        &http,
        Method::PUT,
        via("/user"),
        Some(&first),
        Some(json!({"data": {"note": "é".repeat(largest / 2) + &"x".repeat(largest % 2)}})),
    );
    assert_eq!(status, 200, "{body}");

    let (status, session) = call(
        &http,
        Method::POST,
        via("/token?grant_type=password"),
        None,
        Some(json!({"email": email, "password": PASSWORD})),
    );
    assert_eq!(status, 200, "{session}");
    let token = access(&session).to_string();
    assert_eq!(
        auth_support::claims(&token)["user_metadata"]["note"]
            .as_str()
            .unwrap()
            .len(),
        largest
    );

    // The proxy lets her use it: reading her account, and refreshing the session.
    let (status, user) = call(&http, Method::GET, via("/user"), Some(&token), None);
    assert_eq!(status, 200, "through nginx: {user}");
    assert_eq!(user["email"], email.as_str());
    let (status, refreshed) = call(
        &http,
        Method::POST,
        via("/token?grant_type=refresh_token"),
        None,
        Some(json!({"refresh_token": refresh_token(&session)})),
    );
    assert_eq!(status, 200, "{refreshed}");
    let (status, user) = call(
        &http,
        Method::GET,
        via("/user"),
        Some(access(&refreshed)),
        None,
    );
    assert_eq!(status, 200, "through nginx, after a refresh: {user}");
    assert!(
        token.len() < 8 * 1024,
        "a new access token is {} bytes",
        token.len()
    );
}

/// The longest `note` (in bytes of JSON) that `PUT /user` accepts, found by halving; checks that the next
/// byte is refused with 413.
fn find_largest_note(http: &Client, url: &str, token: &str) -> usize {
    let put = |n: usize| {
        call(
            http,
            reqwest::Method::PUT,
            url.to_string(),
            Some(token),
            Some(json!({"data": {"note": "x".repeat(n)}})),
        )
        .0
    };
    let (mut ok, mut refused) = (0, 60 * 1024);
    while refused - ok > 1 {
        let mid = (ok + refused) / 2;
        match put(mid) {
            200 => ok = mid,
            413 => refused = mid,
            other => panic!("PUT /user with a {mid}-byte note: {other}"),
        }
    }
    ok
}
