//! Entry point: parse the command line, load the config, start logging, run the subcommand. Everything
//! else is in the library (`lib.rs`).

use std::process::ExitCode;

use clap::Parser;

use solace::auth::keys::service_key;
use solace::cli::{Cli, Command, LocalesCommand};
use solace::commands::{healthcheck, users};
use solace::config::{self, Config};
use solace::{data_dir, db, logging, server};

/// jemalloc, configured at build time (.cargo/config.toml) to purge freed pages in a background
/// thread within a second: memory comes back after a burst even when no further request arrives.
#[global_allocator]
static ALLOCATOR: tikv_jemallocator::Jemalloc = tikv_jemallocator::Jemalloc;

/// Exit status for a configuration the server refuses (as clap uses for bad flags).
const EXIT_CONFIG: u8 = 2;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.clone().unwrap_or(Command::Serve);
    if matches!(command, Command::GenerateConfig) {
        print!("{}", config::EXAMPLE);
        return ExitCode::SUCCESS;
    }
    // Needs no configuration: it runs on whatever machine the bundle is checked on.
    if let Command::VerifyEvidence {
        file,
        certificate,
        second_certificate,
        password_file,
    } = &command
    {
        let trust = solace::evidence::bundle::Trust {
            certificate: certificate.as_deref(),
            second_certificate: second_certificate.as_deref(),
        };
        return solace::evidence::run(file, trust, password_file.as_deref());
    }
    if let Command::Locales {
        command: LocalesCommand::Export { language },
    } = &command
    {
        return solace::local::catalogues::export(language);
    }
    let config = match Config::load(&cli.overrides, &|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("solace: invalid configuration: {e}");
            return ExitCode::from(EXIT_CONFIG);
        }
    };
    // The commands that open the data directory's database and files.
    if matches!(
        command,
        Command::Serve
            | Command::Backup { .. }
            | Command::Users { .. }
            | Command::Advocates { .. }
            | Command::Operators { .. }
            | Command::ServiceKey { .. }
            | Command::MigrateData { .. }
    ) && let Some(why) = config.not_yet_served(matches!(command, Command::Backup { .. }))
    {
        eprintln!("solace: {why}");
        return ExitCode::from(EXIT_CONFIG);
    }
    match command {
        Command::GenerateConfig | Command::VerifyEvidence { .. } | Command::Locales { .. } => {
            unreachable!("handled above")
        }
        Command::ValidateConfig { connect } => {
            for warning in config.warnings() {
                eprintln!("solace: warning: {warning}");
            }
            println!("configuration is valid");
            if connect {
                return solace::commands::connect::run(&config);
            }
            ExitCode::SUCCESS
        }
        Command::Backup { to } => match db::backup(&config.server.data_dir, &to) {
            Ok(()) => {
                println!("backup written to {}", to.display());
                if let Some(note) = config.backup_leaves_out() {
                    eprintln!("solace: note: {note}");
                }
                ExitCode::SUCCESS
            }
            Err(e) => fail(&format!("backup failed: {e}")),
        },
        Command::Healthcheck { url } => {
            let url = url.unwrap_or_else(|| healthcheck::default_url(&config));
            match healthcheck::check(&url) {
                Ok(200) => ExitCode::SUCCESS,
                Ok(status) => fail(&format!("{url} answered {status}")),
                Err(e) => fail(&e.to_string()),
            }
        }
        Command::Users { command, json } => users::run(&config, &command, json),
        Command::MigrateData {
            to,
            password_file,
            ca_file,
            storage,
        } => solace::commands::migrate_data::run(
            &config,
            &solace::commands::migrate_data::Target {
                url: &to,
                password_file: password_file.as_deref(),
                ca_file: ca_file.as_deref(),
                storage: storage.as_deref(),
            },
        ),
        Command::Advocates { command } => solace::commands::advocates::run(&config, &command),
        Command::Operators { command } => solace::commands::operators::run(&config, &command),
        Command::Email {
            command: solace::cli::EmailCommand::Test { address },
        } => solace::commands::email::test(&config, &address),
        Command::ServiceKey { expires_in } => {
            let server = &config.server;
            match service_key::create(&server.data_dir, &server.site_url, expires_in.0) {
                Ok(issued) => {
                    if let Some(key_file) = &issued.key_was_readable {
                        eprintln!(
                            "solace: warning: other users of this machine could read the signing key \
                             ({}); it is now readable by its owner only. Anyone who copied it can sign \
                             tokens: if that may have happened, stop the server, delete the file and start \
                             it again (everyone then signs in again).",
                            key_file.display()
                        );
                    }
                    println!("{}", issued.token);
                    ExitCode::SUCCESS
                }
                Err(e) => fail(&e.to_string()),
            }
        }
        Command::Serve => serve(config),
    }
}

fn serve(config: Config) -> ExitCode {
    logging::init(config.server.log_format);
    for warning in config.warnings() {
        tracing::warn!("{warning}");
    }
    let _lock = match data_dir::prepare_and_lock(&config.server.data_dir) {
        Ok(lock) => lock,
        Err(e) => return fail(&e.to_string()),
    };
    let opened = config
        .database
        .server()
        .and_then(|postgres| db::Db::open_on(&config.server.data_dir, postgres));
    let db = match opened {
        Ok(db) => db,
        Err(e) => return fail(&format!("cannot open the database: {e}")),
    };
    match actix_web::rt::System::new().block_on(server::run(config, db)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(&e.to_string()),
    }
}

fn fail(message: &str) -> ExitCode {
    tracing::error!("{message}");
    eprintln!("solace: {message}");
    ExitCode::FAILURE
}
