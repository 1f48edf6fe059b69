//! Sign-in benchmark (`cargo bench --bench auth`): starts the release `solace` on 127.0.0.1 with a
//! temporary data directory and measures
//!   1. the bare Argon2id rate of this machine (same parameters, one thread per core) as the anchor,
//!   2. password sign-in throughput and p50/p99 latency with 16 and 64 concurrent clients,
//!      reported as a ratio of the anchor (goal: at least 90 %),
//!   3. a flood of 500 simultaneous sign-ins: /health latency during it, peak RSS of the server,
//!      and how many sign-ins got 503 `server_busy` (queue full) instead of queueing.
//!
//! With `engines` (`cargo bench --bench auth -- engines`), instead: sign-in and refresh throughput and
//! p50/p99 with 16 clients on SQLite, on PostgreSQL with one instance, and with two instances on the same
//! PostgreSQL database (two servers sharing their keys, each client alternating between them), each round
//! anchored as above (sign-ins as a share of bare Argon2id) and by SQLite's refresh rate in the same round.
//!
//! Traffic goes to loopback only and every phase is bounded in time and count.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use argon2::password_hash::rand_core::{OsRng, RngCore};
use argon2::{Algorithm, Argon2, Block, Version};
use serde_json::json;

// The integration tests' helper that starts the binary and waits for it to be ready, with the stores'
// stand-ins it starts under `SOLACE_TEST_DATABASE=postgres` (docs/development.md, "The database layer").
#[path = "../tests/integration/common/mod.rs"]
mod common;
#[path = "../tests/integration/python_stand_in.rs"]
mod python_stand_in;
#[path = "../tests/integration/stores_support/mod.rs"]
mod stores_support;

const EMAIL: &str = "bench@example.org";
const PASSWORD: &str = "Str0ng!pass";
const PHASE: Duration = Duration::from_secs(8);
const FLOOD: usize = 500;

fn start() -> common::Server {
    start_on("", None, vec![])
}

/// The server with `database` (a `[database]` table, or nothing for SQLite) appended to its config, on
/// `data_dir` (a fresh one when none), with `env` added.
fn start_on(
    database: &str,
    data_dir: Option<std::path::PathBuf>,
    env: Vec<(String, String)>,
) -> common::Server {
    common::Server::start_with(common::Options {
        // Rate limits off: this measures the hashing pool, whose own bound produces the 503s.
        config: Some(format!(
            "[auth.rate_limit]\ntoken_per_ip = 0\ntoken_per_email = 0\nsignup_per_ip = 0\nsignup_per_email = 0\n{database}"
        )),
        data_dir,
        env: [vec![("RUST_LOG".into(), "warn,solace=info".into())], env].concat(),
        ..Default::default()
    })
}

fn server_pid(server: &common::Server) -> u32 {
    server.child.as_ref().expect("running").id()
}

/// Hashes per second with one thread per core, the same Argon2id parameters as the server, each thread
/// reusing its working memory (the fastest way to run Argon2id, and what the server's pool does).
fn bare_hash_rate(threads: usize) -> f64 {
    let stop = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let handles: Vec<_> = (0..threads)
        .map(|_| {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let a = Argon2::new(
                    Algorithm::Argon2id,
                    Version::V0x13,
                    solace::auth::keys::password::params(),
                );
                let mut blocks = vec![Block::default(); a.params().block_count()];
                let mut out = [0u8; 32];
                let mut n = 0u64;
                while !stop.load(Ordering::Relaxed) {
                    let mut salt = [0u8; 16];
                    OsRng.fill_bytes(&mut salt);
                    a.hash_password_into_with_memory(
                        PASSWORD.as_bytes(),
                        &salt,
                        &mut out,
                        &mut blocks[..],
                    )
                    .unwrap();
                    n += 1;
                }
                n
            })
        })
        .collect();
    std::thread::sleep(PHASE / 2);
    stop.store(true, Ordering::Relaxed);
    let total: u64 = handles.into_iter().map(|h| h.join().unwrap()).sum();
    total as f64 / started.elapsed().as_secs_f64()
}

#[derive(Default)]
struct Load {
    ok: usize,
    refused: usize,
    other: usize,
    latencies: Vec<Duration>,
    elapsed: Duration,
}

impl Load {
    /// Counts one sign-in answer: a success (with its latency), a 503 (queue full), or anything else.
    fn record(&mut self, status: u16, latency: Duration) {
        match status {
            200 => {
                self.ok += 1;
                self.latencies.push(latency);
            }
            503 => self.refused += 1,
            _ => self.other += 1,
        }
    }

