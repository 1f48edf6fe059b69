//! Her check-in against someone who has her password (docs/checkin.md, "Nothing done to her account
//! silences it"), against the real binary and a real SMTP server on loopback: he cannot delete her account
//! or unpair her advocate while it runs; his password change, sign-out of every device and the operator's
//! ban leave it running to its alert; and when the operator deletes her account anyway (`solace users
//! delete`, the admin API), the alert goes at once and is not lost with the account.

use std::time::Duration;

use crate::auth_support;
use crate::checkin::{a_day_passes, db, paired_advocate, run_out, token};
use crate::checkin_support::Smtp;

use auth_support::operator::{service_key, users};
use auth_support::{Auth, PASSWORD, Reply, api};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

/// A server with e-mail, her account, and her 30-minute check-in running (her PIN 2468) that alerts
/// friend@example.org and, when asked, her paired advocate.
struct Running {
    smtp: Smtp,
    a: Auth,
    her: String,
    /// Her advocate's token and id.
    advocate: Option<(String, String)>,
    note: &'static str,
}

impl Running {
    fn start(note: &'static str, with_advocate: bool) -> Self {
        let smtp = Smtp::start();
        let a = Auth::start(&smtp.config());
        let her = token(&a.new_user("her@example.org"));
        let advocate = with_advocate.then(|| paired_advocate(&a, &her));
        let advocates: Vec<Value> = advocate
            .iter()
            .map(|(_, id)| json!({"id": id, "sealed": B64.encode(b"sealed for Asha")}))
            .collect();
        let body = json!({"minutes": 30, "note": note, "emails": ["friend@example.org"],
                          "advocates": advocates, "pin": "2468", "duress_pin": "1357"});
        let (status, started) = api(&a, Method::POST, "/checkin", &her, Some(body));
        assert_eq!(status, 201, "{started}");
        Self {
            smtp,
            a,
            her,
            advocate,
            note,
        }
    }

    /// Someone else signing in with her password, on his own device.
    fn his_token(&self) -> String {
        token(&self.a.sign_in("her@example.org", PASSWORD).body)
    }

    fn her_id(&self) -> String {
        auth_support::claims(&self.her)["sub"]
            .as_str()
            .unwrap()
            .to_string()
    }

    fn delete_own(&self, token: &str) -> Reply {
        let rb = self.a.req(Method::POST, "/user/delete").bearer_auth(token);
        self.a.send(rb.json(&json!({"password": PASSWORD})))
    }

