//! GoTrue's error format on every failure path: both wire forms, malformed and oversized bodies,
//! endpoints this server does not offer, and the rate limits.

use crate::auth_support;

use auth_support::{Auth, PASSWORD};
use serde_json::json;

#[test]
fn errors_come_in_the_form_the_client_asked_for() {
    let a = Auth::start("");
    let r = a.sign_in("x@example.org", "Wr0ng!pass");
    assert_eq!(
        r.body,
        json!({"code": "invalid_credentials", "error_code": "invalid_credentials",
               "message": "Invalid login credentials"})
    );
    assert_eq!(r.header("x-supabase-api-version"), Some("2024-01-01"));
    assert_eq!(r.header("x-sb-error-code"), Some("invalid_credentials"));

    // Without the version header (navigations, old clients): the legacy form.
    let res = a
        .http
        .post(a.url("/token?grant_type=password"))
        .json(&json!({"email": "x@example.org", "password": "Wr0ng!pass"}))
        .send()
        .unwrap();
    assert_eq!(res.status(), 400);
    assert!(res.headers().get("x-supabase-api-version").is_none());
    let body: serde_json::Value = res.json().unwrap();
    assert_eq!(
        body,
        json!({"code": 400, "error_code": "invalid_credentials", "msg": "Invalid login credentials"})
    );
}

