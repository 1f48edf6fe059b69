//! `GET /api/vault/secret`: the per-account secret that opens her encrypted entries in the browser.
//! Only a valid session gets it; it is stable per account (across sessions, restarts and instances
//! sharing a key file), differs between accounts, and never appears in the logs.

use crate::auth_support;
use crate::common;

use auth_support::{Auth, LIMITS_OFF, PASSWORD, access};
use common::{Options, Server, client};
use serde_json::Value;

struct Answer {
    status: u16,
    cache_control: String,
    body: Value,
}

fn vault_secret(server: &Server, token: Option<&str>) -> Answer {
    let mut rb = client().get(server.url("/api/vault/secret"));
    if let Some(t) = token {
        rb = rb.bearer_auth(t);
    }
    let res = rb.send().unwrap();
    let status = res.status().as_u16();
    let cache_control = res
        .headers()
        .get("cache-control")
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_string();
    let text = res.text().unwrap();
    let body =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    Answer {
        status,
        cache_control,
        body,
    }
}

fn secret_of(server: &Server, token: &str) -> String {
    let a = vault_secret(server, Some(token));
    assert_eq!(a.status, 200, "{}", a.body);
    assert_eq!(a.cache_control, "no-store");
    let secret = a.body["secret"].as_str().expect("a secret").to_string();
    assert!(secret.len() >= 43, "{secret}");
    secret
}

