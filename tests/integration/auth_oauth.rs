//! Google sign-in end to end against a local stand-in for Google that speaks OAuth 2.0 / OpenID
//! Connect (authorization endpoint with PKCE, token endpoint, userinfo endpoint).

use crate::auth_support;
use crate::common;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use auth_support::{Auth, PASSWORD, access, claims};
use base64::Engine;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use url::Url;

/// The Google stand-in every suite shares (tests/support/google-stand-in.mjs), run with Node as its own
/// process; stopped when dropped.
struct Google {
    base: String,
    child: Child,
}

impl Google {
    fn start() -> Self {
        let person = json!({
            "sub": "109876543210", "email": "Gina@Example.com", "email_verified": true,
            "name": "Gina G", "picture": "https://example.com/g.png",
        });
        let mut child = Command::new("node")
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/support/google-stand-in.mjs"
            ))
            .args(["--person", &person.to_string()])
            .stdout(Stdio::piped())
            .spawn()
            .expect("start the Google stand-in with node");
        let mut base = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut base)
            .unwrap();
        assert!(base.starts_with("http://"), "Google stand-in: {base:?}");
        Self {
            base: base.trim().to_string(),
            child,
        }
    }

    /// Who signs in with Google next.
    fn set_person(&self, person: Value) {
        let res = common::client()
            .post(format!("{}/__person", self.base))
            .json(&person)
            .send()
            .unwrap();
        assert_eq!(res.status(), 200);
    }

    fn config(&self) -> String {
        // The client id and secret the stand-in expects (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET there).
        format!(
            "[auth.google]\nclient_id = \"e2e-client.apps.example\"\nclient_secret = \"e2e-client-secret\"\n\
             authorize_url = \"{0}/authorize\"\ntoken_url = \"{0}/token\"\nuserinfo_url = \"{0}/userinfo\"\n",
            self.base
        )
    }
}

impl Drop for Google {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn location(res: &reqwest::blocking::Response) -> String {
    res.headers()
        .get("location")
        .unwrap_or_else(|| panic!("no Location on {}", res.status()))
        .to_str()
        .unwrap()
        .to_string()
}

/// The browser's part: /authorize → Google → /callback; returns the final Location and its status.
fn browser_sign_in(a: &Auth, query: &str) -> (u16, Url) {
    let res = a
        .http
        .get(a.url(&format!("/authorize?{query}")))
        .send()
        .unwrap();
    assert_eq!(res.status(), 302);
    let to_google = location(&res);
    let res = a.http.get(&to_google).send().unwrap();
    assert_eq!(res.status(), 302, "Google stand-in refused: {to_google}");
    let callback = location(&res);
    assert!(
        callback.starts_with("http://localhost:8080/auth/v1/callback?"),
        "{callback}"
    );
    // Our redirect_uri is built from site_url; the test talks to the real port instead.
    let callback = callback.replace("http://localhost:8080", &a.server.url(""));
    let res = a.http.get(&callback).send().unwrap();
    (res.status().as_u16(), Url::parse(&location(&res)).unwrap())
}

fn fragment(url: &Url) -> HashMap<String, String> {
    url::form_urlencoded::parse(url.fragment().unwrap_or("").as_bytes())
        .into_owned()
        .collect()
}

#[test]
fn implicit_flow_signs_in_and_returns_tokens_in_the_fragment() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    assert_eq!(a.get("/settings", None).body["external"]["google"], true);

    let (status, back) =
        browser_sign_in(&a, "provider=google&redirect_to=http://localhost:5173/home");
    assert_eq!(status, 302);
    assert_eq!(
        back.as_str().split('#').next().unwrap(),
        "http://localhost:5173/home"
    );
    let f = fragment(&back);
    for key in [
        "access_token",
        "refresh_token",
        "expires_in",
        "expires_at",
        "provider_token",
    ] {
        assert!(f.get(key).is_some_and(|v| !v.is_empty()), "{key} in {f:?}");
    }
    assert_eq!(f["token_type"], "bearer");
    assert!(f["provider_token"].starts_with("ya29."));

