//! Check in with me (docs/checkin.md), against the real binary and a real SMTP server on loopback: a
//! check-in that runs out alerts by e-mail and to her advocate; her PIN ends it quietly; the duress PIN
//! answers the same and alerts at once; a test alert; the timer catching up after a restart; `[email]`
//! checked by `validate-config` and tried by `solace email test`. "Moving the clock" is moving a
//! check-in's end in the database file, as the session tests do, so no test waits for a minute to pass.

use crate::auth_support;
use crate::checkin_support;
use crate::common;

use auth_support::operator::{get, open_at};
use auth_support::totp::{code, enroll, prove, step_now};
use auth_support::{Auth, LIMITS_OFF, SITE, api};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use checkin_support::Smtp;
use common::{Options, Server};
use reqwest::Method;
use serde_json::{Value, json};

const SHORT: &str = "[checkin]\nmin_minutes = 1\n";

pub(crate) fn token(session: &Value) -> String {
    session["access_token"].as_str().unwrap().to_string()
}

/// An advocate with two-step sign-in and keys, paired with `her`: (advocate's token, advocate's id).
pub(crate) fn paired_advocate(a: &Auth, her: &str) -> (String, String) {
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let args = ["--data-dir", &dir, "--site-url", SITE, "advocates", "add"];
    let (ok, out, err) = common::run(
        &[&args[..], &["asha@example.org", "--name", "Asha"]].concat(),
        &[],
    );
    assert!(ok.success(), "{err}");
    let path = out.trim().strip_prefix(&format!("{SITE}/auth/v1")).unwrap();
    let first = get(&open_at(a, path, "/advocate"), "access_token")
        .unwrap()
        .to_string();
    let r = enroll(a, &first, "Work phone");
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let advocate = token(&prove(a, &first, &factor, &code(&secret, step_now())).body);
    let keys = json!({"public_key": "cHVibGlj", "wrapped_private_key": "d3JhcHBlZA"});
    assert_eq!(
        api(a, Method::PUT, "/advocate/keys", &advocate, Some(keys)).0,
        204
    );
    let (_, made) = api(a, Method::POST, "/advocate/pairing-code", &advocate, None);
    let pair = json!({"code": made["code"], "known_as": "M"});
    let (status, body) = api(a, Method::POST, "/advocates", her, Some(pair));
    assert_eq!(status, 200, "{body}");
    (advocate, body["id"].as_str().unwrap().to_string())
}

pub(crate) fn db(server: &Server) -> rusqlite::Connection {
    rusqlite::Connection::open(server.data_dir.join(solace::db::FILE_NAME)).unwrap()
}

/// Moves her running check-in's end `ms` into the past (the controlled clock).
pub(crate) fn run_out(server: &Server, ms: i64) {
    let past = chrono::Utc::now().timestamp_millis() - ms;
    let changed = db(server)
        .execute("UPDATE checkins SET ends_at = ?1, next_try_at = ?1", [past])
        .unwrap();
    assert_eq!(changed, 1);
}

/// A day passes for her overdue alarms kept for a late check-in (the controlled clock: the time they are
/// forgotten moved to now), and the timer forgets them. Nothing to wait for when none is kept.
pub(crate) fn a_day_passes(server: &Server) {
    let now = chrono::Utc::now().timestamp_millis();
    let kept = db(server)
        .execute(
            "UPDATE checkins SET next_try_at = ?1 WHERE state = 'told'",
            [now - 1],
        )
        .unwrap();
    if kept > 0 {
        let line = "a late check-in can no longer be made";
        let before = server.logs().lines().filter(|l| l.contains(line)).count();
        server.wait_for_logs(line, before + 1, std::time::Duration::from_secs(20));
    }
}

