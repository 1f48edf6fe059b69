//! Google sign-in end to end against a local stand-in for Google that speaks OAuth 2.0 / OpenID
//! Connect (authorization endpoint with PKCE, token endpoint, userinfo endpoint).

mod auth_support;
mod common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use auth_support::{Auth, PASSWORD, access, claims};
use base64::Engine;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use url::Url;

const CLIENT_ID: &str = "solace-test.apps.example";
const CLIENT_SECRET: &str = "test-secret";

#[derive(Default)]
struct GoogleState {
    /// code → (PKCE challenge, redirect_uri)
    codes: HashMap<String, (String, String)>,
    /// access token → userinfo claims
    tokens: HashMap<String, Value>,
    next: u32,
}

struct Google {
    base: String,
    person: Arc<Mutex<Value>>,
}

impl Google {
    fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let state = Arc::new(Mutex::new(GoogleState::default()));
        let person = Arc::new(Mutex::new(json!({
            "sub": "109876543210", "email": "Gina@Example.com", "email_verified": true,
            "name": "Gina G", "picture": "https://example.com/g.png",
        })));
        let who = person.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                let (method, target, headers, body) = read_request(&mut stream);
                let (status, extra, body) = handle(&state, &who, &method, &target, &headers, &body);
                let reply = format!(
                    "HTTP/1.1 {status}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(reply.as_bytes());
            }
        });
        Self { base, person }
    }

    fn config(&self) -> String {
        format!(
            "[auth.google]\nclient_id = \"{CLIENT_ID}\"\nclient_secret = \"{CLIENT_SECRET}\"\n\
             authorize_url = \"{0}/o/oauth2/v2/auth\"\ntoken_url = \"{0}/token\"\n\
             userinfo_url = \"{0}/v1/userinfo\"\n",
            self.base
        )
    }
}

fn read_request(
    stream: &mut std::net::TcpStream,
) -> (String, String, HashMap<String, String>, String) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    reader.read_line(&mut line).unwrap();
    let mut parts = line.split_whitespace();
    let method = parts.next().unwrap_or("").to_string();
    let target = parts.next().unwrap_or("").to_string();
    let mut headers = HashMap::new();
    loop {
        let mut h = String::new();
        reader.read_line(&mut h).unwrap();
        let h = h.trim_end();
        if h.is_empty() {
            break;
        }
        if let Some((k, v)) = h.split_once(':') {
            headers.insert(k.trim().to_lowercase(), v.trim().to_string());
        }
    }
    let len: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = vec![0; len];
    reader.read_exact(&mut body).unwrap();
    (method, target, headers, String::from_utf8(body).unwrap())
}

