//! An alarm is never silently lost (docs/operator.md, "When alarms cannot be sent"): while the mail server is
//! down an alert is kept and tried again far past its first hour, `/health` says `degraded` with the
//! reason, the log says so at ERROR once (never with an address or her note), the operator is e-mailed
//! through the second mail server, and once mail works again the waiting alarms go at once, oldest first;
//! the operator's report counts them, and a test e-mail says whether it went or why not.
//! "Down" is a loopback port nothing listens on, until the test starts the real SMTP stand-in there; the
//! clock is moved in the database file, as the other check-in tests do.

use std::time::Duration;

use crate::auth_support::Auth;
use crate::checkin::{db, start, token};
use crate::checkin_support::{Smtp, config_for};
use crate::common::{Server, free_port, get_json};
use serde_json::{Value, json};

const SHORT: &str = "[checkin]\nmin_minutes = 1\n";
/// Each failed try of an alert e-mail logs this once (with the reason, never the address).
const TRIED: &str = "an alert e-mail could not be sent yet";
/// The ERROR line when alarms start failing (and, while it lasts, every quarter of an hour).
pub(crate) const FAILING: &str = "alarms are not being delivered";
const RESOLVED: &str = "alarm e-mail works again";

fn now() -> i64 {
    chrono::Utc::now().timestamp_millis()
}

/// Every running check-in runs out now.
fn run_out_all(server: &Server) {
    let past = now() - 1;
    db(server)
        .execute(
            "UPDATE checkins SET ends_at = ?1, next_try_at = ?1 WHERE state = 'running'",
            [past],
        )
        .unwrap();
}

/// A new account starts a check-in that e-mails `to`, with `note`, and returns her token.
fn checkin_to(a: &Auth, account: &str, note: &str, to: &str) -> String {
    let her = token(&a.new_user(account));
    start(a, &her, note, json!({"minutes": 1, "emails": [to]}));
    her
}

/// Her check-in, with her note, to her friend, runs out.
pub(crate) fn her_alarm_goes(a: &Auth) {
    checkin_to(
        a,
        "her@example.org",
        "At the bank on Ring Road",
        "friend@ring-road.example",
    );
    run_out_all(&a.server);
}

/// Waits until `n` failed tries have been logged in all.
fn tries_logged(server: &Server, n: usize) {
    server.wait_for_logs(TRIED, n, Duration::from_secs(30));
}

fn tries_so_far(server: &Server) -> usize {
    server.logs().lines().filter(|l| l.contains(TRIED)).count()
}

/// The controlled clock: `ms` pass for every alert waiting to be tried again.
fn time_passes(server: &Server, ms: i64) {
    db(server)
        .execute(
            "UPDATE checkins SET next_try_at = next_try_at - ?1, ends_at = ends_at - ?1,
             fell_due_at = fell_due_at - ?1, first_failed_at = first_failed_at - ?1,
             last_failed_at = last_failed_at - ?1 WHERE state = 'alerting'",
            [ms],
        )
        .unwrap();
}

fn report(server: &Server) -> Value {
    // The report reads through the database layer, as the console's does.
    let c = solace::db::open_for_command(&server.data_dir).unwrap();
    let report = solace::checkin::use_cases::alarm_report::read(&c, now()).unwrap();
    serde_json::to_value(report).unwrap()
}

fn waiting_addresses(server: &Server) -> i64 {
    db(server)
        .query_row(
            "SELECT count(*) FROM checkin_recipients WHERE told_at IS NULL",
            [],
            |r| r.get(0),
        )
        .unwrap()
}

