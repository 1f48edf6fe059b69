//! `solace verify-evidence` on bundles made here as the browser will make them: stamped by the real
//! server (the requests made with `openssl ts -query`), then changed one byte at a time.

use crate::common;
use crate::tsa_support;

use std::io::Write;
use std::path::{Path, PathBuf};

use common::{Server, run};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use tsa_support::{OpensslAuthority, certificate, token as stamp};

#[path = "../fixtures/hostile_bundles.rs"]
mod hostile_bundles;
#[path = "verify_evidence_locked.rs"]
mod locked;
#[path = "verify_evidence_openssl.rs"]
mod openssl;

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

struct Bundle {
    manifest: Value,
    files: Vec<(String, Vec<u8>)>,
}

const PHOTO: &[u8] = b"\xff\xd8\xff\xe0 a photo of the bruise, as the camera saved it";

/// Three incidents in a chain (the first with a photo), each stamped, plus the certificate.
fn bundle(s: &Server, dir: &Path) -> Bundle {
    let cert = certificate(s);
    let mut files = vec![
        ("tsa-certificate.pem".to_string(), cert.into_bytes()),
        ("attachments/photo.jpg".into(), PHOTO.to_vec()),
    ];
    let mut entries = Vec::new();
    let mut previous: Option<String> = None;
    let written = chrono::Utc::now() - chrono::Duration::minutes(10);
    for (n, what) in [
        "He pushed me against the door.",
        "He took my phone for a day.",
        "He threatened my sister.",
    ]
    .iter()
    .enumerate()
    {
        let id = format!("incident-{n}");
        let attachments = if n == 0 {
            json!([{"file": "attachments/photo.jpg", "sha256": hex(&Sha256::digest(PHOTO))}])
        } else {
            json!([])
        };
        let content = json!({
            "id": id, "kind": "incident", "written_at": written.to_rfc3339(), "previous": previous,
            "salt": hex(&[n as u8 + 7; 32]), "what_happened": what, "attachments": attachments,
        })
        .to_string();
        let digest = hex(&Sha256::digest(content.as_bytes()));
        files.push((format!("tokens/{id}.tsr"), stamp(s, dir, &digest)));
        entries.push(json!({"id": id, "content": content, "digest": digest, "token": format!("tokens/{id}.tsr")}));
        previous = Some(digest);
    }
    Bundle {
        manifest: json!({"format": "solace-evidence/1", "certificate": "tsa-certificate.pem", "entries": entries}),
        files,
    }
}

fn write_zip(b: &Bundle, path: &Path) {
    write_zip_locked(b, path, None);
}

/// The bundle's ZIP; with a password, every member locked with WinZip's AES-256 as the browser does it.
fn write_zip_locked(b: &Bundle, path: &Path, password: Option<&str>) {
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path).unwrap());
    let mut opts: zip::write::FileOptions<'_, '_, ()> = zip::write::FileOptions::default();
    if let Some(password) = password {
        opts = opts.with_aes_encryption(zip::AesMode::Aes256, password);
    }
    zip.start_file("manifest.json", opts).unwrap();
    zip.write_all(b.manifest.to_string().as_bytes()).unwrap();
    for (name, bytes) in &b.files {
        zip.start_file(name.as_str(), opts).unwrap();
        zip.write_all(bytes).unwrap();
    }
    zip.finish().unwrap();
}

fn verify(b: &Bundle, dir: &Path, name: &str) -> (i32, String, String) {
    verify_with(b, dir, name, &[])
}

/// `verify-evidence` with `args` before the bundle.
fn verify_with(b: &Bundle, dir: &Path, name: &str, args: &[&str]) -> (i32, String, String) {
    let path: PathBuf = dir.join(name);
    write_zip(b, &path);
    verify_file(&path, args)
}

/// `verify-evidence ARGS FILE`: its exit code and what it printed.
fn verify_file(file: &Path, args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["verify-evidence"];
    all.extend(args);
    all.push(file.to_str().unwrap());
    let (status, out, err) = run(&all, &[]);
    (status.code().unwrap_or(-1), out, err)
}

