//! The lobby's pages: the games looking for players (on the front page and at `/lobby`, a page
//! at a time), the game page's take-a-seat and leave buttons, the confirmation before leaving,
//! and the GM console's form for open seats, a leaver's seat and the minimum on-time record.

use super::*;
use axum::extract::{Path, Query};
use game_api::Seat;
use locale::{Lang, phrase, tr};

use crate::actions;
use crate::store::{Table, lobby::OnLeave};

/// The games with an open seat, as a section: a row each with its rules, seats free, rhythm,
/// GM and a button per open seat; `page` of them, with the way to the next page.
async fn section(state: &AppState, visitor: &Visitor, page: i64) -> ApiResult<String> {
    let lobby = store::lobby::open_games(state, page).await?;
    let lang = visitor.lang;
    let mut rows = String::new();
    for table in &lobby.games {
        let min = store::profiles::min_on_time(state, table.row.id).await?;
        rows.push_str(&lobby_row(table, visitor, min));
    }
    if lobby.games.is_empty() {
        rows.push_str(&format!(
            r#"<li class="muted">{}</li>"#,
            tr!(lang, "lobby-none")
        ));
    }
    let shown = (page - 1) * store::lobby::LOBBY_PAGE + lobby.games.len() as i64;
    let next = if shown < lobby.total {
        format!(
            r#"<p><a href="/lobby?page={}">{}</a> {}</p>"#,
            page + 1,
            tr!(lang, "lobby-more"),
            tr!(lang, "lobby-in-all", n = lobby.total)
        )
    } else {
        String::new()
    };
    Ok(format!(
        r#"<section class="stack" id="lobby" aria-labelledby="lobby-h"><h2 id="lobby-h">{title}</h2><ul class="stack lobby">{rows}</ul>{next}</section>"#,
        title = tr!(lang, "lobby-title")
    ))
}

/// One game of the lobby.
fn lobby_row(table: &Table, visitor: &Visitor, min_on_time: Option<u32>) -> String {
    let id = table.row.id;
    let lang = visitor.lang;
    let open: Vec<_> = table
        .seats
        .iter()
        .filter(|s| s.offered && s.player_id.is_none())
        .collect();
    let options =
        super::game::settings_said(lang, &table.row.game, table.record.setup(), &["rules"]);
    let options = if options.is_empty() {
        String::new()
    } else {
        format!(
            " · {}",
            escape(&options.join(&lang.t("history-setting-separator")))
        )
    };
    let asks = match min_on_time {
        Some(min) => format!(" · {}", tr!(lang, "lobby-asks", percent = min)),
        None => String::new(),
    };
    let mine = visitor
        .player
        .as_ref()
        .is_some_and(|p| table.seat_of(p.id).is_some());
    let buttons: String = if mine {
        format!(
            r#"<span class="muted">{}</span>"#,
            tr!(lang, "lobby-you-play")
        )
    } else {
        take_buttons(table, visitor, &open)
    };
    format!(
        r#"<li class="card" id="lobby-{id}"><p><a href="/games/{id}"><strong>{title}</strong></a> · {game} · {free} · {rhythm} · {gm_word} <a href="/players/{gm_path}">{gm}</a>{asks}{state}</p><div class="cluster">{buttons}</div></li>"#,
        title = escape(&table.row.title),
        game = tr!(
            lang,
            "lobby-game-rules",
            game = escape(&super::game::game_title(lang, table.row.game)),
            rules = format!(
                "{}{options}",
                escape(&super::game::rules_title(lang, table.record.rules_name()))
            )
        ),
        free = tr!(
            lang,
            "lobby-seats-free",
            free = open.len(),
            total = table.seats.len()
        ),
        gm_word = tr!(lang, "lobby-gm"),
        rhythm = escape(&crate::pages::when::rule_in(lang, &table.row.deadline_rule)),
        gm_path = escape(&account::percent_encode(&table.row.gm_name)),
        gm = escape(&table.row.gm_name),
        state = if table.record.started() {
            format!(
                " · {}",
                tr!(
                    lang,
                    "lobby-under-way",
                    noun = table.row.game.turn_noun,
                    turn = table.record.turn()
                )
            )
        } else {
            String::new()
        },
    )
}

