//! `GET /api/operator/health`'s answer: version, uptime, the configuration check, the disk, the sizes, the
//! time-stamping certificate, the Web Push key, the last backup and the mail server. Nothing in it belongs
//! to an account, and no secret is shown.

use std::path::Path;
use std::time::{Duration, SystemTime};

use chrono::{DateTime, SecondsFormat, Utc};
use serde::Serialize;

use crate::config::Config;
use crate::operations::Operations;

/// A month before the certificate ends the console warns: time to make and publish a new one.
const CERT_WARNING: Duration = Duration::from_secs(30 * 24 * 3600);

#[derive(Debug, Serialize)]
pub struct HealthReport {
    pub version: &'static str,
    pub uptime_seconds: u64,
    /// `ok`, or `degraded` with each reason in `reasons`.
    pub status: &'static str,
    pub reasons: Vec<String>,
    pub config: ConfigCheck,
    pub disk: Disk,
    pub database_bytes: u64,
    pub copy_store_bytes: u64,
    pub timestamp: Option<Certificate>,
    pub web_push_key: Option<String>,
    pub last_backup_at: Option<String>,
    pub mail: Mail,
}

#[derive(Debug, Serialize)]
pub struct ConfigCheck {
    pub ok: bool,
    pub problems: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct Disk {
    /// What the data directory's files take on the disk.
    pub data_dir_bytes: u64,
    pub free_bytes: u64,
    pub total_bytes: u64,
}

#[derive(Debug, Serialize)]
pub struct Certificate {
    pub fingerprint_sha256: String,
    pub not_after: String,
    pub expires_soon: bool,
}

#[derive(Debug, Serialize)]
pub struct Mail {
    pub configured: bool,
    /// `failing` while alarm e-mails wait for the mail server, `ok` when one went in the last week and
    /// none waits now, else `unknown` (nothing sent lately to tell).
    pub status: &'static str,
    /// Why it is failing: `refused`, `unreachable`, `timeout` or `other`.
    pub reason: Option<crate::email::failure::MailFailure>,
}

impl Operations {
    pub async fn health_report(&self) -> HealthReport {
        let mut reasons = Vec::new();
        let config = self.check_config();
        if !config.ok {
            reasons.push(
                "The configuration file has a problem: the server would not start with it.".into(),
            );
        }
        let disk = disk(&self.data_dir);
        if self.min_free_bytes > 0 && disk.free_bytes < self.min_free_bytes {
            reasons
                .push("The disk is nearly full: uploads are refused until space is freed.".into());
        }
        let copy_store_bytes = match crate::copy::use_cases::copy::stored_bytes(&self.db).await {
            Ok(n) => n.max(0) as u64,
            Err(e) => {
                tracing::warn!(error = %e, "could not read the copies' size");
                reasons.push("The database did not answer.".into());
                0
            }
        };
        let alarms = crate::checkin::use_cases::alarm_report::alarm_report(&self.db).await;
        if let Ok(more) = crate::checkin::use_cases::alarm_report::health_reasons(&self.db).await {
            reasons.extend(more);
        }
        let mail = match &alarms {
            Ok(a) if a.problem.is_some() => ("failing", a.problem.as_ref().map(|p| p.reason)),
            Ok(a) if self.mail_configured && a.week.sent > 0 => ("ok", None),
            _ => ("unknown", None),
        };
        let not_after = self.stamps.not_after();
        let expires_soon = not_after
            .duration_since(SystemTime::now())
            .map_or(true, |left| left < CERT_WARNING);
        if expires_soon {
            reasons.push("The time-stamping certificate ends within a month.".into());
        }
        HealthReport {
            version: env!("CARGO_PKG_VERSION"),
            uptime_seconds: self.started.elapsed().as_secs(),
            status: if reasons.is_empty() { "ok" } else { "degraded" },
            reasons,
            config,
            disk,
            database_bytes: database_bytes(&self.data_dir),
            copy_store_bytes,
            timestamp: Some(Certificate {
                fingerprint_sha256: self.stamps.fingerprint_sha256(),
                not_after: rfc3339(not_after),
                expires_soon,
            }),
            web_push_key: self.web_push_key.clone(),
            last_backup_at: std::fs::metadata(self.data_dir.join(crate::db::BACKUP_STAMP))
                .and_then(|m| m.modified())
                .ok()
                .map(rfc3339),
            mail: Mail {
                configured: self.mail_configured,
                status: mail.0,
                reason: mail.1,
            },
        }
    }

