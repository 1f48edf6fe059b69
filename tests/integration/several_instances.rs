//! Two `solace serve` instances on one PostgreSQL database and one bucket (the S3 stand-in) behind nginx's
//! round-robin behave as one
//! (README, "Running on more than one machine"): an account made through one signs in through the other; a
//! refresh token rotated on one is refused when reused on the other; a copy uploaded chunk by chunk through
//! both keeps its chunks in the bucket and comes back whole; a share sent through one is read through the other; and a check-in alert whose
//! sender is killed mid-send is sent once, by the other, within the lease and a few seconds. Wrong
//! passwords count on both together. An instance without the others' keys refuses to start instead of
//! making keys of its own.

use std::net::TcpListener;
use std::path::Path;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use reqwest::Method;
use serde_json::json;

use crate::advocates::{her_with_asha, share};
use crate::auth_support::{Auth, LIMITS_OFF, PASSWORD, access, api, refresh_token};
use crate::checkin::{start, token};
use crate::checkin_support::{Smtp, config_for};
use crate::common::{self, Options, Server};
use crate::nginx_support::{self, Nginx};
use crate::stores_support::postgres;
use crate::stores_support::s3::{self, new_prefix, objects, storage};

/// The claim on an alert lasts this long (`[checkin] alert_lease_seconds`), renewed while it is sent.
const LEASE_SECS: u64 = 2;

/// The key files every instance must share (README, "Running on more than one machine").
const KEY_FILES: &[&str] = &[
    "jwt-signing-key.p256.pk8",
    "mfa-secret-key.aes256",
    "vault-key",
    "timestamp-key.p256.pk8",
    "timestamp-cert.pem",
    "vapid-key.p256.pk8",
];

/// Password sign-ins per account and client address in a window (`token_per_email`); the other limits off.
const PER_ADDRESS: u32 = 3;

fn config(mail_port: u16) -> String {
    let limits = LIMITS_OFF.replace(
        "token_per_email = 0",
        &format!("token_per_email = {PER_ADDRESS}"),
    );
    format!(
        "{limits}[auth]\nrefresh_token_reuse_interval_secs = 0\nsign_up_returns_session = true\n\
         [checkin]\nmin_minutes = 1\nalert_lease_seconds = {LEASE_SECS}\n{}",
        config_for(mail_port)
    )
}

/// An instance on `data_dir`, whose database is the test's schema (`common::on_database`), keeping large
/// files in `bucket` (a `[storage]` section).
fn instance(data_dir: &Path, mail_port: u16, bucket: &str) -> Auth {
    Auth::from_server(Server::start_with(Options {
        config: Some(format!("{}{bucket}", config(mail_port))),
        data_dir: Some(data_dir.to_path_buf()),
        ..Default::default()
    }))
}

fn copy_keys(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for name in KEY_FILES {
        std::fs::copy(from.join(name), to.join(name)).unwrap();
    }
}

