//! The SMTP relay the outbox sends through: lettre's SMTP client on TCP connections of our own,
//! kept open from one mail to the next. lettre writes a message's end (`.`) apart from its body;
//! on lettre's own sockets, which leave Nagle's algorithm on, that small write waited for the
//! relay's delayed acknowledgement of the body, about 40 ms a mail whatever the relay's speed
//! (issue 54). Ours set `TCP_NODELAY`, so lettre's connection pool gives way to this one.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use lettre::Message;
use lettre::transport::smtp::authentication::{Credentials, DEFAULT_MECHANISMS};
use lettre::transport::smtp::client::{AsyncSmtpConnection, AsyncTokioStream, TlsParameters};
use lettre::transport::smtp::extension::ClientId;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

use crate::sender::{Relay, SendError};

/// One mail's whole exchange, connecting included, may take this long.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A connection left idle this long is closed rather than used again: relays close idle
/// clients (Postfix after 300 s), and a mail on a closed connection waits for its retry.
const IDLE: Duration = Duration::from_secs(60);

/// The most idle connections kept (as many as the outbox sends at once).
const KEPT: usize = 16;

/// How a connection is encrypted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Encryption {
    /// None: a relay on the same host or a trusted network.
    Plain,
    /// STARTTLS after the greeting (`?tls=required`; `?tls=opportunistic` if the relay offers it).
    StartTls { required: bool },
    /// TLS from the first byte (`smtps://`).
    Implicit,
}

/// An SMTP relay, and the connections to it that are open and idle.
pub struct Smtp {
    host: String,
    port: u16,
    encryption: Encryption,
    hello: ClientId,
    credentials: Option<Credentials>,
    idle: Mutex<Vec<(AsyncSmtpConnection, Instant)>>,
}

impl std::fmt::Debug for Smtp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Smtp")
            .field("host", &self.host)
            .field("port", &self.port)
            .field("encryption", &self.encryption)
            .finish_non_exhaustive()
    }
}

impl Smtp {
    /// `url`: `smtp://HOST:PORT` (no TLS, for a relay on the same host or network),
    /// `smtp://HOST:587?tls=required` (STARTTLS), or `smtps://HOST:465`; a path names this host
    /// in EHLO (`smtp://HOST:25/pbm.club.example`). The ports default as lettre's do.
    pub fn new(url: &str, credentials: Option<(String, String)>) -> Result<Smtp, String> {
        // A password is never repeated: the address is told without it.
        let wrong = |why: &str| format!("--smtp: {:?}: {why}", store::db::redact(url));
        let parsed = url::Url::parse(url).map_err(|e| wrong(&e.to_string()))?;
        let host = parsed
            .host_str()
            .filter(|h| !h.is_empty())
            .ok_or_else(|| wrong("no host"))?
            .trim_start_matches('[')
            .trim_end_matches(']')
            .to_string();
        let tls = parsed
            .query_pairs()
            .find(|(k, _)| k == "tls")
            .map(|(_, v)| v.into_owned());
        let (encryption, default_port) = match (parsed.scheme(), tls.as_deref()) {
            ("smtp", None) => (Encryption::Plain, 25),
            ("smtp", Some("required")) => (Encryption::StartTls { required: true }, 587),
            ("smtp", Some("opportunistic")) => (Encryption::StartTls { required: false }, 587),
            ("smtps", None) => (Encryption::Implicit, 465),
            _ => {
                return Err(wrong(
                    "not smtp://HOST:PORT, smtp://HOST:PORT?tls=required or smtps://HOST:PORT",
                ));
            }
        };
        // A user and password in the address (an env file's `POSTRIDER_SMTP`, readable by root
        // and the service only), as lettre reads them; --smtp-user and its file come first.
        let decode = |s: &str| {
            percent_encoding::percent_decode_str(s)
                .decode_utf8_lossy()
                .into_owned()
        };
        let credentials = credentials.or_else(|| {
            (!parsed.username().is_empty()).then(|| {
                (
                    decode(parsed.username()),
                    decode(parsed.password().unwrap_or_default()),
                )
            })
        });
        let hello = match parsed.path().trim_matches('/') {
            "" => ClientId::default(),
            name => ClientId::Domain(name.to_string()),
        };
        Ok(Smtp {
            host,
            port: parsed.port().unwrap_or(default_port),
            encryption,
            hello,
            credentials: credentials.map(|(user, password)| Credentials::new(user, password)),
            idle: Mutex::default(),
        })
    }

    /// A new connection, greeted, encrypted as the address says and logged in.
    async fn connect(&self) -> Result<AsyncSmtpConnection, SendError> {
        let unreachable = |e: &dyn std::fmt::Display| {
            SendError::Transient(format!("{}:{}: {e}", self.host, self.port))
        };
        let tcp = TcpStream::connect((self.host.as_str(), self.port))
            .await
            .map_err(|e| unreachable(&e))?;
        // The point of this module: a message's end goes out at once.
        tcp.set_nodelay(true).map_err(|e| unreachable(&e))?;
        let stream: Box<dyn AsyncTokioStream> = match self.encryption {
            Encryption::Implicit => {
                Box::new(tls(&self.host, tcp).await.map_err(|e| unreachable(&e))?)
            }
            _ => Box::new(tcp),
        };
        let mut connection = AsyncSmtpConnection::connect_with_transport(stream, &self.hello)
            .await
            .map_err(refused)?;
        if let Encryption::StartTls { required } = self.encryption
            && (required || connection.can_starttls())
        {
            let parameters = TlsParameters::new(self.host.clone()).map_err(refused)?;
            connection
                .starttls(parameters, &self.hello)
                .await
                .map_err(refused)?;
        }
        if let Some(credentials) = &self.credentials {
            connection
                .auth(DEFAULT_MECHANISMS, credentials)
                .await
                .map_err(refused)?;
        }
        Ok(connection)
    }

