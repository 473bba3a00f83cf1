//! The server's mail: the outbox rows a change writes in its own transaction (`queue`, and
//! `mails_for_events`: each seat's report of a resolved turn, the welcome on taking a seat),
//! and the inbound door (`receive`): one RFC 5322 message, stored raw before anything reads
//! it, authenticated by the secret in the address it was sent to (`orders+SECRET@domain`,
//! never the From header), its orders read by `mail::orders_from_mail` and sealed through
//! `actions::submit`, the same path as the API and the forms, and answered through the outbox.

use game_api::{Seat, Viewer};
use sqlx::{AnyConnection, Row};

use crate::AppState;
use crate::actions::{self, Via};
use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::games::{self, Table};

/// How this server mails: its public address (links), the From of its mail, and the address
/// order mail goes to (`orders@club.example`: a seat's address is `orders+SECRET@club.example`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailSettings {
    pub public_url: String,
    pub from: String,
    pub orders_address: String,
}

impl MailSettings {
    /// The order address of the seat whose secret is `secret`.
    pub fn order_address(&self, secret: &str) -> String {
        match self.orders_address.split_once('@') {
            Some((local, domain)) => format!("{local}+{secret}@{domain}"),
            None => format!("{}+{secret}", self.orders_address),
        }
    }
}

/// One mail to send, as the outbox holds it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OutMail {
    /// What it is: `report`, `echo`, `refusal`, `howto` (the answer to a mail without a seat's
    /// secret), `welcome`, `invitation`, `confirm`, `reminder`, `digest`, or `webhook` (a post: `to` is its URL and `body` its JSON).
    pub kind: String,
    pub to: String,
    pub game_id: Option<i64>,
    pub seat: Option<Seat>,
    pub player_id: Option<i64>,
    /// The seat's order-address secret: the mail's Reply-To is made from it when it is sent.
    pub reply_secret: Option<String>,
    /// The Message-ID this mail answers.
    pub in_reply_to: Option<String>,
    pub subject: String,
    pub body: String,
    /// A key that makes the row once-only whatever the number of servers writing it
    /// (`reminder/GAME/TURN/SEAT/STAGE`): a second row with the key is dropped.
    pub dedup_key: Option<String>,
    /// The turn a report reports (its HTML alternative and picture are made when it is sent).
    pub turn: Option<u16>,
}

/// An inbound message's outcome, recorded in the transaction that acts on it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InboundDone {
    pub id: i64,
    /// `applied`, `refused`, `duplicate` or `dropped`.
    pub status: &'static str,
    pub note: String,
    pub game_id: Option<i64>,
    pub seat: Option<Seat>,
}

/// A new order-address secret: 96 bits from the operating system, as 24 hex digits.
pub fn new_mail_secret() -> ApiResult<String> {
    Ok(crate::auth::new_secret()?[..24].to_string())
}

/// A new secret for a player's one-click unsubscribe link: 120 bits, as 30 hex digits.
pub fn new_unsubscribe_token() -> ApiResult<String> {
    Ok(crate::auth::new_secret()?[..30].to_string())
}

/// Writes `mail` to the outbox, due at once. Its Message-ID's left part is drawn here and
/// kept: a retry sends the same Message-ID, so a mail sent twice is seen as one. A mail with a
/// `dedup_key` already in the outbox is not written again (false).
pub async fn queue(conn: &mut AnyConnection, mail: &OutMail, now: i64) -> ApiResult<bool> {
    Ok(queue_many(conn, &[(mail, now)]).await? == 1)
}

