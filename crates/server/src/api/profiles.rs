//! The JSON API's calls for profiles and seat feeds (`openapi.json`): a player's public
//! profile with their on-time record, a seat's feed addresses and their renewal, and the
//! minimum on-time record a game asks of new players.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions::{self, SeatFeeds};
use crate::auth::Player;
use crate::error::{ApiResult, Body};
use crate::state::AppState;

/// `GET /api/players/{name}`: anyone may read a profile.
pub async fn profile(
    State(state): State<AppState>,
    Path(name): Path<String>,
) -> ApiResult<Json<Value>> {
    let profile = store::profiles::profile(&state, &name).await?;
    Ok(Json(json!({
        "name": profile.name,
        "on_time": {
            "seated": profile.on_time.seated,
            "sent": profile.on_time.sent,
            "nmr": profile.on_time.nmr,
            "abandoned": profile.on_time.abandoned,
            "excused": profile.on_time.excused,
            "percent": profile.on_time.percent(),
        },
        "games": profile.games,
    })))
}

/// `GET /api/games/{id}/feeds`: the caller's seat feeds in the game.
pub async fn feeds(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> ApiResult<Json<SeatFeeds>> {
    let table = store::load(&state, id).await?;
    let seat = actions::own_seat(&table, &player)?;
    let secret = store::feeds::feed_secret(&state, id, seat, player.id).await?;
    Ok(Json(SeatFeeds {
        game: id,
        title: table.row.title.clone(),
        seat: table.seats[seat.index()].name.clone(),
        addresses: crate::feeds::FeedAddresses::new(
            crate::site::address(&state.config, &headers).as_deref(),
            &secret,
        ),
    }))
}

/// `POST /api/games/{id}/feeds`: new addresses for the caller's seat feeds; the old ones stop.
pub async fn renew_feeds(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    headers: HeaderMap,
) -> ApiResult<Json<SeatFeeds>> {
    Ok(Json(
        actions::renew_feeds(
            &state,
            &player,
            id,
            crate::site::address(&state.config, &headers).as_deref(),
        )
        .await?,
    ))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirements {
    /// Per cent of seated turns with orders sent; `null`: none.
    min_on_time: Option<u32>,
}

/// `GET /api/games/{id}/requirements`: what a player needs to take a seat.
pub async fn requirements(
    State(state): State<AppState>,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let min = store::profiles::min_on_time(&state, id).await?;
    Ok(Json(json!({ "min_on_time": min })))
}

/// `POST /api/games/{id}/requirements`: the GM sets them.
pub async fn set_requirements(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(r): Body<Requirements>,
) -> ApiResult<Json<Value>> {
    actions::set_min_on_time(&state, &player, id, r.min_on_time).await?;
    Ok(Json(json!({ "min_on_time": r.min_on_time })))
}

/// The routes of profiles and feed addresses.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/players/{name}", get(profile))
        .route("/api/games/{id}/feeds", get(feeds).post(renew_feeds))
        .route(
            "/api/games/{id}/requirements",
            get(requirements).post(set_requirements),
        )
}
