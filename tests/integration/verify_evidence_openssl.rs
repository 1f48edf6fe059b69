//! The court's expert with OpenSSL alone (issue 36, item 1): the bundle carries each entry's stamped text
//! as its own member (`entries/ID.json`) and a script (`check.sh`, the very file the browser puts in every
//! bundle) that hashes every entry and attachment again from the unpacked files. The script and the
//! how-to page's commands, run here with the real `openssl` and `sh`, pass on an untouched bundle and
//! fail on a copy with one changed byte of an entry's text or of a photo; `verify-evidence` refuses both
//! too, and a photo swapped for another.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::json;

use super::{Bundle, PHOTO, bundle, file_mut, verify};
use crate::common::Server;

/// The script exactly as the browser writes it into the bundle.
const CHECK_SH: &str = include_str!("../../ui/src/lib/evidence-bundle/check.sh");
const CERT: &str = "tsa-certificate.pem";

/// The browser's layout: each shown entry's canonical text beside its token, named by the entry's id, the
/// manifest naming it, and the script.
fn with_entry_files(mut b: Bundle) -> Bundle {
    for e in b.manifest["entries"].as_array_mut().unwrap() {
        let id = e["id"].as_str().unwrap().to_string();
        let file = format!("entries/{id}.json");
        b.files.push((
            file.clone(),
            e["content"].as_str().unwrap().as_bytes().to_vec(),
        ));
        e["content_file"] = json!(file);
    }
    b.files
        .push(("check.sh".into(), CHECK_SH.as_bytes().to_vec()));
    b
}

/// The ZIP as the expert gets it, unpacked by the `zip` crate into `dir/name`.
fn unpack(b: &Bundle, dir: &Path, name: &str) -> std::path::PathBuf {
    let zip_path = dir.join(format!("{name}.zip"));
    super::write_zip(b, &zip_path);
    let out = dir.join(name);
    zip::ZipArchive::new(std::fs::File::open(&zip_path).unwrap())
        .unwrap()
        .extract(&out)
        .unwrap();
    out
}

fn run_in(dir: &Path, program: &str, args: &[&str]) -> (bool, String) {
    let Output {
        status,
        stdout,
        stderr,
    } = Command::new(program)
        .args(args)
        .current_dir(dir)
        .output()
        .unwrap_or_else(|e| panic!("{program}: {e}"));
    (
        status.success(),
        format!(
            "{}{}",
            String::from_utf8_lossy(&stdout),
            String::from_utf8_lossy(&stderr)
        ),
    )
}

/// The how-to page's two commands for one file of an entry: its digest recomputed, and its token checked
/// against that file's bytes.
fn how_to_commands(dir: &Path, id: &str) -> (String, bool) {
    let (ok, dgst) = run_in(
        dir,
        "openssl",
        &["dgst", "-sha256", &format!("entries/{id}.json")],
    );
    assert!(ok, "{dgst}");
    let (verified, out) = run_in(
        dir,
        "openssl",
        &[
            "ts",
            "-verify",
            "-data",
            &format!("entries/{id}.json"),
            "-in",
            &format!("tokens/{id}.tsr"),
            "-token_in",
            "-CAfile",
            CERT,
        ],
    );
    (dgst, verified && out.contains("Verification: OK"))
}

fn photo_digest_in(dir: &Path) -> String {
    let (ok, out) = run_in(
        dir,
        "openssl",
        &["dgst", "-sha256", "-r", "attachments/photo.jpg"],
    );
    assert!(ok, "{out}");
    out.split(' ').next().unwrap().to_string()
}