fn handle(
    state: &Mutex<GoogleState>,
    person: &Mutex<Value>,
    method: &str,
    target: &str,
    headers: &HashMap<String, String>,
    body: &str,
) -> (&'static str, String, String) {
    let url = Url::parse(&format!("http://google{target}")).unwrap();
    let q: HashMap<String, String> = url.query_pairs().into_owned().collect();
    let mut st = state.lock().unwrap();
    let error = |e: &str| {
        (
            "400 Bad Request",
            String::new(),
            json!({"error": e}).to_string(),
        )
    };
    match (method, url.path()) {
        // The person consents at once: back to redirect_uri with a code and the state.
        ("GET", "/o/oauth2/v2/auth") => {
            if q.get("client_id").map(String::as_str) != Some(CLIENT_ID)
                || q.get("response_type").map(String::as_str) != Some("code")
                || q.get("code_challenge_method").map(String::as_str) != Some("S256")
                || !q
                    .get("scope")
                    .is_some_and(|s| s.contains("openid") && s.contains("email"))
            {
                return error("invalid_request");
            }
            st.next += 1;
            let code = format!("4/google-code-{}", st.next);
            let redirect = q["redirect_uri"].clone();
            st.codes.insert(
                code.clone(),
                (q["code_challenge"].clone(), redirect.clone()),
            );
            let mut back = Url::parse(&redirect).unwrap();
            back.query_pairs_mut()
                .append_pair("state", &q["state"])
                .append_pair("code", &code)
                .append_pair("scope", "email profile openid");
            ("302 Found", format!("Location: {back}\r\n"), String::new())
        }
        ("POST", "/token") => {
            let f: HashMap<String, String> = url::form_urlencoded::parse(body.as_bytes())
                .into_owned()
                .collect();
            if f.get("grant_type").map(String::as_str) != Some("authorization_code")
                || f.get("client_id").map(String::as_str) != Some(CLIENT_ID)
                || f.get("client_secret").map(String::as_str) != Some(CLIENT_SECRET)
            {
                return error("invalid_client");
            }
            let Some((challenge, redirect)) = f.get("code").and_then(|c| st.codes.remove(c)) else {
                return error("invalid_grant");
            };
            let verifier = f.get("code_verifier").cloned().unwrap_or_default();
            let computed = base64::engine::general_purpose::URL_SAFE_NO_PAD
                .encode(Sha256::digest(verifier.as_bytes()));
            if computed != challenge || f.get("redirect_uri") != Some(&redirect) {
                return error("invalid_grant");
            }
            let token = format!("ya29.access-{}", st.next);
            st.tokens
                .insert(token.clone(), person.lock().unwrap().clone());
            let reply = json!({"access_token": token, "expires_in": 3599, "token_type": "Bearer",
                               "scope": "openid email profile", "id_token": "unused.by.solace"});
            ("200 OK", String::new(), reply.to_string())
        }
        ("GET", "/v1/userinfo") => {
            let token = headers
                .get("authorization")
                .and_then(|h| h.strip_prefix("Bearer "))
                .unwrap_or("");
            match st.tokens.get(token) {
                Some(claims) => ("200 OK", String::new(), claims.to_string()),
                None => (
                    "401 Unauthorized",
                    String::new(),
                    json!({"error": "invalid_token"}).to_string(),
                ),
            }
        }
        _ => ("404 Not Found", String::new(), "{}".into()),
    }
}

fn location(res: &reqwest::blocking::Response) -> String {
    res.headers()
        .get("location")
        .unwrap_or_else(|| panic!("no Location on {}", res.status()))
        .to_str()
        .unwrap()
        .to_string()
}

/// The browser's part: /authorize → Google → /callback; returns the final Location and its status.
fn browser_sign_in(a: &Auth, query: &str) -> (u16, Url) {
    let res = a
        .http
        .get(a.url(&format!("/authorize?{query}")))
        .send()
        .unwrap();
    assert_eq!(res.status(), 302);
    let to_google = location(&res);
    let res = a.http.get(&to_google).send().unwrap();
    assert_eq!(res.status(), 302, "Google stand-in refused: {to_google}");
    let callback = location(&res);
    assert!(
        callback.starts_with("http://localhost:8080/auth/v1/callback?"),
        "{callback}"
    );
    // Our redirect_uri is built from site_url; the test talks to the real port instead.
    let callback = callback.replace("http://localhost:8080", &a.server.url(""));
    let res = a.http.get(&callback).send().unwrap();
    (res.status().as_u16(), Url::parse(&location(&res)).unwrap())
}

fn fragment(url: &Url) -> HashMap<String, String> {
    url::form_urlencoded::parse(url.fragment().unwrap_or("").as_bytes())
        .into_owned()
        .collect()
}

