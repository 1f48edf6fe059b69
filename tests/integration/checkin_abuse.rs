//! Check-ins against someone who knows her password, or who signs up to use the server against others
//! (issue 34, items 2 to 4), against the real binary and the real SMTP stand-in: wrong PINs sent at once
//! are counted before any is checked; PINs checked at once wait for the password hashing threads; and the
//! duress PIN, test alerts and alarms cannot be made into a flood of e-mail that spams strangers or holds
//! up someone else's alarm.

use std::collections::HashMap;
use std::sync::{Arc, Barrier};

use crate::auth_support::{Auth, api};
use crate::checkin::{db, paired_advocate, start, token};
use crate::checkin_support::Smtp;
use crate::reliability_connections::status_kib;

use base64::Engine;
use reqwest::Method;
use serde_json::{Value, json};

const SHORT: &str = "[checkin]\nmin_minutes = 1\n";
const HER_PIN: &str = "2468";
const DURESS_PIN: &str = "1357";

/// POSTs every body to `/api{path}` as `token`, all at once: the answers, in order.
fn at_once(a: &Auth, path: &str, token: &str, bodies: Vec<Value>) -> Vec<(u16, Value)> {
    let requests = bodies.into_iter().map(|b| (token.to_string(), b));
    at_once_as(a, path, requests.collect())
}

/// POSTs each (token, body) to `/api{path}` at once (threads released together): the answers, in order.
pub(crate) fn at_once_as(
    a: &Auth,
    path: &str,
    requests: Vec<(String, Value)>,
) -> Vec<(u16, Value)> {
    let barrier = Arc::new(Barrier::new(requests.len()));
    let url = a.server.url(&format!("/api{path}"));
    let threads: Vec<_> = requests
        .into_iter()
        .map(|(token, body)| {
            let (barrier, http, url) = (barrier.clone(), a.http.clone(), url.clone());
            std::thread::spawn(move || {
                barrier.wait();
                let r = http
                    .post(url)
                    .bearer_auth(token)
                    .json(&body)
                    .send()
                    .unwrap();
                (r.status().as_u16(), r.json().unwrap_or(Value::Null))
            })
        })
        .collect();
    threads.into_iter().map(|t| t.join().unwrap()).collect()
}

/// How many answers carry each `/api` error code (`ok` for a 2xx).
pub(crate) fn codes(answers: &[(u16, Value)]) -> HashMap<String, usize> {
    let mut out = HashMap::new();
    for (status, body) in answers {
        let code = match status {
            200..=299 => "ok".to_string(),
            _ => body["error"].as_str().unwrap_or("?").to_string(),
        };
        *out.entry(code).or_insert(0) += 1;
    }
    out
}

fn user_id(session: &Value) -> String {
    session["user"]["id"].as_str().unwrap().to_string()
}

/// Moves the end of `account`'s running check-in just past (the controlled clock).
fn run_out_now(a: &Auth, account: &str) {
    let past = chrono::Utc::now().timestamp_millis() - 1;
    let changed = db(&a.server)
        .execute(
            "UPDATE checkins SET ends_at = ?1, next_try_at = ?1
             WHERE account_id = ?2 AND state = 'running'",
            rusqlite::params![past, account],
        )
        .unwrap();
    assert_eq!(changed, 1);
}

fn is_duress(mail: &Value) -> bool {
    mail["body"].as_str().unwrap().contains("asked for help")
}

fn is_overdue(mail: &Value) -> bool {
    mail["body"]
        .as_str()
        .unwrap()
        .contains("did not check in on time")
}

