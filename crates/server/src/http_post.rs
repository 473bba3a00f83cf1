//! An HTTP POST to a URL someone else gave (a GM's webhook, a device's push endpoint): hyper's
//! own HTTP/1 over a TCP stream, with rustls (ring, the Mozilla roots of webpki-roots) for
//! https, connecting only to the address it checked ([`is_public`] unless private
//! addresses are allowed), so that a name that resolves differently a moment later cannot
//! slip through.

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper_util::rt::TokioIo;

use crate::sender::SendError;

/// Whether a post (a webhook, a push) may go to `ip` on a server that keeps them off private networks:
/// not this machine, a private, shared (carrier NAT) or link-local network, nor an address
/// that is unspecified, multicast, broadcast, reserved or for documentation. An IPv6 address
/// that carries an IPv4 one (mapped, NAT64's well-known prefix) is judged by that one; other
/// IPv6 addresses must be global unicast (`2000::/3`), and not of the blocks that tunnel to or
/// stand for something else (`2001::/23`, among them Teredo; 6to4, `2002::/16`; documentation).
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return public_v4(v4);
            }
            let s = v6.segments();
            if s[0] == 0x64 && s[1] == 0xff9b && s[2..6] == [0; 4] {
                let o = v6.octets();
                return public_v4(Ipv4Addr::new(o[12], o[13], o[14], o[15]));
            }
            let special = match s[0] {
                // IETF protocol assignments (Teredo among them); documentation.
                0x2001 => s[1] < 0x0200 || s[1] == 0x0db8,
                // 6to4.
                0x2002 => true,
                // Documentation, 3fff::/20.
                first => (first & 0xfff0) == 0x3ff0,
            };
            (s[0] & 0xe000) == 0x2000 && !special
        }
    }
}

fn public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_documentation()
        || ip.is_multicast()
        || a == 0 // "this network"
        || (a == 100 && (b & 0xc0) == 64) // shared address space, 100.64.0.0/10
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b & 0xfe) == 18) // benchmarking, 198.18.0.0/15
        || a >= 240) // reserved
}

/// Where a URL points: scheme, host, port and path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Target {
    pub(crate) tls: bool,
    pub(crate) host: String,
    pub(crate) port: u16,
    pub(crate) path: String,
}

impl Target {
    pub(crate) fn parse(url: &str) -> Result<Target, String> {
        let (tls, rest) = if let Some(rest) = url.strip_prefix("https://") {
            (true, rest)
        } else if let Some(rest) = url.strip_prefix("http://") {
            (false, rest)
        } else {
            return Err(format!("{url:?}: neither http:// nor https://"));
        };
        let (authority, path) = match rest.find(['/', '?']) {
            Some(k) => (&rest[..k], &rest[k..]),
            None => (rest, "/"),
        };
        if authority.contains('@') {
            return Err(format!("{url:?}: no user in the URL"));
        }
        let default = if tls { 443 } else { 80 };
        let port_of = |port: &str| {
            port.parse::<u16>()
                .map_err(|_| format!("{url:?}: port {port:?}"))
        };
        // An IPv6 address is in brackets: `[::1]`, `[::1]:8080`.
        let (host, port) = match authority.strip_prefix('[').and_then(|a| a.split_once(']')) {
            Some((host, "")) => (host, default),
            Some((host, rest)) => match rest.strip_prefix(':') {
                Some(port) => (host, port_of(port)?),
                None => return Err(format!("{url:?}: {rest:?} after the address")),
            },
            None => match authority.rsplit_once(':') {
                Some((host, port)) => (host, port_of(port)?),
                None => (authority, default),
            },
        };
        // A host is a name or an address, nothing else: an IPv6 address with a zone
        // (`[fe80::1%25lo]`) names one of this machine's own interfaces, and a name with a
        // `%` or other bytes is read differently by the resolver than by this check.
        let bracketed = authority.starts_with('[');
        let well_formed = if bracketed {
            host.parse::<std::net::Ipv6Addr>().is_ok()
        } else {
            !host.is_empty()
                && host
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_'))
        };
        if !well_formed {
            return Err(format!("{url:?}: host {host:?}"));
        }
        let path = if path.starts_with('?') {
            format!("/{path}")
        } else {
            path.to_string()
        };
        Ok(Target {
            tls,
            host: host.to_string(),
            port,
            path,
        })
    }
}

