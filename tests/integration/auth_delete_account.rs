//! `POST /auth/v1/user/delete`: she deletes her own account with her password (docs/auth-contract.md).

use crate::auth_support;

use auth_support::{Auth, PASSWORD, Reply, access, refresh_token};
use serde_json::{Value, json};

fn delete(a: &Auth, token: Option<&str>, body: Value) -> Reply {
    let mut rb = a.req(reqwest::Method::POST, "/user/delete").json(&body);
    if let Some(t) = token {
        rb = rb.bearer_auth(t);
    }
    a.send(rb)
}

fn db(a: &Auth) -> rusqlite::Connection {
    rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap()
}

fn count(a: &Auth, sql: &str) -> i64 {
    db(a).query_row(sql, [], |r| r.get(0)).unwrap()
}

#[test]
fn a_wrong_password_deletes_nothing() {
    let a = Auth::start("");
    let s = a.new_user("mara@example.org");
    let r = delete(
        &a,
        Some(access(&s)),
        json!({"password": "not her password"}),
    );
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.code(), "invalid_credentials");
    assert_eq!(r.body["message"], "Invalid login credentials");
    let r = delete(&a, Some(access(&s)), json!({}));
    assert_eq!(
        r.code(),
        "invalid_credentials",
        "a missing password is a wrong one"
    );
    // Everything still works.
    assert_eq!(a.user(access(&s)).status, 200);
    assert_eq!(a.refresh(refresh_token(&s)).status, 200);
    assert_eq!(a.sign_in("mara@example.org", PASSWORD).status, 200);
}

#[test]
fn the_right_password_deletes_the_account_and_everything_the_server_holds() {
    let a = Auth::start("");
    let other = a.new_user("someone.else@example.org");
    let first = a.new_user("mara@example.org");
    let second = a.sign_in("mara@example.org", PASSWORD).body;
    let r = delete(&a, Some(access(&second)), json!({"password": PASSWORD}));
    assert_eq!(r.status, 204, "{}", r.body);

    let r = a.refresh(refresh_token(&first));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.code(), "refresh_token_not_found");
    assert_eq!(a.refresh(refresh_token(&second)).status, 400);
    assert_eq!(a.user(access(&first)).code(), "user_not_found");
    let r = a.sign_in("mara@example.org", PASSWORD);
    assert_eq!(r.status, 400);
    assert_eq!(r.code(), "invalid_credentials");

    // Only her rows are gone; the other account is untouched.
    assert_eq!(count(&a, "SELECT count(*) FROM users"), 1);
    assert_eq!(count(&a, "SELECT count(*) FROM identities"), 1);
    assert_eq!(count(&a, "SELECT count(*) FROM sessions"), 1);
    assert_eq!(count(&a, "SELECT count(*) FROM refresh_tokens"), 1);
    assert_eq!(a.user(access(&other)).status, 200);
    // The log says it happened, and nothing about whom.
    let logs = a
        .server
        .logs_once_logged("an account was deleted by its owner");
    assert!(
        logs.contains("an account was deleted by its owner"),
        "{logs}"
    );
    assert!(!logs.contains("mara@"), "{logs}");
}

#[test]
fn without_a_token_nothing_happens() {
    let a = Auth::start("");
    a.new_user("mara@example.org");
    let r = delete(&a, None, json!({"password": PASSWORD}));
    assert_eq!(r.status, 401, "{}", r.body);
    assert_eq!(r.code(), "no_authorization");
    assert_eq!(a.sign_in("mara@example.org", PASSWORD).status, 200);
}

#[test]
fn a_form_post_from_another_page_is_refused() {
    let a = Auth::start("");
    let s = a.new_user("mara@example.org");
    let r = a.send(
        a.req(reqwest::Method::POST, "/user/delete")
            .bearer_auth(access(&s))
            .header("content-type", "text/plain")
            .body(format!("{{\"password\":\"{PASSWORD}\"}}")),
    );
    assert_eq!(r.status, 400);
    assert_eq!(r.code(), "bad_json");
    assert_eq!(a.user(access(&s)).status, 200);
}

#[test]
fn guessing_through_delete_meets_the_sign_in_limit() {
    let a = Auth::start_raw("[auth.rate_limit]\ntoken_per_email = 2\nsignup_per_email = 0\n");
    let s = a.new_user("mara@example.org");
    let mut statuses = Vec::new();
    for _ in 0..4 {
        statuses.push(delete(&a, Some(access(&s)), json!({"password": "guess"})).status);
    }
    assert!(statuses.contains(&429), "{statuses:?}");
    assert_eq!(a.user(access(&s)).status, 200);
}

#[test]
fn an_account_without_a_password_needs_a_recent_sign_in() {
    let a = Auth::start("");
    let s = a.new_user("mara@example.org");
    // As a Google-only account: no password hash.
    db(&a)
        .execute("UPDATE users SET password_hash = NULL", [])
        .unwrap();
    db(&a)
        .execute("UPDATE sessions SET created_at = created_at - 600000", [])
        .unwrap();
    let r = delete(&a, Some(access(&s)), json!({}));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(r.code(), "reauthentication_needed");
    assert_eq!(a.user(access(&s)).status, 200);

    db(&a)
        .execute("UPDATE sessions SET created_at = created_at + 600000", [])
        .unwrap();
    let r = delete(&a, Some(access(&s)), json!({}));
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(count(&a, "SELECT count(*) FROM users"), 0);
}
