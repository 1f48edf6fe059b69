//! A second, independent time-stamping authority (`timestamp.external_url`): the browser's request is
//! passed on from the server, as the weather is, so the authority sees neither her address nor anything
//! but a salted digest. A court may trust a recognised authority more than the NGO's own key.

use std::time::Duration;

use super::config::TimestampConfig;

pub struct ExternalAuthority {
    url: String,
    http: reqwest::Client,
}

#[derive(Debug, thiserror::Error)]
pub enum ExternalError {
    #[error("the other time-stamping authority did not answer in time or could not be reached")]
    Unreachable,
    #[error("the other time-stamping authority refused the request ({0})")]
    Refused(u16),
}

impl ExternalAuthority {
    /// None when no external authority is configured.
    pub fn from_config(c: &TimestampConfig) -> Result<Option<Self>, reqwest::Error> {
        if c.external_url.is_empty() {
            return Ok(None);
        }
        let timeout = Duration::from_secs(c.external_timeout_secs);
        let http = reqwest::Client::builder()
            .connect_timeout(timeout)
            .timeout(timeout)
            .redirect(reqwest::redirect::Policy::none())
            .build()?;
        Ok(Some(Self {
            url: c.external_url.clone(),
            http,
        }))
    }

    /// Sends a DER `TimeStampReq` on unchanged and returns the authority's DER `TimeStampResp`.
    pub async fn forward(&self, request: Vec<u8>) -> Result<Vec<u8>, ExternalError> {
        let res = self
            .http
            .post(&self.url)
            .header("content-type", "application/timestamp-query")
            .body(request)
            .send()
            .await
            .map_err(|_| ExternalError::Unreachable)?;
        if !res.status().is_success() {
            return Err(ExternalError::Refused(res.status().as_u16()));
        }
        Ok(res
            .bytes()
            .await
            .map_err(|_| ExternalError::Unreachable)?
            .to_vec())
    }
}
