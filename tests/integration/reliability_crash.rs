//! SIGKILL in the middle of sign-ups and refresh-token rotations: after a restart every answered sign-up
//! can sign in, every session's last answered refresh token still works, and SQLite finds its file intact
//! ("20 of 20 SIGKILLs lost no acknowledged account or session").

use crate::auth_support;
use crate::common;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use auth_support::{Auth, LIMITS_OFF};
use common::{Options, Server};
use serde_json::json;

const PASSWORD: &str = "Quiet-Harbour-Lantern-58!";
const ROUNDS: usize = 3;
/// Answered operations per worker before the kill; the kill lands while more are in flight.
const ACKED_BEFORE_KILL: usize = 4;

fn start(dir: &std::path::Path) -> Auth {
    Auth::from_server(Server::start_with(Options {
        config: Some(format!(
            "[auth]\nrefresh_token_reuse_interval_secs = 3600\n{LIMITS_OFF}"
        )),
        data_dir: Some(dir.to_path_buf()),
        ..Options::default()
    }))
}

/// What the server answered before it died: e-mails signed up, and per session its latest refresh token.
#[derive(Default)]
struct Acked {
    emails: Vec<String>,
    sessions: Vec<String>,
}

#[test]
fn killed_during_writes_loses_nothing_it_answered() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("data");
    let acked = Arc::new(Mutex::new(Acked::default()));
    for round in 0..ROUNDS {
        let s = Arc::new(start(&dir));
        let stop = Arc::new(AtomicBool::new(false));
        let (done_tx, done_rx) = std::sync::mpsc::channel();
        let signups = {
            let (s, stop, acked, done) = (s.clone(), stop.clone(), acked.clone(), done_tx.clone());
            std::thread::spawn(move || {
                let mut answered = 0;
                for i in 0.. {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    let email = format!("r{round}-{i}@example.org");
                    let body = json!({"email": email, "password": PASSWORD});
                    if s.post_if_answered("/signup", body.clone()).is_none() {
                        continue;
                    }
                    acked.lock().unwrap().emails.push(email);
                    // A sign-up answers without a session; the app signs in next, as here.
                    let Some(session) = s.post_if_answered("/token?grant_type=password", body)
                    else {
                        continue;
                    };
                    let mut a = acked.lock().unwrap();
                    a.sessions
                        .push(session["refresh_token"].as_str().unwrap().to_owned());
                    answered += 1;
                    if answered == ACKED_BEFORE_KILL {
                        let _ = done.send(());
                    }
                }
            })
        };
        let rotations = {
            let (s, stop, acked, done) = (s.clone(), stop.clone(), acked.clone(), done_tx);
            std::thread::spawn(move || {
                let mut answered = 0;
                while !stop.load(Ordering::SeqCst) {
                    let picked = {
                        let a = acked.lock().unwrap();
                        (!a.sessions.is_empty()).then(|| {
                            let at = answered % a.sessions.len();
                            (at, a.sessions[at].clone())
                        })
                    };
                    let Some((at, token)) = picked else {
                        std::thread::yield_now();
                        continue;
                    };
                    let body = json!({"refresh_token": token});
                    let Some(next) = s.post_if_answered("/token?grant_type=refresh_token", body)
                    else {
                        continue;
                    };
                    acked.lock().unwrap().sessions[at] =
                        next["refresh_token"].as_str().unwrap().to_owned();
                    answered += 1;
                    if answered == ACKED_BEFORE_KILL {
                        let _ = done.send(());
                    }
                }
            })
        };
        for _ in 0..2 {
            done_rx
                .recv_timeout(Duration::from_secs(60))
                .expect("the server answers");
        }
        s.server.signal("KILL");
        stop.store(true, Ordering::SeqCst);
        signups.join().unwrap();
        rotations.join().unwrap();
        drop(s);
    }

    let s = start(&dir);
    let acked = acked.lock().unwrap();
    assert!(acked.emails.len() >= ROUNDS * ACKED_BEFORE_KILL);
    for email in &acked.emails {
        let body = json!({"email": email, "password": PASSWORD});
        assert!(
            s.post_if_answered("/token?grant_type=password", body)
                .is_some(),
            "{email} was lost"
        );
    }
    for token in &acked.sessions {
        let body = json!({"refresh_token": token});
        assert!(
            s.post_if_answered("/token?grant_type=refresh_token", body)
                .is_some(),
            "an answered refresh token no longer works"
        );
    }
    drop(s);
    let db = rusqlite::Connection::open(dir.join("solace.db")).unwrap();
    let check: String = db
        .query_row("PRAGMA integrity_check", [], |r| r.get(0))
        .unwrap();
    assert_eq!(check, "ok");
}
