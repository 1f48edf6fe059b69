//! `solace operators ...`: the operator's staff who may use the console (docs/operator.md, "Operator
//! accounts"). A new operator gets a one-time set-up link to choose a password; the console then asks for
//! two-step sign-in before it shows anything. They sign in with NAME as a private sign-in name.

use std::process::ExitCode;

use crate::db::Connection;

use crate::cli::OperatorsCommand;
use crate::config::Config;
use crate::db;
use crate::operators::errors::OperatorError;
use crate::operators::use_cases::operator_accounts::{self, OperatorRow};

pub fn run(config: &Config, command: &OperatorsCommand) -> ExitCode {
    let result = config
        .database
        .server()
        .and_then(|postgres| db::open_for_command_on(&config.server.data_dir, postgres))
        .map_err(OperatorError::from)
        .and_then(|mut c| execute(config, &mut c, command));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(OperatorError::NotFound) => {
            eprintln!("solace: no operator has this name");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("solace: {e}");
            ExitCode::FAILURE
        }
    }
}

fn execute(
    config: &Config,
    c: &mut Connection,
    command: &OperatorsCommand,
) -> Result<(), OperatorError> {
    let site = &config.server.site_url;
    let lifetime = config.auth.recovery_link_lifetime.0;
    let minutes = lifetime.as_secs() / 60;
    match command {
        OperatorsCommand::Add { name } => {
            let link = operator_accounts::add(c, site, lifetime, name)?;
            println!("{link}");
            eprintln!(
                "Operator {} added. Give them this set-up link in person: it works once, for {minutes} \
                 minutes, to choose a password. They sign in at {site}/operator with the sign-in name {} \
                 and set up two-step sign-in before the console shows anything.",
                name.trim(),
                name.trim()
            );
        }
        OperatorsCommand::List => {
            let all = operator_accounts::list(c)?;
            if all.is_empty() {
                println!("No operators yet.");
            }
            for o in all {
                println!("{}", line(&o));
            }
        }
        OperatorsCommand::Remove { name } => {
            operator_accounts::remove(c, name)?;
            println!("The operator {} is removed.", name.trim());
        }
        OperatorsCommand::Reset { name } => {
            let link = operator_accounts::reset(c, site, lifetime, name)?;
            println!("{link}");
            eprintln!(
                "The operator {}'s authenticators are removed and every session has ended. Give them this \
                 link in person: it works once, for {minutes} minutes, to choose a new password; they then \
                 set up two-step sign-in again.",
                name.trim()
            );
        }
    }
    Ok(())
}

fn line(o: &OperatorRow) -> String {
    format!(
        "{}\t{}\t{}\tlast sign-in {}\tsince {}",
        o.name,
        if o.password_set {
            "set up"
        } else {
            "not set up yet"
        },
        if o.two_step {
            "two-step on"
        } else {
            "two-step not set up"
        },
        o.last_sign_in_at.as_deref().unwrap_or("never"),
        o.created_at
    )
}
