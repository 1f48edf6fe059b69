//! Answering a request for the app: a file of `ui/dist` in the best encoding the client takes, or the
//! index page for any route of the app.

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};

use super::disguise::Disguise;
use super::manifest;
use super::negotiation::{accepted_encodings, none_match};
use super::{Asset, Catalog, Encoding, INDEX};

/// Serves a file, or `index.html` for any path that does not name a file (client-side routes).
pub async fn serve(req: HttpRequest, catalog: web::Data<Catalog>) -> HttpResponse {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return HttpResponse::MethodNotAllowed()
            .insert_header((header::ALLOW, "GET, HEAD"))
            .finish();
    }
    let path = req.path().trim_start_matches('/');
    let app_page = path.is_empty()
        || path == INDEX
        || (!catalog.files.contains_key(path) && !looks_like_file(path));
    // A disguised browser says so in a cookie the app keeps: any page of the app then arrives as the disguise,
    // so not even the loading tab shows the product name before the script moves on to the disguise screen.
    let disguise = Disguise::of_path(path).or_else(|| {
        let cookie = req.headers().get(header::COOKIE)?.to_str().ok()?;
        app_page
            .then(|| Disguise::of_cookie_header(cookie))
            .flatten()
    });
    // The manifest and every page follow the device's home-screen choice (a cookie), or the operator's default.
    let cookies = req
        .headers()
        .get(header::COOKIE)
        .and_then(|v| v.to_str().ok());
    let home = manifest::chosen(cookies, catalog.default_disguise).route();
    let disguise = disguise.and_then(|d| catalog.disguises.get(&(d.route(), home)));
    let index = catalog
        .indexes
        .get(home)
        .or_else(|| catalog.files.get(INDEX));
    let is_manifest = path == manifest::PATH;
    let manifest = is_manifest.then(|| catalog.manifests.get(home)).flatten();
    let asset = match manifest.or(disguise).or_else(|| {
        if path.is_empty() || path == INDEX {
            index
        } else {
            catalog.files.get(path)
        }
    }) {
        Some(asset) => asset,
        // A missing file is a 404; anything else is a route of the single-page app.
        None if looks_like_file(path) => {
            return HttpResponse::NotFound()
                .content_type("text/plain; charset=utf-8")
                .body("Not found\n");
        }
        None => match index {
            Some(index) => index,
            None => {
                return HttpResponse::ServiceUnavailable()
                    .content_type("text/plain; charset=utf-8")
                    .body("The web app was not built into this binary.\n");
            }
        },
    };
    respond(&req, asset, app_page || is_manifest)
}

/// Answers with `asset` in the best encoding the client accepts, or 304 when its copy is current.
/// `varies_by_cookie`: the page depends on the device's disguise cookie too.
pub(crate) fn respond(req: &HttpRequest, asset: &Asset, varies_by_cookie: bool) -> HttpResponse {
    let accept = req
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok());
    let (encoding, variant) = asset.variant(&accepted_encodings(accept));
    let if_none_match = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok());

    let status = if none_match(if_none_match, &variant.etag) {
        StatusCode::NOT_MODIFIED
    } else {
        StatusCode::OK
    };
    let mut res = HttpResponse::build(status);
    res.insert_header((header::ETAG, variant.etag.clone()))
        .insert_header((header::CACHE_CONTROL, asset.cache_control.clone()));
    if varies_by_cookie {
        res.insert_header((
            header::VARY,
            HeaderValue::from_static("Accept-Encoding, Cookie"),
        ));
    } else if asset.has_variants() {
        res.insert_header((header::VARY, HeaderValue::from_static("Accept-Encoding")));
    }
    if status == StatusCode::NOT_MODIFIED {
        return res.finish();
    }
    res.insert_header((header::CONTENT_TYPE, asset.content_type.clone()));
    if encoding != Encoding::Identity {
        res.insert_header((
            header::CONTENT_ENCODING,
            HeaderValue::from_static(encoding.token()),
        ));
    }
    res.body(variant.bytes.clone())
}

fn looks_like_file(path: &str) -> bool {
    path.rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn routes_are_not_files() {
        assert!(looks_like_file("assets/index-abc.js"));
        assert!(!looks_like_file("safety-plan"));
        assert!(!looks_like_file("weather/"));
    }
}
