//! A bundle she locked with a password (issue 35): every member encrypted with WinZip's AES-256, as the
//! browser exports it. Debian's `7z` (p7zip-full, which tests/all.sh installs) opens it with the password
//! and refuses it without; `verify-evidence` checks it with the password, from a file or typed on a
//! terminal, says plainly when the password is missing or wrong, and refuses every forgery of the ZIP
//! itself just as it does when the bundle is not locked.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::{PHOTO, assert_each_refused, bundle, hostile_bundles, verify_file, write_zip_locked};
use crate::common::{BIN, Server};

const PASSWORD: &str = "Mango tree by the old well 1987";

/// Debian's `7z` with `args`, nothing on its standard input: whether it succeeded, and what it said.
fn seven_zip(args: &[&str], cwd: &Path) -> (bool, String) {
    let out = Command::new("7z")
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::null())
        .output()
        .expect("Debian's 7z (package p7zip-full; tests/all.sh installs it)");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

/// A file holding `password` and the line ending an editor leaves.
fn password_file(dir: &Path, name: &str, password: &str) -> String {
    let file = dir.join(name);
    std::fs::write(&file, format!("{password}\n")).unwrap();
    file.display().to_string()
}

#[test]
fn a_locked_bundle_opens_with_its_password_in_7z_and_verify_evidence_and_not_without() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let b = bundle(&s, dir);
    let file = dir.join("record.zip");
    write_zip_locked(&b, &file, Some(PASSWORD));
    let path = file.to_str().unwrap();
    let with_password = format!("-p{PASSWORD}");

    // Every member is encrypted with AES-256; the names are not (ZIP never hides them).
    let (ok, listing) = seven_zip(&["l", "-slt", path], dir);
    assert!(ok, "{listing}");
    let members = 1 + b.files.len();
    assert_eq!(
        listing.matches("Encrypted = +").count(),
        members,
        "{listing}"
    );
    assert_eq!(
        listing.matches("Method = AES-256").count(),
        members,
        "{listing}"
    );

    // With the password, 7z unpacks each file exactly as it was put in.
    let (ok, said) = seven_zip(&["x", &with_password, "-oopened", path], dir);
    assert!(ok && said.contains("Everything is Ok"), "{said}");
    let opened = dir.join("opened");
    assert_eq!(
        std::fs::read(opened.join("attachments/photo.jpg")).unwrap(),
        PHOTO
    );
    assert_eq!(
        std::fs::read_to_string(opened.join("manifest.json")).unwrap(),
        b.manifest.to_string()
    );
    for (name, bytes) in &b.files {
        assert_eq!(&std::fs::read(opened.join(name)).unwrap(), bytes, "{name}");
    }

    // Without the password, or with a wrong one, 7z opens nothing.
    for (what, args) in [
        ("no password", vec!["x", "-onone", path]),
        (
            "a wrong password",
            vec!["x", "-pMango tree", "-owrong", path],
        ),
    ] {
        let (ok, said) = seven_zip(&args, dir);
        assert!(!ok, "7z opened it with {what}: {said}");
        let photo = dir
            .join(&args[args.len() - 2][2..])
            .join("attachments/photo.jpg");
        assert!(
            std::fs::read(&photo).map_or(true, |bytes| bytes != PHOTO),
            "with {what} the photo came out"
        );
    }
    let (ok, said) = seven_zip(&["t", "-pMango tree", path], dir);
    assert!(!ok && said.contains("Wrong password"), "{said}");

    // verify-evidence with the password from a file: every entry checked.
    let right = password_file(dir, "right.txt", PASSWORD);
    let (code, out, err) = verify_file(&file, &["--password-file", &right]);
    assert_eq!(code, 0, "{out}{err}");
    for n in 0..3 {
        assert!(
            out.contains(&format!("OK  incident incident-{n}: written")),
            "{out}"
        );
    }

    // Without it, and with a wrong one: a plain word of what is missing, exit 2, nothing checked.
    let (code, out, err) = verify_file(&file, &[]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("it is locked with a password")
            && err.contains("--password-file FILE")
            && !out.contains("OK "),
        "{out}{err}"
    );
    let wrong = password_file(dir, "wrong.txt", "Mango tree by the old well 1988");
    let (code, out, err) = verify_file(&file, &["--password-file", &wrong]);
    assert_eq!(code, 2, "{out}{err}");
    assert!(
        err.contains("this password does not open it") && !out.contains("OK "),
        "{out}{err}"
    );

    // A bundle that is not locked needs no password, and a given one changes nothing.
    let plain = dir.join("plain.zip");
    write_zip_locked(&b, &plain, None);
    let (code, out, err) = verify_file(&plain, &["--password-file", &right]);
    assert_eq!(code, 0, "{out}{err}");

    // Locked the old ZipCrypto way (7z can still make one): refused, naming the member.
    let (ok, said) = seven_zip(
        &[
            "a",
            "-tzip",
            "-mem=ZipCrypto",
            &with_password,
            "../zipcrypto.zip",
            "manifest.json",
            "tsa-certificate.pem",
            "attachments",
            "tokens",
        ],
        &opened,
    );
    assert!(ok, "{said}");
    let (code, out, err) = verify_file(&dir.join("zipcrypto.zip"), &["--password-file", &right]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(err.contains("the old ZipCrypto way"), "{err}");
}

