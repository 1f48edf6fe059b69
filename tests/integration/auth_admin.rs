//! GoTrue's admin API under /auth/v1/admin/ against the real binary: closed without a service-role
//! token (`solace service-key`), and with one, each endpoint does what the operator expects and the
//! person whose account it is notices (deleted: signed out; banned: cannot sign in; a link works once).

use crate::auth_support;
use crate::common;

use auth_support::operator::service_key;
use auth_support::{Auth, PASSWORD, Reply, SITE, access, claims, refresh_token};
use reqwest::Method;
use serde_json::{Value, json};

fn start() -> Auth {
    Auth::start("")
}

fn admin(auth: &Auth, method: Method, path: &str, token: &str, body: Option<Value>) -> Reply {
    let mut rb = auth.req(method, path).bearer_auth(token);
    if let Some(b) = body {
        rb = rb.json(&b);
    }
    auth.send(rb)
}

#[test]
fn the_service_key_is_a_service_role_token_that_expires() {
    let auth = start();
    let key = service_key(&auth);
    let c = claims(&key);
    assert_eq!(c["role"], "service_role");
    assert_eq!(c["iss"], format!("{SITE}/auth/v1"));
    let years = (c["exp"].as_i64().unwrap() - c["iat"].as_i64().unwrap()) / (365 * 24 * 3600);
    assert!((9..=10).contains(&years), "{c}");
    assert!(
        c.get("sub").is_none() && c.get("session_id").is_none(),
        "{c}"
    );

    let dir = auth.server.data_dir.to_str().unwrap().to_string();
    let (status, out, _) = common::run(
        &[
            "--data-dir",
            &dir,
            "--site-url",
            SITE,
            "service-key",
            "--expires-in",
            "1h",
        ],
        &[],
    );
    assert!(status.success());
    let c = claims(out.trim());
    assert_eq!(
        c["exp"].as_i64().unwrap() - c["iat"].as_i64().unwrap(),
        3600
    );

    let empty = tempfile::tempdir().unwrap();
    let (status, out, err) = common::run(
        &["--data-dir", empty.path().to_str().unwrap(), "service-key"],
        &[],
    );
    assert!(!status.success() && out.is_empty(), "{out}");
    assert!(err.contains("start the server once"), "{err}");
    assert_eq!(
        std::fs::read_dir(empty.path()).unwrap().count(),
        0,
        "no key made"
    );

    let (_, help, _) = common::run(&["service-key", "--help"], &[]);
    assert!(help.contains("Keep it secret"), "{help}");
}

#[test]
fn without_a_service_role_token_every_admin_endpoint_is_closed() {
    let auth = start();
    let session = auth.new_user("jane@example.org");
    let id = session["user"]["id"].as_str().unwrap().to_string();
    let user_token = access(&session).to_string();
    let endpoints = [
        (Method::GET, "/admin/users".to_string()),
        (Method::POST, "/admin/users".to_string()),
        (Method::GET, format!("/admin/users/{id}")),
        (Method::PUT, format!("/admin/users/{id}")),
        (Method::DELETE, format!("/admin/users/{id}")),
        (Method::POST, "/admin/generate_link".to_string()),
    ];
    let body = json!({"email": "jane@example.org", "type": "recovery", "ban_duration": "1h"});
    for (method, path) in &endpoints {
        let r = auth.send(auth.req(method.clone(), path).json(&body));
        assert_eq!(
            (r.status, r.code()),
            (401, "no_authorization"),
            "{method} {path}"
        );

        let r = admin(&auth, method.clone(), path, &user_token, Some(body.clone()));
        assert_eq!((r.status, r.code()), (403, "not_admin"), "{method} {path}");
        assert_eq!(r.body["message"], "User not allowed");

        let r = admin(&auth, method.clone(), path, "not.a.jwt", Some(body.clone()));
        assert_eq!((r.status, r.code()), (403, "bad_jwt"), "{method} {path}");
    }
    // Nothing was changed by any of those calls.
    assert_eq!(auth.user(&user_token).status, 200);
    assert_eq!(auth.sign_in("jane@example.org", PASSWORD).status, 200);
    let logs = auth.server.logs_once_logged("admin API call refused");
    assert!(logs.contains("admin API call refused"), "{logs}");
}

