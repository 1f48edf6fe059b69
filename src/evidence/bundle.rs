//! An evidence bundle as the browser exports it (docs/evidence.md, "The bundle"), and its checking:
//! every entry's content against its digest, the chain of digests, the attachments, and each
//! time-stamp token against the bundle's certificate (or the one the user gave).
//!
//! Each check reads the manifest entry it reports on, by its place in the chain: ids and digests name
//! one entry each, so no second entry can stand in for the first while the first is reported intact.

use std::collections::HashMap;
use std::path::Path;

use der::DecodePem;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use x509_cert::Certificate;

use super::archive::{Archive, MemberProblem, OpenProblem};
use super::token::{self, Stamp, TokenProblem};

pub const FORMAT: &str = "solace-evidence/1";
/// A phone's clock may run a little ahead of the authority's; past this, an entry that claims to have
/// been written after its stamp was made is refused.
const CLOCK_TOLERANCE_SECS: i64 = 300;
/// Nothing in a bundle is this large; a bigger member is refused rather than read.
const MAX_MEMBER_BYTES: u64 = 512 * 1024 * 1024;
/// The manifest, a certificate and a token are read whole; they are never near this.
const MAX_MANIFEST_BYTES: u64 = 64 * 1024 * 1024;
const MAX_TOKEN_BYTES: u64 = 256 * 1024;

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
    /// The zip member holding the same canonical JSON, for checking with OpenSSL alone (`check.sh`).
    content_file: Option<String>,
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

/// Where to find the certificates the stamps are checked against.
#[derive(Debug, Default, Clone, Copy)]
pub struct Trust<'a> {
    /// The certificate the operator published (`--certificate`), instead of the bundle's own.
    pub certificate: Option<&'a Path>,
    /// The second authority's published certificate (`--second-certificate`).
    pub second_certificate: Option<&'a Path>,
}

/// A time-stamping authority as its certificate names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authority {
    pub subject: String,
    /// SHA-256 of the certificate's DER, lowercase hex.
    pub sha256: String,
}

impl Authority {
    fn of(cert: &Certificate) -> Result<Self, der::Error> {
        Ok(Self {
            subject: cert.tbs_certificate.subject.to_string(),
            sha256: base16ct::lower::encode_string(&Sha256::digest(der::Encode::to_der(cert)?)),
        })
    }
}

/// A second authority's stamp on an entry.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecondStamp {
    pub at: i64,
    /// Its index in [`Report::second_authorities`].
    pub authority: usize,
}

/// One checked entry, for the report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Checked {
    pub id: String,
    pub kind: String,
    pub written_at: String,
    pub stamped_at: i64,
    pub second: Option<SecondStamp>,
    pub withheld: bool,
}

/// What the bundle as a whole shows.
#[derive(Debug)]
pub struct Report {
    pub authority: Authority,
    /// Whether the stamps were checked against a certificate the user gave, or the bundle's own.
    pub authority_given: bool,
    /// Every second authority that signed a token; checked only against a certificate the user gave.
    pub second_authorities: Vec<Authority>,
    pub second_checked: bool,
    pub entries: Vec<Checked>,
}

#[derive(Debug, thiserror::Error)]
pub enum Failure {
    #[error("cannot read the bundle: {0}")]
    Unreadable(String),
    /// Locked with a password, and none was given: not a fault of the bundle.
    #[error("the bundle is locked with a password")]
    Locked,
    #[error("the password does not open the bundle")]
    WrongPassword,
    #[error("entry {id}: {why}")]
    Entry { id: String, why: String },
    #[error("{0}")]
    Member(#[from] MemberProblem),
    #[error("{0}")]
    Archive(String),
}

fn entry(id: &str, why: impl Into<String>) -> Failure {
    Failure::Entry {
        id: id.to_string(),
        why: why.into(),
    }
}

fn unreadable(e: &dyn std::fmt::Display) -> Failure {
    Failure::Unreadable(e.to_string())
}

/// A PEM certificate, from the bundle or from a file the user gave.
fn read_certificate(pem: &[u8], what: &str) -> Result<(Certificate, Authority), Failure> {
    let cert = Certificate::from_pem(pem).map_err(|e| unreadable(&format!("{what}: {e}")))?;
    let authority = Authority::of(&cert).map_err(|e| unreadable(&format!("{what}: {e}")))?;
    Ok((cert, authority))
}

/// An entry with its content read, before anything in the archive is.
struct Parsed<'m> {
    entry: &'m ManifestEntry,
    digest: [u8; 32],
    content: Option<Content>,
    kind: String,
    written_at: String,
    claimed: i64,
}

