//! Advocates' accounts and pairing (docs/advocates.md): the operator's command, two-step sign-in before
//! anything, each kind of account kept out of the other's area, and pairing codes that work once, for an
//! hour, and end with the advocate.

mod auth_support;
mod common;

use auth_support::operator::{get, open_at};
use auth_support::totp::{code, enroll, prove, step_now};
use auth_support::{Auth, SITE, access};
use reqwest::Method;
use serde_json::{Value, json};

fn advocates(a: &Auth, args: &[&str]) -> (bool, String, String) {
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let mut all = vec!["--data-dir", &dir, "--site-url", SITE, "advocates"];
    all.extend_from_slice(args);
    let (status, out, err) = common::run(&all, &[]);
    (status.success(), out, err)
}

fn api(a: &Auth, method: Method, path: &str, token: &str, body: Option<Value>) -> (u16, Value) {
    let mut rb = a
        .http
        .request(method, a.server.url(&format!("/api{path}")))
        .bearer_auth(token);
    if let Some(b) = body {
        rb = rb.json(&b);
    }
    let r = rb.send().unwrap();
    let status = r.status().as_u16();
    (status, r.json().unwrap_or(Value::Null))
}

/// Adds an advocate, opens the set-up link, and confirms an authenticator: the session's aal2 access token.
fn ready_advocate(a: &Auth, email: &str, name: &str) -> String {
    let (ok, out, err) = advocates(a, &["add", email, "--name", name]);
    assert!(ok, "{err}");
    let path = out
        .trim()
        .strip_prefix(&format!("{SITE}/auth/v1"))
        .unwrap()
        .to_string();
    let pairs = open_at(a, &path, "/advocate");
    let first = get(&pairs, "access_token").unwrap().to_string();
    let r = enroll(a, &first, "Work phone");
    assert_eq!(r.status, 200, "{}", r.body);
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let r = prove(a, &first, &factor, &code(&secret, step_now()));
    assert_eq!(r.status, 200, "{}", r.body);
    r.body["access_token"].as_str().unwrap().to_string()
}

#[test]
fn the_operator_adds_lists_and_removes_advocates() {
    let a = Auth::start("");
    let (ok, out, err) = advocates(
        &a,
        &["add", "Asha@Example.org", "--name", "Asha (Sakhi Centre)"],
    );
    assert!(ok, "{err}");
    assert!(
        out.trim().starts_with(&format!("{SITE}/auth/v1/verify?")),
        "{out}"
    );
    assert!(err.contains("two-step"), "{err}");
    let (_, list, _) = advocates(&a, &["list"]);
    assert!(
        list.contains("Asha (Sakhi Centre)") && list.contains("not set up yet"),
        "{list}"
    );
    assert!(
        !list.contains("asha@example.org"),
        "addresses are masked: {list}"
    );

    let (ok, _, err) = advocates(&a, &["add", "not an address", "--name", "X"]);
    assert!(!ok && err.contains("not an e-mail address"), "{err}");
    a.new_user("her@example.org");
    let (ok, _, err) = advocates(&a, &["remove", "her@example.org"]);
    assert!(!ok && err.contains("is not an advocate"), "{err}");

    let (ok, _, err) = advocates(&a, &["remove", "asha@example.org"]);
    assert!(ok, "{err}");
    assert!(advocates(&a, &["list"]).1.contains("No advocates yet."));
    assert_eq!(
        a.sign_in("her@example.org", auth_support::PASSWORD).status,
        200
    );
}

#[test]
fn each_kind_of_account_is_kept_out_of_the_other_s_area() {
    let a = Auth::start("");
    let advocate = ready_advocate(&a, "asha@example.org", "Asha");
    let her = access(&a.new_user("her@example.org")).to_string();
    let (status, home) = api(&a, Method::GET, "/advocate", &advocate, None);
    assert_eq!((status, home["name"].as_str()), (200, Some("Asha")));

    let (status, body) = api(&a, Method::GET, "/advocate", &her, None);
    assert_eq!((status, body["error"].as_str()), (403, Some("wrong_area")));
    let (status, body) = api(&a, Method::GET, "/advocates", &advocate, None);
    assert_eq!((status, body["error"].as_str()), (403, Some("wrong_area")));
}

