//! The embedded web app as a browser and a cache see it: fallback routing, compression choice,
//! validators and cache lifetimes.

use crate::common;

use common::{Options, Server, client};
use reqwest::StatusCode;
use reqwest::header::{
    ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, HeaderMap, IF_NONE_MATCH,
    VARY,
};

/// The largest JavaScript file Vite produced: the one worth compressing.
fn largest_js() -> (String, Vec<u8>) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/dist/assets");
    let best = std::fs::read_dir(&dir)
        .expect("ui/dist/assets exists (the UI is built before the tests)")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "js"))
        .max_by_key(|p| std::fs::metadata(p).unwrap().len())
        .expect("a JS asset");
    let name = best.file_name().unwrap().to_string_lossy().to_string();
    (format!("/assets/{name}"), std::fs::read(best).unwrap())
}

fn header(h: &HeaderMap, name: impl reqwest::header::AsHeaderName) -> &str {
    h.get(name).map(|v| v.to_str().unwrap()).unwrap_or("")
}

#[test]
fn client_routes_get_the_app_and_unknown_api_paths_get_json_404() {
    let s = Server::start();
    let c = client();
    let index = c.get(s.url("/")).send().unwrap();
    assert_eq!(index.status(), StatusCode::OK);
    let index_body = index.text().unwrap();
    assert!(index_body.contains("<div id=\"root\">"), "{index_body}");

    for route in ["/journal", "/safety-plan", "/no/such/page"] {
        let res = c.get(s.url(route)).send().unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{route}");
        assert!(
            header(res.headers(), CONTENT_TYPE).starts_with("text/html"),
            "{route}"
        );
        assert_eq!(res.text().unwrap(), index_body, "{route} serves index.html");
    }

    let missing_file = c.get(s.url("/assets/missing-abc123.js")).send().unwrap();
    assert_eq!(missing_file.status(), StatusCode::NOT_FOUND);

    for path in ["/api/nope", "/api", "/auth/v1/nope"] {
        let res = c.get(s.url(path)).send().unwrap();
        assert_eq!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(
            header(res.headers(), CONTENT_TYPE).starts_with("application/json"),
            "{path}"
        );
        let body: serde_json::Value = res.json().unwrap();
        assert!(body.is_object(), "{path}: {body}");
    }
}

#[test]
fn compressed_variant_follows_accept_encoding() {
    let s = Server::start();
    let c = client();
    let (path, original) = largest_js();

    let br = c
        .get(s.url(&path))
        .header(ACCEPT_ENCODING, "gzip, deflate, br")
        .send()
        .unwrap();
    assert_eq!(header(br.headers(), CONTENT_ENCODING), "br");
    assert_eq!(header(br.headers(), VARY), "Accept-Encoding");
    let mut decoded = Vec::new();
    brotli_decompress(&br.bytes().unwrap(), &mut decoded);
    assert_eq!(decoded, original, "brotli body decodes to the file");

    let gz = c
        .get(s.url(&path))
        .header(ACCEPT_ENCODING, "gzip")
        .send()
        .unwrap();
    assert_eq!(header(gz.headers(), CONTENT_ENCODING), "gzip");
    let mut decoded = Vec::new();
    std::io::Read::read_to_end(
        &mut flate2::read::GzDecoder::new(&gz.bytes().unwrap()[..]),
        &mut decoded,
    )
    .unwrap();
    assert_eq!(decoded, original);

    let plain = c
        .get(s.url(&path))
        .header(ACCEPT_ENCODING, "br;q=0, gzip;q=0")
        .send()
        .unwrap();
    assert_eq!(header(plain.headers(), CONTENT_ENCODING), "");
    assert_eq!(plain.bytes().unwrap().as_ref(), &original[..]);
}

fn brotli_decompress(input: &[u8], out: &mut Vec<u8>) {
    brotli::BrotliDecompress(&mut &input[..], out).unwrap();
}