    /// `validate-config`'s verdict on the file as it is now (the server runs with what it read at start),
    /// and the running configuration's warnings. Only each message's first line: a TOML syntax error goes
    /// on to quote the line, which could hold a secret.
    fn check_config(&self) -> ConfigCheck {
        let mut problems = Vec::new();
        let mut ok = true;
        if let Some(file) = &self.config_file {
            let overrides = crate::cli::Overrides {
                config: Some(file.clone()),
                ..Default::default()
            };
            if let Err(e) = Config::load(&overrides, &|name| std::env::var(name).ok()) {
                ok = false;
                problems.push(e.to_string().lines().next().unwrap_or_default().to_string());
            }
        }
        problems.extend(self.warnings.iter().cloned());
        ConfigCheck { ok, problems }
    }
}

fn rfc3339(t: SystemTime) -> String {
    DateTime::<Utc>::from(t).to_rfc3339_opts(SecondsFormat::Secs, true)
}

fn disk(dir: &Path) -> Disk {
    let (free_bytes, total_bytes) = rustix::fs::statvfs(dir).map_or((0, 0), |s| {
        (
            s.f_bavail.saturating_mul(s.f_frsize),
            s.f_blocks.saturating_mul(s.f_frsize),
        )
    });
    Disk {
        data_dir_bytes: used(dir),
        free_bytes,
        total_bytes,
    }
}

/// The blocks the files under `dir` take (so a sparse or preallocated file counts what it really holds).
fn used(dir: &Path) -> u64 {
    use std::os::unix::fs::MetadataExt;
    let Ok(entries) = std::fs::read_dir(dir) else {
        return 0;
    };
    entries
        .flatten()
        .map(|e| match e.metadata() {
            Ok(m) if m.is_dir() => used(&e.path()),
            Ok(m) => m.blocks() * 512,
            Err(_) => 0,
        })
        .sum()
}

/// The database file with its write-ahead log and shared-memory index.
fn database_bytes(dir: &Path) -> u64 {
    let db = crate::db::FILE_NAME;
    [db.to_string(), format!("{db}-wal"), format!("{db}-shm")]
        .iter()
        .filter_map(|f| std::fs::metadata(dir.join(f)).ok())
        .map(|m| m.len())
        .sum()
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use serde_json::{Value, json};
    use sha2::{Digest, Sha256};
    use x509_cert::der::{DecodePem, Encode};

    use crate::cli::Overrides;
    use crate::config::Config;
    use crate::db::Db;
    use crate::operations::Operations;
    use crate::timestamp::Authority;

    fn load(file: &std::path::Path) -> Config {
        let overrides = Overrides {
            config: Some(file.to_path_buf()),
            ..Default::default()
        };
        Config::load(&overrides, &|_| None).unwrap()
    }

    #[tokio::test]
    async fn the_report_shows_the_service_its_disk_certificate_and_backup_and_no_secret() {
        let dir = tempfile::tempdir().unwrap();
        let data = dir.path().join("data");
        std::fs::create_dir(&data).unwrap();
        let file = dir.path().join("solace.toml");
        let good = format!("[server]\ndata_dir = \"{}\"\n", data.display());
        std::fs::write(&file, &good).unwrap();
        let config = load(&file);
        let db = Db::open(&data).unwrap();
        let stamps = Arc::new(Authority::load_or_create(&config.timestamp, &data).unwrap());
        let ops = Operations::new(&config, db.clone(), stamps, Some("BKey-public".into()));

        let r = serde_json::to_value(ops.health_report().await).unwrap();
        assert_eq!(r["version"], env!("CARGO_PKG_VERSION"));
        assert!(r["uptime_seconds"].as_u64().unwrap() < 60);
        assert_eq!((&r["status"], &r["reasons"]), (&json!("ok"), &json!([])));
        assert_eq!(r["config"], json!({"ok": true, "problems": []}));
        let disk = &r["disk"];
        let n = |v: &Value| v.as_u64().unwrap();
        assert!(n(&disk["total_bytes"]) >= n(&disk["free_bytes"]) && n(&disk["free_bytes"]) > 0);
        assert!(n(&disk["data_dir_bytes"]) >= n(&r["database_bytes"]));
        assert!(n(&r["database_bytes"]) > 0);
        assert_eq!(r["copy_store_bytes"], 0);
        // The fingerprint is the certificate's own, as `openssl x509 -fingerprint -sha256` gives it.
        let pem =
            std::fs::read_to_string(data.join(crate::timestamp::authority::CERT_FILE)).unwrap();
        let der = x509_cert::Certificate::from_pem(&pem)
            .unwrap()
            .to_der()
            .unwrap();
        let fingerprint = base16ct::lower::encode_string(&Sha256::digest(&der));
        assert_eq!(r["timestamp"]["fingerprint_sha256"], fingerprint);
        let ends =
            chrono::DateTime::parse_from_rfc3339(r["timestamp"]["not_after"].as_str().unwrap())
                .unwrap();
        assert!(ends > chrono::Utc::now() + chrono::Duration::days(31));
        assert_eq!(r["timestamp"]["expires_soon"], false);
        assert_eq!(r["web_push_key"], "BKey-public");
        assert_eq!(r["last_backup_at"], Value::Null);
        assert_eq!(
            r["mail"],
            json!({"configured": false, "status": "unknown", "reason": null})
        );

        // A backup and her copy's bytes show; nothing tells whose.
        crate::db::backup(&data, &dir.path().join("backup.db")).unwrap();
        let owner = crate::copy::use_cases::Owner {
            db: db.clone(),
            blobs: crate::blobs::Blobs::Database,
            account: "a".into(),
            limit: u64::MAX,
        };
        let room = Arc::new(crate::room::Room::new(&data, 0));
        crate::copy::use_cases::attachments::put_chunk(
            owner,
            room,
            ("photo", "0"),
            vec![7u8; 5000],
        )
        .await
        .unwrap();
        let r = serde_json::to_value(ops.health_report().await).unwrap();
        let at =
            chrono::DateTime::parse_from_rfc3339(r["last_backup_at"].as_str().unwrap()).unwrap();
        assert!((chrono::Utc::now() - at.with_timezone(&chrono::Utc)).num_seconds() < 60);
        assert!(r["copy_store_bytes"].as_u64().unwrap() >= 5000, "{r}");

        // Alarm e-mails waiting for a mail server that refuses them: the mail is failing, and why.
        db.write(|c| {
            use crate::checkin::store::{checkins, due, retries};
            let new = checkins::NewCheckin {
                id: "c".into(),
                account_id: "a".into(),
                ends_at: 1,
                note: "n".into(),
                language: "en".into(),
                recipients: vec!["friend@example.org".into()],
                advocates: Vec::new(),
                pin_hash: "h".into(),
                duress_pin_hash: None,
                session: String::new(),
            };
            checkins::start(c, &new)?;
            let claim = crate::checkin::store::leases::Claim {
                holder: "this".into(),
                lease_ms: 1,
            };
            due::fire(c, "c", 2, true, &claim)?;
            retries::retry_later(c, "c", 3, crate::email::failure::MailFailure::Refused)?;
            Ok::<_, crate::checkin::errors::CheckinError>(())
        })
        .await
        .unwrap();
        let r = serde_json::to_value(ops.health_report().await).unwrap();
        assert_eq!(r["mail"]["status"], "failing");
        assert_eq!(r["mail"]["reason"], "refused");
        assert_eq!(r["status"], "degraded");
        assert!(!r["reasons"].to_string().contains("\"n\""), "no note: {r}");

        // The file edited since start: validate-config's verdict, without the line that held a secret.
        std::fs::write(
            &file,
            format!("{good}[auth]\njwt_secret = \"hunter2-long-secret\n"),
        )
        .unwrap();
        let r = serde_json::to_value(ops.health_report().await).unwrap();
        assert_eq!(r["config"]["ok"], false);
        assert_eq!(r["status"], "degraded");
        let text = r.to_string();
        assert!(text.contains("solace.toml"), "{text}");
        assert!(!text.contains("hunter2"), "{text}");
    }
}
