//! `solace serve` and `solace users` on PostgreSQL (`[database] url = "postgres://..."`, the password from
//! the environment): sign-up, sign-in and refresh keep their rows in the throwaway cluster, not in the data
//! directory, and a reused refresh token is refused as on SQLite.

use serde_json::json;

use crate::auth_support::{Auth, LIMITS_OFF, access, refresh_token};
use crate::common::{self, Options, Server};
use crate::stores_support::postgres;

#[test]
fn sign_up_sign_in_and_refresh_keep_their_rows_in_postgresql() {
    let cluster = postgres::cluster();
    let (schema, url) = cluster.schema_url();
    let password = ("SOLACE_DATABASE_PASSWORD", cluster.password.as_str());
    let config = format!(
        "{LIMITS_OFF}[auth]\nrefresh_token_reuse_interval_secs = 0\n[database]\nurl = \"{url}\"\n"
    );
    let a = Auth::from_server(Server::start_with(Options {
        config: Some(config.clone()),
        env: vec![(password.0.into(), password.1.into())],
        ..Default::default()
    }));
    let s = a.new_user("pg@example.org");
    let first = refresh_token(&s).to_string();
    let r = a.refresh(&first);
    assert_eq!(r.status, 200, "{}", r.body);
    let r = a.refresh(refresh_token(&r.body));
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(a.user(access(&r.body)).status, 200);
    let mut db = cluster.client(Some(&schema));
    let mut count = |table: &str| -> i64 {
        db.query_one(&format!("SELECT count(*) FROM {table}"), &[])
            .unwrap()
            .get(0)
    };
    assert_eq!((count("users"), count("refresh_tokens")), (1, 3));
    // The first token is neither the active one nor its parent: reusing it is refused, and ends the session.
    let reused = a.refresh(&first);
    assert_eq!(
        (reused.status, reused.code()),
        (400, "refresh_token_already_used")
    );
    assert_eq!((count("sessions"), count("refresh_tokens")), (0, 0));
    assert!(
        !a.server.data_dir.join("solace.db").exists(),
        "no SQLite file was made"
    );

    // The operator's command reads the same database beside the running server.
    let config_file = a.server.data_dir.parent().unwrap().join("beside.toml");
    std::fs::write(&config_file, &config).unwrap();
    let (status, out, err) = common::run(
        &[
            "--config",
            config_file.to_str().unwrap(),
            "--data-dir",
            a.server.data_dir.to_str().unwrap(),
            "users",
            "list",
            "--json",
            "--show-emails",
        ],
        &[password],
    );
    assert!(status.success(), "{err}");
    let listed: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        listed["users"][0]["email"],
        json!("pg@example.org"),
        "{listed}"
    );
}
