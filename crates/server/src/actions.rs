//! What a player or GM can do, once: the JSON API (`api`) and the HTML forms (`pages`) both
//! call these, so a rule enforced for one is enforced for the other.

use game_api::{Seat, Viewer};
use gm::{Author, DeadlineRule, Event, Record, Setup, Submission};
use serde::Deserialize;
use sqlx::Row;

use crate::AppState;
use crate::auth::{self, Player};
use crate::error::{ApiError, ApiResult};
use crate::games::{self, Change, SeatChange, Table};
use crate::mailbox;
use crate::text;
use crate::throttle::ClientAddr;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

/// Opens an account. Names are unique whatever their case (`auth::name_key`).
pub async fn register(state: &AppState, c: &Credentials) -> ApiResult<()> {
    auth::check_name(&c.name)?;
    auth::check_password(&c.name, &c.password)?;
    let key = auth::name_key(&c.name).unwrap_or_default();
    let taken = || ApiError::Conflict(format!("name: {:?} is taken", c.name));
    let exists = sqlx::query("SELECT 1 FROM players WHERE name_key = $1 OR name = $2")
        .bind(&key)
        .bind(&c.name)
        .fetch_optional(&state.db.pool)
        .await?;
    if exists.is_some() {
        return Err(taken());
    }
    let hash = state.hasher.hash(&c.password).await?;
    let inserted = sqlx::query(
        "INSERT INTO players (name, name_key, password_hash, created_at, unsubscribe_token) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(&c.name)
    .bind(&key)
    .bind(hash)
    .bind(state.clock.now())
    .bind(mailbox::new_unsubscribe_token()?)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(taken());
    }
    // Failures tried on the name before it was an account's are not the new owner's.
    sqlx::query("DELETE FROM login_failures WHERE name_key = $1")
        .bind(&key)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// A session just opened.
#[derive(Debug)]
pub struct Login {
    /// The session's secret.
    pub secret: String,
    /// The account's name as registered.
    pub name: String,
    /// Wrong passwords given for the account since its last login (its owner is told).
    pub failed_attempts: i64,
}

impl Login {
    /// What the owner is told about the failed attempts, if there were any.
    pub fn notice(&self) -> Option<String> {
        match self.failed_attempts {
            0 => None,
            1 => Some("1 failed login attempt since your last login".into()),
            n => Some(format!("{n} failed login attempts since your last login")),
        }
    }
}

/// Checks a name and password and opens a session, unless the name or the client address
/// has failed too often lately (429: `throttle`). The password of an unknown name is checked
/// against a dummy hash, and its failure written as an account's is (`record_failure`), so
/// that both take as long.
pub async fn login(state: &AppState, c: &Credentials, client: ClientAddr) -> ApiResult<Login> {
    let key = auth::name_key(&c.name);
    let now = state.clock.now();
    if let Some(wait) = state.throttle.wait(key.as_deref(), client.0, now) {
        return Err(ApiError::TooMany {
            message: format!("login: too many failed attempts; try again in {wait} s"),
            retry_after: wait,
        });
    }
    let row = match &key {
        // The exact name first: accounts that differed only in case before names were
        // compared without it keep their own logins (see docs/server.md).
        Some(key) => sqlx::query(
            "SELECT id, name, password_hash, name_key FROM players \
             WHERE name = $1 OR name_key = $2 ORDER BY CASE WHEN name = $1 THEN 0 ELSE 1 END LIMIT 1",
        )
        .bind(&c.name)
        .bind(key)
        .fetch_optional(&state.db.pool)
        .await?,
        None => None,
    };
    let hash = row.as_ref().map(|r| r.get::<String, _>(2));
    if !state.hasher.verify(&c.password, hash.as_deref()).await? {
        state.throttle.failed(key.as_deref(), client.0, now);
        let failed_key = match &row {
            Some(row) => row.get::<String, _>(3),
            None => key.clone().unwrap_or_else(|| NO_ACCOUNT_KEY.into()),
        };
        record_failure(state, &failed_key, now).await?;
        return Err(ApiError::Unauthorized(
            "login: unknown name or wrong password".into(),
        ));
    }
    let row = row.expect("a verified password has an account");
    let (id, name, name_key) = (row.get::<i64, _>(0), row.get(1), row.get::<String, _>(3));
    state.throttle.succeeded(key.as_deref().unwrap_or_default());
    let failed_attempts: i64 =
        sqlx::query("SELECT failures FROM login_failures WHERE name_key = $1")
            .bind(&name_key)
            .fetch_optional(&state.db.pool)
            .await?
            .map_or(0, |r| r.get(0));
    if failed_attempts > 0 {
        // Only what is told is taken off: failures arriving meanwhile are told next time.
        sqlx::query("UPDATE login_failures SET failures = failures - $1 WHERE name_key = $2")
            .bind(failed_attempts)
            .bind(&name_key)
            .execute(&state.db.pool)
            .await?;
    }
    Ok(Login {
        secret: auth::issue(state, id, "session").await?,
        name,
        failed_attempts,
    })
}

/// The failure key of every name that no account can have.
const NO_ACCOUNT_KEY: &str = "?";

/// How long the failures of a name that is no account are kept, in seconds.
const UNKNOWN_FAILURES_KEPT: i64 = 24 * 3600;

/// Writes one failed login under a name's key, in one transaction with the same statements
/// whether or not the name is an account's: a failure costs the same either way, so its time
/// does not tell which names exist. The failures of names that are no account are dropped
/// after a day.
async fn record_failure(state: &AppState, name_key: &str, now: i64) -> ApiResult<()> {
    let mut tx = state.db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO login_failures (name_key, failures, last_at) VALUES ($1, 1, $2) \
         ON CONFLICT (name_key) DO UPDATE SET failures = login_failures.failures + 1, last_at = $2",
    )
    .bind(name_key)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM login_failures WHERE last_at < $1 \
         AND name_key NOT IN (SELECT name_key FROM players WHERE name_key IS NOT NULL)",
    )
    .bind(now - UNKNOWN_FAILURES_KEPT)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub title: String,
    pub game: String,
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub options: Vec<String>,
    pub seats: Vec<String>,
    pub deadline: DeadlineRule,
    /// The seed of every draw, for a test game (the GM then knows every draw). When not
    /// given, the game's draws come from a secret of 32 bytes from the operating system,
    /// committed to at creation and revealed when the game is over (`gm::draws`).
    #[serde(default)]
    pub seed: Option<u64>,
}

