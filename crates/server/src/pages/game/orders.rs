//! Taking a seat by invitation, and the order page: the game's form, sealed through `actions::submit`.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use game_api::{Lang, Seat, Viewer};
use gm::Submission;
use locale::{phrase, tr};
use store::Table;

use super::frame::{GmPlays, Nav, load, render, render_tab, status_of};
use super::page::turn_name;
use super::words::{Badge, game_title, noun, your_move};
use crate::actions;
use crate::error::{ApiError, ApiResult};
use crate::pages::form::{CsrfForm, FormData};
use crate::pages::frame::{PageResult, Visitor, error_page, redirect};
use crate::pages::order_forms;
use crate::pages::pieces::{self, FormContext};
use crate::pages::sentence::{LINK, Piece, Sentence};
use crate::state::AppState;

#[derive(Debug, serde::Deserialize)]
pub struct InviteQuery {
    #[serde(default)]
    invite: String,
}

#[derive(Debug, Template)]
#[template(path = "game/join.html")]
pub struct JoinPage<'a> {
    pub lang: Lang,
    pub error: Option<String>,
    pub id: i64,
    /// The seat the invitation is for; `None` if it is not valid any more (unknown, or its
    /// seat taken by a player).
    pub seat: Option<String>,
    pub title: String,
    /// The game's title, in the reader's language.
    pub game: String,
    pub gm: String,
    pub gm_plays: Option<GmPlays>,
    pub csrf: String,
    pub invite: &'a str,
}

pub(super) fn join_page(
    visitor: &Visitor,
    table: &Table,
    invite: &str,
    error: Option<&ApiError>,
) -> Response {
    let lang = visitor.lang;
    let view = JoinPage {
        lang,
        error: error.map(|e| crate::pages::frame::in_words(&e.text(crate::reader::lang()))),
        id: table.row.id,
        seat: open_seat(table, invite)
            .filter(|_| actions::invitations_open(table).is_ok())
            .map(|s| s.name.clone()),
        title: table.row.title.clone(),
        game: game_title(lang, table.row.game),
        gm: table.row.gm_name.clone(),
        gm_plays: GmPlays::of(table),
        csrf: visitor.csrf_token(),
        invite,
    };
    let heading = tr!(lang, "game-join-heading", title = table.row.title.clone());
    render(visitor, status_of(error), &heading, &view)
}

/// The seat `invite` is for, while no player holds it (`actions::join` takes it then).
fn open_seat<'a>(table: &'a Table, invite: &str) -> Option<&'a store::table::SeatRow> {
    table
        .seats
        .iter()
        .find(|s| s.invite == invite && s.player_id.is_none())
}

pub async fn join_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<InviteQuery>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    // An ended game's invitations, and a used one, say so at once, before any login or tap.
    let ended = actions::invitations_open(&table).err();
    if ended.is_some() || open_seat(&table, &q.invite).is_none() {
        return Ok(join_page(&visitor, &table, &q.invite, ended.as_ref()));
    }
    visitor.player_or_login(&format!("/games/{id}/join?invite={}", q.invite))?;
    Ok(join_page(&visitor, &table, &q.invite, None))
}

pub async fn join(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let invite = form.get("invite").unwrap_or_default();
    let result = async { actions::join(&state, player, id, invite).await };
    match result.await {
        Ok(()) => Ok(redirect(&format!("/games/{id}/orders"))),
        Err(e) => {
            let table = load(&state, &visitor, id).await?;
            Ok(join_page(&visitor, &table, invite, Some(&e)))
        }
    }
}

#[derive(Debug, Template)]
#[template(path = "game/orders.html")]
pub struct OrdersPage {
    pub lang: Lang,
    pub nav: Nav,
    /// The error as HTML: escaped, its rule citations linked to the rules help.
    pub error: Option<String>,
    /// What became of the orders just sealed (it may hold a link to the report).
    pub sent: Option<Sentence>,
    pub seat: String,
    pub your_move: String,
    /// How near the deadline is, beside `your_move` as on the game page.
    pub badge: Option<Badge>,
    pub sealed_lineup: Option<String>,
    /// The sealed orders as their player reads them, a line each (a Backpacks & Blisters
    /// round: each turn, then the weather card and the vote), shown one under another.
    pub sealed_orders: Option<Vec<String>>,
    pub notes: Vec<String>,
    pub takes_orders: bool,
    /// The game's turn noun (`turn`, `round`).
    pub turn_noun: &'static str,
    /// The game's own order form (`pieces`), as HTML.
    pub form: Option<String>,
    /// The track or map now, framed on the pieces (SVG), beside the form.
    pub picture: Option<String>,
    /// `track`, `map`, in the reader's language.
    pub picture_noun: String,
}

