//! Log output: text for people or JSON for collectors, on stderr, filtered by `RUST_LOG` (default info).

use std::io::IsTerminal;

use tracing_subscriber::filter::Targets;

use crate::cli::LogFormat;
use crate::http::client_faults;

pub fn init(format: LogFormat) {
    // Levels per target (`warn`, `info,solace=debug`): what RUST_LOG is used for here. The crate's
    // EnvFilter, which also reads span and field filters, brings a regular-expression engine into the compile.
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|directives| directives.parse::<Targets>().ok())
        .unwrap_or_else(|| {
            "info,actix_server=warn,actix_web=warn,reqwest=warn,hyper=warn"
                .parse()
                .expect("the default directives parse")
        });
    // Colour codes only for a person at a terminal: journald shows lines holding them as "[blob data]".
    let colour = std::io::stderr().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty());
    use tracing_subscriber::prelude::*;
    let output = tracing_subscriber::fmt::layer()
        .with_writer(std::io::stderr)
        .with_ansi(colour)
        .with_target(false);
    let output = match format {
        LogFormat::Text => output.boxed(),
        LogFormat::Json => output.json().flatten_event(true).boxed(),
    };
    let output = output.with_filter(tracing_subscriber::filter::filter_fn(|meta| {
        !client_faults::is_client_fault(meta)
    }));
    let _ = tracing_subscriber::registry()
        .with(filter)
        .with(output)
        .with(client_faults::DemoteClientFaults)
        .try_init();
}

/// Shortens an e-mail address for logs: `j***@example.org`. Logs never hold a full address.
pub fn mask_email(email: &str) -> String {
    // A sign-in name is a secret of hers, like a password: nothing of it is shown.
    if crate::ground::sign_in_name::name_of(email).is_some() {
        return "*** (sign-in name)".into();
    }
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
        assert_eq!(
            mask_email("quiet.river@sign-in.invalid"),
            "*** (sign-in name)"
        );
    }
}