/// The TLS client settings: the Mozilla roots, rustls with ring.
pub(crate) fn tls_config() -> Result<Arc<tokio_rustls::rustls::ClientConfig>, String> {
    use tokio_rustls::rustls;
    static CONFIG: std::sync::OnceLock<Result<Arc<rustls::ClientConfig>, String>> =
        std::sync::OnceLock::new();
    CONFIG
        .get_or_init(|| {
            let roots = rustls::RootCertStore {
                roots: webpki_roots::TLS_SERVER_ROOTS.to_vec(),
            };
            let config = rustls::ClientConfig::builder_with_provider(Arc::new(
                rustls::crypto::ring::default_provider(),
            ))
            .with_safe_default_protocol_versions()
            .map_err(|e| e.to_string())?
            .with_root_certificates(roots)
            .with_no_client_auth();
            Ok(Arc::new(config))
        })
        .clone()
}

/// The whole exchange may take this long.
const TIMEOUT: Duration = Duration::from_secs(20);

/// What one POST carries: its content type, further headers, and its body.
#[derive(Clone, Debug)]
pub struct Post<'a> {
    pub content_type: &'a str,
    pub headers: Vec<(&'static str, String)>,
    pub body: Vec<u8>,
}

/// Posts `post` to `url`: the answer's status. A timeout or no connection is
/// [`SendError::Transient`], a URL that cannot be read or reached for good
/// [`SendError::Permanent`]. Unless `private`, only to a public address
/// ([`is_public`]); a host with none is given up.
pub async fn post(url: &str, post: Post<'_>, private: bool) -> Result<u16, SendError> {
    match tokio::time::timeout(TIMEOUT, exchange(url, post, private)).await {
        Ok(outcome) => outcome,
        Err(_) => Err(SendError::Transient(format!(
            "{url}: no answer in {TIMEOUT:?}"
        ))),
    }
}

async fn exchange(url: &str, post: Post<'_>, private: bool) -> Result<u16, SendError> {
    let target = Target::parse(url).map_err(SendError::Permanent)?;
    let unreachable = |e: &dyn std::fmt::Display| {
        SendError::Transient(format!("{}:{}: {e}", target.host, target.port))
    };
    let addresses: Vec<std::net::SocketAddr> =
        tokio::net::lookup_host((target.host.as_str(), target.port))
            .await
            .map_err(|e| unreachable(&e))?
            .collect();
    let public: Vec<std::net::SocketAddr> = addresses
        .iter()
        .filter(|a| private || is_public(a.ip()))
        .copied()
        .collect();
    if public.is_empty() {
        return Err(if addresses.is_empty() {
            unreachable(&"no address")
        } else {
            SendError::Permanent(format!(
                "{}: not a public address ({}); serve --webhooks-to-private-addresses allows it",
                target.host,
                addresses[0].ip()
            ))
        });
    }
    // The addresses it checked, each in turn (the first that answers), never the name again.
    let tcp = tokio::net::TcpStream::connect(&public[..])
        .await
        .map_err(|e| unreachable(&e))?;
    let _ = tcp.set_nodelay(true);
    if target.tls {
        let name = tokio_rustls::rustls::pki_types::ServerName::try_from(target.host.clone())
            .map_err(|e| SendError::Permanent(format!("{}: {e}", target.host)))?;
        let connector =
            tokio_rustls::TlsConnector::from(tls_config().map_err(SendError::Permanent)?);
        let stream = connector
            .connect(name, tcp)
            .await
            .map_err(|e| SendError::Transient(format!("{}: tls: {e}", target.host)))?;
        request(TokioIo::new(stream), &target, post).await
    } else {
        request(TokioIo::new(tcp), &target, post).await
    }
}

/// One POST on a connection: the answer's status.
async fn request<T>(io: TokioIo<T>, target: &Target, post: Post<'_>) -> Result<u16, SendError>
where
    T: tokio::io::AsyncRead + tokio::io::AsyncWrite + Send + Unpin + 'static,
{
    let transient = |e: hyper::Error| SendError::Transient(format!("{}: {e}", target.host));
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io)
        .await
        .map_err(transient)?;
    let driver = tokio::spawn(connection);
    // An IPv6 address goes back in its brackets.
    let name = if target.host.contains(':') {
        format!("[{}]", target.host)
    } else {
        target.host.clone()
    };
    let host = if (target.tls && target.port == 443) || (!target.tls && target.port == 80) {
        name
    } else {
        format!("{name}:{}", target.port)
    };
    let mut request = hyper::Request::post(target.path.as_str())
        .header(hyper::header::HOST, host)
        .header(hyper::header::CONTENT_TYPE, post.content_type)
        .header(hyper::header::USER_AGENT, "postrider");
    for (name, value) in &post.headers {
        request = request.header(*name, value.as_str());
    }
    let request = request
        .body(Full::new(bytes::Bytes::from(post.body)))
        .map_err(|e| SendError::Permanent(e.to_string()))?;
    let response = sender.send_request(request).await.map_err(transient)?;
    let status = response.status().as_u16();
    // The answer's body is read and dropped, so that the connection ends cleanly.
    let _ = response.into_body().collect().await;
    driver.abort();
    Ok(status)
}
