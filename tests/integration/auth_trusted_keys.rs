//! A Supabase project's keys (`auth.jwt_secret`, `auth.jwt_keys`): tokens made by its tooling work on
//! the admin API and on `GET /user`, a wrong secret and HS256 without a configured secret are refused,
//! and bad keys stop `validate-config` with exit 2 naming the key.

use crate::auth_support;
use crate::common;

use auth_support::{Auth, LIMITS_OFF, PASSWORD, access, claims, header};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use ring::rand::SystemRandom;
use ring::signature::{ECDSA_P256_SHA256_FIXED_SIGNING, EcdsaKeyPair};
use serde_json::{Value, json};

const SECRET: &str = "super-secret-jwt-token-with-at-least-32-characters-long";

/// A service-role key as Supabase tooling writes it: HS256 with the project's secret, issuer "supabase".
fn service_role_key(secret: &str) -> String {
    let now = chrono::Utc::now().timestamp();
    let claims = json!({"iss": "supabase", "ref": "localproject", "role": "service_role",
        "iat": now, "exp": now + 3600});
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(secret.as_bytes()),
    )
    .unwrap()
}

/// A P-256 key as a private JWK (as GOTRUE_JWT_KEYS holds it) plus its PKCS#8 form for signing here.
fn ec_jwk(kid: &str, ops: &[&str]) -> (Value, Vec<u8>) {
    let doc = EcdsaKeyPair::generate_pkcs8(&ECDSA_P256_SHA256_FIXED_SIGNING, &SystemRandom::new())
        .unwrap();
    let der = doc.as_ref().to_vec();
    // ring's PKCS#8 layout: the private scalar at 36..68, the public point (0x04 || x || y) after it.
    let (d, point) = (&der[36..68], &der[der.len() - 65..]);
    let jwk = json!({"kty": "EC", "crv": "P-256", "kid": kid, "alg": "ES256", "key_ops": ops,
        "d": B64.encode(d), "x": B64.encode(&point[1..33]), "y": B64.encode(&point[33..])});
    (jwk, der)
}

fn toml_str(v: &str) -> String {
    serde_json::to_string(v).unwrap()
}

fn list_users(a: &Auth, token: &str) -> u16 {
    a.get("/admin/users", Some(token)).status
}

#[test]
fn a_service_role_key_made_with_the_project_secret_works_on_the_admin_api() {
    let a = Auth::start_raw(&format!(
        "{LIMITS_OFF}[auth]\njwt_secret = {}\n",
        toml_str(SECRET)
    ));
    a.new_user("listed@example.org");
    let reply = a.get("/admin/users", Some(&service_role_key(SECRET)));
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.body["users"][0]["email"], "listed@example.org");
    let wrong = service_role_key("another-secret-of-at-least-32-characters!!");
    assert_eq!(
        list_users(&a, &wrong),
        403,
        "a key made with a wrong secret"
    );
    // GoTrue's rule: with only a secret configured, it signs new tokens (so they also work elsewhere).
    let token = access(&a.new_user("signer@example.org")).to_string();
    assert_eq!(header(&token)["alg"], "HS256");
    assert_eq!(a.user(&token).status, 200);
    let jwks = a.get("/.well-known/jwks.json", None).body;
    assert!(
        !jwks.to_string().contains(SECRET),
        "the secret is never published"
    );
    assert!(
        jwks["keys"]
            .as_array()
            .unwrap()
            .iter()
            .all(|k| k["kty"] != "oct")
    );
    assert!(
        !a.server.logs().contains(SECRET),
        "the secret is never logged"
    );
}

#[test]
fn hs256_is_refused_when_no_secret_is_configured() {
    let a = Auth::start("");
    assert_eq!(list_users(&a, &service_role_key(SECRET)), 403);
    let session = a.new_user("plain@example.org");
    let mut c = claims(access(&session));
    c["exp"] = json!(chrono::Utc::now().timestamp() + 60);
    let forged = jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &c,
        &EncodingKey::from_secret(SECRET.as_bytes()),
    )
    .unwrap();
    assert_eq!(a.user(&forged).status, 403);
}

#[test]
fn a_user_token_signed_by_a_trusted_jwk_works_on_get_user() {
    let (jwk, der) = ec_jwk("project-key-1", &["verify"]);
    let keys = serde_json::to_string(&json!([jwk])).unwrap();
    let a = Auth::start_raw(&format!(
        "{LIMITS_OFF}[auth]\njwt_secret = {}\njwt_keys = {}\n",
        toml_str(SECRET),
        toml_str(&keys)
    ));
    let session = a.new_user("moved@example.org");
    // The same claims, as the project's GoTrue would have signed them (its own issuer).
    let mut c = claims(access(&session));
    c["iss"] = json!("https://project.example.org/auth/v1");
    let mut h = Header::new(Algorithm::ES256);
    h.kid = Some("project-key-1".into());
    let token = jsonwebtoken::encode(&h, &c, &EncodingKey::from_ec_der(&der)).unwrap();
    let reply = a.user(&token);
    assert_eq!(reply.status, 200, "{}", reply.body);
    assert_eq!(reply.body["email"], "moved@example.org");
    // Unknown kid, and a tampered payload, are refused.
    h.kid = Some("someone-else".into());
    let unknown = jsonwebtoken::encode(&h, &c, &EncodingKey::from_ec_der(&der)).unwrap();
    assert_eq!(a.user(&unknown).status, 403);
    let mut parts: Vec<String> = token.split('.').map(str::to_string).collect();
    c["sub"] = json!("00000000-0000-0000-0000-000000000000");
    parts[1] = B64.encode(serde_json::to_vec(&c).unwrap());
    assert_eq!(a.user(&parts.join(".")).status, 403);
    // Its public part is published, its private part never.
    let jwks = a.get("/.well-known/jwks.json", None).body;
    let published: Vec<&Value> = jwks["keys"].as_array().unwrap().iter().collect();
    assert!(published.iter().any(|k| k["kid"] == "project-key-1"));
    assert!(published.iter().all(|k| k.get("d").is_none()));
}

