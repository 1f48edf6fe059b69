//! The `[local]` section: a shelter in another country sets its own emergency numbers and labels; the UI
//! learns them from /api/config, and `generate-config` documents the product's numbers as the defaults.

use crate::common;

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
    assert_eq!(local["helpline_number"], "181");
    let contacts = local["emergency_contacts"].as_array().unwrap();
    assert_eq!(contacts.len(), 5);
    assert_eq!(contacts[1]["label"]["en"], "Women Helpline");
    assert_eq!(contacts[1]["numbers"], serde_json::json!(["181"]));
    assert!(contacts.iter().all(|c| c["label"]["hi"].is_string()));

    let (status, out, _) = run(&["generate-config"], &[]);
    assert!(status.success());
    assert!(out.contains("[local]") && out.contains("emergency_number = \"112\""));
}

/// A config file with `locales/<file>` holding `json` beside it.
fn config_with_catalogue(file: &str, json: &str) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("solace.toml"),
        "[site]\ndefault_language = \"mr\"\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("locales")).unwrap();
    std::fs::write(dir.path().join("locales").join(file), json).unwrap();
    dir
}

#[test]
fn an_operator_adds_a_language_with_a_file_next_to_the_config() {
    let dir = config_with_catalogue(
        "mr.json",
        r#"{ "journal": { "title": "माझी खाजगी डायरी" } }"#,
    );
    let config = dir.path().join("solace.toml");
    let s = Server::start_with(Options {
        args: vec!["--config".into(), config.to_str().unwrap().into()],
        ..Default::default()
    });
    let body: serde_json::Value = client()
        .get(s.url("/api/config"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(body["default_language"], "mr");
    let languages = body["languages"].as_array().unwrap();
    for code in ["en", "hi", "mr"] {
        assert!(languages.contains(&code.into()), "{code} in {languages:?}");
    }
    assert_eq!(body["operator_languages"], serde_json::json!(["mr"]));

    let catalogue: serde_json::Value = client()
        .get(s.url("/api/locales/mr.json"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(catalogue["journal"]["title"], "माझी खाजगी डायरी");
    // Sent compressed, like the app's own files.
    let res = client()
        .get(s.url("/api/locales/mr.json"))
        .header("accept-encoding", "br")
        .send()
        .unwrap();
    assert_eq!(res.headers()["content-encoding"], "br");
    let mut json = Vec::new();
    brotli::BrotliDecompress(&mut &res.bytes().unwrap()[..], &mut json).unwrap();
    let decoded: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(decoded, catalogue);
    let missing = client().get(s.url("/api/locales/fr.json")).send().unwrap();
    assert_eq!(missing.status(), 404);
}

#[test]
fn a_wrong_catalogue_file_exits_2_naming_the_file_and_key() {
    for (file, json, key) in [
        (
            "mr.json",
            r#"{ "journal": { "titel": "x" } }"#,
            "journal.titel",
        ),
        (
            "mr.json",
            r#"{ "emergency": { "footerHelpline": "आपत्कालीन" } }"#,
            "emergency.footerHelpline",
        ),
        ("mr.json", "{ not json", "not valid JSON"),
        ("Marathi.json", "{}", "language code"),
    ] {
        let dir = config_with_catalogue(file, json);
        let config = dir.path().join("solace.toml");
        let (status, _, stderr) = run(
            &["validate-config", "--config", config.to_str().unwrap()],
            &[],
        );
        assert_eq!(status.code(), Some(2), "{file} {json}: {stderr}");
        assert!(stderr.contains(file), "names the file: {stderr}");
        assert!(stderr.contains(key), "names {key}: {stderr}");
    }
}

/// `validate-config` on `dir`'s config, failing the test if it has not finished within 30 s.
fn validate_within_a_while(dir: &tempfile::TempDir) -> (std::process::ExitStatus, String) {
    let config = dir.path().join("solace.toml").to_str().unwrap().to_string();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let (status, _, stderr) = run(&["validate-config", "--config", &config], &[]);
        let _ = tx.send((status, stderr));
    });
    rx.recv_timeout(std::time::Duration::from_secs(30))
        .expect("validate-config did not finish: it hangs on the language file")
}

#[test]
fn a_huge_language_file_or_one_that_is_not_a_file_is_refused_at_once() {
    let big = format!(
        r#"{{ "journal": {{ "title": "{}" }} }}"#,
        "x".repeat(600 * 1024)
    );
    let dir = config_with_catalogue("mr.json", &big);
    let (status, stderr) = validate_within_a_while(&dir);
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("mr.json") && stderr.contains("larger than 512 KiB"),
        "{stderr}"
    );

    // A named pipe would block whoever reads it until someone writes to it.
    let dir = config_with_catalogue("sw.json", "{}");
    let fifo = dir.path().join("locales").join("mr.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let (status, stderr) = validate_within_a_while(&dir);
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("mr.json") && stderr.contains("not a regular file"),
        "{stderr}"
    );
}

/// What an operator translates: `solace locales export en` prints every English text as the one file a
/// language needs, and that file, saved as `locales/<code>.json`, is a language the server accepts.
#[test]
fn the_english_texts_export_as_one_file_the_server_takes_back() {
    let (status, stdout, _) = run(&["locales", "export", "en"], &[]);
    assert!(status.success());
    let exported: serde_json::Value = serde_json::from_str(&stdout).unwrap();
    let ui_en = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/src/locales/en");
    for file in std::fs::read_dir(ui_en).unwrap().flatten() {
        let path = file.path();
        if path.extension().is_some_and(|e| e == "json") {
            let namespace = path.file_stem().unwrap().to_str().unwrap();
            let texts: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(exported[namespace], texts, "namespace {namespace}");
        }
    }
    let dir = config_with_catalogue("mr.json", &stdout);
    let (status, stderr) = validate_within_a_while(&dir);
    assert!(status.success(), "{stderr}");

    let (status, _, stderr) = run(&["locales", "export", "sw"], &[]);
    assert_eq!(status.code(), Some(2));
    assert!(stderr.contains("solace locales export en"), "{stderr}");
}

#[test]
fn the_incident_logs_kinds_come_from_the_config_when_given() {
    let s = Server::start_with(Options::default());
    let body: serde_json::Value = client()
        .get(s.url("/api/config"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(body["incidents"]["categories"], serde_json::json!([]));

    let s = Server::start_with(Options {
        config: Some(
            "[[incidents.categories]]\nid = \"dowry\"\n\n[[incidents.categories]]\nid = \"acid_attack\"\nlabel = { en = \"Acid attack\", hi = \"तेज़ाब से हमला\" }\n"
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
        body["incidents"]["categories"],
        serde_json::json!([
            { "id": "dowry" },
            { "id": "acid_attack", "label": { "en": "Acid attack", "hi": "तेज़ाब से हमला" } },
        ])
    );
}
