//! Letters: the texts of the server's mail, made from a game and a change's events (a seat's
//! report of a resolved turn, the welcome on taking a seat, the echo of orders, the refusal of
//! a mail), and the server's mail settings. A change's letters are made from the store's
//! pending change and written as outbox rows in its transaction (`change`); the store never
//! imports this module.

use game_api::Lang;
use game_api::{Seat, Viewer};
use locale::{phrase, tr};

use crate::error::{ApiError, ApiResult};
use crate::mail_words::{deadline_line, seat_noun, turn_noun};
use crate::state::AppState;
use store::{self, OutMail, StoreResult, Table};

/// The subject of every mail to a seat about its game, in the reader's language: the open turn
/// is in it, so that a reply's orders carry their turn (`mail::subject_turn` reads both
/// `(orders for turn 4)` and `（第4ターンの命令）`).
pub fn seat_subject(table: &Table, seat: Seat, lang: Lang, what: &str) -> String {
    tr!(
        lang,
        "mail-subject",
        game = table.row.title.as_str(),
        seat = table.seats[seat.index()].name.as_str(),
        what = what,
        noun = turn_noun(table, lang),
        open = table.record.turn()
    )
}

/// The language of mail about `seat`: the seat's own, else its player's account's, else
/// English.
pub async fn seat_lang(state: &AppState, table: &Table, seat: Seat) -> StoreResult<Lang> {
    let row = &table.seats[seat.index()];
    if let Some(lang) = row.lang {
        return Ok(lang);
    }
    match row.player_id {
        Some(player) => store::players::lang(state, player).await,
        None => Ok(Lang::EN),
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
            other => Err(ApiError::Bad(phrase!(
                "error-mail-choice-unknown",
                other = other
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
    for a in store::players::addresses(state, &ids).await? {
        addresses.insert(a.id, (a.email, MailChoice::from_db(&a.mail_choice), a.lang));
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
    // The pushes to the players' devices (issue 56).
    let mut pushes = Vec::new();
    for event in events {
        if let gm::Event::Resolved { turn, .. } = event {
            pushes.extend(crate::push::payload::reports(state, table, seats, *turn).await?);
        }
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
                if table.row.webhook_url.is_some() {
                    let lang = store::players::lang(state, table.row.gm_id).await?;
                    mails.extend(crate::webhook::resolved(
                        state,
                        table,
                        next_deadline,
                        *turn,
                        lang,
                    ));
                }
                for (seat, player_id, to, _, lang) in
                    seats.iter().filter(|s| s.3 == MailChoice::Every)
                {
                    let lang = *lang;
                    let mut report =
                        table
                            .record
                            .report_text(Viewer::Seat(*seat), lang, Some(*turn))?;
                    let away = gm::absence::away_note(table.record.seats(), events, lang);
                    if !away.is_empty() {
                        report.push('\n');
                        report.push_str(&away);
                    }
                    if let Some(standings) = season
                        .as_ref()
                        .and_then(|s| s.text(Some(seat.index()), lang))
                    {
                        report.push('\n');
                        report.push_str(&standings);
                    }
                    let zine = crate::press_text::for_seat(table, *seat, *turn, &press, lang);
                    if !zine.is_empty() {
                        report.push('\n');
                        report.push_str(&zine);
                    }
                    let next = if table.record.is_over() {
                        let noun = tr!(lang, "mail-game-noun", noun = info.game_noun);
                        format!("{}\n", tr!(lang, "mail-over", noun = noun))
                    } else {
                        format!(
                            "{}\n{}",
                            tr!(
                                lang,
                                "mail-reply-with-orders",
                                noun = turn_noun(table, lang),
                                turn = table.record.turn()
                            ),
                            deadline_line(table, lang, next_deadline)
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
                            lang,
                            &tr!(
                                lang,
                                "mail-report-what",
                                noun = turn_noun(table, lang),
                                turn = *turn
                            ),
                        ),
                        body: format!("{report}\n{next}"),
                        turn: Some(*turn),
                        ..OutMail::default()
                    });
                }
            }
            gm::Event::SeatClaimed { seat, player } => {
                let Some(&(_, player_id, ref to, _, lang)) = seats
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
                    player_id: Some(player_id),
                    reply_secret: table.seats[seat.index()].mail_secret.clone(),
                    in_reply_to: None,
                    subject: seat_subject(table, *seat, lang, &tr!(lang, "welcome-what")),
                    body: format!(
                        "{hello}\n{deadline}\n{how}\n\n{first}{state}",
                        hello = tr!(
                            lang,
                            "welcome-hello",
                            title = table.row.title.as_str(),
                            player = player.as_str(),
                            seat_noun = seat_noun(table, lang),
                            seat = table.seats[seat.index()].name.as_str(),
                            game = info.title
                        ),
                        how = tr!(lang, "welcome-how"),
                        deadline = deadline_line(table, lang, next_deadline),
                        // Before the first turn, the game's limits and an example (issue 29).
                        first = if table.record.started() {
                            String::new()
                        } else {
                            table
                                .record
                                .first_orders_help(lang)
                                .map(|help| format!("{help}\n"))
                                .unwrap_or_default()
                        },
                        state = table.record.state_text(Viewer::Seat(*seat), lang),
                    ),
                    ..OutMail::default()
                });
            }
            _ => {}
        }
    }
    mails.extend(pushes);
    Ok(mails)
}