#[test]
fn etag_revalidation_and_cache_lifetimes() {
    let s = Server::start();
    let c = client();
    let (path, _) = largest_js();

    let first = c
        .get(s.url(&path))
        .header(ACCEPT_ENCODING, "br")
        .send()
        .unwrap();
    let etag = header(first.headers(), ETAG).to_string();
    assert!(
        etag.starts_with('"') && etag.len() > 10,
        "strong ETag: {etag}"
    );
    assert_eq!(
        header(first.headers(), CACHE_CONTROL),
        "public, max-age=31536000, immutable"
    );

    let again = c
        .get(s.url(&path))
        .header(ACCEPT_ENCODING, "br")
        .header(IF_NONE_MATCH, &etag)
        .send()
        .unwrap();
    assert_eq!(again.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(header(again.headers(), ETAG), etag);
    assert!(again.bytes().unwrap().is_empty());

    // Each representation has its own tag: the brotli tag does not validate the gzip body.
    let other = c
        .get(s.url(&path))
        .header(ACCEPT_ENCODING, "gzip")
        .header(IF_NONE_MATCH, &etag)
        .send()
        .unwrap();
    assert_eq!(other.status(), StatusCode::OK);
    assert_ne!(header(other.headers(), ETAG), etag);

    let index = c.get(s.url("/")).send().unwrap();
    assert_eq!(header(index.headers(), CACHE_CONTROL), "no-cache");
    assert!(!header(index.headers(), ETAG).is_empty());
}

#[test]
fn head_answers_headers_without_a_body() {
    let s = Server::start();
    let c = client();
    let (path, _) = largest_js();
    let get = c.get(s.url(&path)).send().unwrap();
    let head = c.head(s.url(&path)).send().unwrap();
    assert_eq!(head.status(), StatusCode::OK);
    assert_eq!(header(head.headers(), ETAG), header(get.headers(), ETAG));
    assert_eq!(
        header(head.headers(), "content-length"),
        header(get.headers(), "content-length")
    );
    assert!(head.bytes().unwrap().is_empty());
    let post = c.post(s.url("/journal")).send().unwrap();
    assert_eq!(post.status(), StatusCode::METHOD_NOT_ALLOWED);
}

#[test]
fn security_headers_on_pages_and_api_answers() {
    let s = Server::start();
    let c = client();
    for path in [
        "/",
        "/journal",
        "/api/config",
        "/api/nope",
        "/health",
        "/auth/v1/nope",
    ] {
        let res = c.get(s.url(path)).send().unwrap();
        let h = res.headers();
        let csp = header(h, "content-security-policy");
        assert!(csp.contains("default-src 'self'"), "{path}: {csp}");
        assert!(
            csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
            "{path}: {csp}"
        );
        assert!(csp.contains("frame-ancestors 'none'"), "{path}");
        assert_eq!(header(h, "referrer-policy"), "no-referrer", "{path}");
        assert_eq!(header(h, "x-content-type-options"), "nosniff", "{path}");
        assert!(
            header(h, "permissions-policy").contains("microphone=(self)"),
            "{path}"
        );
        assert!(!header(h, "x-request-id").is_empty(), "{path}");
        if path != "/" && path != "/journal" {
            assert_eq!(header(h, CACHE_CONTROL), "no-store", "{path}");
        }
    }
}

#[test]
fn health_reports_the_database() {
    let s = Server::start();
    let c = client();
    let ok = c.get(s.url("/health")).send().unwrap();
    assert_eq!(ok.status(), StatusCode::OK);
    let body: serde_json::Value = ok.json().unwrap();
    assert_eq!(body["status"], "ok");

    // The database file disappears (a failed disk, a careless clean-up): health must say so.
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(s.data_dir.join(format!("solace.db{suffix}")));
    }
    let down = c.get(s.url("/health")).send().unwrap();
    assert_eq!(down.status(), StatusCode::SERVICE_UNAVAILABLE);
    let body: serde_json::Value = down.json().unwrap();
    assert_eq!(body["status"], "unavailable");
}

#[test]
fn public_config_carries_no_secret() {
    let s = Server::start_with(common::Options {
        config: Some(
            "[site]\nproduct_name = \"Haven\"\ncontact_email = \"ideas@example.org\"\n".into(),
        ),
        args: vec![
            "--weather-api-key".into(),
            "owm-key-should-stay-here".into(),
        ],
        ..Default::default()
    });
    let res = client().get(s.url("/api/config")).send().unwrap();
    let text = res.text().unwrap();
    assert!(!text.contains("owm-key-should-stay-here"));
    let body: serde_json::Value = serde_json::from_str(&text).unwrap();
    // A neutral title keeps the name out of what the device stores (site_names.rs).
    assert!(body.get("product_name").is_none(), "{text}");
    assert_eq!(body["page_title"], "Welcome");
    assert_eq!(body["contact_email"], "ideas@example.org");
    assert_eq!(body["weather"]["provider"], "openweathermap");
    assert!(body["auth"]["url"].is_null());
    assert!(!s.logs().contains("owm-key-should-stay-here"));
}

