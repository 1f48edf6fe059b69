//! `validate-config` and `serve` run the same checks: a value one accepts the other never refuses, and
//! both refuse a bad one with exit code 2 naming the key.

use crate::common;

use common::{free_port, run};

/// Runs `validate-config` and `serve` on `toml`; both must exit 2 and name `key`.
pub(crate) fn both_refuse(toml: &str, key: &str) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, toml).unwrap();
    let f = file.to_str().unwrap();
    let data = dir.path().join("data");
    let port = free_port().to_string();
    let serve = [
        "serve",
        "--config",
        f,
        "--data-dir",
        data.to_str().unwrap(),
        "--port",
        &port,
    ];
    for args in [&["validate-config", "--config", f][..], &serve[..]] {
        let (status, _, stderr) = run(args, &[]);
        assert_eq!(status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains(key), "{args:?} should name {key}: {stderr}");
    }
}

#[test]
fn a_zero_rate_limit_window_is_refused_by_both() {
    both_refuse(
        "[auth.rate_limit]\nwindow_secs = 0\n",
        "auth.rate_limit.window_secs",
    );
}

#[test]
fn session_limits_must_be_durations() {
    both_refuse(
        "[auth]\nsessions_inactivity_timeout = \"soon\"\n",
        "auth.sessions_inactivity_timeout",
    );
    both_refuse("[auth]\nsessions_timebox = 30\n", "auth.sessions_timebox");
}

#[test]
fn a_too_short_token_lifetime_is_refused_by_both() {
    both_refuse("[auth]\njwt_expiry_secs = 29\n", "auth.jwt_expiry_secs");
}

#[test]
fn a_bind_that_is_not_an_address_is_refused_by_both() {
    both_refuse("[server]\nbind = \"localhost\"\n", "server.bind");
    let (status, _, stderr) = run(&["validate-config", "--bind", "localhost:80"], &[]);
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("server.bind"), "{stderr}");
}

#[test]
fn generate_config_documents_the_session_limits() {
    let (status, out, _) = run(&["generate-config"], &[]);
    assert!(status.success());
    for line in [
        "jwt_expiry_secs = 300",
        "sessions_inactivity_timeout = \"30m\"",
        "sessions_timebox = \"24h\"",
    ] {
        assert!(out.contains(line), "{line} missing");
    }
}

#[test]
fn a_default_language_the_app_does_not_have_is_refused_by_both() {
    both_refuse(
        "[site]\ndefault_language = \"xx\"\n",
        "site.default_language",
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, "[site]\ndefault_language = \"hi\"\n").unwrap();
    let (status, _, stderr) = run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    assert_eq!(status.code(), Some(0), "Hindi ships with the app: {stderr}");
}

#[test]
fn local_numbers_and_labels_are_checked_by_both() {
    both_refuse(
        "[local]\nemergency_number = \"call 911\"\n",
        "local.emergency_number",
    );
    both_refuse(
        "[[local.emergency_contacts]]\nlabel = \"Police\"\nnumbers = [\"11a\"]\n",
        "local.emergency_contacts[0].numbers[0]",
    );
    both_refuse(
        "[[local.emergency_contacts]]\nlabel = \" \"\nnumbers = [\"110\"]\n",
        "local.emergency_contacts[0].label",
    );
    both_refuse(
        "[[local.emergency_contacts]]\nlabel = { German = \"Polizei\" }\nnumbers = [\"110\"]\n",
        "local.emergency_contacts[0].label.German",
    );
}

#[test]
fn resources_are_checked_by_both() {
    let resource = |category: &str, contact: &str, name: &str| {
        format!(
            "[[site.resources]]\nid = \"r\"\nname = \"{name}\"\ncategory = \"{category}\"\n\
             description = \"Help\"\ncontact = \"{contact}\"\nhours = \"24/7\"\n"
        )
    };
    both_refuse(
        &resource("food", "112", "Refuge"),
        "site.resources[0].category",
    );
    both_refuse(
        &resource("shelter", "ask at the desk", "Refuge"),
        "site.resources[0].contact",
    );
    both_refuse(&resource("shelter", "112", "  "), "site.resources[0].name");
}

#[test]
fn a_trusted_proxy_that_is_not_an_address_or_network_is_refused_by_both() {
    both_refuse(
        "[server]\ntrusted_proxies = [\"proxy.local\"]\n",
        "server.trusted_proxies",
    );
    both_refuse(
        "[server]\ntrusted_proxies = [\"10.0.0.1:80\"]\n",
        "server.trusted_proxies",
    );
}