fn assert_refused(a: Answer) {
    assert_eq!(a.status, 401, "{}", a.body);
    assert_eq!(a.body["error"], "not_signed_in");
    assert!(a.body["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert!(a.body.get("secret").is_none());
}

#[test]
fn only_a_signed_in_session_gets_the_secret() {
    let a = Auth::start("");
    let session = a.new_user("vault-one@example.org");
    let token = access(&session);
    secret_of(&a.server, token);

    assert_refused(vault_secret(&a.server, None));
    assert_refused(vault_secret(&a.server, Some("not-a-token")));
    let mut tampered = token.to_string();
    tampered.push('x');
    assert_refused(vault_secret(&a.server, Some(&tampered)));

    // Signed with the server's own key, for a live session, but expired.
    let pkcs8 = std::fs::read(a.server.data_dir.join("jwt-signing-key.p256.pk8")).unwrap();
    let mut claims = auth_support::claims(token);
    claims["exp"] = serde_json::json!(claims["iat"].as_i64().unwrap() - 10);
    let mut header = jsonwebtoken::Header::new(jsonwebtoken::Algorithm::ES256);
    header.kid = auth_support::header(token)["kid"]
        .as_str()
        .map(str::to_owned);
    let expired = jsonwebtoken::encode(
        &header,
        &claims,
        &jsonwebtoken::EncodingKey::from_ec_der(&pkcs8),
    )
    .unwrap();
    assert_refused(vault_secret(&a.server, Some(&expired)));
    claims["exp"] = serde_json::json!(claims["iat"].as_i64().unwrap() + 600);
    let renewed = jsonwebtoken::encode(
        &header,
        &claims,
        &jsonwebtoken::EncodingKey::from_ec_der(&pkcs8),
    )
    .unwrap();
    secret_of(&a.server, &renewed);

    assert_eq!(a.logout(token, "local").status, 204);
    // The token has not expired yet, but its session has ended.
    assert_refused(vault_secret(&a.server, Some(token)));
    assert_refused(vault_secret(&a.server, Some(&renewed)));
}

#[test]
fn same_account_same_secret_other_account_other_secret_and_never_logged() {
    let dir = tempfile::tempdir().unwrap();
    let start = || {
        Auth::from_server(Server::start_with(Options {
            config: Some(LIMITS_OFF.into()),
            data_dir: Some(dir.path().join("data")),
            env: vec![("RUST_LOG".into(), "debug".into())],
            ..Default::default()
        }))
    };
    let a = start();
    let first = secret_of(&a.server, access(&a.new_user("vault-a@example.org")));
    let other = secret_of(&a.server, access(&a.new_user("vault-b@example.org")));
    assert_ne!(first, other, "each account has its own secret");

    let again = a.sign_in("vault-a@example.org", PASSWORD);
    assert_eq!(again.status, 200);
    assert_eq!(
        secret_of(&a.server, access(&again.body)),
        first,
        "a new session"
    );
    let logs = a.server.logs();
    drop(a);

    let b = start();
    let after_restart = b.sign_in("vault-a@example.org", PASSWORD);
    assert_eq!(after_restart.status, 200);
    assert_eq!(
        secret_of(&b.server, access(&after_restart.body)),
        first,
        "a restart keeps the key"
    );
    let logs = format!("{logs}\n{}", b.server.logs());
    assert!(logs.contains("/api/vault/secret"), "requests are logged");
    for secret in [&first, &other] {
        assert!(!logs.contains(secret.as_str()), "a secret in the logs");
    }
}

#[test]
fn a_short_key_file_is_refused_by_validate_config() {
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("vault-key");
    std::fs::write(&key, "short\n").unwrap();
    let (status, _, stderr) = common::run(
        &["validate-config"],
        &[("SOLACE_VAULT_SECRET_FILE", key.to_str().unwrap())],
    );
    assert_eq!(status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("vault.secret_file"), "{stderr}");
}

/// With `auth.external_url`, tokens are checked against that service's published keys. A second Solace
/// stands in for the external GoTrue: it publishes its ES256 key at `/auth/v1/.well-known/jwks.json`.
#[test]
fn external_gotrue_tokens_are_verified_through_its_jwks() {
    let gotrue = Auth::start("");
    let session = gotrue.new_user("vault-external@example.org");
    let token = access(&session);
    let app = Server::start_with(Options {
        config: Some(format!(
            "[auth]\nexternal_url = \"{}\"\n",
            gotrue.server.url("/auth/v1")
        )),
        ..Default::default()
    });
    let first = secret_of(&app, token);
    let again = gotrue.sign_in("vault-external@example.org", PASSWORD);
    assert_eq!(secret_of(&app, access(&again.body)), first);
    let other = gotrue.new_user("vault-external-2@example.org");
    assert_ne!(secret_of(&app, access(&other)), first);

    assert_refused(vault_secret(&app, None));
    assert_refused(vault_secret(&app, Some("not-a-token")));
    let mut tampered = token.to_string();
    tampered.pop();
    assert_refused(vault_secret(&app, Some(&tampered)));
    // A token of another service (its own embedded auth) does not pass either.
    let stranger = Auth::start("");
    let foreign = stranger.new_user("vault-stranger@example.org");
    assert_refused(vault_secret(&app, Some(access(&foreign))));
}

/// Two instances behind one load balancer (same external auth service, same key file) hand out the same
/// secret; an instance with a key of its own does not.
#[test]
fn instances_sharing_a_key_file_agree() {
    let gotrue = Auth::start("");
    let token = access(&gotrue.new_user("vault-shared@example.org")).to_string();
    let dir = tempfile::tempdir().unwrap();
    let key = dir.path().join("shared-vault-key");
    std::fs::write(&key, "a shared key of more than thirty-two characters\n").unwrap();
    let external = format!(
        "[auth]\nexternal_url = \"{}\"\n",
        gotrue.server.url("/auth/v1")
    );
    let shared = |env: Vec<(String, String)>, config: String| {
        Server::start_with(Options {
            config: Some(config),
            env,
            ..Default::default()
        })
    };
    let one = shared(
        vec![],
        format!("{external}[vault]\nsecret_file = \"{}\"\n", key.display()),
    );
    let two = shared(
        vec![("SOLACE_VAULT_SECRET_FILE".into(), key.display().to_string())],
        external.clone(),
    );
    let own = shared(vec![], external.clone());
    assert!(!one.data_dir.join("vault-key").exists(), "no key generated");
    assert!(own.data_dir.join("vault-key").exists());
    let secret = secret_of(&one, &token);
    assert_eq!(secret_of(&two, &token), secret);
    assert_ne!(secret_of(&own, &token), secret);
}

mod jwks_standin {
    //! A hand-made external auth service: an ES256 key pair per "rotation", its JWKS served by the
    //! weather tests' stand-in HTTP server, and tokens signed as GoTrue signs them.
    use base64::Engine;
    use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
    use jsonwebtoken::{Algorithm, EncodingKey, Header};
    use ring::rand::SystemRandom;
    use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair, KeyPair};
    use serde_json::{Value, json};

    pub struct Key {
        pub kid: String,
        pkcs8: Vec<u8>,
        pub jwk: Value,
    }

    impl Key {
        pub fn new(kid: &str) -> Self {
            let doc = EcdsaKeyPair::generate_pkcs8(
                &ECDSA_P256_SHA256_FIXED_SIGNING,
                &SystemRandom::new(),
            )
            .unwrap();
            let pair = EcdsaKeyPair::from_pkcs8(
                &ECDSA_P256_SHA256_FIXED_SIGNING,
                doc.as_ref(),
                &SystemRandom::new(),
            )
            .unwrap();
            let point = pair.public_key().as_ref();
            let jwk = json!({
                "kty": "EC", "crv": "P-256", "alg": "ES256", "use": "sig", "kid": kid,
                "x": B64.encode(&point[1..33]), "y": B64.encode(&point[33..]),
            });
            Self {
                kid: kid.into(),
                pkcs8: doc.as_ref().to_vec(),
                jwk,
            }
        }

        pub fn token(&self, sub: &str, aud: &str, exp_in: i64) -> String {
            let mut header = Header::new(Algorithm::ES256);
            header.kid = Some(self.kid.clone());
            let now = chrono_now();
            let claims = json!({
                "sub": sub, "aud": aud, "exp": now + exp_in, "iat": now,
                "role": "authenticated", "session_id": "s-1",
            });
            jsonwebtoken::encode(&header, &claims, &EncodingKey::from_ec_der(&self.pkcs8)).unwrap()
        }
    }

    fn chrono_now() -> i64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs() as i64
    }
}

