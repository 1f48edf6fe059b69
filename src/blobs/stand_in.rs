//! For the unit tests on a bucket: the S3 stand-in every suite uses (tests/support/s3-stand-in.py, moto's
//! server mode, installed by tests/support/s3-stand-in-install.sh), started once per test process and
//! stopped when it ends (the script stops when its standard input closes), and a prefix of its own for
//! each test.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use super::BucketSettings;
use crate::secret::Secret;

struct Stand {
    settings: BucketSettings,
    // Held for the process's life: the script stops when its standard input closes.
    _running: Mutex<(Child, ChildStdin)>,
}

fn stand() -> &'static Stand {
    static STAND: OnceLock<Stand> = OnceLock::new();
    STAND.get_or_init(|| {
        let root = env!("CARGO_MANIFEST_DIR");
        let install = Command::new("bash")
            .arg(format!("{root}/tests/support/s3-stand-in-install.sh"))
            .output()
            .expect("bash runs the stand-in's installer");
        assert!(
            install.status.success(),
            "installing moto failed:\n{}",
            String::from_utf8_lossy(&install.stderr)
        );
        let python = String::from_utf8(install.stdout).unwrap();
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .unwrap()
            .port();
        let mut child = Command::new(python.trim())
            .arg(format!("{root}/tests/support/s3-stand-in.py"))
            .arg(port.to_string())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the S3 stand-in starts");
        let stdin = child.stdin.take().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let mut next = || lines.next().expect("the stand-in stopped").unwrap();
        assert_eq!(next(), "ready");
        let info: serde_json::Value = serde_json::from_str(&next()).unwrap();
        let text = |key: &str| info[key].as_str().unwrap().to_string();
        Stand {
            settings: BucketSettings {
                endpoint: text("endpoint"),
                region: text("region"),
                name: text("bucket"),
                prefix: String::new(),
                path_style: true,
                access_key_id: Secret::new(text("access_key_id")),
                secret_access_key: Secret::new(text("secret_access_key")),
            },
            _running: Mutex::new((child, stdin)),
        }
    })
}

/// The stand-in's bucket under a prefix no other test uses.
pub(crate) fn bucket() -> BucketSettings {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    BucketSettings {
        prefix: format!(
            "unit-{}-{}/",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        ),
        ..stand().settings.clone()
    }
}
