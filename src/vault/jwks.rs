//! Verifies access tokens of an external GoTrue (`auth.external_url`) through its published keys
//! (`<external_url>/.well-known/jwks.json`). The key set is cached; a token signed with a key id we do
//! not know makes us fetch the set again (the service rotated its key), at most once per
//! `REFETCH_AFTER`, so a stream of forged key ids cannot turn us into a load generator.
//!
//! Only asymmetric keys are accepted (ES256, RS256): a GoTrue that signs with a shared HS256 secret
//! publishes no key we could check with.

use std::sync::RwLock;
use std::time::{Duration, Instant};

use jsonwebtoken::jwk::Jwk;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

use super::VaultError;

const AUDIENCE: &str = "authenticated";
/// A cached key set older than this is fetched again before use.
const MAX_AGE: Duration = Duration::from_secs(600);
/// An unknown key id triggers a new fetch only if the last one is at least this old.
const REFETCH_AFTER: Duration = Duration::from_secs(10);
const TIMEOUT: Duration = Duration::from_secs(5);

pub struct ExternalTokens {
    url: String,
    http: reqwest::Client,
    cache: RwLock<Option<Cached>>,
    /// One fetch at a time; the others wait and then read the fresh cache.
    fetching: tokio::sync::Mutex<()>,
}

struct Cached {
    keys: Vec<Jwk>,
    fetched: Instant,
}

#[derive(Deserialize)]
struct KeySet {
    keys: Vec<serde_json::Value>,
}

#[derive(Deserialize)]
struct Claims {
    sub: String,
}

impl ExternalTokens {
    /// `external_url` is the service's base URL ending in `/auth/v1`.
    pub fn new(external_url: &str) -> Result<Self, VaultError> {
        let http = reqwest::Client::builder()
            .timeout(TIMEOUT)
            .build()
            .map_err(|e| VaultError::Setup(e.to_string()))?;
        Ok(Self {
            url: format!(
                "{}/.well-known/jwks.json",
                external_url.trim_end_matches('/')
            ),
            http,
            cache: RwLock::new(None),
            fetching: tokio::sync::Mutex::new(()),
        })
    }

    /// The account id (`sub`) of a valid token: known key, ES256 or RS256, audience `authenticated`,
    /// not expired.
    pub async fn verify(&self, token: &str) -> Result<String, VaultError> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| VaultError::NotSignedIn)?;
        if !matches!(header.alg, Algorithm::ES256 | Algorithm::RS256) {
            return Err(VaultError::NotSignedIn);
        }
        let kid = header.kid.unwrap_or_default();
        let jwk = match self.cached_key(&kid, false) {
            Some(jwk) => jwk,
            None => {
                self.refresh().await?;
                self.cached_key(&kid, true).ok_or(VaultError::NotSignedIn)?
            }
        };
        let key = DecodingKey::from_jwk(&jwk).map_err(|_| VaultError::NotSignedIn)?;
        let mut validation = Validation::new(header.alg);
        validation.set_audience(&[AUDIENCE]);
        validation.set_required_spec_claims(&["exp", "sub", "aud"]);
        validation.leeway = 0;
        let data = jsonwebtoken::decode::<Claims>(token, &key, &validation)
            .map_err(|_| VaultError::NotSignedIn)?;
        if data.claims.sub.is_empty() {
            return Err(VaultError::NotSignedIn);
        }
        Ok(data.claims.sub)
    }

    /// The key for `kid` from a fresh enough cache. A token without a key id may use the only key.
    fn cached_key(&self, kid: &str, any_age: bool) -> Option<Jwk> {
        let guard = self.cache.read().ok()?;
        let cached = guard.as_ref()?;
        if !any_age && cached.fetched.elapsed() > MAX_AGE {
            return None;
        }
        if kid.is_empty() {
            return (cached.keys.len() == 1).then(|| cached.keys[0].clone());
        }
        cached
            .keys
            .iter()
            .find(|k| k.common.key_id.as_deref() == Some(kid))
            .cloned()
    }

    async fn refresh(&self) -> Result<(), VaultError> {
        let _one = self.fetching.lock().await;
        let recent = self
            .cache
            .read()
            .ok()
            .and_then(|c| c.as_ref().map(|c| c.fetched.elapsed() < REFETCH_AFTER))
            .unwrap_or(false);
        if recent {
            return Ok(());
        }
        let set: KeySet = async {
            self.http
                .get(&self.url)
                .send()
                .await?
                .error_for_status()?
                .json()
                .await
        }
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, "cannot fetch the external auth service's keys");
            VaultError::AuthUnavailable
        })?;
        // Keys we cannot read (symmetric ones, other curves) are skipped, not fatal.
        let keys: Vec<Jwk> = set
            .keys
            .into_iter()
            .filter_map(|k| serde_json::from_value(k).ok())
            .collect();
        if let Ok(mut cache) = self.cache.write() {
            *cache = Some(Cached {
                keys,
                fetched: Instant::now(),
            });
        }
        Ok(())
    }
}
