//! A game's press in the database: messages posted, read a page at a time as one reader may
//! see them (public press, and the private press their seat sent or was sent), hidden by the
//! GM, counted for the rate bound; and whether the game allows private press.

use game_api::Seat;
use sqlx::Row;
use sqlx::any::AnyRow;

use super::error::StoreResult;
use super::state::Store;

/// Who reads press: the set of messages shown is decided here, in the query, so that no door
/// can forget it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PressReader {
    /// Public press only: a spectator, and the GM (private press is its seats' alone).
    Public,
    /// Public press, and the private press the seat sent or was sent.
    Seat(Seat),
}

/// One message as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Press {
    pub id: i64,
    /// Its number among its game's public press (1, 2, …); `None`: private.
    pub public_seq: Option<i64>,
    pub at: i64,
    /// The turn open when it was posted.
    pub turn: u16,
    /// `None`: the GM's announcement.
    pub from_seat: Option<Seat>,
    pub author: String,
    /// Bit N: seat N; 0: public.
    pub recipients: i64,
    pub body: String,
    /// The GM's hiding: by whom and when.
    pub hidden: Option<(String, i64)>,
}

impl Press {
    pub fn is_private(&self) -> bool {
        self.recipients != 0
    }

    /// The number `reader` knows the message by (and pages by): a reader of public press
    /// alone, its public number, which counts nothing it may not read; a seat, its row id.
    pub fn number(&self, reader: PressReader) -> i64 {
        match reader {
            PressReader::Public => self.public_seq.unwrap_or(self.id),
            PressReader::Seat(_) => self.id,
        }
    }

    /// Whether `reader` may read it: public press, and private press the seat sent or was
    /// sent (the same rule as the page's query).
    pub fn readable_by(&self, reader: PressReader) -> bool {
        match reader {
            PressReader::Public => !self.is_private(),
            PressReader::Seat(seat) => {
                !self.is_private()
                    || self.from_seat == Some(seat)
                    || self.recipients & (1 << seat.0) != 0
            }
        }
    }

    /// The seats a private message was sent to, by number.
    pub fn recipient_seats(&self) -> Vec<Seat> {
        (0..63u8)
            .filter(|n| self.recipients & (1 << n) != 0)
            .map(Seat)
            .collect()
    }
}

/// A message to post.
#[derive(Clone, Debug)]
pub struct NewPress {
    pub game: i64,
    pub at: i64,
    pub turn: u16,
    pub from_seat: Option<Seat>,
    pub author: String,
    pub recipients: i64,
    pub body: String,
    /// A mail's message (`mail/INBOUND/K`): posted once however often the mail is delivered.
    pub source: Option<String>,
}

const COLUMNS: &str =
    "id, at, turn, from_seat, author, recipients, body, hidden_by, hidden_at, public_seq";

/// The column `reader` knows messages by ([`Press::number`]).
fn number_column(reader: PressReader) -> &'static str {
    match reader {
        PressReader::Public => "public_seq",
        PressReader::Seat(_) => "id",
    }
}

fn press_of(r: &AnyRow) -> Press {
    let hidden_by: Option<String> = r.get(7);
    let hidden_at: Option<i64> = r.get(8);
    Press {
        id: r.get(0),
        at: r.get(1),
        turn: r.get::<i64, _>(2) as u16,
        from_seat: r.get::<Option<i64>, _>(3).map(|s| Seat(s as u8)),
        author: r.get(4),
        recipients: r.get(5),
        body: r.get(6),
        hidden: hidden_by.map(|by| (by, hidden_at.unwrap_or_default())),
        public_seq: r.get(9),
    }
}

/// The condition on `press` that keeps what `reader` may see, its parameters numbered from
/// `$after + 1`, and their values.
fn readable(reader: PressReader, after: usize) -> (String, Vec<i64>) {
    match reader {
        PressReader::Public => ("recipients = 0".into(), Vec::new()),
        PressReader::Seat(seat) => (
            format!(
                "(recipients = 0 OR from_seat = ${} OR (recipients & ${}) <> 0)",
                after + 1,
                after + 2
            ),
            vec![i64::from(seat.0), 1 << seat.0],
        ),
    }
}

/// How often a post is tried again when another public message of its game took the same
/// number at the same moment (PostgreSQL; SQLite writes one at a time). A post loses only to
/// one posted meanwhile, so a game's senders at once (its seats and GM) bound the tries.
const POST_TRIES: usize = 64;

