//! Access tokens (signature, JWKS, refusal of forged ones), refresh-token rotation and reuse
//! detection, and the three sign-out scopes.

use crate::auth_support;

use auth_support::{Auth, access, claims, header, refresh_token};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde_json::{Value, json};

#[test]
fn access_tokens_verify_against_the_published_jwks() {
    let a = Auth::start("");
    let s = a.new_user("jwks@example.org");
    let r = a.get("/.well-known/jwks.json", None);
    assert_eq!(r.status, 200);
    assert_eq!(r.header("cache-control"), Some("public, max-age=600"));
    let key = &r.body["keys"][0];
    assert_eq!(
        (&key["kty"], &key["crv"], &key["alg"], &key["use"]),
        (
            &json!("EC"),
            &json!("P-256"),
            &json!("ES256"),
            &json!("sig")
        )
    );
    assert_eq!(key["key_ops"], json!(["verify"]));
    assert!(key.get("ext").is_none(), "WebCrypto refuses ext:false");
    assert!(key.get("d").is_none(), "no private part");

    let token = access(&s);
    let h = header(token);
    assert_eq!(
        (h["alg"].as_str(), h["kid"].clone()),
        (Some("ES256"), key["kid"].clone())
    );
    let decoding =
        DecodingKey::from_ec_components(key["x"].as_str().unwrap(), key["y"].as_str().unwrap())
            .unwrap();
    let mut v = Validation::new(Algorithm::ES256);
    v.set_audience(&["authenticated"]);
    let data = jsonwebtoken::decode::<Value>(token, &decoding, &v).unwrap();
    assert_eq!(data.claims["email"], "jwks@example.org");
}

fn forge(token: &str, f: impl FnOnce(&mut Value)) -> String {
    let parts: Vec<&str> = token.split('.').collect();
    let mut c = claims(token);
    f(&mut c);
    format!(
        "{}.{}.{}",
        parts[0],
        B64.encode(serde_json::to_vec(&c).unwrap()),
        parts[2]
    )
}

