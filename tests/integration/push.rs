//! Web Push (docs/checkin.md, "Web Push") against the real binary and a push service stand-in on loopback
//! speaking the real protocol: her browser gets a neutral reminder before her check-in runs out, her
//! advocate's browser a neutral push when the alert fires; each push is opened, and its VAPID token
//! checked, by an independent implementation (tests/support/webpush-open.py, Python's cryptography) with
//! the keys the "browser" made in the test. Endpoints outside the push services are refused (SSRF), and a
//! subscription the push service calls gone is forgotten.

use std::time::Duration;

use crate::auth_support::{Auth, PASSWORD, api};
use crate::checkin::{db, paired_advocate, run_out, token};
use crate::push_support::{Browser, PushService};
use base64::Engine;
use reqwest::Method;
use serde_json::{Value, json};

fn count(a: &Auth, sql: &str) -> i64 {
    db(&a.server).query_row(sql, [], |r| r.get(0)).unwrap()
}

/// What the app shows must say nothing of what it is about: no check-in, safety, abuse, nor the app.
fn neutral(plaintext: &str) -> Value {
    let lower = plaintext.to_lowercase();
    for word in [
        "check", "safe", "abuse", "alert", "solace", "help", "advocate",
    ] {
        assert!(!lower.contains(word), "{word:?} in {plaintext}");
    }
    serde_json::from_str(plaintext).unwrap()
}

fn opened(push: &PushService, browser: &Browser, server_key: &str) -> (Value, Value) {
    let received = push.next(30);
    assert_eq!(received["status"], 201, "{received}");
    assert_eq!(received["content_encoding"], "aes128gcm");
    let open = browser.open(&received);
    assert_eq!(
        open["k"], server_key,
        "signed with the key browsers were given"
    );
    let claims = &open["claims"];
    assert_eq!(claims["aud"], format!("http://127.0.0.1:{}", push.port));
    let now = chrono::Utc::now().timestamp();
    let exp = claims["exp"].as_i64().unwrap();
    assert!(exp > now && exp <= now + 24 * 3600, "{claims}");
    assert!(
        claims["sub"].as_str().unwrap().starts_with("mailto:")
            || claims["sub"].as_str().unwrap().starts_with("http")
    );
    (received, neutral(open["plaintext"].as_str().unwrap()))
}