/// A take-a-seat button per open seat (a form each: one tap), or the way to sign in first.
fn take_buttons(table: &Table, visitor: &Visitor, open: &[&store::SeatRow]) -> String {
    let id = table.row.id;
    let lang = visitor.lang;
    if visitor.player.is_none() {
        return format!(
            r#"<a class="button" href="/login?next={}">{}</a>"#,
            account::percent_encode(&format!("/games/{id}")),
            tr!(lang, "lobby-sign-in")
        );
    }
    open.iter()
        .map(|s| {
            let keeper = match &s.bot {
                Some(bot) => format!(
                    r#" <span class="muted">{}</span>"#,
                    escape(&tr!(lang, "lobby-bot-keeps", bot = bot.as_str()))
                ),
                None => String::new(),
            };
            format!(
                r#"<form method="post" action="/games/{id}/take">{csrf}<input type="hidden" name="seat" value="{seat}"><button type="submit" class="take-seat">{take}</button>{keeper}</form>"#,
                csrf = visitor.csrf_field(),
                seat = s.seat.0,
                take = escape(&tr!(lang, "lobby-take", seat = s.name.as_str())),
            )
        })
        .collect()
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

/// The game page's part: a button per open seat for a visitor who plays no seat of it, or
/// the way to leave for one who does.
pub fn game_section(table: &Table, visitor: &Visitor) -> String {
    let id = table.row.id;
    let lang = visitor.lang;
    if table.record.is_over() {
        return String::new();
    }
    if let Some(p) = &visitor.player
        && table.seat_of(p.id).is_some()
    {
        return format!(
            r#"<p id="leave"><a class="button button-secondary" href="/games/{id}/leave">{}</a></p>"#,
            tr!(lang, "lobby-leave-this")
        );
    }
    let open: Vec<_> = table
        .seats
        .iter()
        .filter(|s| s.offered && s.player_id.is_none())
        .collect();
    if open.is_empty() || table.row.archived {
        return String::new();
    }
    format!(
        r#"<section class="card stack" id="open-seats" aria-labelledby="open-seats-h"><h2 id="open-seats-h">{}</h2><p>{}</p><div class="cluster">{}</div></section>"#,
        tr!(lang, "lobby-open-seats"),
        tr!(lang, "lobby-open-seats-help"),
        take_buttons(table, visitor, &open)
    )
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
    let explain = front::marked(
        &tr!(lang, "lobby-leave-explain", seat = front::MARK, then = then),
        &[(front::MARK, front::strong(&table.seats[seat.index()].name))],
    );
    let body = format!(
        r#"<section class="card lead stack" id="leave-confirm"><h2>{question}</h2><p>{explain}</p><form method="post" action="/games/{id}/leave" class="cluster">{csrf}<button type="submit" class="danger">{leave}</button> <a href="/games/{id}">{stay}</a></form></section>"#,
        question = escape(&tr!(
            lang,
            "lobby-leave-question",
            title = table.row.title.as_str()
        )),
        leave = tr!(lang, "lobby-leave"),
        stay = tr!(lang, "lobby-stay"),
        csrf = visitor.csrf_field(),
    );
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
    let status = if open.is_empty() {
        tr!(lang, "lobby-console-none-open")
    } else {
        escape(&tr!(
            lang,
            "lobby-console-open",
            seats = open.join(&lang.t("list-separator"))
        ))
    };
    let form = |action: &str| {
        format!(
            r#"<form method="post" action="/games/{id}/lobby" class="cluster"><input type="hidden" name="csrf" value="{csrf}"><input type="hidden" name="do" value="{action}">"#
        )
    };
    let seats: String = table
        .seats
        .iter()
        .filter(|s| s.player_id.is_none())
        .map(|s| {
            format!(
                r#"<option value="{}">{}</option>"#,
                s.seat.0,
                escape(&s.name)
            )
        })
        .collect();
    let radios: String = OnLeave::ALL
        .iter()
        .map(|o| {
            let label = match o {
                OnLeave::BotAndOpen => tr!(lang, "lobby-on-leave-bot-and-open"),
                OnLeave::Bot => tr!(lang, "lobby-on-leave-bot"),
                OnLeave::Open => tr!(lang, "lobby-on-leave-open"),
            };
            format!(
                r#"<label class="check"><input type="radio" name="on_leave" value="{}"{}> {label}</label>"#,
                o.name(),
                if *o == on_leave { " checked" } else { "" }
            )
        })
        .collect();
    let min_value = min.map(|m| m.to_string()).unwrap_or_default();
    Ok(format!(
        r#"<h2 id="lobby-console">{heading}</h2><p id="open-status">{status}</p>
{open_all}<button type="submit" id="open-all">{open_all_button}</button></form>
{close_all}<button type="submit" id="close-all" class="button-secondary">{close_all_button}</button></form>
{open_one}{leave}<fieldset><legend>{when_leaves}</legend>{radios}</fieldset> <button type="submit" class="button-secondary">{save}</button></form>
{min_form}<label for="min-on-time">{min_label}</label> <input id="min-on-time" name="min_on_time" type="number" min="0" max="100" step="1" class="short" value="{min_value}"> <button type="submit" class="button-secondary">{save}</button></form>
"#,
        heading = tr!(lang, "lobby-open-seats"),
        open_all_button = tr!(lang, "lobby-console-open-all"),
        close_all_button = tr!(lang, "lobby-console-close-all"),
        when_leaves = tr!(lang, "lobby-console-when-leaves"),
        save = tr!(lang, "lobby-console-save"),
        min_label = tr!(lang, "lobby-console-min"),
        open_all = form("open"),
        close_all = form("close"),
        open_one = if seats.is_empty() {
            String::new()
        } else {
            format!(
                r#"{}<label for="open-seat">{}</label> <select id="open-seat" name="seat">{seats}</select> <button type="submit" class="button-secondary">{}</button></form>
"#,
                form("open"),
                tr!(lang, "lobby-console-open-one"),
                tr!(lang, "lobby-console-open-button")
            )
        },
        leave = form("on_leave"),
        min_form = form("min_on_time"),
    ))
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
pub fn routes() -> axum::Router<crate::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/lobby", get(lobby))
        .route("/games/{id}/take", post(take))
        .route("/games/{id}/leave", get(leave_form).post(leave))
        .route("/games/{id}/lobby", post(console))
}
