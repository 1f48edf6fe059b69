//! Forged access tokens against every route that takes one: alg none, HS256 keyed with the public key,
//! tampered claims, and tokens properly signed with the server's own key but expired, for another audience
//! or issuer, or naming an unknown key. Each is refused with JSON; the unaltered re-signed token (the
//! control) is accepted, so the refusals are about the attack and not about how the test signs.

use crate::auth_support;
use crate::common;

use auth_support::{Auth, access};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use common::Server;
use jsonwebtoken::{Algorithm, EncodingKey, Header};
use serde_json::{Value, json};

const ROUTES: [&str; 2] = ["/auth/v1/user", "/api/vault/secret"];

fn part(token: &str, i: usize) -> Value {
    serde_json::from_slice(&B64.decode(token.split('.').nth(i).unwrap()).unwrap()).unwrap()
}

fn enc(v: &Value) -> String {
    B64.encode(serde_json::to_vec(v).unwrap())
}

fn status(s: &Server, route: &str, token: &str) -> u16 {
    let res = common::client()
        .get(s.url(route))
        .bearer_auth(token)
        .send()
        .unwrap();
    let status = res.status().as_u16();
    let text = res.text().unwrap();
    assert!(
        serde_json::from_str::<Value>(&text).is_ok(),
        "{route}: {status} is not JSON: {text}"
    );
    status
}

fn hs256(header: &Value, claims: &Value, key: &[u8]) -> String {
    let signing_input = format!("{}.{}", enc(header), enc(claims));
    let tag = ring::hmac::sign(
        &ring::hmac::Key::new(ring::hmac::HMAC_SHA256, key),
        signing_input.as_bytes(),
    );
    format!("{signing_input}.{}", B64.encode(tag.as_ref()))
}

#[test]
fn forged_tokens_are_refused() {
    let a = Auth::from_server(Server::start());
    let s = &a.server;
    let real = access(&a.new_user("jwt@example.org")).to_owned();
    let header = part(&real, 0);
    let claims = part(&real, 1);
    let kid = header["kid"].as_str().unwrap().to_owned();
    let pkcs8 = std::fs::read(s.data_dir.join("jwt-signing-key.p256.pk8")).unwrap();
    let our_key = EncodingKey::from_ec_der(&pkcs8);
    let resign = |claims: &Value, kid: &str| {
        let mut h = Header::new(Algorithm::ES256);
        h.kid = Some(kid.to_owned());
        jsonwebtoken::encode(&h, claims, &our_key).unwrap()
    };
    let with = |key: &str, value: Value| {
        let mut c = claims.clone();
        c[key] = value;
        c
    };
    for route in ROUTES {
        assert_eq!(
            status(s, route, &resign(&claims, &kid)),
            200,
            "control: {route}"
        );
    }

    let jwks: Value = common::client()
        .get(s.url("/auth/v1/.well-known/jwks.json"))
        .send()
        .unwrap()
        .json()
        .unwrap();
    let jwk = &jwks["keys"][0];
    let point = [
        vec![4u8],
        B64.decode(jwk["x"].as_str().unwrap()).unwrap(),
        B64.decode(jwk["y"].as_str().unwrap()).unwrap(),
    ]
    .concat();
    let now = chrono::Utc::now().timestamp();
    let (sig_input, signature) = real.rsplit_once('.').unwrap();
    let (head_part, _) = sig_input.split_once('.').unwrap();

    let mut forged: Vec<(&str, String)> = vec![
        (
            "alg none",
            format!(
                "{}.{}.",
                enc(&json!({"alg": "none", "typ": "JWT"})),
                enc(&claims)
            ),
        ),
        (
            "alg none with our kid",
            format!(
                "{}.{}.",
                enc(&json!({"alg": "none", "typ": "JWT", "kid": kid})),
                enc(&claims)
            ),
        ),
        (
            "tampered role",
            format!(
                "{head_part}.{}.{signature}",
                enc(&with("role", json!("service_role")))
            ),
        ),
        (
            "tampered sub",
            format!(
                "{head_part}.{}.{signature}",
                enc(&with("sub", json!("00000000-0000-0000-0000-000000000000")))
            ),
        ),
        ("signature cut short", real[..real.len() - 6].to_owned()),
        ("expired", resign(&with("exp", json!(now - 5)), &kid)),
        (
            "no expiry",
            resign(
                &{
                    let mut c = claims.clone();
                    c.as_object_mut().unwrap().remove("exp");
                    c
                },
                &kid,
            ),
        ),
        (
            "other audience",
            resign(&with("aud", json!("someone-else")), &kid),
        ),
        (
            "other issuer",
            resign(
                &with("iss", json!("https://elsewhere.example/auth/v1")),
                &kid,
            ),
        ),
        ("unknown kid", resign(&claims, "not-our-key")),
        ("garbage", "not.a.token".to_owned()),
    ];
    let hs_header = json!({"alg": "HS256", "typ": "JWT", "kid": kid});
    for (name, key) in [
        ("HS256 keyed with the public point", point.clone()),
        ("HS256 keyed with the JWK", serde_json::to_vec(jwk).unwrap()),
        (
            "HS256 keyed with x",
            jwk["x"].as_str().unwrap().as_bytes().to_vec(),
        ),
    ] {
        forged.push((name, hs256(&hs_header, &claims, &key)));
    }

    for (name, token) in &forged {
        for route in ROUTES {
            let got = status(s, route, token);
            assert!(got == 401 || got == 403, "{name} on {route}: {got}");
        }
    }
}
