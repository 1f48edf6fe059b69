//! RFC 3161 time-stamps at `/api/timestamp`, checked with a tool nobody here wrote: `openssl ts` makes
//! the requests and verifies the tokens against the certificate the server publishes.

mod common;

use std::path::Path;
use std::process::Command;

use common::{Options, Server, client};

fn openssl(dir: &Path, args: &[&str]) -> (bool, String) {
    let out = Command::new("openssl")
        .args(args)
        .current_dir(dir)
        .output()
        .expect("openssl is installed");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn post(s: &Server, content_type: &str, body: Vec<u8>) -> reqwest::blocking::Response {
    client()
        .post(s.url("/api/timestamp"))
        .header("content-type", content_type)
        .body(body)
        .send()
        .unwrap()
}

const DIGEST: &str = "5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";

#[test]
fn a_digest_gets_a_token_that_openssl_verifies_and_a_changed_digest_does_not() {
    let s = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pem = client()
        .get(s.url("/api/timestamp/certificate"))
        .send()
        .unwrap()
        .text()
        .unwrap();
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----"), "{pem}");
    std::fs::write(d.join("tsa.pem"), &pem).unwrap();
    let on_disk = std::fs::read_to_string(s.data_dir.join("timestamp-cert.pem")).unwrap();
    assert_eq!(
        pem, on_disk,
        "the published certificate is the one in the data directory"
    );

    let (ok, out) = openssl(
        d,
        &[
            "ts", "-query", "-digest", DIGEST, "-sha256", "-cert", "-out", "q.tsq",
        ],
    );
    assert!(ok, "{out}");
    let res = post(
        &s,
        "application/timestamp-query",
        std::fs::read(d.join("q.tsq")).unwrap(),
    );
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/timestamp-reply");
    std::fs::write(d.join("r.tsr"), res.bytes().unwrap()).unwrap();

    let (ok, out) = openssl(
        d,
        &[
            "ts", "-verify", "-digest", DIGEST, "-in", "r.tsr", "-CAfile", "tsa.pem",
        ],
    );
    assert!(ok && out.contains("Verification: OK"), "{out}");
    // The token alone, as the incident log keeps it, verifies the same way.
    let (ok, out) = openssl(
        d,
        &[
            "ts",
            "-reply",
            "-in",
            "r.tsr",
            "-token_out",
            "-out",
            "t.der",
        ],
    );
    assert!(ok, "{out}");
    let (ok, out) = openssl(
        d,
        &[
            "ts",
            "-verify",
            "-digest",
            DIGEST,
            "-in",
            "t.der",
            "-token_in",
            "-CAfile",
            "tsa.pem",
        ],
    );
    assert!(ok && out.contains("Verification: OK"), "{out}");
    let mut other = DIGEST.to_string();
    other.replace_range(0..1, "6");
    let (ok, out) = openssl(
        d,
        &[
            "ts",
            "-verify",
            "-digest",
            &other,
            "-in",
            "t.der",
            "-token_in",
            "-CAfile",
            "tsa.pem",
        ],
    );
    assert!(!ok, "a changed digest must not verify: {out}");

    // The stamped time is now, to the second.
    let (_, text) = openssl(d, &["ts", "-reply", "-in", "r.tsr", "-text"]);
    let line = text.lines().find(|l| l.starts_with("Time stamp:")).unwrap();
    let stamped = line.trim_start_matches("Time stamp:").trim();
    let stamped = chrono::NaiveDateTime::parse_from_str(stamped, "%b %e %H:%M:%S %Y GMT")
        .unwrap_or_else(|e| panic!("{stamped}: {e}"));
    let age = chrono::Utc::now().naive_utc() - stamped;
    assert!(age.num_seconds().abs() < 60, "{line}");
}

#[test]
fn the_key_and_certificate_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let first = Server::start_with(Options {
        data_dir: Some(data.clone()),
        ..Default::default()
    });
    let cert = |s: &Server| {
        client()
            .get(s.url("/api/timestamp/certificate"))
            .send()
            .unwrap()
            .text()
            .unwrap()
    };
    let before = cert(&first);
    drop(first);
    let second = Server::start_with(Options {
        data_dir: Some(data.clone()),
        ..Default::default()
    });
    assert_eq!(cert(&second), before);
    use std::os::unix::fs::PermissionsExt;
    let mode = std::fs::metadata(data.join("timestamp-key.p256.pk8"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o600);
}

#[test]
fn bad_requests_get_a_clear_error_and_no_token() {
    let s = Server::start_with(Options {
        config: Some("[timestamp]\nper_address_per_minute = 5\n".into()),
        ..Default::default()
    });
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let json = |res: reqwest::blocking::Response| -> (u16, serde_json::Value) {
        (res.status().as_u16(), res.json().unwrap())
    };

    let (status, body) = json(post(&s, "application/json", b"{}".to_vec()));
    assert_eq!(
        (status, body["error"].as_str()),
        (415, Some("not_a_timestamp_query"))
    );
    let (status, body) = json(post(&s, "application/timestamp-query", b"not DER".to_vec()));
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("bad_timestamp_query"))
    );
    assert!(body["message"].as_str().unwrap().contains("TimeStampReq"));
    let (ok, out) = openssl(
        d,
        &[
            "ts",
            "-query",
            "-digest",
            &DIGEST[..40],
            "-sha1",
            "-out",
            "q1.tsq",
        ],
    );
    assert!(ok, "{out}");
    let (status, body) = json(post(
        &s,
        "application/timestamp-query",
        std::fs::read(d.join("q1.tsq")).unwrap(),
    ));
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("unsupported_digest")),
        "{body}"
    );

    // Five a minute from one address here: the sixth waits.
    let (_, _) = openssl(
        d,
        &[
            "ts", "-query", "-digest", DIGEST, "-sha256", "-out", "q.tsq",
        ],
    );
    let query = std::fs::read(d.join("q.tsq")).unwrap();
    assert_eq!(
        post(&s, "application/timestamp-query", query.clone()).status(),
        200
    );
    assert_eq!(
        post(&s, "application/timestamp-query", query.clone()).status(),
        200
    );
    let res = post(&s, "application/timestamp-query", query);
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
}

