//! Sign-up, password sign-in, the current user and its changes, against the real binary and SQLite file.

use crate::auth_support;
use crate::common;

use std::os::unix::fs::PermissionsExt;

use auth_support::{Auth, PASSWORD, access, claims, refresh_token};
use serde_json::json;

#[test]
fn settings_describe_an_email_only_auto_confirming_server() {
    let a = Auth::start("");
    let r = a.get("/settings", None);
    assert_eq!(r.status, 200);
    assert_eq!(r.body["external"]["email"], true);
    assert_eq!(r.body["external"]["google"], false);
    assert_eq!(r.body["external"]["phone"], false);
    assert_eq!(r.body["disable_signup"], false);
    assert_eq!(r.body["mailer_autoconfirm"], true);
}

#[test]
fn sign_up_then_sign_in_gives_a_session_with_the_user_and_their_data() {
    let a = Auth::start("");
    let r = a.signup(
        "  Jane.Doe@Example.ORG ",
        PASSWORD,
        json!({"display_name": "Jane"}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body.get("access_token").is_none(),
        "a sign-up never signs in"
    );
    let r = a.sign_in("jane.doe@example.org", PASSWORD);
    assert_eq!(r.status, 200, "{}", r.body);
    let s = &r.body;
    assert_eq!(s["token_type"], "bearer");
    // The default lifetime, read from the crate rather than copied here.
    let expiry = solace::auth::rules::config::AuthConfig::default().jwt_expiry_secs;
    assert_eq!(s["expires_in"], expiry);
    assert!(
        s["expires_at"].as_i64().unwrap() > chrono::Utc::now().timestamp() + expiry as i64 - 100
    );
    assert!(refresh_token(s).len() >= 32);
    let u = &s["user"];
    assert_eq!(
        u["email"], "jane.doe@example.org",
        "trimmed and lower-cased"
    );
    assert_eq!(u["aud"], "authenticated");
    assert_eq!(u["role"], "authenticated");
    assert_eq!(u["phone"], "");
    assert_eq!(u["is_anonymous"], false);
    assert!(u["email_confirmed_at"].is_string() && u["last_sign_in_at"].is_string());
    assert_eq!(u["user_metadata"]["display_name"], "Jane");
    assert_eq!(u["user_metadata"]["email_verified"], true);
    assert_eq!(
        u["app_metadata"],
        json!({"provider": "email", "providers": ["email"]})
    );
    assert_eq!(u["identities"][0]["provider"], "email");
    assert_eq!(u["identities"][0]["id"], u["id"]);

    let c = claims(access(s));
    assert_eq!(c["sub"], u["id"]);
    assert_eq!(c["aud"], "authenticated");
    assert_eq!(c["role"], "authenticated");
    assert_eq!(c["email"], "jane.doe@example.org");
    assert_eq!(c["phone"], "");
    assert_eq!(c["aal"], "aal1");
    assert_eq!(c["amr"][0]["method"], "password");
    assert_eq!(c["iss"], "http://localhost:8080/auth/v1");
    assert_eq!(c["is_anonymous"], false);
    assert_eq!(c["user_metadata"]["display_name"], "Jane");
    assert_eq!(
        c["exp"].as_i64().unwrap() - c["iat"].as_i64().unwrap(),
        expiry as i64
    );
    assert!(c["session_id"].is_string());
}

#[test]
fn weak_passwords_are_refused_with_the_first_rule_and_all_reasons() {
    let a = Auth::start("");
    for (pw, message, reasons) in [
        (
            "Ab1!",
            "Password must be at least 8 characters long.",
            json!(["length"]),
        ),
        (
            "abcdefg1!",
            "Password must contain at least one uppercase letter.",
            json!(["characters"]),
        ),
        (
            "ABCDEFG1!",
            "Password must contain at least one lowercase letter.",
            json!(["characters"]),
        ),
        (
            "Abcdefgh!",
            "Password must contain at least one digit.",
            json!(["characters"]),
        ),
        (
            "Abcdefgh1",
            "Password must contain at least one special character (e.g., !@#$%).",
            json!(["characters"]),
        ),
        (
            "abc",
            "Password must be at least 8 characters long.",
            json!(["length", "characters"]),
        ),
    ] {
        let r = a.signup("weak@example.org", pw, json!({}));
        assert_eq!((r.status, r.code()), (422, "weak_password"), "{pw}");
        assert_eq!(r.body["message"], message, "{pw}");
        assert_eq!(r.body["weak_password"]["reasons"], reasons, "{pw}");
    }
    let r = a.signup("weak@example.org", "", json!({}));
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    let r = a.signup(
        "weak@example.org",
        &format!("Aa1!{}", "x".repeat(69)),
        json!({}),
    );
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
}

#[test]
fn malformed_addresses_are_refused() {
    let a = Auth::start("");
    for email in [
        "not-an-address",
        "a@b",
        "two words@example.org",
        "a@@example.org",
    ] {
        let r = a.signup(email, PASSWORD, json!({}));
        assert_eq!((r.status, r.code()), (400, "validation_failed"), "{email}");
    }
    let r = a.signup("a@b", PASSWORD, json!({}));
    assert_eq!(
        r.body["message"],
        "Unable to validate email address: invalid format"
    );
}

#[test]
fn sign_in_works_with_any_case_and_fails_alike_for_unknown_and_wrong() {
    let a = Auth::start("");
    let first = a.new_user("kim@example.org");
    let r = a.sign_in(" KIM@Example.org", PASSWORD);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["user"]["id"], first["user"]["id"]);
    assert_ne!(
        claims(access(&r.body))["session_id"],
        claims(access(&first))["session_id"],
        "each sign-in is its own session"
    );

    let wrong = a.sign_in("kim@example.org", "Wr0ng!pass");
    let unknown = a.sign_in("nobody@example.org", PASSWORD);
    for r in [&wrong, &unknown] {
        assert_eq!((r.status, r.code()), (400, "invalid_credentials"));
        assert_eq!(r.body["message"], "Invalid login credentials");
    }
    assert_eq!(wrong.body, unknown.body);
}