    fn rate(&self) -> f64 {
        self.ok as f64 / self.elapsed.as_secs_f64()
    }

    fn percentile(&mut self, p: f64) -> Duration {
        self.latencies.sort();
        if self.latencies.is_empty() {
            return Duration::ZERO;
        }
        let i = ((self.latencies.len() as f64 - 1.0) * p).round() as usize;
        self.latencies[i]
    }
}

/// `POST /auth/v1/token?grant_type=GRANT` with `body`: the status, the answer's refresh token (on a
/// success) and the latency.
async fn token(
    client: &reqwest::Client,
    base: &str,
    grant: &str,
    body: serde_json::Value,
) -> (u16, Option<String>, Duration) {
    let t = Instant::now();
    let Ok(r) = client
        .post(format!("{base}/auth/v1/token?grant_type={grant}"))
        .header("X-Supabase-Api-Version", "2024-01-01")
        .json(&body)
        .send()
        .await
    else {
        return (0, None, t.elapsed());
    };
    let status = r.status().as_u16();
    let refresh = match status {
        200 => r
            .json::<serde_json::Value>()
            .await
            .ok()
            .and_then(|b| b["refresh_token"].as_str().map(str::to_string)),
        _ => None,
    };
    (status, refresh, t.elapsed())
}

async fn sign_in(client: &reqwest::Client, base: &str) -> (u16, Duration) {
    let (status, _, latency) = token(
        client,
        base,
        "password",
        json!({"email": EMAIL, "password": PASSWORD}),
    )
    .await;
    (status, latency)
}

/// `clients` tasks for PHASE, each running `client(i, deadline)`, which answers with the status and
/// latency of each of its requests.
async fn run_clients<F, Fut>(clients: usize, client: F) -> Load
where
    F: Fn(usize, Instant) -> Fut,
    Fut: Future<Output = Vec<(u16, Duration)>> + Send + 'static,
{
    let deadline = Instant::now() + PHASE;
    let started = Instant::now();
    let tasks: Vec<_> = (0..clients)
        .map(|i| tokio::spawn(client(i, deadline)))
        .collect();
    let mut load = Load::default();
    for t in tasks {
        for (status, latency) in t.await.unwrap() {
            load.record(status, latency);
        }
    }
    load.elapsed = started.elapsed();
    load
}

/// The server of a client's `n`-th request: one after the other, each client starting at another.
fn pick(bases: &[String], client: usize, n: usize) -> &str {
    &bases[(client + n) % bases.len()]
}

/// `clients` loops signing in for PHASE, across `bases`.
async fn closed_loop(bases: &[String], clients: usize) -> Load {
    let http = reqwest::Client::new();
    run_clients(clients, |i, deadline| {
        let (http, bases) = (http.clone(), bases.to_vec());
        async move {
            let mut out = Vec::new();
            while Instant::now() < deadline {
                out.push(sign_in(&http, pick(&bases, i, out.len())).await);
            }
            out
        }
    })
    .await
}

/// `clients` loops refreshing their sessions for PHASE across `bases`, each with the refresh token the
/// last answer gave it (a session signed in first, not counted); a client whose refresh fails stops.
async fn refresh_loop(bases: &[String], clients: usize) -> Load {
    let http = reqwest::Client::new();
    let mut first = Vec::new();
    for i in 0..clients {
        let body = json!({"email": EMAIL, "password": PASSWORD});
        let (status, refresh, _) = token(&http, pick(bases, i, 0), "password", body).await;
        first.push(refresh.unwrap_or_else(|| panic!("sign-in for a refresh loop: {status}")));
    }
    run_clients(clients, |i, deadline| {
        let (http, bases, mut refresh) = (http.clone(), bases.to_vec(), first[i].clone());
        async move {
            let mut out = Vec::new();
            while Instant::now() < deadline {
                let body = json!({"refresh_token": refresh});
                let base = pick(&bases, i, out.len() + 1);
                let (status, next, latency) = token(&http, base, "refresh_token", body).await;
                out.push((status, latency));
                match next {
                    Some(next) => refresh = next,
                    None => break,
                }
            }
            out
        }
    })
    .await
}