    let user = a.user(&f["access_token"]);
    assert_eq!(user.status, 200);
    assert_eq!(user.body["email"], "gina@example.com");
    assert_eq!(user.body["app_metadata"]["provider"], "google");
    assert_eq!(user.body["user_metadata"]["full_name"], "Gina G");
    assert_eq!(user.body["identities"][0]["provider"], "google");
    assert_eq!(user.body["identities"][0]["id"], "109876543210");
    assert_eq!(claims(&f["access_token"])["amr"][0]["method"], "oauth");

    // The refresh token works like any other.
    let r = a.refresh(&f["refresh_token"]);
    assert_eq!(r.status, 200);

    // Signing in again finds the same account.
    let (_, again) = browser_sign_in(&a, "provider=google");
    assert_eq!(
        a.user(&fragment(&again)["access_token"]).body["id"],
        user.body["id"]
    );
    // No allowed redirect_to: back to the site URL.
    assert_eq!(
        again.as_str().split('#').next().unwrap(),
        "http://localhost:8080/"
    );
}

#[test]
fn pkce_flow_returns_a_code_that_the_app_trades_for_a_session() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let verifier = "a-very-long-code-verifier-0123456789-abcdefghijklmnop";
    let challenge = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .encode(Sha256::digest(verifier.as_bytes()));
    let (status, back) = browser_sign_in(
        &a,
        &format!(
            "provider=google&redirect_to=http://localhost:5173/auth?x=1&code_challenge={challenge}&code_challenge_method=s256"
        ),
    );
    assert_eq!(status, 302);
    assert!(back.fragment().is_none(), "no tokens in the URL with PKCE");
    let q: HashMap<String, String> = back.query_pairs().into_owned().collect();
    assert_eq!(q["x"], "1", "the app's own query is kept");
    let code = q["code"].clone();

    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": code, "code_verifier": "wrong-verifier-0123456789-0123456789-abcdefgh"}),
    );
    assert_eq!((r.status, r.code()), (400, "bad_code_verifier"));
    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": code, "code_verifier": verifier}),
    );
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(
        r.body["provider_token"]
            .as_str()
            .unwrap()
            .starts_with("ya29.")
    );
    assert_eq!(r.body["user"]["email"], "gina@example.com");
    assert_eq!(a.user(access(&r.body)).status, 200);

    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": code, "code_verifier": verifier}),
    );
    assert_eq!(
        (r.status, r.code()),
        (404, "flow_state_not_found"),
        "single use"
    );
    let r = a.post(
        "/token?grant_type=pkce",
        json!({"auth_code": "", "code_verifier": ""}),
    );
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
}

#[test]
fn a_verified_google_address_links_to_the_existing_account() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let s = a.new_user("gina@example.com");
    let (_, back) = browser_sign_in(&a, "provider=google");
    let user = a.user(&fragment(&back)["access_token"]).body;
    assert_eq!(user["id"], s["user"]["id"]);
    assert_eq!(
        user["app_metadata"]["providers"],
        json!(["email", "google"])
    );
    assert_eq!(user["identities"].as_array().unwrap().len(), 2);
    assert_eq!(
        a.sign_in("gina@example.com", PASSWORD).status,
        200,
        "password still works"
    );

    // An unverified Google address is not trusted to take over an account.
    google.set_person(json!({"sub": "222", "email": "other@example.com", "email_verified": false}));
    let (_, back) = browser_sign_in(&a, "provider=google");
    let q: HashMap<String, String> = back.query_pairs().into_owned().collect();
    assert_eq!(q["error"], "access_denied");
    assert_eq!(q["error_code"], "provider_email_needs_verification");
    assert!(fragment(&back).contains_key("error_description"));
}

