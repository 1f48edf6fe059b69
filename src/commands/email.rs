//! `solace email test ADDRESS`: sends one message through `[email]`, so the operator sees the settings work
//! before anyone relies on them.

use std::process::ExitCode;

use crate::config::Config;
use crate::email::Mailer;
use crate::logging::mask_email;

const SUBJECT: &str = "Solace: a test message";
const BODY: &str = "This is a test message from a Solace server. Its e-mail settings work.\n\n\
                    Nothing else is needed; replies to this address are not read.\n";

pub fn test(config: &Config, address: &str) -> ExitCode {
    let fail = |message: String| {
        eprintln!("solace: {message}");
        ExitCode::FAILURE
    };
    if !crate::email::send::is_address(address) {
        return fail(format!("{address:?} is not an e-mail address"));
    }
    let mailer = match Mailer::from_config(&config.email) {
        Ok(Some(m)) => m,
        Ok(None) => return fail("there is no [email] section (email.smtp_url is empty)".into()),
        Err(e) => return fail(e.to_string()),
    };
    match mailer.send(address, SUBJECT, BODY) {
        Ok(()) => {
            println!(
                "the mail server accepted a test message to {}",
                mask_email(address)
            );
            ExitCode::SUCCESS
        }
        Err(e) => fail(format!("could not send to {}: {e}", mask_email(address))),
    }
}
