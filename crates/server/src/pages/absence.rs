//! Absences on the pages: the form that declares a window away (on the profile, for all games
//! or one; on the game page, for that game), the list of one's windows with their cancel or
//! end buttons, a game's absent seats as everyone sees them, and the GM console's allowance.

use axum::extract::{Path, State};
use locale::{Lang, phrase, tr};

use super::front::{MARK, marked, strong};
use super::when::dated_in;
use super::{CsrfForm, PageResult, Visitor, error_box, error_page, escape, redirect};
use crate::AppState;
use crate::actions::{self, ABSENCE_BOTS, AbsenceRequest, GameAbsences};
use crate::auth::Player;
use crate::error::ApiError;
use crate::store::Table;

/// The form's choice of who plays for the player: the rules' default or a bot.
fn bot_choices(lang: Lang) -> String {
    let mut html = format!(
        r#"<fieldset class="stack"><legend>{}</legend><p><label><input type="radio" name="bot" value="" checked> {}</label></p>"#,
        tr!(lang, "away-who-plays"),
        tr!(lang, "away-nmr-default"),
    );
    for bot in ABSENCE_BOTS.iter().filter(|b| **b != "nmr") {
        html.push_str(&format!(
            r#"<p><label><input type="radio" name="bot" value="{bot}"> {}</label></p>"#,
            tr!(lang, "away-the-bot", bot = *bot)
        ));
    }
    html.push_str("</fieldset>");
    html
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
    let csrf = visitor.csrf_token();
    let lang = visitor.lang;
    let mut html = format!(
        r#"<section class="card stack" id="absences" aria-labelledby="absences-h"><h2 id="absences-h">{}</h2>
<p class="help">{}</p>
"#,
        tr!(lang, "away-title"),
        tr!(lang, "away-help"),
    );
    let shown: Vec<_> = windows
        .iter()
        .filter(|w| game.is_none() || w.absence.game.is_none() || w.absence.game == game)
        .collect();
    if !shown.is_empty() {
        html.push_str(r#"<ul class="stack absence-list">"#);
        for w in shown {
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
            html.push_str(&format!(
                r#"<li><form method="post" action="/absences/{id}/withdraw" class="cluster"><span>{window}</span><input type="hidden" name="csrf" value="{csrf}"><button type="submit" class="secondary">{button}</button></form></li>"#,
                id = a.id,
                window = escape(&window),
            ));
        }
        html.push_str("</ul>");
    }
    let scope = match game {
        Some(id) => format!(
            r#"<input type="hidden" name="game" value="{id}"><input type="hidden" name="back" value="/games/{id}/seat">"#
        ),
        // The player's games by name (a player reads words, not numbers), all of them first.
        None => {
            let games: String = match crate::store::list(state).await {
                Ok(list) => list
                    .iter()
                    .filter(|g| !g.row.over && g.seat_of(player.id).is_some())
                    .map(|g| {
                        format!(
                            r#"<option value="{}">{}</option>"#,
                            g.row.id,
                            escape(&g.row.title)
                        )
                    })
                    .collect(),
                Err(e) => return error_box(Some(&e.into())),
            };
            format!(
                r#"<p><label for="absence-game">{}</label><select id="absence-game" name="game"><option value="">{}</option>{games}</select></p>"#,
                tr!(lang, "away-game"),
                tr!(lang, "away-scope-all"),
            )
        }
    };
    html.push_str(&format!(
        r#"<form method="post" action="/profile/absences" class="stack" id="absence-form"><input type="hidden" name="csrf" value="{csrf}">{scope}
<p><label for="absence-from">{from}</label><span class="help" id="absence-from-hint">{from_hint}</span><input type="datetime-local" id="absence-from" name="from" aria-describedby="absence-from-hint"></p>
<p><label for="absence-to">{to}</label><span class="help" id="absence-to-hint">{to_hint}</span><input type="datetime-local" id="absence-to" name="to" required aria-describedby="absence-to-hint"></p>
{bots}<p><button type="submit">{declare}</button></p></form></section>"#,
        from = tr!(lang, "away-from"),
        from_hint = escape(&tr!(lang, "away-from-hint", zone = zone)),
        to = tr!(lang, "away-to"),
        to_hint = tr!(lang, "away-to-hint", days = actions::MAX_ABSENCE_DAYS),
        declare = tr!(lang, "away-declare"),
        bots = bot_choices(lang),
    ));
    html
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

/// The seats away now: until when, and who plays them.
fn away_list(absences: &GameAbsences, visitor: &Visitor) -> String {
    if !absences.anyone_away() {
        return String::new();
    }
    let lang = visitor.lang;
    let mut html = format!(
        r#"<section class="card stack" id="away" aria-labelledby="away-h"><h2 id="away-h">{}</h2><ul>"#,
        tr!(lang, "away-seats-away")
    );
    for s in &absences.seats {
        let Some(a) = &s.away else { continue };
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
        html.push_str(&format!(
            r#"<li class="away-seat">{}</li>"#,
            marked(&line, &[(MARK, strong(&s.name))])
        ));
    }
    html.push_str("</ul></section>");
    html
}

/// The GM console's part: each seat's excused turns used of the allowance, and the form that
/// sets the allowance.
pub(super) async fn console_section(state: &AppState, visitor: &Visitor, table: &Table) -> String {
    let absences = match actions::game_absences(state, table, true).await {
        Ok(a) => a,
        Err(e) => return error_box(Some(&e)),
    };
    let lang = visitor.lang;
    let mut html = format!(
        r#"<section class="card stack" id="allowance" aria-labelledby="allowance-h"><h2 id="allowance-h">{}</h2><div class="table-scroll"><table><thead><tr><th scope="col">{}</th><th scope="col">{}</th><th scope="col">{}</th></tr></thead><tbody>"#,
        tr!(lang, "away-absences"),
        tr!(lang, "away-seat"),
        tr!(lang, "away-excused-used"),
        tr!(lang, "away-title"),
    );
    for s in &absences.seats {
        let away = s.away.as_ref().map_or(String::from("—"), |a| {
            tr!(
                lang,
                "away-until",
                until = dated_in(lang, a.until, visitor.zone())
            )
        });
        html.push_str(&format!(
            "<tr><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&s.name),
            tr!(
                lang,
                "away-used-of",
                used = s.used.unwrap_or(0),
                total = absences.allowance
            ),
            escape(&away)
        ));
    }
    html.push_str(&format!(
        r#"</tbody></table></div><form method="post" action="/games/{id}/allowance" class="stack"><input type="hidden" name="csrf" value="{csrf}"><p><label for="allowance-turns">{label}</label><span class="help" id="allowance-hint">{hint}</span><input type="number" min="0" max="{max}" id="allowance-turns" name="allowance" value="{now}" aria-describedby="allowance-hint"></p><p><button type="submit">{button}</button></p></form></section>"#,
        label = tr!(lang, "away-allowance"),
        hint = tr!(lang, "away-allowance-hint", max = gm::absence::MAX_ALLOWANCE),
        button = tr!(lang, "away-set-allowance"),
        id = table.row.id,
        csrf = visitor.csrf_token(),
        max = gm::absence::MAX_ALLOWANCE,
        now = absences.allowance,
    ));
    html
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
    match crate::store::absences::away_in_turn(state, table, turn).await {
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
pub fn routes() -> axum::Router<crate::AppState> {
    use axum::routing::post;
    axum::Router::new()
        .route("/profile/absences", post(declare_absence))
        .route("/absences/{id}/withdraw", post(withdraw_absence))
        .route("/games/{id}/allowance", post(set_allowance))
}
