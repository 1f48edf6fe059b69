//! The operator's `solace users` command run on a test server's data directory, and recovery links
//! opened as a browser opens them.

use std::process::ExitStatus;

use serde_json::Value;

use super::{Auth, SITE};
use crate::common;

/// Runs `solace users ARGS` on the server's data directory with its site URL.
pub fn users(auth: &Auth, args: &[&str]) -> (ExitStatus, String, String) {
    let dir = auth.server.data_dir.to_str().unwrap().to_string();
    let mut all = vec!["--data-dir", &dir, "--site-url", SITE, "users"];
    all.extend_from_slice(args);
    common::run(&all, &[])
}

pub fn users_json(auth: &Auth, args: &[&str]) -> Value {
    let mut all = args.to_vec();
    all.push("--json");
    let (status, out, err) = users(auth, &all);
    assert!(status.success(), "{args:?}: {err}");
    serde_json::from_str(&out).unwrap_or_else(|_| panic!("not JSON: {out}"))
}

pub fn recovery_path(auth: &Auth, email: &str) -> String {
    let v = users_json(auth, &["recovery-link", email]);
    let link = v["link"].as_str().unwrap();
    assert!(v["expires_at"].is_string());
    link.strip_prefix(&format!("{SITE}/auth/v1"))
        .unwrap_or_else(|| panic!("{link}"))
        .to_string()
}

/// Opens the link like a browser would and returns the fragment's pairs.
pub fn open(auth: &Auth, path: &str) -> Vec<(String, String)> {
    open_at(auth, path, "/")
}

/// `open` for a link that leads to `page` of the site (an advocate's set-up link leads to `/advocate`).
pub fn open_at(auth: &Auth, path: &str, page: &str) -> Vec<(String, String)> {
    let res = auth.http.get(auth.url(path)).send().unwrap();
    assert_eq!(res.status().as_u16(), 303);
    let location = res.headers()["location"].to_str().unwrap().to_string();
    assert!(
        location.starts_with(&format!("{SITE}{page}#")),
        "{location}"
    );
    let fragment = location.split_once('#').unwrap().1;
    url::form_urlencoded::parse(fragment.as_bytes())
        .into_owned()
        .collect()
}

pub fn get<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

/// Runs `solace service-key` on the server's data directory and returns the token it prints.
pub fn service_key(auth: &Auth) -> String {
    let dir = auth.server.data_dir.to_str().unwrap().to_string();
    let (status, out, err) = crate::common::run(
        &["--data-dir", &dir, "--site-url", SITE, "service-key"],
        &[],
    );
    assert!(status.success(), "{err}");
    assert_eq!(out.lines().count(), 1, "one line, the token: {out}");
    out.trim().to_string()
}
