//! One session of the SMTP receiver: the dialogue, with every read bounded in length (a
//! `take`-limited `read_until`) and in time (the idle timeout and the session's deadline).

use std::net::IpAddr;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::time::{Duration, Instant};

use super::receiver::Receiver;
use crate::mailbox;
use crate::state::AppState;

/// After its last reply a closing session reads (and drops) what the client still sends, for
/// at most this long and this much, so that the reply reaches the client before the kernel
/// answers further data with a reset.
const LINGER: Duration = Duration::from_secs(1);
const LINGER_BYTES: usize = 256 * 1024;

/// Why a dialogue ended before QUIT.
enum End {
    /// The client closed the connection, or it failed.
    Gone,
    /// Closed by the receiver with this reply (4xx or 5xx).
    Closing(String),
}

/// How far a session has gone since its last message: a command that takes it further is
/// progress, and restarts the idle timeout; any other (NOOP, RSET, VRFY, HELP, a second EHLO,
/// MAIL again after RSET) does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Stage {
    Connected,
    Greeted,
    Mail,
    Recipient,
}

/// A line as read: whole (with its LF), or cut at the limit.
enum Line {
    Whole,
    TooLong,
}

struct Session<'a> {
    receiver: &'a Receiver,
    client: IpAddr,
    reader: BufReader<OwnedReadHalf>,
    writer: OwnedWriteHalf,
    deadline: Instant,
    /// When the session last went further (see [`Stage`]): the idle timeout runs from here.
    progress: Instant,
    /// The furthest it has gone since its last message.
    furthest: Stage,
    greeted: bool,
    /// Inside a mail transaction (MAIL accepted).
    mail: bool,
    /// The transaction's one order address (RCPT accepted).
    recipient: Option<String>,
    /// 5xx replies so far.
    errors: u32,
    /// Set when the session must end after its reply, with this last reply.
    closing: Option<String>,
}

/// Serves one connection to its end.
pub(super) async fn run(receiver: &Receiver, stream: TcpStream, client: IpAddr) {
    let _ = stream.set_nodelay(true);
    let (reader, writer) = stream.into_split();
    let now = Instant::now();
    let mut session = Session {
        receiver,
        client,
        reader: BufReader::new(reader),
        writer,
        deadline: now + receiver.limits.session,
        progress: now,
        furthest: Stage::Connected,
        greeted: false,
        mail: false,
        recipient: None,
        errors: 0,
        closing: None,
    };
    if let Err(End::Closing(reply)) = session.dialogue().await {
        tracing::debug!(%client, reply, "smtp-listen: session closed");
        session.close_with(&reply).await;
    }
}

