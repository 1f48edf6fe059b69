//! Sign-up with `[email]` set up (docs/auth-contract.md, "Confirming sign-ups by e-mail"): a new address and
//! a taken one get the same answer and no session, a password sign-in with what was sent answers alike for
//! both until the link in the e-mail is opened, the e-mail to a taken address gives nothing away, and the
//! link makes the account and signs her in once. Also GoTrue's autoconfirm switch,
//! `auth.sign_up_returns_session`, both ways. The e-mails are read at the SMTP stand-in.

use crate::auth_support;
use crate::checkin_support::Smtp;
use crate::common;

use auth_support::operator::{get, open};
use auth_support::{Auth, PASSWORD, Reply, SITE};
use serde_json::{Value, json};

const HIS_PASSWORD: &str = "An0ther!pass";

/// The answer with the parts that differ on every call (id, times) blanked.
fn shape(v: &Value) -> Value {
    let mut v = v.clone();
    for key in ["id", "created_at", "updated_at", "confirmation_sent_at"] {
        assert!(v[key].is_string(), "{key} in {v}");
        v[key] = json!("…");
    }
    v
}

fn signup_in(a: &Auth, email: &str, password: &str, language: &str) -> Reply {
    a.send(
        a.req(reqwest::Method::POST, "/signup")
            .header("accept-language", language)
            .json(&json!({"email": email, "password": password, "data": {}})),
    )
}

/// The next `n` e-mails, by recipient.
fn mails(smtp: &Smtp, n: usize) -> Vec<(String, Value)> {
    (0..n)
        .map(|_| {
            let m = smtp.next(20);
            (m["to"][0].as_str().unwrap().to_string(), m)
        })
        .collect()
}

/// The path of the link in a confirmation e-mail (it names the site's address, not the test server's port).
fn link_path(mail: &Value) -> String {
    let body = mail["body"].as_str().unwrap();
    let link = body
        .split_whitespace()
        .find(|w| w.starts_with(&format!("{SITE}/auth/v1/verify?")))
        .unwrap_or_else(|| panic!("a link in {body}"));
    link.strip_prefix(&format!("{SITE}/auth/v1"))
        .unwrap()
        .into()
}

#[test]
fn with_email_a_new_and_a_taken_address_answer_alike_until_her_link_signs_her_in() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    a.new_user("taken@example.org");

    let new = signup_in(&a, "New@Example.org", PASSWORD, "en-GB,en");
    let taken = signup_in(&a, "taken@example.org", HIS_PASSWORD, "hi-IN,hi;q=0.9");
    for r in [&new, &taken] {
        assert_eq!(r.status, 200, "{}", r.body);
        assert!(
            r.body.get("access_token").is_none(),
            "no session: {}",
            r.body
        );
        assert_eq!(r.body["identities"], json!([]));
        assert!(r.body.get("email_confirmed_at").is_none(), "{}", r.body);
    }
    let mut taken_shape = shape(&taken.body);
    taken_shape["email"] = json!("new@example.org");
    assert_eq!(shape(&new.body), taken_shape, "the same answer");

    // Before the link, what either sign-up sent answers the same: not confirmed yet.
    for (email, password) in [
        ("new@example.org", PASSWORD),
        ("taken@example.org", HIS_PASSWORD),
    ] {
        let r = a.sign_in(email, password);
        assert_eq!(
            (r.status, r.code()),
            (400, "email_not_confirmed"),
            "{email}: {}",
            r.body
        );
    }
    assert_eq!(
        a.sign_in("new@example.org", HIS_PASSWORD).code(),
        "invalid_credentials"
    );

    let mut got = mails(&smtp, 2);
    got.sort_by(|x, y| x.0.cmp(&y.0));
    let [(to_new, to_her_new), (to_taken, to_her)] = [got.remove(0), got.remove(0)];
    assert_eq!(
        (to_new.as_str(), to_taken.as_str()),
        ("new@example.org", "taken@example.org")
    );
    assert_eq!(to_her_new["subject"], "Your sign-up request");

    // The note to the taken address: in the language asked, neutral, with no link and no product name.
    assert_eq!(to_her["subject"], "आपके साइन-अप का अनुरोध");
    let words = to_her["body"].as_str().unwrap();
    assert!(words.contains("कुछ नहीं बदला"), "{words}");
    for giveaway in ["http", "Solace", "account", "खाता", "verify", "token"] {
        assert!(!words.contains(giveaway), "{giveaway:?} in {words}");
    }
    assert!(!to_her_new["body"].as_str().unwrap().contains("Solace"));

    // Her link: the account is made and she is signed in; the link works once.
    let path = link_path(&to_her_new);
    assert!(path.contains("type=signup"), "{path}");
    let landed = open(&a, &path);
    assert_eq!(get(&landed, "type"), Some("signup"));
    let token = get(&landed, "access_token").unwrap();
    assert_eq!(a.user(token).body["email"], "new@example.org");
    assert_eq!(a.sign_in("new@example.org", PASSWORD).status, 200);
    assert_eq!(get(&open(&a, &path), "error_code"), Some("otp_expired"));

    // The taken account is as it was: its own password, not his.
    assert_eq!(a.sign_in("taken@example.org", PASSWORD).status, 200);
    let r = a.sign_in("taken@example.org", HIS_PASSWORD);
    assert_eq!(
        r.code(),
        "email_not_confirmed",
        "his sign-up still waits, as a new one would"
    );

    let logs = a.server.logs();
    for address in ["new@example.org", "taken@example.org"] {
        assert!(!logs.contains(address), "{address} in the logs");
    }
}

