//! The `[local]` section: a shelter in another country sets its own emergency numbers and labels; the UI
//! learns them from /api/config, and `generate-config` documents SPEC's numbers as the defaults.

mod common;

use common::{Options, Server, client, run};

const KENYA: &str = r#"
[local]
emergency_number = "999"
helpline_number = "1195"

[[local.emergency_contacts]]
label = { en = "Police", sw = "Polisi" }
numbers = ["999", "112"]

[[local.emergency_contacts]]
label = "Gender Violence Helpline"
numbers = ["1195"]
"#;

#[test]
fn the_ui_gets_another_countrys_numbers_and_labels() {
    let s = Server::start_with(Options {
        config: Some(KENYA.into()),
        ..Default::default()
    });
    let body: serde_json::Value = client()
        .get(s.url("/api/config"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    let local = &body["local"];
    assert_eq!(local["emergency_number"], "999");
    assert_eq!(local["helpline_number"], "1195");
    assert_eq!(
        local["emergency_contacts"],
        serde_json::json!([
            { "label": { "en": "Police", "sw": "Polisi" }, "numbers": ["999", "112"] },
            { "label": "Gender Violence Helpline", "numbers": ["1195"] },
        ])
    );
}

#[test]
fn the_defaults_are_spec_numbers_in_english_and_hindi() {
    let s = Server::start_with(Options::default());
    let body: serde_json::Value = client()
        .get(s.url("/api/config"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    let local = &body["local"];
    assert_eq!(local["emergency_number"], "112");
    assert_eq!(local["helpline_number"], "100");
    let contacts = local["emergency_contacts"].as_array().unwrap();
    assert_eq!(contacts.len(), 3);
    assert_eq!(contacts[1]["label"]["en"], "Women Helpline");
    assert_eq!(contacts[1]["numbers"], serde_json::json!(["1091", "181"]));
    assert!(contacts.iter().all(|c| c["label"]["hi"].is_string()));

    let (status, out, _) = run(&["generate-config"], &[]);
    assert!(status.success());
    assert!(out.contains("[local]") && out.contains("emergency_number = \"112\""));
}
