//! The layer's own promises, on a real SQLite file: each value type goes in and comes back the same,
//! NULL is `None`, a wrong type is an error that says so, a dropped transaction leaves nothing, and a
//! repeated unique key is recognised as one.

use super::*;

fn scratch() -> (tempfile::TempDir, Connection) {
    let dir = tempfile::tempdir().unwrap();
    create_private_file(&dir.path().join(FILE_NAME)).unwrap();
    let conn = open_for_command(dir.path()).unwrap();
    conn.execute_batch("CREATE TABLE t (k TEXT PRIMARY KEY, v)")
        .unwrap();
    (dir, conn)
}

fn round_trip<T: ToValue + FromValue>(conn: &Connection, key: &str, value: T) -> T {
    conn.execute("INSERT INTO t (k, v) VALUES (?1, ?2)", params![key, value])
        .unwrap();
    conn.query_row("SELECT v FROM t WHERE k = ?1", [key], |r| r.get(0))
        .unwrap()
}

#[test]
fn every_value_type_comes_back_as_it_went_in() {
    let (_dir, c) = scratch();
    assert_eq!(round_trip(&c, "i64", i64::MIN), i64::MIN);
    assert_eq!(round_trip(&c, "i32", -7_i32), -7);
    assert_eq!(round_trip(&c, "u32", u32::MAX), u32::MAX);
    assert_eq!(round_trip(&c, "u64", i64::MAX as u64), i64::MAX as u64);
    assert_eq!(round_trip(&c, "usize", 12_usize), 12);
    assert!(round_trip(&c, "true", true));
    assert!(!round_trip(&c, "false", false));
    assert_eq!(round_trip(&c, "f64", 0.25_f64), 0.25);
    assert_eq!(round_trip(&c, "text", "नमस्ते".to_string()), "नमस्ते");
    assert_eq!(round_trip(&c, "blob", vec![0_u8, 255, 7]), vec![0, 255, 7]);
    assert_eq!(round_trip(&c, "some", Some(3_i64)), Some(3));
    // A borrowed &str and &[u8] go in as text and blob.
    let bytes: &[u8] = &[1, 2];
    c.execute("INSERT INTO t (k, v) VALUES ('b', ?1)", [bytes])
        .unwrap();
    let back: Vec<u8> = c
        .query_row("SELECT v FROM t WHERE k = 'b'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(back, [1, 2]);
    // Booleans are stored as the integers 0 and 1, which both engines hold.
    let stored: i64 = c
        .query_row("SELECT v FROM t WHERE k = 'true'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(stored, 1);
}

#[test]
fn null_reads_as_none_and_an_absent_row_as_no_rows() {
    let (_dir, c) = scratch();
    assert_eq!(round_trip::<Option<String>>(&c, "none", None), None);
    let missing = c.query_row("SELECT v FROM t WHERE k = 'nobody'", [], |r| {
        r.get::<i64>(0)
    });
    assert!(matches!(missing, Err(DbError::NoRows)), "{missing:?}");
    assert_eq!(
        c.query_row("SELECT v FROM t WHERE k = 'nobody'", [], |r| r
            .get::<i64>(0))
            .optional()
            .unwrap(),
        None
    );
}

#[test]
fn a_wrong_type_is_an_error_naming_the_column_not_a_panic() {
    let (_dir, c) = scratch();
    c.execute("INSERT INTO t (k, v) VALUES ('word', 'hello')", [])
        .unwrap();
    let wrong = c.query_row("SELECT k, v FROM t", [], |r| r.get::<i64>(1));
    match wrong {
        Err(DbError::Conversion(Conversion { column: 1, .. })) => {}
        other => panic!("expected a conversion error, got {other:?}"),
    }
    let message = c
        .query_row("SELECT k, v FROM t", [], |r| r.get::<Vec<u8>>(1))
        .unwrap_err()
        .to_string();
    assert!(message.contains("column 1 holds text"), "{message}");
    // NULL into a type that cannot be NULL, and a stored integer too large for the type read.
    c.execute(
        "INSERT INTO t (k, v) VALUES ('null', NULL), ('big', ?1)",
        [i64::MAX],
    )
    .unwrap();
    let null = c.query_row("SELECT v FROM t WHERE k = 'null'", [], |r| {
        r.get::<String>(0)
    });
    assert!(matches!(null, Err(DbError::Conversion(_))), "{null:?}");
    let big = c.query_row("SELECT v FROM t WHERE k = 'big'", [], |r| r.get::<u32>(0));
    assert!(matches!(big, Err(DbError::Conversion(_))), "{big:?}");
    let too_large = c.execute("INSERT INTO t (k, v) VALUES ('u', ?1)", [u64::MAX]);
    assert!(
        matches!(too_large, Err(DbError::TooLarge(u64::MAX))),
        "{too_large:?}"
    );
}

#[test]
fn a_dropped_transaction_leaves_nothing_and_a_committed_one_stays() {
    let (_dir, mut c) = scratch();
    {
        let tx = c.transaction().unwrap();
        tx.execute("INSERT INTO t (k, v) VALUES ('gone', 1)", [])
            .unwrap();
    }
    let tx = c.transaction().unwrap();
    tx.execute("INSERT INTO t (k, v) VALUES ('kept', 2)", [])
        .unwrap();
    tx.commit().unwrap();
    let keys = c
        .query_map("SELECT k FROM t ORDER BY k", [], |r| r.get::<String>(0))
        .unwrap();
    assert_eq!(keys, ["kept"]);
}

#[test]
fn a_repeated_unique_key_is_recognised() {
    let (_dir, c) = scratch();
    c.execute("INSERT INTO t (k, v) VALUES ('same', 1)", [])
        .unwrap();
    let again = c
        .execute("INSERT INTO t (k, v) VALUES ('same', 2)", [])
        .unwrap_err();
    assert!(again.is_unique_violation(), "{again:?}");
    assert!(!again.is_disk_full());
    let other = c.execute("INSERT INTO nowhere VALUES (1)", []).unwrap_err();
    assert!(!other.is_unique_violation(), "{other:?}");
}