impl Session<'_> {
    fn state(&self) -> &AppState {
        &self.receiver.state
    }

    async fn dialogue(&mut self) -> Result<(), End> {
        self.reply(&format!("220 {} ESMTP postrider", self.receiver.name))
            .await?;
        let mut line = Vec::new();
        loop {
            line.clear();
            if let Line::TooLong = self
                .read_line(self.receiver.limits.command_line, &mut line)
                .await?
            {
                return Err(End::Closing("500 5.5.2 line too long".into()));
            }
            let text = String::from_utf8_lossy(&line);
            let text = text.trim_end_matches(['\r', '\n']);
            let (verb, rest) = text.split_once(' ').unwrap_or((text, ""));
            let reply = match verb.to_ascii_uppercase().as_str() {
                "EHLO" => self.greet(format!(
                    "250-{}\r\n250-SIZE {}\r\n250-8BITMIME\r\n250 ENHANCEDSTATUSCODES",
                    self.receiver.name, self.receiver.limits.message
                )),
                "HELO" => self.greet(format!("250 {}", self.receiver.name)),
                "MAIL" => self.mail(rest),
                "RCPT" => self.rcpt(rest).await,
                "DATA" => self.data().await?,
                "RSET" => {
                    self.reset();
                    "250 2.0.0 OK".into()
                }
                "NOOP" => "250 2.0.0 OK".into(),
                "VRFY" => "252 2.5.0 cannot VRFY, send the mail".into(),
                "QUIT" => {
                    self.reply("221 2.0.0 bye").await?;
                    return Ok(());
                }
                "STARTTLS" | "AUTH" | "BDAT" | "EXPN" | "HELP" | "ETRN" | "TURN" => {
                    "502 5.5.1 not implemented".into()
                }
                _ => "500 5.5.2 command not recognized".into(),
            };
            self.reply(&reply).await?;
            if let Some(last) = self.closing.take() {
                return Err(End::Closing(last));
            }
            if reply.starts_with('5') {
                self.errors += 1;
                if self.errors >= self.receiver.limits.errors {
                    return Err(End::Closing("421 4.7.0 too many errors".into()));
                }
            }
        }
    }

    /// EHLO and HELO: a new start.
    fn greet(&mut self, reply: String) -> String {
        self.greeted = true;
        self.step(Stage::Greeted);
        self.reset();
        reply
    }

    /// Marks that the session reached `stage`: progress if it is further than it had gone
    /// since its last message.
    fn step(&mut self, stage: Stage) {
        if stage > self.furthest {
            self.furthest = stage;
            self.progress = Instant::now();
        }
    }

    fn reset(&mut self) {
        self.mail = false;
        self.recipient = None;
    }

    /// Whether the client has sent all its window allows.
    fn over_rate(&self) -> bool {
        let now = self.state().clock.now();
        self.receiver
            .clients
            .over(self.client, &self.receiver.limits, now)
    }

    fn mail(&mut self, rest: &str) -> String {
        if !self.greeted {
            return "503 5.5.1 EHLO or HELO first".into();
        }
        if self.mail {
            return "503 5.5.1 a mail transaction is already open".into();
        }
        let Some((_, parameters)) = strip_keyword(rest, "FROM:").and_then(path) else {
            return "501 5.5.4 syntax: MAIL FROM:<address>".into();
        };
        let limit = self.receiver.limits.message;
        let size = parameters.split_whitespace().find_map(|p| {
            let (key, value) = p.split_once('=')?;
            key.eq_ignore_ascii_case("SIZE")
                .then(|| value.parse::<u64>().ok())
        });
        match size {
            Some(None) => return "501 5.5.4 SIZE: not a number".into(),
            Some(Some(size)) if size > limit as u64 => {
                return format!("552 5.3.4 message larger than {limit} bytes");
            }
            _ => {}
        }
        if self.over_rate() {
            return "450 4.7.1 too much mail from your address, try again later".into();
        }
        self.mail = true;
        self.step(Stage::Mail);
        "250 2.1.0 OK".into()
    }

    async fn rcpt(&mut self, rest: &str) -> String {
        if !self.mail {
            return "503 5.5.1 MAIL first".into();
        }
        let Some((address, _)) = strip_keyword(rest, "TO:").and_then(path) else {
            return "501 5.5.4 syntax: RCPT TO:<address>".into();
        };
        if self.recipient.is_some() {
            // The sending MTA delivers to the next address in another transaction.
            return "452 4.5.3 one order address per message".into();
        }
        if self.over_rate() {
            return "450 4.7.1 too much mail from your address, try again later".into();
        }
        let secret = mailbox::address_secret(address);
        let held = match &secret {
            // A mail's bounce address (VERP) takes that mail's bounce, if this server signed it.
            None => match crate::bounces::is_ours(self.state(), address).await {
                Ok(ours) => ours,
                Err(e) => {
                    tracing::error!(error = %e, "smtp-listen: the sender will try again");
                    return "451 4.3.0 try again later".into();
                }
            },
            Some(secret) => match store::inbound::seat_is_held(self.state(), secret).await {
                Ok(held) => held,
                Err(e) => {
                    tracing::error!(error = %e, "smtp-listen: the sender will try again");
                    return "451 4.3.0 try again later".into();
                }
            },
        };
        // Counted per address: a seat's secret, or the bounce address itself.
        let secret = secret.or_else(|| held.then(|| address.to_ascii_lowercase()));
        let (limits, now) = (&self.receiver.limits, self.state().clock.now());
        let Some(secret) = secret.filter(|_| held) else {
            // Counted apart from the mail: a relay's players still reach their seats.
            if self.receiver.clients.refuse(self.client, limits, now) {
                self.closing =
                    Some("421 4.7.1 too many unknown recipients from your address".into());
            }
            return "550 5.1.1 no such order address".into();
        };
        if self.receiver.clients.recipient_full(&secret, limits, now) {
            return "452 4.2.2 too much mail for this order address, try again later".into();
        }
        self.recipient = Some(address.to_string());
        self.step(Stage::Recipient);
        "250 2.1.5 OK".into()
    }

    /// DATA: the message, dot-unstuffed, then handed to `mailbox::receive`. A message over the
    /// limit ends the session (`Err`): what follows it cannot be told from commands.
    async fn data(&mut self) -> Result<String, End> {
        if !self.mail {
            return Ok("503 5.5.1 MAIL first".into());
        }
        let Some(recipient) = self.recipient.clone() else {
            return Ok("554 5.5.1 no valid recipients".into());
        };
        self.reply("354 end data with <CR><LF>.<CR><LF>").await?;
        let limit = self.receiver.limits.message;
        let too_large = || End::Closing(format!("552 5.3.4 message larger than {limit} bytes"));
        // Read into the message itself: its length never passes the limit by more than
        // the ".\r\n" of one line.
        let mut raw = Vec::new();
        loop {
            let start = raw.len();
            if let Line::TooLong = self.read_line(limit - start + 3, &mut raw).await? {
                return Err(too_large());
            }
            match &raw[start..] {
                b".\r\n" | b".\n" => {
                    raw.truncate(start);
                    break;
                }
                [b'.', ..] => {
                    raw.remove(start);
                }
                _ => {}
            }
            if raw.len() > limit {
                return Err(too_large());
            }
            // A line of the message is progress.
            self.progress = Instant::now();
        }
        let (state, limits) = (self.state(), &self.receiver.limits);
        let secret =
            mailbox::address_secret(&recipient).unwrap_or_else(|| recipient.to_ascii_lowercase());
        self.receiver
            .clients
            .count(self.client, &secret, raw.len(), limits, state.clock.now());
        let outcome = mailbox::receive(state, &raw, Some(&recipient)).await;
        self.reset();
        // A message delivered: the next one starts afresh.
        self.furthest = Stage::Greeted;
        self.progress = Instant::now();
        Ok(match outcome {
            Ok(handled) => {
                tracing::info!(?handled, recipient, "smtp-listen");
                "250 2.0.0 OK".into()
            }
            Err(e) => {
                tracing::error!(error = %e, "smtp-listen: the sender will try again");
                "451 4.3.0 try again later".into()
            }
        })
    }

    /// Reads one line into `line` (appended), at most `limit` bytes, within the idle timeout
    /// (from the session's last progress) and the session's deadline. It waits in slices of
    /// the busy timeout, so that a receiver that becomes busy shortens the wait of the
    /// sessions already waiting (a line read in part stays in `line`: `read_until` can be
    /// called again).
    async fn read_line(&mut self, limit: usize, line: &mut Vec<u8>) -> Result<Line, End> {
        let start = line.len();
        loop {
            let read = line.len() - start;
            if read >= limit {
                return Ok(Line::TooLong);
            }
            let now = Instant::now();
            if now >= self.deadline {
                return Err(End::Closing("421 4.4.2 session too long".into()));
            }
            let (idle, waited) = (
                self.receiver.idle(),
                now.saturating_duration_since(self.progress),
            );
            if waited >= idle {
                return Err(End::Closing("421 4.4.2 idle too long".into()));
            }
            let slice = (idle - waited)
                .min(self.receiver.limits.busy_idle)
                .min(self.deadline - now)
                .max(Duration::from_millis(10));
            let mut room = (&mut self.reader).take((limit - read) as u64);
            match tokio::time::timeout(slice, room.read_until(b'\n', line)).await {
                Err(_) => {}
                Ok(Err(_) | Ok(0)) => return Err(End::Gone),
                Ok(Ok(_)) if line.ends_with(b"\n") => return Ok(Line::Whole),
                Ok(Ok(_)) if line.len() - start >= limit => return Ok(Line::TooLong),
                // The end of the stream inside a line.
                Ok(Ok(_)) => return Err(End::Gone),
            }
        }
    }

    async fn reply(&mut self, reply: &str) -> Result<(), End> {
        let reply = format!("{reply}\r\n");
        let idle = self.receiver.idle();
        match tokio::time::timeout(idle, self.writer.write_all(reply.as_bytes())).await {
            Ok(Ok(())) => Ok(()),
            _ => Err(End::Gone),
        }
    }

    /// Sends the last reply and closes: the write side at once, the read side after reading
    /// what the client still sends (up to [`LINGER`] and [`LINGER_BYTES`]).
    async fn close_with(&mut self, reply: &str) {
        if self.reply(reply).await.is_err() {
            return;
        }
        let _ = self.writer.shutdown().await;
        let mut buffer = [0u8; 8192];
        let mut read = 0;
        let _ = tokio::time::timeout(LINGER, async {
            while read < LINGER_BYTES {
                match self.reader.read(&mut buffer).await {
                    Ok(0) | Err(_) => break,
                    Ok(n) => read += n,
                }
            }
        })
        .await;
    }
}