#[test]
fn an_operators_own_certificate_and_key_sign_instead() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let (ok, out) = openssl(
        d,
        &[
            "ecparam",
            "-name",
            "prime256v1",
            "-genkey",
            "-noout",
            "-out",
            "ec.pem",
        ],
    );
    assert!(ok, "{out}");
    let (ok, out) = openssl(
        d,
        &[
            "pkcs8", "-topk8", "-nocrypt", "-in", "ec.pem", "-out", "key.pem",
        ],
    );
    assert!(ok, "{out}");
    let (ok, out) = openssl(
        d,
        &[
            "req",
            "-new",
            "-x509",
            "-key",
            "key.pem",
            "-out",
            "cert.pem",
            "-days",
            "30",
            "-subj",
            "/CN=Shelter TSA",
            "-addext",
            "extendedKeyUsage=critical,timeStamping",
            "-addext",
            "keyUsage=critical,digitalSignature",
        ],
    );
    assert!(ok, "{out}");
    let config = format!(
        "[timestamp]\ncert_file = {:?}\nkey_file = {:?}\n",
        d.join("cert.pem"),
        d.join("key.pem")
    );
    let s = Server::start_with(Options {
        config: Some(config),
        ..Default::default()
    });
    assert!(
        !s.data_dir.join("timestamp-key.p256.pk8").exists(),
        "no key of its own is made"
    );
    let (ok, out) = openssl(
        d,
        &[
            "ts", "-query", "-digest", DIGEST, "-sha256", "-cert", "-out", "q.tsq",
        ],
    );
    assert!(ok, "{out}");
    let res = post(
        &s,
        "application/timestamp-query",
        std::fs::read(d.join("q.tsq")).unwrap(),
    );
    std::fs::write(d.join("r.tsr"), res.bytes().unwrap()).unwrap();
    let (ok, out) = openssl(
        d,
        &[
            "ts", "-verify", "-digest", DIGEST, "-in", "r.tsr", "-CAfile", "cert.pem",
        ],
    );
    assert!(ok && out.contains("Verification: OK"), "{out}");
}

#[test]
fn a_certificate_without_its_key_is_refused_by_validate_config() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, "[timestamp]\ncert_file = \"/nowhere/cert.pem\"\n").unwrap();
    let (status, _, err) = common::run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    assert_eq!(status.code(), Some(2), "{err}");
    assert!(err.contains("timestamp.cert_file"), "{err}");
}

#[test]
fn a_second_authority_is_reached_through_the_server_and_its_token_verifies_against_its_own_certificate()
 {
    // The other authority is a real RFC 3161 server on loopback: another Solace.
    let other = Server::start();
    let s = Server::start_with(Options {
        config: Some(format!(
            "[timestamp]\nexternal_url = \"{}\"\n",
            other.url("/api/timestamp")
        )),
        ..Default::default()
    });
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let other_pem = client()
        .get(other.url("/api/timestamp/certificate"))
        .send()
        .unwrap()
        .text()
        .unwrap();
    std::fs::write(d.join("other.pem"), other_pem).unwrap();
    let (ok, out) = openssl(
        d,
        &[
            "ts", "-query", "-digest", DIGEST, "-sha256", "-cert", "-out", "q.tsq",
        ],
    );
    assert!(ok, "{out}");
    let res = client()
        .post(s.url("/api/timestamp/external"))
        .header("content-type", "application/timestamp-query")
        .body(std::fs::read(d.join("q.tsq")).unwrap())
        .send()
        .unwrap();
    assert_eq!(res.status(), 200);
    std::fs::write(d.join("r.tsr"), res.bytes().unwrap()).unwrap();
    let (ok, out) = openssl(
        d,
        &[
            "ts",
            "-verify",
            "-digest",
            DIGEST,
            "-in",
            "r.tsr",
            "-CAfile",
            "other.pem",
        ],
    );
    assert!(ok && out.contains("Verification: OK"), "{out}");

    // Without one configured, or when it is gone, the answer says so.
    let plain = client()
        .post(other.url("/api/timestamp/external"))
        .header("content-type", "application/timestamp-query")
        .body(std::fs::read(d.join("q.tsq")).unwrap())
        .send()
        .unwrap();
    assert_eq!(plain.status(), 404);
    drop(other);
    let res = client()
        .post(s.url("/api/timestamp/external"))
        .header("content-type", "application/timestamp-query")
        .body(std::fs::read(d.join("q.tsq")).unwrap())
        .send()
        .unwrap();
    assert_eq!(res.status(), 502);
    let body: serde_json::Value = res.json().unwrap();
    assert_eq!(body["error"], "external_authority_failed");
}
