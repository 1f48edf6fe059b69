//! What a hostile caller can no longer do to an account: grow its tokens
//! through `user_metadata`, rewrite it at will, lock the owner out with wrong passwords, fill the
//! data directory through `/authorize`, change the password with only a token, post sign-ups from another
//! web page, or read library internals in JWT errors. Each case goes through a real server.

use crate::auth_support;

use std::net::{IpAddr, Ipv4Addr};

use auth_support::{API_VERSION, Auth, PASSWORD, access, refresh_token};
use reqwest::blocking::Client;
use serde_json::{Value, json};

fn update(a: &Auth, token: &str, body: Value) -> auth_support::Reply {
    a.send(
        a.req(reqwest::Method::PUT, "/user")
            .bearer_auth(token)
            .json(&body),
    )
}

#[test]
fn large_metadata_is_refused_so_tokens_stay_small() {
    let a = Auth::start("");
    let s = a.new_user("big@example.org");
    let note = "x".repeat(60 * 1024);
    for _ in 0..2 {
        let r = update(&a, access(&s), json!({"data": {"note": note}}));
        assert_eq!((r.status, r.code()), (413, "request_entity_too_large"));
    }
    let r = a.signup("big2@example.org", PASSWORD, json!({"note": note}));
    assert_eq!((r.status, r.code()), (413, "request_entity_too_large"));

    let r = a.sign_in("big@example.org", PASSWORD);
    assert_eq!(r.status, 200);
    assert!(access(&r.body).len() < 4096, "the token stays small");

    let mut deep = json!(1);
    for _ in 0..10 {
        deep = json!([deep]);
    }
    let r = update(&a, access(&s), json!({"data": {"deep": deep}}));
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    let r = update(&a, access(&s), json!({"data": {"theme": "dark"}}));
    assert_eq!(r.status, 200, "small changes still work: {}", r.body);
}

#[test]
fn the_31st_rapid_update_of_one_account_is_refused() {
    let a = Auth::start("");
    let s = a.new_user("busy@example.org");
    for i in 0..30 {
        let r = update(&a, access(&s), json!({"data": {"n": i}}));
        assert_eq!(r.status, 200, "update {i}: {}", r.body);
    }
    let r = update(&a, access(&s), json!({"data": {"n": 31}}));
    assert_eq!((r.status, r.code()), (429, "over_request_rate_limit"));
    assert!(r.header("retry-after").is_some());
    let other = a.new_user("calm@example.org");
    let r = update(&a, access(&other), json!({"data": {"n": 1}}));
    assert_eq!(r.status, 200, "another account is not affected");
}

/// A client whose connections come from `ip` (any 127.x address reaches the loopback server).
fn client_from(ip: Ipv4Addr) -> Client {
    Client::builder()
        .local_address(IpAddr::V4(ip))
        .build()
        .unwrap()
}

fn sign_in_from(a: &Auth, http: &Client, password: &str) -> auth_support::Reply {
    a.send(
        http.post(a.url("/token?grant_type=password"))
            .header("X-Supabase-Api-Version", API_VERSION)
            .json(&json!({"email": "owner@example.org", "password": password})),
    )
}

#[test]
fn wrong_passwords_from_one_address_do_not_lock_the_owner_out() {
    let a = Auth::start_raw("[auth.rate_limit]\ntoken_per_ip = 0\n");
    a.new_user("owner@example.org");
    let attacker = client_from(Ipv4Addr::new(127, 0, 0, 2));
    for i in 0..30 {
        let r = sign_in_from(&a, &attacker, "Wr0ng!guess");
        assert_eq!(
            (r.status, r.code()),
            (400, "invalid_credentials"),
            "guess {i}"
        );
    }
    let r = sign_in_from(&a, &attacker, PASSWORD);
    assert_eq!(
        (r.status, r.code()),
        (429, "over_request_rate_limit"),
        "the guessing address waits, even with the right password"
    );
    let owner = client_from(Ipv4Addr::new(127, 0, 0, 3));
    let r = sign_in_from(&a, &owner, PASSWORD);
    assert_eq!(r.status, 200, "her device still signs in: {}", r.body);
}