#[test]
fn unreadable_and_oversized_bodies_get_json_errors() {
    let a = Auth::start("");
    let post_raw = |path: &str, ct: &str, body: Vec<u8>| {
        a.send(
            a.req(reqwest::Method::POST, path)
                .header("content-type", ct)
                .body(body),
        )
    };
    let r = post_raw("/signup", "application/json", b"{\"email\":".to_vec());
    assert_eq!((r.status, r.code()), (400, "bad_json"));
    let r = post_raw(
        "/token?grant_type=password",
        "application/x-www-form-urlencoded",
        b"email=a%40b.org&password=x".to_vec(),
    );
    assert_eq!((r.status, r.code()), (400, "bad_json"), "JSON bodies only");
    let r = post_raw(
        "/signup",
        "application/json",
        json!({"email": 5}).to_string().into_bytes(),
    );
    assert_eq!((r.status, r.code()), (400, "bad_json"));

    let mut big = json!({"email": "big@example.org", "password": PASSWORD}).to_string();
    big.insert_str(1, &format!("\"pad\":\"{}\",", "x".repeat(70 * 1024)));
    let r = post_raw("/signup", "application/json", big.into_bytes());
    assert_eq!((r.status, r.code()), (413, "request_entity_too_large"));

    // Unknown fields and nulls are fine.
    let r = a.post(
        "/signup",
        json!({"email": "ok@example.org", "password": PASSWORD, "data": null,
               "gotrue_meta_security": {}, "code_challenge": null}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn unknown_grant_types_and_methods_answer_in_json() {
    let a = Auth::start("");
    let r = a.post("/token?grant_type=id_token", json!({}));
    assert_eq!((r.status, r.code()), (400, "invalid_credentials"));
    let r = a.post("/token", json!({}));
    assert_eq!(r.status, 400);
    let r = a.get("/signup", None);
    assert_eq!(r.status, 405);
    assert!(r.body["message"].is_string());
    let r = a.get("/no/such/thing", None);
    assert_eq!((r.status, r.code()), (404, "not_found"));
    let r = a.get("/token?grant_type=%zz", None);
    assert!((400..500).contains(&r.status));
}

#[test]
fn features_this_server_does_not_offer_answer_4xx_in_gotrue_form() {
    let a = Auth::start("");
    let s = a.new_user("feat@example.org");
    let token = auth_support::access(&s).to_string();
    let calls: &[(reqwest::Method, &str, &str)] = &[
        (reqwest::Method::POST, "/otp", "email_provider_disabled"),
        (
            reqwest::Method::POST,
            "/magiclink",
            "email_provider_disabled",
        ),
        (reqwest::Method::POST, "/recover", "otp_disabled"),
        (reqwest::Method::POST, "/resend", "validation_failed"),
        (reqwest::Method::POST, "/verify", "otp_disabled"),
        (
            reqwest::Method::GET,
            "/verify?token=x&type=signup",
            "otp_disabled",
        ),
        (reqwest::Method::GET, "/reauthenticate", "otp_disabled"),
        (reqwest::Method::POST, "/factors", "validation_failed"),
        (
            reqwest::Method::POST,
            "/factors/abc/challenge",
            "validation_failed",
        ),
        (reqwest::Method::POST, "/sso", "saml_provider_disabled"),
        (
            reqwest::Method::GET,
            "/user/identities/authorize?provider=google",
            "manual_linking_disabled",
        ),
        (
            reqwest::Method::DELETE,
            "/user/identities/abc",
            "manual_linking_disabled",
        ),
        (reqwest::Method::GET, "/admin/users", "not_admin"),
        (reqwest::Method::POST, "/invite", "not_admin"),
    ];
    for (method, path, code) in calls {
        let r = a.send(
            a.req(method.clone(), path)
                .bearer_auth(&token)
                .json(&json!({"email": "feat@example.org"})),
        );
        assert!(
            (400..500).contains(&r.status),
            "{method} {path}: {}",
            r.status
        );
        assert_eq!(r.code(), *code, "{method} {path}");
        assert!(r.body["message"].is_string());
    }
    // Anonymous sign-in is a body-less sign-up.
    let r = a.post("/signup", json!({"data": {}}));
    assert_eq!((r.status, r.code()), (422, "anonymous_provider_disabled"));
    // Google is not configured here.
    let r = a.get("/authorize?provider=google", None);
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    assert_eq!(
        r.body["message"],
        "Unsupported provider: provider is not enabled"
    );
}

#[test]
fn sign_ins_are_limited_per_address_and_per_ip() {
    let a = Auth::start_raw(
        "[auth.rate_limit]\ntoken_per_ip = 6\ntoken_per_email = 3\nsignup_per_ip = 2\nsignup_per_email = 0\n",
    );
    assert_eq!(a.signup("rl@example.org", PASSWORD, json!({})).status, 200);
    for _ in 0..3 {
        assert_eq!(a.sign_in("rl@example.org", "Wr0ng!pass").status, 400);
    }
    let r = a.sign_in("rl@example.org", PASSWORD);
    assert_eq!((r.status, r.code()), (429, "over_request_rate_limit"));
    assert!(r.header("retry-after").is_some());
    // Another address from the same IP still works until the IP's own limit.
    assert_eq!(a.sign_in("other@example.org", PASSWORD).status, 400);
    assert_eq!(a.sign_in("other@example.org", PASSWORD).status, 400);
    let r = a.refresh("whatever-token-123456");
    assert_eq!((r.status, r.code()), (429, "over_request_rate_limit"));

    assert_eq!(
        a.signup("second@example.org", PASSWORD, json!({})).status,
        200
    );
    let r = a.signup("third@example.org", PASSWORD, json!({}));
    assert_eq!((r.status, r.code()), (429, "over_request_rate_limit"));
}

#[test]
fn default_limits_allow_a_busy_browser_refreshing() {
    // auth-js ends a session on any 4xx, so 150 refreshes in a window must pass with the defaults.
    let a = Auth::start_raw("");
    let mut s = a.new_user("busy@example.org");
    for i in 0..150 {
        let r = a.refresh(auth_support::refresh_token(&s));
        assert_eq!(r.status, 200, "refresh {i}: {}", r.body);
        s = r.body;
    }
}

/// The web app repeats some of the server's messages in its English catalogue (ui/src/lib/server-problem.ts);
/// tests/fixtures/server-messages.json is the list both sides are checked against.
#[test]
fn the_messages_the_app_repeats_are_the_server_s() {
    use solace::auth::errors::AuthError;
    use solace::auth::http::wire::status_and_code;
    let listed: std::collections::BTreeMap<String, String> =
        serde_json::from_str(include_str!("../fixtures/server-messages.json")).unwrap();
    let errors = [
        AuthError::InvalidCredentials,
        AuthError::UserAlreadyExists,
        AuthError::SignupDisabled,
        AuthError::UserBanned,
        AuthError::RateLimited {
            retry_after_secs: 1,
        },
        AuthError::SamePassword,
        AuthError::ServerBusy {
            retry_after_secs: 1,
        },
        AuthError::ReauthenticationNeeded,
        AuthError::EmailNotConfirmed,
    ];
    let spoken: std::collections::BTreeMap<String, String> = errors
        .iter()
        .map(|e| (status_and_code(e).1.to_string(), e.to_string()))
        .collect();
    assert_eq!(spoken, listed);
}
