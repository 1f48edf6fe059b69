//! A second, independent time-stamping authority (`timestamp.external_url`): the browser's request is
//! passed on from the server, as the weather is, so the authority sees neither her address nor anything
//! but a salted digest. A court may trust a recognised authority more than the NGO's own key.

use std::time::Duration;

use super::config::TimestampConfig;

/// The most of an answer that is read: a time-stamp reply with its certificate chain is a few KiB, so
/// anything near this is not one, and reading it whole would let the authority (or whoever answers in its
/// place) fill the server's memory.
pub const MAX_REPLY_BYTES: usize = 64 * 1024;

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
    #[error("the other time-stamping authority's answer was larger than any time-stamp")]
    TooLarge,
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
        let mut res = self
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
        if res
            .content_length()
            .is_some_and(|n| n > MAX_REPLY_BYTES as u64)
        {
            return Err(ExternalError::TooLarge);
        }
        // Read piece by piece: a length that was not announced (chunked) is bounded the same way.
        let mut reply = Vec::new();
        while let Some(piece) = res.chunk().await.map_err(|_| ExternalError::Unreachable)? {
            if reply.len() + piece.len() > MAX_REPLY_BYTES {
                return Err(ExternalError::TooLarge);
            }
            reply.extend_from_slice(&piece);
        }
        Ok(reply)
    }
}