#[test]
fn a_jwk_with_sign_in_key_ops_signs_new_tokens() {
    let (jwk, _) = ec_jwk("signing-key", &["sign", "verify"]);
    let keys = serde_json::to_string(&json!([jwk])).unwrap();
    let a = Auth::start_raw(&format!(
        "{LIMITS_OFF}[auth]\njwt_secret = {}\njwt_keys = {}\n",
        toml_str(SECRET),
        toml_str(&keys)
    ));
    let session = a.new_user("signed@example.org");
    let token = access(&session);
    assert_eq!(header(token)["kid"], "signing-key");
    assert_eq!(header(token)["alg"], "ES256");
    assert_eq!(a.user(token).status, 200);
    let again = a.sign_in("signed@example.org", PASSWORD);
    assert_eq!(again.status, 200);
}

#[test]
fn the_keys_can_come_from_files() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("jwt-secret");
    std::fs::write(&file, format!("{SECRET}\n")).unwrap();
    let a = Auth::start_raw(&format!(
        "{LIMITS_OFF}[auth]\njwt_secret_file = {}\n",
        toml_str(file.to_str().unwrap())
    ));
    assert_eq!(list_users(&a, &service_role_key(SECRET)), 200);
}

fn validate(toml: &str) -> (Option<i32>, String) {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solace.toml");
    std::fs::write(&file, toml).unwrap();
    let (status, _, stderr) = common::run(
        &["validate-config", "--config", file.to_str().unwrap()],
        &[],
    );
    (status.code(), stderr)
}

#[test]
fn a_short_secret_or_a_malformed_key_list_is_refused_by_validate_config() {
    let (code, err) = validate("[auth]\njwt_secret = \"only-twenty-chars-xx\"\n");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("auth.jwt_secret"), "{err}");
    assert!(
        !err.contains("only-twenty-chars-xx"),
        "the secret is not echoed: {err}"
    );
    for bad in [
        "not json",
        r#"[{"kty":"EC","crv":"P-256","kid":"k"}]"#,
        r#"[{"kty":"EC","crv":"P-256","x":"AA","y":"AA","d":"AA"}]"#,
    ] {
        let (code, err) = validate(&format!("[auth]\njwt_keys = {}\n", toml_str(bad)));
        assert_eq!(code, Some(2), "{bad}: {err}");
        assert!(err.contains("auth.jwt_keys"), "{bad}: {err}");
    }
    let (jwk, _) = ec_jwk("fine", &["sign"]);
    let good = serde_json::to_string(&json!([jwk])).unwrap();
    let (code, err) = validate(&format!(
        "[auth]\njwt_secret = {}\njwt_keys = {}\n",
        toml_str(SECRET),
        toml_str(&good)
    ));
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn admin_tokens_without_exp_pass_only_with_the_operators_keys() {
    let a = Auth::start(&format!("[auth]\njwt_secret = {}\n", toml_str(SECRET)));
    let forever = |key: &EncodingKey, alg: Algorithm, kid: Option<String>| {
        let mut h = Header::new(alg);
        h.kid = kid;
        jsonwebtoken::encode(
            &h,
            &json!({"role": "supabase_admin", "sub": "1234567890"}),
            key,
        )
        .unwrap()
    };
    // supabase-py's admin tests: HS256 with the project's secret, no exp, role supabase_admin.
    let theirs = forever(
        &EncodingKey::from_secret(SECRET.as_bytes()),
        Algorithm::HS256,
        None,
    );
    assert_eq!(list_users(&a, &theirs), 200);

    // The same with the server's own key (read from its data directory, as a thief of the file
    // would): refused, since a token of ours must end.
    let pkcs8 = std::fs::read(a.server.data_dir.join("jwt-signing-key.p256.pk8")).unwrap();
    let kid = a.get("/.well-known/jwks.json", None).body["keys"][0]["kid"]
        .as_str()
        .map(str::to_string);
    let ours = forever(&EncodingKey::from_ec_der(&pkcs8), Algorithm::ES256, kid);
    let r = a.get("/admin/users", Some(&ours));
    assert_eq!((r.status, r.code()), (403, "bad_jwt"), "{}", r.body);
}
