//! `postrider healthcheck URL`: asks a running server whether it is ready, for a container
//! or a service manager without curl. A plain HTTP/1.1 GET over TCP (the server listens on
//! loopback behind its TLS front), bounded in time (`--timeout`, for the whole check) and in
//! what it reads. Whatever is wrong is said in one line of words: nothing listens, a server
//! that takes the connection but does not answer (wedged), or `/readyz`'s reasons.

use std::io::{ErrorKind, Read, Write};
use std::net::{TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};

/// How long the whole check may take by default, in seconds.
pub const TIMEOUT_SECONDS: u64 = 5;

/// The most of the answer that is read (its status line and a short JSON body).
const MAX_ANSWER: usize = 64 * 1024;

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

/// The server's answer to `GET url` within `timeout`: its body when it answers 200, else
/// one line saying what is wrong.
pub fn check(url: &str, timeout: Duration) -> Result<String> {
    let (authority, path) = target(url)?;
    let address = authority
        .to_socket_addrs()
        .with_context(|| format!("healthcheck: {authority}"))?
        .next()
        .with_context(|| format!("healthcheck: {authority} has no address"))?;
    let seconds = timeout.as_secs_f64();
    let until = Instant::now() + timeout;
    let mut stream = match TcpStream::connect_timeout(&address, timeout) {
        Ok(stream) => stream,
        Err(e) if is_timeout(&e) => {
            bail!("healthcheck: {authority} did not take the connection within {seconds} s")
        }
        Err(e) => {
            return Err(e).with_context(|| {
                format!("healthcheck: cannot connect to {authority} (is the server running?)")
            });
        }
    };
    stream.set_write_timeout(Some(left(until)))?;
    write!(
        stream,
        "GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\nUser-Agent: postrider-healthcheck\r\n\r\n"
    )
    .with_context(|| format!("healthcheck: writing to {authority}"))?;
    // Read to the end, the whole read within the time left (a server that trickles its answer
    // is as wedged as one that says nothing).
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    while answer.len() < MAX_ANSWER {
        stream.set_read_timeout(Some(left(until)))?;
        match stream.read(&mut buffer) {
            Ok(0) => break,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) if is_timeout(&e) && answer.is_empty() => bail!(
                "healthcheck: {authority} took the connection but did not answer within {seconds} s: the server is wedged (stuck or overloaded; see its log)"
            ),
            Err(e) if is_timeout(&e) => bail!(
                "healthcheck: {authority} began to answer but did not finish within {seconds} s: the server is wedged (stuck or overloaded; see its log)"
            ),
            Err(e) => {
                return Err(e).with_context(|| format!("healthcheck: reading from {authority}"));
            }
        }
    }
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
    if status == 200 {
        return Ok(body.to_string());
    }
    let reasons = serde_json::from_str::<server::health::Readiness>(body)
        .map(|r| r.reasons())
        .unwrap_or_default();
    if status == 503 && !reasons.is_empty() {
        bail!("healthcheck: {url}: not ready: {}", reasons.join("; "));
    }
    let body = body.lines().next().unwrap_or_default();
    bail!("healthcheck: {url}: answered {status}, not 200: {body}");
}

/// The time left until `until` (at least a millisecond: a zero timeout means none).
fn left(until: Instant) -> Duration {
    until
        .saturating_duration_since(Instant::now())
        .max(Duration::from_millis(1))
}

/// Whether an IO error is a timeout running out (the kind differs between systems).
fn is_timeout(e: &std::io::Error) -> bool {
    matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut)
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