/// Creates a game with `player` as its GM: its id.
pub async fn create_game(state: &AppState, player: &Player, new: NewGame) -> ApiResult<i64> {
    let title = text::check_title(&new.title)?;
    for seat in &new.seats {
        text::check_line("seats", seat)?;
    }
    new.deadline
        .check()
        .map_err(|e| ApiError::Bad(e.to_string()))?;
    let (seed, secret) = match new.seed {
        Some(seed) => (seed, None),
        None => {
            let mut bytes = [0u8; gm::draws::SECRET_BYTES];
            getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
            let (secret, seed) = gm::draws::secret_from_bytes(&bytes);
            (seed, Some(secret))
        }
    };
    let setup = Setup {
        game: gm::game_info(&new.game)?.name.to_string(),
        rules: new.rules,
        options: new.options,
        seats: new.seats,
        seed,
        secret,
        map: None,
        deck: None,
    };
    games::create(state, &title, player.id, setup, &new.deadline).await
}

/// Who the caller is in this game: a seat's view if they play one, the GM's if they run it,
/// else the public view.
pub fn viewer(table: &Table, player: Option<&Player>) -> Viewer {
    match player {
        Some(p) => match table.seat_of(p.id) {
            Some(seat) => Viewer::Seat(seat),
            None if table.is_gm(p.id) => Viewer::Gm,
            None => Viewer::Public,
        },
        None => Viewer::Public,
    }
}

/// Claims the seat an invitation is for.
pub async fn join(state: &AppState, player: &Player, id: i64, invite: &str) -> ApiResult<()> {
    let mut turn = games::lock(state, id).await;
    let table = turn.load(state).await?;
    let Some(seat) = table.seats.iter().find(|s| s.invite == invite) else {
        return Err(ApiError::Forbidden(
            "invite: not an invitation to this game (or already used)".into(),
        ));
    };
    if let Some(held) = table.seat_of(player.id) {
        return Err(ApiError::Conflict(format!(
            "invite: you already play seat {} ({})",
            held.0,
            table.seats[held.index()].name
        )));
    }
    if seat.player_id.is_some() {
        return Err(ApiError::Conflict(format!(
            "invite: seat {} is taken",
            seat.name
        )));
    }
    let seat_no = seat.seat;
    let change = Change {
        events: vec![Event::SeatClaimed {
            seat: seat_no,
            player: player.name.clone(),
        }],
        seats: vec![SeatChange::Claim {
            seat: seat_no,
            player_id: player.id,
            player_name: player.name.clone(),
        }],
        ..Change::default()
    };
    games::append(state, turn, &table, &player.name, change).await
}

/// The seat the player holds in this game, or a 403.
pub fn own_seat(table: &Table, player: &Player) -> ApiResult<Seat> {
    table
        .seat_of(player.id)
        .ok_or_else(|| ApiError::Forbidden("seat: you do not play in this game".into()))
}

/// The door orders came through: the web (the API and the forms) or a mail.
#[derive(Clone, Debug)]
pub enum Via {
    Web,
    /// An inbound mail (`mailbox::receive`): the echo answers it, and the message is marked
    /// handled in the same transaction as the orders.
    Mail {
        inbound: i64,
        /// Where the answer goes.
        to: String,
        in_reply_to: Option<String>,
        /// The mail's lines not read as orders, listed in the echo.
        ignored: Vec<String>,
    },
}

