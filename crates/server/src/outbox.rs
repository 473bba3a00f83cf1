//! The outbox worker: sends the rows of `outbox` through an SMTP relay, at least once each.
//! A worker claims a due row with a lease (a conditional UPDATE, so that of several servers on
//! one database one wins), sends it with the Message-ID fixed when the row was written (a retry
//! is the same mail), and marks it sent; a failure is retried with back-off, a permanent refusal
//! (5xx) is given up. A worker killed between claim and send leaves a lease that runs out, and
//! the row is claimed again. Nothing here waits on the clock: [`drain_once`] takes `now`, and
//! the loop in [`worker`] only decides when to call it.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::transport::smtp::authentication::Credentials;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use sqlx::Row;

use crate::AppState;
use crate::error::ApiResult;
use crate::mailbox::MailSettings;

/// How long a claim holds a row (seconds): longer than any send takes.
pub const LEASE: i64 = 300;

/// The most mails one pass claims.
pub const BATCH: i64 = 50;

/// Sends after which a mail is given up.
pub const MAX_ATTEMPTS: i64 = 12;

/// The wait before the next try after `attempts` failed ones (seconds): one minute, doubling,
/// at most six hours.
pub fn backoff(attempts: i64) -> i64 {
    (60i64 << (attempts.clamp(1, 10) - 1)).min(6 * 3600)
}

/// Why a send failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendError {
    /// Try again later (the relay is down, busy, or answered 4xx).
    Transient(String),
    /// The relay refused this mail for good (5xx): it is given up.
    Permanent(String),
}

/// Where mail goes: an SMTP relay (lettre), or whatever a test puts there.
pub trait Relay: Send + Sync {
    fn send(&self, message: Message) -> impl Future<Output = Result<(), SendError>> + Send;
}

/// An SMTP relay, through lettre's pooled async transport.
#[derive(Clone, Debug)]
pub struct Smtp(AsyncSmtpTransport<Tokio1Executor>);

impl Smtp {
    /// `url`: `smtp://HOST:PORT` (no TLS, for a relay on the same host or network),
    /// `smtp://HOST:587?tls=required` (STARTTLS), or `smtps://HOST:465`.
    pub fn new(url: &str, credentials: Option<(String, String)>) -> Result<Smtp, String> {
        let mut builder = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| format!("--smtp: {url:?}: {e}"))?
            .timeout(Some(Duration::from_secs(30)));
        if let Some((user, password)) = credentials {
            builder = builder.credentials(Credentials::new(user, password));
        }
        Ok(Smtp(builder.build()))
    }
}

impl Relay for Smtp {
    async fn send(&self, message: Message) -> Result<(), SendError> {
        match self.0.send(message).await {
            Ok(_) => Ok(()),
            Err(e) if e.is_permanent() => Err(SendError::Permanent(e.to_string())),
            Err(e) => Err(SendError::Transient(e.to_string())),
        }
    }
}

/// No relay: a server without mail still posts webhooks through the outbox; its worker claims
/// no mail (see [`claim`]), and would find this relay refusing it for now.
#[derive(Clone, Copy, Debug)]
pub struct NoRelay;

impl Relay for NoRelay {
    async fn send(&self, _: Message) -> Result<(), SendError> {
        Err(SendError::Transient("mail is off (no --smtp)".into()))
    }
}

/// `List-Unsubscribe`: the one-click link (RFC 8058) that stops mail to the address.
#[derive(Clone, Debug)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

#[derive(Clone, Debug)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".into())
    }
}

/// One claimed row.
#[derive(Clone, Debug)]
struct Outgoing {
    id: i64,
    message_id: String,
    player_id: Option<i64>,
    to: String,
    reply_secret: Option<String>,
    in_reply_to: Option<String>,
    subject: String,
    body: String,
    attempts: i64,
    /// The secret of the player's one-click unsubscribe link.
    unsubscribe: Option<String>,
    kind: String,
    game_id: Option<i64>,
    seat: Option<i64>,
    turn: Option<i64>,
}

/// The domain of an address (`postrider@club.example` → `club.example`).
fn domain(address: &str) -> &str {
    address
        .rsplit('@')
        .next()
        .unwrap_or("localhost")
        .trim_end_matches('>')
}

