//! `solace users ...` against a running server on the same data directory: what the operator sees and
//! what the person whose account it is notices (can't sign in, sessions gone, a link that works once).

use crate::auth_support;
use crate::common;

use auth_support::operator::{get, open, recovery_path, users, users_json};
use auth_support::{Auth, PASSWORD, SITE, access, claims, refresh_token};
use serde_json::{Value, json};

fn start() -> Auth {
    Auth::start("")
}

#[test]
fn list_masks_emails_unless_asked_and_speaks_json() {
    let auth = start();
    let (status, out, _) = users(&auth, &["list"]);
    assert!(status.success());
    assert!(out.contains("No accounts"), "{out}");
    auth.new_user("jane.doe@example.org");
    auth.new_user("sam@example.net");

    let (status, out, _) = users(&auth, &["list"]);
    assert!(status.success());
    assert!(
        out.contains("j***@example.org") && out.contains("s***@example.net"),
        "{out}"
    );
    assert!(!out.contains("jane.doe"), "{out}");

    let (_, out, _) = users(&auth, &["list", "--show-emails"]);
    assert!(out.contains("jane.doe@example.org"), "{out}");

    let v = users_json(&auth, &["list"]);
    let rows = v["users"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["email"], "j***@example.org");
    assert_eq!(rows[0]["disabled"], false);
    assert!(rows[0]["created_at"].is_string() && rows[0]["last_sign_in_at"].is_string());
    assert_eq!(rows[0]["providers"], json!(["email"]));
}

#[test]
fn show_finds_by_email_or_id_and_unknown_exits_1() {
    let auth = start();
    let session = auth.new_user("jane.doe@example.org");
    let id = session["user"]["id"].as_str().unwrap();
    let by_email = users_json(&auth, &["show", "  Jane.Doe@Example.org "]);
    assert_eq!(by_email["id"], id);
    assert_eq!(by_email["email"], "jane.doe@example.org");
    let by_id = users_json(&auth, &["show", id]);
    assert_eq!(by_id["email"], "jane.doe@example.org");

    let (status, out, err) = users(&auth, &["show", "nobody@example.org"]);
    assert_eq!(status.code(), Some(1));
    assert!(out.is_empty());
    assert!(
        err.contains("no account matches") && err.contains("nobody@example.org"),
        "{err}"
    );

    let (status, out, _) = users(&auth, &["show", "nobody@example.org", "--json"]);
    assert_eq!(status.code(), Some(1));
    let v: Value = serde_json::from_str(&out).unwrap();
    assert!(v["error"].as_str().unwrap().contains("no account"));

    for cmd in ["disable", "enable", "recovery-link"] {
        let (status, _, _) = users(&auth, &[cmd, "nobody@example.org"]);
        assert_eq!(status.code(), Some(1), "{cmd}");
    }
    let (status, _, _) = users(&auth, &["delete", "--yes", "nobody@example.org"]);
    assert_eq!(status.code(), Some(1));
}

#[test]
fn usage_mistakes_exit_2() {
    let auth = start();
    for args in [vec!["show"], vec!["frobnicate"], vec!["list", "--colour"]] {
        let (status, _, err) = users(&auth, &args);
        assert_eq!(status.code(), Some(2), "{args:?}: {err}");
    }
}