#[test]
fn the_bundles_own_script_and_commands_catch_a_changed_text_or_photo() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let good = with_entry_files(bundle(&s, dir));

    let (code, out, err) = verify(&good, dir, "good.zip");
    assert_eq!(code, 0, "{out}{err}");
    let intact = unpack(&good, dir, "intact");
    let (ok, out) = run_in(&intact, "sh", &["check.sh", CERT]);
    assert!(ok, "the script passes an untouched bundle:\n{out}");
    assert!(
        out.contains("All 3 entries and their attachments are as they were time-stamped"),
        "{out}"
    );
    assert!(
        out.contains("OK      incident-0: attachments/photo.jpg SHA-256"),
        "{out}"
    );
    for n in 0..3 {
        let (dgst, verified) = how_to_commands(&intact, &format!("incident-{n}"));
        assert!(verified, "openssl ts -verify -data passes entry {n}");
        let digest = good.manifest["entries"][n]["digest"].as_str().unwrap();
        assert!(
            dgst.contains(digest),
            "openssl dgst gives the manifest's digest: {dgst}"
        );
    }
    // The photo's digest, recomputed, is the one the stamped text lists.
    let listed = std::fs::read_to_string(intact.join("entries/incident-0.json")).unwrap();
    assert!(listed.contains(&photo_digest_in(&intact)), "{listed}");

    // One changed byte of what she wrote, in the entry's own file (the manifest left as it was).
    let mut b = with_entry_files(bundle(&s, dir));
    let text = file_mut(&mut b, "entries/incident-1.json");
    let at = text.windows(5).position(|w| w == b"phone").unwrap();
    text[at] = b'P';
    let text_changed = unpack(&b, dir, "text");
    let (ok, out) = run_in(&text_changed, "sh", &["check.sh", CERT]);
    assert!(!ok, "the script fails on a changed text:\n{out}");
    assert!(
        out.contains("FAILED  incident-1: tokens/incident-1.tsr does not stamp this text"),
        "{out}"
    );
    assert!(
        !out.contains("FAILED  incident-0") && !out.contains("FAILED  incident-2"),
        "{out}"
    );
    let (_, verified) = how_to_commands(&text_changed, "incident-1");
    assert!(
        !verified,
        "openssl ts -verify -data fails on the changed text"
    );
    let (code, _, err) = verify(&b, dir, "text.zip");
    assert_eq!(
        code, 1,
        "verify-evidence refuses an entry file that is not the manifest's text: {err}"
    );
    assert!(
        err.contains("entry incident-1") && err.contains("entries/incident-1.json"),
        "{err}"
    );

    // One changed byte of the photo.
    let mut b = with_entry_files(bundle(&s, dir));
    file_mut(&mut b, "attachments/photo.jpg")[3] ^= 1;
    let photo_changed = unpack(&b, dir, "photo");
    let (ok, out) = run_in(&photo_changed, "sh", &["check.sh", CERT]);
    assert!(!ok, "the script fails on a changed photo:\n{out}");
    assert!(
        out.contains("FAILED  incident-0: attachments/photo.jpg does not have the SHA-256"),
        "{out}"
    );
    let listed = std::fs::read_to_string(photo_changed.join("entries/incident-0.json")).unwrap();
    assert!(
        !listed.contains(&photo_digest_in(&photo_changed)),
        "openssl dgst shows another digest"
    );
    let (_, verified) = how_to_commands(&photo_changed, "incident-0");
    assert!(
        verified,
        "the stamped text itself is untouched: the photo's digest is what differs"
    );
}

#[test]
fn verify_evidence_refuses_a_photo_swapped_for_another() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    // Another whole picture under the same name, of another size.
    let mut b = with_entry_files(bundle(&s, dir));
    *file_mut(&mut b, "attachments/photo.jpg") =
        b"\xff\xd8\xff\xe0 another picture altogether".to_vec();
    assert_ne!(file_mut(&mut b, "attachments/photo.jpg").as_slice(), PHOTO);
    let (code, _, err) = verify(&b, dir, "swapped.zip");
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("entry incident-0")
            && err.contains("attachment attachments/photo.jpg was changed"),
        "{err}"
    );
    let (ok, out) = run_in(&unpack(&b, dir, "swapped"), "sh", &["check.sh", CERT]);
    assert!(!ok, "{out}");

    // The photo moved to another entry: the stamped list no longer matches what is in the ZIP.
    let mut b = with_entry_files(bundle(&s, dir));
    b.files.retain(|(n, _)| n != "attachments/photo.jpg");
    b.files
        .push(("attachments/other.jpg".into(), PHOTO.to_vec()));
    let (code, _, err) = verify(&b, dir, "moved.zip");
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("entry incident-0"), "{err}");
    let (ok, out) = run_in(&unpack(&b, dir, "moved"), "sh", &["check.sh", CERT]);
    assert!(!ok && out.contains("it was changed or is missing"), "{out}");
}