#[test]
fn implicit_flow_signs_in_and_returns_tokens_in_the_fragment() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    assert_eq!(a.get("/settings", None).body["external"]["google"], true);

    let (status, back) =
        browser_sign_in(&a, "provider=google&redirect_to=http://localhost:5173/home");
    assert_eq!(status, 302);
    assert_eq!(
        back.as_str().split('#').next().unwrap(),
        "http://localhost:5173/home"
    );
    let f = fragment(&back);
    for key in [
        "access_token",
        "refresh_token",
        "expires_in",
        "expires_at",
        "provider_token",
    ] {
        assert!(f.get(key).is_some_and(|v| !v.is_empty()), "{key} in {f:?}");
    }
    assert_eq!(f["token_type"], "bearer");
    assert!(f["provider_token"].starts_with("ya29."));

    let user = a.user(&f["access_token"]);
    assert_eq!(user.status, 200);
    assert_eq!(user.body["email"], "gina@example.com");
    assert_eq!(user.body["app_metadata"]["provider"], "google");
    assert_eq!(user.body["user_metadata"]["full_name"], "Gina G");
    assert_eq!(user.body["identities"][0]["provider"], "google");
    assert_eq!(user.body["identities"][0]["id"], "109876543210");
    assert_eq!(claims(&f["access_token"])["amr"][0]["method"], "oauth");

    // The refresh token works like any other.
    let r = a.refresh(&f["refresh_token"]);
    assert_eq!(r.status, 200);

    // Signing in again finds the same account.
    let (_, again) = browser_sign_in(&a, "provider=google");
    assert_eq!(
        a.user(&fragment(&again)["access_token"]).body["id"],
        user.body["id"]
    );
    // No allowed redirect_to: back to the site URL.
    assert_eq!(
        again.as_str().split('#').next().unwrap(),
        "http://localhost:8080/"
    );
}

#[test]
fn pkce_flow_returns_a_code_that_the_app_trades_for_a_session() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let verifier = "a-very-long-code-verifier-0123456789-abcdefghijklmnop";
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(Sha256::digest(verifier.as_bytes()));
    let (status, back) = browser_sign_in(
        &a,
        &format!(
            "provider=google&redirect_to=http://localhost:5173/auth?x=1&code_challenge={challenge}&code_challenge_method=s256"
        ),
    );
    assert_eq!(status, 302);
    assert!(back.fragment().is_none(), "no tokens in the URL with PKCE");
    let q: HashMap<String, String> = back.query_pairs().into_owned().collect();
    assert_eq!(q["x"], "1", "the app's own query is kept");
    let code = q["code"].clone();

    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": code, "code_verifier": "wrong-verifier-0123456789-0123456789-abcdefgh"}),
    );
    assert_eq!((r.status, r.code()), (400, "bad_code_verifier"));
    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": code, "code_verifier": verifier}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body["provider_token"]
            .as_str()
            .unwrap()
            .starts_with("ya29.")
    );
    assert_eq!(r.body["user"]["email"], "gina@example.com");
    assert_eq!(a.user(access(&r.body)).status, 200);

    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": code, "code_verifier": verifier}),
    );
    assert_eq!(
        (r.status, r.code()),
        (404, "flow_state_not_found"),
        "single use"
    );
    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": "", "code_verifier": ""}),
    );
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
}

#[test]
fn a_verified_google_address_links_to_the_existing_account() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let s = a.new_user("gina@example.com");
    let (_, back) = browser_sign_in(&a, "provider=google");
    let user = a.user(&fragment(&back)["access_token"]).body;
    assert_eq!(user["id"], s["user"]["id"]);
    assert_eq!(
        user["app_metadata"]["providers"],
        json!(["email", "google"])
    );
    assert_eq!(user["identities"].as_array().unwrap().len(), 2);
    assert_eq!(
        a.sign_in("gina@example.com", PASSWORD).status,
        200,
        "password still works"
    );

    // An unverified Google address is not trusted to take over an account.
    *google.person.lock().unwrap() =
        json!({"sub": "222", "email": "other@example.com", "email_verified": false});
    let (_, back) = browser_sign_in(&a, "provider=google");
    let q: HashMap<String, String> = back.query_pairs().into_owned().collect();
    assert_eq!(q["error"], "access_denied");
    assert_eq!(q["error_code"], "provider_email_needs_verification");
    assert!(fragment(&back).contains_key("error_description"));
}