/// Checks the bundle at `path` against the certificates in `trust` (or the bundle's own), opening a
/// locked bundle with `password`.
pub fn verify(path: &Path, trust: Trust, password: Option<&[u8]>) -> Result<Report, Failure> {
    let mut zip = Archive::open(path, password).map_err(|p| match p {
        OpenProblem::NotZip(why) => Failure::Unreadable(why),
        OpenProblem::Locked => Failure::Locked,
        OpenProblem::WrongPassword => Failure::WrongPassword,
        OpenProblem::Member(m) => Failure::Member(m),
        ambiguous @ OpenProblem::Ambiguous(_) => Failure::Archive(ambiguous.to_string()),
    })?;
    let manifest: Manifest = serde_json::from_slice(
        &zip.read("manifest.json", MAX_MANIFEST_BYTES)
            .map_err(|e| unreadable(&e))?,
    )
    .map_err(|e| unreadable(&format!("manifest.json: {e}")))?;
    if manifest.format != FORMAT {
        return Err(unreadable(&format!("not a {FORMAT} bundle")));
    }
    let (cert, authority) = match trust.certificate {
        Some(p) => read_certificate(
            &std::fs::read(p).map_err(|e| unreadable(&e))?,
            "certificate",
        )?,
        None => read_certificate(
            &zip.read(&manifest.certificate, MAX_TOKEN_BYTES)
                .map_err(|e| unreadable(&e))?,
            &manifest.certificate,
        )?,
    };
    let second_cert = match trust.second_certificate {
        Some(p) => Some(read_certificate(
            &std::fs::read(p).map_err(|e| unreadable(&e))?,
            "second certificate",
        )?),
        None => None,
    };

    let parsed = chain(&manifest.entries)?;

    let mut checked = Vec::new();
    let mut second_authorities: Vec<Authority> = Vec::new();
    for p in &parsed {
        let e = p.entry;
        if let Some(file) = &e.content_file {
            // OpenSSL and the script read this file, this check reads the manifest: they must agree.
            let bytes = zip
                .read(file, MAX_MANIFEST_BYTES)
                .map_err(|why| entry(&e.id, why.to_string()))?;
            if e.content.as_deref().map(str::as_bytes) != Some(bytes.as_slice()) {
                return Err(entry(
                    &e.id,
                    format!("{file} is not the text its digest is over: it was changed"),
                ));
            }
        }
        for a in p.content.iter().flat_map(|c| &c.attachments) {
            let sum = zip
                .sha256(&a.file, MAX_MEMBER_BYTES)
                .map_err(|why| entry(&e.id, why.to_string()))?;
            if base16ct::lower::encode_string(&sum) != a.sha256.to_ascii_lowercase() {
                return Err(entry(&e.id, format!("attachment {} was changed", a.file)));
            }
        }
        let token_file = e
            .token
            .as_deref()
            .ok_or_else(|| entry(&e.id, "it was never time-stamped"))?;
        let token = zip
            .read(token_file, MAX_TOKEN_BYTES)
            .map_err(|why| entry(&e.id, why.to_string()))?;
        let stamp = token::check(&token, &p.digest, &cert)
            .map_err(|problem| token_failure(&e.id, problem))?;
        let second = match e.second_token.as_deref() {
            Some(file) => {
                let token = zip
                    .read(file, MAX_TOKEN_BYTES)
                    .map_err(|why| entry(&e.id, why.to_string()).second())?;
                let (stamp, signer) = second_stamp(&e.id, &token, &p.digest, second_cert.as_ref())?;
                let at = match second_authorities.iter().position(|a| *a == signer) {
                    Some(at) => at,
                    None => {
                        second_authorities.push(signer);
                        second_authorities.len() - 1
                    }
                };
                Some((stamp, at))
            }
            None => None,
        };
        // An unchecked second stamp proves nothing either way, so only checked stamps date the entry.
        let dating = second
            .as_ref()
            .filter(|_| second_cert.is_some())
            .map(|(s, _)| s);
        if std::iter::once(&stamp)
            .chain(dating)
            .any(|s| s.at + CLOCK_TOLERANCE_SECS < p.claimed)
        {
            return Err(entry(
                &e.id,
                "it was stamped before the time it claims to have been written",
            ));
        }
        checked.push(Checked {
            id: e.id.clone(),
            kind: p.kind.clone(),
            written_at: p.written_at.clone(),
            stamped_at: stamp.at,
            second: second.map(|(s, authority)| SecondStamp {
                at: s.at,
                authority,
            }),
            withheld: p.content.is_none(),
        });
    }
    Ok(Report {
        authority,
        authority_given: trust.certificate.is_some(),
        second_authorities,
        second_checked: second_cert.is_some(),
        entries: checked,
    })
}

