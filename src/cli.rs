//! Command-line interface. Every server flag can also come from a `SOLACE_*` environment variable;
//! clap gives the flag precedence over the variable, which is the last two layers of the config.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use serde::Deserialize;

#[derive(Parser, Debug)]
#[command(
    name = "solace",
    version,
    about = "Solace: a private emotional-support and safety web app, served by one binary.",
    long_about = "Solace: a private emotional-support and safety web app, served by one binary.\n\n\
                  Without a subcommand it runs `serve`. Settings come from built-in defaults, then the config \
                  file, then SOLACE_* environment variables, then flags (each overrides the one before)."
)]
pub struct Cli {
    #[command(flatten)]
    pub overrides: Overrides,

    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Settings that can be given on the command line or in the environment.
#[derive(Args, Debug, Default, Clone)]
pub struct Overrides {
    /// TOML config file to read (see `solace generate-config`)
    #[arg(long, env = "SOLACE_CONFIG", value_name = "FILE", global = true)]
    pub config: Option<PathBuf>,

    /// Address to listen on, e.g. 127.0.0.1 or 0.0.0.0 [default: 127.0.0.1]
    #[arg(long, env = "SOLACE_BIND", value_name = "ADDR", global = true)]
    pub bind: Option<String>,

    /// TCP port to listen on [default: 8080]
    #[arg(long, env = "SOLACE_PORT", value_name = "N", global = true)]
    pub port: Option<u16>,

    /// Directory for the database, signing keys and lock file [default: ./data]
    #[arg(long, env = "SOLACE_DATA_DIR", value_name = "DIR", global = true)]
    pub data_dir: Option<PathBuf>,

    /// OpenWeatherMap API key (or SOLACE_WEATHER_API_KEY_FILE); without one, Open-Meteo is used
    #[arg(
        long,
        env = "SOLACE_WEATHER_API_KEY",
        value_name = "KEY",
        hide_env_values = true,
        global = true
    )]
    pub weather_api_key: Option<String>,

    /// Public URL people use to reach this server, e.g. https://support.example.org
    #[arg(long, env = "SOLACE_SITE_URL", value_name = "URL", global = true)]
    pub site_url: Option<String>,

    /// Log line format [default: text]
    #[arg(
        long,
        env = "SOLACE_LOG_FORMAT",
        value_enum,
        value_name = "FORMAT",
        global = true
    )]
    pub log_format: Option<LogFormat>,
}

#[derive(Subcommand, Debug, Clone)]
pub enum Command {
    /// Run the web server (what `solace` does with no subcommand)
    Serve,
    /// Print a commented config file with every key and its default
    GenerateConfig,
    /// Check the configuration: exit 0 when valid, 2 with the reason when not
    ValidateConfig {
        /// Also reach the database and the file store named by `[database] url` and `[storage] url`:
        /// ask a PostgreSQL server for its version, list one key of an S3 bucket. Exit 1 naming what
        /// failed when one cannot be reached
        #[arg(long)]
        connect: bool,
    },
    /// Copy the database to FILE while the server keeps running (SQLite VACUUM INTO)
    Backup {
        /// Where to write the copy; must not exist yet
        #[arg(long, value_name = "FILE")]
        to: PathBuf,
    },
    /// Copy the database to PostgreSQL, or back down to SQLite: resumable and verified
    ///
    /// Copies every table of the database the configuration names ([database] url, only read, in one
    /// snapshot) into the target. Resumable: run it again after an interruption, and rows already there
    /// are skipped, never repeated. Verified: each table's row count and checksum are compared at the end.
    /// Stop the servers first; once it has copied and verified, point [database] url at the target and
    /// start them. Exit 0 when copied and verified, 1 when the copy or its verification failed (naming
    /// the table), 2 when refused (bad URL, a running server, the same database, another schema version,
    /// a target holding other data)
    MigrateData {
        /// The target: postgres://USER@HOST:PORT/DATABASE to move up from SQLite (an empty database, or
        /// one an earlier run partly filled), or sqlite://PATH to come back down from PostgreSQL
        /// (sqlite:// alone is the data directory's solace.db). Its password is never printed
        #[arg(long, value_name = "URL")]
        to: String,
        /// A file holding only the target PostgreSQL's password, rather than in the URL (which other
        /// users of the machine can see in the process list)
        #[arg(long, value_name = "FILE")]
        password_file: Option<PathBuf>,
        /// PEM certificates of the authority that signed the target PostgreSQL's certificate (unset:
        /// the public authorities)
        #[arg(long, value_name = "FILE")]
        ca_file: Option<PathBuf>,
        /// Where copy chunks and share parts go, s3://BUCKET/PREFIX: not yet available (they are in the
        /// database's tables in this version, and move with them)
        #[arg(long, value_name = "URL")]
        storage: Option<String>,
    },
    /// Manage accounts in the data directory (safe while the server runs); see `solace users --help`
    Users {
        #[command(subcommand)]
        command: UsersCommand,
        /// Print JSON instead of text, for scripts
        #[arg(long, global = true)]
        json: bool,
    },
    /// Print a service-role token for the admin API under /auth/v1/admin/. Keep it secret: whoever
    /// holds it can read, change and delete every account. It works until it expires or the
    /// signing key in the data directory is replaced
    ServiceKey {
        /// How long the token stays valid, e.g. 24h or 87600h
        #[arg(long, value_name = "DURATION", default_value = "87600h")]
        expires_in: crate::ground::span::Span,
    },
    /// Ask the running server's /health endpoint; exit 0 when it is healthy, 1 when not
    Healthcheck {
        /// Health URL to ask [default: http://<bind>:<port>/health from the config]
        #[arg(long, value_name = "URL")]
        url: Option<String>,
    },
    /// Check an evidence bundle exported from the incident log, on any machine, without a server or
    /// a network: every entry's content against its digest, the chain, the attachments and the
    /// time-stamps, and that the ZIP has one reading only. A bundle locked with a password is opened
    /// with --password-file, or in a terminal the password is asked for. Exit 0 when all is intact; 1
    /// naming the first entry or file that is not; 2 when the file cannot be read as a bundle (not a
    /// bundle, or locked and the password missing or wrong)
    VerifyEvidence {
        /// The bundle (.zip)
        file: PathBuf,
        /// Check the time-stamps against this certificate (PEM) instead of the one in the bundle, e.g.
        /// the one the service's operator published
        #[arg(long, value_name = "FILE")]
        certificate: Option<PathBuf>,
        /// Check the second authority's time-stamps against this certificate (PEM), the one that
        /// authority publishes; without it they are listed as not checked
        #[arg(long, value_name = "FILE")]
        second_certificate: Option<PathBuf>,
        /// For a bundle locked with a password: a file that holds only the password (one line ending
        /// at its end is not part of it). Never give the password itself on the command line; without
        /// this option, a terminal asks for it
        #[arg(long, value_name = "FILE")]
        password_file: Option<PathBuf>,
    },
    /// Manage advocates' accounts (caseworkers survivors can pair with); see `solace advocates --help`
    Advocates {
        #[command(subcommand)]
        command: AdvocatesCommand,
    },
    /// Manage operators' accounts (the console at /operator); see `solace operators --help`
    Operators {
        #[command(subcommand)]
        command: OperatorsCommand,
    },
    /// E-mail through the [email] section; see `solace email --help`
    Email {
        #[command(subcommand)]
        command: EmailCommand,
    },
    /// The app's texts, for adding a language; see `solace locales --help`
    Locales {
        #[command(subcommand)]
        command: LocalesCommand,
    },
}