#[test]
fn bad_callbacks_and_strange_redirects_go_back_to_the_site() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let res = a.http.get(a.url("/callback?code=x")).send().unwrap();
    assert_eq!(res.status(), 303);
    let to = Url::parse(&location(&res)).unwrap();
    assert_eq!(to.origin().ascii_serialization(), "http://localhost:8080");
    let q: HashMap<String, String> = to.query_pairs().into_owned().collect();
    assert_eq!(q["error_code"], "bad_oauth_callback");

    let res = a
        .http
        .get(a.url("/callback?code=x&state=forged"))
        .send()
        .unwrap();
    assert_eq!(res.status(), 303);
    assert!(location(&res).contains("error_code=bad_oauth_state"));

    // Google reports that the person said no.
    let res = a
        .http
        .get(a.url("/authorize?provider=google&redirect_to=http://localhost:5173/"))
        .send()
        .unwrap();
    let state = Url::parse(&location(&res))
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();
    let res = a
        .http
        .get(a.url(&format!("/callback?error=access_denied&state={state}")))
        .send()
        .unwrap();
    let to = location(&res);
    assert!(
        to.starts_with("http://localhost:5173/?error=access_denied"),
        "{to}"
    );

    // An address outside the allow-list never receives tokens.
    let (_, back) = browser_sign_in(
        &a,
        "provider=google&redirect_to=https://evil.example.net/steal",
    );
    assert!(
        back.as_str()
            .starts_with("http://localhost:8080/#access_token="),
        "{back}"
    );

    // Bad PKCE input and unknown providers are refused before leaving for Google.
    let r = a.get(
        "/authorize?provider=google&code_challenge=short&code_challenge_method=s256",
        None,
    );
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    let r = a.get("/authorize?provider=github", None);
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    // Without the API version header (a navigation): the legacy form.
    let res = a
        .http
        .get(a.url("/authorize?provider=github"))
        .send()
        .unwrap();
    let body: Value = res.json().unwrap();
    assert_eq!(body["code"], 400);
    assert_eq!(body["error_code"], "validation_failed");
}

#[test]
fn additional_redirect_urls_are_honoured() {
    let google = Google::start();
    let a = Auth::start(&format!(
        "[auth]\nadditional_redirect_urls = [\"https://*.example.org/**\"]\n{}",
        google.config()
    ));
    let (_, back) = browser_sign_in(
        &a,
        "provider=google&redirect_to=https://app.example.org/a/b",
    );
    assert!(
        back.as_str()
            .starts_with("https://app.example.org/a/b#access_token=")
    );
    let (_, back) = browser_sign_in(&a, "provider=google&redirect_to=https://x.y.example.org/");
    assert!(
        back.as_str().starts_with("http://localhost:8080/#"),
        "{back}"
    );
}

#[test]
fn a_callback_state_is_good_for_one_use_even_when_its_flow_waits_for_the_code_exchange() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let challenge = "c".repeat(43);
    for query in [
        "provider=google".to_string(),
        format!("provider=google&code_challenge={challenge}&code_challenge_method=plain"),
    ] {
        let res = a
            .http
            .get(a.url(&format!("/authorize?{query}")))
            .send()
            .unwrap();
        let res = a.http.get(location(&res)).send().unwrap();
        let callback = location(&res).replace("http://localhost:8080", &a.server.url(""));
        let first = a.http.get(&callback).send().unwrap();
        assert_eq!(first.status(), 302, "{query}");
        assert!(!location(&first).contains("error"), "{query}");
        let again = a.http.get(&callback).send().unwrap();
        assert_eq!(again.status(), 303, "{query}");
        assert!(
            location(&again).contains("error_code=bad_oauth_state"),
            "{query}"
        );
    }
}

#[test]
fn a_disabled_account_cannot_sign_in_with_google_either() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    a.new_user("gina@example.com");
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let (status, _, err) = common::run(
        &["--data-dir", &dir, "users", "disable", "gina@example.com"],
        &[],
    );
    assert!(status.success(), "{err}");
    let (_, back) = browser_sign_in(&a, "provider=google");
    let q: HashMap<String, String> = back.query_pairs().into_owned().collect();
    assert_eq!(q["error"], "access_denied");
    assert_eq!(q["error_code"], "user_banned");
    assert!(!fragment(&back).contains_key("access_token"));
}
