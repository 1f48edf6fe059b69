//! `solace advocates ...`: the operator makes, lists and removes advocate accounts. A new advocate gets
//! a one-time set-up link (as `users recovery-link`) to choose a password; the advocates' area then asks
//! for two-step sign-in before it shows anything.

use std::process::ExitCode;

use crate::db::Connection;
use serde_json::json;

use crate::accounts::{self, AccountError};
use crate::advocates::errors::AdvocateError;
use crate::advocates::store::{advocates as store, links};
use crate::cli::AdvocatesCommand;
use crate::config::Config;
use crate::db;
use crate::logging::mask_email;
use crate::operators::errors::OperatorError;
use crate::operators::use_cases::advocates;

#[derive(Debug, thiserror::Error)]
enum CommandError {
    #[error("{0} is not an advocate")]
    NotAnAdvocate(String),
    #[error(transparent)]
    Account(#[from] AccountError),
    #[error(transparent)]
    Advocate(#[from] AdvocateError),
    #[error(transparent)]
    Operator(#[from] OperatorError),
    #[error(transparent)]
    Db(#[from] db::DbError),
}

pub fn run(config: &Config, command: &AdvocatesCommand) -> ExitCode {
    let result = config
        .database
        .server()
        .and_then(|postgres| db::open_for_command_on(&config.server.data_dir, postgres))
        .map_err(CommandError::from)
        .and_then(|mut c| execute(config, &mut c, command));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solace: {e}");
            ExitCode::FAILURE
        }
    }
}

fn execute(
    config: &Config,
    c: &mut Connection,
    command: &AdvocatesCommand,
) -> Result<(), CommandError> {
    match command {
        AdvocatesCommand::Add { email, name } => {
            let lifetime = config.auth.recovery_link_lifetime.0;
            let added = advocates::add_on(c, &config.server.site_url, lifetime, email, name)?;
            println!("{}", added.link);
            eprintln!(
                "Advocate {} ({}) added. Give them this set-up link in person: it works once, for {} \
                 minutes, to choose a password; they then set up two-step sign-in before seeing anything.",
                added.name,
                mask_email(&added.address),
                lifetime.as_secs() / 60
            );
        }
        AdvocatesCommand::List => {
            let all = store::list(c)?;
            if all.is_empty() {
                println!("No advocates yet.");
            }
            for a in all {
                let account = accounts::store::find(c, &a.account_id)?;
                let people = links::links_of_advocate(c, &a.account_id)?.len();
                let ready =
                    a.public_key.is_some() && account.as_ref().is_some_and(|x| x.factors > 0);
                println!(
                    "{}\t{}\t{}\t{} paired\t{}",
                    a.name,
                    account.map_or_else(String::new, |x| mask_email(&x.email)),
                    if ready { "ready" } else { "not set up yet" },
                    people,
                    json!(a.created_at).as_str().unwrap_or_default()
                );
            }
        }
        AdvocatesCommand::Remove { email } => {
            let account = accounts::find::find(c, email)?;
            if store::find(c, &account.id)?.is_none() {
                return Err(CommandError::NotAnAdvocate(mask_email(&account.email)));
            }
            // The account's rows take its pairings and codes with them (docs/advocates.md).
            let gone = crate::neighbours::delete_account(c, &account.id)?;
            if gone.alarms_raised > 0 {
                eprintln!("A check-in of this account was running: its alert goes now.");
            }
            println!(
                "The advocate {} is removed; nobody shares with them any more.",
                mask_email(&account.email)
            );
        }
    }
    Ok(())
}
