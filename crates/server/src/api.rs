//! The JSON API (`/api/…`, documented in `openapi.json`). Every game state it returns passes
//! through the record's view for the caller: a seat's view, the GM's, or the public one.

use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::header::{CONTENT_TYPE, SET_COOKIE};
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use game_api::{Seat, Viewer};
use gm::{Author, DeadlineRule, Event, Record, Setup, Submission};
use serde::Deserialize;
use serde_json::{Value, json};
use sqlx::Row;

use crate::AppState;
use crate::auth::{self, MaybePlayer, Player, SESSION_COOKIE, SESSION_SECONDS};
use crate::error::{ApiError, ApiResult, Body};
use crate::games::{self, Change, SeatChange, Table};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    name: String,
    password: String,
}

pub async fn register(
    State(state): State<AppState>,
    Body(c): Body<Credentials>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    auth::check_name(&c.name)?;
    auth::check_password(&c.password)?;
    let hash = auth::hash_password(&c.password, state.config.password_cost)?;
    let inserted = sqlx::query(
        "INSERT INTO players (name, password_hash, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
    )
    .bind(&c.name)
    .bind(hash)
    .bind(state.clock.now())
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Err(ApiError::Conflict(format!("name: {:?} is taken", c.name)));
    }
    Ok((StatusCode::CREATED, Json(json!({ "name": c.name }))))
}

/// Logs in: a session cookie for browsers and the same secret as a bearer token for scripts.
pub async fn login(
    State(state): State<AppState>,
    Body(c): Body<Credentials>,
) -> ApiResult<Response> {
    let row = sqlx::query("SELECT id, password_hash FROM players WHERE name = $1")
        .bind(&c.name)
        .fetch_optional(&state.db.pool)
        .await?;
    let Some(row) = row.filter(|r| auth::verify_password(&c.password, &r.get::<String, _>(1)))
    else {
        return Err(ApiError::Unauthorized(
            "login: unknown name or wrong password".into(),
        ));
    };
    let secret = auth::issue(&state, row.get(0), "session").await?;
    let cookie = format!(
        "{SESSION_COOKIE}={secret}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_SECONDS}"
    );
    let mut response = Json(json!({ "name": c.name, "token": secret })).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_str(&cookie).map_err(|e| ApiError::Internal(e.to_string()))?,
    );
    Ok(response)
}

