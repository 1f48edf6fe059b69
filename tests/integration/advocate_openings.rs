//! Each time her advocate opens what she shared (docs/advocates.md, "Openings"): listed to her alone, a bounded
//! number per share, and gone with the share and with her account.

use crate::advocate_parts::sql;
use crate::advocates::{data_dir_holds, her_with_asha, paired};
use crate::auth_support;

use auth_support::operator::users;
use auth_support::{Auth, access, api};
use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::{Value, json};

/// The most openings one share keeps (src/advocates/openings.rs).
const KEPT: usize = 50;

fn share(a: &Auth, her: &str, advocate_id: &str, id: &str) {
    let tomorrow = chrono::Utc::now().timestamp_millis() + 86_400_000;
    let body = json!({"id": id, "expires_at": tomorrow, "sealed": B64.encode(b"sealed")});
    let path = format!("/advocates/{advocate_id}/shares");
    assert_eq!(api(a, Method::POST, &path, her, Some(body)).0, 201);
}

fn open(a: &Auth, advocate: &str, id: &str, her_id: &str) {
    let path = format!("/advocate/shares/{id}?from={her_id}");
    assert_eq!(api(a, Method::GET, &path, advocate, None).0, 200);
}

/// Her share `id` as her list gives it.
fn mine(a: &Auth, her: &str, id: &str) -> Value {
    let (_, list) = api(a, Method::GET, "/advocates/shares", her, None);
    list["shares"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("no share {id} in {list}"))
}

fn openings(share: &Value) -> Vec<String> {
    share["openings"]
        .as_array()
        .unwrap_or_else(|| panic!("no openings in {share}"))
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect()
}

fn user_id(a: &Auth, token: &str) -> String {
    a.user(token).body["id"].as_str().unwrap().to_string()
}

#[test]
fn each_opening_is_listed_to_her_alone_bounded_and_gone_with_the_share() {
    let a = Auth::start("");
    let (asha, her, asha_id) = her_with_asha(&a);
    let her_id = user_id(&a, &her);
    // Another woman paired with Asha, whose share has the same id (ids are each survivor's own).
    let other = access(&a.new_user("other@example.org")).to_string();
    let other_id = user_id(&a, &other);
    assert_eq!(paired(&a, &asha, &other), asha_id);
    share(&a, &her, &asha_id, "s1");
    share(&a, &other, &asha_id, "s1");

    assert_eq!(openings(&mine(&a, &her, "s1")), Vec::<String>::new());
    open(&a, &asha, "s1", &her_id);
    open(&a, &asha, "s1", &her_id);
    let s = mine(&a, &her, "s1");
    let two = openings(&s);
    assert_eq!(two.len(), 2, "each opening is listed: {s}");
    assert!(two[0] < two[1], "oldest first: {two:?}");
    assert_eq!(s["opened_at"], two[0], "the first opening is still named");

    assert_eq!(
        openings(&mine(&a, &other, "s1")),
        Vec::<String>::new(),
        "her openings are not another woman's"
    );
    let (_, theirs) = api(&a, Method::GET, "/advocate/shares", &asha, None);
    for s in theirs["shares"].as_array().unwrap() {
        assert!(
            s.get("openings").is_none(),
            "the advocate is not shown the log: {s}"
        );
    }

    // Asking again and again keeps only the latest ones, and the first opening's date.
    for _ in 0..KEPT {
        open(&a, &asha, "s1", &her_id);
    }
    let s = mine(&a, &her, "s1");
    let kept = openings(&s);
    assert_eq!(kept.len(), KEPT, "bounded per share");
    assert!(kept[0] > two[1], "the oldest went first: {kept:?}");
    assert_eq!(s["opened_at"], two[0]);
    assert_eq!(
        sql(&a, "SELECT count(*) FROM advocate_share_openings;"),
        KEPT.to_string()
    );

    let latest = kept.last().unwrap().clone();
    assert_eq!(
        api(&a, Method::DELETE, "/advocates/shares/s1", &her, None).0,
        204
    );
    assert_eq!(
        sql(&a, "SELECT count(*) FROM advocate_share_openings;"),
        "0"
    );
    assert!(
        !data_dir_holds(&a, latest.as_bytes()),
        "a withdrawn share's openings are gone from the disk"
    );

    // With her account: the other woman's opened share goes with hers.
    open(&a, &asha, "s1", &other_id);
    assert_eq!(openings(&mine(&a, &other, "s1")).len(), 1);
    let (status, _, err) = users(&a, &["delete", "other@example.org", "--yes"]);
    assert!(status.success(), "{err}");
    assert_eq!(
        sql(&a, "SELECT count(*) FROM advocate_share_openings;"),
        "0"
    );
}
