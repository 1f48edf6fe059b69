//! The stores number their placeholders as SQLite does (`?1`, `?2`); PostgreSQL numbers them `$1`, `$2`.
//! The rewrite runs once per statement text and connection (the prepared statement is kept, src/db/pg.rs),
//! and leaves alone what only looks like a placeholder: inside a string ('a?1'), a quoted name ("a?1") or a
//! comment.

/// `sql` with each `?N` outside strings, quoted names and comments written `$N`.
pub(super) fn numbered_for_postgres(sql: &str) -> String {
    let bytes = sql.as_bytes();
    let mut out = String::with_capacity(sql.len());
    let mut i = 0;
    while i < bytes.len() {
        let rest = &sql[i..];
        // The end of what is skipped whole: a string, a quoted name, a comment.
        let skipped = match bytes[i] {
            b'\'' => Some(closing(rest, 1, "'")),
            b'"' => Some(closing(rest, 1, "\"")),
            b'-' if rest.starts_with("--") => Some(closing(rest, 2, "\n")),
            b'/' if rest.starts_with("/*") => Some(closing(rest, 2, "*/")),
            _ => None,
        };
        if let Some(len) = skipped {
            out.push_str(&rest[..len]);
            i += len;
            continue;
        }
        if bytes[i] == b'?' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            out.push('$');
            i += 1;
            continue;
        }
        let c = rest.chars().next().expect("i is on a character boundary");
        out.push(c);
        i += c.len_utf8();
    }
    out
}

/// The length of `text` up to and with the first `end` after `from` (a doubled quote, `''`, is a quote
/// inside the string: the search goes on after it); all of `text` when it never ends.
fn closing(text: &str, from: usize, end: &str) -> usize {
    let mut at = from;
    while let Some(found) = text[at..].find(end) {
        at += found + end.len();
        let doubled = (end == "'" || end == "\"") && text[at..].starts_with(end);
        if !doubled {
            return at;
        }
        at += end.len();
    }
    text.len()
}

#[cfg(test)]
mod tests {
    use super::numbered_for_postgres as pg;

    #[test]
    fn numbered_placeholders_become_dollars_each_time_they_appear() {
        assert_eq!(
            pg("SELECT a FROM t WHERE a = ?1 AND (b = ?2 OR c = ?1) LIMIT ?12"),
            "SELECT a FROM t WHERE a = $1 AND (b = $2 OR c = $1) LIMIT $12"
        );
        assert_eq!(pg("VALUES (?1,?2)"), "VALUES ($1,$2)");
    }

    #[test]
    fn strings_quoted_names_and_comments_are_left_as_written() {
        assert_eq!(
            pg("SELECT '?1', 'it''s ?2', \"col?3\" FROM t WHERE x = ?4 -- ?5 stays\n AND y = ?6"),
            "SELECT '?1', 'it''s ?2', \"col?3\" FROM t WHERE x = $4 -- ?5 stays\n AND y = $6"
        );
        assert_eq!(
            pg("SELECT /* ?1 */ ?2, 'नमस्ते ?3' || ?4"),
            "SELECT /* ?1 */ $2, 'नमस्ते ?3' || $4"
        );
        // A lone `?` is no placeholder of ours (the stores never write one): it stays, and PostgreSQL
        // refuses it, rather than it being numbered by guess.
        assert_eq!(pg("SELECT ? , 'open"), "SELECT ? , 'open");
    }
}