/// [`queue`] for many mails, each with its time, in multi-row statements (the committer's
/// batches); returns how many were written.
pub async fn queue_many(conn: &mut AnyConnection, mails: &[(&OutMail, i64)]) -> ApiResult<u64> {
    const COLUMNS: usize = 14;
    let mut written = 0;
    for (chunk, rows) in
        crate::commit::padded_chunks(mails, crate::commit::MAX_PARAMETERS / COLUMNS)
    {
        // Padding rows have no Message-ID, and are skipped.
        let sql = format!(
            "INSERT INTO outbox (message_id, kind, game_id, seat, player_id, to_addr, reply_secret, in_reply_to, subject, body, created_at, next_attempt_at, dedup_key, turn) \
             SELECT {} FROM (VALUES {}) AS v WHERE column1 IS NOT NULL ON CONFLICT DO NOTHING",
            (1..=COLUMNS)
                .map(|c| format!("column{c}"))
                .collect::<Vec<_>>()
                .join(", "),
            crate::commit::placeholders(crate::db::Backend::of(conn), rows, COLUMNS)
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for k in 0..rows {
            let ((mail, now), real) = crate::commit::padded_row(chunk, k);
            let message_id = if real {
                Some(format!(
                    "{}.{}",
                    mail.kind,
                    &crate::auth::new_secret()?[..20]
                ))
            } else {
                None
            };
            query = query
                .bind(message_id)
                .bind(&mail.kind)
                .bind(mail.game_id)
                .bind(mail.seat.map(|s| i64::from(s.0)))
                .bind(mail.player_id)
                .bind(&mail.to)
                .bind(&mail.reply_secret)
                .bind(&mail.in_reply_to)
                .bind(&mail.subject)
                .bind(&mail.body)
                .bind(*now)
                .bind(*now)
                .bind(&mail.dedup_key)
                .bind(mail.turn.map(i64::from));
        }
        written += query.execute(&mut *conn).await?.rows_affected();
    }
    Ok(written)
}

/// Records what became of an inbound message.
pub async fn mark(conn: &mut AnyConnection, done: &InboundDone) -> ApiResult<()> {
    sqlx::query(
        "UPDATE inbound_mail SET status = $1, note = $2, game_id = $3, seat = $4 WHERE id = $5",
    )
    .bind(done.status)
    .bind(&done.note)
    .bind(done.game_id)
    .bind(done.seat.map(|s| i64::from(s.0)))
    .bind(done.id)
    .execute(conn)
    .await?;
    Ok(())
}

/// The subject of every mail to a seat about its game: the open turn is in it, so that a
/// reply's orders carry their turn (`mail::subject_turn`).
pub fn seat_subject(table: &Table, seat: Seat, what: &str) -> String {
    mail::subject(
        &table.row.title,
        &table.seats[seat.index()].name,
        what,
        table.row.game.turn_noun,
        table.record.turn(),
    )
}

/// The deadline as mails give it.
/// The deadline of the coming turn (`at`), unless the game is over.
fn deadline_line(table: &Table, at: Option<i64>) -> String {
    match at {
        Some(at) if !table.record.is_over() => format!("Deadline: {}.\n", gm::utc_text(at)),
        _ => String::new(),
    }
}

/// What a player wants mailed unasked (`players.mail_choice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MailChoice {
    /// Each turn's report, each reminder, the welcome.
    Every,
    /// One mail a day listing the games whose orders are due, instead of reports and
    /// reminders (the welcome still comes).
    Digest,
    /// Nothing unasked: only answers to the player's own mail and confirmation links.
    None,
}

impl MailChoice {
    pub fn as_str(self) -> &'static str {
        match self {
            MailChoice::Every => "every",
            MailChoice::Digest => "digest",
            MailChoice::None => "none",
        }
    }

    /// The choice stored as `text`; an unknown one reads as `Every` (the column's check
    /// allows no other).
    pub fn from_db(text: &str) -> MailChoice {
        match text {
            "digest" => MailChoice::Digest,
            "none" => MailChoice::None,
            _ => MailChoice::Every,
        }
    }

    /// The choice a form or API call names, or an error naming the value.
    pub fn parse(text: &str) -> ApiResult<MailChoice> {
        match text.trim() {
            "every" => Ok(MailChoice::Every),
            "digest" => Ok(MailChoice::Digest),
            "none" => Ok(MailChoice::None),
            other => Err(ApiError::Bad(format!(
                "mail_choice: {other:?} is none of every, digest, none"
            ))),
        }
    }
}

/// Of `seats`, those whose player has a confirmed address: (seat, player id, address,
/// choice). One query, none when no seat has a player.
async fn mailed_seats(
    state: &AppState,
    seats: &[games::SeatRow],
) -> ApiResult<Vec<(Seat, i64, String, MailChoice)>> {
    let players: Vec<(Seat, i64)> = seats
        .iter()
        .filter_map(|s| Some((s.seat, s.player_id?)))
        .collect();
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let mut addresses = std::collections::HashMap::new();
    let ids: Vec<i64> = players.iter().map(|(_, id)| *id).collect();
    let (list, ids) = crate::commit::in_list(state.db.backend, &ids);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT id, email, mail_choice FROM players WHERE id IN {list} AND email IS NOT NULL"
    )));
    for id in ids {
        query = query.bind(id);
    }
    for r in query.fetch_all(&state.db.pool).await? {
        let id: i64 = r.get(0);
        let email: String = r.get(1);
        addresses.insert(id, (email, MailChoice::from_db(&r.get::<String, _>(2))));
    }
    Ok(players
        .into_iter()
        .filter_map(|(seat, id)| {
            let (email, choice) = addresses.get(&id)?;
            Some((seat, id, email.clone(), *choice))
        })
        .collect())
}