#[test]
fn list_pages_newest_first_with_gotrue_headers() {
    let auth = start();
    let key = service_key(&auth);
    for n in 1..=3 {
        auth.new_user(&format!("user{n}@example.org"));
    }
    let r = admin(
        &auth,
        Method::GET,
        "/admin/users?page=1&per_page=2",
        &key,
        None,
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["aud"], "authenticated");
    let users = r.body["users"].as_array().unwrap();
    assert_eq!(users.len(), 2);
    assert_eq!(users[0]["email"], "user3@example.org");
    assert_eq!(r.header("x-total-count"), Some("3"));
    assert_eq!(
        r.header("link"),
        Some(
            "</auth/v1/admin/users?page=2&per_page=2>; rel=\"next\", \
             </auth/v1/admin/users?page=2&per_page=2>; rel=\"last\""
        )
    );
    let r = admin(
        &auth,
        Method::GET,
        "/admin/users?page=2&per_page=2",
        &key,
        None,
    );
    assert_eq!(r.body["users"][0]["email"], "user1@example.org");
    assert_eq!(
        r.header("link"),
        Some("</auth/v1/admin/users?page=2&per_page=2>; rel=\"last\"")
    );
    let r = admin(&auth, Method::GET, "/admin/users?page=x", &key, None);
    assert_eq!((r.status, r.code()), (400, "validation_failed"));

    let logs = auth.server.logs_once_logged("list_users");
    assert!(logs.contains("list_users"), "{logs}");
}