fn rows(server: &Server) -> i64 {
    db(server)
        .query_row(
            "SELECT (SELECT count(*) FROM checkins) + (SELECT count(*) FROM checkin_recipients)
             + (SELECT count(*) FROM checkin_advocate_notes)
             + (SELECT count(*) FROM checkin_advocate_mail)",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

pub(crate) fn start(a: &Auth, her: &str, note: &str, extra: Value) -> Value {
    let mut body = json!({"minutes": 30, "note": note, "emails": ["Friend@Example.org"],
                          "pin": "2468", "duress_pin": "1357"});
    body.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    let (status, started) = api(a, Method::POST, "/checkin", her, Some(body));
    assert_eq!(status, 201, "{started}");
    started
}

#[test]
fn a_check_in_that_runs_out_alerts_her_friend_and_her_advocate_then_forgets_them() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let her = token(&a.new_user("her@example.org"));
    let (advocate, advocate_id) = paired_advocate(&a, &her);

    let (_, offered) = api(&a, Method::GET, "/checkin", &her, None);
    assert_eq!(offered["email"], true);
    assert_eq!(offered["min_minutes"], 1);
    assert!(offered["checkin"].is_null());
    let sealed = B64.encode(b"sealed for Asha");
    let started = start(
        &a,
        &her,
        "Meeting him at the cafe on Park Street",
        json!({"minutes": 1, "advocates": [{"id": advocate_id, "sealed": sealed}]}),
    );
    assert_eq!(
        started["checkin"]["recipients"],
        json!(["friend@example.org"])
    );
    let (_, status) = api(&a, Method::GET, "/checkin", &her, None);
    assert_eq!(
        status["checkin"]["note"],
        "Meeting him at the cafe on Park Street"
    );

    run_out(&a.server, 1);
    let mail = smtp.next(30);
    assert_eq!(mail["to"], json!(["friend@example.org"]));
    assert_eq!(mail["subject"], "Please check on someone who trusts you");
    let body = mail["body"].as_str().unwrap();
    assert!(
        body.contains("Meeting him at the cafe on Park Street"),
        "{body}"
    );
    assert!(
        !body.contains("her@example.org"),
        "nothing of her account: {body}"
    );
    // Her advocate is e-mailed too, at the address the operator gave: that an alert waits, and where.
    let mail = smtp.next(30);
    assert_eq!(mail["to"], json!(["asha@example.org"]));
    assert_eq!(mail["subject"], "An alert is waiting for you");
    let body = mail["body"].as_str().unwrap();
    assert!(body.contains(&format!("{SITE}/advocate")), "{body}");
    for hers in ["Park Street", "her@example.org", "friend@example.org"] {
        assert!(!body.contains(hers), "nothing of hers: {body}");
    }

    a.server.wait_for_log(
        "a check-in alert was sent",
        std::time::Duration::from_secs(10),
    );
    let (_, alerts) = api(&a, Method::GET, "/advocate/alerts", &advocate, None);
    assert_eq!(
        alerts["email_to"], "asha@example.org",
        "the area says where else alerts go"
    );
    let alert = &alerts["alerts"][0];
    assert_eq!(
        (
            alert["kind"].as_str(),
            alert["known_as"].as_str(),
            alert["sealed"].as_str()
        ),
        (Some("overdue"), Some("M"), Some(sealed.as_str()))
    );
    // Kept a day for her late check-in (tests/integration/checkin_late.rs), then forgotten.
    assert!(
        rows(&a.server) > 0,
        "who was told is kept for her late check-in"
    );
    a_day_passes(&a.server);
    assert_eq!(rows(&a.server), 0, "note, addresses and PINs are gone");
    let (_, status) = api(&a, Method::GET, "/checkin", &her, None);
    assert!(status["checkin"].is_null());
    assert!(
        !a.server.logs().contains("friend@example.org"),
        "no full address in the log"
    );

    let id = alert["id"].as_str().unwrap();
    let path = format!("/advocate/alerts/{id}");
    assert_eq!(api(&a, Method::DELETE, &path, &advocate, None).0, 204);
    let (_, alerts) = api(&a, Method::GET, "/advocate/alerts", &advocate, None);
    assert_eq!(alerts["alerts"], json!([]));
    let (status, refused) = api(&a, Method::GET, "/advocate/alerts", &her, None);
    assert_eq!(
        (status, refused["error"].as_str()),
        (403, Some("wrong_area"))
    );
}

#[test]
fn her_pin_ends_it_quietly_and_the_duress_pin_answers_the_same_but_alerts_at_once() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let her = token(&a.new_user("her@example.org"));
    let started = start(&a, &her, "first: ended with her PIN", json!({}));
    let ends_at = started["checkin"]["ends_at"].as_i64().unwrap();

    let wrong = json!({"pin": "0000"});
    let (status, body) = api(&a, Method::POST, "/checkin/end", &her, Some(wrong));
    assert_eq!((status, body["error"].as_str()), (403, Some("wrong_pin")));
    let extend = json!({"pin": "2468", "minutes": 20});
    let (status, body) = api(&a, Method::POST, "/checkin/extend", &her, Some(extend));
    assert_eq!(status, 200, "{body}");
    assert!(body["ends_at"].as_i64().unwrap() >= ends_at + 20 * 60_000);
    let (by_pin, quiet) = api(
        &a,
        Method::POST,
        "/checkin/end",
        &her,
        Some(json!({"pin": "2468"})),
    );
    assert_eq!(by_pin, 204);
    assert_eq!(rows(&a.server), 0);

    start(&a, &her, "second: the duress PIN", json!({}));
    let (by_duress, loud) = api(
        &a,
        Method::POST,
        "/checkin/end",
        &her,
        Some(json!({"pin": "1357"})),
    );
    assert_eq!(
        (by_duress, &loud),
        (by_pin, &quiet),
        "the same answer on her screen"
    );
    let (_, status) = api(&a, Method::GET, "/checkin", &her, None);
    assert!(status["checkin"].is_null());
    // The first check-in sent nothing: the first e-mail to arrive is the duress alert.
    let mail = smtp.next(30);
    assert!(
        mail["body"]
            .as_str()
            .unwrap()
            .contains("second: the duress PIN"),
        "{mail}"
    );
    assert!(
        mail["body"].as_str().unwrap().contains("asked for help"),
        "{mail}"
    );

    // Too many wrong PINs and the check-in runs to its end whatever is typed.
    start(&a, &her, "third", json!({}));
    for _ in 0..5 {
        let r = api(
            &a,
            Method::POST,
            "/checkin/end",
            &her,
            Some(json!({"pin": "9999"})),
        );
        assert_eq!(r.0, 403);
    }
    let (_, body) = api(
        &a,
        Method::POST,
        "/checkin/end",
        &her,
        Some(json!({"pin": "2468"})),
    );
    assert_eq!(body["error"], "pin_locked");
}