fn file_mut<'a>(b: &'a mut Bundle, name: &str) -> &'a mut Vec<u8> {
    &mut b.files.iter_mut().find(|(n, _)| n == name).unwrap().1
}

#[test]
fn an_intact_bundle_passes_and_any_changed_byte_names_its_entry() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let good = bundle(&s, dir);

    let (code, out, err) = verify(&good, dir, "good.zip");
    assert_eq!(code, 0, "{out}{err}");
    for n in 0..3 {
        assert!(
            out.contains(&format!("OK  incident incident-{n}: written")),
            "{out}"
        );
    }
    assert!(
        out.contains("stamped 20") && out.contains("all 3 entries are intact"),
        "{out}"
    );

    // One byte of the photo.
    let mut b = bundle(&s, dir);
    file_mut(&mut b, "attachments/photo.jpg")[3] ^= 1;
    let (code, _, err) = verify(&b, dir, "photo.zip");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("entry incident-0")
            && err.contains("attachment attachments/photo.jpg was changed"),
        "{err}"
    );

    // One byte of what she wrote, in the manifest.
    let mut b = bundle(&s, dir);
    let text = b.manifest["entries"][1]["content"]
        .as_str()
        .unwrap()
        .replace("phone", "Phone");
    b.manifest["entries"][1]["content"] = json!(text);
    let (code, _, err) = verify(&b, dir, "text.zip");
    assert_eq!(code, 1);
    assert!(
        err.contains("entry incident-1: its content was changed"),
        "{err}"
    );

    // One byte of a token.
    let mut b = bundle(&s, dir);
    let token = file_mut(&mut b, "tokens/incident-2.tsr");
    let last = token.len() - 5;
    token[last] ^= 1;
    let (code, _, err) = verify(&b, dir, "token.zip");
    assert_eq!(code, 1);
    assert!(
        err.contains("entry incident-2") && err.contains("time-stamp"),
        "{err}"
    );

    // An entry taken out of the chain.
    let mut b = bundle(&s, dir);
    b.manifest["entries"].as_array_mut().unwrap().remove(1);
    let (code, _, err) = verify(&b, dir, "missing.zip");
    assert_eq!(code, 1);
    assert!(
        err.contains("entry incident-2: the entry before it in the chain is missing"),
        "{err}"
    );

    let (status, _, err) = run(
        &["verify-evidence", dir.join("q.tsq").to_str().unwrap()],
        &[],
    );
    assert_eq!(status.code(), Some(2), "not a bundle: {err}");
}

#[test]
fn an_entry_that_claims_to_be_older_than_its_stamp_is_fine_and_a_back_dated_one_is_not() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let cert = certificate(&s);
    let make = |written: chrono::DateTime<chrono::Utc>| {
        let content = json!({"id": "late", "kind": "incident", "written_at": written.to_rfc3339(),
            "previous": null, "salt": hex(&[1; 32]), "what_happened": "x"})
        .to_string();
        let digest = hex(&Sha256::digest(content.as_bytes()));
        Bundle {
            manifest: json!({"format": "solace-evidence/1", "certificate": "c.pem", "entries": [
                {"id": "late", "content": content, "digest": digest, "token": "t.tsr"}]}),
            files: vec![
                ("c.pem".into(), cert.clone().into_bytes()),
                ("t.tsr".into(), stamp(&s, dir, &digest)),
            ],
        }
    };
    // Written offline yesterday, stamped once back online: that is how it should be.
    let (code, out, err) = verify(
        &make(chrono::Utc::now() - chrono::Duration::days(1)),
        dir,
        "offline.zip",
    );
    assert_eq!(code, 0, "{out}{err}");
    // Claims to be written tomorrow, but the stamp shows it existed today: the claim is false.
    let (code, _, err) = verify(
        &make(chrono::Utc::now() + chrono::Duration::days(1)),
        dir,
        "future.zip",
    );
    assert_eq!(code, 1);
    assert!(
        err.contains("entry late: it was stamped before the time it claims"),
        "{err}"
    );
}

