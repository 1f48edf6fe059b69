//! Advocates' accounts and pairing (docs/advocates.md): the operator's command, two-step sign-in before
//! anything, each kind of account kept out of the other's area, and pairing codes that work once, for an
//! hour, and end with the advocate.

use crate::auth_support;
use crate::common;

use auth_support::operator::{get, open_at};
use auth_support::{Auth, SITE, access, api, api_response};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::json;

pub(crate) fn advocates(a: &Auth, args: &[&str]) -> (bool, String, String) {
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let mut all = vec!["--data-dir", &dir, "--site-url", SITE, "advocates"];
    all.extend_from_slice(args);
    let (status, out, err) = common::run_beside(&a.server, &all, &[]);
    (status.success(), out, err)
}

/// Adds an advocate, opens the set-up link, and confirms an authenticator: the session's aal2 access token.
pub(crate) fn ready_advocate(a: &Auth, email: &str, name: &str) -> String {
    let (ok, out, err) = advocates(a, &["add", email, "--name", name]);
    assert!(ok, "{err}");
    let path = out
        .trim()
        .strip_prefix(&format!("{SITE}/auth/v1"))
        .unwrap()
        .to_string();
    let pairs = open_at(a, &path, "/advocate");
    let first = get(&pairs, "access_token").unwrap().to_string();
    auth_support::totp::second_step(a, &first)
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

/// Which side of the area an account is on is its role (`users.role`), asked as every /api route asks it,
/// not whether the advocates' table has a row for it. The two states below are written into the database
/// by hand: an advocate's role without its row is what a crash between `advocates add`'s two writes left
/// (they were two transactions); a survivor's role with a row no code path makes.
#[test]
fn the_side_of_the_area_is_the_account_s_role() {
    let a = Auth::start("");
    let advocate = ready_advocate(&a, "asha@example.org", "Asha");
    let session = a.new_user("her@example.org");
    let (her, her_id) = (access(&session), session["user"]["id"].as_str().unwrap());
    let db = rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap();
    db.execute(
        "DELETE FROM advocates WHERE account_id = (SELECT id FROM users WHERE email = 'asha@example.org')",
        [],
    )
    .unwrap();
    db.execute(
        "INSERT INTO advocates (account_id, name, created_at) VALUES (?1, 'Her', 't')",
        [her_id],
    )
    .unwrap();

    // The advocate's role keeps them out of her side, row or none.
    let (status, body) = api(&a, Method::GET, "/advocates", &advocate, None);
    assert_eq!((status, body["error"].as_str()), (403, Some("wrong_area")));
    // Her role keeps her out of the advocates' side and lets her into hers.
    let (status, body) = api(&a, Method::GET, "/advocate", her, None);
    assert_eq!((status, body["error"].as_str()), (403, Some("wrong_area")));
    let (status, body) = api(&a, Method::GET, "/advocates", her, None);
    assert_eq!(status, 200, "{body}");
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

/// Asha, an advocate with her key made, and her (a new account) paired with Asha: (Asha's token, hers,
/// Asha's advocate id).
pub(crate) fn her_with_asha(a: &Auth) -> (String, String, String) {
    let asha = ready_advocate(a, "asha@example.org", "Asha");
    let her = access(&a.new_user("her@example.org")).to_string();
    let asha_id = paired(a, &asha, &her);
    (asha, her, asha_id)
}

/// Pairs `her` with the advocate and returns the advocate's id.
pub(crate) fn paired(a: &Auth, advocate: &str, her: &str) -> String {
    let keys = json!({"public_key": "cHVibGlj", "wrapped_private_key": "d3JhcHBlZA"});
    if api(a, Method::GET, "/advocate", advocate, None).1["public_key"].is_null() {
        assert_eq!(
            api(a, Method::PUT, "/advocate/keys", advocate, Some(keys)).0,
            204
        );
    }
    let (_, made) = api(a, Method::POST, "/advocate/pairing-code", advocate, None);
    let (status, body) = api(
        a,
        Method::POST,
        "/advocates",
        her,
        Some(json!({"code": made["code"], "known_as": "M"})),
    );
    assert_eq!(status, 200, "{body}");
    body["id"].as_str().unwrap().to_string()
}

pub(crate) fn share(a: &Auth, her: &str, advocate_id: &str, id: &str, sealed: &[u8]) -> u16 {
    let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let body = json!({"id": id, "expires_at": tomorrow, "sealed": B64.encode(sealed)});
    api(
        a,
        Method::POST,
        &format!("/advocates/{advocate_id}/shares"),
        her,
        Some(body),
    )
    .0
}

pub(crate) fn data_dir_holds(a: &Auth, needle: &[u8]) -> bool {
    std::fs::read_dir(&a.server.data_dir)
        .unwrap()
        .flatten()
        .any(|f| {
            std::fs::read(f.path()).is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle))
        })
}