#[test]
fn a_test_alert_reaches_every_channel_and_says_it_is_a_test() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let her = token(&a.new_user("her@example.org"));
    let (advocate, advocate_id) = paired_advocate(&a, &her);
    let body = json!({"note": "Testing before Friday", "emails": ["friend@example.org"],
                      "advocates": [{"id": advocate_id, "sealed": B64.encode(b"x")}]});
    let (status, sent) = api(&a, Method::POST, "/checkin/test", &her, Some(body));
    assert_eq!(status, 200, "{sent}");
    assert_eq!(
        sent["emails"],
        json!([{"to": "friend@example.org", "accepted": true}])
    );
    assert_eq!(
        sent["advocates"],
        json!([{"id": advocate_id, "delivered": true, "emailed": true}])
    );
    let mail = smtp.next(10);
    assert!(
        mail["subject"].as_str().unwrap().starts_with("Test"),
        "{mail}"
    );
    let mail = smtp.next(10);
    assert_eq!(
        (&mail["to"], mail["subject"].as_str()),
        (
            &json!(["asha@example.org"]),
            Some("Test: an alert is waiting for you")
        )
    );
    let (_, alerts) = api(&a, Method::GET, "/advocate/alerts", &advocate, None);
    assert_eq!(alerts["alerts"][0]["kind"], "test");

    // Written in the language of her screen.
    let body = json!({"note": "Ring Road", "emails": ["friend@example.org"], "language": "hi"});
    assert_eq!(
        api(&a, Method::POST, "/checkin/test", &her, Some(body)).0,
        200
    );
    let mail = smtp.next(10);
    assert!(
        mail["subject"].as_str().unwrap().starts_with("जाँच"),
        "{mail}"
    );
    assert!(
        mail["body"]
            .as_str()
            .unwrap()
            .contains("उनका संदेश:\r\nRing Road"),
        "{mail}"
    );
}