#[test]
fn in_a_terminal_the_password_is_asked_for_and_not_shown() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let file = dir.join("record.zip");
    write_zip_locked(&bundle(&s, dir), &file, Some(PASSWORD));

    // util-linux's `script` gives the command a terminal; the password is typed once it is asked for.
    let command = format!("'{BIN}' verify-evidence '{}'", file.display());
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("util-linux's script");
    let mut stdout = child.stdout.take().unwrap();
    let mut seen = Vec::new();
    let mut byte = [0u8; 1];
    while !String::from_utf8_lossy(&seen).contains("press Enter: ") {
        assert_eq!(
            stdout.read(&mut byte).unwrap(),
            1,
            "ended before asking: {}",
            String::from_utf8_lossy(&seen)
        );
        seen.push(byte[0]);
    }
    // Typed once the terminal no longer echoes: the prompt is printed just before echo is turned off,
    // and what a person types after it must never show.
    let tty = terminal_of(child.id()).expect("the terminal verify-evidence reads from");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !echo_is_off(&tty) {
        assert!(Instant::now() < deadline, "the terminal still echoes");
    }
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(format!("{PASSWORD}\n").as_bytes()).unwrap();
    stdout.read_to_end(&mut seen).unwrap();
    drop(stdin);
    let status = child.wait().unwrap();
    let screen = String::from_utf8_lossy(&seen);
    assert!(status.success(), "{screen}");
    assert!(
        screen.contains("is locked with a password. Type it (it is not shown)"),
        "{screen}"
    );
    assert!(screen.contains("OK  incident incident-2"), "{screen}");
    assert!(
        !screen.contains(PASSWORD),
        "the password was shown: {screen}"
    );
}

/// The terminal of the `solace` process under `root` (found through /proc: `script` runs it in a shell).
fn terminal_of(root: u32) -> Option<PathBuf> {
    let mut pids = vec![root.to_string()];
    while let Some(pid) = pids.pop() {
        let exe = std::fs::read_link(format!("/proc/{pid}/exe")).unwrap_or_default();
        if exe.file_name().is_some_and(|n| n == "solace") {
            return std::fs::read_link(format!("/proc/{pid}/fd/0")).ok();
        }
        let children = std::fs::read_to_string(format!("/proc/{pid}/task/{pid}/children"));
        pids.extend(
            children
                .unwrap_or_default()
                .split_whitespace()
                .map(String::from),
        );
    }
    None
}

/// What `stty` says of the terminal: `-echo` when typing is not shown.
fn echo_is_off(tty: &Path) -> bool {
    let out = Command::new("stty")
        .arg("-F")
        .arg(tty)
        .arg("-a")
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout)
        .split_whitespace()
        .any(|flag| flag == "-echo")
}

#[test]
fn every_forgery_of_the_zip_is_refused_when_locked_too() {
    let s = Server::start();
    let tmp = tempfile::tempdir().unwrap();
    assert_each_refused(&hostile_bundles::locked(&s, tmp.path(), PASSWORD));
}
