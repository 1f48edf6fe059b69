//! Features that are off answer as GoTrue answers with them switched off: phone, web3, anonymous
//! sign-in, e-mail one-time codes and magic links, resend, reauthenticate and two-step sign-in
//! (docs/auth-contract.md, "Features that are off"), in both error forms.

use crate::auth_support;

use auth_support::{Auth, PASSWORD, Reply, access};
use serde_json::{Value, json};

const PHONE: &str = "+447700900123";

fn expect(r: &Reply, status: u16, code: &str, message: &str) {
    assert_eq!(
        (r.status, r.code(), r.body["message"].as_str().unwrap_or("")),
        (status, code, message),
        "{}",
        r.body
    );
    assert_eq!(r.header("x-sb-error-code"), Some(code));
}

/// The same call without `X-Supabase-Api-Version`: the legacy form with the status in `code`.
fn expect_legacy(
    a: &Auth,
    method: reqwest::Method,
    path: &str,
    body: Value,
    status: u16,
    code: &str,
) {
    let res = a
        .http
        .request(method, a.url(path))
        .json(&body)
        .send()
        .unwrap();
    assert_eq!(res.status().as_u16(), status, "{path}");
    let body: Value = res.json().unwrap();
    assert_eq!(body["code"], status, "{body}");
    assert_eq!(body["error_code"], code, "{body}");
    assert!(body["msg"].is_string(), "{body}");
}

fn bearer_call(a: &Auth, method: reqwest::Method, path: &str, token: &str, body: Value) -> Reply {
    a.send(a.req(method, path).bearer_auth(token).json(&body))
}

#[test]
fn phone_sign_up_is_refused_with_400() {
    let a = Auth::start("");
    let body = json!({"phone": PHONE, "password": PASSWORD, "data": {}, "channel": "sms"});
    let r = a.post("/signup", body.clone());
    expect(
        &r,
        400,
        "phone_provider_disabled",
        "Phone signups are disabled",
    );
    expect_legacy(
        &a,
        reqwest::Method::POST,
        "/signup",
        body,
        400,
        "phone_provider_disabled",
    );
    // GoTrue checks the password before the provider.
    let r = a.post("/signup", json!({"phone": PHONE, "password": ""}));
    expect(
        &r,
        400,
        "validation_failed",
        "Signup requires a valid password",
    );
    let r = a.post(
        "/signup",
        json!({"phone": PHONE, "password": PASSWORD, "channel": "whatsapp"}),
    );
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
}

#[test]
fn phone_password_sign_in_is_refused_with_422() {
    let a = Auth::start("");
    let body = json!({"phone": PHONE, "password": PASSWORD});
    let r = a.post("/token?grant_type=password", body.clone());
    expect(
        &r,
        422,
        "phone_provider_disabled",
        "Phone logins are disabled",
    );
    expect_legacy(
        &a,
        reqwest::Method::POST,
        "/token?grant_type=password",
        body,
        422,
        "phone_provider_disabled",
    );
    let r = a.post(
        "/token?grant_type=password",
        json!({"email": "both@example.org", "phone": PHONE, "password": PASSWORD}),
    );
    expect(
        &r,
        400,
        "validation_failed",
        "Only an email address or phone number should be provided on login.",
    );
}

#[test]
fn phone_one_time_codes_are_refused_with_400() {
    let a = Auth::start("");
    let body = json!({"phone": PHONE, "data": {}, "create_user": true, "channel": "sms"});
    let r = a.post("/otp", body.clone());
    expect(
        &r,
        400,
        "phone_provider_disabled",
        "Unsupported phone provider",
    );
    expect_legacy(
        &a,
        reqwest::Method::POST,
        "/otp",
        body,
        400,
        "phone_provider_disabled",
    );
    // Only for existing accounts: none has a phone number.
    let r = a.post("/otp", json!({"phone": PHONE, "create_user": false}));
    expect(&r, 422, "otp_disabled", "Signups not allowed for otp");
}

#[test]
fn resend_by_phone_is_refused_with_400() {
    let a = Auth::start("");
    let body = json!({"phone": PHONE, "type": "sms"});
    let r = a.post("/resend", body.clone());
    expect(
        &r,
        400,
        "phone_provider_disabled",
        "Phone logins are disabled",
    );
    expect_legacy(
        &a,
        reqwest::Method::POST,
        "/resend",
        body,
        400,
        "phone_provider_disabled",
    );
    let r = a.post("/resend", json!({"phone": PHONE}));
    expect(
        &r,
        400,
        "validation_failed",
        "Missing one of these types: signup, email_change, sms, phone_change",
    );
}

#[test]
fn resend_by_email_has_nothing_to_send() {
    let a = Auth::start("");
    a.new_user("resend@example.org");
    for email in ["resend@example.org", "nobody@example.org"] {
        let r = a.post("/resend", json!({"email": email, "type": "signup"}));
        assert_eq!((r.status, &r.body), (200, &json!({})), "{email}");
    }
    let r = a.post(
        "/resend",
        json!({"email": "not-an-address", "type": "signup"}),
    );
    expect(
        &r,
        400,
        "validation_failed",
        "Unable to validate email address: invalid format",
    );
}

#[test]
fn web3_sign_in_is_refused_with_422() {
    let a = Auth::start("");
    let body = json!({"chain": "ethereum", "message": "m", "signature": "0x00"});
    let r = a.post("/token?grant_type=web3", body.clone());
    expect(
        &r,
        422,
        "web3_provider_disabled",
        "Web3 provider is disabled",
    );
    expect_legacy(
        &a,
        reqwest::Method::POST,
        "/token?grant_type=web3",
        body,
        422,
        "web3_provider_disabled",
    );
}

