//! Embedded, versioned, forward-only migrations. `PRAGMA user_version` records the applied version;
//! each migration runs in its own transaction together with the version bump.

use rusqlite::Connection;

use super::DbError;

pub struct Migration {
    pub version: i64,
    pub name: &'static str,
    /// SQLite's text.
    pub sql: &'static str,
    /// PostgreSQL's text: None up to version 23, which the PostgreSQL baseline (version 24) includes;
    /// every version from 24 on has one (`every_version_from_the_baseline_on_has_both_texts`).
    pub postgres: Option<&'static str>,
}

/// Append only: never edit or reorder a migration that has shipped.
pub const MIGRATIONS: &[Migration] = &[
    Migration {
        version: 1,
        name: "instance metadata",
        sql: include_str!("migrations/0001_meta.sql"),
        postgres: None,
    },
    Migration {
        version: 2,
        name: "auth: users, identities, sessions, refresh tokens, oauth flows",
        sql: include_str!("migrations/0002_auth.sql"),
        postgres: None,
    },
    Migration {
        version: 3,
        name: "auth: oauth flows remember that their state was used",
        sql: include_str!("migrations/0003_oauth_flow_claimed.sql"),
        postgres: None,
    },
    Migration {
        version: 4,
        name: "accounts: disabled accounts and one-time recovery links",
        sql: include_str!("migrations/0004_accounts.sql"),
        postgres: None,
    },
    Migration {
        version: 5,
        name: "auth: two-step sign-in factors, challenges and session steps",
        sql: include_str!("migrations/0005_mfa.sql"),
        postgres: None,
    },
    Migration {
        version: 6,
        name: "accounts: recovery links end with the password; factors remember when they were confirmed",
        sql: include_str!("migrations/0006_her_account_is_hers.sql"),
        postgres: None,
    },
    Migration {
        version: 7,
        name: "the encrypted copy: records, attachment chunks and recovery wraps, per account",
        sql: include_str!("migrations/0007_copy.sql"),
        postgres: None,
    },
    Migration {
        version: 8,
        name: "advocates: their keys, pairing codes and who is paired with whom",
        sql: include_str!("migrations/0008_advocates.sql"),
        postgres: None,
    },
    Migration {
        version: 9,
        name: "advocates: what a survivor shares, sealed to her advocate, until it expires",
        sql: include_str!("migrations/0009_shares.sql"),
        postgres: None,
    },
    Migration {
        version: 10,
        name: "check-ins: timers she sets, who they alert, and the alerts her advocates see",
        sql: include_str!("migrations/0010_checkins.sql"),
        postgres: None,
    },
    Migration {
        version: 11,
        name: "advocates: her own sealed label of what each share holds",
        sql: include_str!("migrations/0011_share_labels.sql"),
        postgres: None,
    },
    Migration {
        version: 12,
        name: "advocates: the key she compared the safety code for",
        sql: include_str!("migrations/0012_confirmed_keys.sql"),
        postgres: None,
    },
    Migration {
        version: 13,
        name: "web push: browsers that allowed notifications, and check-ins whose reminder went",
        sql: include_str!("migrations/0013_push.sql"),
        postgres: None,
    },
    Migration {
        version: 14,
        name: "advocates: a share's attachments in parts of at most 1 MiB",
        sql: include_str!("migrations/0014_share_parts.sql"),
        postgres: None,
    },
    Migration {
        version: 15,
        name: "check-ins: the alarm outlives her account; advocates' notes keep the name she is known by",
        sql: include_str!("migrations/0015_checkins_outlive_the_account.sql"),
        postgres: None,
    },
    Migration {
        version: 16,
        name: "advocates: share ids per survivor; the copy's sizes count each row as stored",
        sql: include_str!("migrations/0016_share_ids_and_room.sql"),
        postgres: None,
    },
    Migration {
        version: 17,
        name: "check-ins: each chosen advocate is e-mailed when her alert goes",
        sql: include_str!("migrations/0017_advocate_alert_mail.sql"),
        postgres: None,
    },
    Migration {
        version: 18,
        name: "check-ins: her sessions keep their own count of wrong PINs apart from everyone else's",
        sql: include_str!("migrations/0018_checkin_sessions.sql"),
        postgres: None,
    },
    Migration {
        version: 19,
        name: "auth: sign-ups waiting for their confirmation e-mail's link",
        sql: include_str!("migrations/0019_pending_sign_ups.sql"),
        postgres: None,
    },
    Migration {
        version: 20,
        name: "advocates: each opening of a share, for her list",
        sql: include_str!("migrations/0020_share_openings.sql"),
        postgres: None,
    },
    Migration {
        version: 21,
        name: "check-ins: an overdue alarm remembers who it reached, for her late check-in",
        sql: include_str!("migrations/0021_late_checkin.sql"),
        postgres: None,
    },
    Migration {
        version: 22,
        name: "accounts: each one's role (survivor, advocate, operator); the operators' audit",
        sql: include_str!("migrations/0022_roles_and_operator_audit.sql"),
        postgres: None,
    },
    Migration {
        version: 23,
        name: "check-ins: alerts are retried for a day, remembering why they failed, and counted for the operator",
        sql: include_str!("migrations/0023_alarm_retries.sql"),
        postgres: None,
    },
    Migration {
        version: 24,
        name: "auth: pending sign-ups keep their order in a column of their own, not SQLite's rowid",
        sql: include_str!("migrations/0024_pending_sign_up_order.sql"),
        postgres: Some(include_str!("migrations/postgres/0024_baseline.sql")),
    },
    Migration {
        version: 25,
        name: "storage: copy chunks and share parts may keep their bytes in a bucket; the objects to delete",
        sql: include_str!("migrations/0025_blobs_in_a_bucket.sql"),
        postgres: Some(include_str!(
            "migrations/postgres/0025_blobs_in_a_bucket.sql"
        )),
    },
    Migration {
        version: 26,
        name: "several instances: an alert is claimed for a while by the instance sending it; lockouts count in the database",
        sql: include_str!("migrations/0026_several_instances.sql"),
        postgres: Some(include_str!(
            "migrations/postgres/0026_several_instances.sql"
        )),
    },
];

