//! What the server counts for whoever watches the machine, served in Prometheus' text format at `/metrics`
//! (docs/operator.md, "Metrics"). Every series is named here, in this one file, and every label takes its
//! values from a fixed list (an enum below or a route group of `http.rs`): no label can ever hold an
//! address, a name, an account id or a token, whatever a request carries.
//!
//! The series live in one process-wide registry, so a use case records with one line and needs nothing
//! passed in; counting is an atomic add and never fails.

use std::sync::LazyLock;

use prometheus::{
    Encoder, HistogramOpts, HistogramVec, IntCounter, IntCounterVec, IntGauge, IntGaugeVec, Opts,
    Registry, TextEncoder,
};

pub mod config;
pub mod http;

/// How a password sign-in ended.
#[derive(Debug, Clone, Copy)]
pub enum SignIn {
    Accepted,
    Refused,
    /// Refused unchecked: the account is locked for this address after too many wrong passwords.
    Locked,
}

/// A check-in's life.
#[derive(Debug, Clone, Copy)]
pub enum Checkin {
    Started,
    Ended,
    /// Its time ran out (or her alarm word was given) and the alert was raised.
    Alerted,
}

/// How one attempt at sending a check-in's alert ended.
#[derive(Debug, Clone, Copy)]
pub enum Alert {
    Sent,
    /// Some e-mails did not go and will be tried again.
    Retrying,
    /// Some e-mails did not go and will not be tried again.
    Failed,
}

struct Series {
    registry: Registry,
    requests: IntCounterVec,
    latency: HistogramVec,
    sign_ins: IntCounterVec,
    sign_ups: IntCounter,
    checkins: IntCounterVec,
    alerts: IntCounterVec,
    emails: IntCounterVec,
    pushes: IntCounterVec,
    copy_bytes: IntCounter,
    shares: IntCounter,
    stamps: IntCounter,
    hashing_waiting: IntGauge,
    hashing_refused: IntCounter,
    free_bytes: IntGauge,
    total_bytes: IntGauge,
    certificate_ends: IntGauge,
}

/// Seconds: from a cached asset (a millisecond) to a slow sign-in under load (seconds).
const LATENCY_BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// Adds `metric` to the registry. Names and labels are constants of this file: a mistake in them fails
/// every test that starts the server, so it can never reach a running one.
fn register<M: prometheus::core::Collector + Clone + 'static>(
    r: &Registry,
    metric: prometheus::Result<M>,
) -> M {
    let metric = metric.expect("valid metric");
    r.register(Box::new(metric.clone())).expect("unique metric");
    metric
}

fn counter_vec(
    r: &Registry,
    name: &str,
    help: &str,
    label: &str,
    values: &[&str],
) -> IntCounterVec {
    let c = register(r, IntCounterVec::new(Opts::new(name, help), &[label]));
    // Every series exists from the start at 0, so `increase()` sees its first event.
    for v in values {
        c.with_label_values(&[*v]);
    }
    c
}

fn counter(r: &Registry, name: &str, help: &str) -> IntCounter {
    register(r, IntCounter::new(name, help))
}

static SERIES: LazyLock<Series> = LazyLock::new(|| {
    let r = Registry::new();
    let requests = register(
        &r,
        IntCounterVec::new(
            Opts::new(
                "solace_http_requests_total",
                "HTTP requests answered, by part of the site and status class.",
            ),
            &["group", "status"],
        ),
    );
    let latency = register(
        &r,
        HistogramVec::new(
            HistogramOpts::new(
                "solace_http_request_duration_seconds",
                "Time from a request's arrival to its answer's head, by part of the site.",
            )
            .buckets(LATENCY_BUCKETS.to_vec()),
            &["group"],
        ),
    );
    let hashing_waiting = register(
        &r,
        IntGauge::new(
            "solace_password_hashing_in_flight",
            "Password hashes running or waiting for a thread of the bounded Argon2 pool.",
        ),
    );
    let info = register(
        &r,
        IntGaugeVec::new(
            Opts::new(
                "solace_build_info",
                "Always 1; the running version as a label.",
            ),
            &["version"],
        ),
    );
    info.with_label_values(&[env!("CARGO_PKG_VERSION")]).set(1);
    let gauge = |name: &str, help: &str| register(&r, IntGauge::new(name, help));
    Series {
        requests,
        latency,
        sign_ins: counter_vec(
            &r,
            "solace_sign_ins_total",
            "Password sign-ins, by outcome.",
            "outcome",
            &["accepted", "refused", "locked"],
        ),
        sign_ups: counter(&r, "solace_sign_ups_total", "Accounts created."),
        checkins: counter_vec(
            &r,
            "solace_checkins_total",
            "Check-ins started, ended by her, and alerted.",
            "event",
            &["started", "ended", "alerted"],
        ),
        alerts: counter_vec(
            &r,
            "solace_alerts_total",
            "Attempts at sending a check-in's alert, by outcome.",
            "outcome",
            &["sent", "retrying", "failed"],
        ),
        emails: counter_vec(
            &r,
            "solace_emails_total",
            "E-mails handed to the mail server, by outcome.",
            "outcome",
            &["sent", "failed"],
        ),
        pushes: counter_vec(
            &r,
            "solace_pushes_total",
            "Web Push messages handed to a push service, by outcome.",
            "outcome",
            &["sent", "failed"],
        ),
        copy_bytes: counter(
            &r,
            "solace_copy_stored_bytes_total",
            "Bytes of ciphertext written to the encrypted copies.",
        ),
        shares: counter(
            &r,
            "solace_shares_total",
            "Shares a survivor made with an advocate.",
        ),
        stamps: counter(
            &r,
            "solace_timestamp_tokens_total",
            "RFC 3161 time-stamp tokens issued.",
        ),
        hashing_waiting,
        hashing_refused: counter(
            &r,
            "solace_password_hashing_refused_total",
            "Password checks refused at once because the hashing queue was full (503).",
        ),
        free_bytes: gauge(
            "solace_data_dir_free_bytes",
            "Free space for Solace on the data directory's file system, read at each scrape.",
        ),
        total_bytes: gauge(
            "solace_data_dir_filesystem_bytes",
            "Size of the data directory's file system, read at each scrape.",
        ),
        certificate_ends: gauge(
            "solace_timestamp_certificate_not_after_seconds",
            "When the time-stamping certificate ends, in seconds since 1970.",
        ),
        registry: r,
    }
});