/// `solace advocates ...`: safe while the server runs. Exit 0 done, 1 failed, 2 bad usage.
#[derive(Subcommand, Debug, Clone)]
pub enum AdvocatesCommand {
    /// Make an advocate's account and print its one-time set-up link (hand it over in person)
    Add {
        #[arg(value_name = "EMAIL")]
        email: String,
        /// The name survivors will see when they pair
        #[arg(long)]
        name: String,
    },
    /// List the advocates: name, e-mail (masked), whether set up, how many people are paired
    List,
    /// Remove an advocate's account; every pairing with it ends
    Remove {
        #[arg(value_name = "EMAIL")]
        email: String,
    },
}

/// `solace operators ...`: safe while the server runs. Exit 0 done, 1 failed, 2 bad usage.
#[derive(Subcommand, Debug, Clone)]
pub enum OperatorsCommand {
    /// Make an operator's account, signing in with the private sign-in name NAME, and print its one-time
    /// set-up link (hand it over in person)
    Add {
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// List the operators: name, whether set up, two-step sign-in, last sign-in
    List,
    /// Remove an operator's account
    Remove {
        #[arg(value_name = "NAME")]
        name: String,
    },
    /// For a lost password or authenticator: remove the operator's authenticators, end every session, and
    /// print a new one-time set-up link
    Reset {
        #[arg(value_name = "NAME")]
        name: String,
    },
}

/// `solace email ...`. Exit 0 sent, 1 failed.
#[derive(Subcommand, Debug, Clone)]
pub enum EmailCommand {
    /// Send a test message to ADDRESS, to see that the [email] settings work
    Test {
        #[arg(value_name = "ADDRESS")]
        address: String,
    },
}

/// `solace locales ...`: the app's texts as one file, to translate into a language it does not ship.
#[derive(Subcommand, Debug, Clone)]
pub enum LocalesCommand {
    /// Print the English texts as one JSON file, e.g. `solace locales export en > locales/sw.json`;
    /// translate the texts (not the names), and the server takes the file at its next start
    Export {
        /// The language to print; the app's texts are written in English (`en`)
        #[arg(value_name = "LANGUAGE")]
        language: String,
    },
}

/// `solace users ...`. ACCOUNT is an e-mail address or an account id. Exit status: 0 done, 1 no such
/// account or the change failed, 2 bad usage or configuration.
#[derive(Subcommand, Debug, Clone)]
pub enum UsersCommand {
    /// List every account: e-mail (masked unless --show-emails), created, last sign-in, disabled
    List {
        /// Show whole e-mail addresses instead of j***@example.org
        #[arg(long)]
        show_emails: bool,
    },
    /// Show one account
    Show {
        #[arg(value_name = "ACCOUNT")]
        account: String,
    },
    /// Stop an account from signing in and end its sessions
    Disable {
        #[arg(value_name = "ACCOUNT")]
        account: String,
    },
    /// Let a disabled account sign in again
    Enable {
        #[arg(value_name = "ACCOUNT")]
        account: String,
    },
    /// Delete an account with its sign-in methods and sessions (asks first unless --yes)
    Delete {
        #[arg(value_name = "ACCOUNT")]
        account: String,
        /// Do not ask for confirmation
        #[arg(long)]
        yes: bool,
    },
    /// Remove every two-step sign-in authenticator of an account (she lost her phone); she then
    /// signs in with her password alone and can add a new one in Settings
    RemoveFactors {
        #[arg(value_name = "ACCOUNT")]
        account: String,
    },
    /// Print a one-time link that lets the account's owner choose a new password
    /// (valid for auth.recovery_link_lifetime); hand it over in person
    RecoveryLink {
        #[arg(value_name = "ACCOUNT")]
        account: String,
    },
}

#[derive(ValueEnum, Deserialize, Debug, Clone, Copy, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    #[default]
    Text,
    Json,
}
