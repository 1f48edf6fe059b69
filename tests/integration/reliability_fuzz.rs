//! Hostile input on every endpoint: random methods, bodies, query strings and headers. Whatever arrives,
//! the server never answers 5xx and never panics, and every refusal under /auth/v1 and /api carries that
//! part's documented error JSON (GoTrue's `code`/`error_code`/`msg`; ours `error`/`message`).
//! Case counts are small so the suite stays a few seconds; the 6,000-request run is bench/soak.sh.

use crate::auth_support;
use crate::common;

use auth_support::LIMITS_OFF;
use common::{Options, Server};
use proptest::prelude::*;
use serde_json::Value;

const PATHS: &[&str] = &[
    "/auth/v1/signup",
    "/auth/v1/token",
    "/auth/v1/user",
    "/auth/v1/logout",
    "/auth/v1/authorize",
    "/auth/v1/callback",
    "/auth/v1/settings",
    "/auth/v1/health",
    "/auth/v1/.well-known/jwks.json",
    "/auth/v1/nothing-here",
    "/api/config",
    "/api/weather/current",
    "/api/weather/forecast",
    "/api/vault/secret",
    "/api/nothing-here",
    "/health",
    "/",
    "/journal",
    "/assets/x.js",
];
const METHODS: &[&str] = &["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"];
const CONTENT_TYPES: &[&str] = &[
    "application/json",
    "application/json; charset=utf-8",
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=x",
    "application/octet-stream",
    "",
];
const QUERIES: &[&str] = &[
    "",
    "grant_type=password",
    "grant_type=refresh_token",
    "grant_type=pkce",
    "grant_type=",
    "scope=global",
    "scope=others",
    "provider=google&redirect_to=https://evil.example",
    "city=Paris",
    "city=",
    "code=x&state=y",
];

thread_local! {
    // One server for every case of the test, stopped when the test's thread ends (a `static` would never be
    // dropped, leaving the binary running after the tests).
    static SERVER: Server = Server::start_with(Options {
        // Limits off so every case reaches its handler; the weather proxy off so no case needs the internet.
        config: Some(format!("{LIMITS_OFF}[weather]\nprovider = \"off\"\n")),
        ..Options::default()
    });
}

/// A body: random bytes, or JSON built from the fields the endpoints read, with wrong types mixed in.
fn body() -> impl Strategy<Value = Vec<u8>> {
    let field = prop_oneof![
        Just("email".to_owned()),
        Just("password".to_owned()),
        Just("refresh_token".to_owned()),
        Just("data".to_owned()),
        Just("phone".to_owned()),
        Just("code_verifier".to_owned()),
        Just("auth_code".to_owned()),
        "[a-z_]{1,8}",
    ];
    let value = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        ".{0,40}".prop_map(Value::from),
        "[a-z]{1,10}@[a-z]{1,8}\\.org".prop_map(Value::from),
        Just(serde_json::json!({"a": [1, {"b": null}]})),
    ];
    prop_oneof![
        proptest::collection::vec(any::<u8>(), 0..200),
        proptest::collection::btree_map(field, value, 0..5).prop_map(|m| {
            serde_json::to_vec(&m.into_iter().collect::<serde_json::Map<_, _>>()).unwrap()
        }),
        ".{0,60}".prop_map(String::into_bytes),
    ]
}

fn header() -> impl Strategy<Value = Option<(String, String)>> {
    let name = prop_oneof![
        Just("authorization"),
        Just("apikey"),
        Just("x-supabase-api-version"),
        Just("x-request-id"),
        Just("accept-encoding"),
        Just("if-none-match"),
        Just("cookie"),
        Just("range"),
        Just("x-forwarded-for"),
    ];
    let value = prop_oneof![
        "Bearer [A-Za-z0-9._-]{0,80}",
        "[ -~]{0,60}",
        Just("2024-01-01".to_owned()),
        Just("br, gzip;q=0, *".to_owned()),
    ];
    proptest::option::of((name, value).prop_map(|(n, v)| (n.to_owned(), v)))
}

fn check(
    s: &Server,
    method: &str,
    path: &str,
    query: &str,
    ctype: &str,
    extra: Option<(String, String)>,
    body: Vec<u8>,
) {
    let url = if query.is_empty() {
        s.url(path)
    } else {
        s.url(&format!("{path}?{query}"))
    };
    let mut req = common::client().request(method.parse().unwrap(), url);
    if !ctype.is_empty() {
        req = req.header("content-type", ctype);
    }
    if let Some((name, value)) = &extra {
        req = req.header(name.as_str(), value.as_str());
    }
    let res = req.body(body).send().expect("the server answers");
    let status = res.status().as_u16();
    let text = res.text().unwrap_or_default();
    let case = format!("{method} {path}?{query} [{ctype}] {extra:?} -> {status} {text}");
    // The one 5xx by design: the weather proxy answers 503 `weather_off` when an operator turned it off.
    let weather_off = status == 503 && text.contains("\"weather_off\"");
    assert!(status < 500 || weather_off, "server error: {case}");
    if status < 400 || method == "HEAD" {
        return;
    }
    let is = |prefix: &str| path.starts_with(prefix);
    if is("/auth/v1") {
        let json: Value =
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {case}"));
        // The 2024 form (x-supabase-api-version) repeats the code as text; the older one gives the status.
        assert!(json["error_code"].is_string(), "{case}");
        assert!(
            json["code"].is_number() || json["code"] == json["error_code"],
            "{case}"
        );
        assert!(
            json["msg"].is_string() || json["message"].is_string(),
            "{case}"
        );
    } else if is("/api") || is("/health") {
        let json: Value =
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON: {case}"));
        assert!(
            json["error"].is_string() && json["message"].is_string(),
            "{case}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_input_gets_a_server_error(
        method in proptest::sample::select(METHODS),
        path in proptest::sample::select(PATHS),
        query in prop_oneof![proptest::sample::select(QUERIES).prop_map(str::to_owned), "[ -~&&[^#]]{0,40}"],
        ctype in proptest::sample::select(CONTENT_TYPES),
        extra in header(),
        body in body(),
    ) {
        SERVER.with(|s| check(s, method, path, &query, ctype, extra, body));
    }
}
