//! An evidence bundle as the browser exports it (docs/evidence.md, "The bundle"), and its checking:
//! every entry's content against its digest, the chain of digests, the attachments, and each
//! time-stamp token against the bundle's certificate.

use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::Path;

use der::DecodePem;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use x509_cert::Certificate;

use super::token::{self, TokenProblem};

pub const FORMAT: &str = "solace-evidence/1";
/// A phone's clock may run a little ahead of the authority's; past this, an entry that claims to have
/// been written after its stamp was made is refused.
const CLOCK_TOLERANCE_SECS: i64 = 300;
/// Nothing in a bundle is this large; a bigger member is refused rather than read into memory.
const MAX_MEMBER_BYTES: u64 = 512 * 1024 * 1024;

#[derive(Deserialize)]
struct Manifest {
    format: String,
    certificate: String,
    entries: Vec<ManifestEntry>,
}

#[derive(Deserialize)]
struct ManifestEntry {
    id: String,
    /// The entry's canonical JSON, exactly the bytes its digest is over; absent when withheld.
    content: Option<String>,
    digest: String,
    /// The zip member holding the DER time-stamp token; absent when it was never stamped.
    token: Option<String>,
    /// The zip member holding a second, external authority's token, when the operator configured one.
    second_token: Option<String>,
    /// For a withheld entry (not chosen for this export): what it claims, since its content is not here.
    #[serde(default)]
    withheld: bool,
    written_at: Option<String>,
}

/// What an entry's content must say, beside whatever fields it has.
#[derive(Deserialize)]
struct Content {
    id: String,
    kind: String,
    written_at: String,
    previous: Option<String>,
    #[serde(default)]
    attachments: Vec<Attachment>,
    /// A removal record names what was removed, so the chain can step over it.
    removed: Option<Removed>,
}

#[derive(Deserialize)]
struct Attachment {
    file: String,
    sha256: String,
}

#[derive(Deserialize)]
struct Removed {
    digest: String,
}

/// One checked entry, for the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub id: String,
    pub kind: String,
    pub written_at: String,
    pub stamped_at: i64,
    /// When the second authority stamped it, if it did.
    pub second_stamped_at: Option<i64>,
    pub withheld: bool,
}

/// What the bundle as a whole shows.
#[derive(Debug)]
pub struct Report {
    pub certificate_sha256: String,
    pub entries: Vec<Checked>,
}

#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error("cannot read the bundle: {0}")]
    Unreadable(String),
    #[error("entry {id}: {why}")]
    Entry { id: String, why: String },
}

fn entry(id: &str, why: impl Into<String>) -> Failure {
    Failure::Entry {
        id: id.to_string(),
        why: why.into(),
    }
}

/// A file of the bundle that cannot be read.
#[derive(Debug, thiserror::Error)]
enum MemberProblem {
    #[error("{0} is missing")]
    Missing(String),
    #[error("{0} is too large")]
    TooLarge(String),
    #[error("{0}: {1}")]
    Unreadable(String, std::io::Error),
}

