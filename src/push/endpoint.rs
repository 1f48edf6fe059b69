//! Which endpoints a subscription may name: the server POSTs to them, so an endpoint chosen freely would
//! let anyone with an account make the server reach hosts inside the operator's network (SSRF). Only https
//! on port 443 to a push service named in `[push] allowed_hosts` (never an IP address), or in tests the
//! configured loopback stand-in; redirects are never followed (src/push/send.rs).

use url::{Host, Url};

use super::config::PushConfig;

pub const MAX_LEN: usize = 2048;

pub fn allowed(endpoint: &str, config: &PushConfig) -> bool {
    if endpoint.len() > MAX_LEN {
        return false;
    }
    let Ok(url) = Url::parse(endpoint) else {
        return false;
    };
    if let Some(test) = &config.test_endpoint
        && under_test_endpoint(&url, test)
    {
        return true;
    }
    if url.scheme() != "https" || !url.username().is_empty() || url.password().is_some() {
        return false;
    }
    if url.port().is_some_and(|p| p != 443) {
        return false;
    }
    let Some(Host::Domain(name)) = url.host() else {
        return false;
    };
    config
        .allowed_hosts
        .iter()
        .any(|h| name == h || name.ends_with(&format!(".{h}")))
}

/// The test stand-in's endpoints, compared as parsed URLs: the same scheme, host and port, no user
/// name or password, and a path under the configured one. A string prefix would let
/// `http://127.0.0.1:P@localhost:Q/…` (user "127.0.0.1", password "P") through to port Q.
fn under_test_endpoint(url: &Url, test: &str) -> bool {
    let Ok(test) = Url::parse(test) else {
        return false;
    };
    url.scheme() == test.scheme()
        && url.username().is_empty()
        && url.password().is_none()
        && url.host() == test.host()
        && url.port_or_known_default() == test.port_or_known_default()
        && url.path().starts_with(test.path())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_known_push_services_over_https() {
        let c = PushConfig::default();
        assert!(allowed("https://fcm.googleapis.com/fcm/send/abc", &c));
        assert!(allowed(
            "https://updates.push.services.mozilla.com/wpush/v2/x",
            &c
        ));
        assert!(allowed("https://web.push.apple.com/QO1", &c));
        for bad in [
            "http://fcm.googleapis.com/fcm/send/abc",
            "https://fcm.googleapis.com:8443/x",
            "https://evilfcm.googleapis.com.example/x",
            "https://notfcm.googleapis.com.attacker.org/x",
            "https://127.0.0.1/x",
            "https://[::1]/x",
            "https://169.254.169.254/latest",
            "https://user@fcm.googleapis.com/x",
            "https://intranet.local/x",
            "not a url",
        ] {
            assert!(!allowed(bad, &c), "{bad}");
        }
    }

    #[test]
    fn the_test_stand_in_only_under_its_prefix() {
        let c = PushConfig {
            test_endpoint: Some("http://127.0.0.1:4000/push/".into()),
            ..PushConfig::default()
        };
        assert!(allowed("http://127.0.0.1:4000/push/abc", &c));
        assert!(!allowed("http://127.0.0.1:4001/push/abc", &c));
        assert!(!allowed("http://127.0.0.1:4000/admin", &c));
    }

    #[test]
    fn the_test_stand_in_cannot_be_named_by_a_user_name() {
        let c = PushConfig {
            test_endpoint: Some("http://127.0.0.1:4000".into()),
            ..PushConfig::default()
        };
        assert!(allowed("http://127.0.0.1:4000/push/abc", &c));
        for bad in [
            "http://127.0.0.1:4000@localhost:4001/stolen",
            "http://127.0.0.1:4000@127.0.0.1:4001/stolen",
            "http://user@127.0.0.1:4000/push/abc",
            "https://127.0.0.1:4000/push/abc",
        ] {
            assert!(!allowed(bad, &c), "{bad}");
        }
    }
}
