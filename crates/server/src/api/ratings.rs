//! The JSON API's ladders: a game kind's ratings, a page at a time.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::routing::get;
use axum::{Json, Router};
use locale::phrase;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// `?page=N` of a ladder.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LadderQuery {
    #[serde(default)]
    page: Option<i64>,
    /// The reader's language: read by [`crate::reader`], and here only so that a page's
    /// language menu (`?lang=ja`) is not refused as an unknown field.
    #[serde(default, rename = "lang")]
    _lang: Option<String>,
}

/// A game's ladder, a page at a time, with the provisional players apart.
pub async fn ratings(
    State(state): State<AppState>,
    Path(game): Path<String>,
    query: Result<Query<LadderQuery>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(query) =
        query.map_err(|e| ApiError::Bad(phrase!("error-query", body_text = e.body_text())))?;
    let info = gm::game_info(&game).map_err(|e| ApiError::NotFound(e.phrase()))?;
    let page = query.page.unwrap_or(1);
    if page < 1 {
        return Err(ApiError::Bad(phrase!("error-page", page = page)));
    }
    let ladder = store::ratings::ladder(&state.db, info.name, page).await?;
    Ok(Json(json!({
        "game": info.name,
        "page": page,
        "per_page": store::ratings::LADDER_PAGE,
        "total": ladder.total,
        "shown_after": gm::rating::SHOWN_AFTER,
        "ladder": ladder.rungs.iter().map(|r| json!({
            "rank": r.rank,
            "player": r.player,
            "rating": r.rating,
            "games": r.games,
        })).collect::<Vec<_>>(),
        "provisional": ladder.provisional.iter().map(|r| json!({
            "player": r.player,
            "games": r.games,
        })).collect::<Vec<_>>(),
        "provisional_total": ladder.provisional_total,
    })))
}

/// The routes of ratings.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/ratings/{game}", get(ratings))
}
