//! The pages of one game: the game with its latest report, the archive of past turns, the
//! order form, the history, joining by invitation, the GM console and the new-game form.

use std::fmt::Write as _;

use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use game_api::{Seat, Viewer};
use gm::{DeadlineRule, Event, Submission, utc_text};
use serde_json::Value;

use super::{FormData, PageResult, Visitor, error_box, error_page, escape, page, redirect};
use crate::AppState;
use crate::actions::{self, GmAction, GmOutcome, NewGame, viewer};
use crate::error::{ApiError, ApiResult};
use crate::games::{self, Table};

/// The game's state in a few words: over, paused, or the coming turn and its deadline.
pub fn status_text(table: &games::Summary, visitor: &Visitor) -> String {
    if table.row.over {
        return "over".into();
    }
    let turn = if table.started {
        format!("{} {}", table.row.game.turn_noun, table.turn)
    } else {
        "line-ups and turn 1".to_string()
    };
    if table.waiting_for_players() {
        let (taken, all) = table.seats_taken();
        return format!("waiting for players ({taken} of {all} seats taken)");
    }
    match (table.row.paused, table.row.next_deadline) {
        (true, _) => format!("{turn}, paused"),
        (false, Some(at)) => format!("{turn}, due {}", visitor.deadline(at)),
        (false, None) => turn,
    }
}

/// What a seat's player must do now, in a few words: "Your orders are sealed (amend until …)",
/// "Orders due in 5 h (…)", or that there is nothing to send.
pub fn your_move(table: &Table, visitor: &Visitor, seat: Seat) -> (String, bool) {
    let record = &table.record;
    if record.is_over() {
        return ("The game is over.".into(), false);
    }
    if !record.takes_orders(seat) {
        return (
            "You have no orders to send: the game goes on without you.".into(),
            false,
        );
    }
    let noun = if record.started() {
        format!("{} {}", record.game().turn_noun, record.turn())
    } else {
        "the line-up and turn 1".to_string()
    };
    let deadline = match (table.row.paused, table.row.next_deadline) {
        (true, _) => None,
        (false, at) => at,
    };
    let due = |at: i64| super::when::due(at, visitor.now, visitor.zone());
    if record.ready(seat) {
        let text = match deadline {
            Some(at) => format!(
                "Your orders for {noun} are sealed (amend until {}).",
                super::when::moment(at, visitor.zone())
            ),
            None => format!(
                "Your orders for {noun} are sealed (amend until the turn is processed; the deadline is paused)."
            ),
        };
        (text, false)
    } else {
        let text = match deadline {
            Some(at) => format!("Orders for {noun} due {}.", due(at)),
            None => format!("Orders for {noun} due: the deadline is paused."),
        };
        (text, true)
    }
}

/// Loads a game for a page; a missing game is a page saying so.
async fn load(state: &AppState, visitor: &Visitor, id: i64) -> Result<Table, Response> {
    games::load(state, id)
        .await
        .map_err(|e| error_page(visitor, &e))
}

