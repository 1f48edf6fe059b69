//! Checking in late (docs/checkin.md, "Checking in late"), against the real binary and a real SMTP server on
//! loopback: after her check-in ran out and its alarm went, her PIN tells everyone who was told, on each
//! channel that told them, that she has checked in, late, and shows her when they were told; the duress
//! PIN answers her screen the same but sends an alarm, never "safe"; an alarm e-mail still waiting to be
//! sent when she checks in late is not sent at all.

use std::time::Duration;

use crate::auth_support::{Auth, api};
use crate::checkin::{a_day_passes, db, paired_advocate, run_out, start, token};
use crate::checkin_support::Smtp;
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

const SHORT: &str = "[checkin]\nmin_minutes = 1\n";
const FRIEND_SAFE: &str = "Someone who trusts you has checked in";
const ADVOCATE_SAFE: &str = "An update is waiting for you";

fn end(a: &Auth, her: &str, pin: &str) -> (u16, Value) {
    api(
        a,
        Method::POST,
        "/checkin/end",
        her,
        Some(json!({ "pin": pin })),
    )
}

fn subject(mail: &Value) -> &str {
    mail["subject"].as_str().unwrap()
}

/// Every row a check-in keeps, across its tables.
fn kept(a: &Auth) -> i64 {
    db(&a.server)
        .query_row(
            "SELECT (SELECT count(*) FROM checkins) + (SELECT count(*) FROM checkin_recipients)
             + (SELECT count(*) FROM checkin_advocate_notes) + (SELECT count(*) FROM checkin_advocate_mail)",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

/// Waits until `n` alerts were sent (each writes one line).
fn wait_for_lines(a: &Auth, needle: &str, n: usize) {
    a.server.wait_for_logs(needle, n, Duration::from_secs(20));
}

/// Her check-in with her friend and her advocate ran out and both were told: (her token, advocate's token,
/// advocate's id).
fn alarm_went(a: &Auth, smtp: &Smtp) -> (String, String, String) {
    let her = token(&a.new_user("her@example.org"));
    let (advocate, advocate_id) = paired_advocate(a, &her);
    let sealed = B64.encode(b"sealed for Asha");
    start(
        a,
        &her,
        "At the court on Mall Road",
        json!({"minutes": 1, "advocates": [{"id": advocate_id, "sealed": sealed}]}),
    );
    run_out(&a.server, 1);
    let mut alarms: Vec<String> = (0..2).map(|_| smtp.next(30)["to"][0].to_string()).collect();
    alarms.sort();
    assert_eq!(alarms, ["\"asha@example.org\"", "\"friend@example.org\""]);
    wait_for_lines(a, "a check-in alert was sent", 1);
    (her, advocate, advocate_id)
}

#[test]
fn her_pin_after_the_alarm_tells_everyone_who_was_told_that_she_checked_in_late() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let (her, advocate, advocate_id) = alarm_went(&a, &smtp);

    // Her screen learns the alarm went and to whom, and still takes her PIN.
    let (_, status) = api(&a, Method::GET, "/checkin", &her, None);
    assert!(status["checkin"].is_null(), "{status}");
    let told = status["alarm"]["told"]
        .as_array()
        .expect("the alarm is shown");
    assert_eq!(told.len(), 2, "{status}");

    let (code, wrong) = end(&a, &her, "0000");
    assert_eq!((code, wrong["error"].as_str()), (403, Some("wrong_pin")));

    let (code, answer) = end(&a, &her, "2468");
    assert_eq!(code, 200, "{answer}");
    let now = chrono::Utc::now().timestamp_millis();
    let mut who: Vec<(String, String)> = answer["told"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let at = t["told_at"].as_i64().expect("when they were told");
            assert!(now - at < 60_000 && at <= now, "{t}");
            (
                t["channel"].as_str().unwrap().into(),
                t["to"].as_str().unwrap().into(),
            )
        })
        .collect();
    who.sort();
    assert_eq!(
        who,
        [
            ("advocate".to_string(), advocate_id.clone()),
            ("email".to_string(), "friend@example.org".to_string())
        ]
    );

    // Each person told gets the follow-up on the channel that told them: neutral, nothing of hers.
    let mut mails: Vec<Value> = (0..2).map(|_| smtp.next(30)).collect();
    mails.sort_by_key(|m| m["to"][0].to_string());
    assert_eq!(mails[0]["to"], json!(["asha@example.org"]));
    assert_eq!(subject(&mails[0]), ADVOCATE_SAFE);
    assert_eq!(mails[1]["to"], json!(["friend@example.org"]));
    assert_eq!(subject(&mails[1]), FRIEND_SAFE);
    for mail in &mails {
        let body = mail["body"].as_str().unwrap();
        assert!(body.contains("checked in, late"), "{body}");
        for hers in ["Mall Road", "her@example.org", "M "] {
            assert!(!body.contains(hers), "nothing of hers: {body}");
        }
    }
    let (_, alerts) = api(&a, Method::GET, "/advocate/alerts", &advocate, None);
    let kinds: Vec<&str> = alerts["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|x| x["kind"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds.iter().filter(|k| **k == "late").count(),
        1,
        "{alerts}"
    );
    assert_eq!(
        kinds.iter().filter(|k| **k == "overdue").count(),
        1,
        "{alerts}"
    );

    // Sent once: then everything of the check-in is gone, and her PIN finds nothing more to do.
    wait_for_lines(&a, "a check-in alert was sent", 2);
    assert_eq!(kept(&a), 0, "addresses, note and PINs are gone");
    let (code, none) = end(&a, &her, "2468");
    assert_eq!((code, none["error"].as_str()), (404, Some("no_checkin")));
    assert!(!a.server.logs().contains("friend@example.org"));
}