/// Seals (or amends) the player's orders for the coming turn: the record with them sealed,
/// and the seat.
pub async fn submit(
    state: &AppState,
    player: &Player,
    id: i64,
    submission: &Submission,
) -> ApiResult<(Record, Seat)> {
    submit_via(state, player, id, submission, Via::Web).await
}

/// [`submit`] through a given door. Whatever the door, the orders as read are mailed back to
/// the player (their confirmed address; a mail's sender) in the transaction that seals them.
pub async fn submit_via(
    state: &AppState,
    player: &Player,
    id: i64,
    submission: &Submission,
    via: Via,
) -> ApiResult<(Record, Seat)> {
    let echo_to: Option<String> = match &via {
        // A player who wants no mail is not told of orders sent on the web.
        Via::Web => player.echo_to.clone(),
        Via::Mail { to, .. } => Some(to.clone()),
    };
    let mut turn = None;
    // A concurrent write by another server process is retried; a resolution in between is
    // not (the orders were written for a position that no longer exists).
    for attempt in 0..5 {
        let mut guard = games::lock(state, id).await;
        // After a conflict, the changes this process still has waiting for the game may have
        // been made on the refused one: the retry waits for them and reads the database.
        let mut table = if attempt == 0 {
            guard.load(state).await?
        } else {
            guard.settled(state).await?
        };
        let seat = own_seat(&table, player)?;
        if *turn.get_or_insert(table.record.turn()) != table.record.turn() {
            break;
        }
        let events = table.record.check(seat, submission, Author::Player)?;
        for e in &events {
            table.record.apply(e)?;
        }
        let mut change = Change {
            events: events.clone(),
            ..Change::default()
        };
        let (ignored, in_reply_to) = match &via {
            Via::Web => (&[][..], None),
            Via::Mail {
                ignored,
                in_reply_to,
                ..
            } => (ignored.as_slice(), in_reply_to.clone()),
        };
        if let Some(to) = &echo_to {
            let (subject, body) = mailbox::echo(&table, seat, &events, ignored);
            change.mails.push(mailbox::OutMail {
                kind: "echo".into(),
                to: to.clone(),
                game_id: Some(id),
                seat: Some(seat),
                player_id: Some(player.id),
                reply_secret: table.seats[seat.index()].mail_secret.clone(),
                in_reply_to,
                subject,
                body,
                ..mailbox::OutMail::default()
            });
        }
        if let Via::Mail { inbound, .. } = &via {
            change.inbound = Some(mailbox::InboundDone {
                id: *inbound,
                status: "applied",
                note: format!(
                    "orders sealed for {} {}",
                    table.row.game.turn_noun,
                    table.record.turn()
                ),
                game_id: Some(id),
                seat: Some(seat),
            });
        }
        match games::append(state, guard, &table, &player.name, change).await {
            Ok(()) => {
                if table.all_ready() {
                    state.wake.notify_one();
                }
                return Ok((table.record, seat));
            }
            Err(ApiError::Conflict(_)) => continue,
            Err(e) => return Err(e),
        }
    }
    match turn {
        Some(t) if t != games::load(state, id).await?.record.turn() => Err(ApiError::Conflict(
            "orders: the turn was resolved while they were being sent; read the new position and send again".into(),
        )),
        _ => Err(ApiError::Conflict(
            "orders: the game is busy (other servers kept changing it); send again".into(),
        )),
    }
}

/// How long an email confirmation link works (seconds).
pub const EMAIL_TOKEN_LIFETIME: i64 = 48 * 3600;

/// Gives the account a new email address: nothing is sent to it but the confirmation link
/// until it is confirmed. Needs mail on this server (`serve --smtp`).
pub async fn set_email(state: &AppState, player: &Player, address: &str) -> ApiResult<()> {
    let Some(settings) = &state.mail else {
        return Err(ApiError::Bad(
            "email: mail is off on this server (serve --smtp)".into(),
        ));
    };
    let address = check_email(address)?;
    let token = auth::new_secret()?;
    let now = state.clock.now();
    let mut tx = state.db.pool.begin().await?;
    sqlx::query(
        "UPDATE players SET email_pending = $1, email_token_hash = $2, email_token_expires = $3, \
         unsubscribe_token = COALESCE(unsubscribe_token, $5) WHERE id = $4",
    )
    .bind(address)
    .bind(auth::secret_hash(&token))
    .bind(now + EMAIL_TOKEN_LIFETIME)
    .bind(player.id)
    .bind(mailbox::new_unsubscribe_token()?)
    .execute(&mut *tx)
    .await?;
    let link = format!(
        "{}/confirm-email/{token}",
        settings.public_url.trim_end_matches('/')
    );
    let mail = mailbox::OutMail {
        kind: "confirm".into(),
        to: address.to_string(),
        player_id: Some(player.id),
        subject: "postrider: confirm your email address".into(),
        body: format!(
            "Someone, probably you ({name}), gave this address to a postrider account.
             To receive reports and send orders by mail, open this link within 48 hours:

{link}

             If it was not you, ignore this mail: nothing more is sent to this address.
",
            name = player.name
        ),
        ..mailbox::OutMail::default()
    };
    mailbox::queue(&mut tx, &mail, now).await?;
    tx.commit().await?;
    Ok(())
}