#[test]
fn only_her_advocate_opens_a_share_until_she_withdraws_it() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let ravi = ready_advocate(&a, "ravi@example.org", "Ravi");
    let stranger = access(&a.new_user("stranger@example.org")).to_string();
    let sealed = b"SEALED-SHARE-MARKER-7731";

    assert_eq!(
        share(&a, &stranger, &asha_id, "s0", sealed),
        404,
        "not paired, no share"
    );
    assert_eq!(share(&a, &her, &asha_id, "s1", sealed), 201);
    let (_, theirs) = api(&a, Method::GET, "/advocate/shares", &asha, None);
    assert_eq!(theirs["shares"][0]["id"], "s1");
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares", &ravi, None).1["shares"],
        json!([])
    );
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares/s1", &ravi, None).0,
        404
    );
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares/s1", &her, None).0,
        403
    );

    let (status, opened) = api(&a, Method::GET, "/advocate/shares/s1", &asha, None);
    assert_eq!(status, 200);
    assert_eq!(
        B64.decode(opened["sealed"].as_str().unwrap()).unwrap(),
        sealed
    );
    let (_, mine) = api(&a, Method::GET, "/advocates/shares", &her, None);
    assert!(
        mine["shares"][0]["opened_at"].is_string(),
        "she sees when it was opened: {mine}"
    );

    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/s1", &stranger, None).0,
        404
    );
    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/s1", &her, None).0,
        204
    );
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares/s1", &asha, None).0,
        404
    );
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares", &asha, None).1["shares"],
        json!([])
    );
    assert!(
        !data_dir_holds(&a, sealed),
        "a withdrawn share is gone from the disk"
    );
}

#[test]
fn a_share_ends_at_its_time_and_with_the_pairing() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let too_long = json!({"id": "x", "expires_at": chrono::Utc::now().timestamp_millis() + 400 * 86_400_000i64, "sealed": "eA=="});
    assert_eq!(
        api(
            &a,
            Method::POST,
            &format!("/advocates/{asha_id}/shares"),
            &her,
            Some(too_long)
        )
        .0,
        400
    );

    assert_eq!(share(&a, &her, &asha_id, "s1", b"first"), 201);
    let out = std::process::Command::new("sqlite3")
        .arg(a.server.data_dir.join("solace.db"))
        .arg("UPDATE advocate_shares SET expires_at = 1 WHERE id = 's1';")
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares", &asha, None).1["shares"],
        json!([])
    );
    assert_eq!(
        api(&a, Method::GET, "/advocate/shares/s1", &asha, None).0,
        404
    );
    let left = std::process::Command::new("sqlite3")
        .arg(a.server.data_dir.join("solace.db"))
        .arg("SELECT count(*) FROM advocate_shares;")
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&left.stdout).trim(),
        "0",
        "the expired share is deleted"
    );

    assert_eq!(share(&a, &her, &asha_id, "s2", b"second"), 201);
    assert_eq!(
        api(
            &a,
            Method::DELETE,
            &format!("/advocates/{asha_id}"),
            &her,
            None
        )
        .0,
        204
    );
    assert_eq!(
        api(&a, Method::GET, "/advocates/shares", &her, None).1["shares"],
        json!([])
    );
}

#[test]
fn her_sealed_label_is_listed_to_her_and_never_to_the_advocate() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let label = b"LABEL-SEALED-FOR-HER-ONLY";
    let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let post = |id: &str, label: &[u8]| {
        let body = json!({"id": id, "expires_at": tomorrow, "sealed": B64.encode(b"x"), "label": B64.encode(label)});
        api(
            &a,
            Method::POST,
            &format!("/advocates/{asha_id}/shares"),
            &her,
            Some(body),
        )
        .0
    };
    assert_eq!(post("s1", label), 201);
    assert_eq!(
        post("s2", &[7u8; 2049]),
        400,
        "a label is a line, not a file"
    );
    assert_eq!(
        share(&a, &her, &asha_id, "s3", b"y"),
        201,
        "a label is optional"
    );

    let (_, mine) = api(&a, Method::GET, "/advocates/shares", &her, None);
    assert_eq!(mine["shares"][0]["label"], B64.encode(label));
    assert!(mine["shares"][1].get("label").is_none(), "{mine}");
    let (_, theirs) = api(&a, Method::GET, "/advocate/shares", &asha, None);
    assert!(
        theirs["shares"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s.get("label").is_none()),
        "the advocate is never given her label: {theirs}"
    );
    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/s1", &her, None).0,
        204
    );
    assert!(!data_dir_holds(&a, label), "the label goes with the share");
}