#[test]
fn without_email_the_choice_is_not_offered() {
    let a = Auth::start("");
    let her = token(&a.new_user("her@example.org"));
    let (_, offered) = api(&a, Method::GET, "/checkin", &her, None);
    assert_eq!(
        (offered["email"].as_bool(), offered["min_minutes"].as_i64()),
        (Some(false), Some(15))
    );
    let body = json!({"minutes": 30, "emails": ["friend@example.org"], "pin": "2468"});
    let (status, refused) = api(&a, Method::POST, "/checkin", &her, Some(body));
    assert_eq!(
        (status, refused["error"].as_str()),
        (400, Some("email_unavailable"))
    );
    let body = json!({"minutes": 5, "emails": [], "pin": "2468"});
    let (status, refused) = api(&a, Method::POST, "/checkin", &her, Some(body));
    assert_eq!(status, 400, "{refused}");
    assert!(refused["message"].as_str().unwrap().contains("15 to 1440"));
    // Her advocate's area says its alerts reach them there only.
    let (advocate, _) = paired_advocate(&a, &her);
    let (_, alerts) = api(&a, Method::GET, "/advocate/alerts", &advocate, None);
    assert_eq!(alerts["email_to"], Value::Null);
}

#[test]
fn an_alert_that_fell_due_while_the_server_was_down_is_sent_at_start_and_logged() {
    let smtp = Smtp::start();
    let dir = tempfile::tempdir().unwrap();
    let options = || Options {
        config: Some(format!("{LIMITS_OFF}{}", smtp.config())),
        data_dir: Some(dir.path().join("data")),
        ..Default::default()
    };
    let mut a = Auth::from_server(Server::start_with(options()));
    let her = token(&a.new_user("her@example.org"));
    start(&a, &her, "Gone to the court at ten", json!({}));
    a.server.signal("TERM");
    assert!(a.server.wait().success());

    run_out(&a.server, 45 * 60_000);
    a = Auth::from_server(Server::start_with(options()));
    let line = a.server.wait_for_log(
        "fell due while the server was down",
        std::time::Duration::from_secs(10),
    );
    assert!(line.contains("most_late_minutes=45"), "{line}");
    let mail = smtp.next(30);
    assert!(
        mail["body"]
            .as_str()
            .unwrap()
            .contains("Gone to the court at ten")
    );
    a.server.wait_for_log(
        "a check-in alert was sent",
        std::time::Duration::from_secs(10),
    );
    a_day_passes(&a.server);
    assert_eq!(rows(&a.server), 0);
}