/// An email address as typed, trimmed; refused unless it is one plain `name@domain`.
fn check_email(address: &str) -> ApiResult<&str> {
    let address = address.trim();
    text::check_line("email", address)?;
    let valid = address.len() <= 254
        && address.split('@').count() == 2
        && address
            .split('@')
            .all(|part| !part.is_empty() && !part.contains(char::is_whitespace))
        && !address.contains(['<', '>', ',', ';', '"']);
    if valid {
        Ok(address)
    } else {
        Err(ApiError::Bad(format!(
            "email: {address:?} is not an address (write it as name@example.org)"
        )))
    }
}

/// Confirms the address a link's token was sent to: the account's name.
pub async fn confirm_email(state: &AppState, token: &str) -> ApiResult<String> {
    let now = state.clock.now();
    let row = sqlx::query(
        "SELECT id, name, email_pending FROM players WHERE email_token_hash = $1 AND email_token_expires >= $2",
    )
    .bind(auth::secret_hash(token))
    .bind(now)
    .fetch_optional(&state.db.pool)
    .await?
    .ok_or_else(|| {
        ApiError::NotFound("confirm: the link is unknown, used or expired; give the address again".into())
    })?;
    sqlx::query(
        "UPDATE players SET email = email_pending, email_pending = NULL, email_token_hash = NULL, email_token_expires = NULL WHERE id = $1",
    )
    .bind(row.get::<i64, _>(0))
    .execute(&state.db.pool)
    .await?;
    Ok(row.get(1))
}

/// What the account's mail settings are: the confirmed address, one waiting for its
/// confirmation, and what is mailed unasked.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MailProfile {
    pub email: Option<String>,
    pub pending: Option<String>,
    pub mail_choice: mailbox::MailChoice,
}

pub async fn mail_profile(state: &AppState, player: &Player) -> ApiResult<MailProfile> {
    let row = sqlx::query("SELECT email, email_pending, mail_choice FROM players WHERE id = $1")
        .bind(player.id)
        .fetch_one(&state.db.pool)
        .await?;
    Ok(MailProfile {
        email: row.get(0),
        pending: row.get(1),
        mail_choice: mailbox::MailChoice::from_db(&row.get::<String, _>(2)),
    })
}

