//! Two-step sign-in (TOTP) as GoTrue's MFA API, against the real binary: what she notices when she adds
//! an authenticator and signs in with its codes, what someone holding only her password cannot do, and
//! the operator's tools for a lost authenticator. Codes come from `auth_support::totp`.

use crate::auth_support;
use crate::common;

use std::time::{SystemTime, UNIX_EPOCH};

use auth_support::operator::users;
use auth_support::totp::*;
use auth_support::{Auth, PASSWORD, SITE, access, claims, refresh_token};
use reqwest::Method;
use serde_json::{Value, json};

fn db(a: &Auth) -> rusqlite::Connection {
    rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap()
}

#[test]
fn enrolling_answers_as_gotrue_and_keeps_the_secret_sealed() {
    let a = Auth::start("");
    let s = a.new_user("ana@example.org");
    let r = enroll(&a, access(&s), "Phone");
    assert_eq!(r.status, 200, "{}", r.body);
    let b = &r.body;
    assert!(uuid::Uuid::parse_str(b["id"].as_str().unwrap()).is_ok());
    assert_eq!(b["type"], "totp");
    assert_eq!(b["friendly_name"], "Phone");
    let secret = b["totp"]["secret"].as_str().unwrap();
    assert_eq!(secret.len(), 32, "a 20-byte secret in base32: {secret}");
    let uri = b["totp"]["uri"].as_str().unwrap();
    assert!(uri.starts_with("otpauth://totp/"), "{uri}");
    assert!(uri.contains(&format!("secret={secret}")), "{uri}");
    // Her authenticator app shows a neutral name: neither her address nor the site's.
    assert!(
        !uri.contains("ana") && !uri.contains("example.org") && !uri.contains("127.0.0.1"),
        "{uri}"
    );
    assert!(uri.contains("Sign-in%20code"), "{uri}");
    let qr = b["totp"]["qr_code"].as_str().unwrap();
    assert!(qr.contains("<svg") && qr.contains("</svg>"), "{qr}");
    assert!(
        !qr.contains('#') && !qr.contains("<script"),
        "safe inside a data: URI"
    );

    // The user lists it, unconfirmed, in GoTrue's shape.
    let u = a.user(access(&s)).body;
    let f = &u["factors"][0];
    assert_eq!(f["id"], b["id"]);
    assert_eq!(f["status"], "unverified");
    assert_eq!(f["factor_type"], "totp");
    assert_eq!(f["friendly_name"], "Phone");
    assert!(f["created_at"].is_string() && f["updated_at"].is_string());

    // Neither the database nor the log holds the secret in clear.
    let stored: Vec<u8> = db(&a)
        .query_row("SELECT secret FROM mfa_factors", [], |r| r.get(0))
        .unwrap();
    let raw = base32_decode(secret);
    assert!(!stored.windows(raw.len()).any(|w| w == raw.as_slice()));
    assert!(!String::from_utf8_lossy(&stored).contains(secret));
    assert!(!a.server.logs().contains(secret));

    // A second factor without a new name is GoTrue's name conflict.
    let r = enroll(&a, access(&s), "Phone");
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.code(), "mfa_factor_name_conflict");
    assert_eq!(
        r.body["message"],
        "A factor with the friendly name \"Phone\" for this user already exists"
    );
}