#[test]
fn bad_callbacks_and_strange_redirects_go_back_to_the_site() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let res = a.http.get(a.url("/callback?code=x")).send().unwrap();
    assert_eq!(res.status(), 303);
    let to = Url::parse(&location(&res)).unwrap();
    assert_eq!(to.origin().ascii_serialization(), "http://localhost:8080");
    let q: HashMap<String, String> = to.query_pairs().into_owned().collect();
    assert_eq!(q["error_code"], "bad_oauth_callback");

    let res = a
        .http
        .get(a.url("/callback?code=x&state=forged"))
        .send()
        .unwrap();
    assert_eq!(res.status(), 303);
    assert!(location(&res).contains("error_code=bad_oauth_state"));

    // Google reports that the person said no.
    let res = a
        .http
        .get(a.url("/authorize?provider=google&redirect_to=http://localhost:5173/"))
        .send()
        .unwrap();
    let state = Url::parse(&location(&res))
        .unwrap()
        .query_pairs()
        .find(|(k, _)| k == "state")
        .unwrap()
        .1
        .into_owned();
    let res = a
        .http
        .get(a.url(&format!("/callback?error=access_denied&state={state}")))
        .send()
        .unwrap();
    let to = location(&res);
    assert!(
        to.starts_with("http://localhost:5173/?error=access_denied"),
        "{to}"
    );

    // An address outside the allow-list never receives tokens.
    let (_, back) = browser_sign_in(
        &a,
        "provider=google&redirect_to=https://evil.example.net/steal",
    );
    assert!(
        back.as_str()
            .starts_with("http://localhost:8080/#access_token="),
        "{back}"
    );

    // Bad PKCE input and unknown providers are refused before leaving for Google.
    let r = a.get(
        "/authorize?provider=google&code_challenge=short&code_challenge_method=s256",
        None,
    );
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    let r = a.get("/authorize?provider=github", None);
    assert_eq!((r.status, r.code()), (400, "validation_failed"));
    // Without the API version header (a navigation): the legacy form.
    let res = a
        .http
        .get(a.url("/authorize?provider=github"))
        .send()
        .unwrap();
    let body: Value = res.json().unwrap();
    assert_eq!(body["code"], 400);
    assert_eq!(body["error_code"], "validation_failed");
}

#[test]
fn additional_redirect_urls_are_honoured() {
    let google = Google::start();
    let a = Auth::start(&format!(
        "[auth]\nadditional_redirect_urls = [\"https://*.example.org/**\"]\n{}",
        google.config()
    ));
    let (_, back) = browser_sign_in(
        &a,
        "provider=google&redirect_to=https://app.example.org/a/b",
    );
    assert!(
        back.as_str()
            .starts_with("https://app.example.org/a/b#access_token=")
    );
    let (_, back) = browser_sign_in(&a, "provider=google&redirect_to=https://x.y.example.org/");
    assert!(
        back.as_str().starts_with("http://localhost:8080/#"),
        "{back}"
    );
}

#[test]
fn a_callback_state_is_good_for_one_use_even_when_its_flow_waits_for_the_code_exchange() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    let challenge = "c".repeat(43);
    for query in [
        "provider=google".to_string(),
        format!("provider=google&code_challenge={challenge}&code_challenge_method=plain"),
    ] {
        let res = a
            .http
            .get(a.url(&format!("/authorize?{query}")))
            .send()
            .unwrap();
        let res = a.http.get(location(&res)).send().unwrap();
        let callback = location(&res).replace("http://localhost:8080", &a.server.url(""));
        let first = a.http.get(&callback).send().unwrap();
        assert_eq!(first.status(), 302, "{query}");
        assert!(!location(&first).contains("error"), "{query}");
        let again = a.http.get(&callback).send().unwrap();
        assert_eq!(again.status(), 303, "{query}");
        assert!(
            location(&again).contains("error_code=bad_oauth_state"),
            "{query}"
        );
    }
}

#[test]
fn a_disabled_account_cannot_sign_in_with_google_either() {
    let google = Google::start();
    let a = Auth::start(&google.config());
    a.new_user("gina@example.com");
    let dir = a.server.data_dir.to_str().unwrap().to_string();
    let (status, _, err) = common::run(
        &["--data-dir", &dir, "users", "disable", "gina@example.com"],
        &[],
    );
    assert!(status.success(), "{err}");
    let (_, back) = browser_sign_in(&a, "provider=google");
    let q: HashMap<String, String> = back.query_pairs().into_owned().collect();
    assert_eq!(q["error"], "access_denied");
    assert_eq!(q["error_code"], "user_banned");
    assert!(!fragment(&back).contains_key("access_token"));
}
