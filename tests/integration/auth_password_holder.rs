//! The person who knows her password, tried against the real binary: he must not be able to lock her out
//! with an authenticator of his own or with wrong codes, sign her out of her devices, keep using a
//! recovery link after her password changes, or find her deleted account on the server's disk. Clients
//! at different addresses are played through a trusted proxy's `X-Forwarded-For` (every test client is
//! really 127.0.0.1).

use crate::auth_support;
use crate::common;

use auth_support::operator::{get, open, recovery_path, users};
use auth_support::totp::*;
use auth_support::{Auth, PASSWORD, Reply, access, claims, refresh_token};
use reqwest::Method;
use serde_json::{Value, json};

const HERS: &str = "203.0.113.10";
const HIS: &str = "198.51.100.66";

/// A server that takes the client address from a proxy on loopback.
fn behind_proxy(extra: &str) -> Auth {
    Auth::start(&format!(
        "{extra}\n[server]\ntrusted_proxies = [\"127.0.0.1\"]\n"
    ))
}

fn from(a: &Auth, ip: &str, method: Method, path: &str, token: Option<&str>, body: Value) -> Reply {
    let mut rb = a
        .req(method, path)
        .header("x-forwarded-for", ip)
        .json(&body);
    if let Some(t) = token {
        rb = rb.bearer_auth(t);
    }
    a.send(rb)
}

fn sign_in_from(a: &Auth, ip: &str, email: &str, password: &str) -> Reply {
    let body = json!({"email": email, "password": password});
    from(
        a,
        ip,
        Method::POST,
        "/token?grant_type=password",
        None,
        body,
    )
}

fn prove_from(a: &Auth, ip: &str, token: &str, factor: &str, code: &str) -> Reply {
    let path = format!("/factors/{factor}/challenge");
    let ch = from(a, ip, Method::POST, &path, Some(token), json!({}));
    assert_eq!(ch.status, 200, "{}", ch.body);
    let body = json!({"challenge_id": ch.body["id"], "code": code});
    let path = format!("/factors/{factor}/verify");
    from(a, ip, Method::POST, &path, Some(token), body)
}

fn delete_factor(a: &Auth, token: &str, factor: &str) -> Reply {
    call(
        a,
        Method::DELETE,
        &format!("/factors/{factor}"),
        token,
        json!({}),
    )
}

/// He signs in with her password, adds his authenticator and confirms it.
fn plant_his_factor(a: &Auth, email: &str) -> (Value, String) {
    let his = a.sign_in(email, PASSWORD).body;
    let r = enroll(a, access(&his), "His phone");
    assert_eq!(r.status, 200, "{}", r.body);
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let r = prove(a, access(&his), &factor, &code(&secret, step_now()));
    assert_eq!(r.status, 200, "{}", r.body);
    (r.body, factor)
}

#[test]
fn an_authenticator_he_plants_can_be_removed_by_her_password_alone_for_days() {
    let a = Auth::start("");
    a.new_user("amal@example.org");
    let (his, factor) = plant_his_factor(&a, "amal@example.org");

    // She signs in with her password: only the first step, so her records stay closed...
    let hers = a.sign_in("amal@example.org", PASSWORD).body;
    assert_eq!(claims(access(&hers))["aal"], "aal1");
    assert_eq!(a.vault_secret_status(access(&hers)), 401);
    // ...but she is told, with the date it was added and until when she can undo it.
    let listed = &a.user(access(&hers)).body["factors"][0];
    assert_eq!(listed["id"], factor.as_str());
    assert!(listed["verified_at"].is_string(), "{listed}");
    let until = listed["removable_without_code_until"].as_str().unwrap();
    let until = chrono::DateTime::parse_from_rfc3339(until).unwrap();
    let days = (until.timestamp() - chrono::Utc::now().timestamp()) / 86_400;
    assert!((6..=7).contains(&days), "{until}");

    // Removing it needs no code; her records open again and his session loses its second step.
    let r = delete_factor(&a, access(&hers), &factor);
    assert_eq!(r.status, 200, "{}", r.body);
    let hers = a.refresh(refresh_token(&hers)).body;
    assert_eq!(a.vault_secret_status(access(&hers)), 200);
    let his = a.refresh(refresh_token(&his)).body;
    assert_eq!(claims(access(&his))["aal"], "aal1");
    assert!(
        a.server
            .logs_once_logged("removed without its code")
            .contains("confirmed in the last days")
    );
}