/// Checks the bundle at `path`; `trusted` replaces the bundle's own certificate (a court expert can
/// insist on the one the operator published).
pub fn verify(path: &Path, trusted: Option<&Path>) -> Result<Report, Failure> {
    let unreadable = |e: &dyn std::fmt::Display| Failure::Unreadable(e.to_string());
    let file = std::fs::File::open(path).map_err(|e| unreadable(&e))?;
    let mut zip = zip::ZipArchive::new(file).map_err(|e| unreadable(&e))?;
    let mut member = |name: &str| -> Result<Vec<u8>, MemberProblem> {
        let mut f = zip
            .by_name(name)
            .map_err(|_| MemberProblem::Missing(name.to_string()))?;
        if f.size() > MAX_MEMBER_BYTES {
            return Err(MemberProblem::TooLarge(name.to_string()));
        }
        let mut bytes = Vec::new();
        f.read_to_end(&mut bytes)
            .map_err(|e| MemberProblem::Unreadable(name.to_string(), e))?;
        Ok(bytes)
    };
    let manifest: Manifest =
        serde_json::from_slice(&member("manifest.json").map_err(|e| unreadable(&e))?)
            .map_err(|e| unreadable(&format!("manifest.json: {e}")))?;
    if manifest.format != FORMAT {
        return Err(unreadable(&format!("not a {FORMAT} bundle")));
    }
    let cert_pem = match trusted {
        Some(p) => std::fs::read(p).map_err(|e| unreadable(&e))?,
        None => member(&manifest.certificate).map_err(|e| unreadable(&e))?,
    };
    let cert =
        Certificate::from_pem(&cert_pem).map_err(|e| unreadable(&format!("certificate: {e}")))?;
    let cert_der = der::Encode::to_der(&cert).map_err(|e| unreadable(&e))?;

    // Digests removal records step over: the chain may skip exactly those.
    let mut removed = HashSet::new();
    let mut contents = HashMap::new();
    for e in &manifest.entries {
        if let Some(text) = &e.content {
            let c: Content = serde_json::from_str(text)
                .map_err(|err| entry(&e.id, format!("its content is not readable: {err}")))?;
            if let Some(r) = &c.removed {
                removed.insert(r.digest.clone());
            }
            contents.insert(e.id.clone(), c);
        }
    }

    let mut checked = Vec::new();
    let mut previous: Option<String> = None;
    for e in &manifest.entries {
        let digest = parse_digest(&e.digest)
            .ok_or_else(|| entry(&e.id, "its digest is not SHA-256 in hex"))?;
        let (kind, written_at) = match (&e.content, e.withheld) {
            (Some(text), _) => {
                if Sha256::digest(text.as_bytes()).as_slice() != digest {
                    return Err(entry(
                        &e.id,
                        "its content was changed: it no longer matches its digest",
                    ));
                }
                let c = &contents[&e.id];
                if c.id != e.id {
                    return Err(entry(&e.id, "its content names another entry"));
                }
                let linked = c.previous == previous
                    || c.previous.as_ref().is_some_and(|p| removed.contains(p));
                if !linked {
                    return Err(entry(
                        &e.id,
                        "the entry before it in the chain is missing or out of order",
                    ));
                }
                for a in &c.attachments {
                    let bytes = member(&a.file).map_err(|why| entry(&e.id, why.to_string()))?;
                    if base16ct::lower::encode_string(&Sha256::digest(&bytes))
                        != a.sha256.to_ascii_lowercase()
                    {
                        return Err(entry(&e.id, format!("attachment {} was changed", a.file)));
                    }
                }
                (c.kind.clone(), c.written_at.clone())
            }
            (None, true) => (
                "withheld".to_string(),
                e.written_at.clone().unwrap_or_default(),
            ),
            (None, false) => return Err(entry(&e.id, "its content is missing")),
        };
        let token_file = e
            .token
            .as_deref()
            .ok_or_else(|| entry(&e.id, "it was never time-stamped"))?;
        let token = member(token_file).map_err(|why| entry(&e.id, why.to_string()))?;
        let stamp = token::check(&token, &digest, &cert).map_err(|p| token_failure(&e.id, p))?;
        let second = match e.second_token.as_deref() {
            Some(file) => {
                let token = member(file).map_err(|why| entry(&e.id, why.to_string()))?;
                let stamp = token::check_self_contained(&token, &digest)
                    .map_err(|p| token_failure(&e.id, p).second())?;
                Some(stamp)
            }
            None => None,
        };
        if let Ok(claimed) = chrono::DateTime::parse_from_rfc3339(&written_at)
            && std::iter::once(&stamp)
                .chain(&second)
                .any(|s| s.at + CLOCK_TOLERANCE_SECS < claimed.timestamp())
        {
            return Err(entry(
                &e.id,
                "it was stamped before the time it claims to have been written",
            ));
        }
        checked.push(Checked {
            id: e.id.clone(),
            kind,
            written_at,
            stamped_at: stamp.at,
            second_stamped_at: second.map(|s| s.at),
            withheld: e.content.is_none(),
        });
        previous = Some(e.digest.to_ascii_lowercase());
    }
    Ok(Report {
        certificate_sha256: base16ct::lower::encode_string(&Sha256::digest(&cert_der)),
        entries: checked,
    })
}

fn token_failure(id: &str, problem: TokenProblem) -> Failure {
    entry(
        id,
        match problem {
            TokenProblem::Unreadable => "its time-stamp token cannot be read".to_string(),
            p => p.to_string(),
        },
    )
}

impl Failure {
    /// The same failure, said of the second authority's token.
    fn second(self) -> Self {
        match self {
            Failure::Entry { id, why } => Failure::Entry {
                id,
                why: format!("second authority: {why}"),
            },
            other => other,
        }
    }
}

fn parse_digest(text: &str) -> Option<[u8; 32]> {
    let mut out = [0u8; 32];
    let decoded = base16ct::mixed::decode(text.trim(), &mut out).ok()?.len();
    (decoded == 32).then_some(out)
}
