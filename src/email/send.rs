//! Sending one plain-text e-mail, on the calling thread (call it from `spawn_blocking`). Errors name
//! neither the recipient nor the server's reply text, which can quote the address: logs never hold one.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::{Mailbox, header::ContentType};
use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls as LettreTls, TlsParameters};
use lettre::{Message, SmtpTransport, Transport};

use super::config::{EmailConfig, Tls};
use super::failure::MailFailure;

/// Long enough for a slow relay, short enough that an outage does not hold an alert's retries up.
const TIMEOUT: Duration = Duration::from_secs(20);

#[derive(Debug, thiserror::Error)]
pub enum EmailError {
    #[error("the address is not an e-mail address")]
    Address,
    #[error("the e-mail settings do not work: {0}")]
    Setup(String),
    #[error("the mail server refused the message ({0})")]
    Refused(String),
    #[error("the mail server could not be reached or the connection failed")]
    Unreachable,
    #[error("the mail server took too long to answer")]
    Timeout,
    #[error("the connection to the mail server failed (TLS or an unreadable reply)")]
    Failed,
}

impl EmailError {
    /// The plain category an operator sees (`MailFailure`).
    pub fn failure(&self) -> MailFailure {
        match self {
            Self::Refused(_) => MailFailure::Refused,
            Self::Unreachable => MailFailure::Unreachable,
            Self::Timeout => MailFailure::Timeout,
            Self::Address | Self::Setup(_) | Self::Failed => MailFailure::Other,
        }
    }
}

pub struct Mailer {
    transport: SmtpTransport,
    from: Mailbox,
}

impl Mailer {
    /// The mailer `[email]` describes, or `None` when the section is empty. The config was validated.
    pub fn from_config(config: &EmailConfig) -> Result<Option<Self>, EmailError> {
        if !config.enabled() {
            return Ok(None);
        }
        let server = config
            .server()
            .map_err(|e| EmailError::Setup(e.to_string()))?;
        let tls = || {
            TlsParameters::new(server.host.clone()).map_err(|e| EmailError::Setup(e.to_string()))
        };
        let mut builder = SmtpTransport::builder_dangerous(&server.host)
            .port(server.port)
            .timeout(Some(TIMEOUT));
        builder = match server.tls {
            Tls::Implicit => builder.tls(LettreTls::Wrapper(tls()?)),
            Tls::StartTls => builder.tls(LettreTls::Required(tls()?)),
            Tls::LoopbackOnly => builder.tls(LettreTls::None),
        };
        if !config.username.trim().is_empty() {
            builder = builder.credentials(Credentials::new(
                config.username.trim().to_string(),
                config.password.expose().to_string(),
            ));
        }
        let from = config
            .from
            .trim()
            .parse()
            .map_err(|_| EmailError::Setup("email.from is not an address".into()))?;
        Ok(Some(Self {
            transport: builder.build(),
            from,
        }))
    }

    /// Sends a plain-text message; returns once the server has accepted it.
    pub fn send(&self, to: &str, subject: &str, body: &str) -> Result<(), EmailError> {
        let to: Mailbox = to.trim().parse().map_err(|_| EmailError::Address)?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(subject)
            .header(ContentType::TEXT_PLAIN)
            .body(body.to_string())
            .map_err(|e| EmailError::Setup(e.to_string()))?;
        let sent = self.transport.send(&message);
        crate::metrics::email(sent.is_ok());
        sent.map(|_| ()).map_err(|e| match e.status() {
            Some(code) => EmailError::Refused(code.to_string()),
            None if e.is_timeout() => EmailError::Timeout,
            None if e.is_tls() || e.is_response() || e.is_client() => EmailError::Failed,
            None => EmailError::Unreachable,
        })
    }
}

/// Whether `address` is one e-mail address (as the mailer will read it).
pub fn is_address(address: &str) -> bool {
    let a = address.trim();
    a.len() <= 254 && !a.contains(['<', '>', ',']) && a.parse::<lettre::Address>().is_ok()
}

/// Hands one e-mail to the mail server off the async threads: whether the server accepted it. A failure is
/// logged with the address masked.
pub async fn deliver(mailer: Arc<Mailer>, to: &str, subject: &str, body: &str) -> bool {
    match send_off_thread(mailer, to, subject, body).await {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(to = %crate::logging::mask_email(to), error = %e, "an e-mail did not go");
            false
        }
    }
}

/// Hands one e-mail to the mail server off the async threads, and says why it did not go. Logs nothing: an
/// alarm's failures are logged by the timer with the reason only, never the address, not even masked.
pub async fn send_off_thread(
    mailer: Arc<Mailer>,
    to: &str,
    subject: &str,
    body: &str,
) -> Result<(), EmailError> {
    let (t, s, b) = (to.to_string(), subject.to_string(), body.to_string());
    tokio::task::spawn_blocking(move || mailer.send(&t, &s, &b))
        .await
        .unwrap_or(Err(EmailError::Failed))
}
