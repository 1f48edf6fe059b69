//! Two-step sign-in helpers: codes computed from the secret the server hands out, with a small RFC 6238
//! implementation of the tests' own, and the calls of GoTrue's MFA API as auth-js makes them.

use std::time::{SystemTime, UNIX_EPOCH};

use reqwest::Method;
use ring::hmac;
use serde_json::{Value, json};

use super::{Auth, Reply, access};

pub fn base32_decode(text: &str) -> Vec<u8> {
    let (mut bits, mut value, mut out) = (0u32, 0u64, Vec::new());
    for ch in text.trim_end_matches('=').bytes() {
        let v = match ch {
            b'A'..=b'Z' => ch - b'A',
            b'2'..=b'7' => ch - b'2' + 26,
            _ => panic!("not base32: {text}"),
        };
        value = (value << 5) | u64::from(v);
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((value >> bits) as u8);
        }
    }
    out
}

/// RFC 6238 with SHA-1, six digits, 30-second steps.
pub fn code(secret_b32: &str, step: u64) -> String {
    let key = hmac::Key::new(
        hmac::HMAC_SHA1_FOR_LEGACY_USE_ONLY,
        &base32_decode(secret_b32),
    );
    let mac = hmac::sign(&key, &step.to_be_bytes());
    let h = mac.as_ref();
    let o = (h[19] & 0x0f) as usize;
    let n = u32::from_be_bytes([h[o] & 0x7f, h[o + 1], h[o + 2], h[o + 3]]) % 1_000_000;
    format!("{n:06}")
}

/// The current 30-second step, waiting out the last seconds of a step so a test's codes stay within
/// one step of the server's clock while it runs.
pub fn step_now() -> u64 {
    loop {
        let secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap()
            .as_secs();
        if secs % 30 < 25 {
            return secs / 30;
        }
        std::thread::sleep(std::time::Duration::from_millis(500));
    }
}

pub fn call(a: &Auth, method: Method, path: &str, token: &str, body: Value) -> Reply {
    a.send(a.req(method, path).bearer_auth(token).json(&body))
}

pub fn enroll(a: &Auth, token: &str, name: &str) -> Reply {
    call(
        a,
        Method::POST,
        "/factors",
        token,
        json!({"factor_type": "totp", "friendly_name": name}),
    )
}

pub fn challenge(a: &Auth, token: &str, factor: &str) -> Reply {
    call(
        a,
        Method::POST,
        &format!("/factors/{factor}/challenge"),
        token,
        json!({}),
    )
}

pub fn verify(a: &Auth, token: &str, factor: &str, challenge_id: &str, code: &str) -> Reply {
    call(
        a,
        Method::POST,
        &format!("/factors/{factor}/verify"),
        token,
        json!({"challenge_id": challenge_id, "code": code}),
    )
}

/// Challenge then verify, as auth-js's `challengeAndVerify`.
pub fn prove(a: &Auth, token: &str, factor: &str, code: &str) -> Reply {
    let ch = challenge(a, token, factor);
    assert_eq!(ch.status, 200, "{}", ch.body);
    verify(a, token, factor, ch.body["id"].as_str().unwrap(), code)
}

pub struct Enrolled {
    pub session: Value,
    pub factor: String,
    pub secret: String,
    /// The step whose code confirmed the factor.
    pub step: u64,
}

/// The step of the next code her app would give that the server has not seen: the oldest one still in
/// the window (one back) that is newer than the last one used.
pub fn next_step(last_used: u64) -> u64 {
    (step_now() - 1).max(last_used + 1)
}

/// A new account with a confirmed authenticator; `session` is the aal2 one the confirmation gave.
pub fn enrolled(a: &Auth, email: &str) -> Enrolled {
    let s = a.new_user(email);
    let r = enroll(a, access(&s), "Phone");
    assert_eq!(r.status, 200, "{}", r.body);
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let step = step_now();
    let r = prove(a, access(&s), &factor, &code(&secret, step));
    assert_eq!(r.status, 200, "{}", r.body);
    Enrolled {
        session: r.body,
        factor,
        secret,
        step,
    }
}

/// Confirms an authenticator on the session of `first` (a password's step only, as a set-up link gives):
/// the aal2 access token the confirmation gives.
pub fn second_step(a: &Auth, first: &str) -> String {
    let r = enroll(a, first, "Work phone");
    assert_eq!(r.status, 200, "{}", r.body);
    let factor = r.body["id"].as_str().unwrap().to_string();
    let secret = r.body["totp"]["secret"].as_str().unwrap().to_string();
    let r = prove(a, first, &factor, &code(&secret, step_now()));
    assert_eq!(r.status, 200, "{}", r.body);
    r.body["access_token"].as_str().unwrap().to_string()
}