fn links(table: &Table, visitor: &Visitor) -> String {
    let id = table.row.id;
    let mut links = vec![format!(r#"<a href="/games/{id}">Game</a>"#)];
    if let Some(p) = &visitor.player {
        if table.seat_of(p.id).is_some() {
            links.push(format!(r#"<a href="/games/{id}/orders">Your orders</a>"#));
        }
        if table.is_gm(p.id) {
            links.push(format!(r#"<a href="/games/{id}/gm">GM console</a>"#));
        }
    }
    links.push(format!(r#"<a href="/games/{id}/history">History</a>"#));
    // Every page of a game shows its commitment to its draws (issue 12).
    let commitment = table.record.commitment();
    format!(
        r#"<nav>{}</nav><p class="commitment">Draws committed: <a href="/games/{id}#draws" title="SHA-256 {commitment}">SHA-256 {}…</a></p>"#,
        links.join(" "),
        &commitment[..16]
    )
}

fn seats_table(table: &Table) -> String {
    let mut rows = String::new();
    for s in &table.seats {
        let who = match (&s.player_name, &s.bot) {
            (Some(name), Some(bot)) => format!("{} (bot {} plays)", escape(name), escape(bot)),
            (None, Some(bot)) => format!("bot: {}", escape(bot)),
            (Some(name), None) => escape(name),
            (None, None) => "open".into(),
        };
        let ready = if !table.record.takes_orders(s.seat) {
            "—"
        } else if table.record.ready(s.seat) {
            "orders in"
        } else {
            "waiting"
        };
        let _ = write!(
            rows,
            "<tr><td>{}</td><td>{who}</td><td>{ready}</td></tr>",
            escape(&s.name)
        );
    }
    format!("<table><tr><th>Seat</th><th>Player</th><th>This turn</th></tr>{rows}</table>")
}

/// The picture, the chart and the report of turn `turn` (0: nothing resolved yet).
fn turn_section(table: &Table, viewer: Viewer, turn: u16) -> ApiResult<String> {
    let record = &table.record;
    let mut out = String::new();
    if let Some(svg) = record.picture_svg(Some(turn)) {
        // Scaled to the width; on a small screen the close-up first (where the riders or
        // walkers are), the whole picture kept under it.
        let noun = record.game().picture_noun;
        let _ = write!(
            out,
            r#"<h2>The {noun} after {}</h2>"#,
            turn_name(record.game(), turn)
        );
        match record.picture_close_up(Some(turn)) {
            Some(close) => {
                let _ = write!(
                    out,
                    r#"<div class="picture close-up">{close}</div><details class="whole"><summary>The whole {noun}</summary><div class="picture">{svg}</div></details>"#
                );
            }
            None => {
                let _ = write!(out, r#"<div class="picture">{svg}</div>"#);
            }
        }
    }
    if turn > 0 {
        let progress = record.progress(turn);
        let _ = write!(
            out,
            r#"<h2>The {} so far</h2><div class="picture">{}</div>"#,
            record.game().game_noun,
            progress.svg()
        );
    }
    if turn == record.resolved() {
        let _ = write!(
            out,
            r#"<h2>Where things stand</h2><pre class="state">{}</pre>"#,
            escape(&record.state_text(viewer))
        );
    }
    if turn > 0 {
        // The turn as HTML; the plain text (as mailed) folded under it.
        let _ = write!(
            out,
            r#"<h2>Report of {}</h2>{}<details><summary>The report as text (as mailed)</summary><pre class="report">{}</pre></details>"#,
            turn_name(record.game(), turn),
            record.report_view(viewer, turn)?.html(),
            escape(&record.report_text(viewer, Some(turn))?)
        );
    }
    Ok(out)
}

fn turn_name(game: gm::GameInfo, turn: u16) -> String {
    match turn {
        0 => "the start".into(),
        t => format!("{} {t}", game.turn_noun),
    }
}

fn archive_links(table: &Table) -> String {
    let id = table.row.id;
    let resolved = table.record.resolved();
    if resolved == 0 {
        return String::new();
    }
    let turns: Vec<String> = (1..=resolved)
        .map(|t| format!(r#"<a href="/games/{id}/turns/{t}">{t}</a>"#))
        .collect();
    format!("<p>Past turns: {}</p>", turns.join(" "))
}

pub async fn game(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    let viewer = viewer(&table, visitor.player.as_ref());
    let section = turn_section(&table, viewer, table.record.resolved())
        .map_err(|e| error_page(&visitor, &e))?;
    let you = match viewer {
        Viewer::Seat(seat) => {
            let (what, due) = your_move(&table, &visitor, seat);
            format!(
                r#"<p class="note{}" id="your-move">You play {}. {} <a href="/games/{id}/orders">Send or amend your orders</a>.</p>{}"#,
                if due { " due" } else { "" },
                escape(&table.seats[seat.index()].name),
                escape(&what),
                order_address(&state, &visitor, &table, seat)
            )
        }
        Viewer::Gm => format!(
            r#"<p class="note">You are the GM. <a href="/games/{id}/gm">Open the GM console</a> for the invitations and tools.</p>"#
        ),
        Viewer::Public => String::new(),
    };
    let body = format!(
        r#"{links}<p>{game} ({rules}) · GM {gm} · {rule} · <strong id="status">{status}</strong></p>
{you}{gm_plays}{seats}{archive}{section}{draws}"#,
        gm_plays = gm_plays_notice(&table),
        draws = draws_notice(&table),
        links = links(&table, &visitor),
        game = table.row.game.name,
        rules = table.record.rules_name(),
        gm = escape(&table.row.gm_name),
        rule = escape(&table.row.deadline_rule.to_string()),
        status = escape(&status_text(&table.summary(), &visitor)),
        seats = seats_table(&table),
        archive = archive_links(&table),
    );
    Ok(page(&visitor, StatusCode::OK, &table.row.title, &body))
}

/// A seat's order address, with the button that renews it (when the server has mail on).
fn order_address(state: &AppState, visitor: &Visitor, table: &Table, seat: Seat) -> String {
    let (Some(settings), Some(secret)) = (&state.mail, &table.seats[seat.index()].mail_secret)
    else {
        return String::new();
    };
    format!(
        r#"<form method="post" action="/games/{id}/mail-address" class="note">{csrf}Orders by mail: <code>{address}</code> (reply to any mail of this game; keep the address to yourself). <button type="submit">New address</button></form>"#,
        id = table.row.id,
        csrf = visitor.csrf_field(),
        address = escape(&settings.order_address(secret)),
    )
}

/// Renews the visitor's order address in this game: the old one stops working.
pub async fn rotate_mail_address(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let result = async {
        visitor.check_csrf(&form)?;
        actions::rotate_mail_secret(&state, player, id).await
    };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// The archive: any resolved turn, replayed from the log, as it was reported.
pub async fn turn(
    State(state): State<AppState>,
    visitor: Visitor,
    Path((id, turn)): Path<(i64, u16)>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    let resolved = table.record.resolved();
    if turn == 0 || turn > resolved {
        let e = ApiError::NotFound(format!(
            "turn: {turn} has not been resolved (resolved: {resolved})"
        ));
        return Err(error_page(&visitor, &e));
    }
    let viewer = viewer(&table, visitor.player.as_ref());
    let section = turn_section(&table, viewer, turn).map_err(|e| error_page(&visitor, &e))?;
    let mut steps = Vec::new();
    if turn > 1 {
        steps.push(format!(
            r#"<a href="/games/{id}/turns/{}" rel="prev">← {}</a>"#,
            turn - 1,
            turn_name(table.record.game(), turn - 1)
        ));
    }
    if turn < resolved {
        steps.push(format!(
            r#"<a href="/games/{id}/turns/{}" rel="next">{} →</a>"#,
            turn + 1,
            turn_name(table.record.game(), turn + 1)
        ));
    }
    let body = format!(
        "{}<p>{}</p>{}{}",
        links(&table, &visitor),
        steps.join(" · "),
        archive_links(&table),
        section
    );
    let title = format!(
        "{}: {}",
        table.row.title,
        turn_name(table.record.game(), turn)
    );
    Ok(page(&visitor, StatusCode::OK, &title, &body))
}

fn event_text(game_id: i64, seats: &[String], event: &Event, sealed: bool) -> String {
    let seat = |s: &game_api::Seat| escape(seats.get(s.index()).map_or("?", String::as_str));
    let by = |author: &gm::Author| match author {
        gm::Author::Player => String::new(),
        gm::Author::Bot(name) => format!(" (bot {})", escape(name)),
        gm::Author::Gm => " (by the GM)".into(),
    };
    match event {
        Event::Created { setup } => format!(
            "Game created: {} {}, seats {}",
            setup.game,
            escape(setup.rules.as_deref().unwrap_or("")),
            escape(&setup.seats.join(", "))
        ),
        Event::Lineup { seat: s, .. } if sealed => format!("{}: line-up sealed", seat(s)),
        Event::Orders { seat: s, .. } if sealed => format!("{}: orders sealed", seat(s)),
        Event::Lineup {
            seat: s,
            text,
            author,
        } => format!("{}: line-up {}{}", seat(s), escape(text), by(author)),
        Event::Orders {
            seat: s,
            text,
            author,
        } => format!("{}: orders {}{}", seat(s), escape(text), by(author)),
        Event::Resolved { turn, .. } => {
            format!(r#"<a href="/games/{game_id}/turns/{turn}">Turn {turn} resolved</a>"#)
        }
        Event::Dropped { rider } => format!("Rider {} declared dropped", escape(rider)),
        Event::Retired { rider } => format!("Rider {} retired", escape(rider)),
        Event::RolledBack { turn } => format!("Turn {turn} rolled back"),
        Event::SeatClaimed { seat: s, player } => {
            format!("{} taken by {}", seat(s), escape(player))
        }
        Event::SeatBot {
            seat: s,
            bot: Some(b),
        } => {
            format!("{} handed to the bot {}", seat(s), escape(b))
        }
        Event::SeatBot { seat: s, bot: None } => format!("{} back to its player", seat(s)),
        Event::SeatFreed { seat: s } => format!("{} freed for a new player", seat(s)),
        Event::Deadline { at } => format!("Deadline set to {}", utc_text(*at)),
        Event::Paused => "Deadline paused".into(),
        Event::Resumed => "Deadline resumed".into(),
    }
}

pub async fn history(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    let entries = actions::history(&state, &table, visitor.player.as_ref())
        .await
        .map_err(|e| error_page(&visitor, &e))?;
    let mut rows = String::new();
    for entry in &entries {
        let _ = write!(
            rows,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            entry.seq,
            escape(&super::when::moment(entry.at, visitor.zone())),
            escape(&entry.actor),
            event_text(id, table.record.seats(), &entry.event, entry.sealed)
        );
    }
    let body = format!(
        "{}<p>Every change to the game, in order. Sealed orders show once their turn is resolved.</p><table><tr><th>#</th><th>When</th><th>Who</th><th>What</th></tr>{rows}</table>",
        links(&table, &visitor)
    );
    Ok(page(
        &visitor,
        StatusCode::OK,
        &format!("{}: history", table.row.title),
        &body,
    ))
}

/// How the game's draws can be checked (issue 12): the commitment while it runs, the public
/// record once it is over.
fn draws_notice(table: &Table) -> String {
    let id = table.row.id;
    let commitment = table.record.commitment();
    let noun = table.row.game.game_noun;
    let how = if table.record.setup().secret.is_some() {
        "The draws come from a secret the server drew when the game was created. It committed to it"
    } else {
        "The draws come from a seed the GM chose (a test game: the GM knows every draw). The game committed to it"
    };
    let after = if table.record.is_over() {
        format!(
            r#"The {noun} is over and the secret is revealed: download the <a href="/games/{id}/record" download>public record</a> and check every turn with <code>postrider verify postrider-game-{id}.json --commitment {commitment}</code>."#
        )
    } else {
        format!(
            "When the {noun} is over, the secret is revealed and anyone can check every turn against this commitment."
        )
    };
    format!(
        r#"<h2>Fair play</h2><p class="note" id="draws">{how}: SHA-256 <code class="commitment">{commitment}</code>. {after}</p>"#
    )
}

/// A GM who also plays a seat reads every sealed order: the players are told, on the game page
/// and on the invitation, so that they choose knowingly (issue 12).
fn gm_plays_notice(table: &Table) -> String {
    match table.seat_of(table.row.gm_id) {
        Some(seat) => format!(
            r#"<p class="note" id="gm-plays">The GM, {gm}, also plays {seat} in this game, and as GM can read every sealed order before the deadline.</p>"#,
            gm = escape(&table.row.gm_name),
            seat = escape(&table.seats[seat.index()].name),
        ),
        None => String::new(),
    }
}

#[derive(Debug, serde::Deserialize)]
pub struct InviteQuery {
    #[serde(default)]
    invite: String,
}

fn join_page(visitor: &Visitor, table: &Table, invite: &str, error: Option<&ApiError>) -> Response {
    let id = table.row.id;
    let seat = table.seats.iter().find(|s| s.invite == invite);
    let what = match seat {
        Some(s) => format!("the seat <strong>{}</strong>", escape(&s.name)),
        None => "a seat (this invitation is not valid any more)".into(),
    };
    let body = format!(
        r#"{error}<p>You are invited to play {what} in <a href="/games/{id}">{title}</a> ({game}), run by {gm}.</p>
{gm_plays}<form method="post" action="/games/{id}/join">{csrf}<input type="hidden" name="invite" value="{invite}"><button type="submit">Take the seat</button></form>"#,
        error = error_box(error),
        title = escape(&table.row.title),
        game = table.row.game.name,
        gm = escape(&table.row.gm_name),
        gm_plays = gm_plays_notice(table),
        csrf = visitor.csrf_field(),
        invite = escape(invite),
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, "Join a game", &body)
}

pub async fn join_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<InviteQuery>,
) -> PageResult {
    visitor.player_or_login(&format!("/games/{id}/join?invite={}", q.invite))?;
    let table = load(&state, &visitor, id).await?;
    Ok(join_page(&visitor, &table, &q.invite, None))
}

pub async fn join(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let invite = form.get("invite").unwrap_or_default();
    let result = async {
        visitor.check_csrf(&form)?;
        actions::join(&state, player, id, invite).await
    };
    match result.await {
        Ok(()) => Ok(redirect(&format!("/games/{id}/orders"))),
        Err(e) => {
            let table = load(&state, &visitor, id).await?;
            Ok(join_page(&visitor, &table, invite, Some(&e)))
        }
    }
}

/// What the order form shows and keeps: the text the player typed, sent back with an error.
#[derive(Debug, Default)]
struct Typed<'a> {
    lineup: Option<&'a str>,
    orders: Option<&'a str>,
    cards: Vec<(char, &'a str)>,
}

fn orders_page(
    visitor: &Visitor,
    table: &Table,
    seat: Seat,
    typed: &Typed<'_>,
    sent: bool,
    error: Option<&ApiError>,
) -> Response {
    let id = table.row.id;
    let record = &table.record;
    let view = record.view_json(Viewer::Seat(seat));
    let seat_name = &table.seats[seat.index()].name;
    let (sealed_lineup, sealed_orders) = record.sealed(seat);
    let mut body = links(table, visitor);
    body.push_str(&error_box(error));
    if sent && error.is_none() {
        body.push_str(r#"<p class="note" role="status">Sealed. You can amend your orders until the deadline.</p>"#);
    }
    let _ = write!(
        body,
        r#"<p>You play <strong>{}</strong>. {}. <span id="your-move">{}</span></p>"#,
        escape(seat_name),
        escape(&status_text(&table.summary(), visitor)),
        escape(&your_move(table, visitor, seat).0)
    );
    let sealed = match (&sealed_lineup, &sealed_orders) {
        (None, None) => "Nothing sealed yet for this turn.".to_string(),
        (l, o) => {
            let mut parts = Vec::new();
            if let Some(l) = l {
                parts.push(format!("line-up <code>{}</code>", escape(l)));
            }
            if let Some(o) = o {
                parts.push(format!("orders <code>{}</code>", escape(o)));
            }
            format!("Sealed, as read: {}.", parts.join(", "))
        }
    };
    let _ = write!(body, r#"<p id="sealed">{sealed}</p>"#);
    // What the sealed orders leave to the rules (issue 15): said plainly under the echo.
    let notes = record.orders_notes(seat);
    if !notes.is_empty() {
        body.push_str(r#"<ul class="notes" id="orders-notes">"#);
        for n in &notes {
            let _ = write!(body, "<li>{}</li>", escape(n));
        }
        body.push_str("</ul>");
    }
    if !record.takes_orders(seat) {
        body.push_str("<p>You have no orders to send: the game is over for you.</p>");
        return page(visitor, StatusCode::OK, "Orders", &body);
    }
    let mut fields = String::new();
    match record.game().name {
        "breaking-away" if !record.started() => {
            let lineup = typed
                .lineup
                .map(str::to_string)
                .unwrap_or_else(|| sealed_lineup.clone().unwrap_or_else(gm::default_lineup));
            let orders = typed
                .orders
                .map(str::to_string)
                .or(sealed_orders.clone())
                .unwrap_or_default();
            let _ = write!(
                fields,
                r#"<label for="lineup">Line-up: each rider's starting cards</label>
<input id="lineup" type="text" name="lineup" value="{}" autocomplete="off" spellcheck="false">
<label for="orders">Turn 1: a card for each rider (e.g. <code>A 10 B 9 C 9 D 6</code>)</label>
<input id="orders" type="text" name="orders" value="{}" autocomplete="off" spellcheck="false">"#,
                escape(&lineup),
                escape(&orders)
            );
        }
        "breaking-away" => {
            let sealed_cards = sealed_orders.as_deref().unwrap_or_default();
            fields.push_str(r#"<div class="riders">"#);
            for rider in view["riders"].as_array().into_iter().flatten() {
                if rider["team"].as_str() != Some(seat_name.as_str())
                    || rider["status"] != "racing" && rider["status"] != "dropped"
                {
                    continue;
                }
                let grade = rider["grade"].as_str().unwrap_or("?");
                let letter = grade.chars().next().unwrap_or('?');
                let chosen = typed
                    .cards
                    .iter()
                    .find(|(g, _)| *g == letter)
                    .map(|(_, c)| c.to_string())
                    .or_else(|| sealed_card(sealed_cards, letter));
                let mut cards: Vec<u64> = rider["hand"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(Value::as_u64)
                    .collect();
                cards.sort_unstable_by(|a, b| b.cmp(a));
                cards.dedup();
                // Said before sealing: a rider left without an order plays its highest card.
                let mut options = match cards.first() {
                    Some(top) => format!(
                        r#"<option value="">no order — plays its highest card, {top}</option>"#
                    ),
                    None => String::from(r#"<option value="">no order (highest card)</option>"#),
                };
                for card in cards {
                    let selected = if chosen.as_deref() == Some(card.to_string().as_str()) {
                        " selected"
                    } else {
                        ""
                    };
                    let _ = write!(
                        options,
                        r#"<option value="{card}"{selected}>{card}</option>"#
                    );
                }
                let _ = write!(
                    fields,
                    r#"<div><label for="card_{letter}">{name}</label>square {square}, {points}<br><select id="card_{letter}" name="card_{letter}">{options}</select></div>"#,
                    name = escape(rider["name"].as_str().unwrap_or("?")),
                    square = rider["square"],
                    points = escape(&points_text(&rider["points"])),
                );
            }
            fields.push_str("</div>");
        }
        _ => {
            use askama::Template;
            let form =
                super::backpacks::order_form(id, visitor.csrf_token(), record, seat, typed.orders);
            match form.map(|f| f.render()) {
                Some(Ok(html)) => body.push_str(&html),
                Some(Err(e)) => {
                    return error_page(visitor, &ApiError::Internal(format!("template: {e}")));
                }
                None => body.push_str("<p>You have no orders to send.</p>"),
            }
            let status = error.map_or(StatusCode::OK, ApiError::status);
            return page(visitor, status, "Orders", &body);
        }
    }
    let _ = write!(
        body,
        r#"<form method="post" action="/games/{id}/orders">{}<input type="hidden" name="turn" value="{}">{fields}<p><button type="submit">Seal orders</button></p></form>"#,
        visitor.csrf_field(),
        record.turn()
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, "Orders", &body)
}

/// The card a sealed order (`A 12 B 3`) gives the rider of this grade.
fn sealed_card(orders: &str, grade: char) -> Option<String> {
    let words: Vec<&str> = orders.split_whitespace().collect();
    words
        .windows(2)
        .find(|w| w[0].len() == 1 && w[0].starts_with(grade))
        .map(|w| w[1].to_string())
}

fn points_text(points: &Value) -> String {
    match points {
        Value::Null => String::new(),
        Value::String(s) => format!("{s} points"),
        other => format!("{other} points"),
    }
}

pub async fn orders_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<SentQuery>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/orders"))?;
    let table = load(&state, &visitor, id).await?;
    let seat = actions::own_seat(&table, player).map_err(|e| error_page(&visitor, &e))?;
    let typed = Typed::default();
    Ok(orders_page(
        &visitor,
        &table,
        seat,
        &typed,
        q.sent.is_some(),
        None,
    ))
}

#[derive(Debug, serde::Deserialize)]
pub struct SentQuery {
    sent: Option<String>,
}

/// What the order form sends, as a submission: the card chosen for each rider (Breaking
/// Away during the race) or the text typed.
fn submission(form: &FormData) -> ApiResult<Submission> {
    let nonempty = |name: &str| {
        form.get(name)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let cards: Vec<String> = "ABCD"
        .chars()
        .filter_map(|g| {
            form.get(&format!("card_{g}"))
                .filter(|c| !c.is_empty())
                .map(|c| format!("{g} {c}"))
        })
        .collect();
    let has_card_fields = "ABCD"
        .chars()
        .any(|g| form.get(&format!("card_{g}")).is_some());
    if has_card_fields && cards.is_empty() {
        return Err(ApiError::Bad(
            "orders: choose a card for at least one rider (a rider without an order plays its highest card)".into(),
        ));
    }
    let turn = match nonempty("turn") {
        None => None,
        Some(t) => Some(
            t.parse()
                .map_err(|_| ApiError::Bad(format!("turn: {t:?} is not a turn number")))?,
        ),
    };
    Ok(Submission {
        turn,
        lineup: nonempty("lineup"),
        orders: if has_card_fields {
            Some(cards.join(" "))
        } else if let Some(text) = super::backpacks::orders_from_choices(form) {
            Some(text)
        } else {
            nonempty("orders")
        },
    })
}

pub async fn orders(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/orders"))?;
    let composed = super::backpacks::orders_from_choices(&form);
    let typed = Typed {
        lineup: form.get("lineup"),
        orders: composed.as_deref().or(form.get("orders")),
        cards: "ABCD"
            .chars()
            .filter_map(|g| form.get(&format!("card_{g}")).map(|c| (g, c)))
            .collect(),
    };
    // "Show turn 2 from there": the form again, from the first turn chosen, nothing sealed.
    if form.get("plan").is_some() {
        let table = load(&state, &visitor, id).await?;
        let seat = actions::own_seat(&table, player).map_err(|e| error_page(&visitor, &e))?;
        return Ok(orders_page(&visitor, &table, seat, &typed, false, None));
    }
    let result = async {
        visitor.check_csrf(&form)?;
        actions::submit(&state, player, id, &submission(&form)?).await
    };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}/orders?sent=1"))),
        Err(e) => {
            let table = load(&state, &visitor, id).await?;
            let Some(seat) = table.seat_of(player.id) else {
                return Err(error_page(&visitor, &e));
            };
            Ok(orders_page(&visitor, &table, seat, &typed, false, Some(&e)))
        }
    }
}

fn console_page(
    state: &AppState,
    visitor: &Visitor,
    table: &Table,
    public_url: Option<&str>,
    flash: Option<&str>,
    error: Option<&ApiError>,
    webhook: Option<&str>,
) -> Response {
    let id = table.row.id;
    let csrf = visitor.csrf_field();
    let mut body = links(table, visitor);
    body.push_str(&error_box(error));
    if let Some(flash) = flash {
        body.push_str(flash);
    }
    let _ = write!(
        body,
        r#"<p><strong id="status">{}</strong> · {}</p>"#,
        escape(&status_text(&table.summary(), visitor)),
        escape(&table.row.deadline_rule.to_string())
    );
    let button = |action: &str, label: &str, extra: &str| {
        format!(
            r#"<form method="post" action="/games/{id}/gm">{csrf}<input type="hidden" name="action" value="{action}">{extra}<button type="submit" name="do" value="{action}">{label}</button></form>"#
        )
    };
    body.push_str("<h2>Seats and invitations</h2><table><tr><th>Seat</th><th>Player</th><th>Invitation link</th><th>Hand to</th></tr>");
    for s in &table.seats {
        let invite = if s.player_id.is_none() {
            // The whole link with the server's public address when it is configured, in a
            // field a thumb can select and copy (no script needed).
            let path = format!("/games/{id}/join?invite={}", s.invite);
            let full = match public_url {
                Some(base) => format!("{}{path}", base.trim_end_matches('/')),
                None => path.clone(),
            };
            format!(
                r#"<a class="invite" href="{path}">invitation for {name}</a><input type="text" readonly class="invite-link" value="{full}" aria-label="invitation link for {name}">"#,
                path = escape(&path),
                full = escape(&full),
                name = escape(&s.name),
            )
        } else {
            String::new()
        };
        let bots: String = ["", "nmr", "random", "heuristic", "mcts", "flatmc"]
            .iter()
            .map(|b| {
                let selected = if s.bot.as_deref().unwrap_or("") == *b {
                    " selected"
                } else {
                    ""
                };
                let label = if b.is_empty() { "its player" } else { b };
                format!(r#"<option value="{b}"{selected}>{label}</option>"#)
            })
            .collect();
        let bot_form = button(
            "bot",
            "Set",
            &format!(
                r#"<input type="hidden" name="seat" value="{}"><select name="bot" aria-label="bot for {}">{bots}</select> "#,
                s.seat,
                escape(&s.name)
            ),
        );
        let free = if s.player_id.is_some() {
            button(
                "free",
                "Free the seat",
                &format!(
                    r#"<input type="hidden" name="seat" value="{}">{}"#,
                    s.seat,
                    confirm_box("free", &s.name)
                ),
            )
        } else if state.mail.is_some() {
            button(
                "invite",
                "Mail the invitation",
                &format!(
                    r#"<input type="hidden" name="seat" value="{}"><input type="email" name="email" aria-label="address to invite to {}" placeholder="name@example.org"> "#,
                    s.seat,
                    escape(&s.name)
                ),
            )
        } else {
            String::new()
        };
        let _ = write!(
            body,
            "<tr><td>{}</td><td>{}</td><td>{invite}</td><td>{bot_form}{free}</td></tr>",
            escape(&s.name),
            escape(s.player_name.as_deref().unwrap_or("open"))
        );
    }
    body.push_str("</table>");
    body.push_str(r#"<h2>The turn</h2><div class="actions">"#);
    body.push_str(&button("preview", "Preview the adjudication", ""));
    body.push_str(&button(
        "resolve",
        "Resolve now",
        &confirm_box("resolve", "the turn"),
    ));
    if table.summary().waiting_for_players() {
        // The clock starts by itself when the last seat is taken.
        body.push_str(&button(
            "start",
            "Start the clock now (open seats send nothing until taken)",
            "",
        ));
    }
    body.push_str(&button(
        "extend",
        "Move the deadline",
        r#"<input type="number" name="hours" value="24" step="1" aria-label="hours" style="width:6rem"> hours "#,
    ));
    if table.row.paused {
        body.push_str(&button("resume", "Resume the deadline", ""));
    } else {
        body.push_str(&button("pause", "Pause the deadline", ""));
    }
    if table.record.resolved() > 0 {
        body.push_str(&button(
            "rollback",
            "Roll back the last turn",
            &confirm_box("rollback", "the last turn"),
        ));
    }
    body.push_str("</div>");
    if table.row.game.name == "breaking-away" {
        let riders: String = table.record.view_json(Viewer::Public)["riders"]
            .as_array()
            .into_iter()
            .flatten()
            .filter(|r| r["status"] == "racing" || r["status"] == "dropped")
            .filter_map(|r| r["name"].as_str())
            .map(|n| format!(r#"<option>{}</option>"#, escape(n)))
            .collect();
        if !riders.is_empty() {
            let select = format!(r#"<select name="rider" aria-label="rider">{riders}</select> "#);
            let _ = write!(
                body,
                r#"<h2>Riders</h2><div class="actions">{}{}</div>"#,
                button("drop", "Declare dropped (postal 10.1)", &select),
                button("retire", "Retire (board)", &select)
            );
        }
    }
    let _ = write!(
        body,
        r#"<h2>Webhook</h2><p class="hint">A Discord or Slack webhook URL: "turn resolved" and "deadline soon" are posted to it. Empty: none.</p><div class="actions">{}</div>"#,
        button(
            "webhook",
            "Save the webhook",
            &format!(
                r#"<input type="url" name="url" value="{}" aria-label="webhook URL" placeholder="https://discord.com/api/webhooks/…" style="width:24rem"> "#,
                escape(webhook.unwrap_or_default())
            )
        )
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(
        visitor,
        status,
        &format!("{}: GM console", table.row.title),
        &body,
    )
}

/// The box a GM ticks before an action that cannot be taken back: `required`, so a browser
/// asks for it without any script, and checked again by the server.
fn confirm_box(action: &str, what: &str) -> String {
    format!(
        r#"<label class="check confirm"><input type="checkbox" name="confirm" value="yes" required> I am sure ({action} {})</label> "#,
        escape(what)
    )
}

#[derive(Debug, serde::Deserialize)]
pub struct DoneQuery {
    done: Option<String>,
}

pub async fn console(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<DoneQuery>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/gm"))?;
    let table = load(&state, &visitor, id).await?;
    actions::require_gm(&table, player).map_err(|e| error_page(&visitor, &e))?;
    let flash = q
        .done
        .map(|d| format!(r#"<p class="note" role="status">Done: {}.</p>"#, escape(&d)));
    Ok(console_page(
        &state,
        &visitor,
        &table,
        state.config.public_url.as_deref(),
        flash.as_deref(),
        None,
        crate::webhook::url(&state, id)
            .await
            .map_err(|e| error_page(&visitor, &e))?
            .as_deref(),
    ))
}

/// The GM action a console form asks for.
fn gm_action(form: &FormData) -> ApiResult<GmAction> {
    let seat = || -> ApiResult<game_api::Seat> {
        form.field("seat")?
            .parse()
            .map(game_api::Seat)
            .map_err(|_| ApiError::Bad("seat: not a seat number".into()))
    };
    let rider = || form.field("rider").map(str::to_string);
    let action = form.field("action")?;
    if matches!(action, "resolve" | "free" | "rollback") && form.get("confirm") != Some("yes") {
        return Err(ApiError::Bad(format!(
            "confirm: tick \"I am sure\" to {}",
            match action {
                "resolve" => "resolve the turn now",
                "free" => "free the seat",
                _ => "roll back the last turn",
            }
        )));
    }
    Ok(match action {
        "extend" => {
            let hours: f64 = form
                .field("hours")?
                .trim()
                .parse()
                .ok()
                .filter(|h: &f64| {
                    h.is_finite() && h.abs() * 3600.0 <= crate::text::MAX_EXTEND_SECONDS as f64
                })
                .ok_or_else(|| ApiError::Bad("hours: give a number of hours".into()))?;
            GmAction::Extend {
                seconds: (hours * 3600.0).round() as i64,
            }
        }
        "pause" => GmAction::Pause,
        "resume" => GmAction::Resume,
        "start" => GmAction::Start,
        "resolve" => GmAction::Resolve,
        "preview" => GmAction::Preview,
        "rollback" => GmAction::Rollback,
        "drop" => GmAction::Drop { rider: rider()? },
        "retire" => GmAction::Retire { rider: rider()? },
        "free" => GmAction::Free { seat: seat()? },
        "invite" => GmAction::Invite {
            seat: seat()?,
            email: form.field("email")?.to_string(),
        },
        "webhook" => GmAction::Webhook {
            url: form.get("url").map(str::to_string),
        },
        "bot" => GmAction::Bot {
            seat: seat()?,
            bot: form
                .get("bot")
                .filter(|b| !b.is_empty())
                .map(str::to_string),
        },
        other => return Err(ApiError::Bad(format!("action: unknown action {other:?}"))),
    })
}

pub async fn console_action(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/gm"))?;
    let result = async {
        visitor.check_csrf(&form)?;
        let action = gm_action(&form)?;
        actions::gm_action(&state, player, id, action).await
    };
    let (flash, error) = match result.await {
        Ok(GmOutcome::Done) => {
            let done = form.get("action").unwrap_or_default();
            return Ok(redirect(&format!("/games/{id}/gm?done={done}")));
        }
        Ok(GmOutcome::Preview { turn, report }) => (
            Some(format!(
                r#"<h2>Preview of turn {turn} (nothing has changed)</h2><pre class="report" id="preview">{}</pre>"#,
                escape(&report)
            )),
            None,
        ),
        Err(e) => (None, Some(e)),
    };
    // The console again, with the preview or the error: only for the game's GM.
    let table = load(&state, &visitor, id).await?;
    actions::require_gm(&table, player).map_err(|e| error_page(&visitor, &e))?;
    Ok(console_page(
        &state,
        &visitor,
        &table,
        state.config.public_url.as_deref(),
        flash.as_deref(),
        error.as_ref(),
        crate::webhook::url(&state, id)
            .await
            .map_err(|e| error_page(&visitor, &e))?
            .as_deref(),
    ))
}

fn new_game_page(visitor: &Visitor, form: &FormData, error: Option<&ApiError>) -> Response {
    let value = |name: &str, default: &str| escape(form.get(name).unwrap_or(default));
    let selected = |name: &str, option: &str, default: &str| {
        if form.get(name).unwrap_or(default) == option {
            " selected"
        } else {
            ""
        }
    };
    let options: String = gm::BREAKING_AWAY_OPTIONS
        .iter()
        .map(|name| {
            let checked = if form.all("option").any(|o| o == *name) {
                " checked"
            } else {
                ""
            };
            format!(
                r#"<label style="font-weight:normal"><input type="checkbox" name="option" value="{name}"{checked}> {name}</label>"#
            )
        })
        .collect();
    let weekdays: String = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
    .iter()
    .map(|d| {
        format!(
            r#"<option{}>{d}</option>"#,
            selected("weekday", d, "sunday")
        )
    })
    .collect();
    let body = format!(
        r#"{error}<form method="post" action="/new">{csrf}
<label for="title">Title</label><input id="title" type="text" name="title" value="{title}" required maxlength="80">
<label for="game">Game</label><select id="game" name="game"><option value="breaking-away"{ba}>Breaking Away</option><option value="backpacks"{bb}>Backpacks &amp; Blisters</option></select>
<label for="rules">Rules (Breaking Away)</label><select id="rules" name="rules"><option value="postal-2.2"{postal}>postal rules 2.2</option><option value="board"{board}>the board game</option></select>
<fieldset><legend>Board-game options</legend>{options}</fieldset>
<label for="seats">Seats, one per line (team or walker names)</label><textarea id="seats" name="seats" rows="4" required>{seats}</textarea>
<fieldset><legend>Deadline</legend>
<label style="font-weight:normal"><input type="radio" name="deadline" value="interval"{interval_checked}> every <input type="number" name="hours" value="{hours}" min="0.02" step="any" style="width:6rem" aria-label="hours"> hours</label>
<label style="font-weight:normal"><input type="radio" name="deadline" value="weekly"{weekly_checked}> weekly on <select name="weekday" aria-label="weekday" style="width:auto">{weekdays}</select> at <input type="text" name="time" value="{time}" style="width:6rem" aria-label="time"> in <input type="text" name="zone" value="{zone}" style="width:14rem" aria-label="time zone"></label>
<p>A turn is processed early once every seat has sent its orders.</p></fieldset>
<label for="seed">Seed (leave empty for a random one)</label><input id="seed" type="text" name="seed" value="{seed}" inputmode="numeric">
<p><button type="submit">Create the game</button></p></form>"#,
        error = error_box(error),
        csrf = visitor.csrf_field(),
        title = value("title", ""),
        ba = selected("game", "breaking-away", "breaking-away"),
        bb = selected("game", "backpacks", "breaking-away"),
        postal = selected("rules", "postal-2.2", "postal-2.2"),
        board = selected("rules", "board", "postal-2.2"),
        seats = value("seats", ""),
        interval_checked = if form.get("deadline").unwrap_or("interval") == "interval" {
            " checked"
        } else {
            ""
        },
        weekly_checked = if form.get("deadline") == Some("weekly") {
            " checked"
        } else {
            ""
        },
        hours = value("hours", "24"),
        time = value("time", "20:00"),
        zone = value("zone", "Europe/London"),
        seed = value("seed", ""),
    );
    let status = error.map_or(StatusCode::OK, ApiError::status);
    page(visitor, status, "New game", &body)
}

pub async fn new_game_form(visitor: Visitor) -> PageResult {
    visitor.player_or_login("/new")?;
    Ok(new_game_page(&visitor, &FormData::default(), None))
}

/// The game the new-game form describes.
fn new_game_of(form: &FormData) -> ApiResult<NewGame> {
    let game = form.field("game")?.to_string();
    let deadline = match form.get("deadline").unwrap_or("interval") {
        "weekly" => DeadlineRule::Weekly {
            weekday: form.field("weekday")?.to_string(),
            time: form.field("time")?.trim().to_string(),
            zone: form.field("zone")?.trim().to_string(),
        },
        _ => {
            let hours: f64 = form
                .field("hours")?
                .trim()
                .parse()
                .ok()
                .filter(|h: &f64| h.is_finite() && *h > 0.0 && *h <= 24.0 * 366.0)
                .ok_or_else(|| ApiError::Bad("hours: give a number of hours".into()))?;
            DeadlineRule::Interval {
                seconds: (hours * 3600.0).round() as i64,
            }
        }
    };
    let seed = match form.get("seed").map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| ApiError::Bad(format!("seed: {s:?} is not a whole number")))?,
        ),
    };
    let backpacks = game == "backpacks";
    Ok(NewGame {
        title: form.field("title")?.to_string(),
        rules: (!backpacks).then(|| form.get("rules").unwrap_or("postal-2.2").to_string()),
        options: if backpacks {
            Vec::new()
        } else {
            form.all("option").map(str::to_string).collect()
        },
        seats: form
            .field("seats")?
            .lines()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        game,
        deadline,
        seed,
    })
}

pub async fn new_game(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/new")?;
    let result = async {
        visitor.check_csrf(&form)?;
        actions::create_game(&state, player, new_game_of(&form)?).await
    };
    Ok(match result.await {
        Ok(id) => redirect(&format!("/games/{id}/gm")),
        Err(e) => new_game_page(&visitor, &form, Some(&e)),
    })
}