/// Sets what the account wants mailed unasked: every mail, a daily digest, or none.
pub async fn set_mail_choice(
    state: &AppState,
    player: &Player,
    choice: mailbox::MailChoice,
) -> ApiResult<()> {
    sqlx::query("UPDATE players SET mail_choice = $1 WHERE id = $2")
        .bind(choice.as_str())
        .bind(player.id)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// One-click unsubscribe (RFC 8058): the token of a mail's `List-Unsubscribe` link sets its
/// account's choice to none, without a login. A link of an earlier release carried the mail's
/// Message-ID instead; it still works.
pub async fn unsubscribe(state: &AppState, token: &str) -> ApiResult<()> {
    // (The one action without a player: the token is the authority.)
    let token = token.trim();
    let mut player: Option<i64> =
        sqlx::query_scalar("SELECT id FROM players WHERE unsubscribe_token = $1")
            .bind(token)
            .fetch_optional(&state.db.pool)
            .await?;
    if player.is_none() {
        player = sqlx::query_scalar("SELECT player_id FROM outbox WHERE message_id = $1")
            .bind(token)
            .fetch_optional(&state.db.pool)
            .await?
            .flatten();
    }
    let Some(player) = player.filter(|_| !token.is_empty()) else {
        return Err(ApiError::NotFound("unsubscribe: unknown link".into()));
    };
    sqlx::query("UPDATE players SET mail_choice = 'none' WHERE id = $1")
        .bind(player)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// Gives the player's seat in game `id` a new order address (the old one stops working): its
/// new secret.
pub async fn rotate_mail_secret(state: &AppState, player: &Player, id: i64) -> ApiResult<String> {
    // The secret is written besides the committer: no change of the game may be waiting.
    let mut guard = games::lock(state, id).await;
    let table = guard.settled(state).await?;
    let seat = own_seat(&table, player)?;
    let secret = mailbox::new_mail_secret()?;
    sqlx::query("UPDATE seats SET mail_secret = $1 WHERE game_id = $2 AND seat = $3")
        .bind(&secret)
        .bind(id)
        .bind(i64::from(seat.0))
        .execute(&state.db.pool)
        .await?;
    Ok(secret)
}

/// One entry of a game's history as a viewer may see it.
#[derive(Debug)]
pub struct HistoryEntry {
    pub seq: i64,
    pub at: i64,
    pub actor: String,
    pub event: Event,
    /// Sealed orders this viewer may not read yet (their text is withheld).
    pub sealed: bool,
}

/// Who an entry of the log is shown as the work of: a bot's orders are the bot's
/// (`bot:heuristic`), whoever's change carried them (the GM who resolved, the deadline).
fn attributed(actor: String, event: &Event) -> String {
    match event {
        Event::Lineup {
            author: Author::Bot(bot),
            ..
        }
        | Event::Orders {
            author: Author::Bot(bot),
            ..
        } => format!("bot:{bot}"),
        _ => actor,
    }
}

/// Which page of the history to read (`?from_seq=&from_turn=&limit=`): by default the first
/// [`HISTORY_PAGE`] entries.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryQuery {
    /// The number of the page's first entry.
    #[serde(default)]
    pub from_seq: Option<i64>,
    /// The page begins where this turn (or round) first opened.
    #[serde(default)]
    pub from_turn: Option<u16>,
    /// At most this many entries (1 to `games::HISTORY_PAGE_MAX`).
    #[serde(default)]
    pub limit: Option<i64>,
}

/// The entries of a history page unless the query says otherwise.
pub const HISTORY_PAGE: i64 = 100;

/// One page of a game's history.
#[derive(Debug)]
pub struct HistoryPage {
    pub entries: Vec<HistoryEntry>,
    /// The number of the first entry asked for, and the page size.
    pub from: i64,
    pub limit: i64,
    /// Where the following and the preceding page begin.
    pub next: Option<i64>,
    pub previous: Option<i64>,
    /// The number of entries in the log.
    pub total: i64,
    /// Where each turn first opened, up to the coming one: `(turn, seq)`.
    pub turns: Vec<(u16, i64)>,
}

/// A page of the game's history, with sealed orders hidden until their turn is resolved
/// (their own seat and the GM see them at once). Its cost is bounded whatever the log holds
/// (issue 28): a range of at most `games::HISTORY_PAGE_MAX` entries, and the resolutions and
/// roll-backs, which decide what is revealed.
pub async fn history(
    state: &AppState,
    table: &Table,
    player: Option<&Player>,
    query: &HistoryQuery,
) -> ApiResult<HistoryPage> {
    let viewer = viewer(table, player);
    let is_gm = player.is_some_and(|p| table.is_gm(p.id));
    let limit = query.limit.unwrap_or(HISTORY_PAGE);
    if !(1..=games::HISTORY_PAGE_MAX).contains(&limit) {
        return Err(ApiError::Bad(format!(
            "limit: {limit} is not between 1 and {}",
            games::HISTORY_PAGE_MAX
        )));
    }
    // Orders are revealed by the resolution of their turn, unless that resolution was rolled
    // back: then the turn is open again and its orders are sealed again (issue 12).
    let mut resolutions: Vec<i64> = Vec::new();
    let coming = table.record.turn();
    let mut turns: Vec<(u16, i64)> = vec![(1, 1)];
    for (seq, event) in games::resolutions(state, table).await? {
        match event {
            Event::Resolved { turn, .. } => {
                resolutions.push(seq);
                let opened = turn.saturating_add(1);
                if opened <= coming && !turns.iter().any(|&(t, _)| t == opened) {
                    turns.push((opened, seq + 1));
                }
            }
            Event::RolledBack { .. } => {
                resolutions.pop();
            }
            _ => {}
        }
    }
    turns.sort_unstable();
    let last_resolution = resolutions.last().copied();
    let total = table.row.version;
    let from = match (query.from_seq, query.from_turn) {
        (Some(_), Some(_)) => {
            return Err(ApiError::Bad(
                "from_seq, from_turn: give one or the other".into(),
            ));
        }
        (Some(seq), None) if !(1..=total).contains(&seq) => {
            return Err(ApiError::NotFound(format!(
                "from_seq: {seq} is not an entry of the log (it holds 1 to {total})"
            )));
        }
        (Some(seq), None) => seq,
        (None, Some(turn)) => match turns.iter().find(|&&(t, _)| t == turn) {
            Some(&(_, seq)) => seq,
            None => {
                return Err(ApiError::NotFound(format!(
                    "from_turn: {noun} {turn} has not opened (the coming {noun} is {coming})",
                    noun = table.row.game.turn_noun
                )));
            }
        },
        (None, None) => 1,
    };
    let entries: Vec<HistoryEntry> = games::history_page(state, table, from, limit)
        .await?
        .into_iter()
        .map(|(seq, at, actor, event)| {
            let sealed = event.sealed_seat().is_some_and(|seat| {
                let revealed = last_resolution.is_some_and(|r| r > seq);
                !revealed && !is_gm && !viewer.sees_secrets_of(seat)
            });
            HistoryEntry {
                seq,
                at,
                actor: attributed(actor, &event),
                event,
                sealed,
            }
        })
        .collect();
    let end = from + limit;
    Ok(HistoryPage {
        entries,
        from,
        limit,
        next: (end <= total).then_some(end),
        previous: (from > 1).then(|| (from - limit).max(1)),
        total,
        turns,
    })
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action", deny_unknown_fields)]
pub enum GmAction {
    /// Moves the deadline by this many seconds (negative to shorten).
    Extend {
        seconds: i64,
    },
    Pause,
    Resume,
    /// Starts the clock of a game still waiting for players: open seats send nothing (NMR)
    /// until someone takes them.
    Start,
    /// Processes the coming turn now.
    Resolve,
    /// Shows what the coming turn would give now, changing nothing.
    Preview,
    Drop {
        rider: String,
    },
    Retire {
        rider: String,
    },
    /// Hands a seat to a bot (`null`: back to its player).
    Bot {
        seat: Seat,
        bot: Option<String>,
    },
    /// Frees a seat (a new invitation) so that another player can take it over.
    Free {
        seat: Seat,
    },
    /// Takes back the last resolved turn.
    Rollback,
    /// Reminds a seat whose orders are missing: a mail to its player through the outbox
    /// when mail is on and the player takes mail, else the text for the GM to send.
    Remind {
        seat: Seat,
    },
    /// Mails a seat's invitation link to an address.
    Invite {
        seat: Seat,
        email: String,
    },
    /// Sets the game's webhook (Discord- or Slack-compatible; `null` or empty: none).
    Webhook {
        url: Option<String>,
    },
    /// Takes the game off the front page and the players' lists; it stays readable at its
    /// address. A game still running is paused (its history says so).
    Archive,
    /// Puts an archived game back on the lists (a paused game stays paused).
    Restore,
    /// Deletes the game: one with no turn resolved yet, or a test game (its seed chosen by
    /// the GM). Other games can be archived (docs/server.md).
    Delete,
}

/// Whether the GM may delete the game: nothing resolved yet, or a test game (the GM chose the
/// seed, so its draws were never secret). Other games keep their published record: they can
/// be archived.
pub fn deletable(table: &Table) -> bool {
    table.record.resolved() == 0 || table.record.setup().secret.is_none()
}

/// Refuses anyone but the game's GM.
pub fn require_gm(table: &Table, player: &Player) -> ApiResult<()> {
    if table.is_gm(player.id) {
        Ok(())
    } else {
        Err(ApiError::Forbidden(
            "gm: only the game's GM may do that".into(),
        ))
    }
}

/// What a GM action gave: done, or (for a preview) the report the coming turn would have.
#[derive(Debug)]
pub enum GmOutcome {
    Done,
    Preview {
        turn: u16,
        report: String,
    },
    /// A reminder: mailed to the seat's player (`mailed`), or the text for the GM to send.
    Reminded {
        seat: String,
        mailed: bool,
        text: String,
    },
}

/// The GM's reminder to `seat`: refused if the seat owes nothing; mailed through the outbox
/// (once per turn and seat: a second press gives the text instead) when mail is on and its
/// player takes mail; otherwise the text, for the GM to send another way.
async fn remind(state: &AppState, gm: &Player, table: &Table, seat: Seat) -> ApiResult<GmOutcome> {
    let row = &table.seats[seat.index()];
    if let Some(bot) = &row.bot {
        return Err(ApiError::Bad(format!(
            "remind: {} is played by the bot {bot}",
            row.name
        )));
    }
    if table.record.is_over() || games::seat_ready(&table.record, row) {
        return Err(ApiError::Bad(format!(
            "remind: {} owes no orders now",
            row.name
        )));
    }
    let info = table.row.game;
    let turn = table.record.turn();
    let due = match table.row.next_deadline {
        Some(at) if !table.row.paused => format!("the deadline is {}", gm::utc_text(at)),
        _ => "the deadline is not set yet".into(),
    };
    let base = state
        .mail
        .as_ref()
        .map(|m| m.public_url.clone())
        .or_else(|| state.config.public_url.clone())
        .unwrap_or_default();
    let link = format!(
        "{}/games/{}/orders",
        base.trim_end_matches('/'),
        table.row.id
    );
    // A roll-back re-opened the turn: the seat's orders are kept, but wait to be confirmed.
    let missing = if table.record.reopened(seat) {
        format!(
            "{noun} {turn} was re-opened: your orders are kept and stand at the deadline unless you send or amend them",
            noun = info.turn_noun
        )
    } else {
        format!("no orders from you yet for {} {turn}", info.turn_noun)
    };
    let lead = format!(
        "{gm} (the GM of {title}) reminds you: {missing}, and {due}.",
        gm = gm.name,
        title = table.row.title,
    );
    let address: Option<(i64, String)> = match (&state.mail, row.player_id) {
        (Some(_), Some(player)) => sqlx::query(
            "SELECT email FROM players WHERE id = $1 AND email IS NOT NULL AND mail_choice <> 'none'",
        )
        .bind(player)
        .fetch_optional(&state.db.pool)
        .await?
        .map(|r| (player, r.get::<String, _>(0))),
        _ => None,
    };
    let text = crate::reminders::reminder_body(table, &lead, &link, address.is_some());
    let Some((player_id, to)) = address else {
        return Ok(GmOutcome::Reminded {
            seat: row.name.clone(),
            mailed: false,
            text,
        });
    };
    let mail = mailbox::OutMail {
        kind: "reminder".into(),
        to,
        game_id: Some(table.row.id),
        seat: Some(seat),
        player_id: Some(player_id),
        reply_secret: row.mail_secret.clone(),
        subject: mailbox::seat_subject(table, seat, "a reminder from your GM"),
        body: text.clone(),
        dedup_key: Some(format!("gm-remind/{}/{turn}/{}", table.row.id, seat.0)),
        ..mailbox::OutMail::default()
    };
    let mut tx = state.db.pool.begin().await?;
    let mailed = mailbox::queue(&mut tx, &mail, state.clock.now()).await?;
    tx.commit().await?;
    Ok(GmOutcome::Reminded {
        seat: row.name.clone(),
        mailed,
        text,
    })
}

/// A change of one event that the record has taken, and so checked, before it is stored.
fn applied(record: &mut Record, e: Event) -> ApiResult<Change> {
    record.apply(&e)?;
    Ok(Change::event(e))
}

pub async fn gm_action(
    state: &AppState,
    player: &Player,
    id: i64,
    action: GmAction,
) -> ApiResult<GmOutcome> {
    // A GM's action is rare and may write besides the committer (the webhook, a deletion)
    // or read the log (a rollback): it waits for the game's changes in flight.
    let mut guard = games::lock(state, id).await;
    let mut table = guard.settled(state).await?;
    require_gm(&table, player)?;
    let actor = format!("gm:{}", player.name);
    let seat_count = table.seats.len();
    let check_seat = |seat: Seat| {
        if seat.index() < seat_count {
            Ok(seat)
        } else {
            Err(ApiError::Bad(format!("seat: no seat {}", seat.0)))
        }
    };
    let change = match action {
        GmAction::Extend { seconds } => {
            text::check_extend(seconds)?;
            let Some(at) = table.row.next_deadline else {
                return Err(ApiError::Bad(if table.record.is_over() {
                    "extend: the game is over".into()
                } else {
                    "extend: the clock has not started (it starts when the last seat is taken, or use start)".into()
                }));
            };
            let at = at.saturating_add(seconds).max(state.clock.now());
            Change {
                events: vec![Event::Deadline { at }],
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Pause => Change {
            events: vec![Event::Paused],
            paused: Some(true),
            ..Change::default()
        },
        GmAction::Resume if table.row.next_deadline.is_none() => Change {
            // A game still waiting for its players goes on waiting.
            events: vec![Event::Resumed],
            paused: Some(false),
            ..Change::default()
        },
        GmAction::Resume => {
            let at = table
                .row
                .deadline_rule
                .next_after(state.clock.now())
                .map_err(|e| ApiError::Internal(e.to_string()))?;
            Change {
                events: vec![Event::Resumed, Event::Deadline { at }],
                paused: Some(false),
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Start => {
            if table.record.is_over() || table.row.next_deadline.is_some() {
                return Err(ApiError::Bad("start: the clock is already running".into()));
            }
            let at = table
                .row
                .deadline_rule
                .next_after(state.clock.now())
                .map_err(|e| ApiError::Internal(e.to_string()))?;
            Change {
                events: vec![Event::Deadline { at }],
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Resolve => {
            // Recorded as the GM's doing, not the deadline's (issue 15).
            if !games::process_locked(state, guard, table, true, &player.name).await? {
                return Err(ApiError::Conflict(
                    "resolve: nothing to resolve (the game is over, or another process resolved it)".into(),
                ));
            }
            return Ok(GmOutcome::Done);
        }
        GmAction::Preview => {
            // Resolved on stand-ins for the draws still to come: a GM (who may also play) sees
            // what the orders do, never the cards or choices the seed holds in store.
            let mut record = table.record.for_preview();
            let turn = record.turn();
            games::play_turn(&mut record, &table.seats)?;
            let mut report = String::new();
            if record.setup().secret.is_some() {
                report.push_str(
                    "Stand-in draws: the cards still to be drawn and the bots' choices in this preview \
                     are drawn for it alone; the game's own draws stay secret until the turn is resolved.\n\n",
                );
            }
            report.push_str(&record.report_body(Viewer::Gm, Some(turn))?);
            return Ok(GmOutcome::Preview { turn, report });
        }
        GmAction::Drop { rider } => applied(&mut table.record, Event::Dropped { rider })?,
        GmAction::Retire { rider } => applied(&mut table.record, Event::Retired { rider })?,
        GmAction::Bot { seat, bot } => {
            let seat = check_seat(seat)?;
            if let Some(name) = &bot {
                gm::parse_bot(name)?;
            }
            Change {
                events: vec![Event::SeatBot {
                    seat,
                    bot: bot.clone(),
                }],
                seats: vec![SeatChange::Bot { seat, bot }],
                ..Change::default()
            }
        }
        GmAction::Free { seat } => {
            let seat = check_seat(seat)?;
            Change {
                events: vec![Event::SeatFreed { seat }],
                seats: vec![SeatChange::Free { seat }],
                ..Change::default()
            }
        }
        GmAction::Remind { seat } => {
            let seat = check_seat(seat)?;
            return remind(state, player, &table, seat).await;
        }
        GmAction::Invite { seat, email } => {
            let seat = check_seat(seat)?;
            let Some(settings) = state.mail.clone() else {
                return Err(ApiError::Bad(
                    "invite: mail is off on this server (serve --smtp)".into(),
                ));
            };
            let email = check_email(&email)?;
            let row = &table.seats[seat.index()];
            if row.player_id.is_some() {
                return Err(ApiError::Conflict(format!(
                    "invite: seat {} is taken",
                    row.name
                )));
            }
            let info = table.row.game;
            let mail = mailbox::OutMail {
                kind: "invitation".into(),
                to: email.to_string(),
                game_id: Some(id),
                seat: Some(seat),
                subject: format!("{}: an invitation to play {}", table.row.title, row.name),
                body: format!(
                    "{gm} invites you to play {noun} {name} in {title}, a game of {game} run by postrider.\n\n\
                     To take the seat, open this link (log in or register first):\n\n{url}/games/{id}/join?invite={invite}\n\n\
                     Once you have the seat, confirm your address on the server to receive each report by mail \
                     and send your orders by replying to it.\n",
                    gm = player.name,
                    noun = info.seat_noun,
                    name = row.name,
                    title = table.row.title,
                    game = info.title,
                    url = settings.public_url.trim_end_matches('/'),
                    invite = row.invite,
                ),
                ..mailbox::OutMail::default()
            };
            Change {
                mails: vec![mail],
                ..Change::default()
            }
        }
        GmAction::Webhook { url } => {
            let url = match url.as_deref().map(str::trim) {
                None | Some("") => None,
                Some(url) => Some(crate::webhook::check_url(
                    url,
                    state.config.webhooks_to_private,
                )?),
            };
            // A setting, not a move of the game: no event, no version change.
            sqlx::query("UPDATE games SET webhook_url = $1 WHERE id = $2")
                .bind(url)
                .bind(id)
                .execute(&state.db.pool)
                .await?;
            return Ok(GmOutcome::Done);
        }
        GmAction::Rollback => {
            let turn = table.record.resolved();
            if turn == 0 {
                return Err(ApiError::Bad("rollback: no turn has been resolved".into()));
            }
            if table.record.is_over() {
                // The secret is public once the game is over: a re-opened turn would be
                // played with every draw known.
                return Err(ApiError::Bad(
                    "rollback: the game is over and its draws are public; it cannot be re-opened"
                        .into(),
                ));
            }
            let mut log: Vec<Event> = games::events(state, id)
                .await?
                .into_iter()
                .map(|(_, _, _, e)| e)
                .collect();
            let e = Event::RolledBack { turn };
            log.push(e.clone());
            table.record = Record::replay(&log)?;
            Change::event(e)
        }
        GmAction::Archive => {
            let running = !table.record.is_over() && !table.row.paused;
            Change {
                events: if running {
                    vec![Event::Paused]
                } else {
                    Vec::new()
                },
                paused: running.then_some(true),
                archived: Some(true),
                ..Change::default()
            }
        }
        GmAction::Restore => Change {
            archived: Some(false),
            ..Change::default()
        },
        GmAction::Delete => {
            if !deletable(&table) {
                return Err(ApiError::Bad(
                    "delete: turns of this game were played with secret draws; archive it instead \
                     (only a game with no turn resolved, or a test game with a seed the GM chose, \
                     can be deleted)"
                        .into(),
                ));
            }
            games::delete(state, &table).await?;
            tracing::info!(game = id, gm = %player.name, "game deleted");
            return Ok(GmOutcome::Done);
        }
    };
    games::append(state, guard, &table, &actor, change).await?;
    state.wake.notify_one();
    Ok(GmOutcome::Done)
}