/// `/weather` and `/notes` carry the disguise's title and icon from the first byte, so the product name never
/// shows in the tab or the history while the page loads; the other routes carry the neutral page title
/// (`site.page_title`), never the product name, unless the browser is disguised.
#[test]
fn disguise_paths_get_their_own_title_and_icon_and_never_the_product_name() {
    let s = Server::start_with(Options {
        config: Some("[site]\nproduct_name = \"Harbour Light\"\n".into()),
        ..Options::default()
    });
    let c = client();

    for path in ["/", "/journal", "/index.html"] {
        let index = c.get(s.url(path)).send().unwrap().text().unwrap();
        assert!(index.contains("<title>Welcome</title>"), "{path}: {index}");
        assert!(!index.contains("Harbour"), "{path}: {index}");
    }

    for (path, title, icon) in [
        ("/weather", "Weather Forecast", "/icons/weather-192.png"),
        ("/notes", "Quick Notes", "/icons/notes-192.png"),
        ("/notes/", "Quick Notes", "/icons/notes-192.png"),
    ] {
        for encoding in ["identity", "gzip", "br"] {
            let res = c
                .get(s.url(path))
                .header(ACCEPT_ENCODING, encoding)
                .send()
                .unwrap();
            assert_eq!(res.status(), StatusCode::OK, "{path}");
            assert_eq!(header(res.headers(), CACHE_CONTROL), "no-cache", "{path}");
            let etag = header(res.headers(), ETAG).to_string();
            let served = header(res.headers(), CONTENT_ENCODING).to_string();
            let body = decode(&served, &res.bytes().unwrap());
            assert!(
                body.contains(&format!("<title>{title}</title>")),
                "{path} {encoding}: {body}"
            );
            assert!(
                body.contains(&format!(r#"href="{icon}""#)),
                "{path} {encoding}: {body}"
            );
            assert!(!body.contains("Harbour"), "{path} {encoding}: {body}");
            assert!(body.contains("<div id=\"root\">"), "{path}: still the app");

            let again = c
                .get(s.url(path))
                .header(ACCEPT_ENCODING, encoding)
                .header(IF_NONE_MATCH, &etag)
                .send()
                .unwrap();
            assert_eq!(
                again.status(),
                StatusCode::NOT_MODIFIED,
                "{path} {encoding}"
            );
        }
        let icon = c.get(s.url(icon)).send().unwrap();
        assert_eq!(icon.status(), StatusCode::OK, "{icon:?}");
        assert_eq!(header(icon.headers(), CONTENT_TYPE), "image/png");
    }

    // A disguised browser (the app's `view-mode` cookie) gets the disguise for every page of the app, so no
    // address shows even the neutral title while loading; a disguise path keeps its own; files are untouched.
    for (path, title) in [
        ("/", "Quick Notes"),
        ("/journal", "Quick Notes"),
        ("/auth", "Quick Notes"),
        ("/weather", "Weather Forecast"),
    ] {
        let res = c
            .get(s.url(path))
            .header("Cookie", "theme=dark; view-mode=notes")
            .send()
            .unwrap();
        assert!(header(res.headers(), VARY).contains("Cookie"), "{path}");
        let body = res.text().unwrap();
        assert!(
            body.contains(&format!("<title>{title}</title>")),
            "{path}: {body}"
        );
        assert!(!body.contains("Harbour"), "{path}: {body}");
    }
    let (js, original) = largest_js();
    let res = c
        .get(s.url(&js))
        .header("Cookie", "view-mode=notes")
        .header(ACCEPT_ENCODING, "identity")
        .send()
        .unwrap();
    assert_eq!(res.bytes().unwrap().as_ref(), &original[..]);
    let unknown = c
        .get(s.url("/journal"))
        .header("Cookie", "view-mode=journal")
        .send()
        .unwrap()
        .text()
        .unwrap();
    assert!(unknown.contains("<title>Welcome</title>"));

    // Each page has its own validator: a cached journal page never answers for the disguise.
    let etag_of = |path: &str| {
        let res = c.get(s.url(path)).send().unwrap();
        header(res.headers(), ETAG).to_string()
    };
    assert_ne!(etag_of("/weather"), etag_of("/journal"));
    assert_ne!(etag_of("/weather"), etag_of("/notes"));
}

const MODULE_PRELOAD: &str = r#"<link rel="modulepreload" fetchpriority="low" crossorigin href=""#;
const FETCH_PRELOAD: &str = r#"<link rel="preload" as="fetch" crossorigin href=""#;

/// The addresses of the links of `path`'s page that begin with `opening` (up to the address itself).
fn links(c: &reqwest::blocking::Client, s: &Server, path: &str, opening: &str) -> Vec<String> {
    let page = c.get(s.url(path)).send().unwrap().text().unwrap();
    page.split(opening)
        .skip(1)
        .map(|rest| rest[..rest.find('"').unwrap()].to_string())
        .collect()
}

#[test]
fn a_disguise_page_preloads_its_screen_and_the_sign_in_page_preloads_nothing() {
    let s = Server::start();
    let c = client();
    let preloads = |path: &str| links(&c, &s, path, MODULE_PRELOAD);
    for path in ["/auth", "/", "/journal"] {
        assert_eq!(preloads(path), Vec::<String>::new(), "{path}");
    }
    // What the web app's build named for each screen is what the server serves: the two sides agree.
    for path in ["/weather", "/notes"] {
        let modules = preloads(path);
        assert!(!modules.is_empty(), "{path}");
        for module in modules {
            let res = c.get(s.url(&module)).send().unwrap();
            assert_eq!(res.status(), StatusCode::OK, "{path}: {module}");
            assert!(
                header(res.headers(), CONTENT_TYPE).starts_with("text/javascript"),
                "{path}: {module}"
            );
        }
    }
    let list = c.get(s.url("/disguise-preloads.json")).send().unwrap();
    assert_ne!(
        list.status(),
        StatusCode::OK,
        "the build's list is read, not served"
    );
}

#[test]
fn every_page_preloads_the_answers_its_script_asks_for_first() {
    let s = Server::start();
    let c = client();
    let preloads = |path: &str| links(&c, &s, path, FETCH_PRELOAD);
    for path in ["/auth", "/", "/journal", "/notes"] {
        assert_eq!(preloads(path), ["/api/config"], "{path}");
    }
    let weather = preloads("/weather");
    assert_eq!(
        weather,
        [
            "/api/config",
            "/api/weather/current",
            "/api/weather/forecast"
        ]
    );
    // Each is a route of the API, answered in JSON (the weather service may be out of reach here; its
    // answer is still the route's own), not the API's "no such route".
    for path in weather {
        let res = c.get(s.url(&path)).send().unwrap();
        assert_ne!(res.status(), StatusCode::NOT_FOUND, "{path}");
        assert!(
            header(res.headers(), CONTENT_TYPE).starts_with("application/json"),
            "{path}"
        );
    }
}

fn decode(encoding: &str, bytes: &[u8]) -> String {
    let mut out = Vec::new();
    match encoding {
        "br" => brotli_decompress(bytes, &mut out),
        "gzip" => {
            std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(bytes), &mut out).unwrap();
        }
        _ => out.extend_from_slice(bytes),
    }
    String::from_utf8(out).unwrap()
}

/// The operator chooses the app's page title; the served page and the public settings carry it.
#[test]
fn the_page_title_is_the_operators_choice() {
    let s = Server::start_with(Options {
        config: Some("[site]\nproduct_name = \"Haven\"\npage_title = \"Recipes & more\"\n".into()),
        ..Options::default()
    });
    let c = client();
    let index = c.get(s.url("/")).send().unwrap().text().unwrap();
    assert!(
        index.contains("<title>Recipes &amp; more</title>"),
        "{index}"
    );
    let body: serde_json::Value = c.get(s.url("/api/config")).send().unwrap().json().unwrap();
    assert_eq!(body["page_title"], "Recipes & more");
}