/// The mail that `events` (about to be appended to the game read as `table`, whose record
/// includes them; `seats` as the change leaves them, `next_deadline` the game's deadline
/// after it) cause: each seat's own report of a resolved turn (to players who want every
/// mail), the game's webhook, and a welcome for a seat taken (unless its player wants no
/// mail).
pub async fn mails_for_events(
    state: &AppState,
    table: &Table,
    seats: &[games::SeatRow],
    next_deadline: Option<i64>,
    events: &[gm::Event],
) -> ApiResult<Vec<OutMail>> {
    let wanted = events.iter().any(|e| {
        matches!(
            e,
            gm::Event::Resolved { .. } | gm::Event::SeatClaimed { .. }
        )
    });
    if !wanted {
        return Ok(Vec::new());
    }
    let seats = mailed_seats(state, seats).await?;
    let info = table.row.game;
    let mut mails = Vec::new();
    for event in events {
        match event {
            gm::Event::Resolved { turn, .. } => {
                if let Some(hook) = crate::webhook::resolved(state, table, next_deadline, *turn) {
                    mails.push(hook);
                }
                for (seat, player_id, to, _) in seats.iter().filter(|s| s.3 == MailChoice::Every) {
                    let report = table.record.report_text(Viewer::Seat(*seat), Some(*turn))?;
                    let next = if table.record.is_over() {
                        format!("The {} is over.\n", info.game_noun)
                    } else {
                        format!(
                            "Reply to this mail with your orders for {} {}.\n{}",
                            info.turn_noun,
                            table.record.turn(),
                            deadline_line(table, next_deadline)
                        )
                    };
                    mails.push(OutMail {
                        kind: "report".into(),
                        to: to.clone(),
                        game_id: Some(table.row.id),
                        seat: Some(*seat),
                        player_id: Some(*player_id),
                        reply_secret: table.seats[seat.index()].mail_secret.clone(),
                        in_reply_to: None,
                        subject: seat_subject(
                            table,
                            *seat,
                            &format!("report of {} {turn}", info.turn_noun),
                        ),
                        body: format!("{report}\n{next}"),
                        turn: Some(*turn),
                        ..OutMail::default()
                    });
                }
            }
            gm::Event::SeatClaimed { seat, player } => {
                let Some((_, player_id, to, _)) = seats
                    .iter()
                    .find(|(s, _, _, choice)| s == seat && *choice != MailChoice::None)
                else {
                    continue;
                };
                mails.push(OutMail {
                    kind: "welcome".into(),
                    to: to.clone(),
                    game_id: Some(table.row.id),
                    seat: Some(*seat),
                    player_id: Some(*player_id),
                    reply_secret: table.seats[seat.index()].mail_secret.clone(),
                    in_reply_to: None,
                    subject: seat_subject(table, *seat, "welcome"),
                    body: format!(
                        "Welcome to {title}, {player}: you play {noun} {name} in this {game} game.\n{deadline}\n\
                         Send your orders by replying to this mail (its Reply-To is your seat's own \
                         order address: keep it to yourself), one order line as on the web form.\n\n{first}{state}",
                        title = table.row.title,
                        noun = info.seat_noun,
                        name = table.seats[seat.index()].name,
                        game = info.title,
                        deadline = deadline_line(table, next_deadline),
                        // Before the first turn, the game's limits and an example (issue 29).
                        first = if table.record.started() {
                            String::new()
                        } else {
                            crate::pages::first_orders_help(&table.record)
                                .map(|help| format!("{help}\n"))
                                .unwrap_or_default()
                        },
                        state = table.record.state_text(Viewer::Seat(*seat)),
                    ),
                    ..OutMail::default()
                });
            }
            _ => {}
        }
    }
    Ok(mails)
}

