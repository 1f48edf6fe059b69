//! The S3 stand-in (tests/support/s3-stand-in.py, moto's server mode) that every test of this binary shares:
//! installed into target/s3-stand-in when missing, started by the first test that asks, stopped when the
//! test process ends, however it ends.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

use solace::blobs::BucketSettings;
use solace::blobs::s3::Store;
use solace::secret::Secret;

use crate::common::free_port;
use crate::python_stand_in::PythonStandIn;

pub struct Bucket {
    pub endpoint: String,
    pub region: String,
    pub name: String,
    pub access_key_id: String,
    pub secret_access_key: String,
}

/// The bucket, its store started on first use.
pub fn bucket() -> &'static Bucket {
    static BUCKET: OnceLock<(Bucket, Mutex<PythonStandIn>)> = OnceLock::new();
    &BUCKET
        .get_or_init(|| {
            let stand_in = PythonStandIn::start_with(
                &python(),
                "s3-stand-in.py",
                free_port(),
                "moto (tests/support/s3-stand-in-install.sh)",
            );
            let info = stand_in.next_within(10).expect("the bucket's settings");
            let text = |key: &str| info[key].as_str().unwrap().to_string();
            let bucket = Bucket {
                endpoint: text("endpoint"),
                region: text("region"),
                name: text("bucket"),
                access_key_id: text("access_key_id"),
                secret_access_key: text("secret_access_key"),
            };
            (bucket, Mutex::new(stand_in))
        })
        .0
}

/// The python moto is installed for, installing it first when it is missing (the one installer every
/// suite runs).
fn python() -> String {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/support/s3-stand-in-install.sh"
    );
    let out = Command::new("bash").arg(script).output().unwrap();
    assert!(
        out.status.success(),
        "installing moto failed:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// A prefix of the bucket no other test uses.
pub fn new_prefix() -> String {
    static NEXT: AtomicUsize = AtomicUsize::new(0);
    format!(
        "serve-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    )
}

/// `[storage]` for the stand-in's bucket under `prefix`, at `endpoint`, its keys in files in `dir`.
pub fn storage(dir: &Path, prefix: &str, endpoint: &str) -> String {
    let b = bucket();
    let (id, secret) = (dir.join("s3-id"), dir.join("s3-secret"));
    std::fs::write(&id, &b.access_key_id).unwrap();
    std::fs::write(&secret, &b.secret_access_key).unwrap();
    format!(
        "[storage]\nurl = \"s3://{}/{prefix}\"\nendpoint = \"{endpoint}\"\nregion = \"{}\"\n\
         path_style = true\naccess_key_id_file = \"{}\"\nsecret_access_key_file = \"{}\"\n",
        b.name,
        b.region,
        id.display(),
        secret.display()
    )
}

/// The keys under `prefix` in the bucket, read with the stand-in's keys.
pub fn objects(prefix: &str) -> Vec<String> {
    let b = bucket();
    let store = Store::new(&BucketSettings {
        endpoint: b.endpoint.clone(),
        region: b.region.clone(),
        name: b.name.clone(),
        prefix: format!("{prefix}/"),
        path_style: true,
        access_key_id: Secret::new(b.access_key_id.as_str()),
        secret_access_key: Secret::new(b.secret_access_key.as_str()),
    })
    .unwrap();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(store.list(1000))
        .unwrap()
}