use crate::weather_standin as standin;

/// The JWKS path against a stand-in: cached (one fetch for many requests), fetched again when the
/// service signs with a new key, and expired, wrong-audience or unknown-key tokens refused. A symmetric
/// key in the set is skipped, not fatal.
#[test]
fn external_keys_are_cached_and_refetched_when_the_service_rotates() {
    use jwks_standin::Key;

    let first = Key::new("key-1");
    let second = Key::new("key-2");
    let published = serde_json::json!({
        "keys": [{"kty": "oct", "k": "c2VjcmV0", "kid": "hs", "alg": "HS256"}, first.jwk.clone()]
    });
    let serving = |keys: &serde_json::Value| {
        vec![standin::route().answers(standin::Reply::Json(200, keys.clone()))]
    };
    let gotrue = standin::StandIn::start(serving(&published));
    let app = Server::start_with(Options {
        config: Some(format!(
            "[auth]\nexternal_url = \"{}/auth/v1\"\n",
            gotrue.url
        )),
        ..Default::default()
    });
    let jwks_path = "/auth/v1/.well-known/jwks.json";

    let alice = secret_of(&app, &first.token("alice-id", "authenticated", 300));
    assert_eq!(
        secret_of(&app, &first.token("alice-id", "authenticated", 300)),
        alice
    );
    assert_ne!(
        secret_of(&app, &first.token("bob-id", "authenticated", 300)),
        alice
    );
    assert_eq!(gotrue.calls(jwks_path), 1, "the key set is cached");

    assert_refused(vault_secret(
        &app,
        Some(&first.token("alice-id", "authenticated", -5)),
    ));
    assert_refused(vault_secret(
        &app,
        Some(&first.token("alice-id", "someone-else", 300)),
    ));
    assert_refused(vault_secret(
        &app,
        Some(&Key::new("key-1").token("alice-id", "authenticated", 300)),
    ));

    // The service rotates: a token with the new key id makes us fetch the set again.
    gotrue.set_routes(serving(
        &serde_json::json!({"keys": [first.jwk.clone(), second.jwk.clone()]}),
    ));
    assert_eq!(
        secret_of(&app, &second.token("alice-id", "authenticated", 300)),
        alice
    );
    assert_eq!(gotrue.calls(jwks_path), 2);
    // Made-up key ids right after do not each cost a fetch.
    for i in 0..5 {
        let forged = Key::new(&format!("forged-{i}"));
        assert_refused(vault_secret(
            &app,
            Some(&forged.token("alice-id", "authenticated", 300)),
        ));
    }
    assert_eq!(
        gotrue.calls(jwks_path),
        2,
        "unknown key ids are rate limited"
    );
}
