//! `/metrics` (docs/operator.md, "Metrics"): a real scrape after signing up, signing in and checking in
//! counts each, and passes `promtool check metrics` (Debian's `prometheus` package); no label ever holds an
//! address, an id or a token, whatever the requests carried; and it answers only whom `[metrics]` allows.

use std::process::{Command, Stdio};

use crate::auth_support::{Auth, PASSWORD, api};
use crate::checkin::{run_out, start, token};
use crate::checkin_support::Smtp;
use crate::common::{Options, Server};
use reqwest::Method;
use serde_json::json;

fn scrape(server: &Server, headers: &[(&str, &str)]) -> (u16, String) {
    let mut rb = reqwest::blocking::Client::new().get(server.url("/metrics"));
    for (k, v) in headers {
        rb = rb.header(*k, *v);
    }
    let r = rb.send().unwrap();
    (r.status().as_u16(), r.text().unwrap())
}

/// The value of one series (its name and labels exactly as written), 0 when absent.
fn value(text: &str, series: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(series)?.strip_prefix(' '))
        .map_or(0.0, |v| v.trim().parse().unwrap())
}

fn promtool(text: &str) {
    let mut child = Command::new("promtool")
        .args(["check", "metrics"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("promtool (Debian's prometheus package; tests/all.sh installs it)");
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(text.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(
        out.status.success(),
        "promtool check metrics: {}{}\n{text}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn a_scrape_after_sign_up_sign_in_and_check_ins_counts_them_and_passes_promtool() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("[checkin]\nmin_minutes = 1\n{}", smtp.config()));
    let (status, before) = scrape(&a.server, &[]);
    assert_eq!(status, 200, "{before}");
    assert_eq!(value(&before, "solace_sign_ups_total"), 0.0);

    // A sign-in name is never mailed, so its sign-up makes the account at once.
    let name = "quiet.river.42@sign-in.invalid";
    assert_eq!(a.signup(name, PASSWORD, json!({})).status, 200);
    assert_eq!(a.sign_in(name, "Wr0ng!pass").status, 400);
    let session = a.sign_in(name, PASSWORD);
    assert_eq!(session.status, 200);
    let her = token(&session.body);
    start(&a, &her, "Back by six", json!({}));
    let (status, _) = api(
        &a,
        Method::POST,
        "/checkin/end",
        &her,
        Some(json!({"pin": "2468"})),
    );
    assert_eq!(status, 204);
    start(&a, &her, "Back by six", json!({"minutes": 1}));
    run_out(&a.server, 1);
    smtp.next(30);
    a.server.wait_for_log(
        "a check-in alert was sent",
        std::time::Duration::from_secs(10),
    );

    let (status, text) = scrape(&a.server, &[]);
    assert_eq!(status, 200);
    for (series, expected) in [
        ("solace_sign_ups_total", 1.0),
        ("solace_sign_ins_total{outcome=\"accepted\"}", 1.0),
        ("solace_sign_ins_total{outcome=\"refused\"}", 1.0),
        ("solace_sign_ins_total{outcome=\"locked\"}", 0.0),
        ("solace_checkins_total{event=\"started\"}", 2.0),
        ("solace_checkins_total{event=\"ended\"}", 1.0),
        ("solace_checkins_total{event=\"alerted\"}", 1.0),
        ("solace_alerts_total{outcome=\"sent\"}", 1.0),
        ("solace_emails_total{outcome=\"sent\"}", 1.0),
        ("solace_password_hashing_in_flight", 0.0),
    ] {
        assert_eq!(value(&text, series), expected, "{series} in:\n{text}");
    }
    assert!(
        value(
            &text,
            "solace_http_requests_total{group=\"auth\",status=\"2xx\"}"
        ) >= 2.0
    );
    assert!(
        value(
            &text,
            "solace_http_requests_total{group=\"auth\",status=\"4xx\"}"
        ) >= 1.0
    );
    assert!(
        value(
            &text,
            "solace_http_request_duration_seconds_count{group=\"api_checkin\"}"
        ) >= 3.0
    );
    // What the alert rules in docs/operator.md watch: the disk and the certificate's end.
    assert!(value(&text, "solace_data_dir_free_bytes") > 0.0);
    assert!(
        value(&text, "solace_data_dir_filesystem_bytes")
            >= value(&text, "solace_data_dir_free_bytes")
    );
    let month = 30.0 * 86_400.0;
    let now = chrono::Utc::now().timestamp() as f64;
    assert!(value(&text, "solace_timestamp_certificate_not_after_seconds") > now + month);
    promtool(&text);
}

/// Whether a label's value could be something of hers: an address, an id, a token.
fn personal(v: &str) -> bool {
    let uuid = v.len() == 36
        && v.chars().enumerate().all(|(i, c)| {
            if [8, 13, 18, 23].contains(&i) {
                c == '-'
            } else {
                c.is_ascii_hexdigit()
            }
        });
    let long_token = v.len() >= 20
        && v.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-_.=+/".contains(c));
    v.contains('@') || uuid || long_token
}

#[test]
fn no_label_holds_an_address_an_id_or_a_token() {
    let a = Auth::start("");
    let session = a.new_user("her@example.org");
    let her = token(&session);
    let id = session["user"]["id"].as_str().unwrap().to_string();
    assert!(personal(&id) && personal("her@example.org") && personal(&her[..40]));
    // Paths and headers carrying hers, on every part of the site.
    for path in [
        format!("/api/copy/records/{id}"),
        format!("/api/advocates/{id}"),
        "/her@example.org".to_string(),
        format!("/auth/v1/admin/users/{id}"),
        format!("/api/{her}"),
    ] {
        let _ = a
            .http
            .get(a.server.url(&path))
            .bearer_auth(&her)
            .header("X-Forwarded-For", "203.0.113.9")
            .send()
            .unwrap();
    }
    assert_eq!(a.sign_in("her@example.org", "Wr0ng!pass").status, 400);
    let (_, text) = scrape(&a.server, &[]);
    let mut labels = 0;
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let Some((_, rest)) = line.split_once('{') else {
            continue;
        };
        let inside = rest.rsplit_once('}').unwrap().0;
        for pair in inside.split("\",") {
            let (_, v) = pair.split_once("=\"").unwrap();
            let v = v.trim_end_matches('"');
            labels += 1;
            assert!(!personal(v), "label value {v:?} in {line}");
        }
    }
    assert!(labels > 20, "{text}");
}

#[test]
fn without_a_token_only_loopback_and_the_allowed_networks_read_it() {
    let server = Server::start_with(Options {
        config: Some(
            "[server]\ntrusted_proxies = [\"127.0.0.1\"]\n[metrics]\nallowed_networks = [\"198.51.100.0/24\"]\n\
             [operator]\nallowed_networks = [\"192.0.2.0/24\"]\n"
                .into(),
        ),
        ..Default::default()
    });
    assert_eq!(scrape(&server, &[]).0, 200, "this machine");
    let (status, body) = scrape(&server, &[("X-Forwarded-For", "203.0.113.9")]);
    assert_eq!(status, 404, "a client elsewhere, through the proxy");
    assert!(!body.contains("solace_"), "{body}");
    assert_eq!(
        scrape(&server, &[("X-Forwarded-For", "198.51.100.7")]).0,
        200
    );
    // The console's networks reach it too.
    assert_eq!(scrape(&server, &[("X-Forwarded-For", "192.0.2.8")]).0, 200);
    // A reverse proxy on this machine that is not in trusted_proxies: every visitor would look local.
    let unlisted = Server::start();
    assert_eq!(scrape(&unlisted, &[]).0, 200);
    for header in ["X-Forwarded-For", "X-Real-IP", "Forwarded"] {
        let value = if header == "Forwarded" {
            "for=203.0.113.9"
        } else {
            "203.0.113.9"
        };
        assert_eq!(scrape(&unlisted, &[(header, value)]).0, 404, "{header}");
    }
}

#[test]
fn with_a_token_only_the_token_reads_it_and_off_is_off() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("metrics-token");
    let secret = "c2b1d7e0f4a94c6bb1e35a8d7f60c912e4b0a7d3";
    std::fs::write(&file, format!("{secret}\n")).unwrap();
    let server = Server::start_with(Options {
        config: Some(format!(
            "[metrics]\nbearer_token_file = \"{}\"\n",
            file.display()
        )),
        ..Default::default()
    });
    assert_eq!(scrape(&server, &[]).0, 404, "loopback needs it too");
    let wrong = format!("Bearer {}", &secret[1..]);
    assert_eq!(scrape(&server, &[("Authorization", &wrong)]).0, 404);
    let right = format!("Bearer {secret}");
    let (status, text) = scrape(&server, &[("Authorization", &right)]);
    assert_eq!(status, 200);
    assert!(text.contains("solace_build_info"), "{text}");
    assert!(!server.logs().contains(secret), "the token is never logged");

    let off = Server::start_with(Options {
        config: Some("[metrics]\nenabled = false\n".into()),
        ..Default::default()
    });
    assert_eq!(scrape(&off, &[]).0, 404);
}

/// The alert rules in docs/operator.md load in Prometheus (`promtool check rules`) and watch series the server has.
#[test]
fn the_documented_alert_rules_are_valid_and_watch_real_series() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    // The README points to them in docs/operator.md, "Metrics".
    let guide = std::fs::read_to_string(root.join("docs/operator.md")).unwrap();
    let section = guide.split("\n## Metrics\n").nth(1).unwrap();
    let block = section
        .split("```yaml\n")
        .nth(1)
        .unwrap()
        .split("```")
        .next()
        .unwrap();
    let rules = &block[block.find("groups:").unwrap()..];
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rules.yml");
    std::fs::write(&file, rules).unwrap();
    let out = Command::new("promtool")
        .args(["check", "rules"])
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let names = std::fs::read_to_string(root.join("src/metrics/mod.rs")).unwrap();
    let mut watched = 0;
    for expr in rules
        .lines()
        .filter_map(|l| l.trim().strip_prefix("expr: "))
    {
        let series = expr
            .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .find(|w| w.starts_with("solace_"))
            .unwrap();
        assert!(names.contains(&format!("\"{series}\"")), "{series}");
        watched += 1;
    }
    assert_eq!(watched, 3);
}
