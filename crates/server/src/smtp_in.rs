//! `serve --smtp-listen ADDR`: a built-in SMTP receiver for small set-ups without an MTA of
//! their own (mailin-embedded: blocking sessions on its own threads, no TLS). Each message
//! goes to [`mailbox::receive`], the code behind `postrider mail-in`, with the RCPT address as
//! the recipient. Only order addresses (`LOCAL+SECRET@…`) are accepted at RCPT, one per
//! message (a second gets 452, and the client sends it again on its own); a database failure
//! answers 451, so that the sending MTA keeps the message and tries again: never lost.

use std::net::TcpListener;

use mailin_embedded::response::{self, Response};
use mailin_embedded::{Handler, Server, SslConfig};

use crate::AppState;
use crate::mailbox::{self, Handled};

/// Sessions served at once (each holds one thread while it lasts).
pub const SESSIONS: u32 = 8;

/// One SMTP session's handler (the server clones it for each session).
#[derive(Clone, Debug)]
struct Receiver {
    state: AppState,
    runtime: tokio::runtime::Handle,
    recipient: Option<String>,
    raw: Vec<u8>,
}

impl Handler for Receiver {
    fn mail(&mut self, _ip: std::net::IpAddr, _domain: &str, _from: &str) -> Response {
        self.recipient = None;
        self.raw.clear();
        response::OK
    }

    fn rcpt(&mut self, to: &str) -> Response {
        if mailbox::address_secret(to).is_none() {
            return response::NO_MAILBOX;
        }
        if self.recipient.is_some() {
            return Response::custom(452, "one order address per message".into());
        }
        self.recipient = Some(to.trim_matches(['<', '>']).to_string());
        response::OK
    }

    fn data_start(
        &mut self,
        _domain: &str,
        _from: &str,
        _is8bit: bool,
        _to: &[String],
    ) -> Response {
        self.raw.clear();
        response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        // Past the limit only the head is kept (stored, and dropped as too large), as mail-in.
        let room = (mail::message::MAX_MESSAGE + 1).saturating_sub(self.raw.len());
        self.raw.extend_from_slice(&buf[..buf.len().min(room)]);
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        let raw = std::mem::take(&mut self.raw);
        let recipient = self.recipient.take();
        let outcome =
            self.runtime
                .block_on(mailbox::receive(&self.state, &raw, recipient.as_deref()));
        match outcome {
            Ok(handled) => {
                tracing::info!(?handled, recipient = ?recipient, "smtp-listen");
                if let Handled::Dropped(note) = handled {
                    tracing::debug!("smtp-listen: dropped: {note}");
                }
                response::OK
            }
            Err(e) => {
                tracing::error!(error = %e, "smtp-listen: the sender will try again");
                response::INTERNAL_ERROR
            }
        }
    }
}

/// Serves SMTP on `listener` on threads of its own, for as long as the process runs; the
/// messages are handled on `runtime` (the server's). `name` is the host name it greets with.
pub fn spawn(
    state: AppState,
    runtime: tokio::runtime::Handle,
    listener: TcpListener,
    name: &str,
) -> std::io::Result<std::thread::JoinHandle<()>> {
    let mut server = Server::new(Receiver {
        state,
        runtime,
        recipient: None,
        raw: Vec::new(),
    });
    server
        .with_name(name)
        .with_num_threads(SESSIONS)
        .with_tcp_listener(listener)
        .with_ssl(SslConfig::None)
        .map_err(|e| std::io::Error::other(e.to_string()))?;
    std::thread::Builder::new()
        .name("smtp-listen".into())
        .spawn(move || {
            if let Err(e) = server.serve() {
                tracing::error!(error = %e, "smtp-listen stopped");
            }
        })
}