    /// Waits for the alert: her friend's e-mail carries her note (its body is returned), and once the
    /// whole alert is sent (and, for an overdue one, a day has passed), the note, addresses and PINs are gone.
    fn alerted(&self) -> String {
        let mail = self.smtp.next(15);
        let body = mail["body"].as_str().unwrap().to_string();
        assert!(body.contains(self.note), "{mail}");
        self.a
            .server
            .wait_for_log("a check-in alert was sent", Duration::from_secs(10));
        // An overdue alarm is kept a day for her late check-in (checkin_late.rs); then it is gone too.
        a_day_passes(&self.a.server);
        let left: i64 = db(&self.a.server)
            .query_row(
                "SELECT (SELECT count(*) FROM checkins) + (SELECT count(*) FROM checkin_recipients)
                 + (SELECT count(*) FROM checkin_advocate_notes)",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(left, 0, "note, addresses and PINs are gone once sent");
        body
    }

    /// The (kind, known_as) of the advocate's newest alert.
    fn advocate_alert(&self) -> (String, String) {
        let (token, _) = self.advocate.as_ref().unwrap();
        let (_, alerts) = api(&self.a, Method::GET, "/advocate/alerts", token, None);
        let alert = &alerts["alerts"][0];
        let text = |k: &str| alert[k].as_str().unwrap_or_default().to_string();
        (text("kind"), text("known_as"))
    }
}

#[test]
fn with_her_password_he_cannot_delete_her_account_while_her_check_in_runs() {
    let r = Running::start("Going back for my papers", true);
    let refused = r.delete_own(&r.his_token());
    assert_eq!(
        (refused.status, refused.code()),
        (409, "checkin_running"),
        "{}",
        refused.body
    );
    assert!(
        refused.body["message"].as_str().unwrap().contains("PIN"),
        "the answer says why: {}",
        refused.body
    );
    let (_, status) = api(&r.a, Method::GET, "/checkin", &r.her, None);
    assert!(status["checkin"].is_object(), "it runs on: {status}");

    run_out(&r.a.server, 1);
    assert!(r.alerted().contains("have not checked in"));
    assert_eq!(r.advocate_alert(), ("overdue".into(), "M".into()));
    // Once no check-in runs, the account is hers to delete.
    let gone = r.delete_own(&r.her);
    assert_eq!(gone.status, 204, "{}", gone.body);
}

#[test]
fn ended_with_her_pin_the_account_can_be_deleted() {
    let r = Running::start("Meeting at noon", false);
    assert_eq!(r.delete_own(&r.her).status, 409);
    let end = json!({"pin": "2468"});
    let (ended, _) = api(&r.a, Method::POST, "/checkin/end", &r.her, Some(end));
    assert_eq!(ended, 204);
    assert_eq!(r.delete_own(&r.her).status, 204);
}

#[test]
fn the_operator_deleting_her_account_sends_her_alert_at_once_and_then_forgets_it() {
    let r = Running::start("At my sister's on Hill Road", true);
    // `solace users delete`, with half an hour of the check-in left.
    let (status, out, err) = users(&r.a, &["delete", "her@example.org", "--yes"]);
    assert!(status.success(), "{out}{err}");
    assert!(r.alerted().contains("stopped before its end"));
    assert!(
        err.contains("alert goes now"),
        "the operator is told: {err}"
    );
    assert_eq!(
        r.advocate_alert(),
        ("stopped".into(), "M".into()),
        "her advocate is told, by the name she chose"
    );
}

#[test]
fn the_admin_api_deleting_her_account_sends_her_alert_at_once() {
    let r = Running::start("At the clinic until four", false);
    let path = format!("/admin/users/{}", r.her_id());
    let rb =
        r.a.req(Method::DELETE, &path)
            .bearer_auth(service_key(&r.a));
    assert_eq!(r.a.send(rb).status, 200);
    assert!(r.alerted().contains("stopped before its end"));
}

#[test]
fn unpairing_her_advocate_is_refused_while_her_check_in_names_them() {
    let r = Running::start("Collecting the children", true);
    let advocate_id = r.advocate.as_ref().unwrap().1.clone();
    let path = format!("/advocates/{advocate_id}");
    let (status, refused) = api(&r.a, Method::DELETE, &path, &r.his_token(), None);
    assert_eq!(
        (status, refused["error"].as_str()),
        (409, Some("advocate_in_checkin")),
        "{refused}"
    );
    assert!(
        refused["message"].as_str().unwrap().contains("PIN"),
        "{refused}"
    );
    let (_, list) = api(&r.a, Method::GET, "/advocates", &r.her, None);
    assert_eq!(list["advocates"][0]["id"], advocate_id.as_str());

    run_out(&r.a.server, 1);
    r.alerted();
    assert_eq!(r.advocate_alert(), ("overdue".into(), "M".into()));
    // With no check-in running, the pairing is hers to end.
    assert_eq!(api(&r.a, Method::DELETE, &path, &r.her, None).0, 204);
}

#[test]
fn the_operator_cannot_remove_an_advocate_her_running_check_in_would_alert() {
    let r = Running::start("Court at ten, then home", true);
    let dir = r.a.server.data_dir.to_str().unwrap().to_string();
    let remove = [
        "--data-dir",
        &dir,
        "advocates",
        "remove",
        "asha@example.org",
    ];
    let (status, _, err) = crate::common::run(&remove, &[]);
    assert!(!status.success(), "refused: {err}");
    assert!(err.contains("running check-in"), "{err}");

    run_out(&r.a.server, 1);
    r.alerted();
    assert_eq!(r.advocate_alert(), ("overdue".into(), "M".into()));
    let (status, _, err) = crate::common::run(&remove, &[]);
    assert!(status.success(), "once it has ended: {err}");
}

#[test]
fn a_new_password_a_sign_out_everywhere_and_a_ban_leave_it_running_to_its_alert() {
    let r = Running::start("Seeing the lawyer", false);
    let his = r.his_token();
    let change = json!({"password": "His-0wn!pass", "current_password": PASSWORD});
    let changed = r.a.send(
        r.a.req(Method::PUT, "/user")
            .bearer_auth(&his)
            .json(&change),
    );
    assert_eq!(changed.status, 200, "{}", changed.body);
    assert_eq!(r.a.logout(&his, "global").status, 204);
    let ban = json!({"ban_duration": "876000h"});
    let path = format!("/admin/users/{}", r.her_id());
    let rb = r.a.req(Method::PUT, &path).bearer_auth(service_key(&r.a));
    assert_eq!(r.a.send(rb.json(&ban)).status, 200);
    let (status, _, err) = users(&r.a, &["disable", "her@example.org"]);
    assert!(status.success(), "{err}");

    let running: i64 = db(&r.a.server)
        .query_row(
            "SELECT count(*) FROM checkins WHERE state = 'running'",
            [],
            |row| row.get(0),
        )
        .unwrap();
    assert_eq!(running, 1, "the check-in still runs");
    run_out(&r.a.server, 1);
    r.alerted();
}