/// The schema version this binary builds: a database at another one is not its to copy into.
pub const LATEST_VERSION: i64 = MIGRATIONS[MIGRATIONS.len() - 1].version;

/// The schema version `conn`'s database is at: SQLite's `user_version`, PostgreSQL's `solace_schema`; 0 for
/// a database no migration has touched. Only reads, so it runs on a read-only connection too.
pub fn version(conn: &super::Connection) -> Result<i64, DbError> {
    if let Some(sqlite) = conn.sqlite() {
        return Ok(sqlite.pragma_query_value(None, "user_version", |r| r.get(0))?);
    }
    let kept: bool = conn.query_row(
        "SELECT count(*) > 0 FROM information_schema.tables
         WHERE table_schema = current_schema() AND table_name = 'solace_schema'",
        [],
        |r| r.get(0),
    )?;
    if !kept {
        return Ok(0);
    }
    conn.query_row(
        "SELECT CAST(coalesce(max(version), 0) AS BIGINT) FROM solace_schema",
        [],
        |r| r.get(0),
    )
}

pub fn run(conn: &mut Connection) -> Result<(), DbError> {
    run_list(conn, MIGRATIONS)
}

/// PostgreSQL's side: the applied version is the one row of `solace_schema` (PostgreSQL has no
/// `user_version`), and every pending migration runs in one transaction with its bump, under the write
/// lock, so two instances starting at once migrate one after the other and a failing one leaves nothing.
pub fn run_postgres(conn: &mut super::Connection) -> Result<(), DbError> {
    run_postgres_list(conn, MIGRATIONS)
}