/// FLOOD sign-ins at once, while /health is polled; returns (load, worst /health latency).
async fn flood(base: &str) -> (Load, Duration) {
    let client = reqwest::Client::new();
    let done = Arc::new(AtomicBool::new(false));
    let health = {
        let done = done.clone();
        let url = format!("{base}/health");
        let client = reqwest::Client::new();
        tokio::spawn(async move {
            let mut worst = Duration::ZERO;
            while !done.load(Ordering::Relaxed) {
                let t = Instant::now();
                let ok = client
                    .get(&url)
                    .timeout(Duration::from_secs(5))
                    .send()
                    .await
                    .is_ok_and(|r| r.status() == 200);
                worst = worst.max(if ok { t.elapsed() } else { Duration::MAX });
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            worst
        })
    };
    let started = Instant::now();
    let tasks: Vec<_> = (0..FLOOD)
        .map(|_| {
            let client = client.clone();
            let base = base.to_string();
            tokio::spawn(async move { sign_in(&client, &base).await })
        })
        .collect();
    let mut load = Load::default();
    for t in tasks {
        let (status, latency) = t.await.unwrap();
        load.record(status, latency);
    }
    load.elapsed = started.elapsed();
    done.store(true, Ordering::Relaxed);
    (load, health.await.unwrap())
}

fn peak_rss_mb(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|kb| kb.parse::<f64>().ok())
        .map_or(0.0, |kb| kb / 1024.0)
}

fn ms(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}

fn main() {
    if std::env::args().any(|a| a == "--list") {
        return; // `cargo test --benches` asks for a list; there are no sub-benchmarks.
    }
    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    if std::env::args().any(|a| a == "engines") {
        return engines(&rt, cores);
    }
    let server = start();
    let base = server.url("");
    rt.block_on(sign_up(&base));

    let p = solace::auth::keys::password::params();
    println!(
        "solace auth bench: {cores} cores, Argon2id m={} KiB t={} p={}",
        p.m_cost(),
        p.t_cost(),
        p.p_cost()
    );
    println!(
        "server RSS after start: {:.1} MB",
        peak_rss_mb(server_pid(&server))
    );
    let before = bare_hash_rate(cores);
    let mut rows = Vec::new();
    for clients in [16, 64] {
        let mut load = rt.block_on(closed_loop(std::slice::from_ref(&base), clients));
        println!(
            "server peak RSS after {clients} clients: {:.1} MB",
            peak_rss_mb(server_pid(&server))
        );
        rows.push((
            clients,
            load.rate(),
            load.percentile(0.5),
            load.percentile(0.99),
            load.refused,
            load.other,
        ));
    }
    let after = bare_hash_rate(cores);
    let anchor = (before + after) / 2.0;
    println!(
        "bare Argon2id: {anchor:.1} hashes/s ({before:.1} before, {after:.1} after the sign-in runs)"
    );
    for (clients, rate, p50, p99, refused, other) in &rows {
        println!(
            "{clients:>3} clients: {rate:.1} sign-ins/s = {:.0} % of bare; p50 {}, p99 {}; 503: {refused}, other errors: {other}",
            rate / anchor * 100.0,
            ms(*p50),
            ms(*p99),
        );
    }
    let (mut load, worst_health) = rt.block_on(flood(&base));
    let rss = peak_rss_mb(server_pid(&server));
    let flood_p99 = load.percentile(0.99);
    println!(
        "flood of {FLOOD}: {} signed in, {} got 503, {} other; p99 of successes {}; worst /health {}; peak RSS {rss:.1} MB",
        load.ok,
        load.refused,
        load.other,
        ms(flood_p99),
        if worst_health == Duration::MAX {
            "FAILED".to_string()
        } else {
            ms(worst_health)
        },
    );
    let ok =
        worst_health < Duration::from_secs(1) && rss < 150.0 && load.refused > 0 && load.other == 0;
    println!(
        "flood goals (/health < 1 s, RSS < 150 MB, excess gets 503): {}",
        if ok { "met" } else { "NOT met" }
    );
}