#[test]
fn validate_config_checks_the_email_section_and_email_test_sends() {
    let dir = tempfile::tempdir().unwrap();
    let check = |text: &str| {
        let file = dir.path().join("solace.toml");
        std::fs::write(&file, text).unwrap();
        common::run(
            &["--config", file.to_str().unwrap(), "validate-config"],
            &[],
        )
    };
    let (status, _, err) =
        check("[email]\nsmtp_url = \"smtp://mail.example.org?tls=none\"\nfrom = \"a@b.org\"\n");
    assert_eq!(status.code(), Some(2));
    assert!(err.contains("email.smtp_url"), "{err}");
    let (status, _, err) =
        check("[email]\nsmtp_url = \"smtps://mail.example.org\"\nfrom = \"nobody\"\n");
    assert_eq!(
        (status.code(), err.contains("email.from")),
        (Some(2), true),
        "{err}"
    );
    let (status, _, err) = check(
        "[email]\nsmtp_url = \"smtps://mail.example.org\"\nfrom = \"a@b.org\"\nusername = \"solace\"\n",
    );
    assert_eq!(
        (status.code(), err.contains("email.username")),
        (Some(2), true),
        "{err}"
    );
    let secret = dir.path().join("smtp-password");
    std::fs::write(&secret, "s3cret\n").unwrap();
    let good = format!(
        "[email]\nsmtp_url = \"smtps://mail.example.org\"\nfrom = \"Solace <a@b.org>\"\nusername = \"solace\"\npassword_file = \"{}\"\n",
        secret.display()
    );
    let (status, out, err) = check(&good);
    assert!(status.success(), "{out}{err}");
    let (status, _, err) = check("[checkin]\nmin_minutes = 30\nmax_minutes = 20\n");
    assert_eq!(
        (status.code(), err.contains("checkin.max_minutes")),
        (Some(2), true),
        "{err}"
    );

    let smtp = Smtp::start();
    let file = dir.path().join("mail.toml");
    std::fs::write(&file, smtp.config()).unwrap();
    let args = [
        "--config",
        file.to_str().unwrap(),
        "email",
        "test",
        "operator@example.org",
    ];
    let (status, out, err) = common::run(&args, &[]);
    assert!(status.success(), "{out}{err}");
    assert!(
        out.contains("o***@example.org") && !out.contains("operator@"),
        "{out}"
    );
    let mail = smtp.next(10);
    assert_eq!(mail["to"], json!(["operator@example.org"]));
    assert_eq!(mail["from"], "alerts@solace.test");
    let (status, _, err) = common::run(&["email", "test", "operator@example.org"], &[]);
    assert_eq!(status.code(), Some(1), "{err}");
    assert!(err.contains("[email]"), "{err}");
}

#[test]
fn the_duress_pin_typed_to_extend_alerts_at_once_and_the_check_in_still_looks_extended() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let her = token(&a.new_user("her@example.org"));
    let started = start(&a, &her, "extended under duress", json!({}));
    let ends_at = started["checkin"]["ends_at"].as_i64().unwrap();

    let by_duress = json!({"pin": "1357", "minutes": 20});
    let (status, body) = api(&a, Method::POST, "/checkin/extend", &her, Some(by_duress));
    assert_eq!(status, 200, "{body}");
    let new_end = body["ends_at"].as_i64().unwrap();
    assert!(new_end >= ends_at + 20 * 60_000);
    let mail = smtp.next(30);
    let text = mail["body"].as_str().unwrap();
    assert!(
        text.contains("extended under duress") && text.contains("asked for help"),
        "{mail}"
    );

    // What she (or whoever watches) sees: the same check-in, running to its new end.
    let (_, status) = api(&a, Method::GET, "/checkin", &her, None);
    assert_eq!(status["checkin"]["ends_at"], new_end);
    assert_eq!(status["checkin"]["note"], "extended under duress");
    assert_eq!(
        status["checkin"]["recipients"],
        json!(["friend@example.org"])
    );
    a.server.wait_for_log(
        "a check-in alert was sent",
        std::time::Duration::from_secs(10),
    );
    // Only the running check-in is left, and her PIN ends it quietly.
    assert_eq!(
        db(&a.server)
            .query_row("SELECT count(*) FROM checkins", [], |r| r.get::<_, i64>(0))
            .unwrap(),
        1
    );
    let (ended, _) = api(
        &a,
        Method::POST,
        "/checkin/end",
        &her,
        Some(json!({"pin": "2468"})),
    );
    assert_eq!(ended, 204);
    assert_eq!(rows(&a.server), 0);
}

#[test]
fn a_test_alert_refuses_a_note_longer_than_a_check_in_takes() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let her = token(&a.new_user("her@example.org"));
    let long = "a".repeat(1001);
    let body = json!({"note": long, "emails": ["friend@example.org"]});
    let (status, refused) = api(&a, Method::POST, "/checkin/test", &her, Some(body));
    assert_eq!(
        (status, refused["error"].as_str()),
        (400, Some("invalid_request"))
    );
    let body = json!({"note": "a".repeat(1000), "emails": ["friend@example.org"]});
    let (status, sent) = api(&a, Method::POST, "/checkin/test", &her, Some(body));
    assert_eq!(status, 200, "{sent}");
    assert_eq!(smtp.next(30)["to"], json!(["friend@example.org"]));
}