/// The echo of orders just sealed, by any door: what the engine read, and what was not read.
pub fn echo(
    table: &Table,
    seat: Seat,
    events: &[gm::Event],
    ignored: &[String],
) -> (String, String) {
    let info = table.row.game;
    let mut body = String::new();
    for event in events {
        match event {
            gm::Event::Lineup { text, .. } => body.push_str(&format!("Line-up sealed: {text}\n")),
            gm::Event::Orders { text, .. } => body.push_str(&format!(
                "Orders sealed for {} {}, as read:\n  {}\n",
                info.turn_noun,
                table.record.turn(),
                text.replace('\n', "\n  ")
            )),
            _ => {}
        }
    }
    // What the rules make of them (a rider without an order, a second turn that cannot work
    // from where the first leaves the walker): said now, not found in the report.
    let notes = table.record.orders_notes(seat);
    if !notes.is_empty() {
        body.push_str("\nNote:\n");
        for note in notes {
            body.push_str(&format!("  {note}\n"));
        }
    }
    if !ignored.is_empty() {
        body.push_str(
            "\nNot read as orders (if one of these was meant as an order, send it again):\n",
        );
        for line in ignored {
            body.push_str(&format!("  {line}\n"));
        }
    }
    body.push_str(&format!(
        "\nYou may amend them until the deadline by replying to this mail; the last orders sealed count.\n{}",
        deadline_line(table, table.row.next_deadline)
    ));
    (seat_subject(table, seat, "orders as read"), body)
}

/// The answer to a mail that was not applied: each problem, and how to fix it.
fn refusal(table: &Table, seat: Seat, problems: &[String], stale: bool) -> (String, String) {
    let info = table.row.game;
    let mut body = String::from("Your mail was not applied: nothing was sealed.\n\n");
    for problem in problems {
        body.push_str(&format!("- {problem}\n"));
    }
    body.push('\n');
    if stale {
        body.push_str(&format!(
            "How to fix it: read the report of the last {noun} (on the game page, or the report mail) \
             and send your orders for {noun} {open} by replying to this mail.\n",
            noun = info.turn_noun,
            open = table.record.turn()
        ));
    } else {
        body.push_str(&format!(
            "How to fix it: write your orders on a line of their own, as on the web form, and reply \
             to this mail with the whole corrected orders for {} {}.\n",
            info.turn_noun,
            table.record.turn()
        ));
    }
    body.push_str(&deadline_line(table, table.row.next_deadline));
    (seat_subject(table, seat, "orders not applied"), body)
}

/// What became of one inbound message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Handled {
    /// Orders sealed; the echo is in the outbox.
    Applied,
    /// Answered with its errors, or with how to send orders (in the outbox); nothing sealed.
    Refused,
    /// A Message-ID handled before for the same seat: not applied again (logged, and its row
    /// names the earlier one).
    Duplicate,
    /// Not acted on, with the log line: huge, malformed, or for no known seat.
    Dropped(String),
}

/// The secret in an order address: what follows the first `+` of the local part, if it is
/// made of letters and digits.
pub fn address_secret(address: &str) -> Option<String> {
    let local = address.trim().trim_matches(['<', '>']).split('@').next()?;
    let (_, secret) = local.split_once('+')?;
    let secret = secret.to_ascii_lowercase();
    (!secret.is_empty() && secret.len() <= 64 && secret.bytes().all(|b| b.is_ascii_alphanumeric()))
        .then_some(secret)
}

/// A seat found by the secret in its order address.
struct SeatBySecret {
    game_id: i64,
    seat: Seat,
    /// The seat's player, if anybody holds it: (id, name, confirmed address).
    player: Option<(i64, String, Option<String>)>,
}

async fn seat_by_secret(state: &AppState, secret: &str) -> ApiResult<Option<SeatBySecret>> {
    let row = sqlx::query(
        "SELECT s.game_id, s.seat, p.id, p.name, p.email FROM seats s LEFT JOIN players p ON p.id = s.player_id \
         WHERE s.mail_secret = $1",
    )
    .bind(secret)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(|row| SeatBySecret {
        game_id: row.get(0),
        seat: Seat(row.get::<i64, _>(1) as u8),
        player: row
            .get::<Option<i64>, _>(2)
            .map(|id| (id, row.get(3), row.get(4))),
    }))
}