/// The mail of a row, with its fixed Message-ID, the seat's order address as Reply-To, and the
/// one-click unsubscribe link.
fn message(_state: &AppState, settings: &MailSettings, row: &Outgoing) -> Result<Message, String> {
    let from: Mailbox = settings
        .from
        .parse()
        .map_err(|e| format!("--mail-from {:?}: {e}", settings.from))?;
    let to: Mailbox = row
        .to
        .parse()
        .map_err(|e| format!("to {:?}: {e}", row.to))?;
    let mut builder = Message::builder()
        .from(from)
        .to(to)
        .subject(&row.subject)
        .message_id(Some(format!(
            "<{}@{}>",
            row.message_id,
            domain(&settings.from)
        )))
        .header(ContentType::TEXT_PLAIN);
    if let Some(secret) = &row.reply_secret {
        let reply: Mailbox = settings
            .order_address(secret)
            .parse()
            .map_err(|e| format!("reply-to: {e}"))?;
        builder = builder.reply_to(reply);
    }
    if let Some(id) = &row.in_reply_to {
        builder = builder
            .in_reply_to(format!("<{id}>"))
            .references(format!("<{id}>"));
    }
    if let Some(token) = &row.unsubscribe {
        builder = builder
            .header(ListUnsubscribe(format!(
                "<{}/unsubscribe/{token}>",
                settings.public_url.trim_end_matches('/'),
            )))
            .header(ListUnsubscribePost);
    }
    builder.body(row.body.clone()).map_err(|e| e.to_string())
}

/// What one pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drained {
    pub sent: usize,
    pub retried: usize,
    pub given_up: usize,
}

/// Claims the due rows (at most [`BATCH`]) for `owner` until `now + LEASE`: their ids. A row is
/// due when unsent, not given up, its retry time reached, and not leased (or its lease ran out).
///
/// Without mail (no `--smtp`) only webhook posts are claimed; mail waits for a server with it.
pub async fn claim(state: &AppState, owner: &str, now: i64) -> ApiResult<Vec<i64>> {
    let kinds = if state.mail.is_some() {
        ""
    } else {
        "AND kind = 'webhook' "
    };
    let candidates: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT id FROM outbox WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1 \
         AND (lease_until IS NULL OR lease_until < $1) {kinds}ORDER BY id LIMIT $2"
    )))
    .bind(now)
    .bind(BATCH)
    .fetch_all(&state.db.pool)
    .await?;
    let mut claimed = Vec::new();
    for id in candidates {
        let won = sqlx::query(
            "UPDATE outbox SET lease_owner = $1, lease_until = $2, attempts = attempts + 1 \
             WHERE id = $3 AND sent_at IS NULL AND failed_at IS NULL AND (lease_until IS NULL OR lease_until < $4)",
        )
        .bind(owner)
        .bind(now + LEASE)
        .bind(id)
        .bind(now)
        .execute(&state.db.pool)
        .await?
        .rows_affected();
        if won == 1 {
            claimed.push(id);
        }
    }
    Ok(claimed)
}

