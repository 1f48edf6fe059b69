//! The operator's console on the server (issue 38, docs/operator.md): `solace operators`, the roles that
//! keep operators, survivors and advocates out of each other's routes, the gate that hides the console
//! from networks the operator did not choose, the accounts and advocates routes, and the audit.

use crate::advocates::{advocates, ready_advocate};
use crate::auth_support;
use crate::common;

use auth_support::operator::{get, open, open_at};
use auth_support::totp::second_step;
use auth_support::{Auth, PASSWORD, SITE, access, api};
use reqwest::Method;
use serde_json::{Value, json};

pub(crate) fn operators(a: &Auth, args: &[&str]) -> (bool, String, String) {
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let mut all = vec!["--data-dir", &dir, "--site-url", SITE, "operators"];
    all.extend_from_slice(args);
    let (status, out, err) = common::run_beside(&a.server, &all, &[]);
    (status.success(), out, err)
}

/// The access token of the set-up link's session (a password's step only).
fn set_up(a: &Auth, link: &str) -> String {
    let path = link
        .trim()
        .strip_prefix(&format!("{SITE}/auth/v1"))
        .unwrap_or_else(|| panic!("{link}"));
    get(&open_at(a, path, "/operator"), "access_token")
        .unwrap()
        .to_string()
}

/// Adds the operator NAME, opens the set-up link and confirms an authenticator: an aal2 access token.
pub(crate) fn ready_operator(a: &Auth, name: &str) -> String {
    let (ok, out, err) = operators(a, &["add", name]);
    assert!(ok, "{err}");
    second_step(a, &set_up(a, &out))
}

/// The console's test e-mail to `to`, as the operator whose token this is.
fn test_email(a: &Auth, token: &str, to: &str) -> (u16, Value) {
    api(
        a,
        Method::POST,
        "/operator/test-email",
        token,
        Some(json!({ "to": to })),
    )
}

fn error(reply: &(u16, Value)) -> (u16, Option<&str>) {
    (reply.0, reply.1["error"].as_str())
}

/// Every route of the console with a body it would take.
fn console_routes(id: &str) -> Vec<(Method, String, Option<Value>)> {
    vec![
        (Method::GET, "/operator/me".into(), None),
        (
            Method::GET,
            "/operator/accounts?find=quiet.river".into(),
            None,
        ),
        (
            Method::POST,
            format!("/operator/accounts/{id}/disable"),
            None,
        ),
        (
            Method::POST,
            format!("/operator/accounts/{id}/enable"),
            None,
        ),
        (
            Method::POST,
            format!("/operator/accounts/{id}/sign-out"),
            None,
        ),
        (
            Method::POST,
            format!("/operator/accounts/{id}/remove-factors"),
            None,
        ),
        (
            Method::POST,
            format!("/operator/accounts/{id}/recovery-link"),
            None,
        ),
        (Method::DELETE, format!("/operator/accounts/{id}"), None),
        (Method::GET, "/operator/advocates".into(), None),
        (
            Method::POST,
            "/operator/advocates".into(),
            Some(json!({"email": "new@example.org", "name": "New"})),
        ),
        (Method::DELETE, format!("/operator/advocates/{id}"), None),
        (
            Method::POST,
            format!("/operator/advocates/{id}/reset-two-step"),
            None,
        ),
        (Method::GET, "/operator/audit".into(), None),
        (Method::GET, "/operator/alarms".into(), None),
        (Method::GET, "/operator/health".into(), None),
        (
            Method::POST,
            "/operator/test-email".into(),
            Some(json!({"to": "ops@example.org"})),
        ),
    ]
}

