//! What only PostgreSQL has, kept here so nothing above `src/db/` depends on it: TLS through rustls, the
//! transactions that stand in for SQLite's write lock, and the values carried between the engine-neutral
//! `Value` and PostgreSQL's types. Its connections and their pool are in `pg_server.rs`.

use std::path::Path;
use std::sync::Arc;

use postgres::types::{IsNull, ToSql, Type};
use rustls::pki_types::CertificateDer;
use rustls::pki_types::pem::PemObject;
use tokio_postgres_rustls::MakeRustlsConnect;

use super::error::{CaFileProblem, Conversion, DbError, Result};
use super::value::Value;

/// Every write transaction of every instance on one database takes this lock at BEGIN (released at its
/// end), so writes follow one another as on SQLite, where the writer's `BEGIN IMMEDIATE` takes the file's
/// write lock. The number is Solace's own: "solace" in ASCII.
const WRITE_LOCK: i64 = 0x736f_6c61_6365;

/// The SQL that begins a transaction on a connection that writes, and on one that only reads.
pub(super) fn begin(writes: bool) -> String {
    if writes {
        format!("BEGIN; SELECT pg_advisory_xact_lock({WRITE_LOCK})")
    } else {
        // Reads that must agree with each other (src/advocates/store/shares.rs) see one snapshot.
        "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY".into()
    }
}

/// TLS through rustls, which the tree already has for HTTPS: the server's certificate is checked against
/// `database.ca_file`'s authorities, or else the same public roots (webpki-roots) as every other
/// connection Solace makes.
pub fn tls(ca_file: Option<&Path>) -> Result<MakeRustlsConnect, CaFileProblem> {
    let mut roots = rustls::RootCertStore::empty();
    match ca_file {
        None => roots.extend(webpki_roots::TLS_SERVER_ROOTS.iter().cloned()),
        Some(path) => {
            let unreadable =
                |e: &dyn std::fmt::Display| CaFileProblem(format!("{}: {e}", path.display()));
            for certificate in CertificateDer::pem_file_iter(path).map_err(|e| unreadable(&e))? {
                roots
                    .add(certificate.map_err(|e| unreadable(&e))?)
                    .map_err(|e| unreadable(&e))?;
            }
            if roots.is_empty() {
                return Err(unreadable(&"holds no PEM certificate"));
            }
        }
    }
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("ring supports TLS 1.2 and 1.3")
        .with_root_certificates(roots)
        .with_no_client_auth();
    Ok(MakeRustlsConnect::new(config))
}

impl ToSql for Value<'_> {
    fn to_sql(
        &self,
        ty: &Type,
        out: &mut bytes::BytesMut,
    ) -> std::result::Result<IsNull, Box<dyn std::error::Error + Sync + Send>> {
        let wrong = || format!("{} for a parameter of type {ty}", self.kind()).into();
        match *self {
            Value::Null => Ok(IsNull::Yes),
            Value::Integer(i) => match *ty {
                Type::INT8 => i.to_sql(ty, out),
                Type::INT4 => i32::try_from(i)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(i)?.to_sql(ty, out),
                Type::FLOAT8 => (i as f64).to_sql(ty, out),
                Type::BOOL => (i != 0).to_sql(ty, out),
                _ => Err(wrong()),
            },
            Value::Real(r) => match *ty {
                Type::FLOAT8 => r.to_sql(ty, out),
                _ => Err(wrong()),
            },
            Value::Text(s) if <&str as ToSql>::accepts(ty) => s.to_sql(ty, out),
            Value::Blob(b) if <&[u8] as ToSql>::accepts(ty) => b.to_sql(ty, out),
            Value::Text(_) | Value::Blob(_) => Err(wrong()),
        }
    }

    /// Every type: `to_sql` turns the value into the one the server asks for, or says why it cannot.
    fn accepts(_: &Type) -> bool {
        true
    }

    postgres::types::to_sql_checked!();
}

/// Column `index` of `row` as a `Value`, from the types the schema uses (docs/development.md, "The
/// database layer"); a boolean (a comparison selected) is the integer 0 or 1, as on SQLite.
pub(super) fn column(row: &postgres::Row, index: usize) -> Result<Value<'_>> {
    let Some(column) = row.columns().get(index) else {
        return Err(DbError::Conversion(Conversion {
            column: index,
            wanted: "a column",
            found: format!("only {} columns", row.columns().len()),
        }));
    };
    let value = match *column.type_() {
        Type::INT8 => row.try_get::<_, Option<i64>>(index)?.map(Value::Integer),
        Type::INT4 => row
            .try_get::<_, Option<i32>>(index)?
            .map(|i| Value::Integer(i.into())),
        Type::INT2 => row
            .try_get::<_, Option<i16>>(index)?
            .map(|i| Value::Integer(i.into())),
        Type::BOOL => row
            .try_get::<_, Option<bool>>(index)?
            .map(|b| Value::Integer(b.into())),
        Type::FLOAT8 => row.try_get::<_, Option<f64>>(index)?.map(Value::Real),
        Type::FLOAT4 => row
            .try_get::<_, Option<f32>>(index)?
            .map(|r| Value::Real(r.into())),
        Type::BYTEA => row.try_get::<_, Option<&[u8]>>(index)?.map(Value::Blob),
        ref ty if <&str as postgres::types::FromSql>::accepts(ty) => {
            row.try_get::<_, Option<&str>>(index)?.map(Value::Text)
        }
        ref other => {
            return Err(DbError::Conversion(Conversion {
                column: index,
                wanted: "a type both engines have (cast it: docs/development.md)",
                found: format!("PostgreSQL's {other}"),
            }));
        }
    };
    Ok(value.unwrap_or(Value::Null))
}
