//! The `[safety]` section: operators choose the quick exit's neutral pages; a wrong list is refused by key,
//! and the UI learns the list from /api/config.

use crate::common;

use common::{Options, Server, client, run};

fn validate(toml: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, toml).unwrap();
    let (status, _, stderr) = run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    (status.code(), stderr)
}

#[test]
fn a_wrong_exit_list_exits_2_naming_safety_exit_destinations() {
    for (toml, why) in [
        ("[safety]\nexit_destinations = []\n", "at least one"),
        (
            "[safety]\nexit_destinations = [\"http://example.org/\"]\n",
            "https",
        ),
        ("[safety]\nexit_destinations = [\"news\"]\n", "absolute URL"),
        (
            "[safety]\nexit_destinations = [\"https://a.example/\", \"https://a.example\"]\n",
            "twice",
        ),
    ] {
        let (code, stderr) = validate(toml);
        assert_eq!(code, Some(2), "{toml}: {stderr}");
        assert!(stderr.contains("safety.exit_destinations"), "{stderr}");
        assert!(stderr.contains(why), "{why}: {stderr}");
    }
    let (code, stderr) = validate("[safety]\nexit_destinations = [\"http://127.0.0.1:9/\"]\n");
    assert_eq!(code, Some(0), "{stderr}");
}

#[test]
fn generated_config_documents_the_safety_section() {
    let (status, out, _) = run(&["generate-config"], &[]);
    assert!(status.success());
    assert!(out.contains("[safety]") && out.contains("exit_destinations"));
    assert!(
        !out.contains("mail.google.com"),
        "no webmail inbox by default"
    );
}

#[test]
fn the_ui_gets_the_configured_exit_list() {
    let s = Server::start_with(Options {
        config: Some(
            "[safety]\nexit_destinations = [\"https://weather.example/\", \"http://127.0.0.1:9/\"]\n"
                .into(),
        ),
        ..Default::default()
    });
    let body: serde_json::Value = client()
        .get(s.url("/api/config"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(
        body["safety"]["exit_destinations"],
        serde_json::json!(["https://weather.example/", "http://127.0.0.1:9/"])
    );
}
