//! The JSON API's calls for seasons (`openapi.json`): a season created from a game or with its
//! first stage, read with its stages and standings, its next stage added, and finished.

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions;
use crate::auth::Player;
use crate::error::{ApiResult, Body};
use crate::state::AppState;

/// A new season (`NewSeason`): 201 with the season.
pub async fn create_season(
    State(state): State<AppState>,
    player: Player,
    Body(new): Body<actions::NewSeason>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let id = actions::create_season(&state, &player, new).await?;
    let view = actions::season_view(&state, id).await?;
    Ok((StatusCode::CREATED, Json(season_json(&view))))
}

/// A season: its stages with their results, and the standings after the finished ones.
pub async fn get_season(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    Ok(Json(season_json(&actions::season_view(&state, id).await?)))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextStage {
    #[serde(default)]
    rest_days: u16,
}

/// Adds the season's next stage: 201 with the new game's id and the season.
pub async fn add_stage(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(next): Body<NextStage>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let game = actions::add_stage(&state, &player, id, next.rest_days).await?;
    let view = actions::season_view(&state, id).await?;
    Ok((
        StatusCode::CREATED,
        Json(json!({ "game_id": game, "season": season_json(&view) })),
    ))
}

/// Finishes the season (early, or at its end).
pub async fn finish_season(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    actions::finish_season(&state, &player, id).await?;
    Ok(Json(season_json(&actions::season_view(&state, id).await?)))
}

fn season_json(view: &actions::SeasonView) -> Value {
    let table = &view.table;
    let row = &table.row;
    let seat_name = |s: usize| table.seats.get(s).map(|seat| seat.name.clone());
    json!({
        "id": row.id,
        "name": row.season.name,
        "game": row.season.game,
        "gm": row.gm_name,
        "season_noun": view.nouns.season,
        "stage_noun": view.nouns.stage,
        "scoring": row.season.scoring,
        "best_of": row.season.best_of,
        "planned_stages": row.planned_stages,
        "created_at": row.created_at,
        "finished_at": row.finished_at,
        "over": view.is_over(),
        "seats": table.seats.iter().enumerate().map(|(i, s)| json!({
            "seat": i,
            "name": s.name,
            "player": s.player_name,
            "bot": s.bot,
        })).collect::<Vec<_>>(),
        "stages": table.stages.iter().map(|s| json!({
            "stage": s.stage,
            "game_id": s.game_id,
            "title": s.title,
            "rest_days": s.rest_days,
            "over": s.over,
            "result": s.result,
            "places": s.places,
            "winners": s.places.iter().enumerate()
                .filter(|(_, p)| **p == 1)
                .filter_map(|(i, _)| seat_name(i))
                .collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "standings": view.standings,
        "winners": view.winners().iter().map(|w| json!({
            "classification": w.classification,
            "title": w.title,
            "seat": w.seat,
            "name": seat_name(w.seat),
            "piece": w.piece,
        })).collect::<Vec<_>>(),
    })
}

/// The routes of seasons.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/seasons", post(create_season))
        .route("/api/seasons/{id}", get(get_season))
        .route("/api/seasons/{id}/stages", post(add_stage))
        .route("/api/seasons/{id}/finish", post(finish_season))
}
