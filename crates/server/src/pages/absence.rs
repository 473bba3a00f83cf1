//! Absences on the pages: the form that declares a window away (on the profile, for all games
//! or one; on the game page, for that game), the list of one's windows with their cancel or
//! end buttons, a game's absent seats as everyone sees them, and the GM console's allowance.

use askama::Template;
use axum::extract::{Path, State};
use locale::{Lang, phrase, tr};
use store::Table;

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_box, error_page, redirect};
use super::sentence::{MARK, Piece, Sentence};
use super::when::dated_in;
use crate::actions::{self, ABSENCE_BOTS, AbsenceRequest, GameAbsences};
use crate::auth::Player;
use crate::error::ApiError;
use crate::state::AppState;
use crate::text::filters;

/// The section that declares a window away and lists the player's windows.
#[derive(Debug, Template)]
#[template(path = "absence/section.html")]
struct AbsenceSection {
    lang: Lang,
    windows: Vec<Window>,
    csrf: String,
    /// On a game's page: the window is for it alone.
    game: Option<i64>,
    /// On the profile: the player's games by number and title.
    games: Vec<(i64, String)>,
    from_hint: String,
    to_hint: String,
    /// The bots that may play for the player, and their labels.
    bots: Vec<(&'static str, String)>,
}

/// One of the player's windows away, with its cancel or end button.
#[derive(Debug)]
struct Window {
    id: i64,
    window: String,
    button: String,
}

/// The section that declares a window away and lists the player's windows; `game`: on that
/// game's page (the window is for it alone), else on the profile (for all games, or one).
pub(super) async fn section(
    state: &AppState,
    visitor: &Visitor,
    player: &Player,
    game: Option<i64>,
) -> String {
    let windows = match actions::absences(state, player).await {
        Ok(w) => w,
        Err(e) => return error_box(Some(&e)),
    };
    let zone = player.time_zone.as_deref().unwrap_or("UTC");
    let lang = visitor.lang;
    let windows = windows
        .iter()
        .filter(|w| game.is_none() || w.absence.game.is_none() || w.absence.game == game)
        .map(|w| {
            let a = &w.absence;
            let scope = match (&w.title, a.game) {
                (Some(t), Some(_)) => tr!(lang, "away-scope-titled", title = t.as_str()),
                (None, Some(_)) => tr!(lang, "away-scope-game"),
                _ => tr!(lang, "away-scope-all"),
            };
            let by = a.bot.as_deref().map_or_else(
                || tr!(lang, "away-by-nmr-default"),
                |b| tr!(lang, "away-by-bot", bot = b),
            );
            let button = if w.state == "upcoming" {
                tr!(lang, "away-cancel")
            } else {
                tr!(lang, "away-end-now")
            };
            let window = tr!(
                lang,
                "away-window",
                from = dated_in(lang, a.from, Some(zone)),
                to = dated_in(lang, a.to, Some(zone)),
                scope = scope,
                by = by
            );
            Window {
                id: a.id,
                window,
                button,
            }
        })
        .collect();
    // The player's games by name (a player reads words, not numbers), all of them first.
    let games = match game {
        Some(_) => Vec::new(),
        None => match store::list(state).await {
            Ok(list) => list
                .iter()
                .filter(|g| !g.row.over && g.seat_of(player.id).is_some())
                .map(|g| (g.row.id, g.row.title.clone()))
                .collect(),
            Err(e) => return error_box(Some(&e.into())),
        },
    };
    let view = AbsenceSection {
        lang,
        windows,
        csrf: visitor.csrf_token(),
        game,
        games,
        from_hint: tr!(lang, "away-from-hint", zone = zone),
        to_hint: tr!(lang, "away-to-hint", days = actions::MAX_ABSENCE_DAYS),
        bots: ABSENCE_BOTS
            .iter()
            .filter(|b| **b != "nmr")
            .map(|bot| (*bot, tr!(lang, "away-the-bot", bot = *bot)))
            .collect(),
    };
    view.render().unwrap_or_default()
}

/// `POST /profile/absences`: declares a window away; back to the page the form was on.
pub async fn declare_absence(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    // Back to the page the form was on: the profile, or a seat's page (`/games/N/seat`).
    let back = match form.get("back") {
        Some(b)
            if b.strip_prefix("/games/")
                .and_then(|rest| rest.strip_suffix("/seat"))
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit())) =>
        {
            b
        }
        _ => "/profile",
    }
    .to_string();
    let result = async {
        let game = match form.get("game").map(str::trim) {
            None | Some("") => None,
            Some(text) => Some(text.parse::<i64>().map_err(|_| {
                ApiError::Bad(phrase!("error-absence-game-not-number", text = text))
            })?),
        };
        let request = AbsenceRequest {
            from: form.get("from").map(String::from),
            to: form.get("to").unwrap_or_default().to_string(),
            game,
            bot: form.get("bot").map(String::from),
        };
        actions::declare_absence(&state, player, &request).await
    };
    match result.await {
        Ok(_) => Ok(redirect(&format!("{back}#absences"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// `POST /absences/{id}/withdraw`: cancels a window not begun, or ends it now.
pub async fn withdraw_absence(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(_): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async { actions::withdraw_absence(&state, player, id).await };
    match result.await {
        Ok(_) => Ok(redirect("/profile#absences")),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// `POST /games/{id}/allowance`: the GM sets the game's excused turns.
pub async fn set_allowance(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/gm"))?;
    let result = async {
        let text = form.field("allowance")?.trim();
        let turns: i64 = text
            .parse()
            .map_err(|_| ApiError::Bad(phrase!("error-allowance-not-number", text = text)))?;
        actions::set_allowance(&state, player, id, turns).await
    };
    match result.await {
        Ok(()) => Ok(redirect(&format!("/games/{id}/gm#allowance"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// A game's absent seats as everyone sees them (empty when nobody is away). A seat's own
/// player declares an absence on the seat's page (`section`), not on the game page.
pub(super) async fn game_section(state: &AppState, visitor: &Visitor, table: &Table) -> String {
    match actions::game_absences(state, table, false).await {
        Ok(absences) => away_list(&absences, visitor),
        Err(e) => error_box(Some(&e)),
    }
}

/// Each seat's absence now, for the console's seat cards: `away until …, played by the bot
/// heuristic` (`None`: not away; nothing when the absences cannot be read).
pub(super) async fn away_lines(
    state: &AppState,
    visitor: &Visitor,
    table: &Table,
) -> Vec<Option<String>> {
    let lang = visitor.lang;
    let Ok(absences) = actions::game_absences(state, table, false).await else {
        return Vec::new();
    };
    absences
        .seats
        .iter()
        .map(|s| {
            let a = s.away.as_ref()?;
            let by = match (a.excused, &a.bot) {
                (true, Some(bot)) => tr!(lang, "away-by-bot", bot = bot.as_str()),
                _ => tr!(lang, "away-by-nmr-default"),
            };
            Some(tr!(
                lang,
                "console-away",
                until = dated_in(lang, a.until, visitor.zone()),
                by = by
            ))
        })
        .collect()
}

/// The seats away now, as the game page lists them: each seat's line, its name in bold.
#[derive(Debug, Template)]
#[template(path = "absence/away.html")]
struct AwayList {
    lang: Lang,
    seats: Vec<Sentence>,
}

/// The seats away now: until when, and who plays them.
fn away_list(absences: &GameAbsences, visitor: &Visitor) -> String {
    if !absences.anyone_away() {
        return String::new();
    }
    let lang = visitor.lang;
    let seats = absences
        .seats
        .iter()
        .filter_map(|s| {
            let a = s.away.as_ref()?;
            // `excused` then says who plays: `bot`, else the rules' default.
            let played = match (a.excused, &a.bot) {
                (false, _) => "used-up",
                (true, Some(_)) => "bot",
                (true, None) => "default",
            };
            let line = tr!(
                lang,
                "away-seat-line",
                seat = MARK,
                until = dated_in(lang, a.until, visitor.zone()),
                played = played,
                bot = a.bot.as_deref().unwrap_or_default(),
                used = s.used.unwrap_or(0),
                total = absences.allowance
            );
            Some(Sentence::new(&line, &[(MARK, Piece::strong(&s.name))]))
        })
        .collect();
    AwayList { lang, seats }.render().unwrap_or_default()
}

/// The GM console's part on absences.
#[derive(Debug, Template)]
#[template(path = "absence/console.html")]
struct AllowanceSection {
    lang: Lang,
    /// Each seat: its name, its excused turns used of the allowance, until when it is away.
    rows: Vec<(String, String, String)>,
    id: i64,
    csrf: String,
    hint: String,
    max: i64,
    now: i64,
}

/// The GM console's part: each seat's excused turns used of the allowance, and the form that
/// sets the allowance.
pub(super) async fn console_section(state: &AppState, visitor: &Visitor, table: &Table) -> String {
    let absences = match actions::game_absences(state, table, true).await {
        Ok(a) => a,
        Err(e) => return error_box(Some(&e)),
    };
    let lang = visitor.lang;
    let rows = absences
        .seats
        .iter()
        .map(|s| {
            let away = s.away.as_ref().map_or(String::from("—"), |a| {
                tr!(
                    lang,
                    "away-until",
                    until = dated_in(lang, a.until, visitor.zone())
                )
            });
            let used = tr!(
                lang,
                "away-used-of",
                used = s.used.unwrap_or(0),
                total = absences.allowance
            );
            (s.name.clone(), used, away)
        })
        .collect();
    let view = AllowanceSection {
        lang,
        rows,
        id: table.row.id,
        csrf: visitor.csrf_token(),
        hint: tr!(
            lang,
            "away-allowance-hint",
            max = gm::absence::MAX_ALLOWANCE
        ),
        max: gm::absence::MAX_ALLOWANCE.into(),
        now: absences.allowance.into(),
    };
    view.render().unwrap_or_default()
}

/// The lines a turn's report adds for the seats an absence played in it (as its mail does).
pub(super) async fn turn_note(
    state: &AppState,
    table: &Table,
    turn: u16,
    lang: Lang,
) -> Vec<String> {
    if turn == 0 {
        return Vec::new();
    }
    match store::absences::away_in_turn(state, table, turn).await {
        Ok(entries) => gm::absence::away_note(table.record.seats(), &entries, lang)
            .lines()
            .map(String::from)
            .collect(),
        // The report stands without its note; the failure is the server's to see.
        Err(e) => {
            tracing::error!(game = table.row.id, error = %e, "reading a turn's absences failed");
            Vec::new()
        }
    }
}

/// The routes of absences: declared on the profile, allowed by a GM.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::post;
    axum::Router::new()
        .route("/profile/absences", post(declare_absence))
        .route("/absences/{id}/withdraw", post(withdraw_absence))
        .route("/games/{id}/allowance", post(set_allowance))
}