#[test]
fn an_advocate_without_an_authenticator_is_asked_for_one() {
    let a = Auth::start("");
    let (ok, out, _) = advocates(&a, &["add", "ravi@example.org", "--name", "Ravi"]);
    assert!(ok);
    let path = out
        .trim()
        .strip_prefix(&format!("{SITE}/auth/v1"))
        .unwrap()
        .to_string();
    let token = get(&open_at(&a, &path, "/advocate"), "access_token")
        .unwrap()
        .to_string();
    let (status, body) = api(&a, Method::GET, "/advocate", &token, None);
    assert_eq!(
        (status, body["error"].as_str()),
        (403, Some("two_step_needed"))
    );
}

#[test]
fn a_pairing_code_works_once_for_an_hour_and_ends_with_the_advocate() {
    let a = Auth::start("");
    let advocate = ready_advocate(&a, "asha@example.org", "Asha");
    let her = access(&a.new_user("her@example.org")).to_string();
    let friend = access(&a.new_user("friend@example.org")).to_string();

    let (status, _) = api(&a, Method::POST, "/advocate/pairing-code", &advocate, None);
    assert_eq!(status, 400, "keys come first");
    let keys = json!({"public_key": "cHVibGlj", "wrapped_private_key": "d3JhcHBlZA"});
    assert_eq!(
        api(&a, Method::PUT, "/advocate/keys", &advocate, Some(keys)).0,
        204
    );
    let (status, made) = api(&a, Method::POST, "/advocate/pairing-code", &advocate, None);
    assert_eq!(status, 200);
    let code = made["code"].as_str().unwrap().to_string();
    assert_eq!(code.len(), 8);

    let spaced = format!("{} {}", &code[..4], &code[4..]);
    let (status, found) = api(
        &a,
        Method::POST,
        "/advocates/pairing",
        &her,
        Some(json!({"code": spaced})),
    );
    assert_eq!(
        (status, found["name"].as_str(), found["public_key"].as_str()),
        (200, Some("Asha"), Some("cHVibGlj"))
    );
    let pair = json!({"code": code, "known_as": "Meera"});
    assert_eq!(
        api(&a, Method::POST, "/advocates", &her, Some(pair.clone())).0,
        200
    );
    let (status, body) = api(&a, Method::POST, "/advocates", &friend, Some(pair));
    assert_eq!(
        (status, body["error"].as_str()),
        (404, Some("unknown_code")),
        "a code pairs once"
    );

    let (_, home) = api(&a, Method::GET, "/advocate", &advocate, None);
    assert_eq!(home["people"][0]["known_as"], "Meera");
    let (_, mine) = api(&a, Method::GET, "/advocates", &her, None);
    assert_eq!(mine["advocates"][0]["name"], "Asha");

    // An hour later a code no longer works.
    let (_, made) = api(&a, Method::POST, "/advocate/pairing-code", &advocate, None);
    let db = a.server.data_dir.join("solace.db");
    let out = std::process::Command::new("sqlite3")
        .arg(&db)
        .arg("UPDATE advocate_pairing_codes SET expires_at = expires_at - 3600001;")
        .output()
        .unwrap();
    assert!(out.status.success());
    let late = json!({"code": made["code"], "known_as": "F"});
    assert_eq!(
        api(&a, Method::POST, "/advocates", &friend, Some(late)).0,
        404
    );

    // Removing the advocate ends her pairing.
    let advocate_id = mine["advocates"][0]["id"].as_str().unwrap().to_string();
    assert!(advocates(&a, &["remove", "asha@example.org"]).0);
    assert_eq!(
        api(&a, Method::GET, "/advocates", &her, None).1["advocates"],
        json!([])
    );
    let (status, _) = api(
        &a,
        Method::DELETE,
        &format!("/advocates/{advocate_id}"),
        &her,
        None,
    );
    assert_eq!(status, 404);
}

#[test]
fn she_can_end_a_pairing() {
    let a = Auth::start("");
    let advocate = ready_advocate(&a, "asha@example.org", "Asha");
    let her = access(&a.new_user("her@example.org")).to_string();
    let keys = json!({"public_key": "cHVibGlj", "wrapped_private_key": "d3JhcHBlZA"});
    api(&a, Method::PUT, "/advocate/keys", &advocate, Some(keys));
    let (_, made) = api(&a, Method::POST, "/advocate/pairing-code", &advocate, None);
    let (_, paired) = api(
        &a,
        Method::POST,
        "/advocates",
        &her,
        Some(json!({"code": made["code"], "known_as": "M"})),
    );
    let id = paired["id"].as_str().unwrap();
    assert_eq!(
        api(&a, Method::DELETE, &format!("/advocates/{id}"), &her, None).0,
        204
    );
    assert_eq!(
        api(&a, Method::GET, "/advocate", &advocate, None).1["people"],
        json!([])
    );
}
