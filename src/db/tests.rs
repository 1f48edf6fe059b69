//! The layer's own promises, on both engines (a real SQLite file, and the throwaway PostgreSQL cluster):
//! each value type goes in and comes back the same, NULL is `None`, a wrong type is an error that says so,
//! a dropped transaction leaves nothing, and a repeated unique key is recognised as one; and the two
//! engines' migrations build one schema.

use super::*;

/// The columns are typed by names both engines take (SQLite gives BYTEA no affinity, so bytes stay bytes).
const TABLE: &str =
    "CREATE TABLE t (k TEXT PRIMARY KEY, i BIGINT, r DOUBLE PRECISION, s TEXT, b BYTEA)";

/// A connection of each engine, with the table `t`; the directory keeps SQLite's file.
fn engines() -> Vec<(Option<tempfile::TempDir>, Connection)> {
    let both = stand_in::both_engines();
    for (_, c) in &both {
        c.execute_batch(TABLE).unwrap();
    }
    both
}

fn round_trip<T: ToValue + FromValue>(conn: &Connection, column: &str, key: &str, value: T) -> T {
    conn.execute(
        &format!("INSERT INTO t (k, {column}) VALUES (?1, ?2)"),
        params![key, value],
    )
    .unwrap();
    conn.query_row(
        &format!("SELECT {column} FROM t WHERE k = ?1"),
        [key],
        |r| r.get(0),
    )
    .unwrap()
}

#[test]
fn every_value_type_comes_back_as_it_went_in() {
    for (_dir, c) in engines() {
        assert_eq!(round_trip(&c, "i", "i64", i64::MIN), i64::MIN);
        assert_eq!(round_trip(&c, "i", "i32", -7_i32), -7);
        assert_eq!(round_trip(&c, "i", "u32", u32::MAX), u32::MAX);
        assert_eq!(round_trip(&c, "i", "u64", i64::MAX as u64), i64::MAX as u64);
        assert_eq!(round_trip(&c, "i", "usize", 12_usize), 12);
        assert!(round_trip(&c, "i", "true", true));
        assert!(!round_trip(&c, "i", "false", false));
        assert_eq!(round_trip(&c, "r", "f64", 0.25_f64), 0.25);
        assert_eq!(round_trip(&c, "s", "text", "नमस्ते".to_string()), "नमस्ते");
        assert_eq!(
            round_trip(&c, "b", "blob", vec![0_u8, 255, 7]),
            vec![0, 255, 7]
        );
        assert_eq!(round_trip(&c, "i", "some", Some(3_i64)), Some(3));
        // A borrowed &str and &[u8] go in as text and blob.
        let bytes: &[u8] = &[1, 2];
        c.execute("INSERT INTO t (k, b) VALUES ('b', ?1)", [bytes])
            .unwrap();
        let back: Vec<u8> = c
            .query_row("SELECT b FROM t WHERE k = 'b'", [], |r| r.get(0))
            .unwrap();
        assert_eq!(back, [1, 2]);
        // Booleans are stored as the integers 0 and 1, which both engines hold.
        let stored: i64 = c
            .query_row("SELECT i FROM t WHERE k = 'true'", [], |r| r.get(0))
            .unwrap();
        assert_eq!(stored, 1);
        // A comparison selected is a boolean on PostgreSQL and 0 or 1 on SQLite: both read as `bool`.
        let compared: bool = c
            .query_row("SELECT i > 0 FROM t WHERE k = 'true'", [], |r| r.get(0))
            .unwrap();
        assert!(compared);
        // A `?N` inside a string is text, not a placeholder (PostgreSQL's are renumbered around it).
        let words: String = c
            .query_row("SELECT 'why?1 ' || ?1", ["not"], |r| r.get(0))
            .unwrap();
        assert_eq!(words, "why?1 not");
    }
}

#[test]
fn null_reads_as_none_and_an_absent_row_as_no_rows() {
    for (_dir, c) in engines() {
        assert_eq!(round_trip::<Option<String>>(&c, "s", "none", None), None);
        let missing = c.query_row("SELECT i FROM t WHERE k = 'nobody'", [], |r| {
            r.get::<i64>(0)
        });
        assert!(matches!(missing, Err(DbError::NoRows)), "{missing:?}");
        assert_eq!(
            c.query_row("SELECT i FROM t WHERE k = 'nobody'", [], |r| r
                .get::<i64>(0))
                .optional()
                .unwrap(),
            None
        );
    }
}