#[test]
fn an_alarm_is_still_sent_after_the_mail_server_was_down_for_its_whole_first_hour() {
    let port = free_port();
    let a = Auth::start(&format!("{SHORT}{}", config_for(port)));
    her_alarm_goes(&a);
    a.server.wait_for_log(FAILING, Duration::from_secs(30));
    // Another account's alarm falls due during the outage, after hers.
    checkin_to(&a, "other@example.org", "", "sister@ring-road.example");
    run_out_all(&a.server);
    tries_logged(&a.server, 2);

    // Degraded, still 200 (a load balancer keeps the box), with the reason in plain words.
    let (status, health) = get_json(&a.server, "/health");
    assert_eq!(status, 200, "{health}");
    assert_eq!(health["status"], "degraded", "{health}");
    assert_eq!(health["database"], "ok");
    let reasons = health["reasons"].to_string();
    assert!(reasons.contains("could not be reached"), "{health}");
    // No counts or times for anyone who can reach /health: only that alarm e-mails fail.
    assert!(!reasons.chars().any(|c| c.is_ascii_digit()), "{health}");

    // An hour of tries passes (the clock moved in the database); the next tries fail too.
    let before = tries_so_far(&a.server);
    db(&a.server)
        .execute("UPDATE checkins SET tries = tries + 60", [])
        .unwrap();
    time_passes(&a.server, 3_600_000 + 15 * 60_000);
    tries_logged(&a.server, before + 2);
    assert_eq!(waiting_addresses(&a.server), 2, "an alarm was dropped");
    assert_eq!(get_json(&a.server, "/health").1["status"], "degraded");

    // Mail comes back; within the minute the oldest waiting alarm is tried, and goes; the other, whose
    // wait has grown to a quarter of an hour, goes at once after it.
    let smtp = Smtp::start_on(port);
    time_passes(&a.server, 60_000);
    let mail = smtp.next(30);
    assert_eq!(mail["to"], json!(["friend@ring-road.example"]));
    assert!(mail["body"].as_str().unwrap().contains("Ring Road"));
    assert_eq!(smtp.next(10)["to"], json!(["sister@ring-road.example"]));
    a.server.wait_for_log(RESOLVED, Duration::from_secs(30));
    assert_eq!(get_json(&a.server, "/health").1["status"], "ok");

    // Nothing in the log, all along, holds the address (not even masked) or her note.
    let logs = a.server.logs();
    assert!(!logs.contains("ring-road"), "{logs}");
    assert!(!logs.contains("Ring Road"), "{logs}");
}

#[test]
fn when_mail_returns_waiting_alarms_go_oldest_first_and_the_report_counts_them() {
    let port = free_port();
    let a = Auth::start(&format!("{SHORT}{}", config_for(port)));
    for i in 1..=3 {
        let (account, to) = (
            format!("her{i}@example.org"),
            format!("friend{i}@ring-road.example"),
        );
        checkin_to(&a, &account, "", &to);
    }
    let her = token(&a.new_user("her4@example.org"));
    start(
        &a,
        &her,
        "",
        json!({"minutes": 60, "emails": ["later@ring-road.example"]}),
    );
    db(&a.server)
        .execute(
            "UPDATE checkins SET ends_at = ?1, next_try_at = ?1 WHERE ends_at < ?2",
            [now() - 1, now() + 10 * 60_000],
        )
        .unwrap();
    tries_logged(&a.server, 3);

    // The clock: each alarm has waited a different time, the oldest not the first started, and each has
    // its next try at a different time, the youngest's wait not the longest.
    let c = db(&a.server);
    for (i, hours, wait) in [(2, 3, 1), (3, 2, 15), (1, 1, 4)] {
        c.execute(
            "UPDATE checkins SET fell_due_at = ?2, first_failed_at = ?2, next_try_at = ?3 WHERE id =
             (SELECT checkin_id FROM checkin_recipients WHERE address = ?1)",
            rusqlite::params![
                format!("friend{i}@ring-road.example"),
                now() - hours * 3_600_000,
                now() + wait * 60_000
            ],
        )
        .unwrap();
    }
    let during = report(&a.server);
    assert_eq!(during["running_checkins"], 1, "{during}");
    assert_eq!(during["problem"]["reason"], "unreachable", "{during}");
    assert_eq!(during["problem"]["waiting"], 3, "{during}");
    assert_eq!(during["day"]["retrying"], 3, "{during}");
    assert_eq!(during["day"]["sent"], 0, "{during}");
    let since = chrono::DateTime::parse_from_rfc3339(during["problem"]["since"].as_str().unwrap())
        .unwrap()
        .timestamp_millis();
    assert!((since - (now() - 3 * 3_600_000)).abs() < 60_000, "{during}");
    assert!(!during.to_string().contains("ring-road"));

    // Mail comes back while the timer is not looking; when it looks, all three are due.
    let smtp = Smtp::start_on(port);
    time_passes(&a.server, 16 * 60_000);
    let order: Vec<Value> = (0..3).map(|_| smtp.next(30)["to"][0].clone()).collect();
    assert_eq!(
        order,
        [
            "friend2@ring-road.example",
            "friend3@ring-road.example",
            "friend1@ring-road.example"
        ]
    );
    a.server.wait_for_log(RESOLVED, Duration::from_secs(30));
    let after = report(&a.server);
    assert_eq!(after["problem"], Value::Null, "{after}");
    assert_eq!(after["day"]["sent"], 3, "{after}");
    assert_eq!(after["week"]["sent"], 3, "{after}");
    assert_eq!(after["day"]["retrying"], 0, "{after}");
    assert_eq!(after["day"]["failed"], 0, "{after}");
}

