//! The lobby's pages: the games looking for players (on the front page and at `/lobby`, a page
//! at a time), the game page's take-a-seat and leave buttons, the confirmation before leaving,
//! and the GM console's form for open seats, a leaver's seat and the minimum on-time record.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use game_api::Seat;
use locale::{Lang, phrase, tr};
use store::{Table, lobby::OnLeave};

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_page, page, redirect};
use super::game::words::{game_title, rules_title, settings_said};
use super::percent::percent_encode;
use super::sentence::{MARK, Piece, Sentence};
use crate::actions;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::text::filters;

/// The games with an open seat.
#[derive(Debug, Template)]
#[template(path = "lobby/section.html")]
struct LobbySection {
    lang: Lang,
    rows: Vec<LobbyRow>,
    logged_in: bool,
    csrf: String,
    /// The next page, if there are more games.
    next: Option<i64>,
    in_all: String,
}

/// One game of the lobby.
#[derive(Debug)]
struct LobbyRow {
    id: i64,
    title: String,
    /// The game, its rules and options.
    game: String,
    free: String,
    rhythm: String,
    gm_path: String,
    gm: String,
    asks: Option<String>,
    /// How far a game under way is.
    state: Option<String>,
    /// The reader plays it.
    mine: bool,
    /// Where signing in comes back to (percent-encoded).
    login_next: String,
    open: Vec<OpenSeat>,
}

/// A take-a-seat button (a form each: one tap).
#[derive(Debug)]
struct OpenSeat {
    seat: u8,
    take: String,
    /// The bot that keeps the seat until it is taken.
    keeper: Option<String>,
}

/// The games with an open seat, as a section: a row each with its rules, seats free, rhythm,
/// GM and a button per open seat; `page` of them, with the way to the next page.
async fn section(state: &AppState, visitor: &Visitor, page: i64) -> ApiResult<String> {
    let lobby = store::lobby::open_games(state, page).await?;
    let lang = visitor.lang;
    let mut rows = Vec::new();
    for table in &lobby.games {
        let min = store::profiles::min_on_time(state, table.row.id).await?;
        rows.push(lobby_row(table, visitor, min));
    }
    let shown = (page - 1) * store::lobby::LOBBY_PAGE + lobby.games.len() as i64;
    let view = LobbySection {
        lang,
        rows,
        logged_in: visitor.player.is_some(),
        csrf: visitor.csrf_token(),
        next: (shown < lobby.total).then_some(page + 1),
        in_all: tr!(lang, "lobby-in-all", n = lobby.total),
    };
    view.render()
        .map_err(|e| ApiError::Internal(format!("template: {e}")))
}

/// One game of the lobby.
fn lobby_row(table: &Table, visitor: &Visitor, min_on_time: Option<u32>) -> LobbyRow {
    let id = table.row.id;
    let lang = visitor.lang;
    let options = settings_said(lang, &table.row.game, table.record.setup(), &["rules"]);
    let options = if options.is_empty() {
        String::new()
    } else {
        format!(" · {}", options.join(&lang.t("history-setting-separator")))
    };
    let mine = visitor
        .player
        .as_ref()
        .is_some_and(|p| table.seat_of(p.id).is_some());
    LobbyRow {
        id,
        title: table.row.title.clone(),
        game: tr!(
            lang,
            "lobby-game-rules",
            game = game_title(lang, table.row.game),
            rules = format!("{}{options}", rules_title(lang, table.record.rules_name()))
        ),
        free: tr!(
            lang,
            "lobby-seats-free",
            free = table
                .seats
                .iter()
                .filter(|s| s.offered && s.player_id.is_none())
                .count(),
            total = table.seats.len()
        ),
        rhythm: crate::pages::when::rule_in(lang, &table.row.deadline_rule),
        gm_path: percent_encode(&table.row.gm_name),
        gm: table.row.gm_name.clone(),
        asks: min_on_time.map(|min| tr!(lang, "lobby-asks", percent = min)),
        state: table.record.started().then(|| {
            tr!(
                lang,
                "lobby-under-way",
                noun = table.row.game.turn_noun,
                turn = table.record.turn()
            )
        }),
        mine,
        login_next: percent_encode(&format!("/games/{id}")),
        open: open_seats(table, lang),
    }
}

/// The front page's lobby: its first page, or nothing when no game is looking for players.
pub async fn front_section(state: &AppState, visitor: &Visitor) -> ApiResult<String> {
    if store::lobby::open_games(state, 1).await?.total == 0 {
        return Ok(String::new());
    }
    section(state, visitor, 1).await
}