#[test]
fn create_get_and_update_an_account() {
    let auth = start();
    let key = service_key(&auth);
    let r = admin(
        &auth,
        Method::POST,
        "/admin/users",
        &key,
        Some(json!({
            "email": "Sam@Example.org", "password": PASSWORD, "email_confirm": true,
            "user_metadata": {"name": "Sam"},
        })),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_string();
    assert_eq!(r.body["email"], "sam@example.org");
    assert_eq!(r.body["user_metadata"]["name"], "Sam");
    assert!(r.body["email_confirmed_at"].is_string());
    assert!(r.body.get("banned_until").is_none());
    assert_eq!(r.body["identities"][0]["provider"], "email");
    assert_eq!(auth.sign_in("sam@example.org", PASSWORD).status, 200);

    let again = admin(
        &auth,
        Method::POST,
        "/admin/users",
        &key,
        Some(json!({"email": "sam@example.org"})),
    );
    assert_eq!((again.status, again.code()), (422, "email_exists"));
    let weak = admin(
        &auth,
        Method::POST,
        "/admin/users",
        &key,
        Some(json!({"email": "kim@example.org", "password": "short"})),
    );
    assert_eq!((weak.status, weak.code()), (422, "weak_password"));

    let got = admin(
        &auth,
        Method::GET,
        &format!("/admin/users/{id}"),
        &key,
        None,
    );
    assert_eq!(
        (got.status, got.body["email"].clone()),
        (200, json!("sam@example.org"))
    );
    let missing = admin(
        &auth,
        Method::GET,
        "/admin/users/6f1c2b1e-5a7d-4e2b-9a55-0b2f6a1d9c11",
        &key,
        None,
    );
    assert_eq!((missing.status, missing.code()), (404, "user_not_found"));
    let missing = admin(
        &auth,
        Method::PUT,
        "/admin/users/6f1c2b1e-5a7d-4e2b-9a55-0b2f6a1d9c11",
        &key,
        Some(json!({"password": PASSWORD})),
    );
    assert_eq!((missing.status, missing.code()), (404, "user_not_found"));
    let bad = admin(
        &auth,
        Method::GET,
        "/admin/users/sam@example.org",
        &key,
        None,
    );
    assert_eq!((bad.status, bad.code()), (404, "validation_failed"));

    let new_password = "An0ther!pass";
    let r = admin(
        &auth,
        Method::PUT,
        &format!("/admin/users/{id}"),
        &key,
        Some(json!({
            "email": "samira@example.org", "password": new_password,
            "user_metadata": {"name": null, "city": "Leeds"},
        })),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["email"], "samira@example.org");
    assert_eq!(r.body["user_metadata"], json!({"city": "Leeds"}));
    assert_eq!(r.body["identities"][0]["email"], "samira@example.org");
    assert_eq!(auth.sign_in("sam@example.org", PASSWORD).status, 400);
    assert_eq!(auth.sign_in("samira@example.org", new_password).status, 200);

    let logs = auth.server.logs_once_logged("update_user");
    assert!(logs.contains(&id) && logs.contains("update_user"), "{logs}");
    assert!(
        !logs.contains("samira@example.org"),
        "no addresses in the log"
    );
    assert!(!logs.contains(&key), "no token in the log");
}

#[test]
fn a_ban_stops_sign_in_ends_sessions_and_none_lifts_it() {
    let auth = start();
    let key = service_key(&auth);
    let session = auth.new_user("jane@example.org");
    let id = session["user"]["id"].as_str().unwrap().to_string();
    let path = format!("/admin/users/{id}");

    let r = admin(
        &auth,
        Method::PUT,
        &path,
        &key,
        Some(json!({"ban_duration": "24h"})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body["banned_until"].is_string(), "{}", r.body);
    let r = auth.sign_in("jane@example.org", PASSWORD);
    assert_eq!((r.status, r.code()), (400, "user_banned"));
    assert_eq!(auth.refresh(refresh_token(&session)).status, 400);

    let r = admin(
        &auth,
        Method::PUT,
        &path,
        &key,
        Some(json!({"ban_duration": "soon"})),
    );
    assert_eq!((r.status, r.code()), (400, "validation_failed"));

    let r = admin(
        &auth,
        Method::PUT,
        &path,
        &key,
        Some(json!({"ban_duration": "none"})),
    );
    assert_eq!(r.status, 200);
    assert!(r.body.get("banned_until").is_none(), "{}", r.body);
    assert_eq!(auth.sign_in("jane@example.org", PASSWORD).status, 200);
}

#[test]
fn delete_removes_the_account_and_ends_its_sessions() {
    let auth = start();
    let key = service_key(&auth);
    let session = auth.new_user("jane@example.org");
    let id = session["user"]["id"].as_str().unwrap().to_string();
    let path = format!("/admin/users/{id}");

    let r = admin(&auth, Method::DELETE, &path, &key, None);
    assert_eq!((r.status, r.body.clone()), (200, json!({})));
    assert_eq!(auth.user(access(&session)).status, 403);
    assert_eq!(auth.refresh(refresh_token(&session)).status, 400);
    assert_eq!(auth.sign_in("jane@example.org", PASSWORD).status, 400);
    let r = admin(&auth, Method::DELETE, &path, &key, None);
    assert_eq!((r.status, r.code()), (404, "user_not_found"));
}

#[test]
fn a_generated_recovery_link_works_once_through_verify() {
    let auth = start();
    let key = service_key(&auth);
    let id = auth.new_user("jane@example.org")["user"]["id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = admin(
        &auth,
        Method::POST,
        "/admin/generate_link",
        &key,
        Some(json!({"type": "recovery", "email": "Jane@example.org"})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["id"], id.as_str());
    assert_eq!(r.body["verification_type"], "recovery");
    assert_eq!(r.body["email_otp"], "");
    assert_eq!(r.body["redirect_to"], SITE);
    let link = r.body["action_link"].as_str().unwrap();
    let token = r.body["hashed_token"].as_str().unwrap();
    assert!(link.contains(token), "{link}");
    let path = link
        .strip_prefix(&format!("{SITE}/auth/v1"))
        .unwrap_or_else(|| panic!("{link}"));

    let open = || {
        let res = auth.http.get(auth.url(path)).send().unwrap();
        assert_eq!(res.status().as_u16(), 303);
        res.headers()["location"].to_str().unwrap().to_string()
    };
    let first = open();
    assert!(
        first.contains("access_token=") && first.contains("type=recovery"),
        "{first}"
    );
    let second = open();
    assert!(second.contains("error_code=otp_expired"), "{second}");

    let r = admin(
        &auth,
        Method::POST,
        "/admin/generate_link",
        &key,
        Some(json!({"type": "recovery", "email": "nobody@example.org"})),
    );
    assert_eq!((r.status, r.code()), (404, "user_not_found"));
    let logs = auth.server.logs_once_logged("generate_link");
    assert!(
        logs.contains("generate_link") && !logs.contains(token),
        "{logs}"
    );
}

#[test]
fn an_account_made_without_a_password_gets_one_through_a_generated_link() {
    let auth = start();
    let key = service_key(&auth);
    let r = admin(
        &auth,
        Method::POST,
        "/admin/users",
        &key,
        Some(json!({"email": "kim@example.org"})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let r = auth.sign_in("kim@example.org", PASSWORD);
    assert_eq!(
        (r.status, r.code()),
        (400, "invalid_credentials"),
        "no password, no way in"
    );

    let r = admin(
        &auth,
        Method::POST,
        "/admin/generate_link",
        &key,
        Some(json!({"type": "recovery", "email": "kim@example.org"})),
    );
    let token = r.body["hashed_token"].as_str().unwrap();
    let session = auth.post("/verify", json!({"type": "recovery", "token_hash": token}));
    assert_eq!(session.status, 200, "{}", session.body);
    let r = auth.send(
        auth.req(Method::PUT, "/user")
            .bearer_auth(access(&session.body))
            .json(&json!({"password": PASSWORD})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(auth.sign_in("kim@example.org", PASSWORD).status, 200);
}

#[test]
fn an_account_can_be_created_banned() {
    let auth = start();
    let key = service_key(&auth);
    let r = admin(
        &auth,
        Method::POST,
        "/admin/users",
        &key,
        Some(json!({"email": "kim@example.org", "password": PASSWORD, "ban_duration": "1h"})),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body["banned_until"].is_string(), "{}", r.body);
    let r = auth.sign_in("kim@example.org", PASSWORD);
    assert_eq!((r.status, r.code()), (400, "user_banned"));
}
