//! The move's parts on both engines (a real SQLite file and the throwaway PostgreSQL cluster): both
//! catalogues list one schema in one order, parents first; the same rows give the same checksum on either
//! engine, and a changed cell or a missing row is a verification failure naming the table.

use super::errors::MoveError;
use super::store::{catalog, checksum, rows};
use super::use_cases::verify;
use crate::db::stand_in;
use crate::db::{Connection, params};

/// A table of the test's own, keyed as a copy's chunks are, with three rows whose text keys two engines
/// order differently ('ä' after 'photo' byte by byte, before it in most locales).
fn moved_rows(conn: &Connection) {
    conn.execute_batch(
        "CREATE TABLE moved_rows (who TEXT NOT NULL, what TEXT NOT NULL, n BIGINT NOT NULL,
         bytes BYTEA NOT NULL, PRIMARY KEY (who, what, n))",
    )
    .unwrap();
    conn.execute(
        "INSERT INTO moved_rows (who, what, n, bytes) VALUES
         ('her', 'photo', 0, ?1), ('her', 'photo', 1, ?2), ('her', 'ä', 0, ?1)",
        params![b"first".to_vec(), b"second".to_vec()],
    )
    .unwrap();
}

#[test]
fn both_catalogues_list_one_schema_parents_first() {
    let engines = stand_in::both_engines();
    let sqlite = catalog::tables(&engines[0].1).unwrap();
    let postgres = catalog::tables(&engines[1].1).unwrap();
    let names =
        |tables: &[catalog::Table]| tables.iter().map(|t| t.name.clone()).collect::<Vec<_>>();
    assert_eq!(names(&sqlite), names(&postgres));
    for (s, p) in sqlite.iter().zip(&postgres) {
        assert_eq!(
            (&s.columns, &s.key, &s.parents),
            (&p.columns, &p.key, &p.parents)
        );
        assert_eq!(s.holds_bytes, p.holds_bytes, "{}", s.name);
    }
    let at = |name: &str| sqlite.iter().position(|t| t.name == name).unwrap();
    assert!(at("users") < at("sessions") && at("sessions") < at("refresh_tokens"));
    assert!(at("advocate_links") < at("advocate_shares"));
    assert!(at("advocate_shares") < at("advocate_share_parts"));
    let chunks = &sqlite[at("copy_chunks")];
    assert_eq!(chunks.key, ["account_id", "attachment_id", "idx"]);
    assert!(chunks.holds_bytes);
}

#[test]
fn the_same_rows_give_the_same_checksum_on_both_engines_and_a_change_is_named() {
    let engines = stand_in::both_engines();
    let (sqlite, postgres) = (&engines[0].1, &engines[1].1);
    moved_rows(sqlite);
    moved_rows(postgres);
    let table = catalog::tables(sqlite)
        .unwrap()
        .into_iter()
        .find(|t| t.name == "moved_rows")
        .unwrap();
    // Batches of one row walk the key across both engines' orders.
    let on_sqlite = checksum::summarise(sqlite, &table, 1).unwrap();
    assert_eq!(on_sqlite, checksum::summarise(postgres, &table, 1).unwrap());
    assert_eq!(on_sqlite.rows, 3);
    assert_eq!(verify::table(sqlite, postgres, &table).unwrap(), 3);

    postgres
        .execute(
            "UPDATE moved_rows SET bytes = ?1 WHERE n = 1",
            [b"changed".to_vec()],
        )
        .unwrap();
    match verify::table(sqlite, postgres, &table) {
        Err(MoveError::Mismatch {
            table,
            source_rows: 3,
            target_rows: 3,
            checksums_differ: true,
        }) => assert_eq!(table, "moved_rows"),
        other => panic!("expected a mismatch, got {other:?}"),
    }
    postgres
        .execute("DELETE FROM moved_rows WHERE n = 1", [])
        .unwrap();
    let missing = verify::table(sqlite, postgres, &table)
        .unwrap_err()
        .to_string();
    assert!(
        missing.contains("table moved_rows: the source has 3 rows, the target 2"),
        "{missing}"
    );
    assert_eq!(rows::count(postgres, &table).unwrap(), 2);
}