#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LobbyQuery {
    #[serde(default)]
    page: Option<i64>,
    /// The reader's language: read by [`crate::reader`], and here only so that a page's
    /// language menu (`?lang=ja`) is not refused as an unknown field.
    #[serde(default, rename = "lang")]
    _lang: Option<String>,
}

/// `GET /lobby?page=N`: every game looking for players, a page at a time.
pub async fn lobby(
    State(state): State<AppState>,
    visitor: Visitor,
    query: Result<Query<LobbyQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let page_number = match query {
        Ok(Query(q)) => q.page.unwrap_or(1),
        Err(e) => {
            return error_page(
                &visitor,
                &ApiError::Bad(phrase!("error-query", body_text = e.body_text())),
            );
        }
    };
    if page_number < 1 {
        let e = ApiError::Bad(phrase!("error-lobby-page", page_number = page_number));
        return error_page(&visitor, &e);
    }
    match section(&state, &visitor, page_number).await {
        Ok(body) => page(
            &visitor,
            StatusCode::OK,
            &tr!(visitor.lang, "lobby-title"),
            &body,
        ),
        Err(e) => error_page(&visitor, &e),
    }
}

/// The game page's lobby part.
#[derive(Debug, Template)]
#[template(path = "lobby/game.html")]
struct GameSection {
    lang: Lang,
    id: i64,
    /// The reader plays a seat: the way to leave it.
    leave: bool,
    logged_in: bool,
    login_next: String,
    open: Vec<OpenSeat>,
    csrf: String,
}

/// The open seats of a game, each with its take-a-seat button.
fn open_seats(table: &Table, lang: Lang) -> Vec<OpenSeat> {
    table
        .seats
        .iter()
        .filter(|s| s.offered && s.player_id.is_none())
        .map(|s| OpenSeat {
            seat: s.seat.0,
            take: tr!(lang, "lobby-take", seat = s.name.as_str()),
            keeper: s
                .bot
                .as_ref()
                .map(|bot| tr!(lang, "lobby-bot-keeps", bot = bot.as_str())),
        })
        .collect()
}

/// The game page's part: a button per open seat for a visitor who plays no seat of it, or
/// the way to leave for one who does.
pub fn game_section(table: &Table, visitor: &Visitor) -> String {
    let id = table.row.id;
    let lang = visitor.lang;
    if table.record.is_over() {
        return String::new();
    }
    let leave = visitor
        .player
        .as_ref()
        .is_some_and(|p| table.seat_of(p.id).is_some());
    let open = open_seats(table, lang);
    if !leave && (open.is_empty() || table.row.archived) {
        return String::new();
    }
    let view = GameSection {
        lang,
        id,
        leave,
        logged_in: visitor.player.is_some(),
        login_next: percent_encode(&format!("/games/{id}")),
        open,
        csrf: visitor.csrf_token(),
    };
    view.render().unwrap_or_default()
}

/// `POST /games/{id}/take`: takes the open seat the form names (one tap), then the game.
pub async fn take(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let result = async {
        let seat = match form.get("seat") {
            Some(text) => Some(Seat(text.parse().map_err(|_| {
                ApiError::Bad(phrase!("error-seat-not-number", text = text))
            })?)),
            None => None,
        };
        actions::take_seat(&state, player, id, seat).await
    };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// `GET /games/{id}/leave`: what leaving does, and the button that does it.
pub async fn leave_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/leave"))?;
    let loaded = async {
        let table = store::load(&state, id).await?;
        let seat = actions::own_seat(&table, player)?;
        let on_leave = store::lobby::on_leave(&state, id).await?;
        Ok::<_, ApiError>((table, seat, on_leave))
    };
    let (table, seat, on_leave) = loaded.await.map_err(|e| error_page(&visitor, &e))?;
    let lang = visitor.lang;
    let then = match (on_leave.bot(), on_leave.open()) {
        (true, true) => "bot-and-open",
        (true, false) => "bot",
        _ => "open",
    };
    let explain = Sentence::new(
        &tr!(lang, "lobby-leave-explain", seat = MARK, then = then),
        &[(MARK, Piece::strong(&table.seats[seat.index()].name))],
    );
    let body = LeaveConfirm {
        lang,
        id,
        question: tr!(
            lang,
            "lobby-leave-question",
            title = table.row.title.as_str()
        ),
        explain,
        csrf: visitor.csrf_token(),
    }
    .render()
    .map_err(|e| error_page(&visitor, &ApiError::Internal(format!("template: {e}"))))?;
    Ok(page(
        &visitor,
        StatusCode::OK,
        &tr!(lang, "lobby-leave"),
        &body,
    ))
}

