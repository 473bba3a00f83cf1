//! Letters: the texts of the server's mail, made from a game and a change's events (a seat's
//! report of a resolved turn, the welcome on taking a seat, the echo of orders, the refusal of
//! a mail), and the server's mail settings. The store writes them as outbox rows in the
//! change's transaction, through `EventLetters`; it never imports this module.

use game_api::Lang;
use game_api::{Seat, Viewer};
use sqlx::Row;

use crate::AppState;
use crate::error::{ApiError, ApiResult};
use crate::store::{self, OutMail, StoreResult, Table};

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
pub fn deadline_line(table: &Table, at: Option<i64>) -> String {
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
/// choice, language: the seat's own, else the account's). One query, none when no seat has a
/// player.
async fn mailed_seats(
    state: &AppState,
    seats: &[store::SeatRow],
) -> StoreResult<Vec<(Seat, i64, String, MailChoice, Lang)>> {
    let players: Vec<(Seat, i64, Option<Lang>)> = seats
        .iter()
        .filter_map(|s| Some((s.seat, s.player_id?, s.lang)))
        .collect();
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let mut addresses = std::collections::HashMap::new();
    let ids: Vec<i64> = players.iter().map(|(_, id, _)| *id).collect();
    let (list, ids) = crate::store::sql::in_list(state.db.backend, &ids);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT id, email, mail_choice, lang FROM players WHERE id IN {list} AND email IS NOT NULL"
    )));
    for id in ids {
        query = query.bind(id);
    }
    for r in query.fetch_all(&state.db.pool).await? {
        let id: i64 = r.get(0);
        let email: String = r.get(1);
        let lang = r
            .get::<Option<String>, _>(3)
            .and_then(|c| Lang::from_code(&c).ok())
            .unwrap_or_default();
        addresses.insert(
            id,
            (email, MailChoice::from_db(&r.get::<String, _>(2)), lang),
        );
    }
    Ok(players
        .into_iter()
        .filter_map(|(seat, id, seat_lang)| {
            let (email, choice, lang) = addresses.get(&id)?;
            // The seat's own language first, then the account's.
            Some((seat, id, email.clone(), *choice, seat_lang.unwrap_or(*lang)))
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
    seats: &[store::SeatRow],
    next_deadline: Option<i64>,
    events: &[gm::Event],
) -> StoreResult<Vec<OutMail>> {
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
    // The turn that ends a season's stage carries the standings after it.
    let season = if table.record.is_over() && !seats.is_empty() {
        crate::season_report::stage_season(state, table).await?
    } else {
        None
    };
    let mut mails = Vec::new();
    for event in events {
        match event {
            gm::Event::Resolved { turn, .. } => {
                // The turn's press, zine-style, each seat's report with what it may read.
                let press = if seats.is_empty() {
                    Vec::new()
                } else {
                    crate::press_text::of_turn(state, table, *turn).await?
                };
                if let Some(hook) = crate::webhook::resolved(state, table, next_deadline, *turn) {
                    mails.push(hook);
                }
                for (seat, player_id, to, _, lang) in
                    seats.iter().filter(|s| s.3 == MailChoice::Every)
                {
                    // The report in the reader's language (issue 36); the rest of the mail
                    // is English until its messages are written.
                    let mut report =
                        table
                            .record
                            .report_text(Viewer::Seat(*seat), *lang, Some(*turn))?;
                    let away = gm::absence::away_note(table.record.seats(), events);
                    if !away.is_empty() {
                        report.push('\n');
                        report.push_str(&away);
                    }
                    if let Some(standings) =
                        season.as_ref().and_then(|s| s.text(Some(seat.index())))
                    {
                        report.push('\n');
                        report.push_str(&standings);
                    }
                    let zine = crate::press_text::for_seat(table, *seat, *turn, &press);
                    if !zine.is_empty() {
                        report.push('\n');
                        report.push_str(&zine);
                    }
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
                let Some((_, player_id, to, _, lang)) = seats
                    .iter()
                    .find(|(s, _, _, choice, _)| s == seat && *choice != MailChoice::None)
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
                            table.record.first_orders_help()
                                .map(|help| format!("{help}\n"))
                                .unwrap_or_default()
                        },
                        state = table.record.state_text(Viewer::Seat(*seat), *lang),
                    ),
                    ..OutMail::default()
                });
            }
            _ => {}
        }
    }
    Ok(mails)
}

/// The letters of the store's changes ([`mails_for_events`]).
#[derive(Debug, Default)]
pub struct EventLetters;

impl store::Letters for EventLetters {
    fn for_events<'a>(
        &'a self,
        state: &'a AppState,
        table: &'a Table,
        seats: &'a [store::SeatRow],
        next_deadline: Option<i64>,
        events: &'a [gm::Event],
    ) -> futures_util::future::BoxFuture<'a, StoreResult<Vec<OutMail>>> {
        Box::pin(mails_for_events(state, table, seats, next_deadline, events))
    }
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
pub fn refusal(table: &Table, seat: Seat, problems: &[String], stale: bool) -> (String, String) {
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

/// The invitation a GM mails for a seat: its subject and body, with the seat's join link.
pub fn invitation(table: &Table, seat: Seat, gm: &str, public_url: &str) -> (String, String) {
    let info = table.row.game;
    let row = &table.seats[seat.index()];
    let subject = format!("{}: an invitation to play {}", table.row.title, row.name);
    let body = format!(
        "{gm} invites you to play {noun} {name} in {title}, a game of {game} run by postrider.\n\n\
         To take the seat, open this link (log in or register first):\n\n{url}/games/{id}/join?invite={invite}\n\n\
         Once you have the seat, confirm your address on the server to receive each report by mail \
         and send your orders by replying to it.\n",
        noun = info.seat_noun,
        name = row.name,
        title = table.row.title,
        game = info.title,
        url = public_url.trim_end_matches('/'),
        id = table.row.id,
        invite = row.invite,
    );
    (subject, body)
}
