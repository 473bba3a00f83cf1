//! The pages of one game: the game with its latest report, the archive of past turns, the
//! order form, the history, joining by invitation, the GM console and the new-game form.
//! Each page is a typed view (a struct below) drawn by an askama template in
//! `templates/game/`; what differs between games comes from the game's record (pictures,
//! reports, nouns) and from its own pieces (`pieces`: the order form, the console's tools).

mod console;
mod history;
mod new_game;
mod orders;
mod page;

pub use console::*;
pub use history::*;
pub use new_game::*;
pub use orders::*;
pub use page::*;

use askama::Template;
use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use game_api::Lang;
use game_api::report::ReportView;
use game_api::{Seat, Viewer};
use gm::{DeadlineRule, Event, Submission, utc_text};

use super::pieces::{self, FormContext};
use super::{FormData, PageResult, Visitor, error_page, redirect};
use crate::AppState;
use crate::actions::{self, GmAction, GmOutcome, NewGame, viewer};
use crate::error::{ApiError, ApiResult};
use crate::pages::when::Urgency;
use crate::season_report::{StageSeason, stage_season};
use crate::store::{self, Table};

/// The game's state in a few words: over, paused, or the coming turn and its deadline.
pub fn status_text(table: &store::Summary, visitor: &Visitor) -> String {
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
    let due = |at: i64| crate::pages::when::due(at, visitor.now, visitor.zone());
    if record.ready(seat) {
        let text = match deadline {
            Some(at) => format!(
                "Your orders for {noun} are sealed (amend until {}).",
                crate::pages::when::moment(at, visitor.zone())
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

/// The badge beside "your move": how near the deadline is when the seat's orders are due
/// (`due in 13 min`, styled by its urgency), or that they are sealed.
#[derive(Debug)]
pub struct Badge {
    pub text: String,
    /// `badge-warn`, `badge-danger`, `badge-ok`, or empty.
    pub class: &'static str,
    /// The "your move" box's class (`due-soon`), or empty.
    pub urgency: &'static str,
}

impl Badge {
    pub fn of(table: &Table, visitor: &Visitor, seat: Seat) -> Option<Badge> {
        let record = &table.record;
        if record.is_over() || !record.takes_orders(seat) {
            return None;
        }
        if record.ready(seat) {
            return Some(Badge {
                text: "sealed".into(),
                class: "badge-ok",
                urgency: "",
            });
        }
        let at = table.row.next_deadline.filter(|_| !table.row.paused)?;
        let urgency = Urgency::of(at, visitor.now);
        let text = match urgency {
            Urgency::Late => "due now".to_string(),
            _ => format!("due in {}", crate::pages::when::left(at - visitor.now)),
        };
        Some(Badge {
            text,
            class: urgency.badge(),
            urgency: urgency.class(),
        })
    }
}

/// How a finished game ended for its reader: the winner, and the reader's own place.
#[derive(Debug)]
pub struct Finish {
    pub winner: String,
    /// `4th`; `None` for a reader without a seat.
    pub place: Option<String>,
}

impl Finish {
    /// From the last report's view, once the game is over.
    pub fn of(view: &ReportView) -> Option<Finish> {
        let over = view.over.as_ref()?;
        let winner = over.podium.first()?.name.clone();
        let place = view
            .standings
            .rows
            .iter()
            .position(|r| r.own)
            .map(|k| game_api::report::ordinal(k + 1));
        Some(Finish { winner, place })
    }

    /// The game's end for a seat of `table`, read from its last report.
    pub fn of_seat(table: &Table, seat: Seat) -> Option<Finish> {
        let record = &table.record;
        if !record.is_over() {
            return None;
        }
        let view = record
            .report_view(Viewer::Seat(seat), Lang::EN, record.resolved())
            .ok()?;
        Finish::of(&view)
    }

    /// `Yellow won; you were 4th`.
    pub fn text(&self) -> String {
        match &self.place {
            Some(place) => format!("{} won; you were {place}", self.winner),
            None => format!("{} won", self.winner),
        }
    }
}

/// Loads a game for a page; a missing game is a page saying so.
pub(super) async fn load(state: &AppState, visitor: &Visitor, id: i64) -> Result<Table, Response> {
    store::load(state, id)
        .await
        .map_err(|e| error_page(visitor, &e.into()))
}

/// A page drawn from its template, inside the site's frame.
pub(super) fn render(
    visitor: &Visitor,
    status: StatusCode,
    title: &str,
    view: &impl Template,
) -> Response {
    render_tab(visitor, status, title, title, view)
}

/// A page drawn from its template, whose tab title says more than its heading.
pub(super) fn render_tab(
    visitor: &Visitor,
    status: StatusCode,
    tab: &str,
    title: &str,
    view: &impl Template,
) -> Response {
    match view.render() {
        Ok(body) => super::page_with_tab(visitor, status, tab, title, &body),
        Err(e) => error_page(visitor, &ApiError::Internal(format!("template: {e}"))),
    }
}

pub(super) fn status_of(error: Option<&ApiError>) -> StatusCode {
    error.map_or(StatusCode::OK, ApiError::status)
}

/// The links at the top of every page of a game, and its commitment to its draws (issue 12).
#[derive(Debug)]
pub struct Nav {
    pub id: i64,
    /// The reader plays a seat of a game not over.
    pub orders: bool,
    /// The page shown (`game`, `orders`, `history`, `console`, `turn`), marked in the links.
    pub current: &'static str,
    pub console: bool,
    pub commitment: String,
    /// The first 16 digits.
    pub short: String,
    /// The season the game is a stage of, if any (a link to its standings).
    pub season: Option<store::seasons::StageOf>,
}

impl Nav {
    /// The same links, with the season the game is a stage of.
    fn in_season(self, season: Option<store::seasons::StageOf>) -> Nav {
        Nav { season, ..self }
    }

    /// The same links, `current` marked as the page shown.
    fn at(self, current: &'static str) -> Nav {
        Nav { current, ..self }
    }

    fn of(table: &Table, visitor: &Visitor) -> Nav {
        let commitment = table.record.commitment();
        let player = visitor.player.as_ref();
        Nav {
            id: table.row.id,
            orders: !table.record.is_over()
                && player.is_some_and(|p| table.seat_of(p.id).is_some()),
            current: "",
            console: player.is_some_and(|p| table.is_gm(p.id)),
            short: commitment.chars().take(16).collect(),
            commitment,
            season: None,
        }
    }
}

/// A GM who also plays a seat reads every sealed order: the players are told, on the game page
/// and on the invitation, so that they choose knowingly (issue 12).
#[derive(Debug)]
pub struct GmPlays {
    pub gm: String,
    pub seat: String,
}

impl GmPlays {
    fn of(table: &Table) -> Option<GmPlays> {
        let seat = table.seat_of(table.row.gm_id)?;
        Some(GmPlays {
            gm: table.row.gm_name.clone(),
            seat: table.seats[seat.index()].name.clone(),
        })
    }
}