fn run_postgres_list(conn: &mut super::Connection, list: &[Migration]) -> Result<(), DbError> {
    let tx = conn.transaction()?;
    tx.execute_batch("CREATE TABLE IF NOT EXISTS solace_schema (version BIGINT NOT NULL)")?;
    let current: i64 = tx.query_row(
        "SELECT CAST(coalesce(max(version), 0) AS BIGINT) FROM solace_schema",
        [],
        |r| r.get(0),
    )?;
    let latest = list.last().map_or(0, |m| m.version);
    if current > latest {
        return Err(DbError::NewerSchema {
            found: current,
            supported: latest,
        });
    }
    if current == latest {
        return Ok(());
    }
    for m in list.iter().filter(|m| m.version > current) {
        if let Some(sql) = m.postgres {
            tx.execute_batch(sql)?;
            tracing::info!(
                version = m.version,
                name = m.name,
                "applied database migration"
            );
        }
    }
    tx.execute("DELETE FROM solace_schema", [])?;
    tx.execute("INSERT INTO solace_schema (version) VALUES (?1)", [latest])?;
    tx.commit()
}

fn run_list(conn: &mut Connection, list: &[Migration]) -> Result<(), DbError> {
    let current: i64 = conn.pragma_query_value(None, "user_version", |r| r.get(0))?;
    let latest = list.last().map_or(0, |m| m.version);
    if current > latest {
        return Err(DbError::NewerSchema {
            found: current,
            supported: latest,
        });
    }
    for m in list.iter().filter(|m| m.version > current) {
        let tx = conn.transaction()?;
        tx.execute_batch(m.sql)?;
        tx.pragma_update(None, "user_version", m.version)?;
        tx.commit()?;
        tracing::info!(
            version = m.version,
            name = m.name,
            "applied database migration"
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OLD: &[Migration] = &[Migration {
        version: 1,
        name: "a",
        sql: "CREATE TABLE a (x INTEGER);",
        postgres: None,
    }];
    const NEW: &[Migration] = &[
        Migration {
            version: 1,
            name: "a",
            sql: "CREATE TABLE a (x INTEGER);",
            postgres: None,
        },
        Migration {
            version: 2,
            name: "b",
            sql: "ALTER TABLE a ADD COLUMN y TEXT; CREATE TABLE b (z INTEGER);",
            postgres: None,
        },
    ];

    fn version(c: &Connection) -> i64 {
        c.pragma_query_value(None, "user_version", |r| r.get(0))
            .unwrap()
    }

    #[test]
    fn upgrades_an_old_schema_and_keeps_its_rows() {
        let mut c = Connection::open_in_memory().unwrap();
        run_list(&mut c, OLD).unwrap();
        c.execute("INSERT INTO a (x) VALUES (7)", []).unwrap();
        run_list(&mut c, NEW).unwrap();
        assert_eq!(version(&c), 2);
        let x: i64 = c
            .query_row("SELECT x FROM a WHERE y IS NULL", [], |r| r.get(0))
            .unwrap();
        assert_eq!(x, 7);
    }

    #[test]
    fn a_failing_migration_changes_nothing() {
        let bad = &[Migration {
            version: 1,
            name: "bad",
            sql: "CREATE TABLE t (x); SELECT * FROM missing;",
            postgres: None,
        }];
        let mut c = Connection::open_in_memory().unwrap();
        assert!(run_list(&mut c, bad).is_err());
        assert_eq!(version(&c), 0);
        let tables: i64 = c
            .query_row("SELECT count(*) FROM sqlite_schema", [], |r| r.get(0))
            .unwrap();
        assert_eq!(tables, 0);
    }

    #[test]
    fn refuses_a_database_from_a_newer_binary() {
        let mut c = Connection::open_in_memory().unwrap();
        run_list(&mut c, NEW).unwrap();
        match run_list(&mut c, OLD) {
            Err(DbError::NewerSchema {
                found: 2,
                supported: 1,
            }) => {}
            other => panic!("expected NewerSchema, got {other:?}"),
        }
    }

    /// 0015 builds the check-in tables again: a check-in running during the upgrade keeps its addresses
    /// and sealed notes, and from then on outlives the account's row.
    #[test]
    fn check_ins_survive_the_upgrade_and_then_outlive_the_account() {
        let mut c = Connection::open_in_memory().unwrap();
        c.pragma_update(None, "foreign_keys", "ON").unwrap();
        run_list(&mut c, &MIGRATIONS[..14]).unwrap();
        c.execute_batch(
            "INSERT INTO users (id, email, created_at, updated_at) VALUES ('her', 'h@x.org', 't', 't'),
                 ('adv', 'a@x.org', 't', 't');
             INSERT INTO advocates (account_id, name, created_at) VALUES ('adv', 'Asha', 't');
             INSERT INTO checkins (id, account_id, ends_at, next_try_at, note, pin_hash, created_at)
                 VALUES ('c1', 'her', 5, 5, 'note', 'hash', 't');
             INSERT INTO checkin_recipients (checkin_id, address) VALUES ('c1', 'f@x.org');
             INSERT INTO checkin_advocate_notes (checkin_id, advocate_id, sealed) VALUES ('c1', 'adv', x'01');",
        )
        .unwrap();
        run(&mut c).unwrap();
        let count = |c: &Connection| -> i64 {
            c.query_row(
                "SELECT (SELECT count(*) FROM checkins) + (SELECT count(*) FROM checkin_recipients)
                 + (SELECT count(*) FROM checkin_advocate_notes)",
                [],
                |r| r.get(0),
            )
            .unwrap()
        };
        assert_eq!(count(&c), 3);
        c.execute("DELETE FROM users WHERE id = 'her'", []).unwrap();
        assert_eq!(count(&c), 3, "her account's row is gone, her alarm is not");
        c.execute("DELETE FROM checkins WHERE id = 'c1'", [])
            .unwrap();
        assert_eq!(count(&c), 0, "its addresses and notes go with it");
        let broken: Vec<String> = c
            .prepare("PRAGMA foreign_key_check")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert!(broken.is_empty(), "{broken:?}");
    }

    /// 0024 gives waiting sign-ups an order column: rows waiting during the upgrade keep their order.
    #[test]
    fn waiting_sign_ups_keep_their_order_through_the_upgrade() {
        let mut c = Connection::open_in_memory().unwrap();
        run_list(&mut c, &MIGRATIONS[..23]).unwrap();
        for id in ["c", "a", "b"] {
            c.execute(
                "INSERT INTO pending_sign_ups (id, email, password_hash, user_metadata, created_at,
                 expires_at) VALUES (?1, 'h@x.org', ?1, '{}', 5, 9)",
                [id],
            )
            .unwrap();
        }
        run(&mut c).unwrap();
        let order: Vec<String> = c
            .prepare("SELECT id FROM pending_sign_ups ORDER BY created_at DESC, seq DESC")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(order, ["b", "a", "c"]);
    }

    #[test]
    fn shipped_migrations_apply_in_order() {
        let mut c = Connection::open_in_memory().unwrap();
        run(&mut c).unwrap();
        assert_eq!(version(&c), LATEST_VERSION);
        for pair in MIGRATIONS.windows(2) {
            assert_eq!(pair[1].version, pair[0].version + 1);
        }
    }

    #[test]
    fn every_version_from_the_baseline_on_has_both_texts() {
        let baseline = MIGRATIONS
            .iter()
            .position(|m| m.postgres.is_some())
            .unwrap();
        assert_eq!(MIGRATIONS[baseline].version, 24);
        assert!(MIGRATIONS[baseline..].iter().all(|m| m.postgres.is_some()));
    }
}