/// Everything the manifest alone shows: each id and digest names one entry, each content matches its
/// digest and names its own entry with an RFC 3339 time, and the entries form one chain: each links to
/// the entry before it, or steps over a removed entry (one that is not in the bundle, and only once).
fn chain(entries: &[ManifestEntry]) -> Result<Vec<Parsed<'_>>, Failure> {
    let mut ids = HashMap::new();
    let mut digests = HashMap::new();
    let mut parsed = Vec::with_capacity(entries.len());
    for e in entries {
        if let Some(first) = ids.insert(e.id.as_str(), parsed.len()) {
            return Err(entry(
                &e.id,
                format!(
                    "it has the same id as the entry in place {} of the chain: an id names one entry",
                    first + 1
                ),
            ));
        }
        let digest = parse_digest(&e.digest)
            .ok_or_else(|| entry(&e.id, "its digest is not SHA-256 in hex"))?;
        if let Some(first) = digests.insert(digest, e.id.as_str()) {
            return Err(entry(
                &e.id,
                format!("it has the same digest as entry {first}: it is a copy"),
            ));
        }
        let (content, kind, written_at) = match (&e.content, e.withheld) {
            (Some(text), _) => {
                if Sha256::digest(text.as_bytes()).as_slice() != digest {
                    return Err(entry(
                        &e.id,
                        "its content was changed: it no longer matches its digest",
                    ));
                }
                let c: Content = serde_json::from_str(text)
                    .map_err(|err| entry(&e.id, format!("its content is not readable: {err}")))?;
                if c.id != e.id {
                    return Err(entry(&e.id, "its content names another entry"));
                }
                let (kind, written_at) = (c.kind.clone(), c.written_at.clone());
                (Some(c), kind, written_at)
            }
            (None, true) => (
                None,
                "withheld".to_string(),
                e.written_at.clone().unwrap_or_default(),
            ),
            (None, false) => return Err(entry(&e.id, "its content is missing")),
        };
        // Without a time it can read, the check that the entry was not back-dated would be skipped.
        let claimed = chrono::DateTime::parse_from_rfc3339(&written_at)
            .map_err(|_| {
                entry(
                    &e.id,
                    format!(
                        "the time it says it was written ({written_at:?}) is not an RFC 3339 time"
                    ),
                )
            })?
            .timestamp();
        parsed.push(Parsed {
            entry: e,
            digest,
            content,
            kind,
            written_at,
            claimed,
        });
    }

    // Removed digests, with the removal record naming each; a removed entry cannot still be here.
    let mut removed = HashMap::new();
    for p in &parsed {
        let Some(r) = p.content.as_ref().and_then(|c| c.removed.as_ref()) else {
            continue;
        };
        let gone = parse_digest(&r.digest)
            .ok_or_else(|| entry(&p.entry.id, "the digest it says was removed is not SHA-256"))?;
        if let Some(still) = digests.get(&gone) {
            return Err(entry(
                &p.entry.id,
                format!("it says entry {still} was removed, but that entry is in this bundle"),
            ));
        }
        removed.insert(gone, p.entry.id.as_str());
    }
    let mut followed: HashMap<[u8; 32], &str> = HashMap::new();
    for (n, p) in parsed.iter().enumerate() {
        let Some(c) = &p.content else { continue };
        let before = n.checked_sub(1).map(|b| parsed[b].digest);
        let previous = match &c.previous {
            Some(text) => Some(parse_digest(text).ok_or_else(|| {
                entry(
                    &p.entry.id,
                    "the digest of the entry before it is not SHA-256",
                )
            })?),
            None => None,
        };
        let linked = previous == before || previous.is_some_and(|d| removed.contains_key(&d));
        if !linked {
            return Err(entry(
                &p.entry.id,
                "the entry before it in the chain is missing or out of order",
            ));
        }
        if let Some(d) = previous
            && let Some(other) = followed.insert(d, p.entry.id.as_str())
        {
            return Err(entry(
                &p.entry.id,
                format!(
                    "it claims the same entry before it as entry {other}: a chain has one entry after each"
                ),
            ));
        }
    }
    Ok(parsed)
}

/// A second authority's token: signed by the certificate the user gave, or (when none was given) by
/// the certificate it carries, which proves nothing about who signed.
fn second_stamp(
    id: &str,
    token: &[u8],
    digest: &[u8; 32],
    given: Option<&(Certificate, Authority)>,
) -> Result<(Stamp, Authority), Failure> {
    let fail = |why: String| entry(id, why).second();
    let named = |cert: &Certificate| Authority::of(cert).map_err(|e| fail(e.to_string()));
    let carried = token::check_self_contained(token, digest);
    let Some((cert, authority)) = given else {
        let (stamp, signer) = carried.map_err(|p| fail(token_problem(p)))?;
        return Ok((stamp, named(&signer)?));
    };
    match (token::check(token, digest, cert), carried) {
        (Ok(stamp), _) => Ok((stamp, authority.clone())),
        (Err(TokenProblem::NotSigned), Ok((_, signer))) => {
            let signer = named(&signer)?;
            Err(fail(format!(
                "its token was signed by {} (certificate SHA-256 {}), not by the certificate given with --second-certificate (SHA-256 {})",
                signer.subject, signer.sha256, authority.sha256
            )))
        }
        (Err(problem), _) => Err(fail(token_problem(problem))),
    }
}

fn token_problem(problem: TokenProblem) -> String {
    match problem {
        TokenProblem::Unreadable => "its time-stamp token cannot be read".to_string(),
        p => p.to_string(),
    }
}

fn token_failure(id: &str, problem: TokenProblem) -> Failure {
    entry(id, token_problem(problem))
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
