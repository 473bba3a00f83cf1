//! The mail log as the store reads it: the mail that did not get through, newest first —
//! outbox rows the relay refused for good or gave up on, or that bounced later, and inbound mail that was dropped or
//! answered with its errors — from the outbox and `inbound_mail` tables as they are (nothing
//! is changed). Its two readers are in `crate::mail_log`: `postrider mail-log` (the operator,
//! every field) and the GM's console (redacted).

use game_api::Seat;

use super::error::StoreResult;
use crate::db::Db;

/// One mail that did not get through, with every field the tables hold for it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Undelivered {
    /// When it failed (outbox) or arrived (inbound), in Unix seconds.
    pub at: i64,
    pub game_id: Option<i64>,
    /// The seat the mail was for (outbox) or came to by its order address (inbound), when the
    /// row names one.
    pub seat: Option<Seat>,
    pub failure: Failure,
}

/// What did not get through.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A mail out (or a webhook post) the relay refused for good, or whose retries ran out.
    Out {
        /// `report`, `reminder`, `echo`, `refusal`, `welcome`, `invitation`, `webhook`, …
        /// (`OutMail::kind`).
        kind: String,
        /// The recipient's address (a webhook's URL).
        to: String,
        subject: String,
        /// The relay's (or the webhook's) last answer.
        error: Option<String>,
        attempts: i64,
        /// The turn a report reports.
        turn: Option<i64>,
    },
    /// A mail out that the relay took and then bounced (its bounce arrived at the mail's
    /// bounce address: `crate::bounces`).
    Bounced {
        kind: String,
        to: String,
        subject: String,
        /// The relay's words in the bounce.
        words: String,
        turn: Option<i64>,
    },
    /// A mail in: not acted on (`refused` false: dropped) or answered with its errors.
    In {
        refused: bool,
        /// The order address it came to, as the MTA gave it.
        recipient: Option<String>,
        /// What was done, one line; it may quote the mail.
        note: Option<String>,
    },
}

/// The outbox rows given up on (`sent_at IS NULL` lets the outbox's index of unsent rows
/// answer); a second filter, if any, binds the game as `$2`.
const FAILED_OUT: &str = "FROM outbox WHERE sent_at IS NULL AND failed_at IS NOT NULL";
/// The outbox rows that bounced after they were sent (a partial index holds them).
const BOUNCED: &str = "FROM outbox WHERE bounced_at IS NOT NULL";
/// The inbound rows dropped or refused (`status <> 'duplicate'` lets the partial index of
/// game, seat and Message-ID answer a game's).
const FAILED_IN: &str =
    "FROM inbound_mail WHERE status IN ('dropped', 'refused') AND status <> 'duplicate'";

/// The only text put into the queries: one of two fixed filters; the game is bound.
fn game_filter(game: Option<i64>, parameter: u8) -> String {
    match game {
        Some(_) => format!(" AND game_id = ${parameter}"),
        None => String::new(),
    }
}

fn seat(seat: Option<i64>) -> Option<Seat> {
    seat.and_then(|s| u8::try_from(s).ok()).map(Seat)
}

/// The newest `limit` mails that did not get through, of one game if `game` is given; of two at
/// one second, the outbox's first.
pub async fn newest(db: &Db, game: Option<i64>, limit: i64) -> StoreResult<Vec<Undelivered>> {
    let filter = game_filter(game, 2);
    let outbox = format!(
        "SELECT failed_at, game_id, seat, kind, to_addr, subject, last_error, attempts, turn \
         {FAILED_OUT}{filter} ORDER BY failed_at DESC, id DESC LIMIT $1"
    );
    type OutRow = (
        i64,
        Option<i64>,
        Option<i64>,
        String,
        String,
        String,
        Option<String>,
        i64,
        Option<i64>,
    );
    let mut query = sqlx::query_as::<_, OutRow>(sqlx::AssertSqlSafe(outbox)).bind(limit);
    if let Some(game) = game {
        query = query.bind(game);
    }
    let mut entries: Vec<Undelivered> = query
        .fetch_all(&db.pool)
        .await?
        .into_iter()
        .map(
            |(at, game_id, seat_number, kind, to, subject, error, attempts, turn)| Undelivered {
                at,
                game_id,
                seat: seat(seat_number),
                failure: Failure::Out {
                    kind,
                    to,
                    subject,
                    error,
                    attempts,
                    turn,
                },
            },
        )
        .collect();
    let bounced = format!(
        "SELECT bounced_at, game_id, seat, kind, to_addr, subject, bounce, turn \
         {BOUNCED}{filter} ORDER BY bounced_at DESC, id DESC LIMIT $1"
    );
    type BouncedRow = (
        i64,
        Option<i64>,
        Option<i64>,
        String,
        String,
        String,
        Option<String>,
        Option<i64>,
    );
    let mut query = sqlx::query_as::<_, BouncedRow>(sqlx::AssertSqlSafe(bounced)).bind(limit);
    if let Some(game) = game {
        query = query.bind(game);
    }
    entries.extend(query.fetch_all(&db.pool).await?.into_iter().map(
        |(at, game_id, seat_number, kind, to, subject, words, turn)| Undelivered {
            at,
            game_id,
            seat: seat(seat_number),
            failure: Failure::Bounced {
                kind,
                to,
                subject,
                words: words.unwrap_or_default(),
                turn,
            },
        },
    ));
    let inbound = format!(
        "SELECT received_at, game_id, seat, recipient, status, note {FAILED_IN}{filter} \
         ORDER BY received_at DESC, id DESC LIMIT $1"
    );
    type InRow = (
        i64,
        Option<i64>,
        Option<i64>,
        Option<String>,
        String,
        Option<String>,
    );
    let mut query = sqlx::query_as::<_, InRow>(sqlx::AssertSqlSafe(inbound)).bind(limit);
    if let Some(game) = game {
        query = query.bind(game);
    }
    entries.extend(query.fetch_all(&db.pool).await?.into_iter().map(
        |(at, game_id, seat_number, recipient, status, note)| Undelivered {
            at,
            game_id,
            seat: seat(seat_number),
            failure: Failure::In {
                refused: status == "refused",
                recipient,
                note,
            },
        },
    ));
    // Newest first (a stable sort: of two at one second, the outbox's first, as listed).
    entries.sort_by_key(|e| std::cmp::Reverse(e.at));
    entries.truncate(usize::try_from(limit).unwrap_or(0));
    Ok(entries)
}

/// How many mails did not get through, of one game if `game` is given.
pub async fn count(db: &Db, game: Option<i64>) -> StoreResult<i64> {
    let filter = game_filter(game, 1);
    let mut total = 0;
    for from in [FAILED_OUT, BOUNCED, FAILED_IN] {
        let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(format!(
            "SELECT count(*) {from}{filter}"
        )));
        if let Some(game) = game {
            query = query.bind(game);
        }
        total += query.fetch_one(&db.pool).await?;
    }
    Ok(total)
}
