//! The JSON API's calls for games: created, listed, read (the caller's view), joined, their
//! history and public record, the GM's actions and webhook.

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::CONTENT_TYPE;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use game_api::{Seat, Viewer};
use gm::Record;
use locale::phrase;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::actions::{self, GmAction, GmOutcome, NewGame, viewer};
use crate::auth::{MaybePlayer, Player};
use crate::error::{ApiError, ApiResult, Body};
use crate::state::AppState;
use store::{self, Summary, Table};

pub async fn create_game(
    State(state): State<AppState>,
    player: Player,
    Body(new): Body<NewGame>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let id = actions::create_game(&state, &player, new).await?;
    let table = store::load(&state, id).await?;
    Ok((StatusCode::CREATED, Json(game_json(&table, Some(&player)))))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ListQuery {
    /// `true`: the lobby, games with a seat open to anyone (`api::lobby`).
    #[serde(default)]
    open: bool,
    #[serde(default)]
    page: Option<i64>,
    /// The reader's language: read by [`crate::reader`], and here only so that a page's
    /// language menu (`?lang=ja`) is not refused as an unknown field.
    #[serde(default, rename = "lang")]
    _lang: Option<String>,
}

pub async fn list_games(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    query: Result<Query<ListQuery>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(query) =
        query.map_err(|e| ApiError::Bad(phrase!("error-query", body_text = e.body_text())))?;
    if query.open {
        return super::lobby::open_games(&state, query.page).await;
    }
    let games: Vec<Value> = store::list(&state)
        .await?
        .iter()
        .map(|table| summary_json(table, player.as_ref()))
        .collect();
    Ok(Json(json!({ "games": games })))
}

fn summary_json(table: &Summary, player: Option<&Player>) -> Value {
    let row = &table.row;
    json!({
        "id": row.id,
        "title": row.title,
        "game": row.game.name,
        "gm": row.gm_name,
        "turn": table.turn,
        "over": row.over,
        "paused": row.paused,
        "archived": row.archived,
        "deadline": row.next_deadline,
        "waiting_for_players": table.waiting_for_players(),
        "deadline_rule": row.deadline_rule,
        "seats": table.seats.iter().map(|s| json!({
            "seat": s.seat,
            "name": s.name,
            "player": s.player_name,
            "bot": s.bot,
            "ready": s.ready,
        })).collect::<Vec<_>>(),
        "your_seat": player.and_then(|p| table.seat_of(p.id)),
        "you_are_gm": player.is_some_and(|p| table.is_gm(p.id)),
    })
}

fn game_json(table: &Table, player: Option<&Player>) -> Value {
    let viewer = viewer(table, player);
    let mut value = summary_json(&table.summary(), player);
    value["settings"] = table.record.setup().settings.clone().into();
    value["commitment"] = table.record.commitment().into();
    value["draws"] = if table.record.setup().secret.is_some() {
        "secret"
    } else {
        "seed chosen by the GM"
    }
    .into();
    value["view"] = table.record.view_json(viewer);
    if let Viewer::Seat(seat) = viewer {
        value["sealed"] = sealed_json(&table.record, seat);
    }
    // The GM hands out the invitation links; nobody else sees them.
    if player.is_some_and(|p| table.is_gm(p.id)) {
        value["invites"] = table
            .seats
            .iter()
            .map(|s| json!({ "seat": s.seat, "name": s.name, "invite": s.invite }))
            .collect();
    }
    value
}

pub(super) fn sealed_json(record: &Record, seat: Seat) -> Value {
    let (lineup, orders) = record.sealed(seat);
    json!({
        "turn": record.turn(),
        "lineup": lineup,
        "orders": orders,
        "ready": record.ready(seat) && !record.reopened(seat),
        // What the sealed orders leave to the rules' defaults (issue 15).
        "notes": record.orders_notes(seat, crate::reader::lang()),
    })
}

pub async fn get_game(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let table = store::load(&state, id).await?;
    Ok(Json(game_json(&table, player.as_ref())))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    #[serde(default)]
    invite: Option<String>,
    /// Without an invitation: the open seat to take (none: the first open one).
    #[serde(default)]
    seat: Option<Seat>,
}

/// Claims the seat an invitation is for, or without one a seat open to anyone (the lobby).
pub async fn join(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(join): Body<Join>,
) -> ApiResult<Json<Value>> {
    match join.invite {
        Some(invite) => actions::join(&state, &player, id, &invite).await?,
        None => {
            actions::take_seat(&state, &player, id, join.seat).await?;
        }
    }
    let table = store::load(&state, id).await?;
    Ok(Json(game_json(&table, Some(&player))))
}

/// A page of the game's history (`?from_seq=&from_turn=&limit=`), with sealed orders hidden
/// until their turn is resolved (their own seat and the GM see them at once), and where the
/// neighbouring pages and each turn begin.
pub async fn history(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    Path(id): Path<i64>,
    query: Result<Query<actions::HistoryQuery>, QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(query) =
        query.map_err(|e| ApiError::Bad(phrase!("error-query", body_text = e.body_text())))?;
    let table = store::load(&state, id).await?;
    let page = actions::history(&state, &table, player.as_ref(), &query).await?;
    let entries: Vec<Value> = page
        .entries
        .into_iter()
        .map(|entry| {
            let mut body = serde_json::to_value(&entry.event).expect("events serialise");
            if let gm::Event::Created { setup } = &entry.event {
                // The draws stay secret until the game is over; the commitment is public.
                body["setup"]["commitment"] = gm::draws::commitment(setup).into();
                if !table.record.is_over()
                    && let Some(setup) = body["setup"].as_object_mut()
                {
                    setup.remove("seed");
                    setup.remove("secret");
                }
            }
            if entry.sealed {
                body["text"] = Value::Null;
                body["sealed"] = Value::Bool(true);
            }
            json!({ "seq": entry.seq, "at": entry.at, "actor": entry.actor, "event": body })
        })
        .collect();
    let turns: Vec<Value> = page
        .turns
        .iter()
        .map(|&(turn, seq)| json!({ "turn": turn, "from_seq": seq }))
        .collect();
    Ok(Json(json!({
        "game": id,
        "events": entries,
        "from_seq": page.from,
        "limit": page.limit,
        "next": page.next,
        "previous": page.previous,
        "total": page.total,
        "turns": turns,
    })))
}

/// The game's public record, for anyone, once the game is over: the game file with its
/// whole log and the revealed secret, which `postrider verify` checks.
pub async fn record(State(state): State<AppState>, Path(id): Path<i64>) -> ApiResult<Response> {
    let table = store::load(&state, id).await?;
    if !table.record.is_over() {
        return Err(ApiError::Conflict(phrase!(
            "error-record-secret",
            game_noun = table.row.game.game_noun,
            turn_noun = table.row.game.turn_noun,
            turn = table.record.turn()
        )));
    }
    let permit = state.record_downloads.take()?;
    Ok((
        [
            (CONTENT_TYPE, "application/json".to_string()),
            (
                axum::http::header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"postrider-game-{id}.json\""),
            ),
        ],
        crate::public_record::body(state.store, table, permit),
    )
        .into_response())
}

pub async fn gm_action(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(action): Body<GmAction>,
) -> ApiResult<Json<Value>> {
    match actions::gm_action(&state, &player, id, action).await? {
        GmOutcome::Preview { turn, report, .. } => Ok(Json(json!({
            "preview": true,
            "turn": turn,
            "report": report,
        }))),
        GmOutcome::Reminded { seat, mailed, text } => Ok(Json(json!({
            "reminded": seat,
            "mailed": mailed,
            "text": text,
        }))),
        GmOutcome::Done => {
            let table = store::load(&state, id).await?;
            Ok(Json(game_json(&table, Some(&player))))
        }
    }
}

/// The game's webhook, for its GM: `{"webhook": URL or null}`.
pub async fn webhook(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let table = store::load(&state, id).await?;
    actions::require_gm(&table, &player)?;
    let url = store::read::webhook_url(&state, id).await?;
    Ok(Json(json!({ "webhook": url })))
}

/// The routes of games.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/api/games", get(list_games).post(create_game))
        .route("/api/games/{id}", get(get_game))
        .route("/api/games/{id}/join", post(join))
        .route("/api/games/{id}/history", get(history))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/gm", post(gm_action))
        .route("/api/games/{id}/webhook", get(webhook))
}