#[test]
fn unknown_addresses_cost_a_password_hash_too() {
    let a = Auth::start("");
    a.new_user("time@example.org");
    // Measured in turns, best of five each, against a refusal that needs no hash (no address at all), so a
    // busy machine slows all three alike. Skipping the hash would make an unknown address cost about as
    // little as that refusal; with it, it costs about what a wrong password does.
    let cases = [
        ("time@example.org", 400),
        ("nobody@example.org", 400),
        ("", 400),
    ];
    let mut best = [std::time::Duration::MAX; 3];
    for _ in 0..5 {
        for (i, (email, status)) in cases.iter().enumerate() {
            let t = std::time::Instant::now();
            assert_eq!(a.sign_in(email, "Wr0ng!pass").status, *status);
            best[i] = best[i].min(t.elapsed());
        }
    }
    let [wrong, unknown, no_hash] = best.map(|d| d.as_secs_f64());
    assert!(
        unknown > no_hash * 4.0 && unknown > wrong * 0.25,
        "unknown {unknown:.4}s, wrong password {wrong:.4}s, no hash {no_hash:.4}s"
    );
}

#[test]
fn get_user_and_update_metadata_and_password() {
    let a = Auth::start("");
    let s = a.new_user("lee@example.org");
    let other = a.sign_in("lee@example.org", PASSWORD).body;
    let r = a.user(access(&s));
    assert_eq!(r.status, 200);
    assert_eq!(r.body["email"], "lee@example.org");

    let put = |body: serde_json::Value| {
        a.send(
            a.req(reqwest::Method::PUT, "/user")
                .bearer_auth(access(&s))
                .json(&body),
        )
    };
    let r = put(json!({"data": {"theme": "dark", "nick": "L"}}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["user_metadata"]["theme"], "dark");
    let r = put(json!({"data": {"theme": null}}));
    assert!(
        r.body["user_metadata"].get("theme").is_none(),
        "null deletes"
    );
    assert_eq!(r.body["user_metadata"]["nick"], "L", "other keys stay");

    let r = put(json!({"password": "weak"}));
    assert_eq!((r.status, r.code()), (422, "weak_password"));
    let r = put(json!({"password": PASSWORD, "current_password": PASSWORD}));
    assert_eq!((r.status, r.code()), (422, "same_password"));
    let r = put(json!({"email": "new@example.org"}));
    assert_eq!((r.status, r.code()), (422, "validation_failed"));

    let r = put(json!({"password": "N3w!password", "current_password": PASSWORD}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(a.sign_in("lee@example.org", PASSWORD).status, 400);
    assert_eq!(a.sign_in("lee@example.org", "N3w!password").status, 200);
    assert_eq!(a.user(access(&s)).status, 200, "this session stays");
    let r = a.user(access(&other));
    assert_eq!(
        (r.status, r.code()),
        (403, "session_not_found"),
        "other sessions end"
    );
    assert_eq!(a.refresh(refresh_token(&other)).status, 400);
}

#[test]
fn signups_can_be_switched_off() {
    let a = Auth::start("[auth]\ndisable_signup = true\n");
    assert_eq!(a.get("/settings", None).body["disable_signup"], true);
    let r = a.signup("new@example.org", PASSWORD, json!({}));
    assert_eq!((r.status, r.code()), (422, "signup_disabled"));
    // Checked before the body is read, as GoTrue does.
    let r = a.send(
        a.req(reqwest::Method::POST, "/signup")
            .header("content-type", "application/json")
            .body("{oops"),
    );
    assert_eq!(r.code(), "signup_disabled");
}

#[test]
fn accounts_and_the_signing_key_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    let start = || {
        auth_support::Auth::from_server(common::Server::start_with(common::Options {
            data_dir: Some(data_dir.clone()),
            ..Default::default()
        }))
    };
    let a = start();
    let s = a.new_user("keep@example.org");
    let key = data_dir.join(solace::auth::KEY_FILE);
    let mode = std::fs::metadata(&key).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    drop(a);
    let a = start();
    assert_eq!(a.user(access(&s)).status, 200, "old tokens still verify");
    assert_eq!(a.sign_in("keep@example.org", PASSWORD).status, 200);
}

#[test]
fn an_unreadable_signing_key_stops_the_start_with_a_clear_message() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    std::fs::create_dir_all(&data).unwrap();
    std::fs::set_permissions(&data, std::fs::Permissions::from_mode(0o700)).unwrap();
    std::fs::write(data.join(solace::auth::KEY_FILE), b"not a key").unwrap();
    let (status, _, stderr) =
        common::run(&["--data-dir", data.to_str().unwrap(), "--port", "0"], &[]);
    assert!(!status.success());
    assert!(stderr.contains("signing key"), "{stderr}");
}