#[test]
fn forged_tokens_are_refused() {
    let a = Auth::start("");
    let victim = a.new_user("victim@example.org");
    let me = a.new_user("me@example.org");
    let victim_id = victim["user"]["id"].as_str().unwrap().to_string();
    let jwks = a.get("/.well-known/jwks.json", None).body;

    let tampered = forge(access(&me), |c| c["sub"] = json!(victim_id));
    let none = format!(
        "{}.{}.",
        B64.encode(br#"{"alg":"none","typ":"JWT"}"#),
        access(&me).split('.').nth(1).unwrap()
    );
    // The classic key-confusion attack: HMAC-sign with the public key as the secret.
    let public = serde_json::to_vec(&jwks["keys"][0]).unwrap();
    let mut hs_header = Header::new(Algorithm::HS256);
    hs_header.kid = jwks["keys"][0]["kid"].as_str().map(String::from);
    let hs256 = jsonwebtoken::encode(
        &hs_header,
        &claims(access(&victim)),
        &EncodingKey::from_secret(&public),
    )
    .unwrap();
    for (name, token) in [
        ("tampered", tampered.as_str()),
        ("alg none", none.as_str()),
        ("hs256", hs256.as_str()),
        ("garbage", "not.a.jwt"),
    ] {
        let r = a.user(token);
        assert_eq!((r.status, r.code()), (403, "bad_jwt"), "{name}");
    }
    let r = a.get("/user", None);
    assert_eq!((r.status, r.code()), (401, "no_authorization"));
}

#[test]
fn refresh_rotates_and_a_lost_reply_gets_the_same_child() {
    let a = Auth::start("");
    let s = a.new_user("rot@example.org");
    let t0 = refresh_token(&s).to_string();
    let r1 = a.refresh(&t0);
    assert_eq!(r1.status, 200, "{}", r1.body);
    let t1 = refresh_token(&r1.body).to_string();
    assert_ne!(t1, t0, "rotated");
    assert_eq!(
        claims(access(&r1.body))["session_id"],
        claims(access(&s))["session_id"]
    );
    assert_eq!(r1.body["user"]["email"], "rot@example.org");
    // The reply to t0 was lost; the client sends t0 again and gets the same active child.
    let again = a.refresh(&t0);
    assert_eq!(again.status, 200);
    assert_eq!(refresh_token(&again.body), t1);
    let r2 = a.refresh(&t1);
    assert_eq!(r2.status, 200);

    let r = a.refresh("unknown-token-0123456789");
    assert_eq!((r.status, r.code()), (400, "refresh_token_not_found"));
    let r = a.refresh("short");
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
}

#[test]
fn reuse_within_the_interval_gets_a_child_for_a_second_tab() {
    let a = Auth::start("");
    let s = a.new_user("tabs@example.org");
    let t0 = refresh_token(&s).to_string();
    let t1 = refresh_token(&a.refresh(&t0).body).to_string();
    let _t2 = refresh_token(&a.refresh(&t1).body).to_string();
    // t0 is no longer the parent of the active token, but was revoked a moment ago.
    let r = a.refresh(&t0);
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(a.user(access(&r.body)).status, 200);
}

#[test]
fn reuse_after_the_interval_ends_the_whole_session() {
    let a = Auth::start("[auth]\nrefresh_token_reuse_interval_secs = 0\n");
    let s = a.new_user("stolen@example.org");
    let other = a.sign_in("stolen@example.org", auth_support::PASSWORD).body;
    let t0 = refresh_token(&s).to_string();
    let r1 = a.refresh(&t0).body;
    let r2 = a.refresh(refresh_token(&r1)).body;
    let r = a.refresh(&t0);
    assert_eq!((r.status, r.code()), (400, "refresh_token_already_used"));
    assert_eq!(r.body["message"], "Invalid Refresh Token: Already Used");
    // Every token and access token of that session is dead now.
    assert_eq!(a.refresh(refresh_token(&r2)).status, 400);
    let u = a.user(access(&r2));
    assert_eq!((u.status, u.code()), (403, "session_not_found"));
    // Other sessions of the same person are untouched.
    assert_eq!(a.user(access(&other)).status, 200);
}

#[test]
fn sign_out_scopes() {
    let a = Auth::start("");
    a.new_user("out@example.org");
    let sign_in = || a.sign_in("out@example.org", auth_support::PASSWORD).body;

    // local: only this session.
    let (s1, s2) = (sign_in(), sign_in());
    let r = a.logout(access(&s1), "local");
    assert_eq!(r.status, 204);
    assert_eq!(a.user(access(&s1)).code(), "session_not_found");
    assert_eq!(a.refresh(refresh_token(&s1)).status, 400);
    assert_eq!(a.user(access(&s2)).status, 200);

    // others: every session but this one.
    let s3 = sign_in();
    assert_eq!(a.logout(access(&s3), "others").status, 204);
    assert_eq!(a.user(access(&s3)).status, 200);
    assert_eq!(a.user(access(&s2)).code(), "session_not_found");

    // global: all of them.
    let s4 = sign_in();
    assert_eq!(a.logout(access(&s4), "global").status, 204);
    for s in [&s3, &s4] {
        assert_eq!(a.user(access(s)).status, 403);
        assert_eq!(
            a.refresh(refresh_token(s)).code(),
            "refresh_token_not_found"
        );
    }

    let s5 = sign_in();
    let r = a.logout(access(&s5), "everyone");
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    let r = a.send(a.req(reqwest::Method::POST, "/logout"));
    assert_eq!((r.status, r.code()), (401, "no_authorization"));
    // A signed-out token cannot sign out again, nor change the account.
    assert_eq!(a.logout(access(&s4), "global").code(), "session_not_found");
    let r = a.send(
        a.req(reqwest::Method::PUT, "/user")
            .bearer_auth(access(&s4))
            .json(&json!({"data": {"x": 1}})),
    );
    assert_eq!((r.status, r.code()), (403, "session_not_found"));
}
