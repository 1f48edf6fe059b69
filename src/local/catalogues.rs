//! Languages an operator adds without a rebuild: `locales/<code>.json` next to the config file, one JSON
//! object `namespace -> key -> text` (or list of texts), checked against the app's English catalogue.
//! A file for a language the app ships replaces single texts of it.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use serde_json::Value;

use crate::config_error::{ConfigError, err};
use crate::local::config::language_code;

mod english {
    include!(concat!(env!("OUT_DIR"), "/english_catalogue.rs"));
}

/// Largest language file read: the app's Hindi texts take about 85 KB, so this leaves room for any
/// language while a mistaken or hostile file cannot fill the server's memory.
pub const MAX_FILE_BYTES: u64 = 512 * 1024;

/// Language code -> the catalogue file's JSON, as the UI fetches it from `/api/locales/<code>.json`.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct OperatorCatalogues(pub BTreeMap<String, Value>);

impl OperatorCatalogues {
    /// Reads every `*.json` in `dir` (no folder: no catalogues); any problem names the file and the key.
    pub fn load(dir: &Path) -> Result<Self, ConfigError> {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Ok(Self::default());
        };
        let english = english_catalogue();
        let mut found = BTreeMap::new();
        let mut paths: Vec<_> = entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        for path in paths {
            let source = path.display().to_string();
            let code = path
                .file_stem()
                .unwrap_or_default()
                .to_string_lossy()
                .into_owned();
            if !language_code(&code) {
                return Err(err(
                    &source,
                    "",
                    format!(
                        "the file name must be a language code, like \"mr.json\" or \"pt-BR.json\" (not {code:?})"
                    ),
                ));
            }
            let text = read_small_file(&path).map_err(|why| err(&source, "", why.to_string()))?;
            let value: Value = serde_json::from_str(&text)
                .map_err(|e| err(&source, "", format!("not valid JSON: {e}")))?;
            check(&value, &english).map_err(|(key, why)| err(&source, &key, why))?;
            found.insert(code, value);
        }
        Ok(Self(found))
    }

    pub fn languages(&self) -> impl Iterator<Item = &String> {
        self.0.keys()
    }
}

/// The file's text, refusing anything but a regular file (a pipe or a device would block the start
/// forever) and anything over `MAX_FILE_BYTES`.
fn read_small_file(path: &Path) -> Result<String, FileProblem> {
    use std::io::Read;
    let meta = std::fs::metadata(path).map_err(FileProblem::Unreadable)?;
    if !meta.is_file() {
        return Err(FileProblem::NotRegular);
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(FileProblem::TooLarge);
    }
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_FILE_BYTES + 1).read_to_string(&mut text))
        .map_err(FileProblem::Unreadable)?;
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(FileProblem::TooLarge);
    }
    Ok(text)
}

#[derive(Debug, thiserror::Error)]
enum FileProblem {
    #[error("cannot read: {0}")]
    Unreadable(std::io::Error),
    #[error("is not a regular file")]
    NotRegular,
    #[error("is larger than {} KiB", MAX_FILE_BYTES / 1024)]
    TooLarge,
}

type Catalogue = BTreeMap<String, serde_json::Map<String, Value>>;

/// `solace locales export LANGUAGE`: prints the English catalogue as the one JSON object a file in
/// `locales/` holds, to be translated. Exit 0; 2 for a language other than English (the texts are
/// written in English; a shipped translation is in the source under `ui/src/locales/`).
pub fn export(language: &str) -> std::process::ExitCode {
    if language != "en" {
        eprintln!(
            "solace: only the English texts can be exported (solace locales export en); translate those"
        );
        return std::process::ExitCode::from(2);
    }
    let text = serde_json::to_string_pretty(&english_catalogue()).expect("a catalogue is JSON");
    println!("{text}");
    std::process::ExitCode::SUCCESS
}

fn english_catalogue() -> Catalogue {
    english::ENGLISH_FILES
        .iter()
        .map(|(namespace, json)| {
            let messages = serde_json::from_str(json).expect("the English catalogue is valid JSON");
            (namespace.to_string(), messages)
        })
        .collect()
}

/// Known namespaces and keys only, each a text (or a list where English has a list) with English's
/// placeholders; missing keys are fine (English shows instead).
fn check(value: &Value, english: &Catalogue) -> Result<(), (String, String)> {
    let Some(namespaces) = value.as_object() else {
        return Err((String::new(), "must be a JSON object of namespaces".into()));
    };
    for (namespace, messages) in namespaces {
        let Some(known) = english.get(namespace) else {
            return Err((
                namespace.clone(),
                "the app has no texts under this name".into(),
            ));
        };
        let Some(messages) = messages.as_object() else {
            return Err((namespace.clone(), "must be an object of texts".into()));
        };
        for (key, text) in messages {
            let path = format!("{namespace}.{key}");
            let Some(reference) = known.get(key) else {
                return Err((path, "the app has no such text".into()));
            };
            let texts: Vec<&str> = match (text, reference) {
                (Value::String(s), Value::String(_)) => vec![s],
                (Value::Array(list), Value::Array(_)) => {
                    list.iter().filter_map(Value::as_str).collect()
                }
                (_, Value::Array(_)) => return Err((path, "must be a list of texts".into())),
                _ => return Err((path, "must be a text".into())),
            };
            if texts.iter().any(|t| t.trim().is_empty()) || texts.is_empty() {
                return Err((path, "must not be empty".into()));
            }
            let wanted = placeholders(reference);
            if let Some(t) = texts
                .iter()
                .find(|t| placeholders(&Value::from(**t)) != wanted)
            {
                return Err((
                    path,
                    format!("{t:?} must use the placeholders {wanted:?}, as English does"),
                ));
            }
        }
    }
    Ok(())
}

/// `{name}` placeholders of a text (or of every text of a list).
fn placeholders(value: &Value) -> BTreeSet<String> {
    let texts: Vec<&str> = match value {
        Value::String(s) => vec![s],
        Value::Array(list) => list.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    texts
        .iter()
        .flat_map(|t| {
            t.split('{')
                .skip(1)
                .filter_map(|rest| rest.split_once('}').map(|(n, _)| n))
        })
        .filter(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
        .map(str::to_string)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_embedded_english_catalogue_has_the_apps_texts() {
        let english = english_catalogue();
        assert_eq!(english["journal"]["title"], "Your Private Journal");
    }

    #[test]
    fn checks_names_shapes_and_placeholders() {
        let english = english_catalogue();
        assert!(
            check(
                &json!({ "journal": { "title": "तुमची खाजगी डायरी" } }),
                &english
            )
            .is_ok()
        );
        let bad = [
            (json!({ "nope": {} }), "nope"),
            (json!({ "journal": { "nope": "x" } }), "journal.nope"),
            (json!({ "journal": { "title": 3 } }), "journal.title"),
            (json!({ "journal": { "title": " " } }), "journal.title"),
            (
                json!({ "emergency": { "footerHelpline": "Notruf" } }),
                "emergency.footerHelpline",
            ),
        ];
        for (value, key) in bad {
            assert_eq!(check(&value, &english).unwrap_err().0, key, "{value}");
        }
    }
}