#[test]
fn an_admin_role_every_person_has_is_refused_by_both() {
    both_refuse(
        "[auth]\nadmin_roles = [\"service_role\", \"authenticated\"]\n",
        "auth.admin_roles",
    );
}

#[test]
fn a_page_title_that_is_empty_or_not_one_short_line_is_refused_by_both() {
    both_refuse("[site]\npage_title = \"  \"\n", "site.page_title");
    both_refuse("[site]\npage_title = \"a\\nb\"\n", "site.page_title");
    both_refuse(
        &format!("[site]\npage_title = \"{}\"\n", "x".repeat(61)),
        "site.page_title",
    );
}

#[test]
fn sign_in_names_take_allow_require_or_off() {
    both_refuse(
        "[auth]\nsign_in_names = \"sometimes\"\n",
        "auth.sign_in_names",
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    for choice in ["allow", "require", "off"] {
        std::fs::write(&file, format!("[auth]\nsign_in_names = \"{choice}\"\n")).unwrap();
        let (status, _, stderr) = run(
            &["validate-config", "--config", file.to_str().unwrap()],
            &[],
        );
        assert_eq!(status.code(), Some(0), "{choice}: {stderr}");
    }
}

#[test]
fn an_incident_kind_of_the_operators_own_needs_a_label() {
    both_refuse(
        "[[incidents.categories]]\nid = \"acid_attack\"\n",
        "incidents.categories[0].label",
    );
    both_refuse(
        "[[incidents.categories]]\nid = \"Not an id\"\nlabel = \"x\"\n",
        "incidents.categories[0].id",
    );
}

#[test]
fn a_court_certificate_this_version_does_not_fill_in_is_refused_naming_the_ones_it_does() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    let f = file.to_str().unwrap();
    std::fs::write(&file, "[incidents]\ncertificate = \"uk-pace-69\"\n").unwrap();
    let (status, _, err) = run(&["validate-config", "--config", f], &[]);
    assert_eq!(status.code(), Some(2), "{err}");
    for words in [
        "incidents.certificate",
        "\"uk-pace-69\"",
        "\"india-bsa-63\"",
        "\"us-fre-902-14\"",
    ] {
        assert!(err.contains(words), "the message names {words}: {err}");
    }
    both_refuse(
        "[incidents]\ncertificate = \"India\"\n",
        "incidents.certificate",
    );
    for known in ["india-bsa-63", "us-fre-902-14", ""] {
        std::fs::write(&file, format!("[incidents]\ncertificate = {known:?}\n")).unwrap();
        let (status, _, err) = run(&["validate-config", "--config", f], &[]);
        assert_eq!(status.code(), Some(0), "{known}: {err}");
    }
}

#[test]
fn the_stamping_operators_name_is_one_line_and_its_page_an_address() {
    both_refuse(
        "[timestamp]\noperator_name = \"Sakhi\\nTrust\"\n",
        "timestamp.operator_name",
    );
    both_refuse(
        "[timestamp]\ncertificate_page = \"our website\"\n",
        "timestamp.certificate_page",
    );
}

#[test]
fn the_largest_share_is_between_1_and_2048_mib() {
    both_refuse(
        "[advocates]\nmax_share_mib = 0\n",
        "advocates.max_share_mib",
    );
    both_refuse(
        "[advocates]\nmax_share_mib = 4096\n",
        "advocates.max_share_mib",
    );
}

#[test]
fn alarm_retries_last_a_day_to_a_week_and_the_operators_address_is_one_address() {
    both_refuse(
        "[checkin]\nalert_retry_hours = 1\n",
        "must be between 24 and 168",
    );
    both_refuse(
        "[checkin]\nalert_retry_hours = 1000\n",
        "checkin.alert_retry_hours",
    );
    // The claim on an alert (several instances): renewed three times a lease, so not under 2 s; an alarm
    // whose sender died waits for it, so not over 10 minutes.
    both_refuse(
        "[checkin]\nalert_lease_seconds = 1\n",
        "checkin.alert_lease_seconds",
    );
    both_refuse(
        "[checkin]\nalert_lease_seconds = 3600\n",
        "must be between 2 and 600",
    );
    both_refuse(
        "[email]\nsmtp_url = \"smtp://127.0.0.1:25?tls=none\"\nfrom = \"a@b.org\"\n\
         [operator]\nalert_email = \"ops, more@b.org\"\n",
        "operator.alert_email",
    );
    both_refuse(
        "[operator]\nalert_email = \"ops@b.org\"\n[operator.email]\nsmtp_url = \"http://b.org\"\n",
        "operator.email.smtp_url",
    );
}
