//! Several instances on one PostgreSQL database must sign and seal with the same keys (README, "Running on
//! more than one machine"): a token signed by one is checked by another, a factor sealed by one is opened
//! by another. Each key is a file an instance makes on its first start when it finds none; a second
//! instance that made its own would sign tokens the first refuses, and seal what the first cannot open.
//! So on PostgreSQL the database remembers a fingerprint of each key the first instance made or was given,
//! and an instance refuses to start, saying which file to copy, when one of its keys is missing or is not
//! the same. On SQLite there is one instance (the data directory is locked) and nothing is checked.
//!
//! A fingerprint is a SHA-256 of the file under a label of its own: it tells two keys apart, and nothing of
//! either (each key is 32 random bytes or more, or the operator's vault key of at least 32 characters).

use std::path::{Path, PathBuf};

use base64::Engine;
use base64::engine::general_purpose::STANDARD_NO_PAD;
use sha2::{Digest, Sha256};

use crate::config::Config;
use crate::db::{Db, DbError, OptionalExtension, params};

/// One key file every instance must hold the same.
struct KeyFile {
    /// Its name in the database, and in the message.
    name: &'static str,
    path: PathBuf,
}

/// Why this instance must not start beside the others.
#[derive(Debug, thiserror::Error)]
pub enum SharedKeyError {
    #[error(
        "{name} ({path}) is missing, but the other instances on this database have one: copy theirs \
         here before starting this one (README, \"Running on more than one machine\"). A new key would \
         sign or seal what the others refuse, so none is made."
    )]
    Missing { name: &'static str, path: String },
    #[error(
        "{name} ({path}) is not the one the other instances on this database use: copy theirs over it \
         (README, \"Running on more than one machine\"). If this instance's key is the right one, every \
         other instance needs it instead."
    )]
    Different { name: &'static str, path: String },
    #[error("cannot read {path}: {source}")]
    Read {
        path: String,
        source: std::io::Error,
    },
    #[error("cannot compare the keys with the other instances': {0}")]
    Db(#[from] DbError),
}

/// The keys this instance's configuration uses: the data directory's files unless the operator named others.
pub struct SharedKeys {
    files: Vec<KeyFile>,
    /// Only on PostgreSQL: on SQLite there is one instance.
    checked: bool,
}

impl SharedKeys {
    pub fn of(config: &Config) -> Self {
        let dir = &config.server.data_dir;
        let in_dir = |name, file: &str| KeyFile {
            name,
            path: dir.join(file),
        };
        let mut files = vec![
            in_dir(
                "the token signing key",
                crate::auth::keys::signing_key::KEY_FILE,
            ),
            in_dir(
                "the two-step sign-in secret key",
                crate::auth::keys::mfa_secret::KEY_FILE,
            ),
            in_dir("the Web Push key", crate::push::key::KEY_FILE),
        ];
        files.push(match &config.vault.secret_file {
            Some(path) => KeyFile {
                name: "the vault key",
                path: path.clone(),
            },
            None => in_dir("the vault key", crate::vault::KEY_FILE),
        });
        let stamps = &config.timestamp;
        match (&stamps.key_file, &stamps.cert_file) {
            (Some(key), Some(cert)) => {
                files.push(KeyFile {
                    name: "the time-stamp key",
                    path: key.clone(),
                });
                files.push(KeyFile {
                    name: "the time-stamp certificate",
                    path: cert.clone(),
                });
            }
            _ => {
                use crate::timestamp::authority::{CERT_FILE, KEY_FILE};
                files.push(in_dir("the time-stamp key", KEY_FILE));
                files.push(in_dir("the time-stamp certificate", CERT_FILE));
            }
        }
        Self {
            files,
            checked: config.database.postgres().is_some(),
        }
    }

    /// Before any key is made: refuses to start when a key the other instances have is missing here, or
    /// is not theirs.
    pub async fn before_start(&self, db: &Db) -> Result<(), SharedKeyError> {
        self.compare(db, false).await
    }

    /// Once every key is read or made: remembers the fingerprints of keys no instance had recorded (the
    /// first instance's), and refuses when another instance recorded a different one meanwhile.
    pub async fn after_start(&self, db: &Db) -> Result<(), SharedKeyError> {
        self.compare(db, true).await
    }

    async fn compare(&self, db: &Db, record: bool) -> Result<(), SharedKeyError> {
        if !self.checked {
            return Ok(());
        }
        let mut found = Vec::new();
        for file in &self.files {
            found.push((file.name, shown(&file.path), fingerprint(file)?));
        }
        db.write(move |c| {
            let tx = c.transaction()?;
            for (name, path, mine) in found {
                let key = format!("key_fingerprint:{name}");
                let theirs: Option<String> = tx
                    .query_row(
                        "SELECT value FROM instance_meta WHERE key = ?1",
                        [&key],
                        |r| r.get(0),
                    )
                    .optional()?;
                match (theirs, mine) {
                    (Some(theirs), Some(mine)) if theirs != mine => {
                        return Err(SharedKeyError::Different { name, path });
                    }
                    (Some(_), None) => return Err(SharedKeyError::Missing { name, path }),
                    (None, Some(mine)) if record => {
                        tx.execute(
                            "INSERT INTO instance_meta (key, value) VALUES (?1, ?2)",
                            params![key, mine],
                        )?;
                    }
                    _ => {}
                }
            }
            tx.commit()?;
            Ok(())
        })
        .await
    }
}

fn shown(path: &Path) -> String {
    path.display().to_string()
}

/// The file's fingerprint, or None when there is no such file.
fn fingerprint(file: &KeyFile) -> Result<Option<String>, SharedKeyError> {
    let bytes = match std::fs::read(&file.path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(SharedKeyError::Read {
                path: shown(&file.path),
                source,
            });
        }
    };
    let mut hash = Sha256::new();
    hash.update(b"solace key fingerprint\0");
    hash.update(file.name.as_bytes());
    hash.update(b"\0");
    hash.update(&bytes);
    Ok(Some(STANDARD_NO_PAD.encode(hash.finalize())))
}