#[test]
fn a_removal_record_lets_the_chain_step_over_what_she_deleted() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut b = bundle(&s, dir);
    // She deleted incident-1: its content and token are gone, a stamped removal record names it.
    let removed = b.manifest["entries"][1]["digest"]
        .as_str()
        .unwrap()
        .to_string();
    let last = b.manifest["entries"][2]["digest"]
        .as_str()
        .unwrap()
        .to_string();
    b.manifest["entries"].as_array_mut().unwrap().remove(1);
    let content = json!({"id": "removal-0", "kind": "removal", "written_at": chrono::Utc::now().to_rfc3339(),
        "previous": last, "salt": hex(&[9; 32]), "removed": {"id": "incident-1", "digest": removed}})
    .to_string();
    let digest = hex(&Sha256::digest(content.as_bytes()));
    b.files
        .push(("tokens/removal-0.tsr".into(), stamp(&s, dir, &digest)));
    b.manifest["entries"].as_array_mut().unwrap().push(
        json!({"id": "removal-0", "content": content, "digest": digest, "token": "tokens/removal-0.tsr"}),
    );
    let (code, out, err) = verify(&b, dir, "removed.zip");
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("OK  removal removal-0"), "{out}");
}

#[test]
fn a_second_authoritys_token_is_checked_against_the_certificate_it_carries() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut b = bundle(&s, dir);
    let other = OpensslAuthority::new();
    let entries = b.manifest["entries"].as_array_mut().unwrap();
    for e in entries.iter_mut() {
        let name = format!("tokens/{}.second.tsr", e["id"].as_str().unwrap());
        b.files
            .push((name.clone(), other.token(e["digest"].as_str().unwrap())));
        e["second_token"] = json!(name);
    }
    // Without its certificate the second stamp is named, and said not to be checked.
    let (code, out, err) = verify(&b, dir, "both.zip");
    assert_eq!(code, 0, "{out}{err}");
    assert!(!out.contains("and by the second authority"), "{out}");
    assert!(
        out.contains("CN=Another time-stamping authority")
            && out.contains(&other.fingerprint())
            && out.contains("not checked")
            && out.contains("--second-certificate"),
        "{out}"
    );
    // With the certificate the authority published, each stamp is checked and reported.
    let published = other.certificate_file();
    let args = ["--second-certificate", published.to_str().unwrap()];
    let (code, out, err) = verify_with(&b, dir, "both.zip", &args);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(
        out.matches("and by the second authority").count(),
        3,
        "{out}"
    );
    assert!(out.contains(&other.fingerprint()), "{out}");

    // A changed byte of the second token, or a token for another entry's digest, names the entry.
    let token = file_mut(&mut b, "tokens/incident-1.second.tsr");
    let last = token.len() - 3;
    token[last] ^= 0x01;
    let (code, _, err) = verify(&b, dir, "changed.zip");
    assert_eq!(code, 1);
    assert!(err.contains("entry incident-1: second authority:"), "{err}");
    let first = file_mut(&mut b, "tokens/incident-0.second.tsr").clone();
    *file_mut(&mut b, "tokens/incident-1.second.tsr") = first;
    let (code, _, err) = verify(&b, dir, "swapped.zip");
    assert_eq!(code, 1);
    assert!(
        err.contains(
            "entry incident-1: second authority: the time-stamp token is for another digest"
        ),
        "{err}"
    );
}

#[test]
fn the_hostile_corpus_is_refused_naming_the_entry_or_member() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let second = OpensslAuthority::new();
    assert_each_refused(&hostile_bundles::build(&s, tmp.path(), &second));
}

