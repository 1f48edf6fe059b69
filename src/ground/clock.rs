//! The clock as Solace stores it: timestamps in GoTrue's format (RFC 3339, UTC, microseconds) and unix
//! milliseconds.

pub fn timestamp(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Micros, true)
}

pub fn now_text() -> String {
    timestamp(chrono::Utc::now())
}

pub fn now_ms() -> i64 {
    chrono::Utc::now().timestamp_millis()
}