#[test]
fn a_wrong_type_is_an_error_naming_the_column_not_a_panic() {
    for (_dir, c) in engines() {
        c.execute("INSERT INTO t (k, s) VALUES ('word', 'hello')", [])
            .unwrap();
        let wrong = c.query_row("SELECT k, s FROM t", [], |r| r.get::<i64>(1));
        match wrong {
            Err(DbError::Conversion(Conversion { column: 1, .. })) => {}
            other => panic!("expected a conversion error, got {other:?}"),
        }
        let message = c
            .query_row("SELECT k, s FROM t", [], |r| r.get::<Vec<u8>>(1))
            .unwrap_err()
            .to_string();
        assert!(message.contains("column 1 holds text"), "{message}");
        // NULL into a type that cannot be NULL, and a stored integer too large for the type read.
        c.execute("INSERT INTO t (k, s) VALUES ('null', NULL)", [])
            .unwrap();
        c.execute("INSERT INTO t (k, i) VALUES ('big', ?1)", [i64::MAX])
            .unwrap();
        let null = c.query_row("SELECT s FROM t WHERE k = 'null'", [], |r| {
            r.get::<String>(0)
        });
        assert!(matches!(null, Err(DbError::Conversion(_))), "{null:?}");
        let big = c.query_row("SELECT i FROM t WHERE k = 'big'", [], |r| r.get::<u32>(0));
        assert!(matches!(big, Err(DbError::Conversion(_))), "{big:?}");
        let too_large = c.execute("INSERT INTO t (k, i) VALUES ('u', ?1)", [u64::MAX]);
        assert!(
            matches!(too_large, Err(DbError::TooLarge(u64::MAX))),
            "{too_large:?}"
        );
    }
}

#[test]
fn a_dropped_transaction_leaves_nothing_and_a_committed_one_stays() {
    for (_dir, mut c) in engines() {
        {
            let tx = c.transaction().unwrap();
            tx.execute("INSERT INTO t (k, i) VALUES ('gone', 1)", [])
                .unwrap();
        }
        let tx = c.transaction().unwrap();
        tx.execute("INSERT INTO t (k, i) VALUES ('kept', 2)", [])
            .unwrap();
        tx.commit().unwrap();
        let keys = c
            .query_map("SELECT k FROM t ORDER BY k", [], |r| r.get::<String>(0))
            .unwrap();
        assert_eq!(keys, ["kept"]);
    }
}

#[test]
fn a_repeated_unique_key_is_recognised() {
    for (_dir, c) in engines() {
        c.execute("INSERT INTO t (k, i) VALUES ('same', 1)", [])
            .unwrap();
        let again = c
            .execute("INSERT INTO t (k, i) VALUES ('same', 2)", [])
            .unwrap_err();
        assert!(again.is_unique_violation(), "{again:?}");
        assert!(!again.is_disk_full());
        let other = c.execute("INSERT INTO nowhere VALUES (1)", []).unwrap_err();
        assert!(!other.is_unique_violation(), "{other:?}");
    }
}

/// What only PostgreSQL does differently, held to the layer's promises: a statement that failed inside a
/// transaction makes its commit fail (PostgreSQL gave the transaction up) rather than report success; a
/// column type the layer does not carry (a `sum`'s NUMERIC) is an error that says to cast it; a unique
/// key's value stays out of the error's words (they reach the log).
#[test]
fn on_postgres_a_failed_transaction_never_commits_and_errors_hold_no_values() {
    let mut c = stand_in::server().connect(true).unwrap();
    c.execute_batch(TABLE).unwrap();
    c.execute("INSERT INTO t (k, i) VALUES ('her@example.org', 1)", [])
        .unwrap();
    let tx = c.transaction().unwrap();
    tx.execute("INSERT INTO t (k, i) VALUES ('other', 2)", [])
        .unwrap();
    let repeated = tx
        .execute("INSERT INTO t (k, i) VALUES ('her@example.org', 2)", [])
        .unwrap_err();
    assert!(repeated.is_unique_violation());
    assert!(!repeated.to_string().contains("her@"), "{repeated}");
    assert!(matches!(tx.commit(), Err(DbError::Transaction(_))));
    let rows: i64 = c
        .query_row("SELECT count(*) FROM t", [], |r| r.get(0))
        .unwrap();
    assert_eq!(rows, 1, "the failed transaction's first row is not kept");
    let sum = c.query_row("SELECT sum(i) FROM t", [], |r| r.get::<i64>(0));
    assert!(
        sum.as_ref()
            .is_err_and(|e| e.to_string().contains("numeric")),
        "{sum:?}"
    );
    let cast: i64 = c
        .query_row("SELECT CAST(sum(i) AS BIGINT) FROM t", [], |r| r.get(0))
        .unwrap();
    assert_eq!(cast, 1);
}