/// The order page of `seat`: what is sealed, as read, and the game's own order form, keeping
/// what was `typed` (a form sent back with an error, or to plan).
pub(super) fn orders_page(
    visitor: &Visitor,
    table: &Table,
    seat: Seat,
    typed: Option<&FormData>,
    sent: Option<u16>,
    error: Option<&ApiError>,
) -> Response {
    let record = &table.record;
    let lang = visitor.lang;
    let sent = sent
        .filter(|_| error.is_none())
        .map(|turn| sent_note(table, visitor, turn));
    let (sealed_lineup, _) = record.sealed(seat);
    // The sealed orders as the player reads them (places by name, not the codes typed).
    let sealed_orders = record
        .sealed_words(seat, lang)
        .map(|words| words.lines().map(str::to_owned).collect());
    let takes_orders = record.takes_orders(seat);
    let form = if takes_orders {
        let cx = FormContext {
            id: table.row.id,
            csrf: visitor.csrf_token(),
            record,
            seat,
            typed,
            lang,
        };
        match order_forms::of(record.game().name).order_form(&cx) {
            Some(Ok(html)) => Some(html),
            Some(Err(e)) => {
                return error_page(visitor, &ApiError::Internal(format!("template: {e}")));
            }
            None => None,
        }
    } else {
        None
    };
    let view = OrdersPage {
        lang,
        nav: Nav::of(table, visitor).at("orders"),
        error: error.map(|e| {
            let sent = typed.and_then(|f| submission(table, seat, f).ok());
            let text = pieces::refusal(record, seat, sent.as_ref(), e, visitor.lang);
            order_forms::of(record.game().name).refusal_html(&text)
        }),
        sent,
        seat: table.seats[seat.index()].name.clone(),
        your_move: your_move(table, visitor, seat).0,
        badge: Badge::of(table, visitor, seat),
        turn_noun: table.row.game.turn_noun,
        sealed_lineup,
        sealed_orders,
        notes: record.orders_notes(seat, lang),
        // The close-up beside the form, the seat's own pieces marked.
        picture: takes_orders
            .then(|| record.picture(None, Viewer::Seat(seat), visitor.lang))
            .flatten()
            .map(|p| p.close_up.unwrap_or(p.svg)),
        picture_noun: noun(lang, record.game().picture_noun),
        takes_orders,
        form,
    };
    let title = &table.row.title;
    let tab = if view.takes_orders && !record.ready(seat) {
        tr!(lang, "game-tab-orders-due", title = title.clone())
    } else {
        tr!(lang, "game-tab-your-orders", title = title.clone())
    };
    render_tab(
        visitor,
        status_of(error),
        &tab,
        &tr!(lang, "game-orders-title", title = title.clone()),
        &view,
    )
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
    // `sent` names the turn the orders were sealed for (an older page's `sent=1` reads as
    // turn 1, which is what it sealed).
    let sent = q.sent.map(|t| t.parse().unwrap_or(1));
    Ok(orders_page(&visitor, &table, seat, None, sent, None))
}

#[derive(Debug, serde::Deserialize)]
pub struct SentQuery {
    sent: Option<String>,
}

/// What became of orders sealed for `turn`, as the page now finds the game: still open to
/// amendment, being played now (every seat's orders are in), or played, with the way to its
/// report (the last seat to seal finds the next turn open, not its own orders).
fn sent_note(table: &Table, visitor: &Visitor, turn: u16) -> Sentence {
    let lang = visitor.lang;
    let record = &table.record;
    let game = record.game();
    if turn < record.turn() && turn <= record.resolved() {
        let name = turn_name(lang, game, turn);
        return Sentence::new(
            &tr!(
                lang,
                "game-orders-played",
                turn = name.clone(),
                report = LINK
            ),
            &[(
                LINK,
                Piece::link(
                    format!("/games/{}#latest", table.row.id),
                    tr!(lang, "game-orders-played-report", turn = name),
                ),
            )],
        );
    }
    if table.all_ready() {
        return Sentence::plain(&lang.t("game-orders-sealed-all-in"));
    }
    Sentence::plain(&lang.t("game-orders-sealed-note"))
}

/// What the order form sends, as a submission: the line-up and orders its boxes and menus
/// describe (the game's own pieces read them, for `seat`), or the text typed.
pub(super) fn submission(table: &Table, seat: Seat, form: &FormData) -> ApiResult<Submission> {
    let nonempty = |name: &str| {
        form.get(name)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let turn = match nonempty("turn") {
        None => None,
        Some(t) => Some(
            t.parse()
                .map_err(|_| ApiError::Bad(phrase!("error-turn-not-number", t = t)))?,
        ),
    };
    let read = order_forms::of(table.row.game.name)
        .orders_from_form(&table.record, seat, form)?
        .unwrap_or_default();
    Ok(Submission {
        turn,
        lineup: read.lineup.or_else(|| nonempty("lineup")),
        orders: read.orders.or_else(|| nonempty("orders")),
    })
}

pub async fn orders(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/orders"))?;
    let table = load(&state, &visitor, id).await?;
    // "Show turn 2 from there": the form again, from the first turn chosen, nothing sealed.
    if form.get("plan").is_some() {
        let seat = actions::own_seat(&table, player).map_err(|e| error_page(&visitor, &e))?;
        return Ok(orders_page(&visitor, &table, seat, Some(&form), None, None));
    }
    let result = async {
        let seat = actions::own_seat(&table, player)?;
        actions::submit(&state, player, id, &submission(&table, seat, &form)?).await
    };
    match result.await {
        // The turn sealed: the page then tells whether it is still open or already played.
        Ok((record, _)) => Ok(redirect(&format!(
            "/games/{id}/orders?sent={}",
            record.turn()
        ))),
        Err(e) => {
            let table = load(&state, &visitor, id).await?;
            let Some(seat) = table.seat_of(player.id) else {
                return Err(error_page(&visitor, &e));
            };
            Ok(orders_page(
                &visitor,
                &table,
                seat,
                Some(&form),
                None,
                Some(&e),
            ))
        }
    }
}
