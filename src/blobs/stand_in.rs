//! For the unit tests on a bucket: the S3 stand-in every suite uses (tests/support/s3-stand-in.py, moto's
//! server mode, installed by tests/support/s3-stand-in-install.sh), started once per test process and
//! stopped when it ends (the script stops when its standard input closes), and a prefix of its own for
//! each test.

use std::process::Command;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};

use super::BucketSettings;
use crate::db::stand_in::{Running, start_python};
use crate::secret::Secret;

struct Stand {
    settings: BucketSettings,
    _running: Running,
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
        let (info, running) =
            start_python(python.trim(), "s3-stand-in.py", "the S3 stand-in starts");
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
            _running: running,
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
