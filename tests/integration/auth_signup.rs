//! Sign-up tells nobody whether an address has an account: the same answer and the same work for a new
//! address and a taken one; and the operator's choice about private sign-in names
//! (docs/auth-contract.md, "Sign-up" and "Sign-in names").

use crate::auth_support;
use crate::common;

use std::time::{Duration, Instant};

use auth_support::{Auth, PASSWORD};
use serde_json::{Value, json};

/// The answer with the parts that differ on every call (id, times) blanked.
fn shape(v: &Value) -> Value {
    let mut v = v.clone();
    for key in ["id", "created_at", "updated_at"] {
        assert!(v[key].is_string(), "{key} in {v}");
        v[key] = json!("…");
    }
    v
}

#[test]
fn a_taken_address_gets_the_same_answer_as_a_new_one() {
    let a = Auth::start("");
    let new = a.signup("Sam@Example.org", PASSWORD, json!({"display_name": "S"}));
    assert_eq!(new.status, 200, "{}", new.body);
    // Again, with another password and another case: the account exists now.
    let again = a.signup(
        " SAM@example.org",
        "An0ther!pass",
        json!({"display_name": "S"}),
    );
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(shape(&new.body), shape(&again.body));
    assert_eq!(
        new.headers.get("content-type"),
        again.headers.get("content-type")
    );
    for r in [&new, &again] {
        assert!(
            r.body.get("access_token").is_none(),
            "no session: {}",
            r.body
        );
        assert_eq!(r.body["email"], "sam@example.org");
        assert_eq!(r.body["identities"], json!([]));
        assert!(r.body.get("email_confirmed_at").is_none());
    }
    assert_ne!(new.body["id"], again.body["id"]);

    // The account is the first one: its password works, the second one's does not.
    assert_eq!(a.sign_in("sam@example.org", PASSWORD).status, 200);
    let r = a.sign_in("sam@example.org", "An0ther!pass");
    assert_eq!((r.status, r.code()), (400, "invalid_credentials"));
}

#[test]
fn a_taken_address_costs_the_same_password_hash() {
    let a = Auth::start("");
    a.new_user("taken@example.org");
    // One warm-up, then alternate so that a slow moment of the machine hits both sides alike.
    a.signup("warm@example.org", PASSWORD, json!({}));
    let time = |email: &str| {
        let t = Instant::now();
        assert_eq!(a.signup(email, PASSWORD, json!({})).status, 200);
        t.elapsed()
    };
    let (mut taken, mut new) = (Duration::MAX, Duration::MAX);
    for i in 0..9 {
        taken = taken.min(time("taken@example.org"));
        new = new.min(time(&format!("new{i}@example.org")));
    }
    // The fastest of several tries: other work on the machine only ever adds time.
    let (taken, new) = (taken.as_secs_f64(), new.as_secs_f64());
    // Both include one Argon2id hash and one synced write (tens of ms together); without the hash the
    // taken case answers in about a millisecond, without the write in about half the time.
    let ratio = taken / new;
    assert!(
        (0.6..1.7).contains(&ratio),
        "taken {taken:.4}s vs new {new:.4}s (ratio {ratio:.2})"
    );
}

#[test]
fn a_sign_in_name_is_an_account_like_any_other_and_never_logged() {
    let a = Auth::start("");
    let name = "quiet.river.42@sign-in.invalid";
    let r = a.signup(name, PASSWORD, json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let r = a.sign_in("Quiet.River.42@sign-in.invalid", PASSWORD);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["user"]["email"], name);
    assert_eq!(a.sign_in(name, "Wr0ng!pass").status, 400);
    let logs = a.server.logs_once_logged("password sign-in refused");
    assert!(!logs.contains("quiet.river"), "{logs}");

    let r = a.signup("abc@sign-in.invalid", PASSWORD, json!({}));
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    assert_eq!(
        r.body["message"],
        "A sign-in name needs at least 6 characters"
    );
}

#[test]
fn the_operator_can_require_sign_in_names() {
    let a = Auth::start("[auth]\nsign_in_names = \"require\"\n");
    let r = a.signup("jane@example.org", PASSWORD, json!({}));
    assert_eq!(
        (r.status, r.code()),
        (400, "email_address_invalid"),
        "{}",
        r.body
    );
    assert!(
        r.body["message"].as_str().unwrap().contains("sign-in name"),
        "{}",
        r.body
    );
    assert_eq!(
        a.sign_in("jane@example.org", PASSWORD).status,
        400,
        "nothing was made"
    );
    assert_eq!(
        a.signup("quiet.river@sign-in.invalid", PASSWORD, json!({}))
            .status,
        200
    );
    assert_eq!(a.get("/settings", None).status, 200);
}

#[test]
fn the_operator_can_switch_sign_in_names_off() {
    let a = Auth::start("[auth]\nsign_in_names = \"off\"\n");
    let r = a.signup("quiet.river@sign-in.invalid", PASSWORD, json!({}));
    assert_eq!(
        (r.status, r.code()),
        (400, "email_address_invalid"),
        "{}",
        r.body
    );
    assert_eq!(
        a.signup("jane@example.org", PASSWORD, json!({})).status,
        200
    );
}

#[test]
fn the_app_learns_the_operators_choice() {
    for (config, choice) in [
        ("", "allow"),
        ("[auth]\nsign_in_names = \"require\"\n", "require"),
    ] {
        let a = Auth::start(config);
        let (status, body) = common::get_json(&a.server, "/api/config");
        assert_eq!(status, 200);
        assert_eq!(body["auth"]["sign_in_names"], choice);
    }
}