/// Posts a message: its id and public number, or `None` when its `source` was posted before (a
/// redelivery). A public message takes its game's next public number. `pushes` (a GM's
/// announcement's, issue 56) are written to the outbox in the post's transaction.
pub async fn post(
    state: &Store,
    press: &NewPress,
    pushes: &[super::outbox_rows::OutMail],
) -> StoreResult<Option<(i64, Option<i64>)>> {
    let mut tries = 0;
    loop {
        let mut tx = state.db.pool.begin().await?;
        let posted = sqlx::query(
            "INSERT INTO press (game_id, at, turn, from_seat, author, recipients, body, source, public_seq) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $6 = 0 THEN \
             (SELECT COALESCE(MAX(public_seq), 0) + 1 FROM press WHERE game_id = $1) END) \
             ON CONFLICT (source) DO NOTHING RETURNING id, public_seq",
        )
        .bind(press.game)
        .bind(press.at)
        .bind(i64::from(press.turn))
        .bind(press.from_seat.map(|s| i64::from(s.0)))
        .bind(&press.author)
        .bind(press.recipients)
        .bind(&press.body)
        .bind(press.source.as_deref())
        .fetch_optional(&mut *tx)
        .await;
        match posted {
            Ok(row) => {
                if row.is_some() {
                    for push in pushes {
                        super::outbox_rows::queue(&mut tx, push, press.at).await?;
                    }
                }
                tx.commit().await?;
                return Ok(row.map(|r| (r.get(0), r.get(1))));
            }
            // The transaction is rolled back as it is dropped.
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() && tries < POST_TRIES => {
                tries += 1;
            }
            Err(e) => return Err(e.into()),
        }
    }
}

/// The latest `limit` messages of game `game` that `reader` may see, older than the message
/// `reader` knows by the number `before` ([`Press::number`]) if given, oldest first; and
/// whether older ones remain.
pub async fn page(
    state: &Store,
    game: i64,
    reader: PressReader,
    before: Option<i64>,
    limit: u32,
) -> StoreResult<(Vec<Press>, bool)> {
    let (condition, values) = readable(reader, 3);
    let number = number_column(reader);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM press WHERE game_id = $1 AND {number} < $2 AND {condition} \
         ORDER BY {number} DESC LIMIT $3"
    )))
    .bind(game)
    .bind(before.unwrap_or(i64::MAX))
    .bind(i64::from(limit) + 1);
    for v in values {
        query = query.bind(v);
    }
    let rows = query.fetch_all(&state.db.pool).await?;
    let more = rows.len() > limit as usize;
    let mut messages: Vec<Press> = rows.iter().take(limit as usize).map(press_of).collect();
    messages.reverse();
    Ok((messages, more))
}

/// The messages of game `game` posted while turns `turns` were open, whoever may read them
/// (the caller keeps a reader's with [`Press::readable_by`]): the latest `limit`, oldest first
/// (a long game's feed keeps its newest press, not its first).
pub async fn of_turns(
    state: &Store,
    game: i64,
    turns: std::ops::RangeInclusive<u16>,
    limit: u32,
) -> StoreResult<Vec<Press>> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM press WHERE game_id = $1 AND turn >= $2 AND turn <= $3 \
         ORDER BY id DESC LIMIT {limit}"
    )))
    .bind(game)
    .bind(i64::from(*turns.start()))
    .bind(i64::from(*turns.end()))
    .fetch_all(&state.db.pool)
    .await?;
    Ok(rows.iter().rev().map(press_of).collect())
}

/// The message of game `game` that `reader` knows by `number` ([`Press::number`]), whoever
/// may read it (for the GM's hiding).
pub async fn one(
    state: &Store,
    game: i64,
    reader: PressReader,
    number: i64,
) -> StoreResult<Option<Press>> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM press WHERE game_id = $1 AND {} = $2",
        number_column(reader)
    )))
    .bind(game)
    .bind(number)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.as_ref().map(press_of))
}

/// Hides a message, logging who hid it and when (a message hidden stays as first hidden).
pub async fn hide(state: &Store, game: i64, id: i64, by: &str, at: i64) -> StoreResult<()> {
    sqlx::query(
        "UPDATE press SET hidden_by = $1, hidden_at = $2 \
         WHERE game_id = $3 AND id = $4 AND hidden_by IS NULL",
    )
    .bind(by)
    .bind(at)
    .bind(game)
    .bind(id)
    .execute(&state.db.pool)
    .await?;
    Ok(())
}

/// The times of `author`'s messages in game `game` since `since`, oldest first (the rate
/// bound: their number, and when the oldest leaves the window).
pub async fn sent_since(
    state: &Store,
    game: i64,
    author: &str,
    since: i64,
) -> StoreResult<Vec<i64>> {
    Ok(sqlx::query_scalar(
        "SELECT at FROM press WHERE game_id = $1 AND author = $2 AND at > $3 ORDER BY at",
    )
    .bind(game)
    .bind(author)
    .bind(since)
    .fetch_all(&state.db.pool)
    .await?)
}

/// Whether game `game` allows private press (off unless its GM allowed it).
pub async fn private_allowed(state: &Store, game: i64) -> StoreResult<bool> {
    let allowed: Option<i64> =
        sqlx::query_scalar("SELECT private_allowed FROM press_settings WHERE game_id = $1")
            .bind(game)
            .fetch_optional(&state.db.pool)
            .await?;
    Ok(allowed == Some(1))
}

/// Allows or forbids private press in game `game` (press already sent stays as it was).
pub async fn set_private_allowed(state: &Store, game: i64, allowed: bool) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO press_settings (game_id, private_allowed) VALUES ($1, $2) \
         ON CONFLICT (game_id) DO UPDATE SET private_allowed = excluded.private_allowed",
    )
    .bind(game)
    .bind(i64::from(allowed))
    .execute(&state.db.pool)
    .await?;
    Ok(())
}
