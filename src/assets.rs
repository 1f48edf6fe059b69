//! The embedded React app. `build.rs` writes `.br` and `.gz` beside each compressible file of `ui/dist`;
//! at start-up they are indexed once, and each request picks the variant its `Accept-Encoding` allows.

use std::borrow::Cow;
use std::collections::HashMap;

use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};

mod index_pages;
mod manifest;
pub use index_pages::Disguise;

#[derive(RustEmbed)]
#[folder = "ui/dist/"]
#[allow_missing = true]
struct UiDist;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
    Identity,
}

impl Encoding {
    fn token(self) -> &'static str {
        match self {
            Self::Brotli => "br",
            Self::Gzip => "gzip",
            Self::Identity => "identity",
        }
    }
}

struct Variant {
    bytes: Cow<'static, [u8]>,
    etag: HeaderValue,
}

pub(crate) struct Asset {
    content_type: HeaderValue,
    cache_control: HeaderValue,
    identity: Variant,
    brotli: Option<Variant>,
    gzip: Option<Variant>,
}

impl Asset {
    fn variant(&self, accepted: &[Encoding]) -> (Encoding, &Variant) {
        for enc in accepted {
            match enc {
                Encoding::Brotli if self.brotli.is_some() => {
                    return (*enc, self.brotli.as_ref().unwrap());
                }
                Encoding::Gzip if self.gzip.is_some() => {
                    return (*enc, self.gzip.as_ref().unwrap());
                }
                _ => {}
            }
        }
        (Encoding::Identity, &self.identity)
    }

    fn has_variants(&self) -> bool {
        self.brotli.is_some() || self.gzip.is_some()
    }
}

/// Every embedded file, keyed by its URL path without the leading slash, and the disguises' own copies of
/// `index.html`.
pub struct Catalog {
    files: HashMap<String, Asset>,
    /// Keyed by (page disguise, home-screen disguise): each page also carries the app's home-screen look.
    disguises: HashMap<(&'static str, &'static str), Asset>,
    /// The product's own page, per home-screen disguise (`files["index.html"]` is the default's).
    indexes: HashMap<&'static str, Asset>,
    /// The web app manifest of each disguise, keyed by its route.
    manifests: HashMap<&'static str, Asset>,
    /// The disguise the app installs as when the device has not chosen one (`safety.default_disguise`).
    default_disguise: Disguise,
}

const INDEX: &str = "index.html";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

impl Catalog {
    /// Indexes the embedded files; `index.html` is rewritten to carry `page_title` (`site.page_title`, never the
    /// product name unless the operator chose it) as its title, and each
    /// disguise gets a copy with its own title and icon. `default_disguise` is what the app installs as unless
    /// the device chose the other one.
    pub fn load(page_title: &str, default_disguise: Disguise) -> Self {
        let mut files = HashMap::new();
        for name in UiDist::iter() {
            if name.ends_with(".br") || name.ends_with(".gz") {
                continue;
            }
            let Some(identity) = load_variant(&name) else {
                continue;
            };
            let brotli = load_variant(&format!("{name}.br"));
            let gzip = load_variant(&format!("{name}.gz"));
            let mime = mime_guess::from_path(name.as_ref()).first_or_octet_stream();
            let content_type = if mime.type_() == "text"
                || mime.subtype() == "javascript"
                || mime.subtype() == "json"
            {
                format!("{mime}; charset=utf-8")
            } else {
                mime.to_string()
            };
            // Vite puts content-hashed files under assets/; everything else may change between releases.
            let cache_control = if name.starts_with("assets/") {
                IMMUTABLE
            } else {
                "no-cache"
            };
            files.insert(
                name.to_string(),
                Asset {
                    content_type: HeaderValue::from_str(&content_type)
                        .expect("mime types are ASCII"),
                    cache_control: HeaderValue::from_static(cache_control),
                    identity,
                    brotli,
                    gzip,
                },
            );
        }
        let mut disguises = HashMap::new();
        let mut indexes = HashMap::new();
        if let Some(template) = UiDist::get(INDEX) {
            let template = String::from_utf8_lossy(&template.data).into_owned();
            let index = files.get_mut(INDEX).expect("index.html was indexed above");
            *index = html_asset(index_pages::render(
                &template,
                page_title,
                None,
                default_disguise,
            ));
            for home in Disguise::ALL {
                let html = index_pages::render(&template, page_title, None, home);
                indexes.insert(home.route(), html_asset(html));
                for d in Disguise::ALL {
                    let html = index_pages::render(&template, d.title(), Some(d.icon()), home);
                    disguises.insert((d.route(), home.route()), html_asset(html));
                }
            }
        }
        let manifests = Disguise::ALL
            .into_iter()
            .map(|d| {
                let body = manifest::render(d).into_bytes();
                (
                    d.route(),
                    generated_asset(body, "application/manifest+json; charset=utf-8"),
                )
            })
            .collect();
        Self {
            files,
            disguises,
            indexes,
            manifests,
            default_disguise,
        }
    }