#[test]
fn the_duress_pin_after_the_alarm_answers_as_her_pin_does_but_never_says_she_is_safe() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let (her, _, _) = alarm_went(&a, &smtp);

    let (code, answer) = end(&a, &her, "1357");
    assert_eq!(code, 200, "{answer}");
    assert_eq!(
        answer["told"].as_array().unwrap().len(),
        2,
        "the screen her PIN gets: {answer}"
    );

    // The people told are asked for help now, with her note, as the duress PIN does while a check-in runs.
    let mut mails: Vec<Value> = (0..2).map(|_| smtp.next(30)).collect();
    mails.sort_by_key(|m| m["to"][0].to_string());
    assert!(
        mails[1]["body"]
            .as_str()
            .unwrap()
            .contains("asked for help")
            && mails[1]["body"].as_str().unwrap().contains("Mall Road"),
        "{}",
        mails[1]
    );
    assert_eq!(subject(&mails[0]), "An alert is waiting for you");
    wait_for_lines(&a, "a check-in alert was sent", 2);
    for mail in mails {
        assert!(
            ![FRIEND_SAFE, ADVOCATE_SAFE].contains(&subject(&mail)),
            "{mail}"
        );
    }
    assert_eq!(smtp.next_within(1), None, "nothing more, and never 'safe'");
    // Her PIN afterwards cannot turn it into "safe": the alarm is answered.
    let (code, none) = end(&a, &her, "2468");
    assert_eq!((code, none["error"].as_str()), (404, Some("no_checkin")));
    assert_eq!(kept(&a), 0);
}

#[test]
fn an_alarm_e_mail_still_waiting_when_she_checks_in_late_is_never_sent_and_nobody_untold_hears_safe()
 {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let her = token(&a.new_user("her@example.org"));
    start(
        &a,
        &her,
        "",
        json!({"minutes": 1, "emails": ["friend@example.org", "unreachable@example.org"]}),
    );
    run_out(&a.server, 1);
    assert_eq!(smtp.next(30)["to"], json!(["friend@example.org"]));
    a.server.wait_for_log(
        "an alert e-mail could not be sent yet",
        Duration::from_secs(20),
    );

    let (code, answer) = end(&a, &her, "2468");
    assert_eq!(code, 200, "{answer}");
    assert_eq!(answer["told"].as_array().unwrap().len(), 1, "{answer}");
    assert_eq!(answer["told"][0]["to"], "friend@example.org");
    let mail = smtp.next(30);
    assert_eq!(
        (mail["to"].clone(), subject(&mail)),
        (json!(["friend@example.org"]), FRIEND_SAFE)
    );
    wait_for_lines(&a, "a check-in alert was sent", 1);
    let waiting: i64 = db(&a.server)
        .query_row(
            "SELECT count(*) FROM checkin_recipients WHERE address LIKE 'unreachable%'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(waiting, 0, "the waiting alarm is cancelled, not sent late");
    assert_eq!(kept(&a), 0);
}

#[test]
fn an_alarm_nobody_answers_is_forgotten_after_a_day() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let (her, _, _) = alarm_went(&a, &smtp);
    assert!(kept(&a) > 0, "kept for her late check-in");
    a_day_passes(&a.server);
    assert_eq!(kept(&a), 0);
    let (_, status) = api(&a, Method::GET, "/checkin", &her, None);
    assert!(status["alarm"].is_null(), "{status}");
}

/// No answer about her check-in, or about her advocate's alerts, may be kept by a browser or a proxy: each
/// carries `Cache-Control: no-store`, which src/http/security_headers.rs gives every /api answer now that
/// the check-in's routes no longer set it themselves. Her status with an alarm, the advocate's alerts, a
/// test, her late check-in, a start, an extension, a wrong PIN and an end.
#[test]
fn no_answer_of_a_check_in_is_kept_by_the_browser() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let (her, advocate, advocate_id) = alarm_went(&a, &smtp);
    let sealed = B64.encode(b"sealed for Asha");
    let answer = |method: Method, path: &str, token: &str, body: Option<Value>| {
        let r = crate::auth_support::api_response(&a, method, path, token, body);
        let cache = r
            .headers()
            .get("cache-control")
            .map(|v| v.to_str().unwrap().to_string());
        (r.status().as_u16(), cache)
    };
    let pin = |pin: &str| Some(json!({ "pin": pin }));
    let test = json!({"emails": ["friend@example.org"], "advocates": [{"id": advocate_id, "sealed": sealed}]});
    let again = json!({"minutes": 30, "emails": ["friend@example.org"], "pin": "2468"});
    let extend = json!({"pin": "2468", "minutes": 5});
    for (method, path, token, body, status) in [
        (Method::GET, "/checkin", &her, None, 200),
        (Method::GET, "/advocate/alerts", &advocate, None, 200),
        (Method::POST, "/checkin/test", &her, Some(test), 200),
        (Method::POST, "/checkin/end", &her, pin("2468"), 200),
        (Method::POST, "/checkin", &her, Some(again), 201),
        (Method::POST, "/checkin/extend", &her, Some(extend), 200),
        (Method::POST, "/checkin/end", &her, pin("0000"), 403),
        (Method::POST, "/checkin/end", &her, pin("2468"), 204),
    ] {
        let what = format!("{method} {path} ({status})");
        assert_eq!(
            answer(method, path, token, body),
            (status, Some("no-store".to_string())),
            "{what}"
        );
    }
}
