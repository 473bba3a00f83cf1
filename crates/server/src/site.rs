//! The server's own address as the reader's browser reaches it, for links a person copies
//! out of a page (a seat's invitation): the operator's `--public-url` when there is one, else
//! the scheme and `Host` of the request being answered, which is the address the browser has
//! in its bar. A link in a mail needs `--public-url`: a mail answers no request.

use axum::http::HeaderMap;
use axum::http::header::HOST;

use crate::secure_cookies::over_https;
use crate::state::Config;

/// `https://pbm.club.example` (no trailing `/`), or `None` when the request names no host
/// this could be (HTTP/1.0 without `Host`, or a value that is no host and port).
pub fn address(config: &Config, headers: &HeaderMap) -> Option<String> {
    if let Some(url) = config.public_url.as_deref() {
        return Some(url.trim_end_matches('/').to_string());
    }
    let host = headers.get(HOST)?.to_str().ok()?;
    let is_host = !host.is_empty()
        && host.len() <= 255
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b));
    let scheme = if over_https(config, headers) {
        "https"
    } else {
        "http"
    };
    is_host.then(|| format!("{scheme}://{host}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, value.parse().unwrap());
        }
        map
    }

    #[test]
    fn the_public_url_wins_then_the_request_s_host() {
        let mut config = Config::default();
        let host = headers(&[("host", "192.168.1.20:8080")]);
        assert_eq!(
            address(&config, &host).as_deref(),
            Some("http://192.168.1.20:8080")
        );
        // Behind a trusted proxy that says the browser came over https.
        config.trust_forwarded_for = true;
        let proxied = headers(&[("host", "pbm.club.example"), ("x-forwarded-proto", "https")]);
        assert_eq!(
            address(&config, &proxied).as_deref(),
            Some("https://pbm.club.example")
        );
        config.public_url = Some("https://club.example/".into());
        assert_eq!(
            address(&config, &host).as_deref(),
            Some("https://club.example")
        );
    }

    #[test]
    fn a_host_that_is_no_host_gives_no_address() {
        let config = Config::default();
        for bad in ["", "evil.example/path", "a b", "x\"onmouseover"] {
            assert_eq!(
                address(&config, &headers(&[("host", bad)])),
                None,
                "{bad:?}"
            );
        }
        assert_eq!(address(&config, &HeaderMap::new()), None);
    }
}