#[test]
fn wrong_pins_sent_at_once_are_never_more_than_five_checked() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let her = token(&a.new_user("her@example.org"));
    start(&a, &her, "forty guesses at once", json!({}));

    let answers = at_once(&a, "/checkin/end", &her, vec![json!({"pin": "0000"}); 40]);
    let seen = codes(&answers);
    assert_eq!(seen.get("wrong_pin"), Some(&5), "{seen:?}");
    // The others were refused unchecked: locked, or (while those five were being checked) busy.
    let refused = seen.get("pin_locked").unwrap_or(&0) + seen.get("server_busy").unwrap_or(&0);
    assert_eq!(refused, 35, "{seen:?}");
    // Locked: her own PIN no longer ends it, so the guesser cannot either.
    let right = json!({"pin": HER_PIN});
    let (status, body) = api(&a, Method::POST, "/checkin/end", &her, Some(right.clone()));
    assert_eq!((status, body["error"].as_str()), (403, Some("pin_locked")));
    let (_, status) = api(&a, Method::GET, "/checkin", &her, None);
    assert!(status["checkin"].is_object(), "it runs on to its end");

    // Her PIN among forty wrong ones, all at once: still at most five wrong ones are checked. Her PIN ends
    // the check-in if it was among the first five tries counted, and is refused as locked if not.
    let other = token(&a.new_user("other@example.org"));
    start(&a, &other, "her PIN among the guesses", json!({}));
    let mut bodies = vec![json!({"pin": "0000"}); 40];
    bodies.insert(20, right.clone());
    let answers = at_once(&a, "/checkin/end", &other, bodies);
    let seen = codes(&answers);
    assert!(seen.get("wrong_pin").copied().unwrap_or(0) <= 5, "{seen:?}");
    let (_, status) = api(&a, Method::GET, "/checkin", &other, None);
    match answers[20].0 {
        204 => assert!(status["checkin"].is_null(), "her PIN ended it"),
        _ => {
            let refused = answers[20].1["error"].as_str();
            assert!(
                matches!(refused, Some("pin_locked" | "server_busy")),
                "{:?}",
                answers[20]
            );
            let (_, body) = api(&a, Method::POST, "/checkin/end", &other, Some(right));
            assert_eq!(body["error"], "pin_locked");
        }
    }
}

#[test]
fn pins_checked_at_once_take_no_more_memory_than_the_password_hashing_threads() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    // Eight accounts, five right PINs each: more than five at once for one account would find its tries
    // all taken (the test above).
    let tokens: Vec<String> = (0..8)
        .map(|i| {
            let her = token(&a.new_user(&format!("her{i}@example.org")));
            start(&a, &her, "forty extensions at once", json!({}));
            her
        })
        .collect();
    let idle = status_kib(&a.server, "VmRSS");

    let extend = json!({"pin": HER_PIN, "minutes": 1});
    let requests = (0..40).map(|i| (tokens[i % tokens.len()].clone(), extend.clone()));
    // All wait for the pool's threads (it queues 64 per core before answering 503 `server_busy`).
    for (status, body) in at_once_as(&a, "/checkin/extend", requests.collect()) {
        assert_eq!(status, 200, "{body}");
    }

    // Argon2id needs 19 MiB a hash: the pool holds one buffer per core whatever the load. One buffer per
    // request (the unbounded way) took 2 GB here for 120 (the measure: 1,129 MiB in a release build).
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u64;
    let peak = status_kib(&a.server, "VmHWM");
    let allowed = idle + (cores * 19 + 64) * 1024;
    assert!(
        peak <= allowed,
        "idle {idle} KiB, peak {peak} KiB, allowed {allowed} KiB"
    );
}

#[test]
fn the_duress_pin_typed_again_and_again_alerts_each_person_once() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let session = a.new_user("her@example.org");
    let (her, her_id) = (token(&session), user_id(&session));
    let (advocate, advocate_id) = paired_advocate(&a, &her);
    let sealed = base64::engine::general_purpose::STANDARD.encode([7u8; 16 * 1024]);
    let emails = json!(["friend@example.org", "sister@example.org"]);
    let advocates = json!([{"id": advocate_id, "sealed": sealed}]);
    start(
        &a,
        &her,
        "he makes me type it",
        json!({"minutes": 1, "emails": emails, "advocates": advocates}),
    );

    // Twenty duress extensions, five at once and the rest one by one: each answers as her PIN would.
    let by_duress = json!({"pin": DURESS_PIN, "minutes": 1});
    let mut answers = at_once(&a, "/checkin/extend", &her, vec![by_duress.clone(); 5]);
    for _ in 0..15 {
        answers.push(api(
            &a,
            Method::POST,
            "/checkin/extend",
            &her,
            Some(by_duress.clone()),
        ));
    }
    assert!(
        answers
            .iter()
            .all(|(status, body)| *status == 200 && body["ends_at"].is_i64()),
        "{answers:?}"
    );
    let (status, by_pin) = api(
        &a,
        Method::POST,
        "/checkin/extend",
        &her,
        Some(json!({"pin": HER_PIN, "minutes": 1})),
    );
    assert_eq!(status, 200);
    assert_eq!(
        by_pin.as_object().unwrap().keys().collect::<Vec<_>>(),
        answers[0].1.as_object().unwrap().keys().collect::<Vec<_>>(),
        "the same answer as her PIN's"
    );

    // Then it runs out: its overdue alarm comes after every alert the duress PINs queued.
    run_out_now(&a, &her_id);
    let mut got: HashMap<(String, bool), usize> = HashMap::new();
    let mut overdue = 0;
    while overdue < 3 {
        let mail = smtp.next(30);
        let to = mail["to"][0].as_str().unwrap().to_string();
        if is_overdue(&mail) {
            overdue += 1;
        }
        *got.entry((to, is_duress(&mail))).or_insert(0) += 1;
    }
    for to in [
        "friend@example.org",
        "sister@example.org",
        "asha@example.org",
    ] {
        assert_eq!(got.get(&(to.into(), true)), Some(&1), "{to}: {got:?}");
        assert_eq!(got.get(&(to.into(), false)), Some(&1), "{to}: {got:?}");
    }
    let (_, alerts) = api(&a, Method::GET, "/advocate/alerts", &advocate, None);
    let mut kinds: Vec<_> = alerts["alerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|alert| alert["kind"].as_str().unwrap().to_string())
        .collect();
    kinds.sort();
    assert_eq!(kinds, ["duress", "overdue"], "one stored alert each");
}