#[test]
fn the_right_code_raises_the_session_to_aal2_and_a_wrong_one_says_so() {
    let a = Auth::start("");
    let s = a.new_user("bea@example.org");
    let other = a.sign_in("bea@example.org", PASSWORD).body;
    let r = enroll(&a, access(&s), "Phone");
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();

    let ch = challenge(&a, access(&s), &factor);
    assert_eq!(ch.status, 200, "{}", ch.body);
    assert_eq!(ch.body["type"], "totp");
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let expires = ch.body["expires_at"].as_i64().unwrap();
    assert!(
        (now + 295..=now + 301).contains(&expires),
        "GoTrue's 300 s: {expires}"
    );
    let ch_id = ch.body["id"].as_str().unwrap();

    let step = step_now();
    let wrong = format!(
        "{:06}",
        (code(&secret, step).parse::<u32>().unwrap() + 1) % 1_000_000
    );
    let r = verify(&a, access(&s), &factor, ch_id, &wrong);
    assert_eq!(r.status, 422, "{}", r.body);
    assert_eq!(r.code(), "mfa_verification_failed");
    assert_eq!(r.body["message"], "Invalid TOTP code entered");
    let r = verify(&a, access(&s), &factor, ch_id, "");
    assert_eq!((r.status, r.code()), (400, "validation_failed"));

    let r = verify(&a, access(&s), &factor, ch_id, &code(&secret, step));
    assert_eq!(r.status, 200, "{}", r.body);
    let c = claims(access(&r.body));
    assert_eq!(c["aal"], "aal2");
    assert_eq!(c["amr"][0]["method"], "totp");
    assert_eq!(c["amr"][1]["method"], "password");
    assert!(c["amr"][0]["timestamp"].as_i64() >= c["amr"][1]["timestamp"].as_i64());
    assert_eq!(
        c["session_id"],
        claims(access(&s))["session_id"],
        "same session"
    );
    assert_eq!(r.body["user"]["factors"][0]["status"], "verified");

    // The new refresh token keeps aal2; the one from before the step is gone.
    assert_ne!(refresh_token(&r.body), refresh_token(&s));
    let refreshed = a.refresh(refresh_token(&r.body));
    assert_eq!(refreshed.status, 200, "{}", refreshed.body);
    assert_eq!(claims(access(&refreshed.body))["aal"], "aal2");
    assert_eq!(a.refresh(refresh_token(&s)).status, 400);
    // Her other session, which never passed the step, has ended (GoTrue's rule).
    assert_eq!(a.user(access(&other)).code(), "session_not_found");
    // The challenge cannot be answered twice.
    let r = verify(
        &a,
        access(&refreshed.body),
        &factor,
        ch_id,
        &code(&secret, step + 1),
    );
    assert_eq!((r.status, r.code()), (422, "mfa_ip_address_mismatch"));

    // Her password alone now gives aal1, and the user says a verified factor exists (auth-js's
    // nextLevel aal2).
    let r = a.sign_in("bea@example.org", PASSWORD);
    assert_eq!(r.status, 200);
    let c = claims(access(&r.body));
    assert_eq!(c["aal"], "aal1");
    assert_eq!(
        c["amr"],
        json!([{"method": "password", "timestamp": c["amr"][0]["timestamp"]}])
    );
    assert_eq!(r.body["user"]["factors"][0]["status"], "verified");
    let refreshed = a.refresh(refresh_token(&r.body)).body;
    assert_eq!(
        claims(access(&refreshed))["aal"],
        "aal1",
        "a refresh keeps aal1"
    );
}

#[test]
fn a_code_is_good_once_and_only_one_step_back() {
    let a = Auth::start("");
    // The previous step's code is accepted for a new factor.
    let s = a.new_user("cleo@example.org");
    let r = enroll(&a, access(&s), "Phone");
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let step = step_now();
    let r = prove(&a, access(&s), &factor, &code(&secret, step - 1));
    assert_eq!(r.status, 200, "previous step: {}", r.body);
    let t = access(&r.body).to_string();
    // The same code again: refused, as is any older one.
    let r = prove(&a, &t, &factor, &code(&secret, step - 1));
    assert_eq!(
        (r.status, r.code()),
        (422, "mfa_verification_failed"),
        "replayed"
    );
    // The current step's code is newer: accepted once, then refused.
    let r = prove(&a, &t, &factor, &code(&secret, step));
    assert_eq!(r.status, 200, "{}", r.body);
    let t = access(&r.body).to_string();
    let r = prove(&a, &t, &factor, &code(&secret, step));
    assert_eq!(
        (r.status, r.code()),
        (422, "mfa_verification_failed"),
        "replayed"
    );

    // Two steps back is too old.
    let e = a.new_user("dina@example.org");
    let r = enroll(&a, access(&e), "Phone");
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let r = prove(&a, access(&e), &factor, &code(&secret, step_now() - 2));
    assert_eq!((r.status, r.code()), (422, "mfa_verification_failed"));
}

