//! `serve --smtp-listen ADDR`: postrider's own SMTP receiver, for small set-ups without an MTA
//! of their own. It speaks the subset a receiving MTA needs (EHLO/HELO, MAIL, RCPT, DATA with
//! dot-unstuffing, RSET, NOOP, VRFY, QUIT; no TLS, no AUTH) as tokio tasks on the server's
//! runtime, and hands each message to [`mailbox::receive`](crate::mailbox::receive), the code
//! behind `postrider mail-in`, with the RCPT address as the recipient.
//!
//! Why not mailin-embedded, which this replaced: it reads lines with no bound (one line without
//! a newline grew a server by 1.5 GB), queues every accepted connection for a pool of blocking
//! threads (20,000 idle connections exhausted the file descriptors and the web server with
//! them; eight idle sessions held all mail for five minutes), and gives its handler no say
//! before it reads. Bounding it would have meant wrapping its socket and its thread pool; a
//! receiver of our own is about as long and bounds everything where it reads:
//!
//! - every read is a `take`-limited `read_until` ([`Limits::command_line`] for commands, the
//!   rest of [`Limits::message`] inside DATA), under a timeout ([`Limits::idle`], shorter when
//!   the receiver is busy) and the session's own deadline ([`Limits::session`]);
//! - the idle timeout runs from the session's last step forward (the first greeting, MAIL,
//!   RCPT, a line of the message), not from its last command: NOOP, RSET, VRFY, HELP, a
//!   second EHLO or a MAIL abandoned and sent again keep no session open (64 sessions sending
//!   NOOP every 5 s held every session for ten minutes);
//! - [`Limits::sessions`] at once, [`Limits::sessions_per_client`] from one client; past
//!   either a connection is answered 421 and closed at once, so it holds no descriptor;
//! - each client (an IPv4 address, an IPv6 /64) may send [`Limits::messages_per_window`]
//!   messages and [`Limits::bytes_per_window`] bytes per [`Limits::window`]; past it MAIL and
//!   RCPT get 450. Refused recipients are counted apart ([`Limits::refused_per_window`]), so
//!   that strangers' mail through a relay never holds up the players' mail through it; past
//!   them a refused recipient ends its session;
//! - each order address may be sent [`Limits::bytes_per_recipient`] per window, from all
//!   clients together; past it RCPT gets 452;
//! - only the order address of a seat that a player holds is accepted at RCPT (550 for any
//!   other): nothing is stored for a refused recipient.

mod clients;
mod limits;
mod receiver;
mod session;

pub use limits::Limits;

use std::sync::Arc;
use std::time::Duration;

use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use crate::state::AppState;
use clients::Clients;
use receiver::Receiver;

/// Serves SMTP on `listener` as tasks on the current runtime, for as long as the process runs.
/// `name` is the host name it greets with.
pub fn spawn(
    state: AppState,
    listener: TcpListener,
    name: &str,
    limits: Limits,
) -> tokio::task::JoinHandle<()> {
    let receiver = Arc::new(Receiver {
        state,
        name: name.to_string(),
        sessions: Arc::new(Semaphore::new(limits.sessions.max(1))),
        clients: Clients::default(),
        limits,
    });
    tokio::spawn(accept(receiver, listener))
}

async fn accept(receiver: Arc<Receiver>, listener: TcpListener) {
    loop {
        let (mut stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors and the like: wait a moment rather than spin.
                tracing::warn!(error = %e, "smtp-listen: accept");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let client = crate::throttle::network(peer.ip());
        let Ok(slot) = receiver.sessions.clone().try_acquire_owned() else {
            turn_away(&mut stream, "421 4.3.2 too busy, try again later");
            continue;
        };
        let Some(entry) = receiver
            .clients
            .enter(client, receiver.limits.sessions_per_client)
        else {
            turn_away(
                &mut stream,
                "421 4.7.0 too many sessions from your address, try again later",
            );
            continue;
        };
        let receiver = receiver.clone();
        tokio::spawn(async move {
            session::run(&receiver, stream, client).await;
            let now = receiver.state.clock.now();
            receiver.clients.leave(entry, &receiver.limits, now);
            drop(slot);
        });
    }
}

/// Answers a connection that cannot be served now and closes it, without waiting for it: the
/// reply fits the socket's buffer, or is lost (the client tries again either way).
fn turn_away(stream: &mut tokio::net::TcpStream, reply: &str) {
    let _ = stream.try_write(format!("{reply}\r\n").as_bytes());
}