#[test]
fn a_disabled_account_cannot_sign_in_or_refresh_until_enabled() {
    let auth = start();
    let session = auth.new_user("jane@example.org");
    let v = users_json(&auth, &["disable", "jane@example.org"]);
    assert_eq!(v["result"], "disabled");

    // Her open sessions ended.
    let r = auth.user(access(&session));
    assert_eq!(r.status, 403, "{}", r.body);
    let r = auth.refresh(refresh_token(&session));
    assert_eq!(r.status, 400, "{}", r.body);

    // The right password gets GoTrue's banned answer.
    let r = auth.sign_in("jane@example.org", PASSWORD);
    assert_eq!((r.status, r.code()), (400, "user_banned"), "{}", r.body);
    assert_eq!(
        r.body["msg"].as_str().or(r.body["message"].as_str()),
        Some("User is banned")
    );
    // A wrong one still reads as wrong: the ban is not told to someone guessing.
    let r = auth.sign_in("jane@example.org", "Wrong!pass1");
    assert_eq!(r.code(), "invalid_credentials");
    assert_eq!(
        users_json(&auth, &["show", "jane@example.org"])["disabled"],
        true
    );

    let (status, out, _) = users(&auth, &["enable", "jane@example.org"]);
    assert!(status.success());
    assert!(out.contains("can sign in again"), "{out}");
    let r = auth.sign_in("jane@example.org", PASSWORD);
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn delete_asks_first_then_removes_the_account_and_its_sessions() {
    let auth = start();
    let session = auth.new_user("jane@example.org");
    auth.new_user("other@example.org");

    // No --yes and no "yes" typed (stdin is empty): nothing happens.
    let (status, _, err) = users(&auth, &["delete", "jane@example.org"]);
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("nothing was deleted"), "{err}");
    assert_eq!(auth.user(access(&session)).status, 200);

    let v = users_json(&auth, &["delete", "jane@example.org", "--yes"]);
    assert_eq!(v["result"], "deleted");
    let r = auth.user(access(&session));
    assert_eq!(r.status, 403, "{}", r.body);
    let r = auth.refresh(refresh_token(&session));
    assert_eq!(r.status, 400, "{}", r.body);
    assert_eq!(
        auth.sign_in("jane@example.org", PASSWORD).code(),
        "invalid_credentials"
    );
    let (status, _, _) = users(&auth, &["show", "jane@example.org"]);
    assert_eq!(status.code(), Some(1));
    // Everyone else is untouched.
    assert_eq!(
        users_json(&auth, &["list"])["users"]
            .as_array()
            .unwrap()
            .len(),
        1
    );
    // The address is free for a new account.
    auth.new_user("jane@example.org");
}