#[test]
fn two_instances_on_one_database_behind_nginx_behave_as_one() {
    if !nginx_support::installed() {
        return;
    }
    let cluster = postgres::cluster();
    let (schema, url) = cluster.schema_url();
    let dirs = tempfile::tempdir().unwrap();
    let (dir_a, dir_b, dir_c) = (
        dirs.path().join("a"),
        dirs.path().join("b"),
        dirs.path().join("c"),
    );
    for dir in [&dir_a, &dir_b, &dir_c] {
        common::on_database(dir, &url);
    }
    // A's mail server takes the connection and never answers: an alert A sends hangs until A is killed.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let silent_port = silent.local_addr().unwrap().port();
    let smtp = Smtp::start();
    let prefix = new_prefix();
    let bucket = storage(dirs.path(), &prefix, &s3::bucket().endpoint);

    let a = instance(&dir_a, silent_port, &bucket);
    // A third instance without A's keys refuses to start, naming the file to copy, and makes no key.
    let (status, _, err) = common::run(
        &[
            "--data-dir",
            dir_c.to_str().unwrap(),
            "--port",
            &common::free_port().to_string(),
            "serve",
        ],
        &[],
    );
    assert!(!status.success());
    assert!(
        err.contains("jwt-signing-key.p256.pk8") && err.contains("copy theirs"),
        "{err}"
    );
    assert!(!dir_c.join("jwt-signing-key.p256.pk8").exists());
    copy_keys(&dir_a, &dir_b);
    let b = instance(&dir_b, smtp.port, &bucket);
    let proxy = Nginx::start(&[a.server.port, b.server.port], "client_max_body_size 2m;");

    // Signed up through A, signed in through B.
    let r = a.signup("she@example.org", PASSWORD, json!({}));
    assert_eq!(r.status, 200, "{}", r.body);
    let first = b.sign_in("she@example.org", PASSWORD);
    assert_eq!(first.status, 200, "{}", first.body);
    let her = access(&first.body).to_string();
    assert_eq!(a.user(&her).status, 200, "B's token is good on A");

    // Rotated twice on A, the first token reused on B: refused, and the session ends on both. (The
    // parent of the active token is let through once, as GoTrue does, for a client that lost the answer.)
    let rotated = a.refresh(refresh_token(&first.body));
    assert_eq!(rotated.status, 200, "{}", rotated.body);
    let rotated = a.refresh(refresh_token(&rotated.body));
    assert_eq!(rotated.status, 200, "{}", rotated.body);
    let reused = b.refresh(refresh_token(&first.body));
    assert_eq!(
        (reused.status, reused.code()),
        (400, "refresh_token_already_used"),
        "{}",
        reused.body
    );
    assert_eq!(a.refresh(refresh_token(&rotated.body)).status, 400);

    // Wrong passwords count on both instances together: the fourth attempt from this address, two on
    // each instance, is one over the limit of three.
    a.new_user("guessed@example.org");
    for (instance, status) in [(&b, 400), (&a, 400), (&b, 429)] {
        let r = instance.sign_in("guessed@example.org", "wrong-Passw0rd!");
        assert_eq!(r.status, status, "{}", r.body);
    }

    // A copy's chunks through nginx, each instance taking its turn, restored whole.
    let her = access(&b.sign_in("she@example.org", PASSWORD).body).to_string();
    let http = common::client();
    let chunk = |i: u8| vec![i; 256 * 1024];
    for i in 0..4u8 {
        let r = http
            .put(proxy.url(&format!("/api/copy/attachments/photo/{i}")))
            .bearer_auth(&her)
            .header("content-type", "application/octet-stream")
            .body(chunk(i))
            .send()
            .unwrap();
        assert_eq!(r.status().as_u16(), 204);
    }
    for server in [&a.server, &b.server] {
        let puts = server
            .logs()
            .lines()
            .filter(|l| l.contains("/api/copy/attachments/photo/"))
            .count();
        assert_eq!(puts, 2, "round-robin: each instance took two chunks");
    }
    let listed: serde_json::Value = http
        .get(proxy.url("/api/copy/attachments/photo"))
        .bearer_auth(&her)
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(listed["chunks"], json!([0, 1, 2, 3]));
    for i in 0..4u8 {
        let back = http
            .get(proxy.url(&format!("/api/copy/attachments/photo/{i}")))
            .bearer_auth(&her)
            .send()
            .unwrap();
        assert_eq!(back.bytes().unwrap().to_vec(), chunk(i));
    }
    assert_eq!(
        objects(&prefix).len(),
        4,
        "the chunks are objects of the one bucket both instances use"
    );

    // A share sent through A, read by her advocate through B.
    let (asha, survivor, asha_id) = her_with_asha(&a);
    assert_eq!(share(&a, &survivor, &asha_id, "s1", b"SEALED"), 201);
    let (status, opened) = api(&b, Method::GET, "/advocate/shares/s1", &asha, None);
    assert_eq!(status, 200, "{opened}");
    assert_eq!(
        B64.decode(opened["sealed"].as_str().unwrap()).unwrap(),
        b"SEALED"
    );

    // A check-in started through A runs out while only A runs: A claims its alert and hangs sending it.
    let mut b = b;
    b.server.signal("TERM");
    b.server.wait();
    let mut pg = cluster.client(Some(&schema));
    let walker = token(&a.new_user("walker@example.org"));
    start(
        &a,
        &walker,
        "At the bank on Ring Road",
        json!({"minutes": 1, "emails": ["friend@ring-road.example"]}),
    );
    let past = chrono::Utc::now().timestamp_millis() - 1;
    pg.execute(
        "UPDATE checkins SET ends_at = $1, next_try_at = $1 WHERE state = 'running'",
        &[&past],
    )
    .unwrap();
    let (accepted, connected) = mpsc::channel();
    std::thread::spawn(move || {
        let held = silent.accept().unwrap();
        accepted.send(()).unwrap();
        // Held open, unanswered, until the test ends.
        std::thread::sleep(Duration::from_secs(60));
        drop(held);
    });
    connected
        .recv_timeout(Duration::from_secs(20))
        .expect("A started sending the alert");
    let holder: Option<String> = pg
        .query_one("SELECT leased_by FROM checkins", &[])
        .unwrap()
        .get(0);
    assert!(holder.is_some(), "A holds the alert");

    // B comes back while A still holds the alert: it leaves the alert to A for longer than a lease,
    // A renewing its claim.
    let b = instance(&dir_b, smtp.port, &bucket);
    assert!(
        smtp.next_within(LEASE_SECS + 2).is_none(),
        "B sent an alert A was sending"
    );
    let mut a = a;
    a.server.signal("KILL");
    a.server.wait();
    let killed = Instant::now();
    let mail = smtp.next(LEASE_SECS + 15);
    let took = killed.elapsed();
    assert_eq!(mail["to"], json!(["friend@ring-road.example"]), "{mail}");
    assert!(
        mail["body"]
            .as_str()
            .unwrap()
            .contains("At the bank on Ring Road"),
        "{mail}"
    );
    assert!(
        took <= Duration::from_secs(LEASE_SECS + 5),
        "B sent it {took:?} after A died; the lease is {LEASE_SECS} s"
    );
    assert!(smtp.next_within(3).is_none(), "the alert went twice");
    let (state, holder): (String, Option<String>) = {
        let row = pg
            .query_one("SELECT state, leased_by FROM checkins", &[])
            .unwrap();
        (row.get(0), row.get(1))
    };
    assert_eq!(
        (state.as_str(), holder),
        ("told", None),
        "sent, and no longer held"
    );
    drop(b);
}