#[test]
fn her_reminder_and_her_advocates_alert_arrive_encrypted_and_neutral() {
    let push = PushService::start();
    let a = Auth::start(&format!("[checkin]\nmin_minutes = 1\n{}", push.config()));
    let key_file = a.server.data_dir.join("vapid-key.p256.pk8");
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&key_file).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600, "the VAPID key is private like the other keys");
    }
    a.server.wait_for_log(
        "generated a new Web Push (VAPID) key",
        Duration::from_secs(5),
    );

    let (status, offered) = api(&a, Method::GET, "/push", "", None);
    assert_eq!(status, 200);
    let server_key = offered["public_key"].as_str().unwrap().to_string();
    let raw = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(&server_key)
        .unwrap();
    assert_eq!((raw.len(), raw[0]), (65, 4), "an uncompressed P-256 point");

    let her = token(&a.new_user("her@example.org"));
    let (advocate, advocate_id) = paired_advocate(&a, &her);

    // Only a push service (or this test's stand-in) is ever POSTed to.
    for bad in [
        "https://169.254.169.254/latest/meta-data".to_string(),
        "http://127.0.0.1:1/push/x".to_string(),
        format!("http://127.0.0.1:{}/admin", push.port),
        "https://intranet.example.org/push".to_string(),
    ] {
        let body = Browser::new(bad.clone()).subscription();
        let (status, _) = api(&a, Method::POST, "/push/subscriptions", &her, Some(body));
        assert_eq!(status, 400, "{bad} refused");
    }
    let hers = Browser::new(push.endpoint("her-phone"));
    let (status, _) = api(
        &a,
        Method::POST,
        "/push/subscriptions",
        "",
        Some(hers.subscription()),
    );
    assert_eq!(status, 401, "only for a signed-in account");
    // Her page is in Hindi: the words of her notifications are too. Anything but a language tag is refused.
    let mut in_hindi = hers.subscription();
    in_hindi["language"] = json!("hi; drop table");
    let (status, _) = api(
        &a,
        Method::POST,
        "/push/subscriptions",
        &her,
        Some(in_hindi.clone()),
    );
    assert_eq!(status, 400, "not a language tag");
    in_hindi["language"] = json!("hi");
    let (status, _) = api(
        &a,
        Method::POST,
        "/push/subscriptions",
        &her,
        Some(in_hindi),
    );
    assert_eq!(status, 204);
    let advocates = Browser::new(push.endpoint("asha-laptop"));
    let dropped = Browser::new(push.endpoint("gone-old-laptop"));
    for b in [&advocates, &dropped] {
        let (status, _) = api(
            &a,
            Method::POST,
            "/push/subscriptions",
            &advocate,
            Some(b.subscription()),
        );
        assert_eq!(status, 204);
    }
    assert_eq!(count(&a, "SELECT count(*) FROM push_subscriptions"), 3);

    // A one-minute check-in is inside the last five minutes at once: her reminder goes now.
    let sealed = base64::engine::general_purpose::STANDARD.encode(b"sealed for Asha");
    let started = json!({"minutes": 1, "note": "Going back for my papers", "pin": "2468",
                         "advocates": [{"id": advocate_id, "sealed": sealed}]});
    let (status, body) = api(&a, Method::POST, "/checkin", &her, Some(started));
    assert_eq!(status, 201, "{body}");
    let (received, message) = opened(&push, &hers, &server_key);
    assert_eq!(received["path"], "/push/her-phone");
    assert_eq!(
        message,
        json!({"kind": "reminder", "body": "आपके लिए एक रिमाइंडर है"})
    );
    let ttl: u64 = received["ttl"].as_str().unwrap().parse().unwrap();
    assert!(
        (1..=120).contains(&ttl),
        "kept no longer than the check-in runs: {ttl}"
    );
    assert!(
        !received.to_string().contains("Going back"),
        "her note never goes to a push service"
    );

    // The check-in runs out: her advocate's browsers are told (one was dropped by its browser).
    run_out(&a.server, 1);
    let mut seen = Vec::new();
    for _ in 0..2 {
        let r = push.next(30);
        seen.push(r["path"].as_str().unwrap().to_string());
        if r["path"] == "/push/asha-laptop" {
            assert_eq!(r["status"], 201);
            assert_eq!(r["urgency"], "high");
            let open = advocates.open(&r);
            assert_eq!(open["k"], server_key);
            let message = neutral(open["plaintext"].as_str().unwrap());
            assert_eq!(
                message,
                json!({"kind": "message", "body": "You have a new message"})
            );
        } else {
            assert_eq!(r["status"], 410, "{r}");
        }
    }
    seen.sort();
    assert_eq!(seen, ["/push/asha-laptop", "/push/gone-old-laptop"]);
    a.server.wait_for_log(
        "a push subscription the browser dropped was forgotten",
        Duration::from_secs(10),
    );
    assert_eq!(
        count(
            &a,
            "SELECT count(*) FROM push_subscriptions WHERE endpoint LIKE '%gone%'"
        ),
        0
    );
    assert!(
        push.nothing_within(1),
        "one reminder only, and nothing more"
    );

    // Stopping notifications, and her account's subscriptions go with her account.
    let gone = json!({"endpoint": advocates.endpoint});
    assert_eq!(
        api(
            &a,
            Method::DELETE,
            "/push/subscriptions",
            &advocate,
            Some(gone)
        )
        .0,
        204
    );
    assert_eq!(count(&a, "SELECT count(*) FROM push_subscriptions"), 1);
    let r = a.send(
        a.req(Method::POST, "/user/delete")
            .bearer_auth(&her)
            .json(&json!({"password": PASSWORD})),
    );
    assert!(r.status < 300, "{}", r.body);
    assert_eq!(count(&a, "SELECT count(*) FROM push_subscriptions"), 0);
    let logs = a.server.logs();
    assert!(!logs.contains("/push/her-phone"), "no endpoint in the log");
}

#[test]
fn extending_her_check_in_brings_a_new_reminder_before_the_new_end() {
    let push = PushService::start();
    let a = Auth::start(&format!("[checkin]\nmin_minutes = 1\n{}", push.config()));
    let her = token(&a.new_user("her@example.org"));
    let (_, key) = api(&a, Method::GET, "/push", "", None);
    let key = key["public_key"].as_str().unwrap().to_string();
    let hers = Browser::new(push.endpoint("her-phone"));
    assert_eq!(
        api(
            &a,
            Method::POST,
            "/push/subscriptions",
            &her,
            Some(hers.subscription())
        )
        .0,
        204
    );
    let (_, advocate_id) = paired_advocate(&a, &her);
    let sealed = base64::engine::general_purpose::STANDARD.encode(b"x");
    let body =
        json!({"minutes": 30, "pin": "2468", "advocates": [{"id": advocate_id, "sealed": sealed}]});
    assert_eq!(api(&a, Method::POST, "/checkin", &her, Some(body)).0, 201);
    assert!(push.nothing_within(2), "no reminder while the end is far");
    // The end comes within five minutes (the controlled clock): the reminder goes.
    let soon = chrono::Utc::now().timestamp_millis() + 4 * 60_000;
    db(&a.server)
        .execute("UPDATE checkins SET ends_at = ?1, next_try_at = ?1", [soon])
        .unwrap();
    let (_, message) = opened(&push, &hers, &key);
    assert_eq!(message["kind"], "reminder");
    let extend = json!({"pin": "2468", "minutes": 1});
    let (status, body) = api(&a, Method::POST, "/checkin/extend", &her, Some(extend));
    assert_eq!(status, 200, "{body}");
    let (_, message) = opened(&push, &hers, &key);
    assert_eq!(message["kind"], "reminder", "a new end, a new reminder");
}
