//! What one SMTP receiver allows: sessions, lines, messages and the per-client and
//! per-recipient counts (the module's own page says why each bound is there).

use std::time::Duration;

/// What one receiver allows; [`Limits::default`] is what `serve --smtp-listen` uses.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Sessions at once, from all clients.
    pub sessions: usize,
    /// Sessions at once from one client.
    pub sessions_per_client: usize,
    /// The longest command line, its CRLF included (RFC 5321 allows 512; some clients send
    /// longer MAIL parameters).
    pub command_line: usize,
    /// The largest message, as stored (advertised as SIZE); a longer one is answered 552 and
    /// the session closed.
    pub message: usize,
    /// How long the receiver waits for a client's next step forward (the first greeting,
    /// MAIL, RCPT, a line of the message): commands that move nothing (NOOP, RSET, VRFY,
    /// HELP, a second EHLO) do not restart it.
    pub idle: Duration,
    /// The same while more than three quarters of the sessions are taken (as Postfix's
    /// `smtpd_timeout` under stress).
    pub busy_idle: Duration,
    /// The longest a session may last, whatever it does.
    pub session: Duration,
    /// Refused commands and recipients a session may have before it is closed.
    pub errors: u32,
    /// The window of the per-client counts, in seconds of the server's clock.
    pub window: i64,
    /// Messages accepted per client per window.
    pub messages_per_window: u32,
    /// Message bytes accepted per client per window.
    pub bytes_per_window: u64,
    /// Recipients refused at RCPT per client per window, before each further one ends its
    /// session (counted apart from the messages).
    pub refused_per_window: u32,
    /// Message bytes accepted per order address per window, from all clients.
    pub bytes_per_recipient: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            sessions: 64,
            sessions_per_client: 4,
            command_line: 1000,
            message: mail::message::MAX_MESSAGE,
            idle: Duration::from_secs(60),
            busy_idle: Duration::from_secs(10),
            session: Duration::from_secs(5 * 60),
            errors: 10,
            window: 3600,
            messages_per_window: 60,
            bytes_per_window: 16 << 20,
            refused_per_window: 100,
            bytes_per_recipient: 4 << 20,
        }
    }
}
