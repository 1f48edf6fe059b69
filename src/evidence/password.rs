//! The password of a locked bundle, given so that it never stands on a command line (where shell
//! history and the process list would keep it): from a file (`--password-file`), or asked on the
//! terminal without echo when the bundle turns out to be locked.

use std::io::Read;
use std::path::Path;

/// No one types a password this long; a bigger file is not a password file.
const MAX_PASSWORD_BYTES: u64 = 4096;

/// Why no password could be had.
#[derive(Debug, thiserror::Error)]
pub enum PasswordProblem {
    #[error("cannot read the password file {file}: {why}")]
    File { file: String, why: String },
    #[error("the password file {0} is empty")]
    Empty(String),
    #[error("the password file {0} is too large to hold only a password")]
    TooLarge(String),
    #[error("cannot ask for the password on this terminal: {0}")]
    Terminal(String),
}

/// The file's bytes, less one line ending at its end (as an editor or `echo` leaves one); everything
/// else, spaces included, is the password.
pub fn from_file(path: &Path) -> Result<Vec<u8>, PasswordProblem> {
    let name = || path.display().to_string();
    let unreadable = |e: std::io::Error| PasswordProblem::File {
        file: name(),
        why: e.to_string(),
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(unreadable)?
        .take(MAX_PASSWORD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_PASSWORD_BYTES {
        return Err(PasswordProblem::TooLarge(name()));
    }
    for ending in [&b"\n"[..], b"\r"] {
        if bytes.ends_with(ending) {
            bytes.pop();
        }
    }
    if bytes.is_empty() {
        return Err(PasswordProblem::Empty(name()));
    }
    Ok(bytes)
}

/// Asks on the terminal, without showing what is typed.
pub fn ask(bundle: &Path) -> Result<Vec<u8>, PasswordProblem> {
    let prompt = format!(
        "{} is locked with a password. Type it (it is not shown) and press Enter: ",
        bundle.display()
    );
    rpassword::prompt_password(prompt)
        .map(String::into_bytes)
        .map_err(|e| PasswordProblem::Terminal(e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file_with(bytes: &[u8]) -> tempfile::NamedTempFile {
        let file = tempfile::NamedTempFile::new().unwrap();
        std::fs::write(file.path(), bytes).unwrap();
        file
    }

    #[test]
    fn one_line_ending_is_dropped_and_everything_else_is_the_password() {
        for (written, password) in [
            (&b"mango tree\n"[..], &b"mango tree"[..]),
            (b"mango tree\r\n", b"mango tree"),
            (b" mango tree ", b" mango tree "),
            (b"mango tree\n\n", b"mango tree\n"),
            ("आम का पेड़\n".as_bytes(), "आम का पेड़".as_bytes()),
        ] {
            assert_eq!(from_file(file_with(written).path()).unwrap(), password);
        }
    }

    #[test]
    fn an_empty_missing_or_huge_file_is_no_password() {
        assert!(matches!(
            from_file(file_with(b"\n").path()),
            Err(PasswordProblem::Empty(_))
        ));
        assert!(matches!(
            from_file(Path::new("/nonexistent/password.txt")),
            Err(PasswordProblem::File { .. })
        ));
        assert!(matches!(
            from_file(file_with(&[b'a'; 5000]).path()),
            Err(PasswordProblem::TooLarge(_))
        ));
    }
}
