//! The new-game form: the game, its settings (each game's, drawn from its description), its
//! seats and its deadline.

use askama::Template;
use axum::extract::State;
use axum::response::Response;
use game_api::Lang;
use gm::DeadlineRule;
use locale::phrase;
use serde_json::{Map, Value};

use super::frame::{render, status_of};
use super::words::{game_title, word};
use crate::actions::{self, NewGame};
use crate::error::{ApiError, ApiResult};
use crate::pages::form::{CsrfForm, FormData};
use crate::pages::frame::{PageResult, Visitor, redirect};
use crate::state::AppState;

/// A box of a list of checkboxes.
#[derive(Debug)]
pub struct Check {
    pub value: &'static str,
    /// The option's name, in the reader's language.
    pub label: String,
    pub checked: bool,
}

/// A choice of a menu: its value and, in the reader's language, its label.
#[derive(Debug)]
pub struct Named {
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
}

/// One setting of a game on the form: a menu, boxes to tick or a file's text, as its kind.
#[derive(Debug)]
pub struct SettingField {
    /// The form field: `GAME:FLAG`, so that two games' settings of one name differ.
    pub field: String,
    pub label: String,
    /// A choice among more than one.
    pub menu: Vec<Named>,
    pub checks: Vec<Check>,
    /// A file's text, pasted.
    pub file: Option<String>,
}

/// A game's settings on the form.
#[derive(Debug)]
pub struct GameSettings {
    pub title: String,
    pub fields: Vec<SettingField>,
}

/// The form field of a game's setting.
fn field_name(game: &gm::GameInfo, setting: &gm::Setting) -> String {
    format!("{}:{}", game.name, setting.flag)
}

/// Every game's settings as the form shows them, with what was chosen kept.
fn settings_fields(form: &FormData, lang: Lang) -> Vec<GameSettings> {
    gm::GAMES
        .iter()
        .map(|game| GameSettings {
            title: game_title(lang, *game),
            fields: game
                .settings
                .iter()
                .map(|setting| {
                    let field = field_name(game, setting);
                    let (mut menu, mut checks, mut file) = (Vec::new(), Vec::new(), None);
                    match setting.kind {
                        gm::SettingKind::Choice(choices) if choices.len() > 1 => {
                            let chosen = form.get(&field).unwrap_or(choices[0].0);
                            menu = choices
                                .iter()
                                .map(|&(value, label)| Named {
                                    value,
                                    label: word(
                                        lang,
                                        &format!("new-game-choice-{}", value.replace('.', "-")),
                                        label,
                                    ),
                                    selected: value == chosen,
                                })
                                .collect();
                        }
                        gm::SettingKind::Choice(_) => {}
                        gm::SettingKind::Flags(names) => {
                            checks = names
                                .iter()
                                .map(|&value| Check {
                                    value,
                                    label: word(lang, &format!("new-game-option-{value}"), value),
                                    checked: form.all(&field).any(|o| o == value),
                                })
                                .collect();
                        }
                        gm::SettingKind::File => {
                            file = Some(form.get(&field).unwrap_or_default().to_string());
                        }
                    }
                    SettingField {
                        field,
                        label: word(
                            lang,
                            &format!("new-game-setting-{}", setting.name),
                            setting.label,
                        ),
                        menu,
                        checks,
                        file,
                    }
                })
                .filter(|f| !f.menu.is_empty() || !f.checks.is_empty() || f.file.is_some())
                .collect(),
        })
        .filter(|g| !g.fields.is_empty())
        .collect()
}

/// The settings object of the chosen game from the form: its own fields only; a file's
/// setting left empty is not given. A form of an earlier release (a page loaded before an
/// upgrade) named them by their flag alone (`rules`, `option`): read too.
fn settings_of(game: &str, form: &FormData) -> ApiResult<Map<String, Value>> {
    let game = gm::game_info(game)?;
    let mut settings = Map::new();
    for setting in game.settings {
        let own = field_name(&game, setting);
        let field = match form.get(&own) {
            None if form.get(setting.flag).is_some() => setting.flag.to_string(),
            _ => own,
        };
        let value = match setting.kind {
            gm::SettingKind::Flags(_) => {
                let names: Vec<&str> = form.all(&field).collect();
                (!names.is_empty()).then(|| Value::from(names))
            }
            gm::SettingKind::Choice(_) | gm::SettingKind::File => form
                .get(&field)
                .filter(|text| !text.trim().is_empty())
                .map(Value::from),
        };
        if let Some(value) = value {
            settings.insert(setting.name.to_string(), value);
        }
    }
    Ok(settings)
}