/// Handles one inbound message: stores it raw, then reads and acts on it. `recipient` is the
/// envelope recipient the MTA gives (`${recipient}` in Postfix); without it the message's own
/// Delivered-To, X-Original-To, To and Cc are searched for an order address. An `Err` means the
/// database failed: the MTA should try again later (the raw message may be stored, and a
/// redelivery finishes it). Anything else is final: applied, answered, a duplicate, or dropped.
pub async fn receive(state: &AppState, raw: &[u8], recipient: Option<&str>) -> ApiResult<Handled> {
    let now = state.clock.now();
    let stored = &raw[..raw.len().min(mail::message::MAX_MESSAGE)];
    let mut id: i64 = sqlx::query(
        "INSERT INTO inbound_mail (received_at, recipient, raw) VALUES ($1, $2, $3) RETURNING id",
    )
    .bind(now)
    .bind(recipient)
    .bind(stored.to_vec())
    .fetch_one(&state.db.pool)
    .await?
    .get(0);
    // The one reading of the message: its orders are read from this letter below.
    let letter = match mail::read(raw) {
        Ok(letter) => letter,
        Err(e) => return unreadable(state, id, recipient, &e, now).await,
    };
    if let Some(message_id) = &letter.message_id {
        // Kept for the record; it counts as a duplicate only once a seat is known (below).
        sqlx::query("UPDATE inbound_mail SET message_id = $1 WHERE id = $2")
            .bind(message_id)
            .bind(id)
            .execute(&state.db.pool)
            .await?;
    }
    let addresses: Vec<String> = recipient
        .map(String::from)
        .into_iter()
        .chain(letter.recipients.iter().cloned())
        .collect();
    let Some(secret) = addresses.iter().find_map(|a| address_secret(a)) else {
        return bare_address(state, id, &letter, &addresses, now).await;
    };
    let Some(found) = seat_by_secret(state, &secret).await? else {
        return dropped(
            state,
            id,
            "no seat has this order address (rotated, or never given)".into(),
        )
        .await;
    };
    let (game_id, seat) = (found.game_id, found.seat);
    let Some((player_id, name, email)) = found.player else {
        return dropped(
            state,
            id,
            format!("game {game_id} seat {}: nobody holds the seat", seat.0),
        )
        .await;
    };
    // De-duplicated per seat, now that the secret is checked: the same Message-ID sent to two
    // seats is two deliveries; a redelivery to the same seat is one.
    if let Some(message_id) = &letter.message_id {
        let taken = sqlx::query("UPDATE inbound_mail SET game_id = $1, seat = $2 WHERE id = $3")
            .bind(game_id)
            .bind(i64::from(seat.0))
            .bind(id)
            .execute(&state.db.pool)
            .await;
        if taken.is_err() {
            let earlier = sqlx::query(
                "SELECT id, status FROM inbound_mail WHERE game_id = $1 AND seat = $2 \
                 AND message_id = $3 AND status <> 'duplicate' AND id <> $4",
            )
            .bind(game_id)
            .bind(i64::from(seat.0))
            .bind(message_id)
            .bind(id)
            .fetch_optional(&state.db.pool)
            .await?;
            let Some(earlier) = earlier else {
                // Not a duplicate: the database failed.
                return Err(ApiError::Internal(format!(
                    "inbound {id}: storing its seat"
                )));
            };
            let (earlier_id, earlier_status) =
                (earlier.get::<i64, _>(0), earlier.get::<String, _>(1));
            let note = format!(
                "Message-ID {message_id} to game {game_id} seat {} is inbound mail {earlier_id} ({earlier_status})",
                seat.0
            );
            mark(
                &mut *state.db.pool.acquire().await?,
                &InboundDone {
                    id,
                    status: "duplicate",
                    note: note.clone(),
                    game_id: Some(game_id),
                    seat: Some(seat),
                },
            )
            .await?;
            if earlier_status != "new" {
                tracing::warn!(inbound = id, "duplicate, not applied again: {note}");
                return Ok(Handled::Duplicate);
            }
            // The earlier delivery stopped before it was handled: this one finishes it.
            id = earlier_id;
        }
    }
    // The answer goes to the seat's player at their confirmed address; without one, to the
    // sender (who knew the seat's secret).
    let Some(reply_to) = email.or(letter.from.clone()) else {
        return dropped(
            state,
            id,
            "nobody to answer: no confirmed address and no From".into(),
        )
        .await;
    };
    let player = Player {
        id: player_id,
        name,
        secret: String::new(),
        time_zone: None,
        echo_to: None,
    };
    let table = games::load(state, game_id).await?;
    let read = mail::orders_in(&table.record, &letter);
    let via = Via::Mail {
        inbound: id,
        to: reply_to.clone(),
        in_reply_to: letter.message_id.clone(),
        ignored: read.ignored.clone(),
    };
    let outcome = match read.submission() {
        Ok(submission) => actions::submit_via(state, &player, game_id, &submission, via).await,
        Err(problems) => Err(ApiError::Bad(problems.join("\n"))),
    };
    // Only a database failure is tried again (the MTA's 75); every refusal is answered.
    let (problems, stale) = match outcome {
        Ok(_) => return Ok(Handled::Applied),
        Err(e @ ApiError::Internal(_)) => return Err(e),
        Err(ApiError::Bad(message)) => {
            (message.lines().map(String::from).collect::<Vec<_>>(), false)
        }
        Err(ApiError::Stale { message, .. }) => (vec![message], true),
        Err(ApiError::Conflict(message)) => (vec![message], true),
        Err(other) => (vec![other.to_string()], false),
    };
    // Answered, not applied: the reply and the inbound row's status in one transaction.
    let table = games::load(state, game_id).await?;
    let (subject, body) = refusal(&table, seat, &problems, stale);
    answer(
        state,
        OutMail {
            kind: "refusal".into(),
            to: reply_to,
            game_id: Some(game_id),
            seat: Some(seat),
            player_id: Some(player_id),
            reply_secret: Some(secret),
            in_reply_to: letter.message_id.clone(),
            subject,
            body,
            ..OutMail::default()
        },
        InboundDone {
            id,
            status: "refused",
            note: problems.join("; "),
            game_id: Some(game_id),
            seat: Some(seat),
        },
        now,
    )
    .await?;
    Ok(Handled::Refused)
}

