//! The e-mail a trusted person gets: a plain subject, her note, what to do, and nothing more of her
//! account (no name, no address, no link into the app).

/// Subject and body for an alert of `kind` ('overdue', 'duress' or 'test').
pub fn alert(kind: &str, note: &str) -> (String, String) {
    let note = if note.trim().is_empty() {
        "(They did not leave a note.)".to_string()
    } else {
        note.trim().to_string()
    };
    let (subject, opening) = match kind {
        "test" => (
            "Test: a check-in alert",
            "This is only a test; nothing has happened. Someone who trusts you is making sure their \
             check-in alerts reach you. If you expected it, there is nothing to do.\n\n\
             If a real alert ever comes, it will look like this, with the note below.",
        ),
        "duress" => (
            "Please check on someone who trusts you",
            "Someone who trusts you chose you to be told if they need help. They have just asked \
             for help through their check-in. Please act now.",
        ),
        _ => (
            "Please check on someone who trusts you",
            "Someone who trusts you chose you to be told if they did not check in on time. The time \
             they set has passed and they have not checked in.",
        ),
    };
    let body = format!(
        "{opening}\n\n\
         Their note:\n{note}\n\n\
         What to do:\n\
         - Try to reach them in the way you agreed beforehand.\n\
         - If you cannot reach them and think they may be in danger, call the emergency services and \
           tell them what the note says.\n\
         - Take care: someone else may be reading their phone or messages. Do not write about this \
           alert to them unless you agreed you could.\n\n\
         This message was sent automatically. Replies are not read.\n"
    );
    (subject.to_string(), body)
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_test_says_so_and_a_real_alert_does_not() {
        let (subject, body) = super::alert("test", "At the bank on Ring Road");
        assert!(subject.starts_with("Test") && body.contains("At the bank on Ring Road"));
        let (subject, body) = super::alert("overdue", "");
        assert!(!subject.contains("Test") && body.contains("did not leave a note"));
    }
}