#[test]
fn the_operator_adds_lists_resets_and_removes_operators() {
    let a = Auth::start("");
    let (ok, out, err) = operators(&a, &["add", "night.desk"]);
    assert!(ok, "{err}");
    assert!(
        out.trim().starts_with(&format!("{SITE}/auth/v1/verify?")),
        "{out}"
    );
    assert!(
        err.contains("two-step") && err.contains("night.desk"),
        "{err}"
    );
    let (_, list, _) = operators(&a, &["list"]);
    assert!(list.contains("night.desk\tnot set up yet"), "{list}");

    let (ok, _, err) = operators(&a, &["add", "night.desk"]);
    assert!(!ok && err.contains("already"), "{err}");
    let (ok, _, err) = operators(&a, &["add", "ab"]);
    assert!(!ok && err.contains("at least 6 characters"), "{err}");
    a.new_user("quiet.river@sign-in.invalid");
    let (ok, _, err) = operators(&a, &["remove", "quiet.river"]);
    assert!(
        !ok && err.contains("no operator"),
        "a survivor is no operator: {err}"
    );

    // The set-up link works once; a reset gives a new one and ends the sessions.
    let first = set_up(&a, &out);
    assert_eq!(a.user(&first).status, 200);
    let (ok, again, err) = operators(&a, &["reset", "night.desk"]);
    assert!(ok && again.trim().starts_with(SITE), "{err}");
    assert_eq!(a.user(&first).status, 403, "the old session ended");
    set_up(&a, &again);

    let (ok, _, err) = operators(&a, &["remove", "night.desk"]);
    assert!(ok, "{err}");
    assert!(operators(&a, &["list"]).1.contains("No operators yet."));
    assert_eq!(
        a.sign_in("quiet.river@sign-in.invalid", PASSWORD).status,
        200
    );
}

#[test]
fn an_operator_sees_nothing_before_two_step_sign_in() {
    let a = Auth::start("");
    let (ok, out, _) = operators(&a, &["add", "night.desk"]);
    assert!(ok);
    let token = set_up(&a, &out);
    for (method, path, body) in console_routes("x") {
        let reply = api(&a, method, &path, &token, body);
        assert_eq!(error(&reply), (403, Some("two_step_needed")), "{path}");
    }
    let token = ready_operator(&a, "day.desk");
    let (status, me) = api(&a, Method::GET, "/operator/me", &token, None);
    assert_eq!(
        (status, me),
        (200, json!({"name": "day.desk", "two_step": true}))
    );
    let (status, _) = api(&a, Method::GET, "/operator/me", "not a token", None);
    assert_eq!(status, 401);
}

#[test]
fn each_role_is_kept_to_its_own_routes() {
    let a = Auth::start("");
    let operator = ready_operator(&a, "night.desk");
    let advocate = ready_advocate(&a, "asha@example.org", "Asha");
    let her = access(&a.new_user("her@example.org")).to_string();

    // An operator's token opens no survivor or advocate route.
    for (method, path, body) in [
        (Method::GET, "/vault/secret", None),
        (Method::GET, "/copy", None),
        (Method::GET, "/checkin", None),
        (Method::POST, "/checkin/end", Some(json!({"pin": "1234"}))),
        (
            Method::POST,
            "/push/subscriptions",
            Some(
                json!({"endpoint": "https://push.example/x", "keys": {"p256dh": "a", "auth": "b"}}),
            ),
        ),
        (Method::GET, "/advocates", None),
        (Method::GET, "/advocate", None),
        (Method::GET, "/advocate/alerts", None),
    ] {
        let reply = api(&a, method, path, &operator, body);
        assert_eq!(
            error(&reply),
            (403, Some("wrong_area")),
            "{path}: {}",
            reply.1
        );
    }
    // Survivors' and advocates' tokens open no console route.
    for token in [&her, &advocate] {
        for (method, path, body) in console_routes("x") {
            let reply = api(&a, method, &path, token, body);
            assert_eq!(error(&reply), (403, Some("wrong_area")), "{path}");
        }
    }
    // Her own routes still work for her.
    assert_eq!(api(&a, Method::GET, "/vault/secret", &her, None).0, 200);
}

fn raw(a: &Auth, path: &str, headers: &[(&str, &str)]) -> (u16, String) {
    let mut rb = a.http.get(a.server.url(path));
    for (k, v) in headers {
        rb = rb.header(*k, *v);
    }
    let r = rb.send().unwrap();
    (r.status().as_u16(), r.text().unwrap())
}

