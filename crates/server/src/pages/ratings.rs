//! A game kind's ladder: the players with a shown rating, best first, a page at a time, and
//! the provisional ones (fewer rated games) apart.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use locale::{Lang, tr};
use store::ratings::{LADDER_PAGE, LadderPage, Rung};

use super::frame::{Visitor, error_page, page_with_tab};
use crate::error::ApiError;
use crate::state::AppState;

#[derive(Debug, serde::Deserialize)]
pub struct LadderQuery {
    page: Option<i64>,
}

#[derive(Debug, Template)]
#[template(path = "ratings.html")]
struct LadderView {
    lang: Lang,
    title: String,
    shown_after: u32,
    rungs: Vec<Rung>,
    provisional: Vec<Rung>,
    provisional_more: i64,
    page: i64,
    previous: Option<String>,
    next: Option<String>,
    empty: bool,
}

/// `/ratings/GAME?page=N`.
pub async fn ladder(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(game): Path<String>,
    Query(q): Query<LadderQuery>,
) -> Response {
    let info = match gm::game_info(&game) {
        Ok(info) => info,
        Err(e) => {
            return error_page(&visitor, &ApiError::NotFound(e.phrase()));
        }
    };
    let page = q.page.unwrap_or(1).max(1);
    let LadderPage {
        rungs,
        total,
        provisional,
        provisional_total,
    } = match store::ratings::ladder(&state.db, info.name, page).await {
        Ok(ladder) => ladder,
        Err(e) => return error_page(&visitor, &e.into()),
    };
    let link = |p: i64| format!("/ratings/{}?page={p}", info.name);
    let lang = visitor.lang;
    let view = LadderView {
        lang,
        title: info.title.to_owned(),
        shown_after: gm::rating::SHOWN_AFTER,
        empty: rungs.is_empty() && provisional.is_empty() && page == 1,
        provisional_more: provisional_total - provisional.len() as i64,
        previous: (page > 1).then(|| link(page - 1)),
        next: (page * LADDER_PAGE < total).then(|| link(page + 1)),
        rungs,
        provisional,
        page,
    };
    let title = tr!(lang, "ratings-title", game = info.title_in(lang));
    match view.render() {
        Ok(body) => page_with_tab(&visitor, StatusCode::OK, &title, &title, &body),
        Err(e) => error_page(&visitor, &ApiError::Internal(format!("template: {e}"))),
    }
}

/// The routes of the rating ladders.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::get;
    axum::Router::new().route("/ratings/{game}", get(ladder))
}