#[test]
fn after_the_grace_days_only_the_code_or_the_operators_recovery_link_removes_a_factor() {
    let a = Auth::start("");
    a.new_user("bina@example.org");
    let (_, factor) = plant_his_factor(&a, "bina@example.org");
    let db = rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap();
    db.execute(
        "UPDATE mfa_factors SET verified_at = ?1",
        [(chrono::Utc::now() - chrono::Duration::days(8)).to_rfc3339()],
    )
    .unwrap();

    let hers = a.sign_in("bina@example.org", PASSWORD).body;
    assert!(a.user(access(&hers)).body["factors"][0]["removable_without_code_until"].is_null());
    let r = delete_factor(&a, access(&hers), &factor);
    assert_eq!((r.status, r.code()), (422, "insufficient_aal"));

    // The operator, having checked it is her, hands her a recovery link: that session may remove it.
    let pairs = open(&a, &recovery_path(&a, "bina@example.org"));
    let token = get(&pairs, "access_token").unwrap().to_string();
    let r = delete_factor(&a, &token, &factor);
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(a.user(&token).body["factors"].is_null());
}

#[test]
fn his_wrong_codes_do_not_stop_her_right_code_from_her_own_phone() {
    let a = behind_proxy("");
    a.new_user("chitra@example.org");
    // She adds her authenticator from her phone (that address has now passed it).
    let s = sign_in_from(&a, HERS, "chitra@example.org", PASSWORD).body;
    let r = from(
        &a,
        HERS,
        Method::POST,
        "/factors",
        Some(access(&s)),
        json!({"factor_type": "totp", "friendly_name": "Mine"}),
    );
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let step = step_now();
    let r = prove_from(&a, HERS, access(&s), &factor, &code(&secret, step));
    assert_eq!(r.status, 200, "{}", r.body);
    let her_aal2 = r.body;

    // He has her password and guesses codes from his own address until he is refused.
    let his = sign_in_from(&a, HIS, "chitra@example.org", PASSWORD).body;
    for guess in ["000000", "111111", "222222", "333333", "444444"] {
        let r = prove_from(&a, HIS, access(&his), &factor, guess);
        assert_eq!(r.code(), "mfa_verification_failed", "{}", r.body);
    }
    let r = prove_from(&a, HIS, access(&his), &factor, "555555");
    assert_eq!(r.status, 429, "{}", r.body);
    // A fresh session of his, from his address, is refused too: too many wrong codes from strangers.
    // Its first wrong code is the sixth from strangers (over `verify_per_factor`); then it waits.
    let his_next = sign_in_from(&a, HIS, "chitra@example.org", PASSWORD).body;
    let r = prove_from(&a, HIS, access(&his_next), &factor, "666666");
    assert_eq!(r.code(), "mfa_verification_failed", "{}", r.body);
    let r = prove_from(&a, HIS, access(&his_next), &factor, "777777");
    assert_eq!(r.status, 429, "{}", r.body);

    // His aal1 session cannot sign her out of her devices either.
    let r = from(
        &a,
        HIS,
        Method::POST,
        "/logout?scope=global",
        Some(access(&his)),
        json!({}),
    );
    assert_eq!(r.status, 204, "{}", r.body);
    assert_eq!(
        a.user(access(&her_aal2)).status,
        200,
        "her aal2 session lives"
    );
    assert_eq!(
        a.user(access(&his_next)).status,
        403,
        "his other aal1 session ended"
    );

    // Her phone signs in again and her next code works.
    let hers = sign_in_from(&a, HERS, "chitra@example.org", PASSWORD).body;
    let r = prove_from(
        &a,
        HERS,
        access(&hers),
        &factor,
        &code(&secret, next_step(step)),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(claims(access(&r.body))["aal"], "aal2");
}

#[test]
fn a_recovery_link_dies_when_the_password_changes_or_the_account_is_disabled() {
    let a = Auth::start("");
    let s = a.new_user("dina@example.org");

    // She changes her password herself after the operator made a link.
    let link = recovery_path(&a, "dina@example.org");
    let r = a.send(
        a.req(Method::PUT, "/user")
            .bearer_auth(access(&s))
            .json(&json!({"password": "An0ther!pass", "current_password": PASSWORD})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(get(&open(&a, &link), "error_code"), Some("otp_expired"));

    // The operator changes it through the admin API.
    let link = recovery_path(&a, "dina@example.org");
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let (status, key, err) = common::run(&["--data-dir", &dir, "service-key"], &[]);
    assert!(status.success(), "{err}");
    let id = s["user"]["id"].as_str().unwrap();
    let r = a.send(
        a.req(Method::PUT, &format!("/admin/users/{id}"))
            .bearer_auth(key.trim())
            .json(&json!({"password": "Thi4d!pass"})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(get(&open(&a, &link), "error_code"), Some("otp_expired"));

    // The account is disabled.
    let link = recovery_path(&a, "dina@example.org");
    let (status, _, err) = users(&a, &["disable", "dina@example.org"]);
    assert!(status.success(), "{err}");
    let (status, _, err) = users(&a, &["enable", "dina@example.org"]);
    assert!(status.success(), "{err}");
    assert_eq!(get(&open(&a, &link), "error_code"), Some("otp_expired"));
}

/// Every file of the data directory that holds any of `needles`, with the needle.
fn files_holding(dir: &std::path::Path, needles: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let bytes = std::fs::read(entry.path()).unwrap_or_default();
        for n in needles {
            if bytes.windows(n.len()).any(|w| w == n.as_bytes()) {
                found.push(format!("{}: {n}", entry.path().display()));
            }
        }
    }
    found
}

#[test]
fn a_deleted_account_leaves_nothing_readable_on_the_disk() {
    let mut a = Auth::start("");
    let marker = "a-note-only-esha-wrote";
    let r = a.signup(
        "esha.unique@example.org",
        PASSWORD,
        json!({"remember": marker}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = a.sign_in("esha.unique@example.org", PASSWORD).body["user"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    // Some other life in the database, so deleted pages are not simply the last ones.
    for n in 0..20 {
        a.new_user(&format!("other{n}@example.org"));
    }
    let (status, _, err) = users(&a, &["delete", "esha.unique@example.org", "--yes"]);
    assert!(status.success(), "{err}");

    let needles = ["esha.unique", id.as_str(), marker];
    let dir = a.server.data_dir.clone();
    assert_eq!(
        files_holding(&dir, &needles),
        Vec::<String>::new(),
        "while running"
    );
    a.server.signal("TERM");
    assert!(a.server.wait().success());
    assert_eq!(
        files_holding(&dir, &needles),
        Vec::<String>::new(),
        "after a stop"
    );
}

#[test]
fn her_own_deletion_is_gone_from_the_disk_too() {
    let a = Auth::start("");
    let s = a.new_user("farah.unique@example.org");
    let id = s["user"]["id"].as_str().unwrap().to_string();
    let r = a.send(
        a.req(Method::POST, "/user/delete")
            .bearer_auth(access(&s))
            .json(&json!({"password": PASSWORD})),
    );
    assert_eq!(r.status, 204, "{}", r.body);
    let found = files_holding(&a.server.data_dir, &["farah.unique", id.as_str()]);
    assert_eq!(found, Vec::<String>::new());
}

#[test]
fn behind_a_trusted_proxy_wrong_passwords_slow_only_the_guesser() {
    let a = Auth::start_raw(
        "[auth.rate_limit]\ntoken_per_email = 5\n[server]\ntrusted_proxies = [\"127.0.0.0/8\"]\n",
    );
    a.new_user("gita@example.org");
    assert_eq!(
        sign_in_from(&a, HERS, "gita@example.org", PASSWORD).status,
        200
    );
    for _ in 0..5 {
        let r = sign_in_from(&a, HIS, "gita@example.org", "wrong-Pass1!");
        assert_eq!(r.code(), "invalid_credentials");
    }
    assert_eq!(
        sign_in_from(&a, HIS, "gita@example.org", PASSWORD).status,
        429
    );
    assert_eq!(
        sign_in_from(&a, HERS, "gita@example.org", PASSWORD).status,
        200
    );
}

#[test]
fn without_a_trusted_proxy_a_forwarded_header_chooses_nothing() {
    let a = Auth::start_raw("[auth.rate_limit]\ntoken_per_email = 5\n");
    // new_user signs in once: with four wrong tries, five from this one client.
    a.new_user("hema@example.org");
    for n in 0..4 {
        let r = sign_in_from(
            &a,
            &format!("192.0.2.{n}"),
            "hema@example.org",
            "wrong-Pass1!",
        );
        assert_eq!(r.code(), "invalid_credentials");
    }
    // A new made-up address does not buy another try: the header is not read from this client.
    let r = sign_in_from(&a, "192.0.2.99", "hema@example.org", PASSWORD);
    assert_eq!(r.status, 429, "{}", r.body);
}

#[test]
fn the_admin_api_keeps_user_metadata_within_its_bound_across_changes() {
    let a = Auth::start("");
    let s = a.new_user("isha@example.org");
    let id = s["user"]["id"].as_str().unwrap();
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let (_, key, _) = common::run(&["--data-dir", &dir, "service-key"], &[]);
    // Each change alone is well within the bound; three together are not.
    let piece = solace::auth::rules::metadata::METADATA_MAX_BYTES * 2 / 5;
    let put = |field: &str| {
        a.send(
            a.req(Method::PUT, &format!("/admin/users/{id}"))
                .bearer_auth(key.trim())
                .json(&json!({"user_metadata": {field: "x".repeat(piece)}})),
        )
    };
    assert_eq!(put("a").status, 200);
    assert_eq!(put("b").status, 200);
    let r = put("c");
    assert_eq!(
        (r.status, r.code()),
        (413, "request_entity_too_large"),
        "{}",
        r.body
    );
    // What she has stays as it was, and her own small change still fits.
    let r = a.send(
        a.req(Method::PUT, "/user")
            .bearer_auth(access(&s))
            .json(&json!({"data": {"theme": "dark"}})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body["user_metadata"]["c"].is_null());
}

#[test]
fn service_key_narrows_a_signing_key_others_could_read_and_says_so() {
    use std::os::unix::fs::PermissionsExt;
    let a = Auth::start("");
    let key_file = std::fs::read_dir(&a.server.data_dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains("jwt-signing-key"))
        .unwrap();
    std::fs::set_permissions(&key_file, std::fs::Permissions::from_mode(0o644)).unwrap();
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let (status, key, err) = common::run(&["--data-dir", &dir, "service-key"], &[]);
    assert!(status.success(), "{err}");
    assert!(
        err.contains("other users of this machine could read the signing key"),
        "{err}"
    );
    let mode = std::fs::metadata(&key_file).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600);
    assert_eq!(a.get("/admin/users", Some(key.trim())).status, 200);
    // Once private, nothing more is said.
    let (_, _, err) = common::run(&["--data-dir", &dir, "service-key"], &[]);
    assert!(!err.contains("could read"), "{err}");
}
