//! Evidence bundles: checking one without the server or a network (`solace verify-evidence`), so a
//! lawyer, a police officer or a court expert can confirm that no entry was changed, removed or
//! back-dated (docs/evidence.md).

pub mod bundle;
pub mod token;

use std::path::Path;
use std::process::ExitCode;

/// `solace verify-evidence FILE`: prints each entry with its stamped time; exit 0 when everything is
/// intact, 1 naming the first entry that is not, 2 when the file is not a bundle at all.
pub fn run(file: &Path, certificate: Option<&Path>) -> ExitCode {
    match bundle::verify(file, certificate) {
        Ok(report) => {
            println!(
                "time-stamping certificate SHA-256: {}",
                report.certificate_sha256
            );
            let utc = |at: i64| {
                chrono::DateTime::from_timestamp(at, 0)
                    .map(|t| t.format("%Y-%m-%d %H:%M:%S UTC").to_string())
                    .unwrap_or_default()
            };
            for e in &report.entries {
                let stamped = utc(e.stamped_at);
                let second = e
                    .second_stamped_at
                    .map(|at| format!(", and by the second authority {}", utc(at)))
                    .unwrap_or_default();
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
            println!(
                "all {} entries are intact, in their chain, and were stamped when they say",
                report.entries.len()
            );
            ExitCode::SUCCESS
        }
        Err(bundle::Failure::Unreadable(why)) => {
            eprintln!(
                "solace: {}: not a readable evidence bundle: {why}",
                file.display()
            );
            ExitCode::from(2)
        }
        Err(failure) => {
            eprintln!("FAILED  {failure}");
            ExitCode::from(1)
        }
    }
}
