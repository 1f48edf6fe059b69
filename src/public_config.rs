//! `GET /api/config`: the non-secret settings the UI needs (branding, resources, which services exist).

use actix_web::{HttpResponse, web};
use serde::Serialize;

use crate::config::{Config, Resource};
use crate::incidents::config::IncidentsConfig;
use crate::local::config::LocalConfig;

/// Where the app reads these settings (routed and preloaded by every page: `server.rs`).
pub const PATH: &str = "/api/config";
/// The product's name alone, for the screens that show it (answered `no-store` like every API path, and passed
/// by the offline worker to the network untouched).
pub const NAME_PATH: &str = "/api/config/name";

#[derive(Serialize, Debug, Clone)]
pub struct PublicConfig {
    /// Absent when no title names the product (`SiteConfig::titles_name_the_product`): the offline worker keeps this
    /// answer on the device, and the screens that show the name ask `NAME_PATH` for it, which nothing keeps.
    #[serde(skip_serializing_if = "Option::is_none")]
    product_name: Option<String>,
    #[serde(skip)]
    real_name: String,
    /// The tab title of every screen of the app (`site.page_title`).
    page_title: String,
    /// The sign-in screen's heading (`site.sign_in_title`, else the page title).
    sign_in_title: String,
    contact_email: String,
    resources: Option<Vec<Resource>>,
    default_language: String,
    /// Every language she can pick; the operator's own are fetched from /api/locales/<code>.json.
    languages: Vec<String>,
    /// The languages that have an operator's catalogue (whole, or texts replacing built-in ones).
    operator_languages: Vec<String>,
    auth: PublicAuth,
    weather: PublicWeather,
    safety: PublicSafety,
    local: LocalConfig,
    /// The kinds of abuse the Incident Log offers (`[incidents] categories`); empty: the built-in ones.
    incidents: IncidentsConfig,
    timestamp: PublicTimestamp,
    copy: PublicCopy,
}

#[derive(Serialize, Debug, Clone)]
struct PublicTimestamp {
    /// A second authority answers at `/api/timestamp/external` (`timestamp.external_url`).
    second_authority: bool,
    /// Who runs this server's stamping authority (`timestamp.operator_name`), named in the bundle's report.
    operator_name: String,
    /// Where the operator publishes its certificate's fingerprint (`timestamp.certificate_page`).
    certificate_page: String,
}

#[derive(Serialize, Debug, Clone)]
struct PublicCopy {
    /// Whether `/api/copy` keeps an encrypted copy (`[copy] enabled`); off, the browser never asks for it.
    enabled: bool,
}

#[derive(Serialize, Debug, Clone)]
struct PublicAuth {
    /// None: the embedded service at `<origin>/auth/v1`.
    url: Option<String>,
    anon_key: String,
    google_enabled: bool,
    /// `allow`, `require` or `off` (`auth.sign_in_names`): what the sign-up screen offers.
    sign_in_names: &'static str,
    /// A sign-up with an e-mail address waits for the link in a confirmation e-mail (`[email]` set up,
    /// `auth.sign_up_returns_session` off): the screen says "check your e-mail" instead of signing in.
    confirm_email: bool,
}

#[derive(Serialize, Debug, Clone)]
struct PublicSafety {
    /// Where the quick exit sends the browser (checked by `SafetyConfig::validate`).
    exit_destinations: Vec<String>,
}

#[derive(Serialize, Debug, Clone)]
struct PublicWeather {
    provider: &'static str,
    default_city: String,
}

impl PublicConfig {
    pub fn from_config(c: &Config) -> Self {
        let external = !c.auth.external_url.is_empty();
        Self {
            product_name: c
                .site
                .titles_name_the_product()
                .then(|| c.site.product_name.clone()),
            real_name: c.site.product_name.clone(),
            page_title: c.site.page_title.trim().to_string(),
            sign_in_title: c.site.sign_in_title().to_string(),
            contact_email: c.site.contact_email.trim().to_string(),
            resources: c.site.resources.clone(),
            default_language: c.site.default_language.clone(),
            languages: c.languages(),
            operator_languages: c.catalogues.languages().cloned().collect(),
            auth: PublicAuth {
                url: external.then(|| c.auth.external_url.clone()),
                anon_key: if external {
                    c.auth.external_anon_key.clone()
                } else {
                    String::new()
                },
                // With an external service, its own /settings tells the truth; we only know ours.
                google_enabled: !external && c.auth.google.enabled(),
                sign_in_names: c.auth.sign_in_names.as_str(),
                confirm_email: !external && c.email.enabled() && !c.auth.sign_up_returns_session,
            },
            weather: PublicWeather {
                provider: c.weather.active_provider().as_str(),
                default_city: c.weather.default_city.clone(),
            },
            safety: PublicSafety {
                exit_destinations: c.safety.exit_destinations.clone(),
            },
            local: c.local.clone(),
            incidents: c.incidents.clone(),
            timestamp: PublicTimestamp {
                second_authority: !c.timestamp.external_url.is_empty(),
                operator_name: c.timestamp.operator_name.clone(),
                certificate_page: c.timestamp.certificate_page.clone(),
            },
            copy: PublicCopy {
                enabled: c.copy.enabled,
            },
        }
    }
}

pub async fn get(config: web::Data<PublicConfig>) -> HttpResponse {
    HttpResponse::Ok().json(config.get_ref())
}

pub async fn name(config: web::Data<PublicConfig>) -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "product_name": config.real_name }))
}