#[test]
fn a_password_alone_cannot_change_the_second_step_or_the_password() {
    let a = Auth::start("");
    let e = enrolled(&a, "eve@example.org");
    // Past its first days (when she may still remove it without a code: tests/auth_password_holder.rs).
    db(&a)
        .execute(
            "UPDATE mfa_factors SET verified_at = ?1",
            [(chrono::Utc::now() - chrono::Duration::days(8)).to_rfc3339()],
        )
        .unwrap();
    let aal1 = a.sign_in("eve@example.org", PASSWORD).body;
    let t1 = access(&aal1);

    let r = enroll(&a, t1, "Another");
    assert_eq!(
        (r.status, r.code()),
        (403, "insufficient_aal"),
        "{}",
        r.body
    );
    assert_eq!(r.body["message"], "AAL2 required to enroll a new factor");
    let r = call(
        &a,
        Method::DELETE,
        &format!("/factors/{}", e.factor),
        t1,
        json!({}),
    );
    assert_eq!(
        (r.status, r.code()),
        (422, "insufficient_aal"),
        "{}",
        r.body
    );
    assert_eq!(
        r.body["message"],
        "AAL2 required to unenroll verified factor"
    );
    let r = call(
        &a,
        Method::PUT,
        "/user",
        t1,
        json!({"password": "N3w!password", "current_password": PASSWORD}),
    );
    assert_eq!(
        (r.status, r.code()),
        (401, "insufficient_aal"),
        "{}",
        r.body
    );
    // Metadata is not guarded, as in GoTrue.
    let r = call(&a, Method::PUT, "/user", t1, json!({"data": {"x": 1}}));
    assert_eq!(r.status, 200, "{}", r.body);

    // With the aal2 session all of it works; removing the factor drops the session to aal1.
    let t2 = access(&e.session);
    let r = enroll(&a, t2, "Another");
    assert_eq!(r.status, 200, "{}", r.body);
    let r = call(
        &a,
        Method::DELETE,
        &format!("/factors/{}", e.factor),
        t2,
        json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body, json!({"id": e.factor}));
    let refreshed = a.refresh(refresh_token(&e.session)).body;
    assert_eq!(claims(access(&refreshed))["aal"], "aal1");
    let r = call(
        &a,
        Method::DELETE,
        &format!("/factors/{}", e.factor),
        t2,
        json!({}),
    );
    assert_eq!((r.status, r.code()), (404, "mfa_factor_not_found"));
    // Someone else's factor id is not found either.
    let other = a.new_user("fay@example.org");
    let r = challenge(&a, access(&other), &e.factor);
    assert_eq!((r.status, r.code()), (404, "mfa_factor_not_found"));
}

#[test]
fn challenges_expire_and_wrong_codes_are_limited_per_factor() {
    let a = Auth::start("[auth.mfa]\nverify_per_session = 3\n");
    let s = a.new_user("gia@example.org");
    let r = enroll(&a, access(&s), "Phone");
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();

    let ch = challenge(&a, access(&s), &factor).body;
    let ch_id = ch["id"].as_str().unwrap();
    // Made 301 s old in the database rather than waiting.
    db(&a)
        .execute(
            "UPDATE mfa_challenges SET created_at = created_at - 301000 WHERE id = ?1",
            [ch_id],
        )
        .unwrap();
    let r = verify(&a, access(&s), &factor, ch_id, &code(&secret, step_now()));
    assert_eq!(
        (r.status, r.code()),
        (422, "mfa_challenge_expired"),
        "{}",
        r.body
    );
    let r = verify(&a, access(&s), &factor, ch_id, &code(&secret, step_now()));
    assert_eq!(
        (r.status, r.code()),
        (422, "mfa_factor_not_found"),
        "expired ones are deleted"
    );

    for _ in 0..2 {
        let r = prove(&a, access(&s), &factor, "000000");
        assert_eq!(r.code(), "mfa_verification_failed");
    }
    let r = prove(&a, access(&s), &factor, "000001");
    assert_eq!(r.code(), "mfa_verification_failed");
    // The fourth try in the window is refused before the code is looked at, even the right code.
    let r = prove(&a, access(&s), &factor, &code(&secret, step_now()));
    assert_eq!(
        (r.status, r.code()),
        (429, "over_request_rate_limit"),
        "{}",
        r.body
    );
}

#[test]
fn too_many_factors_are_refused() {
    let a = Auth::start("[auth.mfa]\nmax_enrolled_factors = 2\n");
    let s = a.new_user("hana@example.org");
    assert_eq!(enroll(&a, access(&s), "One").status, 200);
    assert_eq!(enroll(&a, access(&s), "Two").status, 200);
    let r = enroll(&a, access(&s), "Three");
    assert_eq!((r.status, r.code()), (422, "too_many_enrolled_mfa_factors"));
}

#[test]
fn deleting_her_account_needs_a_code_when_she_has_an_authenticator() {
    let a = Auth::start("");
    let e = enrolled(&a, "ida@example.org");
    let del = |body: Value| call(&a, Method::POST, "/user/delete", access(&e.session), body);
    let r = del(json!({"password": PASSWORD}));
    assert_eq!(
        (r.status, r.code()),
        (401, "insufficient_aal"),
        "{}",
        r.body
    );
    let r = del(json!({"password": PASSWORD, "code": "000000"}));
    assert_eq!((r.status, r.code()), (422, "mfa_verification_failed"));
    let r = del(json!({"password": PASSWORD, "code": code(&e.secret, next_step(e.step))}));
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(
        a.sign_in("ida@example.org", PASSWORD).code(),
        "invalid_credentials"
    );
    let left: i64 = db(&a)
        .query_row("SELECT count(*) FROM mfa_factors", [], |r| r.get(0))
        .unwrap();
    assert_eq!(left, 0);
}