/// `verify-evidence` on each hostile bundle: each must exit 1, naming what its case names.
fn assert_each_refused(cases: &[hostile_bundles::Case]) {
    let mut passed = Vec::new();
    for c in cases {
        let args: Vec<&str> = c.args.iter().map(String::as_str).collect();
        let (code, out, err) = verify_file(&c.file, &args);
        if code != 1 || !err.contains(c.names) {
            passed.push(format!(
                "{}: exit {code}, expected 1 naming {}\n{out}{err}",
                c.name, c.names
            ));
        }
    }
    assert!(passed.is_empty(), "{}", passed.join("\n\n"));
}

#[test]
fn without_the_published_certificate_the_output_says_what_to_compare() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let b = bundle(&s, dir);
    let (code, out, err) = verify(&b, dir, "own.zip");
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("CN=Solace time-stamping")
            && out.contains("the certificate inside the bundle")
            && out.contains("/api/timestamp/certificate")
            && out.contains("--certificate"),
        "{out}"
    );
    let published = dir.join("published.pem");
    std::fs::write(&published, certificate(&s)).unwrap();
    let args = ["--certificate", published.to_str().unwrap()];
    let (code, out, err) = verify_with(&b, dir, "published.zip", &args);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("the certificate you gave") && !out.contains("inside the bundle"),
        "{out}"
    );
}

/// Peak memory of `solace ARGS` in KiB, as the kernel counted it (python's getrusage on its child).
fn peak_kib(args: &[&str]) -> (i32, u64) {
    let out = std::process::Command::new("python3")
        .args([
            "-c",
            "import resource, subprocess, sys\n\
             code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode\n\
             print(code, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
            common::BIN,
        ])
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let mut words = text.split_whitespace();
    let code = words.next().unwrap().parse().unwrap();
    (code, words.next().unwrap().parse().unwrap())
}

#[test]
fn a_large_attachment_is_hashed_once_without_holding_it_in_memory() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let mut b = bundle(&s, dir);
    // A 96 MiB recording that every entry names, stored as the browser stores attachments.
    let big: Vec<u8> = (0..96u32 << 20).map(|i| (i % 251) as u8).collect();
    let sum = hex(&Sha256::digest(&big));
    let mut previous: Option<String> = None;
    let mut entries = Vec::new();
    b.files.retain(|(n, _)| !n.starts_with("tokens/"));
    for n in 0..4 {
        let id = format!("recording-{n}");
        let content =
            json!({"id": id, "kind": "incident", "written_at": chrono::Utc::now().to_rfc3339(),
            "previous": previous, "salt": hex(&[n; 32]), "what_happened": "he shouted",
            "attachments": [{"file": "attachments/recording.ogg", "sha256": sum}]})
            .to_string();
        let digest = hex(&Sha256::digest(content.as_bytes()));
        b.files
            .push((format!("tokens/{id}.tsr"), stamp(&s, dir, &digest)));
        entries.push(json!({"id": id, "content": content, "digest": digest, "token": format!("tokens/{id}.tsr")}));
        previous = Some(digest);
    }
    b.manifest["entries"] = json!(entries);
    let path = dir.join("big.zip");
    write_zip(&b, &path);
    {
        let mut zip = zip::ZipWriter::new_append(
            std::fs::File::options()
                .read(true)
                .write(true)
                .open(&path)
                .unwrap(),
        )
        .unwrap();
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored)
            .large_file(false);
        zip.start_file("attachments/recording.ogg", stored).unwrap();
        zip.write_all(&big).unwrap();
        zip.finish().unwrap();
    }
    drop(big);
    let started = std::time::Instant::now();
    let (code, peak) = peak_kib(&["verify-evidence", path.to_str().unwrap()]);
    let took = started.elapsed();
    assert_eq!(code, 0);
    assert!(
        peak < 48 * 1024,
        "verify-evidence peaked at {peak} KiB for a 96 MiB attachment"
    );
    eprintln!("4 entries naming one 96 MiB attachment: {took:?}, peak {peak} KiB");
}