#[test]
fn one_accounts_flood_does_not_hold_up_anothers_alarm() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("{SHORT}{}", smtp.config()));
    let him = token(&a.new_user("him@example.org"));
    let strangers: Vec<String> = (1..=5)
        .map(|i| format!("stranger{i}@example.org"))
        .collect();
    start(&a, &him, "spam", json!({"emails": strangers}));
    let session = a.new_user("her@example.org");
    let (her, her_id) = (token(&session), user_id(&session));
    start(
        &a,
        &her,
        "her real alarm",
        json!({"emails": ["friend@example.org"]}),
    );

    let by_duress = json!({"pin": DURESS_PIN, "minutes": 30});
    for _ in 0..10 {
        let (status, _) = api(
            &a,
            Method::POST,
            "/checkin/extend",
            &him,
            Some(by_duress.clone()),
        );
        assert_eq!(status, 200);
    }
    // His alerts are going out; now her check-in runs out.
    assert!(is_duress(&smtp.next(30)));
    run_out_now(&a, &her_id);
    // Her alarm arrives after at most what his one duress alert still had to send (four more e-mails).
    let mut before = 0;
    loop {
        let mail = smtp.next(30);
        if mail["to"][0] == "friend@example.org" {
            assert!(is_overdue(&mail), "{mail}");
            break;
        }
        before += 1;
    }
    assert!(before <= 4, "{before} of his e-mails went before her alarm");
}

#[test]
fn test_alerts_stop_at_the_daily_limits_and_a_running_check_in_still_alarms() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let her = token(&a.new_user("her@example.org"));
    start(
        &a,
        &her,
        "the real one",
        json!({"emails": ["friend@example.org"]}),
    );

    let test = |emails: Value| {
        api(
            &a,
            Method::POST,
            "/checkin/test",
            &her,
            Some(json!({"note": "testing", "emails": emails})),
        )
    };
    for _ in 0..4 {
        let (status, body) = test(json!(["friend@example.org"]));
        assert_eq!(status, 200, "{body}");
        assert_eq!(smtp.next(30)["subject"], "Test: a check-in alert");
    }
    let (status, body) = test(json!(["friend@example.org"]));
    assert_eq!(
        (status, body["error"].as_str()),
        (429, Some("send_limit")),
        "{body}"
    );
    let message = body["message"].as_str().unwrap();
    assert!(message.contains("f***@example.org"), "{message}");
    assert!(!message.contains("friend@"), "{message}");
    let limit = std::time::Duration::from_secs(10);
    a.server.wait_for_log("over the day's sending limit", limit);
    assert!(!a.server.logs().contains("friend@example.org"));

    // Her running check-in's alarm is never held back by the limit.
    let (status, _) = api(
        &a,
        Method::POST,
        "/checkin/end",
        &her,
        Some(json!({"pin": DURESS_PIN})),
    );
    assert_eq!(status, 204);
    let mail = smtp.next(30);
    assert!(
        mail["to"][0] == "friend@example.org" && is_duress(&mail),
        "{mail}"
    );

    // Across addresses, one account makes at most twenty test and alert e-mails a day: the one above,
    // four tests, three tests to five new addresses each, then one more to new addresses is refused.
    for round in 0..3 {
        let emails: Vec<String> = (0..5).map(|i| format!("p{round}{i}@example.org")).collect();
        let (status, body) = test(json!(emails));
        assert_eq!(status, 200, "{body}");
    }
    let (status, body) = test(json!(["someone.new@example.org"]));
    assert_eq!(
        (status, body["error"].as_str()),
        (429, Some("send_limit")),
        "{body}"
    );
}