#[test]
fn a_new_key_ends_old_shares_and_waits_for_her_to_confirm_it() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let sealed = b"SEALED-TO-THE-OLD-KEY-4410";
    assert_eq!(share(&a, &her, &asha_id, "old", sealed), 201);
    let (_, mine) = api(&a, Method::GET, "/advocates", &her, None);
    let old_key = mine["advocates"][0]["public_key"].clone();
    assert_eq!(mine["advocates"][0]["confirmed_key"], old_key);

    let new_key = B64.encode([9u8; 65]);
    let keys = json!({"public_key": new_key, "wrapped_private_key": "{\"v\":1}"});
    assert_eq!(
        api(&a, Method::PUT, "/advocate/keys", &asha, Some(keys)).0,
        204
    );
    assert_eq!(
        api(&a, Method::GET, "/advocates/shares", &her, None).1["shares"],
        json!([]),
        "what the old key sealed is gone"
    );
    assert!(!data_dir_holds(&a, sealed));
    let (_, mine) = api(&a, Method::GET, "/advocates", &her, None);
    assert_eq!(mine["advocates"][0]["public_key"], new_key);
    assert_eq!(
        mine["advocates"][0]["confirmed_key"], old_key,
        "not confirmed yet"
    );

    let confirm = |key: &serde_json::Value| {
        let path = format!("/advocates/{asha_id}/key-confirmed");
        api(
            &a,
            Method::POST,
            &path,
            &her,
            Some(json!({"public_key": key})),
        )
        .0
    };
    assert_eq!(confirm(&old_key), 404, "only the advocate's current key");
    assert_eq!(confirm(&json!(new_key)), 204);
    let (_, mine) = api(&a, Method::GET, "/advocates", &her, None);
    assert_eq!(mine["advocates"][0]["confirmed_key"], new_key);
}

/// No answer of the advocates' area may be kept by a browser or a proxy, and none loses the headers every
/// page has: each carries one `Cache-Control: no-store`, which src/http/security_headers.rs gives every /api
/// answer now that the advocates' routes no longer set it themselves, beside the other security headers.
/// Every route of both sides, answered and refused.
#[test]
fn no_answer_of_the_advocates_area_is_kept_by_the_browser() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let sealed = B64.encode(b"sealed");
    let send = |method, path: &str, token: &str, body| api_response(&a, method, path, token, body);
    let check = |r: reqwest::blocking::Response, status: u16, what: &str| {
        assert_eq!(r.status().as_u16(), status, "{what}");
        let all = |name: &str| -> Vec<String> {
            r.headers()
                .get_all(name)
                .iter()
                .map(|v| v.to_str().unwrap().to_string())
                .collect()
        };
        assert_eq!(all("cache-control"), ["no-store"], "{what}");
        assert_eq!(all("x-content-type-options"), ["nosniff"], "{what}");
        assert_eq!(all("referrer-policy"), ["no-referrer"], "{what}");
        r
    };
    let made = check(
        send(Method::POST, "/advocate/pairing-code", &asha, None),
        200,
        "POST /advocate/pairing-code",
    );
    let made: serde_json::Value = made.json().unwrap();
    let share = json!({"id": "s1", "expires_at": tomorrow, "sealed": sealed, "parts": 1});
    let keys = json!({"public_key": "cHVibGlj", "wrapped_private_key": "d3JhcHBlZA"});
    let code = json!({"code": made["code"]});
    let pair = json!({"code": made["code"], "known_as": "M"});
    let key = json!({"public_key": "cHVibGlj"});
    let shares = format!("/advocates/{asha_id}/shares");
    let confirm = format!("/advocates/{asha_id}/key-confirmed");
    let unpair = format!("/advocates/{asha_id}");
    for (method, path, token, body, status) in [
        (Method::GET, "/advocate", &asha, None, 200),
        (Method::GET, "/advocate", &her, None, 403),
        (Method::PUT, "/advocate/keys", &asha, Some(keys), 204),
        (Method::GET, "/advocates", &her, None, 200),
        (Method::POST, "/advocates/pairing", &her, Some(code), 200),
        (Method::POST, "/advocates", &her, Some(pair), 200),
        (Method::POST, confirm.as_str(), &her, Some(key), 204),
        (Method::POST, shares.as_str(), &her, Some(share), 201),
        (Method::GET, "/advocates/shares", &her, None, 200),
        (Method::GET, "/advocate/shares", &asha, None, 200),
        (Method::GET, "/advocate/shares/s1?from=x", &asha, None, 404),
        (Method::GET, "/advocate/shares/s1/parts/0", &asha, None, 404),
        (Method::DELETE, "/advocates/shares/s1", &her, None, 204),
        (Method::DELETE, unpair.as_str(), &her, None, 204),
        (Method::DELETE, unpair.as_str(), &her, None, 404),
    ] {
        let what = format!("{method} {path}");
        check(send(method, path, token, body), status, &what);
    }
    // A part, put and opened, as raw bytes.
    let share = json!({"id": "s2", "expires_at": tomorrow, "sealed": sealed, "parts": 1});
    let paired_again = paired(&a, &asha, &her);
    let path = format!("/advocates/{paired_again}/shares");
    assert_eq!(api(&a, Method::POST, &path, &her, Some(share)).0, 201);
    let put = a
        .http
        .put(a.server.url("/api/advocates/shares/s2/parts/0"))
        .bearer_auth(&her)
        .body(b"part".to_vec())
        .send()
        .unwrap();
    let got = a
        .http
        .get(a.server.url("/api/advocate/shares/s2/parts/0"))
        .bearer_auth(&asha)
        .send()
        .unwrap();
    check(put, 204, "PUT a part");
    check(got, 200, "GET a part");
}