/// Creates a recovery link and returns its path on the test server.
#[test]
fn a_recovery_link_signs_in_once_and_lets_her_choose_a_new_password() {
    let auth = start();
    let id = auth.new_user("jane@example.org")["user"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let (status, out, err) = users(&auth, &["recovery-link", "jane@example.org"]);
    assert!(status.success(), "{err}");
    assert!(
        out.trim()
            .starts_with(&format!("{SITE}/auth/v1/verify?type=recovery&token=")),
        "{out}"
    );
    assert!(err.contains("works once"), "{err}");

    let path = recovery_path(&auth, "jane@example.org");
    let pairs = open(&auth, &path);
    assert_eq!(get(&pairs, "type"), Some("recovery"));
    assert_eq!(get(&pairs, "token_type"), Some("bearer"));
    let token = get(&pairs, "access_token").unwrap().to_string();
    assert!(get(&pairs, "refresh_token").is_some());
    let c = claims(&token);
    assert_eq!(c["sub"], id.as_str());
    assert_eq!(c["amr"][0]["method"], "recovery");

    // The recovery session sets a new password without the old one.
    let r = auth.send(
        auth.req(reqwest::Method::PUT, "/user")
            .bearer_auth(&token)
            .json(&json!({"password": "N3w!password"})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        auth.sign_in("jane@example.org", PASSWORD).code(),
        "invalid_credentials"
    );
    assert_eq!(auth.sign_in("jane@example.org", "N3w!password").status, 200);

    // Opened again, it is refused the way GoTrue refuses it.
    let pairs = open(&auth, &path);
    assert_eq!(get(&pairs, "error"), Some("access_denied"));
    assert_eq!(get(&pairs, "error_code"), Some("otp_expired"));
    assert!(
        get(&pairs, "error_description")
            .unwrap()
            .contains("expired")
    );
    assert!(get(&pairs, "access_token").is_none());
}

#[test]
fn expired_replaced_and_made_up_links_are_refused() {
    let auth = start();
    auth.new_user("jane@example.org");
    let first = recovery_path(&auth, "jane@example.org");
    let second = recovery_path(&auth, "jane@example.org");
    // Only the newest link handed over works.
    assert_eq!(get(&open(&auth, &first), "error_code"), Some("otp_expired"));

    // Move the second link's expiry into the past, as time would.
    let db = rusqlite::Connection::open(auth.server.data_dir.join(solace::db::FILE_NAME)).unwrap();
    db.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    assert_eq!(
        db.execute("UPDATE recovery_tokens SET expires_at = 0", [])
            .unwrap(),
        1
    );
    assert_eq!(
        get(&open(&auth, &second), "error_code"),
        Some("otp_expired")
    );

    let made_up = "/verify?type=recovery&token=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
    assert_eq!(
        get(&open(&auth, made_up), "error_code"),
        Some("otp_expired")
    );

    // Without a token it is a plain JSON error, as in GoTrue.
    let r = auth.get("/verify?type=recovery", None);
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
}

#[test]
fn a_disabled_account_gets_no_recovery_link_and_its_open_link_stops_working() {
    let auth = start();
    auth.new_user("jane@example.org");
    let path = recovery_path(&auth, "jane@example.org");
    users_json(&auth, &["disable", "jane@example.org"]);
    assert_eq!(get(&open(&auth, &path), "error_code"), Some("otp_expired"));
    let (status, _, err) = users(&auth, &["recovery-link", "jane@example.org"]);
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("disabled"), "{err}");
}

#[test]
fn the_link_lifetime_is_documented_and_configurable() {
    let (_, out, _) = common::run(&["generate-config"], &[]);
    assert!(out.contains("recovery_link_lifetime = \"1h\""), "{out}");
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, "[auth]\nrecovery_link_lifetime = \"0\"\n").unwrap();
    let (status, _, err) = common::run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    assert_eq!(status.code(), Some(2));
    assert!(err.contains("auth.recovery_link_lifetime"), "{err}");
}

#[test]
fn the_link_token_also_works_once_as_a_token_hash_for_post_verify() {
    let auth = start();
    auth.new_user("jane@example.org");
    let path = recovery_path(&auth, "jane@example.org");
    let token = url::form_urlencoded::parse(path.split_once('?').unwrap().1.as_bytes())
        .find(|(k, _)| k == "token")
        .unwrap()
        .1
        .into_owned();
    let body = json!({"type": "recovery", "token_hash": token});
    let r = auth.post("/verify", body.clone());
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(claims(access(&r.body))["amr"][0]["method"], "recovery");
    assert_eq!(r.body["user"]["email"], "jane@example.org");
    let r = auth.post("/verify", body);
    assert_eq!((r.status, r.code()), (403, "otp_expired"), "{}", r.body);
    // The GET link is used up too: one link, one sign-in.
    assert_eq!(get(&open(&auth, &path), "error_code"), Some("otp_expired"));
}

#[test]
fn without_a_database_it_says_so_and_creates_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path().to_str().unwrap();
    let (status, _, err) = common::run(&["--data-dir", d, "users", "list"], &[]);
    assert_eq!(status.code(), Some(1));
    assert!(err.contains("no database"), "{err}");
    assert!(!dir.path().join(solace::db::FILE_NAME).exists());
}

#[test]
fn list_shows_nothing_of_a_sign_in_name_unless_asked() {
    let auth = start();
    auth.new_user("quiet.river@sign-in.invalid");
    let (status, out, _) = users(&auth, &["list"]);
    assert!(status.success());
    assert!(out.contains("*** (sign-in name)"), "{out}");
    assert!(
        !out.contains("quiet") && !out.contains("sign-in.invalid"),
        "{out}"
    );
    let (_, out, _) = users(&auth, &["list", "--show-emails"]);
    assert!(out.contains("quiet.river@sign-in.invalid"), "{out}");
}
