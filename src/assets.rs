//! The embedded React app. `build.rs` writes `.br` and `.gz` beside each compressible file of `ui/dist`;
//! at start-up they are indexed once, and each request picks the variant its `Accept-Encoding` allows.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::OnceLock;

use actix_web::http::header::HeaderValue;
use rust_embed::RustEmbed;
use sha2::{Digest, Sha256};

mod disguise;
mod index_pages;
mod manifest;
mod negotiation;
mod respond;
pub use disguise::Disguise;
pub use negotiation::accepted_encodings;
pub(crate) use respond::respond;
pub use respond::serve;

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
    /// Read with an embedded file; for a file made at start-up, made the first time a client accepts it. Most
    /// of those (a page per pair of disguises) are never asked for, and compressing them all at the strongest
    /// level was half of what a start cost.
    compressed: OnceLock<Compressed>,
}

struct Compressed {
    brotli: Option<Variant>,
    gzip: Option<Variant>,
}

impl Asset {
    fn variant(&self, accepted: &[Encoding]) -> (Encoding, &Variant) {
        for enc in accepted {
            let compressed = match enc {
                Encoding::Brotli => &self.compressed().brotli,
                Encoding::Gzip => &self.compressed().gzip,
                Encoding::Identity => continue,
            };
            if let Some(variant) = compressed {
                return (*enc, variant);
            }
        }
        (Encoding::Identity, &self.identity)
    }

    fn compressed(&self) -> &Compressed {
        self.compressed
            .get_or_init(|| compress(&self.identity.bytes))
    }

    /// Without compressing anything: a file made at start-up always has its compressed variants.
    fn has_variants(&self) -> bool {
        self.compressed
            .get()
            .is_none_or(|c| c.brotli.is_some() || c.gzip.is_some())
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
/// Written by the web app's build (ui/disguise-preloads-plugin.ts): each disguise screen's modules beyond the
/// entry script. Read here, not served.
const PRELOADS: &str = "disguise-preloads.json";

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The modules each disguise's page preloads; none when the build wrote no list (or one this server cannot read).
fn disguise_preloads() -> HashMap<String, Vec<String>> {
    UiDist::get(PRELOADS)
        .and_then(|file| serde_json::from_slice(&file.data).ok())
        .unwrap_or_default()
}

impl Catalog {
    /// Indexes the embedded files; `index.html` is rewritten to carry `page_title` (`site.page_title`, never the
    /// product name unless the operator chose it) as its title, and each
    /// disguise gets a copy with its own title and icon. `default_disguise` is what the app installs as unless
    /// the device chose the other one.
    /// `first_requests` names the API answers a page's script asks for first (`None`: a page that is not a
    /// disguise), which the page preloads.
    pub fn load(
        page_title: &str,
        default_disguise: Disguise,
        first_requests: impl Fn(Option<Disguise>) -> &'static [&'static str],
    ) -> Self {
        let mut files = HashMap::new();
        for name in UiDist::iter() {
            if name.ends_with(".br") || name.ends_with(".gz") || name == PRELOADS {
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
                    compressed: OnceLock::from(Compressed { brotli, gzip }),
                },
            );
        }
        let mut disguises = HashMap::new();
        let mut indexes = HashMap::new();
        if let Some(template) = UiDist::get(INDEX) {
            let template = String::from_utf8_lossy(&template.data).into_owned();
            let index = files.get_mut(INDEX).expect("index.html was indexed above");
            let plain = first_requests(None);
            *index = html_asset(index_pages::render(
                &template,
                page_title,
                None,
                default_disguise,
                &[],
                plain,
            ));
            let preloads = disguise_preloads();
            for home in Disguise::ALL {
                let html = index_pages::render(&template, page_title, None, home, &[], plain);
                indexes.insert(home.route(), html_asset(html));
                for d in Disguise::ALL {
                    let modules = preloads.get(d.route()).map_or(&[][..], Vec::as_slice);
                    let html = index_pages::render(
                        &template,
                        d.title(),
                        Some(&d.picture()),
                        home,
                        modules,
                        first_requests(Some(d)),
                    );
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

/// A file made at start-up (a page, a manifest, an operator's language file), compressed like the embedded
/// ones, once, when first asked for.
pub(crate) fn generated_asset(bytes: Vec<u8>, content_type: &'static str) -> Asset {
    Asset {
        content_type: HeaderValue::from_static(content_type),
        cache_control: HeaderValue::from_static("no-cache"),
        identity: memory_variant(bytes),
        compressed: OnceLock::new(),
    }
}

fn compress(bytes: &[u8]) -> Compressed {
    let mut brotli = Vec::new();
    let params = brotli::enc::BrotliEncoderParams {
        quality: 11,
        ..Default::default()
    };
    brotli::BrotliCompress(&mut &bytes[..], &mut brotli, &params).expect("compressing in memory");
    let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    std::io::Write::write_all(&mut gzip, bytes).expect("compressing in memory");
    let gzip = gzip.finish().expect("compressing in memory");
    Compressed {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_made_at_start_up_is_compressed_once_when_a_client_first_accepts_it() {
        let html = "<p>A page made at start-up.</p>".repeat(50).into_bytes();
        let asset = generated_asset(html.clone(), "text/html; charset=utf-8");
        assert!(
            asset.has_variants(),
            "it is answered with Vary: Accept-Encoding from the start"
        );
        assert!(
            asset.compressed.get().is_none(),
            "nothing is compressed at start"
        );

        let (encoding, plain) = asset.variant(&[]);
        assert_eq!(encoding, Encoding::Identity);
        assert_eq!(plain.bytes.as_ref(), &html[..]);
        assert!(
            asset.compressed.get().is_none(),
            "a client that takes neither brotli nor gzip costs no compression"
        );

        let (encoding, brotli) = asset.variant(&[Encoding::Brotli, Encoding::Gzip]);
        assert_eq!(encoding, Encoding::Brotli);
        let mut decoded = Vec::new();
        brotli::BrotliDecompress(&mut &brotli.bytes[..], &mut decoded).unwrap();
        assert_eq!(decoded, html);
        let (_, again) = asset.variant(&[Encoding::Brotli]);
        assert!(std::ptr::eq(brotli, again), "compressed once, then kept");
        assert_eq!(asset.variant(&[Encoding::Gzip]).0, Encoding::Gzip);
    }
}