pub async fn logout(State(state): State<AppState>, player: Player) -> ApiResult<Response> {
    auth::revoke(&state, &player.secret).await?;
    let mut response = Json(json!({ "logged_out": player.name })).into_response();
    response.headers_mut().insert(
        SET_COOKIE,
        HeaderValue::from_static("postrider_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
    );
    Ok(response)
}

/// A long-lived API token for scripts.
pub async fn new_token(
    State(state): State<AppState>,
    player: Player,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let token = auth::issue(&state, player.id, "api").await?;
    Ok((StatusCode::CREATED, Json(json!({ "token": token }))))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    title: String,
    game: String,
    #[serde(default)]
    rules: Option<String>,
    #[serde(default)]
    options: Vec<String>,
    seats: Vec<String>,
    deadline: DeadlineRule,
    /// The seed of every draw; drawn from the operating system when not given.
    #[serde(default)]
    seed: Option<u64>,
}

pub async fn create_game(
    State(state): State<AppState>,
    player: Player,
    Body(new): Body<NewGame>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let title = new.title.trim();
    if title.is_empty() || title.chars().count() > 80 {
        return Err(ApiError::Bad("title: must be 1 to 80 characters".into()));
    }
    new.deadline.check().map_err(ApiError::Bad)?;
    let seed = match new.seed {
        Some(seed) => seed,
        None => {
            let mut bytes = [0u8; 8];
            getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
            u64::from_le_bytes(bytes)
        }
    };
    let setup = Setup {
        game: new
            .game
            .parse()
            .map_err(|e| ApiError::Bad(format!("game: {e}")))?,
        rules: new.rules,
        options: new.options,
        seats: new.seats,
        seed,
    };
    let id = games::create(&state, title, player.id, setup, &new.deadline).await?;
    let table = games::load(&state, id).await?;
    Ok((StatusCode::CREATED, Json(game_json(&table, Some(&player)))))
}

pub async fn list_games(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
) -> ApiResult<Json<Value>> {
    let games: Vec<Value> = games::list(&state)
        .await?
        .iter()
        .map(|table| summary_json(table, player.as_ref()))
        .collect();
    Ok(Json(json!({ "games": games })))
}

/// Who the caller is in this game: a seat's view if they play one, the GM's if they run it,
/// else the public view.
pub fn viewer(table: &Table, player: Option<&Player>) -> Viewer {
    match player {
        Some(p) => match table.seat_of(p.id) {
            Some(seat) => Viewer::Seat(Seat(seat)),
            None if table.is_gm(p.id) => Viewer::Gm,
            None => Viewer::Public,
        },
        None => Viewer::Public,
    }
}

fn summary_json(table: &Table, player: Option<&Player>) -> Value {
    let row = &table.row;
    json!({
        "id": row.id,
        "title": row.title,
        "game": row.game.name(),
        "gm": row.gm_name,
        "turn": table.record.turn(),
        "over": table.record.is_over(),
        "paused": row.paused,
        "deadline": row.next_deadline,
        "deadline_rule": row.deadline_rule,
        "seats": table.seats.iter().map(|s| json!({
            "seat": s.seat,
            "name": s.name,
            "player": s.player_name,
            "bot": s.bot,
            "ready": table.record.ready(s.seat),
        })).collect::<Vec<_>>(),
        "your_seat": player.and_then(|p| table.seat_of(p.id)),
        "you_are_gm": player.is_some_and(|p| table.is_gm(p.id)),
    })
}

fn game_json(table: &Table, player: Option<&Player>) -> Value {
    let viewer = viewer(table, player);
    let mut value = summary_json(table, player);
    value["view"] = table.record.view_json(viewer);
    if let Viewer::Seat(Seat(seat)) = viewer {
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

fn sealed_json(record: &Record, seat: u8) -> Value {
    let (lineup, orders) = record.sealed(seat);
    json!({
        "turn": record.turn(),
        "lineup": lineup,
        "orders": orders,
        "ready": record.ready(seat),
    })
}

pub async fn get_game(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let table = games::load(&state, id).await?;
    Ok(Json(game_json(&table, player.as_ref())))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Join {
    invite: String,
}

/// Claims the seat an invitation is for.
pub async fn join(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(join): Body<Join>,
) -> ApiResult<Json<Value>> {
    let table = games::load(&state, id).await?;
    let Some(seat) = table.seats.iter().find(|s| s.invite == join.invite) else {
        return Err(ApiError::Forbidden(
            "invite: not an invitation to this game (or already used)".into(),
        ));
    };
    if let Some(held) = table.seat_of(player.id) {
        return Err(ApiError::Conflict(format!(
            "invite: you already play seat {held} ({})",
            table.seats[usize::from(held)].name
        )));
    }
    if seat.player_id.is_some() {
        return Err(ApiError::Conflict(format!(
            "invite: seat {} is taken",
            seat.name
        )));
    }
    let seat_no = seat.seat;
    let change = Change {
        events: vec![Event::SeatClaimed {
            seat: seat_no,
            player: player.name.clone(),
        }],
        seats: vec![SeatChange::Claim {
            seat: seat_no,
            player_id: player.id,
        }],
        ..Change::default()
    };
    games::append(&state, &table, &player.name, change).await?;
    let table = games::load(&state, id).await?;
    Ok(Json(game_json(&table, Some(&player))))
}

/// The caller's own sealed orders, as the engine read them.
pub async fn my_orders(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let table = games::load(&state, id).await?;
    let seat = own_seat(&table, &player)?;
    Ok(Json(sealed_json(&table.record, seat)))
}

fn own_seat(table: &Table, player: &Player) -> ApiResult<u8> {
    table
        .seat_of(player.id)
        .ok_or_else(|| ApiError::Forbidden("seat: you do not play in this game".into()))
}

/// Seals (or amends) the caller's orders for the coming turn and echoes them as read.
pub async fn submit_orders(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(submission): Body<Submission>,
) -> ApiResult<Json<Value>> {
    let mut turn = None;
    // A concurrent write by another player is retried; a resolution in between is not (the
    // orders were written for a position that no longer exists).
    for _ in 0..5 {
        let mut table = games::load(&state, id).await?;
        let seat = own_seat(&table, &player)?;
        if *turn.get_or_insert(table.record.turn()) != table.record.turn() {
            break;
        }
        let events = table.record.check(seat, &submission, Author::Player)?;
        for e in &events {
            table.record.apply(e)?;
        }
        let change = Change {
            events,
            ..Change::default()
        };
        match games::append(&state, &table, &player.name, change).await {
            Ok(()) => {
                if table.record.all_ready() {
                    state.wake.notify_one();
                }
                return Ok(Json(sealed_json(&table.record, seat)));
            }
            Err(ApiError::Conflict(_)) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(ApiError::Conflict(
        "orders: the turn was resolved while they were being sent; read the new position and send again".into(),
    ))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportQuery {
    #[serde(default)]
    format: Option<String>,
}

/// A resolved turn's report as the caller may see it: plain text (what email carries) or
/// JSON holding the text.
pub async fn report(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    Path((id, turn)): Path<(i64, u16)>,
    Query(query): Query<ReportQuery>,
) -> ApiResult<Response> {
    let table = games::load(&state, id).await?;
    let viewer = viewer(&table, player.as_ref());
    if turn == 0 || turn > table.record.resolved() {
        return Err(ApiError::NotFound(format!(
            "turn: {turn} has not been resolved (resolved: {})",
            table.record.resolved()
        )));
    }
    let text = table.record.report_text(viewer, Some(turn))?;
    match query.format.as_deref() {
        None | Some("text") => {
            Ok(([(CONTENT_TYPE, "text/plain; charset=utf-8")], text).into_response())
        }
        Some("json") => Ok(Json(json!({ "turn": turn, "text": text })).into_response()),
        Some(other) => Err(ApiError::Bad(format!(
            "format: {other:?} is not text or json"
        ))),
    }
}

/// The game's history: every event, with sealed orders hidden until their turn is resolved
/// (their own seat and the GM see them at once).
pub async fn history(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let table = games::load(&state, id).await?;
    let viewer = viewer(&table, player.as_ref());
    let is_gm = player.as_ref().is_some_and(|p| table.is_gm(p.id));
    let events = games::events(&state, id).await?;
    let last_resolution = events
        .iter()
        .rposition(|(_, _, _, e)| matches!(e, Event::Resolved { .. }));
    let entries: Vec<Value> = events
        .iter()
        .enumerate()
        .map(|(k, (seq, at, actor, event))| {
            let mut body = serde_json::to_value(event).expect("events serialise");
            if let Some(seat) = event.sealed_seat() {
                let revealed = last_resolution.is_some_and(|r| r > k);
                if !revealed && !is_gm && !viewer.sees_secrets_of(Seat(seat)) {
                    body["text"] = Value::Null;
                    body["sealed"] = Value::Bool(true);
                }
            }
            json!({ "seq": seq, "at": at, "actor": actor, "event": body })
        })
        .collect();
    Ok(Json(json!({ "game": id, "events": entries })))
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action", deny_unknown_fields)]
pub enum GmAction {
    /// Moves the deadline by this many seconds (negative to shorten).
    Extend {
        seconds: i64,
    },
    Pause,
    Resume,
    /// Processes the coming turn now.
    Resolve,
    /// Shows what the coming turn would give now, changing nothing.
    Preview,
    Drop {
        rider: String,
    },
    Retire {
        rider: String,
    },
    /// Hands a seat to a bot (`null`: back to its player).
    Bot {
        seat: u8,
        bot: Option<String>,
    },
    /// Frees a seat (a new invitation) so that another player can take it over.
    Free {
        seat: u8,
    },
    /// Takes back the last resolved turn.
    Rollback,
}

pub async fn gm_action(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(action): Body<GmAction>,
) -> ApiResult<Json<Value>> {
    let mut table = games::load(&state, id).await?;
    if !table.is_gm(player.id) {
        return Err(ApiError::Forbidden(
            "gm: only the game's GM may do that".into(),
        ));
    }
    let actor = format!("gm:{}", player.name);
    let seat_count = table.seats.len();
    let check_seat = |seat: u8| {
        if usize::from(seat) < seat_count {
            Ok(seat)
        } else {
            Err(ApiError::Bad(format!("seat: no seat {seat}")))
        }
    };
    let change = match action {
        GmAction::Extend { seconds } => {
            let Some(at) = table.row.next_deadline else {
                return Err(ApiError::Bad("extend: the game is over".into()));
            };
            let at = at.saturating_add(seconds).max(state.clock.now());
            Change {
                events: vec![Event::Deadline { at }],
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Pause => Change {
            events: vec![Event::Paused],
            paused: Some(true),
            ..Change::default()
        },
        GmAction::Resume => {
            let at = table
                .row
                .deadline_rule
                .next_after(state.clock.now())
                .map_err(ApiError::Internal)?;
            Change {
                events: vec![Event::Resumed, Event::Deadline { at }],
                paused: Some(false),
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Resolve => {
            if !games::process(&state, id, true).await? {
                return Err(ApiError::Conflict(
                    "resolve: nothing to resolve (the game is over, or another process resolved it)".into(),
                ));
            }
            let table = games::load(&state, id).await?;
            return Ok(Json(game_json(&table, Some(&player))));
        }
        GmAction::Preview => {
            let mut record = table.record.clone();
            let turn = record.turn();
            games::play_turn(&mut record, &table.seats)?;
            return Ok(Json(json!({
                "preview": true,
                "turn": turn,
                "report": record.report_text(Viewer::Gm, Some(turn))?,
            })));
        }
        GmAction::Drop { rider } | GmAction::Retire { rider }
            if table.row.game != gm::GameKind::BreakingAway =>
        {
            return Err(ApiError::Bad(format!(
                "rider: {rider:?}: only Breaking Away has riders"
            )));
        }
        GmAction::Drop { rider } => {
            let e = Event::Dropped { rider };
            table.record.apply(&e)?;
            Change {
                events: vec![e],
                ..Change::default()
            }
        }
        GmAction::Retire { rider } => {
            let e = Event::Retired { rider };
            table.record.apply(&e)?;
            Change {
                events: vec![e],
                ..Change::default()
            }
        }
        GmAction::Bot { seat, bot } => {
            let seat = check_seat(seat)?;
            if let Some(name) = &bot {
                gm::check_bot(name)?;
            }
            Change {
                events: vec![Event::SeatBot {
                    seat,
                    bot: bot.clone(),
                }],
                seats: vec![SeatChange::Bot { seat, bot }],
                ..Change::default()
            }
        }
        GmAction::Free { seat } => {
            let seat = check_seat(seat)?;
            Change {
                events: vec![Event::SeatFreed { seat }],
                seats: vec![SeatChange::Free { seat }],
                ..Change::default()
            }
        }
        GmAction::Rollback => {
            let turn = table.record.resolved();
            if turn == 0 {
                return Err(ApiError::Bad("rollback: no turn has been resolved".into()));
            }
            let mut log: Vec<Event> = games::events(&state, id)
                .await?
                .into_iter()
                .map(|(_, _, _, e)| e)
                .collect();
            let e = Event::RolledBack { turn };
            log.push(e.clone());
            table.record = Record::replay(&log)?;
            Change {
                events: vec![e],
                ..Change::default()
            }
        }
    };
    games::append(&state, &table, &actor, change).await?;
    state.wake.notify_one();
    let table = games::load(&state, id).await?;
    Ok(Json(game_json(&table, Some(&player))))
}

pub async fn openapi() -> impl IntoResponse {
    (
        [(CONTENT_TYPE, "application/json")],
        include_str!("../openapi.json"),
    )
}

pub async fn not_found() -> ApiError {
    ApiError::NotFound("path: no such endpoint (see /api/openapi.json)".into())
}
