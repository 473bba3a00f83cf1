//! `postrider healthcheck URL`: asks a running server whether it is ready, for a container
//! or a service manager without curl. A plain HTTP/1.1 GET over TCP (the server listens on
//! loopback behind its TLS front), bounded in time and in what it reads.

use std::io::{Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Duration;

use anyhow::{Context, Result, bail};

/// How long the whole check may take at each step.
const TIMEOUT: Duration = Duration::from_secs(5);

/// The most of the answer that is read (its status line and a short JSON body).
const MAX_ANSWER: u64 = 64 * 1024;

/// `http://HOST:PORT[/PATH]` (default path `/readyz`) split into the address and the path.
fn target(url: &str) -> Result<(String, String)> {
    let Some(rest) = url.strip_prefix("http://") else {
        bail!(
            "healthcheck: {url:?} does not begin with http:// (check the server's own listener, not its TLS front)"
        );
    };
    let (authority, path) = match rest.find('/') {
        Some(at) => (&rest[..at], &rest[at..]),
        None => (rest, "/readyz"),
    };
    if authority.is_empty() {
        bail!("healthcheck: {url:?} names no host");
    }
    // `[::1]` has colons but no port: only digits after the last colon are one.
    let authority = if authority
        .rsplit_once(':')
        .is_some_and(|(_, port)| port.parse::<u16>().is_ok())
    {
        authority.to_string()
    } else {
        format!("{authority}:80")
    };
    Ok((authority, path.to_string()))
}

/// The server's answer: its status code and body; Ok only for 200.
pub fn check(url: &str) -> Result<String> {
    let (authority, path) = target(url)?;
    let address = authority
        .to_socket_addrs()
        .with_context(|| format!("healthcheck: {authority}"))?
        .next()
        .with_context(|| format!("healthcheck: {authority} has no address"))?;
    let mut stream = TcpStream::connect_timeout(&address, TIMEOUT)
        .with_context(|| format!("healthcheck: cannot connect to {authority}"))?;
    stream.set_read_timeout(Some(TIMEOUT))?;
    stream.set_write_timeout(Some(TIMEOUT))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\nUser-Agent: postrider-healthcheck\r\n\r\n"
    )
    .with_context(|| format!("healthcheck: writing to {authority}"))?;
    let mut answer = Vec::new();
    stream
        .take(MAX_ANSWER)
        .read_to_end(&mut answer)
        .with_context(|| format!("healthcheck: reading from {authority}"))?;
    let answer = String::from_utf8_lossy(&answer);
    let status: u16 = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .with_context(|| format!("healthcheck: {authority} did not answer in HTTP"))?;
    let body = answer
        .split_once("\r\n\r\n")
        .map_or("", |(_, body)| body)
        .trim();
    // A chunked body keeps its chunk sizes; the JSON line is what a person needs.
    let body = body
        .lines()
        .find(|line| line.starts_with('{'))
        .unwrap_or(body);
    if status != 200 {
        bail!("healthcheck: {url}: {status} {body}");
    }
    Ok(body.to_string())
}

#[cfg(test)]
mod tests {
    use super::target;

    #[test]
    fn a_url_gives_the_address_and_the_readiness_path() {
        assert_eq!(
            target("http://127.0.0.1:8080").unwrap(),
            ("127.0.0.1:8080".into(), "/readyz".into())
        );
        assert_eq!(
            target("http://localhost/healthz").unwrap(),
            ("localhost:80".into(), "/healthz".into())
        );
        assert!(target("https://pbm.example").is_err());
        assert!(target("http:///readyz").is_err());
    }
}
