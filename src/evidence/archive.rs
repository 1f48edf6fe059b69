//! The bundle's ZIP, read one way only. A ZIP names each file twice, in a local header before its bytes
//! and in the central directory at the end; two files may carry one name, and bytes may sit outside
//! any file. Readers that trust one header or the other, or the first or last of two files, then see
//! two different bundles: `verify-evidence` would check one while `unzip` shows the other. So an archive
//! that two readers could read differently is refused before anything in it is checked, and every
//! member is read exactly as long as the central directory says, so what is checked is what anyone
//! unpacking the file gets. The ZIP format itself is the `zip` crate's; this file only asks it.
//!
//! A bundle she locked with a password is WinZip's AES (what 7-Zip and most archive tools open): each
//! member's bytes are encrypted, its name and sizes are not. Every check above holds for those members
//! too, with the encryption's own bytes (salt, password check, authentication code) counted out of the
//! packed size; a member locked the old ZipCrypto way, which anyone can break, is refused.

use std::collections::{HashMap, HashSet};
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::Path;

use sha2::{Digest, Sha256};
use zip::result::ZipError;
use zip::{CompressionMethod, HasZipMetadata, ZipArchive, ZipReadOptions};

/// Deflate cannot make more than 1032 bytes out of one (its longest copy, 258 bytes, costs at least two
/// bits): a member claiming more is lying about its size.
const DEFLATE_MAX_RATIO: u64 = 1032;
/// What WinZip's AES adds to a member besides its salt: two bytes that check the password, and ten of
/// authentication code.
const AES_CHECK_AND_CODE: u64 = 2 + 10;

/// A member that cannot be trusted or read.
#[derive(Debug, thiserror::Error)]
#[error("member {name} {why}")]
pub struct MemberProblem {
    pub name: String,
    pub why: String,
}

impl MemberProblem {
    fn new(name: &str, why: impl Into<String>) -> Self {
        Self {
            name: name.to_string(),
            why: why.into(),
        }
    }
}

/// Why the archive as a whole is refused.
#[derive(Debug, thiserror::Error)]
pub enum OpenProblem {
    /// Not a ZIP at all (or not a file).
    #[error("{0}")]
    NotZip(String),
    /// A ZIP that two readers could read differently, where no single member is to blame.
    #[error("the archive could be read in two ways: {0}")]
    Ambiguous(String),
    #[error(transparent)]
    Member(#[from] MemberProblem),
    /// Locked with a password, and none was given.
    #[error("it is locked with a password")]
    Locked,
    /// Locked with a password, and the one given does not open it.
    #[error("the password does not open it")]
    WrongPassword,
}

/// An opened bundle whose every member has one reading.
pub struct Archive {
    zip: ZipArchive<File>,
    /// The password of a locked bundle; unused for members that are not encrypted.
    password: Option<Vec<u8>>,
    /// Members already hashed: however many entries name one attachment, it is read once.
    hashed: HashMap<usize, [u8; 32]>,
}

impl Archive {
    pub fn open(path: &Path, password: Option<&[u8]>) -> Result<Self, OpenProblem> {
        let not_zip = |e: &dyn std::fmt::Display| OpenProblem::NotZip(e.to_string());
        let file = File::open(path).map_err(|e| not_zip(&e))?;
        let real_len = file.metadata().map_err(|e| not_zip(&e))?.len();
        let mut zip = ZipArchive::new(file).map_err(|e| not_zip(&e))?;
        if zip.offset() != 0 {
            return Err(OpenProblem::Ambiguous(format!(
                "{} bytes come before the archive, where another reader could find other files",
                zip.offset()
            )));
        }
        if zip.has_duplicate_names() {
            // The crate keeps one of the two; which name it was, the local headers say in order.
            return Err(match first_repeated_name(path, password) {
                Some(name) => MemberProblem::new(&name, TWICE).into(),
                None => OpenProblem::Ambiguous(format!("two of its files have one name: {TWICE}")),
            });
        }
        let mut locked = None;
        for index in 0..zip.len() {
            let entry = zip
                .by_index_data(index)
                .map_err(|e| not_zip(&e))?
                .name()
                .map(|n| n.into_owned())
                .map_err(|e| not_zip(&e))?;
            let name = entry.as_str();
            // The local header must say what the central directory says: name, sizes, method, flags.
            // Without the password: the headers are compared before any decryption is asked for.
            let strict = ZipReadOptions::new().enforce_header_consistency(true);
            let disagree = match zip.by_index_with_options(index, strict) {
                Err(ZipError::UnsupportedArchive(ZipError::PASSWORD_REQUIRED)) => None,
                other => other.err(),
            };
            let f = zip.by_index_data(index).map_err(|e| not_zip(&e))?;
            if let Some(e) = disagree {
                let why = match local_name(path, f.header_start(), password) {
                    Some(local) if local != name => format!(
                        "is called {local} in its local header: ZIP tools would not agree which file this is"
                    ),
                    _ => format!("has two headers that disagree ({e})"),
                };
                return Err(MemberProblem::new(name, why).into());
            }
            let aes = f.get_metadata().aes_settings();
            if f.encrypted() && aes.is_none() {
                return Err(MemberProblem::new(
                    name,
                    "is locked the old ZipCrypto way, which bundles never are (anyone can break it)",
                )
                .into());
            }
            // The encryption's own bytes are not the member's: what is left is what deflate must explain.
            let extra = aes.map_or(0, |(mode, _)| {
                mode.salt_length() as u64 + AES_CHECK_AND_CODE
            });
            if aes.is_some() && locked.is_none() {
                locked = Some(index);
            }
            let (packed, size) = (f.compressed_size().saturating_sub(extra), f.size());
            let possible = match f.compression() {
                CompressionMethod::Stored => size == packed,
                CompressionMethod::Deflated => size <= packed.saturating_mul(DEFLATE_MAX_RATIO),
                _ => {
                    return Err(
                        MemberProblem::new(name, "is packed in a way bundles never are").into(),
                    );
                }
            };
            if f.compressed_size() > real_len || f.compressed_size() < extra || !possible {
                return Err(MemberProblem::new(
                    name,
                    format!("claims {size} bytes packed into {packed}, in a file of {real_len}: its size is a lie"),
                )
                .into());
            }
        }
        // What no one member is to blame for: members that overlap, and files the directory hides.
        zip.validate_header_consistency()
            .map_err(|e| OpenProblem::Ambiguous(e.to_string()))?;
        if let Some(index) = locked {
            // Asked once, on the first locked member, so a wrong password is told as such rather than
            // as that member being unreadable.
            let Some(password) = password else {
                return Err(OpenProblem::Locked);
            };
            match zip.by_index_decrypt(index, password) {
                Err(ZipError::InvalidPassword) => return Err(OpenProblem::WrongPassword),
                Err(e) => return Err(not_zip(&e)),
                Ok(_) => {}
            }
        }
        Ok(Self {
            zip,
            password: password.map(<[u8]>::to_vec),
            hashed: HashMap::new(),
        })
    }

