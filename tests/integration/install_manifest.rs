//! What 'Add to Home screen' gets: the web app manifest of a disguise (the device's choice or the operator's
//! default, never the product), its icons, and the offline worker as a browser must receive it.

use crate::common;

use common::{Options, Server, client};
use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, CONTENT_TYPE, COOKIE, HeaderMap, VARY};

fn header(h: &HeaderMap, name: impl reqwest::header::AsHeaderName) -> String {
    h.get(name)
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default()
}

fn manifest(s: &Server, cookie: Option<&str>) -> serde_json::Value {
    let mut req = client().get(s.url("/manifest.webmanifest"));
    if let Some(c) = cookie {
        req = req.header(COOKIE, c);
    }
    let res = req.send().unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let h = res.headers().clone();
    assert!(
        header(&h, CONTENT_TYPE).starts_with("application/manifest+json"),
        "{h:?}"
    );
    assert_eq!(header(&h, CACHE_CONTROL), "no-cache");
    assert!(header(&h, VARY).contains("Cookie"), "{h:?}");
    let text = res.text().unwrap();
    let lower = text.to_lowercase();
    assert!(
        !lower.contains("solace") && !lower.contains("support"),
        "{text}"
    );
    serde_json::from_str(&text).unwrap()
}

fn assert_icons_served(s: &Server, m: &serde_json::Value) {
    for icon in m["icons"].as_array().unwrap() {
        let src = icon["src"].as_str().unwrap();
        let res = client().get(s.url(src)).send().unwrap();
        assert_eq!(res.status(), StatusCode::OK, "{src}");
        assert_eq!(
            header(res.headers(), CONTENT_TYPE),
            icon["type"].as_str().unwrap(),
            "{src}"
        );
    }
}

#[test]
fn weather_by_default_and_the_device_can_choose_notes() {
    let s = Server::start();
    let weather = manifest(&s, None);
    assert_eq!(weather["name"], "Weather Forecast");
    assert_eq!(weather["short_name"], "Weather");
    assert_eq!(weather["start_url"], "/weather");
    assert_eq!(weather["scope"], "/");
    assert_icons_served(&s, &weather);

    let notes = manifest(&s, Some("view-mode=weather; home-app=notes"));
    assert_eq!(notes["name"], "Quick Notes");
    assert_eq!(notes["start_url"], "/notes");
    assert_icons_served(&s, &notes);
    assert_eq!(notes["id"], weather["id"], "one app, whichever look it has");

    // Every page links to it, with the cookie sent along.
    for path in ["/", "/weather", "/notes", "/journal"] {
        let html = client().get(s.url(path)).send().unwrap().text().unwrap();
        assert!(
            html.contains(
                r#"<link rel="manifest" href="/manifest.webmanifest" crossorigin="use-credentials" />"#
            ),
            "{path}: {html}"
        );
    }
}

/// Safari names and draws a home-screen app from the page's own tags: they follow the same choice.
#[test]
fn every_page_carries_the_home_screen_name_and_icon_of_the_choice() {
    let s = Server::start();
    for path in ["/", "/journal", "/weather", "/notes"] {
        for (cookie, short, route) in [
            (None, "Weather", "weather"),
            (Some("home-app=notes"), "Notes", "notes"),
        ] {
            let mut req = client().get(s.url(path));
            if let Some(c) = cookie {
                req = req.header(COOKIE, c);
            }
            let html = req.send().unwrap().text().unwrap();
            assert!(
                html.contains(&format!(
                    r#"<meta name="apple-mobile-web-app-title" content="{short}" />"#
                )),
                "{path} {cookie:?}: {html}"
            );
            assert!(
                html.contains(&format!(
                    r#"<link rel="apple-touch-icon" href="/icons/{route}-192.png" />"#
                )),
                "{path} {cookie:?}: {html}"
            );
        }
    }
}

#[test]
fn the_operator_can_make_notes_the_default() {
    let s = Server::start_with(Options {
        config: Some("[safety]\ndefault_disguise = \"notes\"\n".into()),
        ..Options::default()
    });
    assert_eq!(manifest(&s, None)["start_url"], "/notes");
    assert_eq!(
        manifest(&s, Some("home-app=weather"))["start_url"],
        "/weather"
    );
}

#[test]
fn the_worker_is_never_cached_and_covers_the_whole_app() {
    let s = Server::start();
    let res = client().get(s.url("/sw.js")).send().unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    let h = res.headers().clone();
    assert!(
        header(&h, CONTENT_TYPE).starts_with("text/javascript")
            || header(&h, CONTENT_TYPE).starts_with("application/javascript"),
        "{h:?}"
    );
    assert_eq!(header(&h, CACHE_CONTROL), "no-cache");
    // Served from the root, so its default scope is the whole app; no wider scope is asked for.
    assert!(h.get("service-worker-allowed").is_none());
    let csp = header(&h, "content-security-policy");
    assert!(csp.is_empty() || !csp.contains("unsafe-inline"), "{csp}");
    let body = res.text().unwrap();
    assert!(body.contains(r#""version":""#), "the build wrote its list");
    assert!(!body.contains("__PRECACHE_MANIFEST__"));

    // The page CSP lets the worker and the manifest come from this origin only.
    let page = client().get(s.url("/")).send().unwrap();
    let csp = header(page.headers(), "content-security-policy");
    assert!(csp.contains("worker-src 'self'"), "{csp}");
    assert!(csp.contains("manifest-src 'self'"), "{csp}");
    assert!(!csp.contains("unsafe-inline"), "{csp}");
}
