//! The new-game form: the game, its rules and options, its seats and its deadline.

#[allow(unused_imports)]
use super::*;

/// A box of a list of checkboxes.
#[derive(Debug)]
pub struct Check {
    pub value: &'static str,
    pub checked: bool,
}

/// A choice of a menu whose value is its label.
#[derive(Debug)]
pub struct Named {
    pub value: &'static str,
    pub label: &'static str,
    pub selected: bool,
}

#[derive(Debug, Template)]
#[template(path = "game/new.html")]
pub struct NewGamePage<'a> {
    pub error: Option<String>,
    pub csrf: String,
    pub title: &'a str,
    pub games: Vec<Named>,
    pub rules: Vec<Named>,
    pub options: Vec<Check>,
    pub seats: &'a str,
    pub weekly: bool,
    pub hours: &'a str,
    pub weekdays: Vec<Named>,
    pub time: &'a str,
    pub zone: &'a str,
    pub seed: &'a str,
}

pub(super) fn new_game_page(
    visitor: &Visitor,
    form: &FormData,
    error: Option<&ApiError>,
) -> Response {
    let value = |name: &str, default: &'static str| -> &str { form.get(name).unwrap_or(default) };
    let menu = |name: &str, choices: &[(&'static str, &'static str)], default: &str| {
        let chosen = form.get(name).unwrap_or(default);
        choices
            .iter()
            .map(|&(value, label)| Named {
                value,
                label,
                selected: value == chosen,
            })
            .collect::<Vec<_>>()
    };
    let games: Vec<(&'static str, &'static str)> =
        gm::GAMES.iter().map(|g| (g.name, g.title)).collect();
    let weekdays = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
    .map(|d| (d, d));
    let view = NewGamePage {
        error: error.map(ToString::to_string),
        csrf: visitor.csrf_token(),
        title: value("title", ""),
        games: menu("game", &games, gm::GAMES[0].name),
        rules: menu(
            "rules",
            &[
                ("postal-2.2", "postal rules 2.2"),
                ("board", "the board game"),
            ],
            "postal-2.2",
        ),
        options: gm::BREAKING_AWAY_OPTIONS
            .iter()
            .map(|&name| Check {
                value: name,
                checked: form.all("option").any(|o| o == name),
            })
            .collect(),
        seats: value("seats", ""),
        weekly: form.get("deadline") == Some("weekly"),
        hours: value("hours", "24"),
        weekdays: menu("weekday", &weekdays, "sunday"),
        time: value("time", "20:00"),
        zone: value("zone", "Europe/London"),
        seed: value("seed", ""),
    };
    render(visitor, status_of(error), "New game", &view)
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
                .ok_or_else(|| ApiError::Bad("hours: give a number of hours".into()))?;
            DeadlineRule::Interval {
                seconds: (hours * 3600.0).round() as i64,
            }
        }
    };
    let seed = match form.get("seed").map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| ApiError::Bad(format!("seed: {s:?} is not a whole number")))?,
        ),
    };
    let backpacks = game == "backpacks";
    Ok(NewGame {
        title: form.field("title")?.to_string(),
        rules: (!backpacks).then(|| form.get("rules").unwrap_or("postal-2.2").to_string()),
        options: if backpacks {
            Vec::new()
        } else {
            form.all("option").map(str::to_string).collect()
        },
        seats: form
            .field("seats")?
            .lines()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        game,
        deadline,
        seed,
    })
}

pub async fn new_game(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/new")?;
    let result = async {
        visitor.check_csrf(&form)?;
        actions::create_game(&state, player, new_game_of(&form)?).await
    };
    Ok(match result.await {
        Ok(id) => redirect(&format!("/games/{id}/gm")),
        Err(e) => new_game_page(&visitor, &form, Some(&e)),
    })
}