#[test]
fn the_console_answers_404_outside_the_networks_allowed() {
    let a = Auth::start("[server]\ntrusted_proxies = [\"127.0.0.1\"]\n");
    let from = |ip: &str| vec![("x-forwarded-for", ip.to_string())];
    for path in [
        "/operator",
        "/operator/accounts",
        "/api/operator/me",
        "/api/operator/audit",
    ] {
        let outside = from("203.0.113.9");
        let headers: Vec<(&str, &str)> = outside.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let (status, body) = raw(&a, path, &headers);
        assert_eq!(status, 404, "{path}");
        let body: Value = serde_json::from_str(&body).unwrap();
        assert_eq!(body["error"], "not_found", "{path}");
    }
    // From this machine the page is the app, and the routes ask who is signed in.
    let (status, page) = raw(&a, "/operator", &[]);
    assert!(status == 200 && page.contains("<html"), "{status}");
    assert_eq!(raw(&a, "/operator/accounts", &[]).0, 200);
    assert_eq!(raw(&a, "/api/operator/me", &[]).0, 401);
    // A name that only starts like the console is the app's, as before.
    assert_eq!(
        raw(
            &a,
            "/operators-guide",
            &[("x-forwarded-for", "203.0.113.9")]
        )
        .0,
        200
    );

    // A proxy the operator did not list would make every visitor look like this machine.
    let b = Auth::start("");
    assert_eq!(
        raw(
            &b,
            "/api/operator/me",
            &[("x-forwarded-for", "203.0.113.9")]
        )
        .0,
        404
    );
    assert_eq!(
        raw(&b, "/operator", &[("forwarded", "for=203.0.113.9")]).0,
        404
    );

    let c = Auth::start(
        "[server]\ntrusted_proxies = [\"127.0.0.1\"]\n[operator]\nallowed_networks = [\"203.0.113.0/24\"]\n",
    );
    assert_eq!(
        raw(
            &c,
            "/api/operator/me",
            &[("x-forwarded-for", "203.0.113.9")]
        )
        .0,
        401
    );
    assert_eq!(
        raw(
            &c,
            "/api/operator/me",
            &[("x-forwarded-for", "198.51.100.1")]
        )
        .0,
        404
    );

    let d = Auth::start("[operator]\nenabled = \"off\"\n");
    assert_eq!(raw(&d, "/api/operator/me", &[]).0, 404);
    assert_eq!(raw(&d, "/operator", &[]).0, 404);
}