#[test]
fn anonymous_sign_in_is_refused_with_422() {
    let a = Auth::start("");
    let body = json!({"data": {}, "gotrue_meta_security": {}});
    let r = a.post("/signup", body.clone());
    expect(
        &r,
        422,
        "anonymous_provider_disabled",
        "Anonymous sign-ins are disabled",
    );
    expect_legacy(
        &a,
        reqwest::Method::POST,
        "/signup",
        body,
        422,
        "anonymous_provider_disabled",
    );
    // A password alone is still a sign-up with neither address.
    let r = a.post("/signup", json!({"password": PASSWORD}));
    assert_eq!((r.status, r.code()), (422, "anonymous_provider_disabled"));
}

#[test]
fn email_one_time_codes_and_magic_links_are_refused_with_422() {
    let a = Auth::start("");
    a.new_user("otp@example.org");
    let body = json!({"email": "otp@example.org", "data": {}, "create_user": true});
    let r = a.post("/otp", body.clone());
    expect(
        &r,
        422,
        "email_provider_disabled",
        "Login with magic link is disabled",
    );
    expect_legacy(
        &a,
        reqwest::Method::POST,
        "/otp",
        body,
        422,
        "email_provider_disabled",
    );
    let r = a.post("/magiclink", json!({"email": "otp@example.org"}));
    expect(
        &r,
        422,
        "email_provider_disabled",
        "Login with magic link is disabled",
    );
    // `shouldCreateUser: false`: an existing account reaches the magic-link check, others do not.
    let r = a.post(
        "/otp",
        json!({"email": "otp@example.org", "create_user": false}),
    );
    assert_eq!(r.code(), "email_provider_disabled");
    let r = a.post(
        "/otp",
        json!({"email": "new@example.org", "create_user": false}),
    );
    expect(&r, 422, "otp_disabled", "Signups not allowed for otp");
    let r = a.post("/otp", json!({}));
    expect(
        &r,
        400,
        "validation_failed",
        "One of email or phone must be set",
    );
}

#[test]
fn reauthenticate_needs_a_token_then_is_refused() {
    let a = Auth::start("");
    let r = a.get("/reauthenticate", None);
    expect(
        &r,
        401,
        "no_authorization",
        "This endpoint requires a valid Bearer token",
    );
    let s = a.new_user("reauth@example.org");
    let r = a.get("/reauthenticate", Some(access(&s)));
    assert_eq!((r.status, r.code()), (422, "otp_disabled"), "{}", r.body);
}

#[test]
fn factor_calls_without_a_session_fail_on_the_missing_token() {
    let a = Auth::start("");
    let id = "7f2c1f0e-5d6b-4c8a-9e3f-1a2b3c4d5e6f";
    let calls = [
        (reqwest::Method::POST, "/factors".to_string()),
        (reqwest::Method::POST, format!("/factors/{id}/challenge")),
        (reqwest::Method::POST, format!("/factors/{id}/verify")),
        (reqwest::Method::DELETE, format!("/factors/{id}")),
    ];
    for (method, path) in calls {
        let r = a.send(
            a.req(method.clone(), &path)
                .json(&json!({"factor_type": "totp"})),
        );
        expect(
            &r,
            401,
            "no_authorization",
            "This endpoint requires a valid Bearer token",
        );
        expect_legacy(&a, method, &path, json!({}), 401, "no_authorization");
    }
}

#[test]
fn phone_and_webauthn_factor_enrolment_is_switched_off() {
    let a = Auth::start("");
    let s = a.new_user("mfa@example.org");
    let t = access(&s);
    let enroll = |kind: &str| {
        bearer_call(
            &a,
            reqwest::Method::POST,
            "/factors",
            t,
            json!({"factor_type": kind}),
        )
    };
    expect(
        &enroll("phone"),
        422,
        "mfa_phone_enroll_not_enabled",
        "MFA enroll is disabled for Phone",
    );
    expect(
        &enroll("webauthn"),
        422,
        "mfa_webauthn_enroll_not_enabled",
        "MFA enroll is disabled for WebAuthn",
    );
    expect(
        &enroll("sms"),
        400,
        "validation_failed",
        "factor_type needs to be totp, phone, or webauthn",
    );
}

#[test]
fn factor_challenge_verify_and_unenroll_with_a_session_find_no_factor() {
    let a = Auth::start("");
    let s = a.new_user("factor@example.org");
    let t = access(&s);
    let id = "7f2c1f0e-5d6b-4c8a-9e3f-1a2b3c4d5e6f";
    for (method, path) in [
        (reqwest::Method::POST, format!("/factors/{id}/challenge")),
        (reqwest::Method::POST, format!("/factors/{id}/verify")),
        (reqwest::Method::DELETE, format!("/factors/{id}")),
    ] {
        let r = bearer_call(&a, method, &path, t, json!({"code": "123456"}));
        expect(&r, 404, "mfa_factor_not_found", "Factor not found");
    }
    let r = bearer_call(
        &a,
        reqwest::Method::POST,
        "/factors/abc/verify",
        t,
        json!({}),
    );
    expect(&r, 404, "validation_failed", "factor_id must be an UUID");
}

#[test]
fn sign_up_names_a_bad_address_before_a_weak_password() {
    let a = Auth::start("");
    let r = a.post("/signup", json!({"email": "a", "password": "123456"}));
    expect(
        &r,
        400,
        "validation_failed",
        "Unable to validate email address: invalid format",
    );
    let r = a.post(
        "/signup",
        json!({"email": "fine@example.org", "password": "123456"}),
    );
    assert_eq!((r.status, r.code()), (422, "weak_password"));
    // A missing password is still named first, as GoTrue does.
    let r = a.post("/signup", json!({"email": "a", "password": ""}));
    expect(
        &r,
        400,
        "validation_failed",
        "Signup requires a valid password",
    );
}
