//! The JSON API (`/api/…`, documented in `openapi.json`). Every game state it returns passes
//! through the record's view for the caller: a seat's view, the GM's, or the public one.

use axum::Json;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::http::header::{CONTENT_TYPE, SET_COOKIE};
use axum::response::{IntoResponse, Response};
use game_api::{Seat, Viewer};
use gm::{Record, Submission};
use locale::phrase;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::AppState;
use crate::actions::{self, Credentials, GmAction, GmOutcome, NewGame, viewer};
use crate::auth::{self, MaybePlayer, Player};
use crate::error::{ApiError, ApiResult, Body};
use crate::store::{self, Summary, Table};
use crate::throttle::ClientAddr;

pub async fn register(
    State(state): State<AppState>,
    Body(c): Body<Credentials>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    actions::register(&state, &c).await?;
    Ok((StatusCode::CREATED, Json(json!({ "name": c.name }))))
}

/// Logs in: a session cookie for browsers and the same secret as a bearer token for scripts,
/// with the number of wrong passwords given for the account since its last login.
pub async fn login(
    State(state): State<AppState>,
    client: ClientAddr,
    Body(c): Body<Credentials>,
) -> ApiResult<Response> {
    let login = actions::login(&state, &c, client).await?;
    let mut response = Json(json!({
        "name": login.name,
        "token": login.secret,
        "failed_attempts": login.failed_attempts,
        "notice": login.notice(crate::reader::lang()),
    }))
    .into_response();
    response
        .headers_mut()
        .insert(SET_COOKIE, auth::session_cookie(&login.secret)?);
    Ok(response)
}

pub async fn logout(State(state): State<AppState>, player: Player) -> ApiResult<Response> {
    auth::revoke(&state, &player.secret).await?;
    let mut response = Json(json!({ "logged_out": player.name })).into_response();
    response
        .headers_mut()
        .insert(SET_COOKIE, auth::session_cookie_cleared());
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
    /// `true`: the lobby, games with a seat open to anyone (`api_lobby`).
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
        return crate::api_lobby::open_games(&state, query.page).await;
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

fn sealed_json(record: &Record, seat: Seat) -> Value {
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

/// The caller's own sealed orders, as the engine read them.
pub async fn my_orders(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let table = store::load(&state, id).await?;
    let seat = actions::own_seat(&table, &player)?;
    Ok(Json(sealed_json(&table.record, seat)))
}

/// Seals (or amends) the caller's orders for the coming turn and echoes them as read.
pub async fn submit_orders(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(submission): Body<Submission>,
) -> ApiResult<Json<Value>> {
    let (record, seat) = actions::submit(&state, &player, id, &submission).await?;
    Ok(Json(sealed_json(&record, seat)))
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
        crate::public_record::body(state, table, permit),
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

/// The API's description: `openapi.json` with what the games say of themselves filled in (the
/// games' names, each game's settings), so that a new game needs no edit here.
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

pub async fn openapi() -> impl IntoResponse {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let document = DOCUMENT.get_or_init(|| {
        let mut spec: Value =
            serde_json::from_str(include_str!("../openapi.json")).expect("openapi.json is JSON");
        let schemas = &mut spec["components"]["schemas"];
        schemas["NewGame"]["properties"]["game"]["enum"] =
            gm::GAMES.iter().map(|g| g.name).collect();
        for info in gm::GAMES {
            let properties: serde_json::Map<String, Value> = info
                .settings
                .iter()
                .map(|s| (s.name.to_string(), s.schema()))
                .collect();
            schemas[format!("Settings-{}", info.name)] = json!({
                "type": "object",
                "description": format!("The settings of a {} game.", info.title),
                "additionalProperties": false,
                "properties": properties,
            });
        }
        spec.to_string()
    });
    ([(CONTENT_TYPE, "application/json")], document.as_str())
}

pub async fn not_found() -> ApiError {
    ApiError::NotFound(phrase!("error-path-unknown"))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Email {
    email: String,
}

/// Gives the caller's account an email address; a confirmation link is mailed to it.
pub async fn set_email(
    State(state): State<AppState>,
    player: Player,
    Body(email): Body<Email>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    actions::set_email(&state, &player, &email.email).await?;
    Ok((
        StatusCode::ACCEPTED,
        Json(json!({ "pending": email.email.trim(), "confirm": "open the link mailed to it" })),
    ))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Language {
    lang: String,
}

/// Sets the language the caller's mail and reports are written in (`{"lang": "ja"}`).
pub async fn set_lang(
    State(state): State<AppState>,
    player: Player,
    Body(body): Body<Language>,
) -> ApiResult<Json<Value>> {
    let lang = actions::set_lang(&state, &player, &body.lang).await?;
    Ok(Json(json!({ "lang": lang.code() })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeatLanguage {
    lang: Option<String>,
}

/// Sets the language the caller's seat in a game gets its mail in (`{"lang": "ja"}`), or
/// `{"lang": null}` for the account's.
pub async fn set_seat_lang(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
    Body(body): Body<SeatLanguage>,
) -> ApiResult<Json<Value>> {
    let lang = actions::set_seat_lang(&state, &player, id, body.lang.as_deref()).await?;
    Ok(Json(json!({ "lang": lang.map(|l| l.code()) })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Password {
    password: String,
}

/// Deletes the caller's account, the password given again (docs/operations.md, "Deleting an
/// account"); 409 names the running games that still need it.
pub async fn delete_account(
    State(state): State<AppState>,
    player: Player,
    client: crate::throttle::ClientAddr,
    Body(body): Body<Password>,
) -> ApiResult<StatusCode> {
    actions::delete_account(&state, &player, &body.password, client).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The caller's seat's order address in this game (`GET`), or a new one (`POST`: the old one
/// stops working).
pub async fn mail_address(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let settings = mail_settings(&state)?;
    let table = store::load(&state, id).await?;
    let seat = actions::own_seat(&table, &player)?;
    let secret = table.seats[seat.index()]
        .mail_secret
        .clone()
        .ok_or_else(|| ApiError::Internal(format!("game {id}: seat {} has no secret", seat.0)))?;
    Ok(Json(json!({ "address": settings.order_address(&secret) })))
}

pub async fn rotate_mail_address(
    State(state): State<AppState>,
    player: Player,
    Path(id): Path<i64>,
) -> ApiResult<Json<Value>> {
    let settings = mail_settings(&state)?;
    let secret = actions::rotate_mail_secret(&state, &player, id).await?;
    Ok(Json(json!({ "address": settings.order_address(&secret) })))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailChoiceBody {
    mail_choice: String,
}

/// The caller's mail settings: the confirmed address, one waiting for confirmation, and
/// what is mailed unasked (`every`, `digest` or `none`).
pub async fn mail_profile(
    State(state): State<AppState>,
    player: Player,
) -> ApiResult<Json<actions::MailProfile>> {
    Ok(Json(actions::mail_profile(&state, &player).await?))
}

/// Sets what is mailed unasked: `every`, `digest` or `none`.
pub async fn set_mail_choice(
    State(state): State<AppState>,
    player: Player,
    Body(body): Body<MailChoiceBody>,
) -> ApiResult<Json<actions::MailProfile>> {
    let choice = crate::letters::MailChoice::parse(&body.mail_choice)?;
    actions::set_mail_choice(&state, &player, choice).await?;
    Ok(Json(actions::mail_profile(&state, &player).await?))
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

fn mail_settings(state: &AppState) -> ApiResult<&crate::letters::MailSettings> {
    state
        .mail
        .as_deref()
        .ok_or_else(|| ApiError::Bad(phrase!("error-mail-off")))
}