async fn sign_up(base: &str) {
    let r = reqwest::Client::new()
        .post(format!("{base}/auth/v1/signup"))
        .json(&json!({"email": EMAIL, "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200, "sign-up for the bench user");
}

/// Where the engines' comparison runs its servers.
#[derive(Clone, Copy)]
enum Setup {
    Sqlite,
    /// This many instances on one PostgreSQL database.
    Postgres(usize),
}

impl Setup {
    fn name(self) -> String {
        match self {
            Setup::Sqlite => "SQLite".into(),
            Setup::Postgres(1) => "PostgreSQL, 1 instance".into(),
            Setup::Postgres(n) => format!("PostgreSQL, {n} instances"),
        }
    }

    /// Its servers, started. Several instances share one schema of the cluster and the first one's keys
    /// (copied into each other's data directory before it starts), as one installation would.
    fn start(self, dirs: &mut Vec<tempfile::TempDir>) -> Vec<common::Server> {
        let Setup::Postgres(n) = self else {
            return vec![start()];
        };
        let cluster = stores_support::postgres::cluster();
        let (_, url) = cluster.schema_url();
        let database = format!("[database]\nurl = \"{url}\"\n");
        let env = || vec![("SOLACE_DATABASE_PASSWORD".into(), cluster.password.clone())];
        let mut servers = vec![start_on(&database, None, env())];
        for _ in 1..n {
            let dir = tempfile::tempdir().unwrap();
            let data_dir = dir.path().join("data");
            std::fs::create_dir(&data_dir).unwrap();
            for entry in std::fs::read_dir(&servers[0].data_dir).unwrap() {
                let entry = entry.unwrap();
                let name = entry.file_name();
                // The keys; not the lock, nor the SQLite file a PostgreSQL server leaves unused.
                if entry.file_type().unwrap().is_file()
                    && !name.to_string_lossy().starts_with("solace.")
                {
                    std::fs::copy(entry.path(), data_dir.join(name)).unwrap();
                }
            }
            servers.push(start_on(&database, Some(data_dir), env()));
            dirs.push(dir);
        }
        servers
    }
}

/// One setup's figures in one round: sign-in and refresh loads.
struct Measured {
    setup: Setup,
    sign_in: Load,
    refresh: Load,
}

const ENGINE_CLIENTS: usize = 16;

/// `cargo bench --bench auth -- engines`: the module comment's comparison, ROUNDS times (default 2), the
/// setups' order reversed every other round so that a drift of the shared machine's load falls on each.
fn engines(rt: &tokio::runtime::Runtime, cores: usize) {
    let rounds: usize = std::env::var("ROUNDS")
        .ok()
        .and_then(|r| r.parse().ok())
        .unwrap_or(2);
    let fsync: String = stores_support::postgres::cluster()
        .client(None)
        .query_one("SHOW fsync", &[])
        .unwrap()
        .get(0);
    println!(
        "solace engines bench: {cores} cores, {ENGINE_CLIENTS} clients, {}s per phase, PostgreSQL fsync {fsync}",
        PHASE.as_secs()
    );
    let setups = [Setup::Sqlite, Setup::Postgres(1), Setup::Postgres(2)];
    for round in 1..=rounds {
        let before = bare_hash_rate(cores);
        let mut order = setups.to_vec();
        if round % 2 == 0 {
            order.reverse();
        }
        let mut measured = Vec::new();
        for setup in order {
            let mut dirs = Vec::new();
            let servers = setup.start(&mut dirs);
            let bases: Vec<String> = servers.iter().map(|s| s.url("")).collect();
            rt.block_on(sign_up(&bases[0]));
            let sign_in = rt.block_on(closed_loop(&bases, ENGINE_CLIENTS));
            let refresh = rt.block_on(refresh_loop(&bases, ENGINE_CLIENTS));
            measured.push(Measured {
                setup,
                sign_in,
                refresh,
            });
        }
        let after = bare_hash_rate(cores);
        let anchor = (before + after) / 2.0;
        let sqlite_refresh = measured
            .iter()
            .find(|m| matches!(m.setup, Setup::Sqlite))
            .map(|m| m.refresh.rate())
            .unwrap();
        println!(
            "round {round}: bare Argon2id {anchor:.1} hashes/s ({before:.1} before, {after:.1} after)"
        );
        measured.sort_by_key(|m| match m.setup {
            Setup::Sqlite => 0,
            Setup::Postgres(n) => n,
        });
        for m in &mut measured {
            let (rate, refresh_rate) = (m.sign_in.rate(), m.refresh.rate());
            println!(
                "  {:<26} sign-in {rate:6.1}/s = {:3.0} % of bare, p50 {}, p99 {}, errors {}; \
                 refresh {refresh_rate:7.1}/s = {:.2} of SQLite's, p50 {}, p99 {}, errors {}",
                m.setup.name(),
                rate / anchor * 100.0,
                ms(m.sign_in.percentile(0.5)),
                ms(m.sign_in.percentile(0.99)),
                m.sign_in.refused + m.sign_in.other,
                refresh_rate / sqlite_refresh,
                ms(m.refresh.percentile(0.5)),
                ms(m.refresh.percentile(0.99)),
                m.refresh.refused + m.refresh.other,
            );
        }
    }
}
