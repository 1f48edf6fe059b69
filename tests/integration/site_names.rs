//! What the app calls itself where the browser keeps it (issue 35, "A closer look gives the app away"): the
//! public settings that the offline worker stores on the device name the product only when the operator's own
//! titles do; the real name is asked for apart, never stored; and the sign-in screen's heading is the
//! operator's `site.sign_in_title`, the tab title unless set.

use crate::common;
use common::{Options, Server, client, run};
use reqwest::header::CACHE_CONTROL;

fn public_config(s: &Server) -> (String, serde_json::Value) {
    let text = client()
        .get(s.url("/api/config"))
        .send()
        .unwrap()
        .text()
        .unwrap();
    let body = serde_json::from_str(&text).unwrap();
    (text, body)
}

#[test]
fn with_a_neutral_title_the_kept_settings_never_name_the_product() {
    let s = Server::start_with(Options {
        config: Some("[site]\nproduct_name = \"Harbour Light\"\n".into()),
        ..Options::default()
    });
    let (text, body) = public_config(&s);
    assert!(!text.to_lowercase().contains("harbour"), "{text}");
    assert_eq!(body["page_title"], "Welcome");
    assert_eq!(body["sign_in_title"], "Welcome", "the tab title by default");

    // The screens that need the real name ask for it apart; the answer is never stored by the browser.
    let res = client().get(s.url("/api/config/name")).send().unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()[CACHE_CONTROL], "no-store");
    let name: serde_json::Value = res.json().unwrap();
    assert_eq!(name["product_name"], "Harbour Light");
}

#[test]
fn a_title_that_names_the_product_keeps_it_in_the_settings() {
    let s = Server::start_with(Options {
        config: Some("[site]\nproduct_name = \"Haven\"\npage_title = \"Haven\"\n".into()),
        ..Options::default()
    });
    let (_, body) = public_config(&s);
    assert_eq!(body["product_name"], "Haven");
}

#[test]
fn the_sign_in_screen_says_what_the_operator_chose() {
    let s = Server::start_with(Options {
        config: Some(
            "[site]\nproduct_name = \"Haven\"\nsign_in_title = \"Recipes & more\"\n".into(),
        ),
        ..Options::default()
    });
    let (text, body) = public_config(&s);
    assert_eq!(body["sign_in_title"], "Recipes & more");
    assert_eq!(body["page_title"], "Welcome");
    assert!(!text.contains("Haven"), "{text}");

    // A heading that names the product is the operator's choice; the settings then carry the name too.
    let s = Server::start_with(Options {
        config: Some(
            "[site]\nproduct_name = \"Haven\"\nsign_in_title = \"Welcome to Haven\"\n".into(),
        ),
        ..Options::default()
    });
    assert_eq!(public_config(&s).1["product_name"], "Haven");
}

#[test]
fn a_sign_in_title_that_is_not_one_short_line_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    for bad in ["a\\nb".to_string(), "x".repeat(61)] {
        std::fs::write(&file, format!("[site]\nsign_in_title = \"{bad}\"\n")).unwrap();
        let (status, _, stderr) = run(
            &["validate-config", "--config", file.to_str().unwrap()],
            &[],
        );
        assert_eq!(status.code(), Some(2), "{bad}: {stderr}");
        assert!(stderr.contains("site.sign_in_title"), "{stderr}");
    }
    let (status, example, _) = run(&["generate-config"], &[]);
    assert!(status.success());
    assert!(example.contains("sign_in_title = \"\""), "{example}");
}