/// Sends the rows `owner` claimed, and records each outcome.
pub async fn send_claimed(
    state: &AppState,
    relay: &impl Relay,
    owner: &str,
    ids: &[i64],
    now: i64,
) -> ApiResult<Drained> {
    let settings = state.mail.clone();
    let mut drained = Drained::default();
    for &id in ids {
        let Some(r) = sqlx::query(
            "SELECT o.id, o.message_id, o.player_id, o.to_addr, o.reply_secret, o.in_reply_to, o.subject, o.body, \
             o.attempts, p.unsubscribe_token, o.kind, o.game_id, o.seat, o.turn \
             FROM outbox o LEFT JOIN players p ON p.id = o.player_id \
             WHERE o.id = $1 AND o.lease_owner = $2 AND o.sent_at IS NULL",
        )
        .bind(id)
        .bind(owner)
        .fetch_optional(&state.db.pool)
        .await?
        else {
            continue;
        };
        let row = Outgoing {
            id: r.get(0),
            message_id: r.get(1),
            player_id: r.get(2),
            to: r.get(3),
            reply_secret: r.get(4),
            in_reply_to: r.get(5),
            subject: r.get(6),
            body: r.get(7),
            attempts: r.get(8),
            unsubscribe: r.get(9),
            kind: r.get(10),
            game_id: r.get(11),
            seat: r.get(12),
            turn: r.get(13),
        };
        let outcome = match (row.kind.as_str(), &settings) {
            ("webhook", _) => crate::webhook::send(&row.to, &row.body).await,
            (_, Some(settings)) => match message(state, settings, &row) {
                Ok(m) => relay.send(m).await,
                Err(e) => Err(SendError::Permanent(e)),
            },
            (_, None) => Err(SendError::Transient("mail is off (no --smtp)".into())),
        };
        let query = match &outcome {
            Ok(()) => {
                drained.sent += 1;
                sqlx::query(
                    "UPDATE outbox SET sent_at = $1, lease_until = NULL, last_error = NULL WHERE id = $2 AND lease_owner = $3",
                )
                .bind(now)
                .bind(row.id)
                .bind(owner)
            }
            Err(SendError::Transient(e)) if row.attempts < MAX_ATTEMPTS => {
                drained.retried += 1;
                tracing::warn!(
                    outbox = row.id,
                    attempts = row.attempts,
                    "mail not sent, retrying: {e}"
                );
                sqlx::query(
                    "UPDATE outbox SET next_attempt_at = $1, lease_owner = NULL, lease_until = NULL, last_error = $2 \
                     WHERE id = $3 AND lease_owner = $4",
                )
                .bind(now + backoff(row.attempts))
                .bind(e.clone())
                .bind(row.id)
                .bind(owner)
            }
            Err(SendError::Transient(e) | SendError::Permanent(e)) => {
                drained.given_up += 1;
                tracing::error!(outbox = row.id, to = %row.to, "mail given up: {e}");
                sqlx::query(
                    "UPDATE outbox SET failed_at = $1, lease_owner = NULL, lease_until = NULL, last_error = $2 \
                     WHERE id = $3 AND lease_owner = $4",
                )
                .bind(now)
                .bind(e.clone())
                .bind(row.id)
                .bind(owner)
            }
        };
        query.execute(&state.db.pool).await?;
    }
    Ok(drained)
}

/// One pass of the worker at time `now`: claims what is due and sends it.
pub async fn drain_once(
    state: &AppState,
    relay: &impl Relay,
    owner: &str,
    now: i64,
) -> ApiResult<Drained> {
    let ids = claim(state, owner, now).await?;
    send_claimed(state, relay, owner, &ids, now).await
}

/// A name for this worker's leases: the host and process, and a random part.
pub fn owner_name() -> String {
    let random = crate::auth::new_secret()
        .map(|s| s[..8].to_string())
        .unwrap_or_default();
    format!("pid{}-{random}", std::process::id())
}

/// Drains the outbox every `tick` until `shutdown`.
pub async fn worker(
    state: AppState,
    relay: Arc<impl Relay>,
    tick: Duration,
    shutdown: impl Future<Output = ()>,
) {
    let owner = owner_name();
    tokio::pin!(shutdown);
    loop {
        loop {
            match drain_once(&state, relay.as_ref(), &owner, state.clock.now()).await {
                Ok(d) if d.sent + d.retried + d.given_up > 0 => {
                    tracing::info!(
                        sent = d.sent,
                        retried = d.retried,
                        given_up = d.given_up,
                        "outbox"
                    );
                    // A full batch: there may be more at once.
                    if (d.sent + d.retried + d.given_up) as i64 >= BATCH {
                        continue;
                    }
                }
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, "outbox worker"),
            }
            break;
        }
        tokio::select! {
            _ = tokio::time::sleep(tick) => {}
            _ = &mut shutdown => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_a_minute_to_six_hours() {
        assert_eq!(backoff(1), 60);
        assert_eq!(backoff(2), 120);
        assert_eq!(backoff(5), 960);
        assert_eq!(backoff(12), 6 * 3600);
    }
}