    /// A small member whole (the manifest, the certificate, a token), refused past `limit` bytes.
    pub fn read(&mut self, name: &str, limit: u64) -> Result<Vec<u8>, MemberProblem> {
        let index = self.index(name)?;
        let mut bytes = Vec::new();
        self.stream(index, name, limit, |chunk| bytes.extend_from_slice(chunk))?;
        Ok(bytes)
    }

    /// A member's SHA-256, read in pieces (never held whole) and only once, however many entries name it.
    pub fn sha256(&mut self, name: &str, limit: u64) -> Result<[u8; 32], MemberProblem> {
        let index = self.index(name)?;
        if let Some(digest) = self.hashed.get(&index) {
            return Ok(*digest);
        }
        let mut hasher = Sha256::new();
        self.stream(index, name, limit, |chunk| hasher.update(chunk))?;
        let digest: [u8; 32] = hasher.finalize().into();
        self.hashed.insert(index, digest);
        Ok(digest)
    }

    /// The member's index: its name exactly as the manifest writes it (no other encoding's guess).
    fn index(&self, name: &str) -> Result<usize, MemberProblem> {
        self.zip
            .index_for_name_raw(name.as_bytes())
            .ok_or_else(|| MemberProblem::new(name, "is missing"))
    }

    /// Reads the member, exactly as many bytes as the central directory says (the crate stops at that
    /// size; fewer means the size was a lie).
    fn stream(
        &mut self,
        index: usize,
        name: &str,
        limit: u64,
        mut sink: impl FnMut(&[u8]),
    ) -> Result<(), MemberProblem> {
        let unreadable =
            |e: &dyn std::fmt::Display| MemberProblem::new(name, format!("cannot be read: {e}"));
        let options = ZipReadOptions::new().password(self.password.as_deref());
        let mut f = self
            .zip
            .by_index_with_options(index, options)
            .map_err(|e| unreadable(&e))?;
        let declared = f.size();
        if declared > limit {
            return Err(MemberProblem::new(
                name,
                "is too large to be part of a bundle",
            ));
        }
        let mut buffer = vec![0; 64 * 1024];
        let mut total = 0u64;
        loop {
            let n = f.read(&mut buffer).map_err(|e| unreadable(&e))?;
            if n == 0 {
                break;
            }
            total += n as u64;
            if total > declared {
                break;
            }
            sink(&buffer[..n]);
        }
        if total != declared {
            return Err(MemberProblem::new(
                name,
                format!(
                    "holds {total} bytes where the archive's directory says {declared}: its size is a lie"
                ),
            ));
        }
        Ok(())
    }
}

const TWICE: &str = "is in the archive twice: ZIP tools would not agree which copy is the real one";

/// The name in the local header at `offset`, as the crate's streaming reader (the way streaming unzip
/// tools read) parses it: the crate tells that the two names differ, not what the local one says. A
/// locked member is read with the password (the streaming reader will not start without it).
fn local_name(path: &Path, offset: u64, password: Option<&[u8]>) -> Option<String> {
    let mut file = BufReader::new(File::open(path).ok()?);
    file.seek(SeekFrom::Start(offset)).ok()?;
    let options = ZipReadOptions::new().password(password);
    let f = zip::read::read_zipfile_from_stream_with_options(&mut file, options).ok()??;
    f.name().ok().map(|n| n.into_owned())
}

/// The first name two local headers share, reading them in order as a streaming reader would.
fn first_repeated_name(path: &Path, password: Option<&[u8]>) -> Option<String> {
    let mut file = BufReader::new(File::open(path).ok()?);
    let mut seen = HashSet::new();
    loop {
        let options = ZipReadOptions::new().password(password);
        let f = zip::read::read_zipfile_from_stream_with_options(&mut file, options).ok()??;
        let name = f.name().ok()?.into_owned();
        drop(f);
        if !seen.insert(name.clone()) {
            return Some(name);
        }
    }
}
