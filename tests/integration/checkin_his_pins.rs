//! His wrong check-in PINs (issue 35, item 5; docs/checkin.md, "His wrong PINs"), against the real binary:
//! he knows her password and signs in as her, in sessions of his own. The session that started the check-in
//! and each one in which her PIN passed are hers and keep their own five tries; wrong PINs from every other
//! session count together, three in all, so they can no longer lock her own way to end the check-in, and
//! signing in again and again gives him no more.

use crate::auth_support::{Auth, PASSWORD, access, api, claims, refresh_token};
use crate::checkin::{start, token};
use crate::checkin_abuse::{at_once_as, codes};
use crate::checkin_support::Smtp;

use reqwest::Method;
use serde_json::{Value, json};

const HER_PIN: &str = "2468";
const EMAIL: &str = "her@example.org";

/// A new sign-in to her account with her password: his, or hers on another device.
fn sign_in_again(a: &Auth) -> String {
    let r = a.sign_in(EMAIL, PASSWORD);
    assert_eq!(r.status, 200, "{}", r.body);
    token(&r.body)
}

fn end(a: &Auth, as_: &str, pin: &str) -> (u16, Option<String>) {
    let (status, body) = api(
        a,
        Method::POST,
        "/checkin/end",
        as_,
        Some(json!({"pin": pin})),
    );
    (status, body["error"].as_str().map(String::from))
}

fn extend(a: &Auth, as_: &str, pin: &str) -> (u16, Option<String>) {
    let body = json!({"pin": pin, "minutes": 5});
    let (status, body) = api(a, Method::POST, "/checkin/extend", as_, Some(body));
    (status, body["error"].as_str().map(String::from))
}

fn wrong() -> (u16, Option<String>) {
    (403, Some("wrong_pin".into()))
}

fn locked() -> (u16, Option<String>) {
    (403, Some("pin_locked".into()))
}

fn running(a: &Auth, as_: &str) -> bool {
    let (_, status) = api(a, Method::GET, "/checkin", as_, None);
    status["checkin"].is_object()
}

#[test]
fn his_wrong_pins_from_his_own_sign_in_do_not_lock_her_phone() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let hers = a.new_user(EMAIL);
    start(&a, access(&hers), "going back for my papers", json!({}));

    // He signs in with her password and guesses five times, as many as locked her check-in before.
    let his = sign_in_again(&a);
    let guesses: Vec<_> = ["0000", "1234", "1111", "9999", "2580"]
        .iter()
        .map(|pin| end(&a, &his, pin))
        .collect();

    // Her phone's session is hers, refreshed or not (the session stays when its token is refreshed): her
    // PIN still extends the check-in.
    let refreshed = a.refresh(refresh_token(&hers));
    assert_eq!(refreshed.status, 200, "{}", refreshed.body);
    let her = token(&refreshed.body);
    assert_eq!(
        claims(&her)["session_id"],
        claims(access(&hers))["session_id"]
    );
    assert_eq!(extend(&a, &her, HER_PIN), (200, None));

    // Three of his guesses were checked, then his sign-in was locked, her real PIN too there.
    assert_eq!(guesses, [wrong(), wrong(), wrong(), locked(), locked()]);
    assert_eq!(end(&a, &his, HER_PIN), locked());
    assert!(running(&a, &his));
    // Signing in again and again gives him nothing more: the three were for all his sessions together,
    // and her PIN passing on her phone gave none of them back.
    for _ in 0..4 {
        let again = sign_in_again(&a);
        assert_eq!(end(&a, &again, "5555"), locked());
        assert_eq!(extend(&a, &again, HER_PIN), locked());
    }

    // On her phone a wrong PIN is only wrong, and her PIN ends the check-in.
    assert_eq!(end(&a, &her, "2469"), wrong());
    assert_eq!(end(&a, &her, HER_PIN), (204, None));
    assert!(!running(&a, &her), "her PIN ended it");
}

#[test]
fn where_her_pin_passed_is_hers_and_her_own_lock_still_holds() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let phone = token(&a.new_user(EMAIL));
    start(&a, &phone, "a meeting he demanded", json!({}));

    // She signs in again on her laptop: not hers yet, so a slip there counts with everyone else's; her PIN
    // passing there makes it hers.
    let laptop = sign_in_again(&a);
    assert_eq!(extend(&a, &laptop, "2486"), wrong());
    assert_eq!(extend(&a, &laptop, HER_PIN), (200, None));

    // His guesses use up the others' count (one of its three went on her slip) ...
    let his = sign_in_again(&a);
    assert_eq!(end(&a, &his, "0000"), wrong());
    assert_eq!(end(&a, &his, "1111"), wrong());
    assert_eq!(end(&a, &his, "2222"), locked());
    // ... and her laptop keeps its own five tries and her PIN.
    for _ in 0..4 {
        assert_eq!(extend(&a, &laptop, "8642"), wrong());
    }
    assert_eq!(
        extend(&a, &laptop, HER_PIN),
        (200, None),
        "her PIN clears her count"
    );

    // Each session of hers still locks after five wrong PINs, her PIN too: with her phone in his hands he
    // cannot guess on and on there either.
    for _ in 0..5 {
        assert_eq!(end(&a, &phone, "0000"), wrong());
    }
    assert_eq!(end(&a, &phone, HER_PIN), locked());
    assert!(running(&a, &phone));
    // Where else her PIN passed still ends it.
    assert_eq!(end(&a, &laptop, HER_PIN), (204, None));
    assert!(!running(&a, &laptop));
}

#[test]
fn wrong_pins_sent_at_once_from_many_sign_ins_are_never_more_than_three_checked() {
    let smtp = Smtp::start();
    let a = Auth::start(&smtp.config());
    let her = token(&a.new_user(EMAIL));
    start(&a, &her, "forty guesses from ten sign-ins", json!({}));

    let sessions: Vec<String> = (0..10).map(|_| sign_in_again(&a)).collect();
    let requests: Vec<(String, Value)> = (0..40)
        .map(|i| {
            (
                sessions[i % 10].clone(),
                json!({"pin": format!("{:04}", 1000 + i)}),
            )
        })
        .collect();
    let answers = at_once_as(&a, "/checkin/end", requests);
    let seen = codes(&answers);
    assert_eq!(seen.get("wrong_pin"), Some(&3), "{seen:?}");
    // The others were refused unchecked: locked, or (while those three were being checked) busy.
    let refused = seen.get("pin_locked").unwrap_or(&0) + seen.get("server_busy").unwrap_or(&0);
    assert_eq!(refused, 37, "{seen:?}");
    assert_eq!(end(&a, &sessions[3], HER_PIN), locked());

    // Her own session was never touched by any of it.
    assert_eq!(end(&a, &her, HER_PIN), (204, None));
    assert!(!running(&a, &her));
}
