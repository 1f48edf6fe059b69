//! Her attachments on each place their bytes can be kept (`crate::blobs`): in the database, and as objects
//! of a bucket (the moto stand-in), each on SQLite and on PostgreSQL, since the triggers that note an
//! object for deletion are each engine's own.

use std::sync::Arc;

use super::{Owner, attachments, copy};
use crate::blobs::{Blobs, BucketSettings, deletions, stand_in};
use crate::copy::errors::CopyError;
use crate::db::Db;
use crate::error::ApiError;
use crate::room::Room;

struct Case {
    name: &'static str,
    db: Db,
    blobs: Blobs,
    room: Arc<Room>,
    _dir: tempfile::TempDir,
}

impl Case {
    fn owner(&self) -> Owner {
        Owner {
            db: self.db.clone(),
            blobs: self.blobs.clone(),
            account: "her-account".into(),
            limit: 64 * 1024 * 1024,
        }
    }

    /// The keys under this case's prefix in the bucket (none without one).
    async fn objects(&self) -> Vec<String> {
        match &self.blobs {
            Blobs::Database => Vec::new(),
            Blobs::Bucket(store) => store.list(1000).await.unwrap(),
        }
    }

    async fn waiting(&self) -> i64 {
        self.db.read(deletions::waiting).await.unwrap()
    }
}

/// Each database engine with each home for the bytes.
fn cases() -> Vec<Case> {
    let mut cases = Vec::new();
    for bucket in [false, true] {
        for postgres in [false, true] {
            let dir = tempfile::tempdir().unwrap();
            let db = if postgres {
                Db::open_postgres(crate::db::stand_in::server()).unwrap()
            } else {
                Db::open(dir.path()).unwrap()
            };
            let blobs = if bucket {
                Blobs::new(Some(&stand_in::bucket())).unwrap()
            } else {
                Blobs::Database
            };
            cases.push(Case {
                name: match (bucket, postgres) {
                    (false, false) => "database, SQLite",
                    (false, true) => "database, PostgreSQL",
                    (true, false) => "bucket, SQLite",
                    (true, true) => "bucket, PostgreSQL",
                },
                db,
                blobs,
                room: Arc::new(Room::new(dir.path(), 0)),
                _dir: dir,
            });
        }
    }
    cases
}

fn chunk(marker: u8, len: usize) -> Vec<u8> {
    vec![marker; len]
}

/// Runs `test` on a runtime of its own: PostgreSQL's synchronous client opens and closes outside it.
fn on_runtime(test: impl std::future::Future<Output = ()>) {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(test);
}

#[test]
fn chunks_are_stored_read_replaced_and_deleted_with_their_objects() {
    let cases = cases();
    on_runtime(async {
        for case in &cases {
            let name = case.name;
            for (i, marker) in [("0", 1u8), ("1", 2), ("2", 3)] {
                let put = attachments::put_chunk(
                    case.owner(),
                    case.room.clone(),
                    ("photo", i),
                    chunk(marker, 300_000),
                );
                put.await.unwrap();
            }
            // Sent again (a resumed upload): the new bytes, and the old object goes.
            attachments::put_chunk(
                case.owner(),
                case.room.clone(),
                ("photo", "1"),
                chunk(9, 1000),
            )
            .await
            .unwrap();
            let list = attachments::chunk_list(case.owner(), "photo")
                .await
                .unwrap();
            assert_eq!(list, [0, 1, 2], "{name}");
            let read = attachments::chunk(case.owner(), ("photo", "1"))
                .await
                .unwrap();
            assert_eq!(read, chunk(9, 1000), "{name}");
            let read = attachments::chunk(case.owner(), ("photo", "2"))
                .await
                .unwrap();
            assert_eq!(read, chunk(3, 300_000), "{name}");
            let index = copy::index(&case.owner()).await.unwrap();
            assert!(index.bytes > 601_000, "{name}: the size counts every chunk");
            let bucket = matches!(case.blobs, Blobs::Bucket(_));
            assert_eq!(
                case.objects().await.len(),
                if bucket { 3 } else { 0 },
                "{name}"
            );
            assert_eq!(case.waiting().await, 0, "{name}: nothing left to delete");

            attachments::delete(case.owner(), case.room.clone(), "photo")
                .await
                .unwrap();
            assert!(
                case.objects().await.is_empty(),
                "{name}: the objects went with the rows"
            );
            let gone = attachments::chunk(case.owner(), ("photo", "0")).await;
            assert!(matches!(gone, Err(CopyError::NotFound)), "{name}");

            attachments::put_chunk(
                case.owner(),
                case.room.clone(),
                ("other", "0"),
                chunk(4, 10),
            )
            .await
            .unwrap();
            copy::delete_all(case.owner(), case.room.clone())
                .await
                .unwrap();
            assert!(
                case.objects().await.is_empty(),
                "{name}: the whole copy went"
            );
            assert_eq!(case.waiting().await, 0, "{name}");
            assert_eq!(copy::index(&case.owner()).await.unwrap().bytes, 0, "{name}");
        }
    });
}

/// However a row goes (here as her account's deletion takes it, by the database's own trigger), its object
/// is noted in the same transaction and deleted by the next sweep.
#[test]
fn a_row_deleted_by_any_way_leaves_its_object_to_the_sweep() {
    let cases = cases();
    on_runtime(async {
        for case in cases.iter().filter(|c| matches!(c.blobs, Blobs::Bucket(_))) {
            let name = case.name;
            attachments::put_chunk(
                case.owner(),
                case.room.clone(),
                ("photo", "0"),
                chunk(7, 100),
            )
            .await
            .unwrap();
            case.db
                .write(|c| {
                    c.execute(
                        "DELETE FROM copy_chunks WHERE account_id = ?1",
                        ["her-account"],
                    )
                })
                .await
                .unwrap();
            assert_eq!(case.waiting().await, 1, "{name}");
            assert_eq!(case.objects().await.len(), 1, "{name}: not yet swept");
            assert_eq!(case.blobs.sweep(&case.db).await, 1, "{name}");
            assert!(case.objects().await.is_empty(), "{name}");
            assert_eq!(case.waiting().await, 0, "{name}");
        }
    });
}

/// A store that does not answer: the upload is refused with 503 `storage_unavailable` and changes nothing,
/// so sending the chunk again later works.
#[tokio::test]
async fn a_store_that_is_down_refuses_the_chunk_and_keeps_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let closed = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .unwrap()
        .port();
    let down = BucketSettings {
        endpoint: format!("http://127.0.0.1:{closed}"),
        ..stand_in::bucket()
    };
    let case = Case {
        name: "down",
        db: Db::open(dir.path()).unwrap(),
        blobs: Blobs::new(Some(&down)).unwrap(),
        room: Arc::new(Room::new(dir.path(), 0)),
        _dir: tempfile::tempdir().unwrap(),
    };
    let refused = attachments::put_chunk(
        case.owner(),
        case.room.clone(),
        ("photo", "0"),
        chunk(1, 10),
    )
    .await
    .unwrap_err();
    let answer = ApiError::from(refused);
    assert_eq!(
        (
            answer.status.as_u16(),
            answer.code,
            answer.retry_after.is_some()
        ),
        (503, "storage_unavailable", true),
        "{}",
        case.name
    );
    assert!(
        attachments::chunk_list(case.owner(), "photo")
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(copy::index(&case.owner()).await.unwrap().bytes, 0);
    let read = attachments::chunk(case.owner(), ("photo", "0")).await;
    assert!(matches!(read, Err(CopyError::NotFound)));
}
