//! What one account, or whoever answers in an outside service's place, cannot make the server do
//! (issue 34's small items): the same advocate chosen twice is a clear refusal; the push stand-in's
//! address cannot be borrowed through a user name; an endpoint belongs to the account that registered it
//! first; a second time-stamping authority cannot fill the server's memory with its answer.

use crate::auth_support::{Auth, api};
use crate::checkin::{paired_advocate, token};
use crate::checkin_support::Smtp;
use crate::push_support::{Browser, PushService};
use crate::tsa_support::{DIGEST, FloodingAuthority, QUERY, post, query};
use base64::Engine;
use common::{Options, Server};
use reqwest::Method;
use serde_json::json;

use crate::common;

#[test]
fn the_same_advocate_chosen_twice_is_a_clear_refusal_and_nothing_starts() {
    let smtp = Smtp::start();
    let a = Auth::start(&format!("[checkin]\nmin_minutes = 1\n{}", smtp.config()));
    let her = token(&a.new_user("her@example.org"));
    let (_, advocate_id) = paired_advocate(&a, &her);
    let sealed = base64::engine::general_purpose::STANDARD.encode(b"sealed for Asha");
    let twice =
        json!([{"id": advocate_id, "sealed": sealed}, {"id": advocate_id, "sealed": sealed}]);
    let body = json!({"minutes": 30, "note": "", "advocates": twice, "pin": "2468"});
    let (status, refused) = api(&a, Method::POST, "/checkin", &her, Some(body));
    assert_eq!(
        (
            status,
            refused["error"].as_str(),
            refused["message"].as_str()
        ),
        (
            400,
            Some("invalid_request"),
            Some("Each advocate can be chosen once.")
        )
    );
    let (_, now) = api(&a, Method::GET, "/checkin", &her, None);
    assert!(now["checkin"].is_null(), "no check-in was started");
}

#[test]
fn the_push_stand_in_cannot_be_named_through_a_user_name() {
    let push = PushService::start();
    let other = PushService::start();
    // Configured without a path, the stand-in's address is a prefix of "http://127.0.0.1:P@host:Q/...".
    let a = Auth::start(&format!(
        "[push]\ntest_endpoint = \"http://127.0.0.1:{}\"\n",
        push.port
    ));
    let her = token(&a.new_user("her@example.org"));
    let stolen = format!(
        "http://127.0.0.1:{}@127.0.0.1:{}/stolen",
        push.port, other.port
    );
    let body = Browser::new(stolen).subscription();
    let (status, _) = api(&a, Method::POST, "/push/subscriptions", &her, Some(body));
    assert_eq!(status, 400, "a user name is not the stand-in's address");
    let body = Browser::new(push.endpoint("her-phone")).subscription();
    let (status, _) = api(&a, Method::POST, "/push/subscriptions", &her, Some(body));
    assert_eq!(status, 204, "the stand-in itself is still accepted");
}

#[test]
fn a_push_endpoint_belongs_to_the_account_that_registered_it_first() {
    let push = PushService::start();
    let a = Auth::start(&push.config());
    let her = token(&a.new_user("her@example.org"));
    let his = token(&a.new_user("him@example.org"));
    let phone = Browser::new(push.endpoint("her-phone"));
    let (status, _) = api(
        &a,
        Method::POST,
        "/push/subscriptions",
        &her,
        Some(phone.subscription()),
    );
    assert_eq!(status, 204);

    // He learned her endpoint's address and registers it, with keys of his own.
    let mut taken = Browser::new(push.endpoint("her-phone")).subscription();
    taken["endpoint"] = json!(phone.endpoint);
    let (status, refused) = api(&a, Method::POST, "/push/subscriptions", &his, Some(taken));
    assert_eq!(
        (status, refused["error"].as_str()),
        (409, Some("endpoint_taken"))
    );

    let owner: String = crate::checkin::db(&a.server)
        .query_row(
            "SELECT u.email FROM push_subscriptions p JOIN users u ON u.id = p.account_id",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(owner, "her@example.org", "still hers, with her keys");
    // She can renew her own subscription as before.
    let (status, _) = api(
        &a,
        Method::POST,
        "/push/subscriptions",
        &her,
        Some(phone.subscription()),
    );
    assert_eq!(status, 204);
}

#[test]
fn an_endless_answer_from_the_second_authority_is_refused_not_read_whole() {
    for announce_length in [true, false] {
        let flood = FloodingAuthority::start(announce_length);
        let s = Server::start_with(Options {
            config: Some(format!(
                "[timestamp]\nexternal_url = \"http://127.0.0.1:{}/tsa\"\n",
                flood.port
            )),
            ..Default::default()
        });
        let dir = tempfile::tempdir().unwrap();
        let res = post(
            &s.url("/api/timestamp/external"),
            QUERY,
            query(dir.path(), DIGEST),
        );
        assert_eq!(res.status(), 502, "announced length: {announce_length}");
        let body: serde_json::Value = res.json().unwrap();
        assert_eq!(body["error"], "external_authority_failed");
        // The server hung up long before the end: what the authority wrote is what the sockets' buffers
        // took, not 300 MiB.
        let written = flood.written();
        assert!(
            written < 32 * 1024 * 1024,
            "the server read {written} bytes of the answer (announced length: {announce_length})"
        );
    }
}
