//! Evidence bundles: checking one without the server or a network (`solace verify-evidence`), so a
//! lawyer, a police officer or a court expert can confirm that no entry was changed, removed or
//! back-dated (docs/evidence.md).

pub mod archive;
pub mod bundle;
pub mod password;
pub mod token;

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;

use bundle::{Failure, Report, Trust};

/// What the reader must compare when the stamps were checked against the bundle's own certificate:
/// anyone can make a certificate, so only the operator's published one says whose stamps these are.
const COMPARE_OWN: &str = "  this is the certificate inside the bundle, and anyone can make one: compare its SHA-256 \
with the one the service's operator publishes (their server gives the certificate at \
/api/timestamp/certificate, and their documentation lists its SHA-256), or check again with \
--certificate FILE, the certificate they published";
const COMPARE_SECOND: &str = "  not checked: this certificate came inside the tokens, and anyone can make one; \
check again with --second-certificate FILE, the certificate that authority publishes";

const LOCKED: &str = "it is locked with a password. Give the password with --password-file FILE \
(a file that holds only the password), or run this command in a terminal to be asked for it";
const WRONG_PASSWORD: &str = "this password does not open it. Check the password with the person who \
gave you the file: capitals, spaces and every character count";

/// `solace verify-evidence FILE`: prints the authorities and each entry with its stamped time; exit 0
/// when everything is intact, 1 naming the first entry or member that is not, 2 when the file cannot be
/// read as a bundle (not a bundle at all, or locked and the password missing or wrong).
pub fn run(file: &Path, trust: Trust, password_file: Option<&Path>) -> ExitCode {
    let cannot = |why: &dyn std::fmt::Display| {
        eprintln!(
            "solace: {}: not a readable evidence bundle: {why}",
            file.display()
        );
        ExitCode::from(2)
    };
    let given = match password_file.map(password::from_file).transpose() {
        Ok(given) => given,
        Err(problem) => return cannot(&problem),
    };
    let mut result = bundle::verify(file, trust, given.as_deref());
    if matches!(result, Err(Failure::Locked)) && std::io::stdin().is_terminal() {
        result = match password::ask(file) {
            Ok(typed) => bundle::verify(file, trust, Some(&typed)),
            Err(problem) => return cannot(&problem),
        };
    }
    match result {
        Ok(report) => {
            print(&report);
            ExitCode::SUCCESS
        }
        Err(Failure::Unreadable(why)) => cannot(&why),
        Err(Failure::Locked) => cannot(&LOCKED),
        Err(Failure::WrongPassword) => cannot(&WRONG_PASSWORD),
        Err(failure) => {
            eprintln!("FAILED  {failure}");
            ExitCode::from(1)
        }
    }
}

fn print(report: &Report) {
    let given = "  the certificate you gave with";
    let first = if report.authority_given {
        format!("{given} --certificate")
    } else {
        COMPARE_OWN.to_string()
    };
    print_authority("time-stamping authority", &report.authority, &first);
    let second = if report.second_checked {
        format!("{given} --second-certificate")
    } else {
        COMPARE_SECOND.to_string()
    };
    for s in &report.second_authorities {
        print_authority("second authority", s, &second);
    }
    let utc = |at: i64| {
        chrono::DateTime::from_timestamp(at, 0)
            .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string())
            .unwrap_or_default()
    };
    for e in &report.entries {
        let stamped = utc(e.stamped_at);
        let second = match &e.second {
            Some(s) if report.second_checked => {
                format!(", and by the second authority {}", utc(s.at))
            }
            Some(s) => format!(
                ", and (not checked) by {} {}",
                report.second_authorities[s.authority].subject,
                utc(s.at)
            ),
            None => String::new(),
        };
        let shown = if e.withheld {
            " (content not in this bundle)"
        } else {
            ""
        };
        println!(
            "OK  {} {}: written {} (the device's clock), stamped {stamped}{second}{shown}",
            e.kind, e.id, e.written_at
        );
    }
    let whose = if report.authority_given {
        "by the certificate you gave"
    } else {
        "by the certificate inside the bundle (compare it, above)"
    };
    println!(
        "all {} entries are intact, in their chain, and were stamped when they say, {whose}",
        report.entries.len()
    );
}

fn print_authority(what: &str, a: &bundle::Authority, note: &str) {
    println!("{what}: {}", a.subject);
    println!("  certificate SHA-256: {}", a.sha256);
    println!("{note}");
}