fn service_key(a: &Auth) -> String {
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let (status, out, err) = common::run(
        &["--data-dir", &dir, "--site-url", SITE, "service-key"],
        &[],
    );
    assert!(status.success(), "{err}");
    out.trim().to_string()
}

#[test]
fn the_admin_api_lists_and_removes_factors() {
    let a = Auth::start("");
    let e = enrolled(&a, "jo@example.org");
    let id = e.session["user"]["id"].as_str().unwrap().to_string();
    let key = service_key(&a);
    let list_path = format!("/admin/users/{id}/factors");

    let r = a.get(&list_path, None);
    assert_eq!((r.status, r.code()), (401, "no_authorization"));
    let r = a.get(&list_path, Some(access(&e.session)));
    assert_eq!((r.status, r.code()), (403, "not_admin"));

    let r = a.get(&list_path, Some(&key));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body.as_array().unwrap().len(), 1);
    assert_eq!(r.body[0]["id"], e.factor.as_str());
    assert_eq!(r.body[0]["status"], "verified");

    let missing = uuid::Uuid::new_v4();
    let r = call(
        &a,
        Method::DELETE,
        &format!("{list_path}/{missing}"),
        &key,
        json!({}),
    );
    assert_eq!((r.status, r.code()), (404, "mfa_factor_not_found"));
    let r = a.get(&format!("/admin/users/{missing}/factors"), Some(&key));
    assert_eq!((r.status, r.code()), (404, "user_not_found"));

    let r = call(
        &a,
        Method::DELETE,
        &format!("{list_path}/{}", e.factor),
        &key,
        json!({}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["id"], e.factor.as_str());
    assert_eq!(a.get(&list_path, Some(&key)).body, json!([]));
    // Her session that passed the step is aal1 again after a refresh.
    let refreshed = a.refresh(refresh_token(&e.session)).body;
    assert_eq!(claims(access(&refreshed))["aal"], "aal1");
    let logs = a.server.logs_once_logged("delete_factor");
    assert!(logs.contains("delete_factor"), "{logs}");
    assert!(!logs.contains("jo@example.org"), "{logs}");
}

#[test]
fn the_cli_counts_and_removes_factors_for_a_lost_authenticator() {
    let a = Auth::start("");
    let e = enrolled(&a, "kim@example.org");
    a.new_user("lee@example.org");

    let (status, out, _) = users(&a, &["list", "--json"]);
    assert!(status.success());
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["users"][0]["factors"], 1);
    assert_eq!(v["users"][1]["factors"], 0);
    let (_, out, _) = users(&a, &["show", "kim@example.org"]);
    assert!(out.contains("two-step:      1"), "{out}");

    let (status, out, err) = users(&a, &["remove-factors", "kim@example.org"]);
    assert!(status.success(), "{err}");
    assert!(out.contains("Removed 1 two-step sign-in"), "{out}");
    // She signs in with her password alone; nothing asks for a code any more.
    let r = a.sign_in("kim@example.org", PASSWORD);
    assert!(r.body["user"].get("factors").is_none(), "{}", r.body);
    assert_eq!(
        claims(access(&a.refresh(refresh_token(&e.session)).body))["aal"],
        "aal1"
    );

    let (status, out, _) = users(&a, &["remove-factors", "kim@example.org", "--json"]);
    assert!(status.success());
    let v: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["removed"], 0);
    assert_eq!(v["result"], "factors_removed");

    let (status, out, err) = users(&a, &["remove-factors", "nobody@example.org"]);
    assert!(!status.success());
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("nobody@example.org"), "{err}");
}

#[test]
fn the_vault_secret_needs_the_second_step_when_she_has_one() {
    let a = Auth::start("");
    let e = enrolled(&a, "mia@example.org");
    let secret = |token: &str| a.vault_secret_status(token);
    assert_eq!(secret(access(&e.session)), 200, "aal2 opens it");
    let aal1 = a.sign_in("mia@example.org", PASSWORD).body;
    assert_ne!(
        secret(access(&aal1)),
        200,
        "her password alone opens nothing of hers"
    );
    let r = prove(
        &a,
        access(&aal1),
        &e.factor,
        &code(&e.secret, next_step(e.step)),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(secret(access(&r.body)), 200);
}