/// SQLite's type of a column as PostgreSQL names it: the one mapping between the two migration sets.
fn as_postgres(sqlite_type: &str, primary_key_alone: bool) -> &'static str {
    match sqlite_type {
        "TEXT" => "text",
        // SQLite's `INTEGER PRIMARY KEY` is its row number: an identity column on PostgreSQL.
        "INTEGER" if primary_key_alone => "bigint identity",
        "INTEGER" => "bigint",
        "BLOB" => "bytea",
        other => panic!("a SQLite column of type {other:?}, which has no PostgreSQL name here"),
    }
}

/// (table, column, type, may be NULL, default) on each engine, sorted.
type Columns = Vec<(String, String, String, bool, Option<String>)>;

fn sqlite_columns(c: &Connection) -> Columns {
    let tables = c
        .query_map(
            "SELECT name FROM sqlite_schema WHERE type = 'table'",
            [],
            |r| r.get::<String>(0),
        )
        .unwrap();
    let mut columns = Vec::new();
    for table in tables {
        let rows = c
            .query_map(
                "SELECT name, type, \"notnull\", dflt_value, pk FROM pragma_table_info(?1)",
                [&table],
                |r| {
                    Ok((
                        r.get::<String>(0)?,
                        r.get::<String>(1)?,
                        r.get::<bool>(2)?,
                        r.get::<Option<String>>(3)?,
                        r.get::<i64>(4)?,
                    ))
                },
            )
            .unwrap();
        let keys = rows.iter().filter(|r| r.4 > 0).count();
        for (name, ty, not_null, default, pk) in rows {
            let ty = as_postgres(&ty, pk == 1 && keys == 1);
            // A primary key is never NULL on PostgreSQL; SQLite lets a TEXT one be, unless told.
            let nullable = !(not_null || pk > 0);
            columns.push((table.clone(), name, ty.to_string(), nullable, default));
        }
    }
    columns.sort();
    columns
}

fn postgres_columns(c: &Connection) -> Columns {
    let mut columns = c
        .query_map(
            "SELECT table_name, column_name,
                    CASE WHEN is_identity = 'YES' THEN data_type || ' identity' ELSE data_type END,
                    CASE WHEN is_nullable = 'YES' THEN 1 ELSE 0 END, column_default
             FROM information_schema.columns
             WHERE table_schema = current_schema() AND table_name <> 'solace_schema'",
            [],
            |r| {
                // PostgreSQL spells a text default with its type: `'en'::text`.
                let default: Option<String> = r.get(4)?;
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    r.get(3)?,
                    default.map(|d| d.trim_end_matches("::text").to_string()),
                ))
            },
        )
        .unwrap();
    columns.sort();
    columns
}

/// The two migration sets are one schema: after all of them, both engines have the same tables and
/// columns, each of the type `as_postgres` maps, NULL allowed alike and the same defaults.
#[test]
fn both_engines_end_with_the_same_tables_and_columns() {
    let engines = stand_in::both_engines();
    let sqlite = sqlite_columns(&engines[0].1);
    let postgres = postgres_columns(&engines[1].1);
    assert!(sqlite.len() > 100, "{}", sqlite.len());
    let only_sqlite: Vec<_> = sqlite.iter().filter(|c| !postgres.contains(c)).collect();
    let only_postgres: Vec<_> = postgres.iter().filter(|c| !sqlite.contains(c)).collect();
    assert!(
        only_sqlite.is_empty() && only_postgres.is_empty(),
        "SQLite only: {only_sqlite:#?}\nPostgreSQL only: {only_postgres:#?}"
    );
}

/// The server's last `Db` can be dropped on an async thread (when the server stops); PostgreSQL's client
/// closes its connection on a runtime of its own, which must not start there.
#[test]
fn on_postgres_a_db_dropped_on_an_async_thread_closes_without_a_panic() {
    let db = Db::open_postgres(stand_in::server()).unwrap();
    tokio::runtime::Builder::new_current_thread()
        .build()
        .unwrap()
        .block_on(async move { drop(db) });
}