    /// An idle connection that has not idled too long, if there is one.
    fn take_idle(&self) -> Option<AsyncSmtpConnection> {
        let mut idle = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        idle.retain(|(_, since)| since.elapsed() < IDLE);
        idle.pop().map(|(connection, _)| connection)
    }

    fn keep(&self, connection: AsyncSmtpConnection) {
        if connection.has_broken() {
            return;
        }
        let mut idle = self
            .idle
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if idle.len() < KEPT {
            idle.push((connection, Instant::now()));
        }
    }

    /// One mail's exchange. A connection kept from an earlier mail may have been closed by the
    /// relay meanwhile: a failure on it is tried once more on a new connection (the mail is sent
    /// at least once; the same Message-ID makes a second copy the same mail).
    async fn exchange(&self, message: &Message) -> Result<(), SendError> {
        let (envelope, raw) = (message.envelope(), message.formatted());
        if let Some(mut connection) = self.take_idle() {
            match connection.send(envelope, &raw).await {
                Ok(_) => {
                    self.keep(connection);
                    return Ok(());
                }
                Err(e) if e.is_permanent() => return Err(refused(e)),
                Err(_) => {}
            }
        }
        let mut connection = self.connect().await?;
        connection.send(envelope, &raw).await.map_err(refused)?;
        self.keep(connection);
        Ok(())
    }
}

/// A relay's refusal: a 5xx is permanent, anything else is tried again later.
fn refused(e: lettre::transport::smtp::Error) -> SendError {
    if e.is_permanent() {
        SendError::Permanent(e.to_string())
    } else {
        SendError::Transient(e.to_string())
    }
}

impl Relay for Smtp {
    async fn send(&self, message: Message) -> Result<(), SendError> {
        match tokio::time::timeout(TIMEOUT, self.exchange(&message)).await {
            Ok(outcome) => outcome,
            Err(_) => Err(SendError::Transient(format!(
                "{}:{}: no answer in {TIMEOUT:?}",
                self.host, self.port
            ))),
        }
    }
}

/// `tcp` wrapped in TLS for `host` (the Mozilla roots, as the webhooks').
async fn tls(host: &str, tcp: TcpStream) -> Result<Tls, String> {
    let name = tokio_rustls::rustls::pki_types::ServerName::try_from(host.to_string())
        .map_err(|e| e.to_string())?;
    let config: Arc<_> = crate::http_post::tls_config()?;
    tokio_rustls::TlsConnector::from(config)
        .connect(name, tcp)
        .await
        .map(Tls)
        .map_err(|e| format!("tls: {e}"))
}

/// A TLS connection, as lettre's client reads and writes it.
#[derive(Debug)]
struct Tls(tokio_rustls::client::TlsStream<TcpStream>);

impl AsyncRead for Tls {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tls {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.0).poll_write(cx, buf)
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.0).poll_shutdown(cx)
    }
}

impl AsyncTokioStream for Tls {
    fn peer_addr(&self) -> io::Result<SocketAddr> {
        self.0.get_ref().0.peer_addr()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_relay_address_is_read_as_lettre_reads_it() {
        let relay = |url: &str| Smtp::new(url, None).map(|s| (s.host, s.port, s.encryption));
        assert_eq!(
            relay("smtp://127.0.0.1:2525"),
            Ok(("127.0.0.1".into(), 2525, Encryption::Plain))
        );
        assert_eq!(
            relay("smtp://relay.example?tls=required"),
            Ok((
                "relay.example".into(),
                587,
                Encryption::StartTls { required: true }
            ))
        );
        assert_eq!(
            relay("smtps://relay.example"),
            Ok(("relay.example".into(), 465, Encryption::Implicit))
        );
        assert_eq!(
            relay("smtp://[::1]:25"),
            Ok(("::1".into(), 25, Encryption::Plain))
        );
        let refused = |url: &str| Smtp::new(url, None).unwrap_err();
        assert!(refused("http://relay.example").contains("not smtp://"));
        assert!(refused("smtp://relay.example?tls=maybe").contains("not smtp://"));
        // A user and password in the address are read, decoded, and never told back.
        let with = Smtp::new("smtp://club:s%40cret@relay.example", None).unwrap();
        let credentials = with.credentials.expect("credentials from the address");
        assert_eq!(
            credentials,
            Credentials::new("club".into(), "s@cret".into())
        );
        assert!(!refused("smtp://club:secret@relay.example:x").contains("secret"));
        assert!(refused("relay.example:25").starts_with("--smtp: \"relay.example:25\""));
    }
}