/// Writes `mail` to the outbox and marks the inbound row, in one transaction.
async fn answer(state: &AppState, mail: OutMail, done: InboundDone, now: i64) -> ApiResult<()> {
    let mut tx = state.db.pool.begin().await?;
    queue(&mut tx, &mail, now).await?;
    mark(&mut tx, &done).await?;
    tx.commit().await?;
    Ok(())
}

/// Marks a message dropped, with its log line.
async fn dropped(state: &AppState, id: i64, note: String) -> ApiResult<Handled> {
    tracing::warn!(inbound = id, "mail dropped: {note}");
    let mut conn = state.db.pool.acquire().await?;
    mark(
        &mut conn,
        &InboundDone {
            id,
            status: "dropped",
            note: note.clone(),
            game_id: None,
            seat: None,
        },
    )
    .await?;
    Ok(Handled::Dropped(note))
}

/// A message that cannot be read (too large, endless headers, no headers). Its envelope
/// recipient may still name a seat: that seat's player is told at their confirmed address
/// (never a header's, which could be forged) why nothing was read, so that a reply that
/// quoted too much is not lost in silence. Otherwise it is dropped.
async fn unreadable(
    state: &AppState,
    id: i64,
    recipient: Option<&str>,
    why: &mail::Unreadable,
    now: i64,
) -> ApiResult<Handled> {
    let found = match recipient.and_then(address_secret) {
        Some(secret) => seat_by_secret(state, &secret)
            .await?
            .map(|found| (secret, found)),
        None => None,
    };
    let Some((
        secret,
        SeatBySecret {
            game_id,
            seat,
            player: Some((player_id, _, Some(email))),
        },
    )) = found
    else {
        return dropped(state, id, why.to_string()).await;
    };
    let table = games::load(state, game_id).await?;
    let (subject, mut body) = refusal(&table, seat, &[why.to_string()], false);
    body.push_str(
        "\nA mail that quotes a report, or carries pictures or attachments, can grow past what \
         is read: send the orders alone, without the quoted mail.\n",
    );
    answer(
        state,
        OutMail {
            kind: "refusal".into(),
            to: email,
            game_id: Some(game_id),
            seat: Some(seat),
            player_id: Some(player_id),
            reply_secret: Some(secret),
            subject,
            body,
            ..OutMail::default()
        },
        InboundDone {
            id,
            status: "refused",
            note: why.to_string(),
            game_id: Some(game_id),
            seat: Some(seat),
        },
        now,
    )
    .await?;
    Ok(Handled::Refused)
}

