//! Log output: text for people or JSON for collectors, on stderr, filtered by `RUST_LOG` (default info).

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;

use crate::cli::LogFormat;

pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| {
        EnvFilter::new("info,actix_server=warn,actix_web=warn,reqwest=warn,hyper=warn")
    });
    // Colour codes only for a person at a terminal: journald shows lines holding them as "[blob data]".
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_target(false);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).try_init(),
    };
}

/// Shortens an e-mail address for logs: `j***@example.org`. Logs never hold a full address.
pub fn mask_email(email: &str) -> String {
    match email.split_once('@') {
        Some((local, domain)) => {
            let first: String = local.chars().take(1).collect();
            format!("{first}***@{domain}")
        }
        None => "***".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_the_local_part() {
        assert_eq!(mask_email("jane.doe@example.org"), "j***@example.org");
        assert_eq!(mask_email("nonsense"), "***");
    }
}
