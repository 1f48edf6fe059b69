//! `POST /logout/offline`: an exit made while offline ends its session once the device is back online,
//! from the SHA-256 of the refresh token alone (docs/auth-contract.md, "Ending a session after an offline
//! exit").

use crate::auth_support;

use auth_support::{Auth, refresh_token};
use serde_json::json;
use sha2::{Digest, Sha256};

fn sha256_hex(text: &str) -> String {
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

#[test]
fn the_hash_of_a_refresh_token_ends_its_session_and_nothing_else() {
    let a = Auth::start("");
    let gone = a.new_user("offline@example.org");
    let stays = a
        .sign_in("offline@example.org", auth_support::PASSWORD)
        .body;
    let hash = sha256_hex(refresh_token(&gone));

    let r = a.post("/logout/offline", json!({"refresh_token_hash": hash}));
    assert_eq!(r.status, 204, "{}", r.body);
    let r = a.refresh(refresh_token(&gone));
    assert_eq!(r.status, 400, "the exited session is over: {}", r.body);
    assert_eq!(
        a.refresh(refresh_token(&stays)).status,
        200,
        "her other session stays"
    );

    // Again, or a hash nobody has: the same answer, nothing changes.
    assert_eq!(
        a.post("/logout/offline", json!({"refresh_token_hash": hash}))
            .status,
        204
    );
    let unknown = sha256_hex("no such token");
    assert_eq!(
        a.post("/logout/offline", json!({"refresh_token_hash": unknown}))
            .status,
        204
    );
    // The hash itself signs nobody in.
    assert_eq!(a.refresh(&hash).status, 400);

    let r = a.post("/logout/offline", json!({"refresh_token_hash": "abc"}));
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
}