/// The echo of orders just sealed, by any door, in `lang`: what the engine read, and what was
/// not read.
pub fn echo(
    table: &Table,
    seat: Seat,
    lang: Lang,
    events: &[gm::Event],
    ignored: &[String],
) -> (String, String) {
    let mut body = String::new();
    for event in events {
        match event {
            gm::Event::Lineup { text, .. } => body.push_str(&format!(
                "{}\n",
                tr!(lang, "echo-lineup", text = text.as_str())
            )),
            // As the player reads them (places by name); the log keeps the text as read.
            gm::Event::Orders { text, .. } => body.push_str(&format!(
                "{}\n  {}\n",
                tr!(
                    lang,
                    "echo-orders",
                    noun = turn_noun(table, lang),
                    turn = table.record.turn()
                ),
                table
                    .record
                    .sealed_words(seat, lang)
                    .unwrap_or_else(|| text.clone())
                    .replace('\n', "\n  ")
            )),
            _ => {}
        }
    }
    // What the rules make of them (a rider without an order, a second turn that cannot work
    // from where the first leaves the walker): said now, not found in the report.
    let notes = table.record.orders_notes(seat, lang);
    if !notes.is_empty() {
        body.push_str(&format!("\n{}\n", tr!(lang, "echo-note")));
        for note in notes {
            body.push_str(&format!("  {note}\n"));
        }
    }
    if !ignored.is_empty() {
        body.push_str(&format!("\n{}\n", tr!(lang, "echo-ignored")));
        for line in ignored {
            body.push_str(&format!("  {line}\n"));
        }
    }
    body.push_str(&format!(
        "\n{}\n{}",
        tr!(lang, "echo-amend"),
        deadline_line(table, lang, table.row.next_deadline)
    ));
    (
        seat_subject(table, seat, lang, &tr!(lang, "echo-what")),
        body,
    )
}

/// The answer to a mail that was not applied, in `lang`: each problem, and how to fix it.
pub fn refusal(
    table: &Table,
    seat: Seat,
    lang: Lang,
    problems: &[String],
    stale: bool,
) -> (String, String) {
    let mut body = format!("{}\n\n", tr!(lang, "echo-refused"));
    for problem in problems {
        body.push_str(&format!("- {problem}\n"));
    }
    body.push('\n');
    let (noun, open) = (turn_noun(table, lang), table.record.turn());
    let fix = if stale {
        tr!(lang, "echo-fix-stale", noun = noun, turn = open)
    } else {
        tr!(lang, "echo-fix", noun = noun, turn = open)
    };
    body.push_str(&format!("{fix}\n"));
    body.push_str(&deadline_line(table, lang, table.row.next_deadline));
    (
        seat_subject(table, seat, lang, &tr!(lang, "echo-refused-what")),
        body,
    )
}

/// The invitation a GM mails for a seat: its subject and body, with the seat's join link, in
/// `lang` (the inviting GM's: the address may belong to nobody the server knows yet).
pub fn invitation(
    table: &Table,
    seat: Seat,
    gm: &str,
    public_url: &str,
    lang: Lang,
) -> (String, String) {
    let row = &table.seats[seat.index()];
    let subject = tr!(
        lang,
        "mail-invitation-subject",
        title = table.row.title.as_str(),
        seat = row.name.as_str()
    );
    let link = format!(
        "{}/games/{}/join?invite={}",
        public_url.trim_end_matches('/'),
        table.row.id,
        row.invite
    );
    let body = tr!(
        lang,
        "mail-invitation",
        gm = gm,
        seat_noun = seat_noun(table, lang),
        seat = row.name.as_str(),
        title = table.row.title.as_str(),
        game = table.row.game.title_in(lang),
        link = link
    );
    (subject, body + "\n")
}
