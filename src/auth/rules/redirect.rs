//! Where the browser may be sent after Google sign-in (docs/auth-contract.md; GoTrue's
//! `utilities/request.go`): the site URL's own origin (any port on localhost), or an address matching
//! one of `auth.additional_redirect_urls`. Anything else silently becomes the site URL, so the sign-in
//! page cannot be turned into an open redirect that hands tokens to a stranger.

use std::net::IpAddr;

use url::{Host, Url};

pub struct RedirectPolicy {
    site_url: String,
    site: Option<Url>,
    globs: Vec<Vec<Part>>,
}

#[derive(Debug, Clone, PartialEq)]
enum Part {
    Literal(char),
    /// `?`: one character that is not a separator.
    One,
    /// `*`: any run of characters without `.` or `/`.
    Segment,
    /// `**`: anything.
    Any,
}

impl RedirectPolicy {
    pub fn new(site_url: &str, allow: &[String]) -> Self {
        Self {
            site_url: site_url.to_string(),
            site: Url::parse(site_url).ok(),
            globs: allow.iter().map(|g| compile(g.trim())).collect(),
        }
    }

    pub fn site_url(&self) -> &str {
        &self.site_url
    }

    /// The first acceptable candidate (`redirect_to`, then the Referer), else the site URL.
    pub fn resolve(&self, candidates: &[Option<&str>]) -> String {
        candidates
            .iter()
            .flatten()
            .find(|c| self.allowed(c))
            .map(|c| c.to_string())
            .unwrap_or_else(|| self.site_url.clone())
    }

    pub fn allowed(&self, candidate: &str) -> bool {
        let Ok(url) = Url::parse(candidate.trim()) else {
            return false;
        };
        if !matches!(url.scheme(), "http" | "https") {
            return false;
        }
        match url.host() {
            None => return false,
            Some(Host::Domain(d)) if d.chars().all(|c| c.is_ascii_digit() || c == '.') => {
                return false;
            }
            Some(Host::Ipv4(ip)) if !IpAddr::V4(ip).is_loopback() => return false,
            Some(Host::Ipv6(ip)) if !IpAddr::V6(ip).is_loopback() => return false,
            _ => {}
        }
        if let Some(site) = &self.site
            && site.scheme() == url.scheme()
            && site.host_str() == url.host_str()
            && (site.port_or_known_default() == url.port_or_known_default()
                || url.host_str() == Some("localhost"))
        {
            return true;
        }
        let mut without_fragment = url.clone();
        without_fragment.set_fragment(None);
        let text: Vec<char> = without_fragment.as_str().chars().collect();
        let raw: Vec<char> = candidate
            .trim()
            .split('#')
            .next()
            .unwrap_or("")
            .chars()
            .collect();
        self.globs
            .iter()
            .any(|g| matches(g, &text) || matches(g, &raw))
    }
}

fn compile(glob: &str) -> Vec<Part> {
    let mut parts = Vec::new();
    let mut chars = glob.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                parts.push(Part::Any);
            }
            '*' => parts.push(Part::Segment),
            '?' => parts.push(Part::One),
            '\\' => parts.push(Part::Literal(chars.next().unwrap_or('\\'))),
            c => parts.push(Part::Literal(c)),
        }
    }
    parts
}

fn is_separator(c: char) -> bool {
    c == '.' || c == '/'
}

fn matches(glob: &[Part], text: &[char]) -> bool {
    match glob.split_first() {
        None => text.is_empty(),
        Some((Part::Literal(c), rest)) => text.first() == Some(c) && matches(rest, &text[1..]),
        Some((Part::One, rest)) => {
            text.first().is_some_and(|c| !is_separator(*c)) && matches(rest, &text[1..])
        }
        Some((Part::Segment, rest)) => {
            let run = text.iter().take_while(|c| !is_separator(**c)).count();
            (0..=run).any(|n| matches(rest, &text[n..]))
        }
        Some((Part::Any, rest)) => (0..=text.len()).any(|n| matches(rest, &text[n..])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn policy() -> RedirectPolicy {
        RedirectPolicy::new(
            "https://support.example.org",
            &[
                "https://*.example.net/**".into(),
                "http://localhost:5173/*".into(),
            ],
        )
    }

    #[test]
    fn site_origin_is_allowed_with_any_path() {
        let p = policy();
        assert!(p.allowed("https://support.example.org/journal?x=1"));
        assert!(!p.allowed("http://support.example.org/"), "scheme differs");
        assert!(
            !p.allowed("https://support.example.org:8443/"),
            "port differs"
        );
    }

    #[test]
    fn globs_stop_at_dots_and_slashes() {
        let p = policy();
        assert!(p.allowed("https://app.example.net/a/b#frag"));
        assert!(
            !p.allowed("https://evil.app.example.net/"),
            "* is one label"
        );
        assert!(p.allowed("http://localhost:5173/auth"));
        assert!(!p.allowed("http://localhost:5173/a/b"));
    }

    #[test]
    fn strangers_fall_back_to_the_site() {
        let p = policy();
        assert_eq!(
            p.resolve(&[Some("https://evil.test/"), None]),
            "https://support.example.org"
        );
        assert_eq!(
            p.resolve(&[
                Some("javascript:alert(1)"),
                Some("https://support.example.org/x")
            ]),
            "https://support.example.org/x"
        );
        assert!(
            !p.allowed("http://10.0.0.1/"),
            "non-loopback IPs are refused"
        );
        assert!(!p.allowed("http://1234/"));
    }

    #[test]
    fn localhost_site_allows_any_port() {
        let p = RedirectPolicy::new("http://localhost:8080", &[]);
        assert!(p.allowed("http://localhost:5173/"));
        assert!(!p.allowed("http://127.0.0.2:5173/"));
    }
}