#[test]
fn guesses_spread_over_many_addresses_leave_her_usual_device_working() {
    let a =
        Auth::start_raw("[auth.rate_limit]\ntoken_per_ip = 0\ntoken_per_email_all_sources = 3\n");
    a.new_user("owner@example.org");
    let usual = client_from(Ipv4Addr::new(127, 0, 0, 3));
    assert_eq!(sign_in_from(&a, &usual, PASSWORD).status, 200);
    for i in 4..8 {
        let guesser = client_from(Ipv4Addr::new(127, 0, 0, i));
        let r = sign_in_from(&a, &guesser, "Wr0ng!guess");
        assert_eq!(r.status, 400, "one guess from 127.0.0.{i}");
    }
    let stranger = client_from(Ipv4Addr::new(127, 0, 0, 9));
    let r = sign_in_from(&a, &stranger, PASSWORD);
    assert_eq!((r.status, r.code()), (429, "over_request_rate_limit"));
    let r = sign_in_from(&a, &usual, PASSWORD);
    assert_eq!(r.status, 200, "her usual device: {}", r.body);
}

#[test]
fn a_password_change_needs_the_current_password() {
    let a = Auth::start("");
    let s = a.new_user("change@example.org");
    let r = update(&a, access(&s), json!({"password": "N3w!password"}));
    assert_eq!((r.status, r.code()), (400, "current_password_required"));
    assert_eq!(
        r.body["message"],
        "Current password required when setting new password."
    );
    let r = update(
        &a,
        access(&s),
        json!({"password": "N3w!password", "current_password": "Wr0ng!guess"}),
    );
    assert_eq!((r.status, r.code()), (400, "current_password_invalid"));
    assert_eq!(a.sign_in("change@example.org", "N3w!password").status, 400);

    let r = update(
        &a,
        access(&s),
        json!({"password": "N3w!password", "current_password": PASSWORD}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(a.sign_in("change@example.org", "N3w!password").status, 200);
}

#[test]
fn a_session_from_a_recovery_link_sets_a_new_password_without_the_old_one() {
    let a = Auth::start("");
    let s = a.new_user("forgot@example.org");
    // What a recovery link's session looks like in the database (GoTrue's "recovery" method).
    let db = rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap();
    db.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    let id = auth_support::claims(access(&s))["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    db.execute(
        "UPDATE sessions SET amr_method = 'recovery' WHERE id = ?1",
        [id],
    )
    .unwrap();
    let r = update(&a, access(&s), json!({"password": "N3w!password"}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(a.sign_in("forgot@example.org", "N3w!password").status, 200);
}

#[test]
fn the_current_password_rule_can_be_switched_off() {
    let a = Auth::start("[auth]\nupdate_password_require_current_password = false\n");
    let s = a.new_user("nocheck@example.org");
    let r = update(&a, access(&s), json!({"password": "N3w!password"}));
    assert_eq!(r.status, 200, "{}", r.body);
}

#[test]
fn sign_up_and_sign_in_take_json_only() {
    let a = Auth::start("");
    let body = json!({"email": "form@example.org", "password": PASSWORD}).to_string();
    for ct in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        for path in ["/signup", "/token?grant_type=password"] {
            let r = a.send(
                a.req(reqwest::Method::POST, path)
                    .header("content-type", ct)
                    .body(body.clone()),
            );
            assert_eq!((r.status, r.code()), (400, "bad_json"), "{path} as {ct}");
        }
    }
    let r = a.send(
        a.req(reqwest::Method::POST, "/signup")
            .header("content-type", "application/json;charset=UTF-8")
            .body(body),
    );
    assert_eq!(r.status, 200, "what auth-js sends: {}", r.body);
}

#[test]
fn jwt_errors_use_gotrue_words_not_library_internals() {
    use base64::Engine;
    let b64 = |v: Value| {
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string().as_bytes())
    };
    let a = Auth::start("");
    let s = a.new_user("jwt@example.org");
    let claims = auth_support::claims(access(&s));
    let none = format!(
        "{}.{}.",
        b64(json!({"alg": "none", "typ": "JWT"})),
        b64(claims)
    );
    let mut tampered = access(&s).to_string();
    let at = tampered.rfind('.').unwrap() + 1;
    let flipped = if tampered[at..].starts_with('A') {
        "B"
    } else {
        "A"
    };
    tampered.replace_range(at..at + 1, flipped);
    for (token, reason) in [
        (
            none.as_str(),
            "token signature is invalid: signing method is invalid",
        ),
        ("not-a-jwt", "token is malformed"),
        (tampered.as_str(), "token signature is invalid"),
    ] {
        let r = a.user(token);
        assert_eq!((r.status, r.code()), (403, "bad_jwt"));
        assert_eq!(
            r.body["message"],
            format!("invalid JWT: unable to parse or verify signature, {reason}")
        );
    }
}

fn google_config(extra: &str) -> String {
    format!(
        "[auth.google]\nclient_id = \"id.apps.googleusercontent.com\"\nclient_secret = \"s3cret\"\n\
         authorize_url = \"http://127.0.0.1:9/auth\"\ntoken_url = \"http://127.0.0.1:9/token\"\n\
         userinfo_url = \"http://127.0.0.1:9/userinfo\"\n{extra}"
    )
}

fn flow_rows(a: &Auth) -> i64 {
    let db = rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap();
    db.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    db.query_row("SELECT COUNT(*) FROM oauth_flows", [], |r| r.get(0))
        .unwrap()
}

/// Bytes of every file in the data directory (the database, its write-ahead log, keys).
fn data_dir_bytes(a: &Auth) -> u64 {
    std::fs::read_dir(&a.server.data_dir)
        .unwrap()
        .flatten()
        .filter_map(|e| e.metadata().ok())
        .filter(|m| m.is_file())
        .map(|m| m.len())
        .sum()
}

#[test]
fn anonymous_authorize_floods_write_nothing_to_the_data_directory() {
    // The default per-address limit (30 a window): 250 addresses stay under it with 20 calls each.
    let a = Auth::start_raw(&google_config(""));
    let clients: Vec<Client> = (0..250u32)
        .map(|i| {
            Client::builder()
                .local_address(IpAddr::V4(Ipv4Addr::new(
                    127,
                    1,
                    (i / 200) as u8,
                    (i % 200 + 1) as u8,
                )))
                .redirect(reqwest::redirect::Policy::none())
                // Each client waits for 249 others between its requests: on a busy machine a round can
                // outlast the server's 5 s keep-alive, and a connection the server closes as the client
                // reuses it fails the request. Idle connections are dropped well before that instead.
                .pool_idle_timeout(std::time::Duration::from_secs(2))
                .build()
                .unwrap()
        })
        .collect();
    let before = data_dir_bytes(&a);
    for round in 0..20 {
        for http in &clients {
            let r = a.send(
                http.get(a.url("/authorize?provider=google"))
                    .header("X-Supabase-Api-Version", API_VERSION),
            );
            assert_eq!(r.status, 302, "round {round}: {}", r.body);
        }
    }
    let after = data_dir_bytes(&a);
    assert_eq!(
        after, before,
        "5,000 anonymous look-ups grew the data directory"
    );
    assert_eq!(flow_rows(&a), 0, "pending sign-ins are kept in memory");
}

#[test]
fn one_address_cannot_start_google_sign_in_without_end() {
    let a = Auth::start(&google_config(""));
    for _ in 0..30 {
        assert_eq!(a.get("/authorize?provider=google", None).status, 302);
    }
    let r = a.get("/authorize?provider=google", None);
    assert_eq!((r.status, r.code()), (429, "over_request_rate_limit"));
}

#[test]
fn the_token_before_the_active_one_gets_the_active_one_however_late() {
    let a = Auth::start("");
    let s = a.new_user("late@example.org");
    let first = refresh_token(&s).to_string();
    let second = a.refresh(&first);
    assert_eq!(second.status, 200);
    let active = refresh_token(&second.body).to_string();
    // Push every rotation a minute into the past, well past the 10 s reuse interval.
    let db = rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap();
    db.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    db.execute(
        "UPDATE refresh_tokens SET revoked_at = revoked_at - 60000 WHERE revoked_at IS NOT NULL",
        [],
    )
    .unwrap();

    let again = a.refresh(&first);
    assert_eq!(again.status, 200, "the app lost our answer: {}", again.body);
    assert_eq!(
        refresh_token(&again.body),
        active,
        "it gets the active token back"
    );

    // A token older than that is reuse: the session ends.
    let third = a.refresh(&active);
    assert_eq!(third.status, 200);
    db.execute(
        "UPDATE refresh_tokens SET revoked_at = revoked_at - 60000 WHERE revoked_at IS NOT NULL",
        [],
    )
    .unwrap();
    let r = a.refresh(&first);
    assert_eq!((r.status, r.code()), (400, "refresh_token_already_used"));
    let r = a.refresh(refresh_token(&third.body));
    assert_eq!(r.status, 400, "the whole session ended");
}