/// A message to an order address without a seat's secret (`orders@club.example`): a player
/// who wrote a new mail instead of replying. It is answered with how to send orders — each of
/// the player's seats in a running game and its order address — but only when its From is an
/// address an account has confirmed, and then only to that address (a forged From gets the
/// owner a mail they can ignore, never a stranger), at most once an hour per account. Any
/// other such message is dropped.
async fn bare_address(
    state: &AppState,
    id: i64,
    letter: &mail::Letter,
    addresses: &[String],
    now: i64,
) -> ApiResult<Handled> {
    let no_secret = format!("no order address among {addresses:?}");
    let Some(from) = letter.from.as_deref() else {
        return dropped(state, id, no_secret).await;
    };
    let account = sqlx::query("SELECT id, email FROM players WHERE lower(email) = lower($1)")
        .bind(from.trim())
        .fetch_optional(&state.db.pool)
        .await?;
    let Some(account) = account else {
        return dropped(
            state,
            id,
            format!("{no_secret}; {from} is no confirmed address"),
        )
        .await;
    };
    let (player_id, email) = (account.get::<i64, _>(0), account.get::<String, _>(1));
    // The address the mail came to names the domain of the seats' addresses.
    let orders_address = addresses
        .iter()
        .find(|a| a.contains('@'))
        .map(|a| a.trim().trim_matches(['<', '>']).to_string())
        .or_else(|| state.mail.as_ref().map(|m| m.orders_address.clone()))
        .unwrap_or_else(|| "orders".into());
    let settings = MailSettings {
        public_url: String::new(),
        from: String::new(),
        orders_address,
    };
    let seats = sqlx::query(
        "SELECT g.title, s.name, s.mail_secret FROM seats s JOIN games g ON g.id = s.game_id \
         WHERE s.player_id = $1 AND g.over = 0 AND s.mail_secret IS NOT NULL ORDER BY g.id, s.seat",
    )
    .bind(player_id)
    .fetch_all(&state.db.pool)
    .await?;
    let mut body = String::from(
        "Your mail reached the club's order address without a seat's secret, so nothing in it was \
         read: each seat has its own order address.\n\nTo send orders, reply to a mail about your \
         game (a report, the welcome or a reminder: its Reply-To is the seat's address), or write \
         to the seat's address",
    );
    if seats.is_empty() {
        body.push_str(
            " shown on the game page. You hold no seat in a running game at the moment.\n",
        );
    } else {
        body.push_str(":\n\n");
        for row in &seats {
            let (title, seat, secret): (String, String, String) =
                (row.get(0), row.get(1), row.get(2));
            body.push_str(&format!(
                "  {title}, {seat}: {}\n",
                settings.order_address(&secret)
            ));
        }
        body.push_str(
            "\nKeep these addresses to yourself: whoever knows one sends orders for its seat.\n",
        );
    }
    let note = format!("{no_secret}; answered {email} with how to send orders");
    let mut tx = state.db.pool.begin().await?;
    let written = queue(
        &mut tx,
        &OutMail {
            kind: "howto".into(),
            to: email.clone(),
            player_id: Some(player_id),
            in_reply_to: letter.message_id.clone(),
            subject: "How to send orders".into(),
            body,
            dedup_key: Some(format!("howto/{player_id}/{}", now.div_euclid(3600))),
            ..OutMail::default()
        },
        now,
    )
    .await?;
    let note = if written {
        note
    } else {
        format!("{no_secret}; {email} was answered within the hour: not again")
    };
    mark(
        &mut tx,
        &InboundDone {
            id,
            status: if written { "refused" } else { "dropped" },
            note: note.clone(),
            game_id: None,
            seat: None,
        },
    )
    .await?;
    tx.commit().await?;
    tracing::info!(inbound = id, "{note}");
    Ok(if written {
        Handled::Refused
    } else {
        Handled::Dropped(note)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_secret_is_the_plus_part_of_the_local_part() {
        assert_eq!(
            address_secret("orders+ab12cd@club.example").as_deref(),
            Some("ab12cd")
        );
        assert_eq!(
            address_secret("<Orders+AB12@club.example>").as_deref(),
            Some("ab12")
        );
        assert_eq!(address_secret("orders@club.example"), None);
        assert_eq!(address_secret("orders+a.b@club.example"), None);
        assert_eq!(address_secret("orders+@club.example"), None);
    }
}