#[test]
fn the_operator_finds_one_account_and_acts_on_it() {
    let a = Auth::start("");
    let operator = ready_operator(&a, "night.desk");
    let her = a.new_user("quiet.river@sign-in.invalid");
    let other = a.new_user("Meera@Example.org");
    ready_advocate(&a, "asha@example.org", "Asha");
    let find = |text: &str| {
        api(
            &a,
            Method::GET,
            &format!("/operator/accounts?find={text}"),
            &operator,
            None,
        )
    };

    let (status, found) = find("quiet.river");
    assert_eq!(status, 200, "{found}");
    let account = &found["account"];
    let id = account["id"].as_str().unwrap().to_string();
    assert_eq!(id, her["user"]["id"].as_str().unwrap());
    assert_eq!(
        (
            &account["two_step"],
            &account["disabled"],
            &account["copy_bytes"],
            &account["checkin_running"],
            &account["advocates"]
        ),
        (
            &json!(false),
            &json!(false),
            &json!(0),
            &json!(false),
            &json!(0)
        )
    );
    assert!(account["created_at"].is_string() && account["last_sign_in_at"].is_string());
    assert_eq!(
        find("  MEERA@example.org ").0,
        200,
        "the whole address, any case"
    );
    assert_eq!(
        error(&find("quiet")),
        (404, Some("not_found")),
        "never a prefix"
    );
    assert_eq!(error(&find("meera@")), (404, Some("not_found")));
    assert_eq!(
        error(&find("asha@example.org")),
        (404, Some("not_found")),
        "advocates are not here"
    );
    assert_eq!(
        error(&find("night.desk")),
        (404, Some("not_found")),
        "nor operators"
    );
    assert_eq!(error(&find("")), (400, Some("invalid_request")));
    assert_eq!(
        error(&find(&"x".repeat(300))),
        (400, Some("invalid_request"))
    );

    let post = |path: &str| {
        api(
            &a,
            Method::POST,
            &format!("/operator/accounts/{id}/{path}"),
            &operator,
            None,
        )
    };
    assert_eq!(post("disable").0, 204);
    assert_eq!(
        a.sign_in("quiet.river@sign-in.invalid", PASSWORD).status,
        400
    );
    assert_eq!(find("quiet.river").1["account"]["disabled"], true);
    assert_eq!(
        error(&post("recovery-link")),
        (409, Some("account_disabled"))
    );
    assert_eq!(post("enable").0, 204);
    let session = a.sign_in("quiet.river@sign-in.invalid", PASSWORD).body;
    assert_eq!(post("sign-out").0, 204);
    assert_eq!(
        a.refresh(auth_support::refresh_token(&session)).status,
        400,
        "signed out"
    );
    assert_eq!(post("remove-factors").0, 204);
    let (status, link) = post("recovery-link");
    assert_eq!(status, 200);
    let link = link["link"].as_str().unwrap();
    let path = link.strip_prefix(&format!("{SITE}/auth/v1")).unwrap();
    assert!(
        get(&open(&a, path), "access_token").is_some(),
        "the link works"
    );

    let other_id = other["user"]["id"].as_str().unwrap();
    let (status, _) = api(
        &a,
        Method::DELETE,
        &format!("/operator/accounts/{other_id}"),
        &operator,
        None,
    );
    assert_eq!(status, 204);
    assert_eq!(error(&find("meera@example.org")), (404, Some("not_found")));
    for (method, path, body) in console_routes("no-such-id").into_iter().skip(2).take(6) {
        assert_eq!(
            error(&api(&a, method, &path, &operator, body)),
            (404, Some("not_found")),
            "{path}"
        );
    }
}

