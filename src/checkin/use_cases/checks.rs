//! What a check-in or a test alert is given, checked: her note, her PINs, the addresses she typed and the
//! notes sealed to her advocates, and whom it would alert, for the day's limits (`crate::checkin::limits`).

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;

use crate::checkin::CheckinState;
use crate::checkin::errors::CheckinError;
use crate::checkin::limits::To;
use crate::logging::mask_email;

pub const MAX_RECIPIENTS: usize = 5;
const MAX_ADVOCATES: usize = 20;
const MAX_NOTE_CHARS: usize = 1000;
const MAX_SEALED_BYTES: usize = 16 * 1024;

/// Her note sealed in her browser to one advocate, as the browser sends it.
pub struct SealedNote {
    pub id: String,
    /// Sealed to this advocate's public key, base64.
    pub sealed: String,
}

/// The addresses she typed, lower-cased, each once; refused when this server sends no e-mail.
pub(super) fn addresses(raw: &[String], state: &CheckinState) -> Result<Vec<String>, CheckinError> {
    if raw.is_empty() {
        return Ok(Vec::new());
    }
    if state.mailer.is_none() {
        return Err(CheckinError::NoEmail);
    }
    let mut out: Vec<String> = Vec::new();
    for a in raw {
        if !crate::email::send::is_address(a) {
            return Err(CheckinError::Invalid(format!(
                "{} is not an e-mail address.",
                mask_email(a)
            )));
        }
        out.push(a.trim().to_lowercase());
    }
    out.sort();
    out.dedup();
    if out.len() > MAX_RECIPIENTS {
        return Err(CheckinError::Invalid(format!(
            "At most {MAX_RECIPIENTS} e-mail addresses."
        )));
    }
    Ok(out)
}

/// (advocate id, her note sealed to them), each advocate once.
pub(super) fn sealed_notes(raw: Vec<SealedNote>) -> Result<Vec<(String, Vec<u8>)>, CheckinError> {
    let bad = || CheckinError::Invalid("Each advocate needs the note sealed to them.".into());
    if raw.len() > MAX_ADVOCATES {
        return Err(CheckinError::Invalid(format!(
            "At most {MAX_ADVOCATES} advocates."
        )));
    }
    let mut seen = std::collections::HashSet::new();
    raw.into_iter()
        .map(|n| {
            let sealed = B64.decode(n.sealed.as_bytes()).map_err(|_| bad())?;
            if sealed.is_empty() || sealed.len() > MAX_SEALED_BYTES || n.id.len() > 64 {
                return Err(bad());
            }
            if !seen.insert(n.id.clone()) {
                return Err(CheckinError::Invalid(
                    "Each advocate can be chosen once.".into(),
                ));
            }
            Ok((n.id, sealed))
        })
        .collect()
}

/// Everyone a check-in or a test would alert, for the day's limits.
pub(super) fn whom<'a>(emails: &'a [String], advocates: &'a [(String, Vec<u8>)]) -> Vec<To<'a>> {
    let emails = emails.iter().map(|a| To::Email(a));
    emails
        .chain(advocates.iter().map(|(id, _)| To::Advocate(id)))
        .collect()
}

pub(super) fn note(note: &str) -> Result<(), CheckinError> {
    if note.chars().count() > MAX_NOTE_CHARS {
        return Err(CheckinError::Invalid(format!(
            "The note can be at most {MAX_NOTE_CHARS} characters."
        )));
    }
    Ok(())
}

pub(super) fn pin(pin: &str) -> Result<(), CheckinError> {
    let n = pin.chars().count();
    if !(4..=32).contains(&n) {
        return Err(CheckinError::Invalid(
            "A PIN has 4 to 32 characters.".into(),
        ));
    }
    Ok(())
}

/// Tests and starts both send e-mail to addresses she types: one account's are limited per hour (429).
pub(super) fn sends(state: &CheckinState, account: &str) -> Result<(), CheckinError> {
    state
        .sends
        .check(account)
        .map_err(|wait| CheckinError::RateLimited(wait.0))
}