    pub fn has_index(&self) -> bool {
        self.files.contains_key(INDEX)
    }
}

/// An HTML page made at start-up, with the compressed variants `build.rs` writes for the embedded files.
fn html_asset(html: String) -> Asset {
    generated_asset(html.into_bytes(), "text/html; charset=utf-8")
}

/// A file made at start-up (a page, a manifest, an operator's language file), compressed once like the
/// embedded ones.
pub(crate) fn generated_asset(bytes: Vec<u8>, content_type: &'static str) -> Asset {
    let mut brotli = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut brotli, &params).expect("compressing in memory");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gzip, &bytes).expect("compressing in memory");
    let gzip = gzip.finish().expect("compressing in memory");
    Asset {
        content_type: HeaderValue::from_static(content_type),
        cache_control: HeaderValue::from_static("no-cache"),
        identity: memory_variant(bytes),
        brotli: Some(memory_variant(brotli)),
        gzip: Some(memory_variant(gzip)),
    }
}

fn memory_variant(bytes: Vec<u8>) -> Variant {
    let etag = format!("\"{}\"", hex16(&Sha256::digest(&bytes)));
    Variant {
        bytes: Cow::Owned(bytes),
        etag: HeaderValue::from_str(&etag).expect("hex is ASCII"),
    }
}

fn load_variant(name: &str) -> Option<Variant> {
    let file = UiDist::get(name)?;
    let hash = file.metadata.sha256_hash();
    let etag = format!("\"{}\"", hex16(&hash));
    Some(Variant {
        bytes: file.data,
        etag: HeaderValue::from_str(&etag).expect("hex is ASCII"),
    })
}

fn hex16(bytes: &[u8]) -> String {
    base16ct::lower::encode_string(&bytes[..bytes.len().min(16)])
}

/// Encodings the client accepts, best first (brotli before gzip). An explicit `q=0` refuses one; `*` stands
/// for any encoding not named. Parsed in place: this runs for every file served.
pub fn accepted_encodings(header: Option<&str>) -> Vec<Encoding> {
    let Some(header) = header else {
        return Vec::new();
    };
    // The first weight given for each name, as a client that repeats a name means its first mention.
    let (mut br, mut gzip, mut x_gzip, mut any) = (None, None, None, None);
    for part in header.split(',') {
        let mut pieces = part.split(';');
        let name = pieces.next().unwrap_or("").trim();
        let q = pieces
            .find_map(|p| p.trim().strip_prefix("q=")?.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let slot = if name.eq_ignore_ascii_case("br") {
            &mut br
        } else if name.eq_ignore_ascii_case("gzip") {
            &mut gzip
        } else if name.eq_ignore_ascii_case("x-gzip") {
            &mut x_gzip
        } else if name == "*" {
            &mut any
        } else {
            continue;
        };
        slot.get_or_insert(q);
    }
    let mut accepted = Vec::new();
    if br.or(any).unwrap_or(0.0) > 0.0 {
        accepted.push(Encoding::Brotli);
    }
    if gzip.or(x_gzip).or(any).unwrap_or(0.0) > 0.0 {
        accepted.push(Encoding::Gzip);
    }
    accepted
}

/// True when an `If-None-Match` header lists `etag` (weak comparison, as RFC 9110 asks for GET).
fn none_match(header: Option<&str>, etag: &HeaderValue) -> bool {
    let Some(header) = header else { return false };
    let etag = etag.to_str().unwrap_or_default();
    header
        .split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

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
    fn prefers_brotli_then_gzip() {
        assert_eq!(
            accepted_encodings(Some("gzip, deflate, br")),
            vec![Encoding::Brotli, Encoding::Gzip]
        );
        assert_eq!(accepted_encodings(Some("gzip")), vec![Encoding::Gzip]);
        assert_eq!(accepted_encodings(None), vec![]);
    }

    #[test]
    fn q_zero_excludes_an_encoding() {
        assert_eq!(
            accepted_encodings(Some("br;q=0, gzip;q=0.5")),
            vec![Encoding::Gzip]
        );
        assert_eq!(accepted_encodings(Some("*, br;q=0")), vec![Encoding::Gzip]);
        assert_eq!(accepted_encodings(Some("identity")), vec![]);
        assert_eq!(
            accepted_encodings(Some("BR;q=0.1, x-gzip")),
            vec![Encoding::Brotli, Encoding::Gzip]
        );
        assert_eq!(accepted_encodings(Some("br;q=0, br")), vec![]);
    }

    #[test]
    fn if_none_match_uses_weak_comparison() {
        let tag = HeaderValue::from_static("\"abc\"");
        assert!(none_match(Some("\"x\", W/\"abc\""), &tag));
        assert!(none_match(Some("*"), &tag));
        assert!(!none_match(Some("\"abd\""), &tag));
    }

    #[test]
    fn routes_are_not_files() {
        assert!(looks_like_file("assets/index-abc.js"));
        assert!(!looks_like_file("safety-plan"));
        assert!(!looks_like_file("weather/"));
    }
}