#[test]
fn the_operator_adds_lists_resets_and_removes_advocates() {
    let a = Auth::start("");
    let operator = ready_operator(&a, "night.desk");
    let new = json!({"email": "Ravi@Example.org", "name": "Ravi (Sakhi)"});
    let (status, made) = api(
        &a,
        Method::POST,
        "/operator/advocates",
        &operator,
        Some(new.clone()),
    );
    assert_eq!(status, 201, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let link = made["link"].as_str().unwrap();
    let advocate = set_up_advocate(&a, link);
    let (status, _) = api(
        &a,
        Method::POST,
        "/operator/advocates",
        &operator,
        Some(new),
    );
    assert_eq!(status, 409, "one account per address");
    let bad = json!({"email": "not an address", "name": "X"});
    assert_eq!(
        error(&api(
            &a,
            Method::POST,
            "/operator/advocates",
            &operator,
            Some(bad)
        )),
        (400, Some("invalid_request"))
    );

    let (status, list) = api(&a, Method::GET, "/operator/advocates", &operator, None);
    assert_eq!(status, 200);
    let ravi = &list["advocates"][0];
    assert_eq!(
        (
            &ravi["id"],
            &ravi["name"],
            &ravi["email_masked"],
            &ravi["two_step"],
            &ravi["pairings"],
            &ravi["set_up"]
        ),
        (
            &json!(id),
            &json!("Ravi (Sakhi)"),
            &json!("r***@example.org"),
            &json!(true),
            &json!(0),
            &json!(false)
        )
    );
    assert!(ravi["last_active_at"].is_string() && ravi["created_at"].is_string());
    assert!(!list.to_string().contains("ravi@example.org"));

    let path = format!("/operator/advocates/{id}/reset-two-step");
    assert_eq!(api(&a, Method::POST, &path, &operator, None).0, 204);
    assert_eq!(
        error(&api(&a, Method::GET, "/advocate", &advocate, None)),
        (403, Some("two_step_needed"))
    );
    let her = a.new_user("her@example.org");
    let her_id = her["user"]["id"].as_str().unwrap();
    let path = format!("/operator/advocates/{her_id}");
    assert_eq!(
        error(&api(&a, Method::DELETE, &path, &operator, None)),
        (404, Some("not_found")),
        "she is no advocate"
    );
    let path = format!("/operator/advocates/{id}");
    assert_eq!(api(&a, Method::DELETE, &path, &operator, None).0, 204);
    assert_eq!(
        api(&a, Method::GET, "/operator/advocates", &operator, None).1,
        json!({"advocates": []})
    );
    assert!(advocates(&a, &["list"]).1.contains("No advocates yet."));
}

/// Opens an advocate's set-up link and confirms an authenticator; the aal2 token.
fn set_up_advocate(a: &Auth, link: &str) -> String {
    let path = link.strip_prefix(&format!("{SITE}/auth/v1")).unwrap();
    let first = get(&open_at(a, path, "/advocate"), "access_token")
        .unwrap()
        .to_string();
    second_step(a, &first)
}

#[test]
fn every_operator_action_is_in_the_audit_and_the_log() {
    let a = Auth::start("");
    let operator = ready_operator(&a, "night.desk");
    let her = a.new_user("her@example.org");
    let id = her["user"]["id"].as_str().unwrap().to_string();
    let (status, empty) = api(&a, Method::GET, "/operator/audit", &operator, None);
    assert_eq!(
        (status, empty),
        (200, json!({"entries": [], "more": false}))
    );

    api(
        &a,
        Method::GET,
        "/operator/accounts?find=her@example.org",
        &operator,
        None,
    );
    api(
        &a,
        Method::GET,
        "/operator/accounts?find=nobody@example.org",
        &operator,
        None,
    );
    for action in [
        "disable",
        "enable",
        "sign-out",
        "remove-factors",
        "recovery-link",
    ] {
        api(
            &a,
            Method::POST,
            &format!("/operator/accounts/{id}/{action}"),
            &operator,
            None,
        );
    }
    let made = api(
        &a,
        Method::POST,
        "/operator/advocates",
        &operator,
        Some(json!({"email": "asha@example.org", "name": "Asha"})),
    )
    .1;
    let advocate = made["id"].as_str().unwrap().to_string();
    api(
        &a,
        Method::POST,
        &format!("/operator/advocates/{advocate}/reset-two-step"),
        &operator,
        None,
    );
    api(
        &a,
        Method::DELETE,
        &format!("/operator/advocates/{advocate}"),
        &operator,
        None,
    );
    api(
        &a,
        Method::DELETE,
        &format!("/operator/accounts/{id}"),
        &operator,
        None,
    );

    let (status, page) = api(&a, Method::GET, "/operator/audit?limit=50", &operator, None);
    assert_eq!(status, 200);
    let entries = page["entries"].as_array().unwrap();
    let actions: Vec<(&str, Option<&str>)> = entries
        .iter()
        .rev()
        .map(|e| (e["action"].as_str().unwrap(), e["account_id"].as_str()))
        .collect();
    let her_id = Some(id.as_str());
    let asha = Some(advocate.as_str());
    assert_eq!(
        actions,
        vec![
            ("account.find", her_id),
            ("account.find", None),
            ("account.disable", her_id),
            ("account.enable", her_id),
            ("account.sign_out", her_id),
            ("account.remove_factors", her_id),
            ("account.recovery_link", her_id),
            ("advocate.add", asha),
            ("advocate.reset_two_step", asha),
            ("advocate.remove", asha),
            ("account.delete", her_id),
        ]
    );
    assert!(
        entries
            .iter()
            .all(|e| e["operator"] == "night.desk" && e["at"].is_string())
    );
    assert_eq!(page["more"], false);
    assert!(
        !page.to_string().contains("nobody"),
        "no search text is kept"
    );

    // A page at a time, older ones before the last one shown.
    let (_, first) = api(&a, Method::GET, "/operator/audit?limit=4", &operator, None);
    assert_eq!(
        (first["entries"].as_array().unwrap().len(), &first["more"]),
        (4, &json!(true))
    );
    let before = first["entries"][3]["at"].as_str().unwrap();
    let path = format!(
        "/operator/audit?limit=50&before={}",
        before.replace('+', "%2B")
    );
    let (_, rest) = api(&a, Method::GET, &path, &operator, None);
    assert!(rest["entries"].as_array().unwrap().len() <= 7);
    assert_eq!(
        error(&api(
            &a,
            Method::GET,
            "/operator/audit?limit=0",
            &operator,
            None
        )),
        (400, Some("invalid_request"))
    );
    assert_eq!(
        error(&api(
            &a,
            Method::GET,
            "/operator/audit?before=yesterday",
            &operator,
            None
        )),
        (400, Some("invalid_request"))
    );

    let logs = a
        .server
        .wait_for_logs("operator action", 11, std::time::Duration::from_secs(5));
    assert!(
        logs.contains("account.delete") && logs.contains(&id),
        "{logs}"
    );
    assert!(
        !logs.contains("her@example.org") && !logs.contains("nobody@example.org"),
        "no addresses in the log"
    );
}

#[test]
fn validate_config_checks_the_operator_section_and_generate_config_explains_it() {
    use crate::config_checks::both_refuse;
    both_refuse("[operator]\naudit_days = 0\n", "operator.audit_days");
    both_refuse("[operator]\nenabled = \"public\"\n", "operator.enabled");
    both_refuse(
        "[operator]\nallowed_networks = [\"office\"]\n",
        "operator.allowed_networks",
    );
    let (status, example, _) = common::run(&["generate-config"], &[]);
    assert!(status.success());
    assert!(
        example.contains("[operator]") && example.contains("allowed_networks = []"),
        "{example}"
    );
}

#[test]
fn deleting_her_account_from_the_console_sends_her_running_check_in_s_alert_at_once() {
    use crate::checkin::{paired_advocate, token};
    use base64::Engine;
    let smtp = crate::checkin_support::Smtp::start();
    let a = Auth::start(&smtp.config());
    let operator = ready_operator(&a, "night.desk");
    let her = token(&a.new_user("her@example.org"));
    let (_, advocate_id) = paired_advocate(&a, &her);
    let sealed = base64::engine::general_purpose::STANDARD.encode(b"sealed for Asha");
    let body = json!({"minutes": 30, "note": "At the clinic until four", "emails": ["friend@example.org"],
                      "advocates": [{"id": advocate_id, "sealed": sealed}], "pin": "2468", "duress_pin": "1357"});
    assert_eq!(api(&a, Method::POST, "/checkin", &her, Some(body)).0, 201);

    let (_, found) = api(
        &a,
        Method::GET,
        "/operator/accounts?find=her@example.org",
        &operator,
        None,
    );
    let account = &found["account"];
    assert_eq!(
        (&account["checkin_running"], &account["advocates"]),
        (&json!(true), &json!(1))
    );
    let path = format!("/operator/advocates/{advocate_id}");
    assert_eq!(
        error(&api(&a, Method::DELETE, &path, &operator, None)),
        (409, Some("in_checkin")),
        "her alarm still names this advocate"
    );

    let id = account["id"].as_str().unwrap();
    let path = format!("/operator/accounts/{id}");
    assert_eq!(api(&a, Method::DELETE, &path, &operator, None).0, 204);
    let mail = smtp.next(15);
    let text = mail["body"].as_str().unwrap();
    assert!(
        text.contains("At the clinic until four") && text.contains("stopped before its end"),
        "{mail}"
    );
}

#[test]
fn the_alarms_page_reports_and_a_test_e_mail_goes_and_is_audited_without_its_address() {
    let smtp = crate::checkin_support::Smtp::start();
    let a = Auth::start(&smtp.config());
    let operator = ready_operator(&a, "night.desk");

    let (status, report) = api(&a, Method::GET, "/operator/alarms", &operator, None);
    assert_eq!(status, 200, "{report}");
    assert_eq!(report["running_checkins"], 0);
    assert_eq!(report["problem"], Value::Null);
    assert_eq!(
        report["day"],
        json!({"sent": 0, "waiting": 0, "retrying": 0, "failed": 0})
    );
    let (status, health) = api(&a, Method::GET, "/operator/health", &operator, None);
    assert_eq!(status, 200, "{health}");
    assert_eq!(health["version"], env!("CARGO_PKG_VERSION"));
    assert_eq!(health["mail"]["configured"], true, "{health}");
    assert!(
        health["disk"]["free_bytes"].as_u64().unwrap() > 0,
        "{health}"
    );

    let sent = test_email(&a, &operator, "ops@shelter.example");
    assert_eq!(sent, (200, json!({"sent": true})));
    assert_eq!(smtp.next(10)["to"], json!(["ops@shelter.example"]));
    let refused = test_email(&a, &operator, "unreachable@shelter.example");
    assert_eq!(error(&refused), (502, Some("mail_failed")));
    assert_eq!(refused.1["reason"], "refused");
    let bad = test_email(&a, &operator, "not an address");
    assert_eq!(error(&bad), (400, Some("invalid_request")));

    let (_, audit) = api(&a, Method::GET, "/operator/audit", &operator, None);
    let tests: Vec<_> = audit["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["action"] == "mail.test")
        .collect();
    assert_eq!(tests.len(), 3, "{audit}");
    assert!(!audit.to_string().contains("shelter.example"), "{audit}");
}

#[test]
fn a_test_e_mail_that_goes_sends_the_waiting_alarms_at_once() {
    use crate::checkin_support::{Smtp, config_for};
    let port = common::free_port();
    let a = Auth::start(&format!("[checkin]\nmin_minutes = 1\n{}", config_for(port)));
    let operator = ready_operator(&a, "night.desk");
    crate::checkin_alarms::her_alarm_goes(&a);
    a.server.wait_for_log(
        crate::checkin_alarms::FAILING,
        std::time::Duration::from_secs(30),
    );
    // Her alarm's next try is a quarter of an hour away, as after several failed tries.
    let now = chrono::Utc::now().timestamp_millis();
    crate::checkin::db(&a.server)
        .execute(
            "UPDATE checkins SET next_try_at = ?1 WHERE state = 'alerting'",
            [now + 15 * 60_000],
        )
        .unwrap();

    // The operator mends the mail server and checks it with a test e-mail: her alarm goes too, at once.
    let smtp = Smtp::start_on(port);
    let sent = test_email(&a, &operator, "ops@shelter.example");
    assert_eq!(sent, (200, json!({"sent": true})));
    let mut to: Vec<Value> = (0..2).map(|_| smtp.next(10)["to"].clone()).collect();
    to.sort_by_key(|t| t.to_string());
    assert_eq!(
        to,
        vec![
            json!(["friend@ring-road.example"]),
            json!(["ops@shelter.example"])
        ]
    );
}

#[test]
fn one_operator_cannot_make_the_server_mail_strangers_without_end() {
    let smtp = crate::checkin_support::Smtp::start();
    let a = Auth::start(&smtp.config());
    let operator = ready_operator(&a, "night.desk");
    for n in 0..10 {
        assert_eq!(
            test_email(&a, &operator, &format!("stranger{n}@example.org")),
            (200, json!({"sent": true}))
        );
    }
    let refused = test_email(&a, &operator, "stranger10@example.org");
    assert_eq!(error(&refused), (429, Some("rate_limited")), "{refused:?}");
    for _ in 0..10 {
        smtp.next(10);
    }
    // Another operator's own tries are their own.
    let other = ready_operator(&a, "day.desk.two");
    assert_eq!(
        test_email(&a, &other, "ops@shelter.example"),
        (200, json!({"sent": true}))
    );
    assert_eq!(smtp.next(10)["to"], json!(["ops@shelter.example"]));
}
