//! Sessions end on the server: after `auth.sessions_inactivity_timeout` without a refresh and
//! `auth.sessions_timebox` after sign-in, a refresh fails with GoTrue's `session_expired` (400) and the
//! access token of the ended session is refused on `/user` (403), as GoTrue does. Time is moved by
//! rewriting the session's timestamps in the database, so no test waits for a clock.

use crate::auth_support;

use auth_support::{Auth, access, refresh_token};
use rusqlite::params;

const MINUTE_MS: i64 = 60_000;

/// Moves the session's start and last refresh back by the given minutes.
fn age_session(a: &Auth, session: &serde_json::Value, started: i64, refreshed: Option<i64>) {
    let claims = auth_support::claims(access(session));
    let id = claims["session_id"].as_str().unwrap();
    let db = rusqlite::Connection::open(a.server.data_dir.join(solace::db::FILE_NAME)).unwrap();
    db.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
    let now = chrono::Utc::now().timestamp_millis();
    let changed = db
        .execute(
            "UPDATE sessions SET created_at = ?2, refreshed_at = ?3 WHERE id = ?1",
            params![
                id,
                now - started * MINUTE_MS,
                refreshed.map(|m| now - m * MINUTE_MS)
            ],
        )
        .unwrap();
    assert_eq!(changed, 1, "the session exists");
}

#[test]
fn the_defaults_end_a_session_after_30_idle_minutes_and_after_24_hours() {
    let defaults = solace::auth::rules::config::AuthConfig::default();
    assert_eq!(defaults.sessions_inactivity_timeout.0.as_secs(), 30 * 60);
    assert_eq!(defaults.sessions_timebox.0.as_secs(), 24 * 3600);
    assert_eq!(defaults.jwt_expiry_secs, 300);
}

#[test]
fn a_refresh_after_the_inactivity_limit_fails_with_session_expired() {
    let a = Auth::start("[auth]\nsessions_inactivity_timeout = \"30m\"\n");
    let s = a.new_user("idle@example.org");

    // Used 29 minutes ago: still alive, and the refresh counts as activity.
    age_session(&a, &s, 29, None);
    let r = a.refresh(refresh_token(&s));
    assert_eq!(r.status, 200, "{}", r.body);
    let s = r.body;

    // Last refreshed 31 minutes ago: ended.
    age_session(&a, &s, 40, Some(31));
    let r = a.refresh(refresh_token(&s));
    assert_eq!((r.status, r.code()), (400, "session_expired"), "{}", r.body);
    assert_eq!(
        r.body["message"],
        "Invalid Refresh Token: Session Expired (Inactivity)"
    );
    assert_eq!(r.header("x-sb-error-code"), Some("session_expired"));

    // Its access token, though not yet expired as a JWT, no longer opens /user.
    let r = a.user(access(&s));
    assert_eq!((r.status, r.code()), (403, "session_expired"), "{}", r.body);
    assert_eq!(r.body["message"], "Session is no longer valid");

    // Signing in again starts a fresh session.
    let r = a.sign_in("idle@example.org", auth_support::PASSWORD);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(a.user(access(&r.body)).status, 200);
}

#[test]
fn a_refresh_after_the_timebox_fails_however_active_the_session() {
    let a = Auth::start("[auth]\nsessions_timebox = \"24h\"\n");
    let s = a.new_user("timebox@example.org");
    age_session(&a, &s, 23 * 60, Some(1));
    let r = a.refresh(refresh_token(&s));
    assert_eq!(r.status, 200, "{}", r.body);
    let s = r.body;

    // Refreshed a minute ago, but signed in 24 hours and a minute ago.
    age_session(&a, &s, 24 * 60 + 1, Some(1));
    let r = a.refresh(refresh_token(&s));
    assert_eq!((r.status, r.code()), (400, "session_expired"), "{}", r.body);
    assert_eq!(r.body["message"], "Invalid Refresh Token: Session Expired");
    let r = a.user(access(&s));
    assert_eq!((r.status, r.code()), (403, "session_expired"));

    // The legacy error form carries the same code with its status.
    let legacy = a
        .http
        .post(a.url("/token?grant_type=refresh_token"))
        .json(&serde_json::json!({"refresh_token": refresh_token(&s)}))
        .send()
        .unwrap();
    assert_eq!(legacy.status().as_u16(), 400);
    let body: serde_json::Value = legacy.json().unwrap();
    assert_eq!(
        (&body["code"], &body["error_code"]),
        (
            &serde_json::json!(400),
            &serde_json::json!("session_expired")
        )
    );
}

#[test]
fn limits_set_to_0_never_end_a_session() {
    let a = Auth::start("[auth]\nsessions_inactivity_timeout = \"0\"\nsessions_timebox = \"0\"\n");
    let s = a.new_user("forever@example.org");
    age_session(&a, &s, 365 * 24 * 60, Some(364 * 24 * 60));
    let r = a.refresh(refresh_token(&s));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(a.user(access(&r.body)).status, 200);
}
