//! The `[email]` config section: which SMTP server sends alert e-mail, with which credentials, from
//! which address. An empty `smtp_url` means no e-mail at all.

use std::net::IpAddr;
use std::path::PathBuf;

use serde::Deserialize;

use crate::config_error::ConfigError;
use crate::secret::Secret;

#[derive(Debug, Clone, Default, Deserialize, PartialEq)]
#[serde(default, deny_unknown_fields)]
pub struct EmailConfig {
    /// `smtps://host[:port]` (TLS from the first byte, port 465 by default) or `smtp://host[:port]`
    /// (STARTTLS required, 587 by default). Plain `smtp://` without TLS only to this machine (a local relay).
    pub smtp_url: String,
    pub username: String,
    /// Prefer `password_file` or `SOLACE_EMAIL_PASSWORD(_FILE)`; a `*_file` key is read once at start.
    pub password: Secret,
    pub password_file: Option<PathBuf>,
    /// The sender, `Name <address>` or a bare address.
    pub from: String,
}

/// How the connection to the SMTP server is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tls {
    /// TLS from the start (`smtps://`).
    Implicit,
    /// STARTTLS, refusing a server that does not offer it.
    StartTls,
    /// No TLS: only for a relay on this machine.
    LoopbackOnly,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpServer {
    pub host: String,
    pub port: u16,
    pub tls: Tls,
}

impl EmailConfig {
    pub fn enabled(&self) -> bool {
        !self.smtp_url.trim().is_empty()
    }

    /// Where and how to connect, read from `smtp_url`.
    pub fn server(&self) -> Result<SmtpServer, ConfigError> {
        let bad = |why: &str| ConfigError::invalid("email.smtp_url", why);
        let url = url::Url::parse(self.smtp_url.trim())
            .map_err(|_| bad("is not a URL (smtps://host or smtp://host)"))?;
        if !url.username().is_empty() || url.password().is_some() {
            return Err(bad(
                "must not hold credentials; use email.username and email.password_file",
            ));
        }
        let host = url
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| bad("needs a host"))?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string();
        let plain = url.query_pairs().any(|(k, v)| k == "tls" && v == "none");
        let (tls, default_port) = match url.scheme() {
            "smtps" => (Tls::Implicit, 465),
            "smtp" if plain => {
                let local =
                    host == "localhost" || host.parse::<IpAddr>().is_ok_and(|ip| ip.is_loopback());
                if !local {
                    return Err(bad("may go without TLS (tls=none) only to this machine"));
                }
                (Tls::LoopbackOnly, 25)
            }
            "smtp" => (Tls::StartTls, 587),
            _ => return Err(bad("must start with smtps:// or smtp://")),
        };
        Ok(SmtpServer {
            host,
            port: url.port().unwrap_or(default_port),
            tls,
        })
    }

    pub fn validate(&self) -> Result<(), ConfigError> {
        if !self.enabled() {
            return Ok(());
        }
        self.server()?;
        self.from
            .trim()
            .parse::<lettre::message::Mailbox>()
            .map_err(|_| {
                ConfigError::invalid(
                    "email.from",
                    "must be an address, e.g. Solace <alerts@example.org>",
                )
            })?;
        if self.username.trim().is_empty() != self.password.is_empty() {
            return Err(ConfigError::invalid(
                "email.username",
                "needs a password too (email.password_file or SOLACE_EMAIL_PASSWORD_FILE), or neither",
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(url: &str) -> EmailConfig {
        EmailConfig {
            smtp_url: url.into(),
            from: "Solace <alerts@example.org>".into(),
            ..Default::default()
        }
    }

    #[test]
    fn tls_is_required_except_to_this_machine() {
        assert_eq!(with("smtps://mail.example.org").server().unwrap().port, 465);
        assert_eq!(
            with("smtp://mail.example.org").server().unwrap().tls,
            Tls::StartTls
        );
        assert_eq!(
            with("smtp://127.0.0.1:2525?tls=none").server().unwrap(),
            SmtpServer {
                host: "127.0.0.1".into(),
                port: 2525,
                tls: Tls::LoopbackOnly
            }
        );
        assert!(with("smtp://mail.example.org?tls=none").validate().is_err());
        assert!(with("http://mail.example.org").validate().is_err());
        assert!(with("smtps://me:pw@mail.example.org").validate().is_err());
    }
}
