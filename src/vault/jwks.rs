//! Verifies access tokens of an external GoTrue (`auth.external_url`) through its published keys
//! (`<external_url>/.well-known/jwks.json`). The key set is cached for `MAX_AGE`; a token signed with a
//! key id we do not know makes us fetch the set again (the service rotated its key), at most once per
//! `REFETCH_AFTER`, so a stream of forged key ids cannot turn us into a load generator.
//!
//! Only asymmetric keys are accepted (ES256, RS256): a GoTrue that signs with a shared HS256 secret
//! publishes no key we could check with.

use std::sync::RwLock;
use std::time::{Duration, Instant};

use jsonwebtoken::jwk::Jwk;
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

use super::{TokenOf, VaultError};

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
    /// When an unknown key id last made us fetch again (the back-off above).
    refetched_for_unknown: Option<Instant>,
}

enum Lookup {
    Found(Box<Jwk>),
    /// No key set yet, or an old one.
    Stale,
    /// A fresh key set without this key id.
    Unknown,
}

#[derive(Deserialize)]
struct KeySet {
    keys: Vec<serde_json::Value>,
}

#[derive(Deserialize)]
struct Claims {
    sub: String,
    /// GoTrue names the sign-in session in each access token (kept through refreshes).
    #[serde(default)]
    session_id: Option<String>,
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

    /// The account id (`sub`) and session of a valid token: known key, ES256 or RS256, audience
    /// `authenticated`, not expired.
    pub async fn verify(&self, token: &str) -> Result<TokenOf, VaultError> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| VaultError::NotSignedIn)?;
        if !matches!(header.alg, Algorithm::ES256 | Algorithm::RS256) {
            return Err(VaultError::NotSignedIn);
        }
        let kid = header.kid.unwrap_or_default();
        let jwk = match self.lookup(&kid) {
            Lookup::Found(jwk) => *jwk,
            miss => {
                self.refresh(matches!(miss, Lookup::Unknown)).await?;
                match self.lookup(&kid) {
                    Lookup::Found(jwk) => *jwk,
                    _ => return Err(VaultError::NotSignedIn),
                }
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
        Ok(TokenOf {
            account: data.claims.sub,
            session: data.claims.session_id.filter(|s| !s.is_empty()),
        })
    }

    /// The key for `kid` (a token without a key id may use the only key there is).
    fn lookup(&self, kid: &str) -> Lookup {
        let Ok(guard) = self.cache.read() else {
            return Lookup::Stale;
        };
        let Some(cached) = guard.as_ref() else {
            return Lookup::Stale;
        };
        if cached.fetched.elapsed() > MAX_AGE {
            return Lookup::Stale;
        }
        let found = if kid.is_empty() {
            (cached.keys.len() == 1).then(|| cached.keys[0].clone())
        } else {
            cached
                .keys
                .iter()
                .find(|k| k.common.key_id.as_deref() == Some(kid))
                .cloned()
        };
        found.map_or(Lookup::Unknown, |k| Lookup::Found(Box::new(k)))
    }

    /// Fetches the key set: when there is none or it is old, or (at most every `REFETCH_AFTER`) when a
    /// token names a key we do not know. If the service does not answer, older keys are kept.
    async fn refresh(&self, unknown_kid: bool) -> Result<(), VaultError> {
        let _one = self.fetching.lock().await;
        let (fresh, last_miss) = match self.cache.read() {
            Ok(c) => c.as_ref().map_or((false, None), |c| {
                (c.fetched.elapsed() <= MAX_AGE, c.refetched_for_unknown)
            }),
            Err(_) => (false, None),
        };
        if unknown_kid && last_miss.is_some_and(|t| t.elapsed() < REFETCH_AFTER) {
            return Ok(());
        }
        if !unknown_kid && fresh {
            // Another request refreshed it while this one waited.
            return Ok(());
        }
        let fetched = async {
            self.http
                .get(&self.url)
                .send()
                .await?
                .error_for_status()?
                .json::<KeySet>()
                .await
        }
        .await;
        let mut cache = self
            .cache
            .write()
            .map_err(|_| VaultError::AuthUnavailable)?;
        let set = match fetched {
            Ok(set) => set,
            Err(e) => {
                tracing::warn!(error = %e, "cannot fetch the external auth service's keys");
                return match cache.as_mut() {
                    Some(old) => {
                        // Keep using what we have; ask again after the back-off, not at every request.
                        old.refetched_for_unknown = Some(Instant::now());
                        Ok(())
                    }
                    None => Err(VaultError::AuthUnavailable),
                };
            }
        };
        // Keys we cannot read (symmetric ones, other curves) are skipped, not fatal.
        let keys: Vec<Jwk> = set
            .keys
            .into_iter()
            .filter_map(|k| serde_json::from_value(k).ok())
            .collect();
        *cache = Some(Cached {
            keys,
            fetched: Instant::now(),
            refetched_for_unknown: unknown_kid.then(Instant::now).or(last_miss),
        });
        Ok(())
    }
}