pub fn sign_in(outcome: SignIn) {
    let v = match outcome {
        SignIn::Accepted => "accepted",
        SignIn::Refused => "refused",
        SignIn::Locked => "locked",
    };
    SERIES.sign_ins.with_label_values(&[v]).inc();
}

pub fn sign_up() {
    SERIES.sign_ups.inc();
}

pub fn checkin(event: Checkin) {
    let v = match event {
        Checkin::Started => "started",
        Checkin::Ended => "ended",
        Checkin::Alerted => "alerted",
    };
    SERIES.checkins.with_label_values(&[v]).inc();
}

pub fn alert(outcome: Alert) {
    let v = match outcome {
        Alert::Sent => "sent",
        Alert::Retrying => "retrying",
        Alert::Failed => "failed",
    };
    SERIES.alerts.with_label_values(&[v]).inc();
}

fn sent_or_failed(sent: bool) -> &'static str {
    if sent { "sent" } else { "failed" }
}

pub fn email(sent: bool) {
    SERIES
        .emails
        .with_label_values(&[sent_or_failed(sent)])
        .inc();
}

pub fn push(sent: bool) {
    SERIES
        .pushes
        .with_label_values(&[sent_or_failed(sent)])
        .inc();
}

pub fn copy_stored(bytes: usize) {
    SERIES.copy_bytes.inc_by(bytes as u64);
}

pub fn share_made() {
    SERIES.shares.inc();
}

pub fn timestamp_issued() {
    SERIES.stamps.inc();
}

/// The password pool's callers in flight, after one came or went.
pub fn hashing_in_flight(n: usize) {
    SERIES.hashing_waiting.set(n as i64);
}

pub fn hashing_refused() {
    SERIES.hashing_refused.inc();
}

/// One answered request: `group` is one of `http::GROUPS`, never a path.
fn request(group: &'static str, status: u16, seconds: f64) {
    let class = match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    };
    SERIES.requests.with_label_values(&[group, class]).inc();
    SERIES.latency.with_label_values(&[group]).observe(seconds);
}

/// When the time-stamping certificate ends (read once at start).
pub fn certificate_ends(at: std::time::SystemTime) {
    let secs = at
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    SERIES
        .certificate_ends
        .set(i64::try_from(secs).unwrap_or(i64::MAX));
}

/// Every series in Prometheus' text format (version 0.0.4), the data directory's space read now.
pub fn render(data_dir: &std::path::Path) -> String {
    if let Ok(s) = rustix::fs::statvfs(data_dir) {
        let bytes =
            |blocks: u64| i64::try_from(blocks.saturating_mul(s.f_frsize)).unwrap_or(i64::MAX);
        SERIES.free_bytes.set(bytes(s.f_bavail));
        SERIES.total_bytes.set(bytes(s.f_blocks));
    }
    let families = SERIES.registry.gather();
    let mut out = Vec::new();
    if let Err(e) = TextEncoder::new().encode(&families, &mut out) {
        tracing::error!(error = %e, "could not write the metrics");
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The `Content-Type` of `render`'s text.
pub const CONTENT_TYPE: &str = "text/plain; version=0.0.4; charset=utf-8";