#[test]
fn the_operator_is_e_mailed_through_the_second_mail_server_and_the_log_says_it_once() {
    let port = free_port();
    let ops = Smtp::start();
    let second = ops.config().replace("[email]", "[operator.email]");
    let a = Auth::start(&format!(
        "{SHORT}{}[operator]\nalert_email = \"ops@shelter.example\"\n{second}",
        config_for(port)
    ));
    her_alarm_goes(&a);
    let told = ops.next(30);
    assert_eq!(told["to"], json!(["ops@shelter.example"]));
    let body = told["body"].as_str().unwrap();
    assert!(body.contains("could not be reached"), "{body}");
    assert!(body.contains("Alarms waiting: 1"), "{body}");
    assert!(!body.contains("ring-road") && !body.contains("Ring Road") && !body.contains("her@"));

    // Three more failed tries within the quarter hour: no more ERROR lines, no more e-mails.
    for _ in 0..3 {
        let before = tries_so_far(&a.server);
        db(&a.server)
            .execute("UPDATE checkins SET next_try_at = ?1", [now() - 1])
            .unwrap();
        tries_logged(&a.server, before + 1);
    }
    let logs = a.server.logs();
    let failing: Vec<&str> = logs.lines().filter(|l| l.contains(FAILING)).collect();
    assert_eq!(failing.len(), 1, "{logs}");
    assert!(failing[0].contains("ERROR"), "{logs}");
    assert!(ops.next_within(1).is_none());
    assert!(!logs.contains("ring-road"), "{logs}");
}

#[test]
fn a_test_e_mail_says_it_went_or_why_not() {
    let smtp = Smtp::start();
    let up = solace::email::config::EmailConfig {
        smtp_url: format!("smtp://127.0.0.1:{}?tls=none", smtp.port),
        from: "Solace <alerts@solace.test>".into(),
        ..Default::default()
    };
    let down = solace::email::config::EmailConfig {
        smtp_url: format!("smtp://127.0.0.1:{}?tls=none", free_port()),
        ..up.clone()
    };
    let run = |config: &solace::email::config::EmailConfig, to: &str| {
        let mailer = solace::email::Mailer::from_config(config)
            .unwrap()
            .map(std::sync::Arc::new);
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let answer = rt.block_on(solace::checkin::use_cases::test_email::test_email(
            mailer, to,
        ));
        match answer {
            Ok(sent) => serde_json::to_value(sent).unwrap(),
            Err(e) => json!({"error": e.code(), "reason": e.reason()}),
        }
    };
    assert_eq!(run(&up, "ops@shelter.example"), json!({"sent": true}));
    let mail = smtp.next(10);
    assert_eq!(mail["to"], json!(["ops@shelter.example"]));
    assert!(mail["subject"].as_str().unwrap().contains("Test"));
    assert_eq!(
        run(&up, "unreachable@shelter.example"),
        json!({"error": "mail_failed", "reason": "refused"})
    );
    assert_eq!(
        run(&down, "ops@shelter.example"),
        json!({"error": "mail_failed", "reason": "unreachable"})
    );
    assert_eq!(
        run(&up, "not an address"),
        json!({"error": "invalid_request", "reason": null})
    );
}
