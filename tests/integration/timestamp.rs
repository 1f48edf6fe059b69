//! RFC 3161 time-stamps at `/api/timestamp`, checked with a tool nobody here wrote: `openssl ts` makes
//! the requests and verifies the tokens against the certificate the server publishes.

use crate::common;
use crate::tsa_support;

use common::{Options, Server};
use tsa_support::{DIGEST, QUERY, certificate, openssl, post, query, token, verify_reply};

#[test]
fn a_digest_gets_a_token_that_openssl_verifies_and_a_changed_digest_does_not() {
    let s = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let pem = certificate(&s);
    assert!(pem.starts_with("-----BEGIN CERTIFICATE-----"), "{pem}");
    std::fs::write(d.join("tsa.pem"), &pem).unwrap();
    let on_disk = std::fs::read_to_string(s.data_dir.join("timestamp-cert.pem")).unwrap();
    assert_eq!(
        pem, on_disk,
        "the published certificate is the one in the data directory"
    );

    let res = post(&s.url("/api/timestamp"), QUERY, query(d, DIGEST));
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/timestamp-reply");
    let reply = res.bytes().unwrap();
    let (ok, out) = verify_reply(d, DIGEST, &reply, "tsa.pem");
    assert!(ok, "{out}");

    // A token alone (t.der), as the incident log keeps it, verifies the same way; a changed digest does
    // not.
    token(&s, d, DIGEST);
    let token_verifies = |digest: &str| {
        let args = [
            "ts",
            "-verify",
            "-digest",
            digest,
            "-in",
            "t.der",
            "-token_in",
            "-CAfile",
            "tsa.pem",
        ];
        let (ok, out) = openssl(d, &args);
        ok && out.contains("Verification: OK")
    };
    assert!(token_verifies(DIGEST));
    let mut other = DIGEST.to_string();
    other.replace_range(0..1, "6");
    assert!(!token_verifies(&other), "a changed digest must not verify");

    // The stamped time is now, to the second.
    let (_, text) = openssl(d, &["ts", "-reply", "-in", "r.tsr", "-text"]);
    let line = text.lines().find(|l| l.starts_with("Time stamp:")).unwrap();
    let stamped = line.trim_start_matches("Time stamp:").trim();
    let stamped = chrono::NaiveDateTime::parse_from_str(stamped, "%b %e %H:%M:%S %Y GMT")
        .unwrap_or_else(|e| panic!("{stamped}: {e}"));
    let age = chrono::Utc::now().naive_utc() - stamped;
    assert!(age.num_seconds().abs() < 60, "{line}");

    // The token names its authority (TSTInfo's `tsa`) as its certificate's subject, which `openssl ts
    // -verify` above compared with the signer's certificate; a reader of the token alone sees who stamped.
    assert_eq!(tsa_line(&text), "TSA: DirName:/CN=Solace time-stamping");
}

/// The `TSA:` line of `openssl ts -reply -text` ("TSA: unspecified" when the token names none).
fn tsa_line(text: &str) -> &str {
    text.lines()
        .find(|l| l.starts_with("TSA:"))
        .unwrap_or_else(|| panic!("no TSA line in {text}"))
        .trim()
}

#[test]
fn the_key_and_certificate_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let start = || {
        Server::start_with(Options {
            data_dir: Some(data.clone()),
            ..Default::default()
        })
    };
    let first = start();
    let before = certificate(&first);
    drop(first);
    assert_eq!(certificate(&start()), before);
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
    let url = s.url("/api/timestamp");
    let refused = |content_type: &str, body: Vec<u8>| -> (u16, serde_json::Value) {
        let res = post(&url, content_type, body);
        (res.status().as_u16(), res.json().unwrap())
    };

    let (status, body) = refused("application/json", b"{}".to_vec());
    assert_eq!(
        (status, body["error"].as_str()),
        (415, Some("not_a_timestamp_query"))
    );
    let (status, body) = refused(QUERY, b"not DER".to_vec());
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
    let (status, body) = refused(QUERY, std::fs::read(d.join("q1.tsq")).unwrap());
    assert_eq!(
        (status, body["error"].as_str()),
        (400, Some("unsupported_digest")),
        "{body}"
    );

    // Five a minute from one address here: the sixth waits.
    let q = query(d, DIGEST);
    assert_eq!(post(&url, QUERY, q.clone()).status(), 200);
    assert_eq!(post(&url, QUERY, q.clone()).status(), 200);
    let res = post(&url, QUERY, q);
    assert_eq!(res.status(), 429);
    assert!(res.headers().contains_key("retry-after"));
}

#[test]
fn an_operators_own_certificate_and_key_sign_instead() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    for args in [
        &[
            "ecparam",
            "-name",
            "prime256v1",
            "-genkey",
            "-noout",
            "-out",
            "ec.pem",
        ][..],
        &[
            "pkcs8", "-topk8", "-nocrypt", "-in", "ec.pem", "-out", "key.pem",
        ],
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
    ] {
        let (ok, out) = openssl(d, args);
        assert!(ok, "{out}");
    }
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
    let reply = post(&s.url("/api/timestamp"), QUERY, query(d, DIGEST))
        .bytes()
        .unwrap();
    let (ok, out) = verify_reply(d, DIGEST, &reply, "cert.pem");
    assert!(ok, "{out}");
    // The token names the operator's certificate's subject as its authority.
    let (_, text) = openssl(d, &["ts", "-reply", "-in", "r.tsr", "-text"]);
    assert_eq!(tsa_line(&text), "TSA: DirName:/CN=Shelter TSA");
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
    let config = format!(
        "[timestamp]\nexternal_url = \"{}\"\n",
        other.url("/api/timestamp")
    );
    let s = Server::start_with(Options {
        config: Some(config),
        ..Default::default()
    });
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::write(d.join("other.pem"), certificate(&other)).unwrap();
    let q = query(d, DIGEST);
    let res = post(&s.url("/api/timestamp/external"), QUERY, q.clone());
    assert_eq!(res.status(), 200);
    let (ok, out) = verify_reply(d, DIGEST, &res.bytes().unwrap(), "other.pem");
    assert!(ok, "{out}");

    // Without one configured, or when it is gone, the answer says so.
    assert_eq!(
        post(&other.url("/api/timestamp/external"), QUERY, q.clone()).status(),
        404
    );
    drop(other);
    let res = post(&s.url("/api/timestamp/external"), QUERY, q);
    assert_eq!(res.status(), 502);
    let body: serde_json::Value = res.json().unwrap();
    assert_eq!(body["error"], "external_authority_failed");
}