#[test]
fn a_resend_gives_a_new_link_and_an_address_gets_only_a_few_mails_an_hour() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    a.new_user("taken@example.org");
    assert_eq!(signup_in(&a, "new@example.org", PASSWORD, "en").status, 200);
    let first = link_path(&smtp.next(20));

    let r = a.post(
        "/resend",
        json!({"type": "signup", "email": "new@example.org"}),
    );
    assert_eq!((r.status, &r.body), (200, &json!({})));
    let second = link_path(&smtp.next(20));
    assert_ne!(first, second);
    assert_eq!(get(&open(&a, &first), "error_code"), Some("otp_expired"));
    // POST /verify with the link's token, as auth-js `verifyOtp({ type: 'email', token_hash })` sends it.
    let token = second
        .split("token=")
        .nth(1)
        .unwrap()
        .split('&')
        .next()
        .unwrap();
    let r = a.post("/verify", json!({"type": "email", "token_hash": token}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["user"]["email"], "new@example.org");

    // Three e-mails an hour to one address, then the same refusal whether or not it has an account.
    for _ in 0..2 {
        assert_eq!(
            signup_in(&a, "taken@example.org", HIS_PASSWORD, "en").status,
            200
        );
        assert_eq!(
            signup_in(&a, "fresh@example.org", PASSWORD, "en").status,
            200
        );
    }
    assert_eq!(
        a.post(
            "/resend",
            json!({"type": "signup", "email": "taken@example.org"})
        )
        .status,
        200
    );
    assert_eq!(
        a.post(
            "/resend",
            json!({"type": "signup", "email": "fresh@example.org"})
        )
        .status,
        200
    );
    let over = [
        signup_in(&a, "taken@example.org", HIS_PASSWORD, "en"),
        signup_in(&a, "fresh@example.org", PASSWORD, "en"),
    ];
    for r in &over {
        assert_eq!(
            (r.status, r.code()),
            (429, "over_email_send_rate_limit"),
            "{}",
            r.body
        );
    }
    for r in &over {
        let message = r.body["message"].as_str().unwrap();
        assert!(
            message.starts_with("For security purposes, you can only request this after"),
            "{message}"
        );
    }
}

#[test]
fn a_sign_in_name_cannot_be_mailed_and_signs_in_at_once() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let name = "quiet.river@sign-in.invalid";
    let r = a.signup(name, PASSWORD, json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(r.body.get("confirmation_sent_at").is_none(), "{}", r.body);
    assert_eq!(a.sign_in(name, PASSWORD).status, 200);
    assert!(smtp.next_within(1).is_none(), "no e-mail to a sign-in name");
}

#[test]
fn sign_up_returns_session_is_gotrues_autoconfirm_both_ways() {
    let smtp = Smtp::start();
    let on = Auth::start(&format!(
        "{}[auth]\nsign_up_returns_session = true\n",
        smtp.config()
    ));
    assert_eq!(on.get("/settings", None).body["mailer_autoconfirm"], true);
    let r = on.signup("sam@example.org", PASSWORD, json!({"display_name": "S"}));
    assert_eq!(r.status, 200, "{}", r.body);
    let token = r.body["access_token"].as_str().expect("a session");
    assert_eq!(on.user(token).body["user_metadata"]["display_name"], "S");
    let r = on.signup("sam@example.org", HIS_PASSWORD, json!({}));
    assert_eq!(
        (r.status, r.code()),
        (422, "user_already_exists"),
        "{}",
        r.body
    );
    assert_eq!(r.body["message"], "User already registered");
    assert!(
        smtp.next_within(1).is_none(),
        "no confirmation e-mail with the switch on"
    );

    // Off (the default), with e-mail: no session, and the settings say addresses are confirmed.
    let off = Auth::start(&smtp.config());
    assert_eq!(off.get("/settings", None).body["mailer_autoconfirm"], false);
    let r = off.signup("sam@example.org", PASSWORD, json!({}));
    assert_eq!(r.status, 200);
    assert!(r.body.get("access_token").is_none(), "{}", r.body);
    let (_, config) = common::get_json(&off.server, "/api/config");
    assert_eq!(config["auth"]["confirm_email"], true);
    let (_, config) = common::get_json(&on.server, "/api/config");
    assert_eq!(config["auth"]["confirm_email"], false);
}

#[test]
fn validate_config_warns_that_the_switch_shows_who_has_an_account() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, "[auth]\nsign_up_returns_session = true\n").unwrap();
    let (status, out, err) = common::run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    assert!(status.success(), "{err}");
    assert!(out.contains("configuration is valid"));
    assert!(
        err.contains("warning: auth.sign_up_returns_session"),
        "{err}"
    );
    assert!(err.contains("has an account"), "{err}");
    std::fs::write(&file, "[auth]\nsign_up_returns_session = false\n").unwrap();
    let (_, _, err) = common::run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    assert!(!err.contains("warning"), "{err}");
}
