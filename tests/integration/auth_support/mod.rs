//! Helpers for the auth integration tests: a running server plus small JSON request helpers that
//! send what auth-js sends (`X-Supabase-Api-Version: 2024-01-01`, JSON content type).
#![allow(dead_code)]

use reqwest::blocking::{Client, RequestBuilder, Response};
use reqwest::header::HeaderMap;
use serde_json::{Value, json};

use crate::common::{Options, Server, client};

pub mod operator;
pub mod totp;

/// The `site_url` the test servers run with (the default).
pub const SITE: &str = "http://localhost:8080";

pub const PASSWORD: &str = "Str0ng!pass";
/// Config that lifts the rate limits (tests sign up a lot).
pub const LIMITS_OFF: &str = "[auth.rate_limit]\ntoken_per_ip = 0\ntoken_per_email = 0\nsignup_per_ip = 0\nsignup_per_email = 0\n";
pub const API_VERSION: &str = "2024-01-01";

pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Reply {
    fn from(res: Response) -> Self {
        let status = res.status().as_u16();
        let headers = res.headers().clone();
        let text = res.text().unwrap();
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"))
        };
        Self {
            status,
            headers,
            body,
        }
    }

    /// The GoTrue error code of a 2024-form error body.
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or("")
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
}

pub struct Auth {
    pub server: Server,
    pub http: Client,
}

impl Auth {
    /// Starts a server with `extra` appended to a config that lifts the rate limits (tests sign up a lot).
    pub fn start(extra: &str) -> Self {
        Self::start_raw(&format!("{LIMITS_OFF}{extra}"))
    }

    pub fn start_raw(config: &str) -> Self {
        Self::from_server(Server::start_with(Options {
            config: Some(config.to_string()),
            ..Default::default()
        }))
    }

    pub fn from_server(server: Server) -> Self {
        Self {
            server,
            http: client(),
        }
    }

    pub fn url(&self, path: &str) -> String {
        self.server.url(&format!("/auth/v1{path}"))
    }

    pub fn req(&self, method: reqwest::Method, path: &str) -> RequestBuilder {
        self.http
            .request(method, self.url(path))
            .header("X-Supabase-Api-Version", API_VERSION)
    }

    pub fn send(&self, rb: RequestBuilder) -> Reply {
        Reply::from(rb.send().unwrap())
    }

    pub fn post(&self, path: &str, body: Value) -> Reply {
        self.send(self.req(reqwest::Method::POST, path).json(&body))
    }

    pub fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let mut rb = self.req(reqwest::Method::GET, path);
        if let Some(t) = token {
            rb = rb.bearer_auth(t);
        }
        self.send(rb)
    }

    pub fn signup(&self, email: &str, password: &str, data: Value) -> Reply {
        self.post(
            "/signup",
            json!({"email": email, "password": password, "data": data}),
        )
    }

    /// Signs up, then signs in as the app does (a sign-up answers without a session), and returns the
    /// session, asserting success. Where sign-ups wait for an e-mail's link (`[email]` set up:
    /// `mailer_autoconfirm` false), the operator makes the account instead, so that no sign-up e-mail
    /// reaches a test that reads the alerts the SMTP stand-in takes.
    pub fn new_user(&self, email: &str) -> Value {
        if self.get("/settings", None).body["mailer_autoconfirm"] == json!(false) {
            let key = operator::service_key(self);
            let r = self.send(
                self.req(reqwest::Method::POST, "/admin/users")
                    .bearer_auth(key)
                    .json(&json!({"email": email, "password": PASSWORD, "email_confirm": true})),
            );
            assert_eq!(r.status, 200, "{}", r.body);
            let r = self.sign_in(email, PASSWORD);
            assert_eq!(r.status, 200, "{}", r.body);
            return r.body;
        }
        let r = self.signup(email, PASSWORD, json!({}));
        assert_eq!(r.status, 200, "{}", r.body);
        let r = self.sign_in(email, PASSWORD);
        assert_eq!(r.status, 200, "{}", r.body);
        r.body
    }

    /// POSTs to a server that may die mid-request (a crash test): the JSON of a 200 answer that arrived
    /// within 10 seconds, or `None` (logged) for anything else.
    pub fn post_if_answered(&self, path: &str, body: Value) -> Option<Value> {
        let res = self
            .req(reqwest::Method::POST, path)
            .timeout(std::time::Duration::from_secs(10))
            .json(&body)
            .send()
            .ok()?;
        if res.status() != 200 {
            eprintln!(
                "{path}: {} {}",
                res.status(),
                res.text().unwrap_or_default()
            );
            return None;
        }
        res.json().ok()
    }

    pub fn sign_in(&self, email: &str, password: &str) -> Reply {
        self.post(
            "/token?grant_type=password",
            json!({"email": email, "password": password}),
        )
    }

    pub fn refresh(&self, token: &str) -> Reply {
        self.post(
            "/token?grant_type=refresh_token",
            json!({"refresh_token": token}),
        )
    }

    /// The status `GET /api/vault/secret` answers this token with (200 when her records may open).
    pub fn vault_secret_status(&self, token: &str) -> u16 {
        self.http
            .get(self.server.url("/api/vault/secret"))
            .bearer_auth(token)
            .send()
            .unwrap()
            .status()
            .as_u16()
    }

    pub fn user(&self, token: &str) -> Reply {
        self.get("/user", Some(token))
    }

    pub fn logout(&self, token: &str, scope: &str) -> Reply {
        self.send(
            self.req(reqwest::Method::POST, &format!("/logout?scope={scope}"))
                .bearer_auth(token)
                .header("content-type", "application/json;charset=UTF-8"),
        )
    }
}

/// `METHOD /api{path}` with `token` as the Bearer and an optional JSON body: the status and the JSON answer
/// (null when there is none).
pub fn api(
    a: &Auth,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (u16, Value) {
    let r = api_response(a, method, path, token, body);
    let status = r.status().as_u16();
    (status, r.json().unwrap_or(Value::Null))
}

/// As `api`, the whole response, for its headers.
pub fn api_response(
    a: &Auth,
    method: reqwest::Method,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> Response {
    let mut rb = a
        .http
        .request(method, a.server.url(&format!("/api{path}")))
        .bearer_auth(token);
    if let Some(b) = body {
        rb = rb.json(&b);
    }
    rb.send().unwrap()
}

pub fn access(session: &Value) -> &str {
    session["access_token"].as_str().unwrap()
}

pub fn refresh_token(session: &Value) -> &str {
    session["refresh_token"].as_str().unwrap()
}

/// The claims of a JWT, without checking it (tests check signatures separately).
pub fn claims(jwt: &str) -> Value {
    use base64::Engine;
    let part = jwt.split('.').nth(1).unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(part)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}

pub fn header(jwt: &str) -> Value {
    use base64::Engine;
    let part = jwt.split('.').next().unwrap();
    let bytes = base64::engine::general_purpose::URL_SAFE_NO_PAD
        .decode(part)
        .unwrap();
    serde_json::from_slice(&bytes).unwrap()
}
