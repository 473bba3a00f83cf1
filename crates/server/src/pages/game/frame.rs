//! What every page of a game shares: loading the game, drawing a page in the site's frame,
//! the links at its top, and the note that the GM plays a seat.

use askama::Template;
use axum::http::StatusCode;
use axum::response::Response;
use game_api::Lang;
use store::Table;

use crate::error::ApiError;
use crate::pages::frame::{Visitor, error_page, page_with_tab};
use crate::state::AppState;

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
        Ok(body) => page_with_tab(visitor, status, tab, title, &body),
        Err(e) => error_page(visitor, &ApiError::Internal(format!("template: {e}"))),
    }
}

pub(super) fn status_of(error: Option<&ApiError>) -> StatusCode {
    error.map_or(StatusCode::OK, ApiError::status)
}

/// The links at the top of every page of a game, and its commitment to its draws (issue 12).
#[derive(Debug)]
pub struct Nav {
    /// The reader's language.
    pub lang: Lang,
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
    pub(super) fn in_season(self, season: Option<store::seasons::StageOf>) -> Nav {
        Nav { season, ..self }
    }

    /// The same links, `current` marked as the page shown.
    pub(super) fn at(self, current: &'static str) -> Nav {
        Nav { current, ..self }
    }

    pub(super) fn of(table: &Table, visitor: &Visitor) -> Nav {
        let commitment = table.record.commitment();
        let player = visitor.player.as_ref();
        Nav {
            lang: visitor.lang,
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
    pub(super) fn of(table: &Table) -> Option<GmPlays> {
        let seat = table.seat_of(table.row.gm_id)?;
        Some(GmPlays {
            gm: table.row.gm_name.clone(),
            seat: table.seats[seat.index()].name.clone(),
        })
    }
}