/// `rest` after `keyword` (ASCII case ignored), spaces around it allowed.
fn strip_keyword<'a>(rest: &'a str, keyword: &str) -> Option<&'a str> {
    let rest = rest.trim_start();
    let head = rest.get(..keyword.len())?;
    head.eq_ignore_ascii_case(keyword)
        .then(|| rest[keyword.len()..].trim_start())
}

/// A command's path (`<address>`, or a bare address) and its parameters after it.
fn path(text: &str) -> Option<(&str, &str)> {
    match text.strip_prefix('<') {
        Some(inner) => {
            let (address, parameters) = inner.split_once('>')?;
            Some((address, parameters))
        }
        None => {
            let (address, parameters) = text.split_once(' ').unwrap_or((text, ""));
            (!address.is_empty()).then_some((address, parameters))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_read_with_or_without_brackets() {
        let from = strip_keyword(" from: <a@b.example> SIZE=10", "FROM:");
        assert_eq!(from.and_then(path), Some(("a@b.example", " SIZE=10")));
        assert_eq!(
            strip_keyword("TO:orders+ab@c.example", "TO:").and_then(path),
            Some(("orders+ab@c.example", ""))
        );
        assert_eq!(
            strip_keyword("FROM:<>", "FROM:").and_then(path),
            Some(("", ""))
        );
        assert_eq!(strip_keyword("TO:<open", "TO:").and_then(path), None);
        assert_eq!(strip_keyword("FRM:<a@b>", "FROM:"), None);
        assert_eq!(strip_keyword("é", "FROM:"), None);
    }
}
