//! `solace users ...`: the command-line front end of the account use cases. Works on the data
//! directory's database next to a running server without taking its lock file (SQLite WAL and a busy
//! timeout keep both safe). Text for people, `--json` for scripts; exit 0 done, 1 not found or failed.

use std::io::{BufRead, Write};
use std::process::ExitCode;

use crate::db::Connection;
use serde_json::{Value, json};

use crate::accounts::neighbours::Neighbours;
use crate::accounts::store::AccountRow;
use crate::accounts::{AccountError, disable, find, list, recovery, remove_factors};
use crate::cli::UsersCommand;
use crate::config::Config;
use crate::db;
use crate::logging::mask_email;
use crate::neighbours::{Features, delete_account};

pub fn run(config: &Config, command: &UsersCommand, json: bool) -> ExitCode {
    let opened = config
        .database
        .server()
        .and_then(|postgres| db::open_for_command_on(&config.server.data_dir, postgres));
    let mut conn = match opened {
        Ok(c) => c,
        Err(e) => return fail(json, &e.to_string()),
    };
    match execute(config, &mut conn, command, json) {
        Ok(code) => code,
        Err(e) => fail(json, &e.to_string()),
    }
}

fn execute(
    config: &Config,
    c: &mut Connection,
    command: &UsersCommand,
    json: bool,
) -> Result<ExitCode, AccountError> {
    match command {
        UsersCommand::List { show_emails } => {
            let accounts = list::list(c)?;
            if json {
                let rows: Vec<Value> = accounts
                    .iter()
                    .map(|a| Ok(account_json(a, &copy_of(c, a)?, *show_emails)))
                    .collect::<Result<_, AccountError>>()?;
                print_json(&json!({ "users": rows }));
            } else if accounts.is_empty() {
                println!("No accounts yet.");
            } else {
                print_table(&accounts, *show_emails);
            }
        }
        UsersCommand::Show { account } => {
            let a = find::find(c, account)?;
            let copy = copy_of(c, &a)?;
            if json {
                print_json(&account_json(&a, &copy, true));
            } else {
                print_account(&a, &copy);
            }
        }
        UsersCommand::Disable { account } => {
            let a = disable::disable(c, account)?;
            report(json, &a, "disabled", "is disabled; its sessions have ended");
        }
        UsersCommand::Enable { account } => {
            let a = disable::enable(c, account)?;
            report(json, &a, "enabled", "can sign in again");
        }
        UsersCommand::Delete { account, yes } => {
            let a = find::find(c, account)?;
            if !yes && !confirm(&a) {
                eprintln!("solace: nothing was deleted");
                return Ok(ExitCode::FAILURE);
            }
            let gone = delete_account(c, &a.id)?;
            report(
                json,
                &gone.account,
                "deleted",
                "and its sessions are deleted",
            );
            if gone.alarms_raised > 0 {
                // Said on stderr, so `--json` output stays one object.
                eprintln!(
                    "A check-in of this account was running: its alert goes now to the people she chose \
                     (within seconds while the server runs, else when it starts)."
                );
            }
        }
        UsersCommand::RemoveFactors { account } => {
            let (a, removed) = remove_factors::remove_all(c, account)?;
            if json {
                print_json(&json!({
                    "id": a.id, "email": a.email, "result": "factors_removed", "removed": removed,
                }));
            } else if removed == 0 {
                println!(
                    "The account {} has no two-step sign-in set up; nothing to remove.",
                    a.email
                );
            } else {
                println!(
                    "Removed {removed} two-step sign-in authenticator(s) from {}. She signs in with her \
                     password alone now and can add a new authenticator in Settings.",
                    a.email
                );
            }
        }
        UsersCommand::RecoveryLink { account } => {
            let lifetime = config.auth.recovery_link_lifetime.0;
            let link = recovery::create(c, account, &config.server.site_url, lifetime)?;
            let expires = rfc3339(link.expires_at);
            if json {
                print_json(&json!({
                    "id": link.account.id,
                    "email": link.account.email,
                    "link": link.url,
                    "expires_at": expires,
                }));
            } else {
                println!("{}", link.url);
                eprintln!(
                    "This link lets the owner of {} choose a new password. It works once, until {expires}. \
                     Hand it over in person; anyone holding it can open the account.",
                    link.account.email
                );
            }
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn fail(json: bool, message: &str) -> ExitCode {
    if json {
        print_json(&json!({ "error": message }));
    }
    eprintln!("solace: {message}");
    ExitCode::FAILURE
}

fn print_json(v: &Value) {
    println!("{v}");
}

fn rfc3339(ms: i64) -> String {
    chrono::DateTime::from_timestamp_millis(ms)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Secs, true))
        .unwrap_or_default()
}

fn email(a: &AccountRow, show: bool) -> String {
    if show {
        a.email.clone()
    } else {
        mask_email(&a.email)
    }
}

fn disabled(a: &AccountRow) -> bool {
    crate::accounts::disabled_by(a.banned_until.as_deref())
}

/// Her encrypted copy on the server: its size and when it last changed, all the operator can know of it.
type Copy = Option<(i64, String)>;

fn copy_of(c: &Connection, a: &AccountRow) -> Result<Copy, AccountError> {
    Features.copy_of(c, &a.id)
}

fn account_json(a: &AccountRow, copy: &Copy, show_email: bool) -> Value {
    json!({
        "id": a.id,
        "email": email(a, show_email),
        "created_at": a.created_at,
        "last_sign_in_at": a.last_sign_in_at,
        "disabled": disabled(a),
        "banned_until": a.banned_until,
        "providers": a.providers,
        "sessions": a.sessions,
        "factors": a.factors,
        "copy": copy.as_ref().map(|(bytes, at)| json!({"bytes": bytes, "updated_at": at})),
    })
}

/// A size as people read it: bytes, KiB or MiB.
fn size(bytes: i64) -> String {
    match bytes {
        b if b < 1024 => format!("{b} bytes"),
        b if b < 1024 * 1024 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{:.1} MiB", b as f64 / (1024.0 * 1024.0)),
    }
}

/// Dates shortened to the minute: the table is for reading, `--json` has the full values.
fn short(at: Option<&str>) -> String {
    at.map_or_else(
        || "never".into(),
        |t| t.chars().take(16).collect::<String>().replace('T', " "),
    )
}

fn print_table(accounts: &[AccountRow], show_emails: bool) {
    let emails: Vec<String> = accounts.iter().map(|a| email(a, show_emails)).collect();
    let width = emails
        .iter()
        .map(|e| e.chars().count())
        .max()
        .unwrap_or(0)
        .max(5);
    println!(
        "{:<36}  {:<width$}  {:<16}  {:<16}  {:<8}  FACTORS",
        "ID", "EMAIL", "CREATED", "LAST SIGN-IN", "DISABLED"
    );
    for (a, e) in accounts.iter().zip(&emails) {
        println!(
            "{:<36}  {:<width$}  {:<16}  {:<16}  {:<8}  {}",
            a.id,
            e,
            short(Some(&a.created_at)),
            short(a.last_sign_in_at.as_deref()),
            if disabled(a) { "yes" } else { "no" },
            a.factors
        );
    }
}

fn print_account(a: &AccountRow, copy: &Copy) {
    println!("id:            {}", a.id);
    println!("email:         {}", a.email);
    println!("created:       {}", a.created_at);
    println!(
        "last sign-in:  {}",
        a.last_sign_in_at.as_deref().unwrap_or("never")
    );
    println!("disabled:      {}", if disabled(a) { "yes" } else { "no" });
    println!("sign-in with:  {}", a.providers.join(", "));
    println!("sessions:      {}", a.sessions);
    println!("two-step:      {} authenticator(s)", a.factors);
    match copy {
        Some((bytes, at)) => println!("server copy:   {}, changed {at}", size(*bytes)),
        None => println!("server copy:   none"),
    }
}

fn report(json: bool, a: &AccountRow, action: &str, text: &str) {
    if json {
        print_json(&json!({ "id": a.id, "email": a.email, "result": action }));
    } else {
        println!("The account {} {text}.", a.email);
    }
}

/// Asks on the terminal; only the whole word "yes" deletes.
fn confirm(a: &AccountRow) -> bool {
    eprint!(
        "Delete the account {} and end all its sessions? This cannot be undone. Type yes to delete: ",
        a.email
    );
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer).is_ok() && answer.trim() == "yes"
}
