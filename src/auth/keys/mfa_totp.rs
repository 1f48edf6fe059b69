//! TOTP as GoTrue uses it (RFC 6238: SHA-1, 6 digits, 30-second steps, a 20-byte secret, a code from
//! one step before or after accepted), through the `totp-rs` crate; the QR code for the `otpauth://`
//! URI is drawn as SVG by the `qrcode` crate, here on the server, as GoTrue does.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};
use totp_rs::{Algorithm, Secret, TOTP};
use zeroize::Zeroizing;

pub const STEP_SECS: u64 = 30;
const DIGITS: usize = 6;
/// GoTrue's `Skew: 1`: one step either side of now.
const SKEW: i64 = 1;

/// A fresh secret and what the person needs to add it to an authenticator app.
pub struct Enrolment {
    pub secret: Zeroizing<Vec<u8>>,
    pub secret_base32: String,
    pub uri: String,
    pub qr_svg: String,
}

#[derive(Debug, thiserror::Error)]
pub enum TotpError {
    #[error("{0}")]
    Invalid(String),
    #[error("cannot draw the QR code: {0}")]
    Qr(#[from] qrcode::types::QrError),
}

fn totp(secret: Vec<u8>, issuer: Option<String>, account: String) -> Result<TOTP, TotpError> {
    TOTP::new(
        Algorithm::SHA1,
        DIGITS,
        SKEW as u8,
        STEP_SECS,
        secret,
        issuer,
        account,
    )
    .map_err(|e| TotpError::Invalid(e.to_string()))
}

pub fn enrol(issuer: &str, account: &str) -> Result<Enrolment, TotpError> {
    let secret = Zeroizing::new(
        Secret::generate_secret()
            .to_bytes()
            .map_err(|e| TotpError::Invalid(format!("{e:?}")))?,
    );
    let t = totp(secret.to_vec(), Some(issuer.into()), account.into())?;
    let uri = t.get_url();
    // Named colours, not "#000": auth-js puts this SVG into a data: URI unescaped, where "#" would
    // end the image early.
    let qr_svg = QrCode::with_error_correction_level(uri.as_bytes(), EcLevel::H)?
        .render::<svg::Color<'_>>()
        .min_dimensions(200, 200)
        .dark_color(svg::Color("black"))
        .light_color(svg::Color("white"))
        .build();
    Ok(Enrolment {
        secret_base32: t.get_secret_base32(),
        secret,
        uri,
        qr_svg,
    })
}

/// The 30-second step a code belongs to, if it matches one within the window around `now_secs`.
/// The caller refuses a step at or before the last one used (a replayed code).
pub fn matching_step(secret: &[u8], code: &str, now_secs: u64) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let t = totp(secret.to_vec(), None, String::new()).ok()?;
    let now_step = (now_secs / STEP_SECS) as i64;
    let mut found = None;
    // Every candidate is compared, so the time taken does not tell which step matched.
    for step in (now_step - SKEW..=now_step + SKEW).rev() {
        if step < 0 {
            continue;
        }
        let expected = t.generate(step as u64 * STEP_SECS);
        let same = expected
            .bytes()
            .zip(code.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
        if same {
            found = Some(step);
        }
    }
    found
}

/// The code for a moment, for tests.
pub fn code_at(secret: &[u8], at_secs: u64) -> String {
    totp(secret.to_vec(), None, String::new())
        .map(|t| t.generate(at_secs))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_one_step_either_side_and_names_it() {
        let e = enrol("solace.example", "her@example.org").unwrap();
        assert!(e.uri.starts_with("otpauth://totp/"));
        assert!(e.qr_svg.contains("<svg") && !e.qr_svg.contains('#'));
        let now = 1_000_000_020;
        let step = (now / STEP_SECS) as i64;
        for (offset, ok) in [
            (-60i64, false),
            (-30, true),
            (0, true),
            (30, true),
            (60, false),
        ] {
            let code = code_at(&e.secret, (now as i64 + offset) as u64);
            let got = matching_step(&e.secret, &code, now);
            if ok {
                assert_eq!(got, Some(step + offset / 30), "offset {offset}");
            } else {
                assert_ne!(got, Some(step + offset / 30), "offset {offset}");
            }
        }
        assert_eq!(matching_step(&e.secret, "12345", now), None);
        assert_eq!(matching_step(&e.secret, "abcdef", now), None);
    }

    #[test]
    fn matches_rfc_6238_sha1_vector() {
        // RFC 6238 appendix B, T = 59 s, 8-digit "94287082" -> its last 6 digits.
        assert_eq!(code_at(b"12345678901234567890", 59), "287082");
    }
}