#[derive(Debug, Template)]
#[template(path = "game/new.html")]
pub struct NewGamePage<'a> {
    pub lang: Lang,
    pub error: Option<String>,
    pub csrf: String,
    pub title: &'a str,
    pub games: Vec<Named>,
    pub settings: Vec<GameSettings>,
    pub seats: &'a str,
    pub weekly: bool,
    pub hours: &'a str,
    pub weekdays: Vec<Named>,
    pub time: &'a str,
    pub zone: &'a str,
    pub seed: &'a str,
    /// The game counts for ratings.
    pub rated: bool,
}

pub(super) fn new_game_page(
    visitor: &Visitor,
    form: &FormData,
    error: Option<&ApiError>,
) -> Response {
    let lang = visitor.lang;
    let value = |name: &str, default: &'static str| -> &str { form.get(name).unwrap_or(default) };
    let menu = |name: &str, choices: &[(&'static str, String)], default: &str| {
        let chosen = form.get(name).unwrap_or(default);
        choices
            .iter()
            .map(|(value, label)| Named {
                value,
                label: label.clone(),
                selected: *value == chosen,
            })
            .collect::<Vec<_>>()
    };
    let games: Vec<(&'static str, String)> = gm::GAMES
        .iter()
        .map(|g| (g.name, game_title(lang, *g)))
        .collect();
    let weekdays = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
    .map(|d| (d, word(lang, &format!("new-game-weekday-{d}"), d)));
    let view = NewGamePage {
        lang,
        error: error.map(|e| crate::pages::frame::in_words(&e.text(crate::reader::lang()))),
        csrf: visitor.csrf_token(),
        title: value("title", ""),
        games: menu("game", &games, gm::GAMES[0].name),
        settings: settings_fields(form, lang),
        seats: value("seats", ""),
        weekly: form.get("deadline") == Some("weekly"),
        hours: value("hours", "24"),
        weekdays: menu("weekday", &weekdays, "sunday"),
        time: value("time", "20:00"),
        zone: value("zone", "Europe/London"),
        seed: value("seed", ""),
        rated: form.get("rated").is_some(),
    };
    render(visitor, status_of(error), &lang.t("new-game-page"), &view)
}

pub async fn new_game_form(visitor: Visitor) -> PageResult {
    visitor.player_or_login("/new")?;
    Ok(new_game_page(&visitor, &FormData::default(), None))
}

/// The game the new-game form describes.
pub(super) fn new_game_of(form: &FormData) -> ApiResult<NewGame> {
    let game = form.field("game")?.to_string();
    let deadline = match form.get("deadline").unwrap_or("interval") {
        "weekly" => DeadlineRule::Weekly {
            weekday: form.field("weekday")?.to_string(),
            time: form.field("time")?.trim().to_string(),
            zone: form.field("zone")?.trim().to_string(),
        },
        _ => {
            let hours: f64 = form
                .field("hours")?
                .trim()
                .parse()
                .ok()
                .filter(|h: &f64| h.is_finite() && *h > 0.0 && *h <= 24.0 * 366.0)
                .ok_or_else(|| ApiError::Bad(phrase!("error-hours-not-number")))?;
            DeadlineRule::Interval {
                seconds: (hours * 3600.0).round() as i64,
            }
        }
    };
    let seed = match form.get("seed").map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| ApiError::Bad(phrase!("error-seed-not-number", s = s)))?,
        ),
    };
    Ok(NewGame {
        title: form.field("title")?.to_string(),
        settings: settings_of(&game, form)?,
        rules: None,
        options: Vec::new(),
        seats: form
            .field("seats")?
            .lines()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        game,
        deadline,
        rated: form.get("rated").is_some(),
        seed,
    })
}

pub async fn new_game(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/new")?;
    let result = async { actions::create_game(&state, player, new_game_of(&form)?).await };
    Ok(match result.await {
        Ok(id) => redirect(&format!("/games/{id}/gm")),
        Err(e) => new_game_page(&visitor, &form, Some(&e)),
    })
}
