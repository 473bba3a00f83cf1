//! The JSON API's calls for open seats (`openapi.json`): the lobby (`GET /api/games?open=true`),
//! a game's open seats and the GM's choices on them, and leaving a game. Taking an open seat
//! is `POST /api/games/{id}/join` without an invitation (`api::games::join`).

use axum::extract::{Path, State};
use axum::routing::{get, post};
use axum::{Json, Router};
use game_api::Seat;
use locale::phrase;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions;
use crate::auth::Player;
use crate::error::{ApiError, ApiResult, Body};
use crate::state::AppState;
use store::{self, Table, lobby::OnLeave};

/// Page `page` of the lobby: the running games with a seat open to anyone, newest first.
pub async fn open_games(state: &AppState, page: Option<i64>) -> ApiResult<Json<Value>> {
    let page = page.unwrap_or(1);
    if page < 1 {
        return Err(ApiError::Bad(phrase!("error-page", page = page)));
    }
    let lobby = store::lobby::open_games(state, page).await?;
    let mut games = Vec::with_capacity(lobby.games.len());
    for table in &lobby.games {
        let min = store::profiles::min_on_time(state, table.row.id).await?;
        games.push(lobby_game_json(table, min));
    }
    Ok(Json(json!({
        "games": games,
        "page": page,
        "per_page": store::lobby::LOBBY_PAGE,
        "total": lobby.total,
    })))
}

/// A game as the lobby lists it: its rules and the options its GM chose, its seats free of
/// all, its deadline rhythm, its GM and what it asks of a new player.
pub fn lobby_game_json(table: &Table, min_on_time: Option<u32>) -> Value {
    let open = open_seats_json(table);
    json!({
        "id": table.row.id,
        "title": table.row.title,
        "game": table.row.game.name,
        "rules": table.record.rules_name(),
        "settings": table.record.setup().settings,
        "seats_free": open.len(),
        "seats_total": table.seats.len(),
        "open_seats": open,
        "deadline_rule": table.row.deadline_rule,
        "deadline_rhythm": table.row.deadline_rule.to_string(),
        "deadline": table.row.next_deadline,
        "started": table.record.started(),
        "turn": table.record.turn(),
        "gm": table.row.gm_name,
        "min_on_time": min_on_time,
    })
}

fn open_seats_json(table: &Table) -> Vec<Value> {
    table
        .seats
        .iter()
        .filter(|s| s.offered && s.player_id.is_none())
        .map(|s| json!({ "seat": s.seat, "name": s.name, "bot": s.bot }))
        .collect()
}

/// `GET /api/games/{id}/lobby`: the game's open seats and its choices on them, for anyone.
pub async fn lobby(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Json<Value>> {
    let table = store::load(&state, id).await?;
    let min = store::profiles::min_on_time(&state, id).await?;
    let on_leave = store::lobby::on_leave(&state, id).await?;
    Ok(Json(json!({
        "game": id,
        "open_seats": open_seats_json(&table),
        "on_leave": on_leave.name(),
        "min_on_time": min,
    })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LobbyChoice {
    /// Opens (`true`) or closes (`false`) seats to anyone.
    #[serde(default)]
    open: Option<bool>,
    /// The one seat to open or close; none: every seat nobody plays (opening), every open seat
    /// (closing).
    #[serde(default)]
    seat: Option<Seat>,
    /// What becomes of the seat of a player who leaves: `bot_and_open`, `bot` or `open`.
    #[serde(default)]
    on_leave: Option<String>,
}

/// `POST /api/games/{id}/lobby`: the GM opens or closes seats, or sets what becomes of a seat
/// whose player leaves.
pub async fn set_lobby(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(choice): Body<LobbyChoice>,
) -> ApiResult<Json<Value>> {
    let on_leave = match &choice.on_leave {
        Some(name) => Some(OnLeave::parse(name).map_err(ApiError::Bad)?),
        None => None,
    };
    match (choice.open, on_leave) {
        (None, None) => {
            return Err(ApiError::Bad(phrase!("error-lobby-body-empty")));
        }
        (None, Some(_)) if choice.seat.is_some() => {
            return Err(ApiError::Bad(phrase!("error-lobby-seat-without-open")));
        }
        _ => {}
    }
    if let Some(on_leave) = on_leave {
        actions::set_on_leave(&state, &player, id, on_leave).await?;
    }
    if let Some(open) = choice.open {
        actions::open_seats(&state, &player, id, open, choice.seat).await?;
    }
    lobby(State(state), Path(id)).await
}

/// `POST /api/games/{id}/leave`: the caller leaves the game (their seat goes as its GM chose).
pub async fn leave(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let seat = actions::leave(&state, &player, id).await?;
    let table = store::load(&state, id).await?;
    let row = &table.seats[seat.index()];
    Ok(Json(json!({
        "left": row.name,
        "seat": seat,
        "bot": row.bot,
        "open": row.offered,
    })))
}

/// The routes of the lobby.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games/{id}/lobby", get(lobby).post(set_lobby))
        .route("/api/games/{id}/leave", post(leave))
}
