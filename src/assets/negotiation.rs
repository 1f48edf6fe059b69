//! What a request asks for: the encodings it accepts, and whether it already holds the current version.

use actix_web::http::header::HeaderValue;

use super::Encoding;

/// Encodings the client accepts, best first (brotli before gzip). An explicit `q=0` refuses one; `*` stands
/// for any encoding not named. Parsed in place: this runs for every file served.
pub fn accepted_encodings(header: Option<&str>) -> Vec<Encoding> {
    let Some(header) = header else {
        return Vec::new();
    };
    // The first weight given for each name, as a client that repeats a name means its first mention.
    let (mut br, mut gzip, mut x_gzip, mut any) = (None, None, None, None);
    for part in header.split(',') {
        let mut pieces = part.split(';');
        let name = pieces.next().unwrap_or("").trim();
        let q = pieces
            .find_map(|p| p.trim().strip_prefix("q=")?.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        let slot = if name.eq_ignore_ascii_case("br") {
            &mut br
        } else if name.eq_ignore_ascii_case("gzip") {
            &mut gzip
        } else if name.eq_ignore_ascii_case("x-gzip") {
            &mut x_gzip
        } else if name == "*" {
            &mut any
        } else {
            continue;
        };
        slot.get_or_insert(q);
    }
    let mut accepted = Vec::new();
    if br.or(any).unwrap_or(0.0) > 0.0 {
        accepted.push(Encoding::Brotli);
    }
    if gzip.or(x_gzip).or(any).unwrap_or(0.0) > 0.0 {
        accepted.push(Encoding::Gzip);
    }
    accepted
}

/// True when an `If-None-Match` header lists `etag` (weak comparison, as RFC 9110 asks for GET).
pub(super) fn none_match(header: Option<&str>, etag: &HeaderValue) -> bool {
    let Some(header) = header else { return false };
    let etag = etag.to_str().unwrap_or_default();
    header
        .split(',')
        .map(str::trim)
        .any(|tag| tag == "*" || tag.trim_start_matches("W/") == etag)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prefers_brotli_then_gzip() {
        assert_eq!(
            accepted_encodings(Some("gzip, deflate, br")),
            vec![Encoding::Brotli, Encoding::Gzip]
        );
        assert_eq!(accepted_encodings(Some("gzip")), vec![Encoding::Gzip]);
        assert_eq!(accepted_encodings(None), vec![]);
    }

    #[test]
    fn q_zero_excludes_an_encoding() {
        assert_eq!(
            accepted_encodings(Some("br;q=0, gzip;q=0.5")),
            vec![Encoding::Gzip]
        );
        assert_eq!(accepted_encodings(Some("*, br;q=0")), vec![Encoding::Gzip]);
        assert_eq!(accepted_encodings(Some("identity")), vec![]);
        assert_eq!(
            accepted_encodings(Some("BR;q=0.1, x-gzip")),
            vec![Encoding::Brotli, Encoding::Gzip]
        );
        assert_eq!(accepted_encodings(Some("br;q=0, br")), vec![]);
    }

    #[test]
    fn if_none_match_uses_weak_comparison() {
        let tag = HeaderValue::from_static("\"abc\"");
        assert!(none_match(Some("\"x\", W/\"abc\""), &tag));
        assert!(none_match(Some("*"), &tag));
        assert!(!none_match(Some("\"abd\""), &tag));
    }
}