/// `POST /games/{id}/leave`: leaves, then the game (as a visitor now).
pub async fn leave(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(_): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/leave"))?;
    let result = async { actions::leave(&state, player, id).await };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// What leaving a game does, and the button that does it.
#[derive(Debug, Template)]
#[template(path = "lobby/leave.html")]
struct LeaveConfirm {
    lang: Lang,
    id: i64,
    question: String,
    /// What becomes of the seat (HTML: its name in bold).
    explain: Sentence,
    csrf: String,
}

/// The console's lobby forms.
#[derive(Debug, Template)]
#[template(path = "lobby/console.html")]
struct LobbyConsole<'a> {
    lang: Lang,
    id: i64,
    csrf: &'a str,
    /// The seats open, said; none when none is.
    open: Option<String>,
    /// The seats nobody plays: number and name.
    seats: Vec<(u8, String)>,
    /// What may become of a leaver's seat: its name, label, and whether it is the choice.
    radios: Vec<(&'static str, String, bool)>,
    min_value: String,
}

/// The console's form: open or close the seats nobody plays (or one seat), what becomes of a
/// leaver's seat, and the minimum on-time record a new player needs.
pub async fn console_section(
    state: &AppState,
    table: &Table,
    csrf: &str,
    lang: Lang,
) -> ApiResult<String> {
    let id = table.row.id;
    let on_leave = store::lobby::on_leave(state, id).await?;
    let min = store::profiles::min_on_time(state, id).await?;
    let open: Vec<&str> = table
        .seats
        .iter()
        .filter(|s| s.offered && s.player_id.is_none())
        .map(|s| s.name.as_str())
        .collect();
    let view = LobbyConsole {
        lang,
        id,
        csrf,
        open: (!open.is_empty()).then(|| {
            tr!(
                lang,
                "lobby-console-open",
                seats = open.join(&lang.t("list-separator"))
            )
        }),
        seats: table
            .seats
            .iter()
            .filter(|s| s.player_id.is_none())
            .map(|s| (s.seat.0, s.name.clone()))
            .collect(),
        radios: OnLeave::ALL
            .iter()
            .map(|o| {
                let label = match o {
                    OnLeave::BotAndOpen => tr!(lang, "lobby-on-leave-bot-and-open"),
                    OnLeave::Bot => tr!(lang, "lobby-on-leave-bot"),
                    OnLeave::Open => tr!(lang, "lobby-on-leave-open"),
                };
                (o.name(), label, *o == on_leave)
            })
            .collect(),
        min_value: min.map(|m| m.to_string()).unwrap_or_default(),
    };
    view.render()
        .map_err(|e| ApiError::Internal(format!("template: {e}")))
}

/// `POST /games/{id}/lobby`: the console's lobby form, then the console.
pub async fn console(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/gm"))?;
    let result = async {
        let seat = match form.get("seat").filter(|s| !s.is_empty()) {
            Some(text) => Some(Seat(text.parse().map_err(|_| {
                ApiError::Bad(phrase!("error-seat-not-number", text = text))
            })?)),
            None => None,
        };
        match form.field("do")? {
            "open" => actions::open_seats(&state, player, id, true, seat).await?,
            "close" => actions::open_seats(&state, player, id, false, seat).await?,
            "on_leave" => {
                let on_leave = OnLeave::parse(form.field("on_leave")?).map_err(ApiError::Bad)?;
                actions::set_on_leave(&state, player, id, on_leave).await?;
            }
            "min_on_time" => {
                let min = match form.field("min_on_time")?.trim() {
                    "" => None,
                    text => Some(text.parse::<u32>().map_err(|_| {
                        ApiError::Bad(phrase!("error-min-on-time-not-number", text = text))
                    })?),
                };
                actions::set_min_on_time(&state, player, id, min).await?;
            }
            other => {
                return Err(ApiError::Bad(phrase!(
                    "error-lobby-action-unknown",
                    other = other
                )));
            }
        }
        Ok::<_, ApiError>(form.field("do")?.to_string())
    };
    match result.await {
        Ok(done) => Ok(redirect(&format!(
            "/games/{id}/gm?done={done}#lobby-console"
        ))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// The routes of the lobby: open seats taken and left.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/lobby", get(lobby))
        .route("/games/{id}/take", post(take))
        .route("/games/{id}/leave", get(leave_form).post(leave))
        .route("/games/{id}/lobby", post(console))
}
