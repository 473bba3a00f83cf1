//! The season page: every classification as a table that fits a phone (the stage columns
//! scroll inside it), movements, the jersey holders in their colours, dropped league results,
//! each stage linked with its winner, the winners crowned at the end; and the GM's steps
//! (a season from a game, the next stage after rest days, the season finished).

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use locale::{Lang, phrase, tr};

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_page, page_with_tab, redirect};
use crate::actions::{self, NewSeason, SeasonView, capitalised};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

#[derive(Debug, Template)]
#[template(path = "season.html")]
pub struct SeasonPage {
    pub lang: Lang,
    pub id: i64,
    pub csrf: String,
    pub error: Option<String>,
    pub done: Option<String>,
    /// `Breaking Away stage race · GM ann · 2 of 3 stages played`.
    pub lead: String,
    pub over: bool,
    /// Each classification's winner, once the season is over.
    pub crowned: Vec<Crown>,
    pub jerseys: Vec<JerseyLine>,
    /// A sentence for each classification whose first place is shared after every
    /// count-back, saying how its jersey was given (S-3).
    pub level: Vec<String>,
    pub stages: Vec<StageLine>,
    /// The sentences that name the game's stages (`Stages`, `No stage yet.`), in the
    /// reader's language.
    pub words: StageWords,
    pub tables: Vec<ClassTable>,
    pub counted: usize,
    /// The GM's steps, for the season's GM while it runs.
    pub gm: Option<GmSteps>,
}

#[derive(Debug)]
pub struct Crown {
    pub title: String,
    pub winner: String,
}

#[derive(Debug)]
pub struct JerseyLine {
    pub jersey: String,
    pub colour: String,
    pub holder: String,
    /// Worn for the leader, who wears a more prestigious jersey.
    pub stand_in: bool,
}

#[derive(Debug)]
pub struct StageLine {
    pub game_id: i64,
    /// `Stage 2: Tour of Cumbria, stage 2`.
    pub label: String,
    /// `won by red (ann)`, `being played`.
    pub outcome: String,
    /// ` · after 2 rest days`, or empty.
    pub rest: String,
}

/// What the page says with the game's word for a stage (`stage`, `day`): each message is
/// given the game's noun, which a language other than English reads as a key.
#[derive(Debug)]
pub struct StageWords {
    pub heading: String,
    pub none_yet: String,
    pub add_next: String,
    pub sure: String,
    pub sure_running: String,
    pub standings_later: String,
    pub standings: String,
    pub since_last: String,
}

impl StageWords {
    fn new(lang: Lang, noun: &str, counted: usize) -> StageWords {
        let cap = capitalised(noun);
        let cap = cap.as_str();
        StageWords {
            heading: tr!(lang, "season-stages", noun = noun, noun_cap = cap),
            none_yet: tr!(lang, "season-no-stage", noun = noun),
            add_next: tr!(lang, "season-add-next", noun = noun),
            sure: tr!(lang, "season-sure", noun = noun, running = "no"),
            sure_running: tr!(lang, "season-sure", noun = noun, running = "yes"),
            standings_later: tr!(lang, "season-standings-later", noun = noun),
            standings: tr!(lang, "season-standings", noun = noun, n = counted),
            since_last: tr!(lang, "season-since-last", noun = noun),
        }
    }
}

#[derive(Debug)]
pub struct ClassTable {
    pub key: String,
    pub title: String,
    /// The count-back for level lines (S-3), in the reader's language.
    pub ties: String,
    /// What the totals count (`points`).
    pub unit: String,
    pub jersey: Option<(String, String)>,
    /// `S1`, `S2`, … (`D1` for days).
    pub heads: Vec<String>,
    pub rows: Vec<ClassRow>,
}

#[derive(Debug)]
pub struct ClassRow {
    pub rank: u16,
    /// `▲2`, `▼1`, `▬`, or empty after the first stage.
    pub movement: String,
    /// `up 2 places`, for screen readers and the tooltip.
    pub movement_label: String,
    pub name: String,
    /// The player (or bot) behind the line.
    pub who: String,
    pub total: String,
    pub cells: Vec<(String, bool)>,
    /// The reader's own line.
    pub mine: bool,
    /// The colour of the jersey this line's piece wears.
    pub jersey: Option<String>,
}

#[derive(Debug)]
pub struct GmSteps {
    /// A stage is being played: the next waits for it (`Stage 2 is being played`).
    pub waiting: Option<String>,
    /// Every planned stage has been added.
    pub complete: bool,
}

/// The season's words in `lang` (see [`Standings::localize`](gm::season::Standings::localize)).
fn in_words_of(view: &mut SeasonView, lang: Lang) {
    let game = view.table.row.season.game.clone();
    view.standings.localize(&game, lang);
}

/// The season as its page shows it to `visitor`.
fn season_page(
    visitor: &Visitor,
    view: &SeasonView,
    done: Option<String>,
    error: Option<&ApiError>,
) -> Response {
    let table = &view.table;
    let row = &table.row;
    let nouns = view.nouns;
    let lang = visitor.lang;
    let letter = capitalised(nouns.stage).chars().next().unwrap_or('S');
    let seat_label = |seat: usize, piece: Option<&str>| -> String {
        let name = table.seats.get(seat).map_or("?", |s| s.name.as_str());
        piece.map_or_else(|| name.to_string(), str::to_string)
    };
    let who = |seat: usize| -> String {
        table
            .seats
            .get(seat)
            .map_or(String::new(), |s| match (&s.bot, &s.player_name) {
                (Some(bot), _) => tr!(lang, "season-bot", bot = bot.as_str()),
                (None, Some(p)) => p.clone(),
                (None, None) => tr!(lang, "season-open"),
            })
    };
    let reader = visitor.player.as_ref().map(|p| p.name.as_str());
    let mine = |seat: usize| {
        reader.is_some()
            && table
                .seats
                .get(seat)
                .is_some_and(|s| s.player_name.as_deref() == reader)
    };
    let jersey_of = |seat: usize, piece: Option<&str>| {
        view.standings
            .jerseys
            .iter()
            .find(|j| j.seat == seat && Some(j.piece.as_str()) == piece)
            .map(|j| j.jersey.colour.clone())
    };
    let tables = view
        .standings
        .classifications
        .iter()
        .map(|c| ClassTable {
            key: c.key.clone(),
            title: c.title.clone(),
            ties: c.ties.clone(),
            unit: c.unit.clone(),
            jersey: c
                .jersey
                .as_ref()
                .map(|j| (j.name.clone(), j.colour.clone())),
            heads: (1..=view.standings.stages)
                .map(|n| format!("{letter}{n}"))
                .collect(),
            rows: c
                .rows
                .iter()
                .map(|r| {
                    let (movement, movement_label) = movement(lang, r.movement);
                    ClassRow {
                        rank: r.rank,
                        movement,
                        movement_label,
                        name: seat_label(r.seat, r.piece.as_deref()),
                        who: match &r.piece {
                            Some(_) => format!(
                                "{}, {}",
                                table.seats.get(r.seat).map_or("?", |s| s.name.as_str()),
                                who(r.seat)
                            ),
                            None => who(r.seat),
                        },
                        total: r.total.clone(),
                        cells: r
                            .stages
                            .iter()
                            .map(|cell| (cell.value.clone(), cell.dropped))
                            .collect(),
                        mine: mine(r.seat),
                        jersey: jersey_of(r.seat, r.piece.as_deref()),
                    }
                })
                .collect(),
        })
        .collect();
    let stages = table
        .stages
        .iter()
        .map(|s| {
            let winners: Vec<String> = s
                .places
                .iter()
                .enumerate()
                .filter(|(_, p)| **p == 1)
                .map(|(seat, _)| format!("{} ({})", seat_label(seat, None), who(seat)))
                .collect();
            StageLine {
                game_id: s.game_id,
                label: tr!(
                    lang,
                    "season-stage-line",
                    noun = nouns.stage,
                    noun_cap = capitalised(nouns.stage),
                    n = s.stage,
                    title = s.title.as_str()
                ),
                outcome: match (s.over, winners.is_empty()) {
                    (false, _) => tr!(lang, "season-being-played"),
                    (true, true) => tr!(lang, "season-over"),
                    (true, false) => tr!(
                        lang,
                        "season-won-by",
                        winners = lang.and_list(winners.as_slice())
                    ),
                },
                rest: match s.rest_days {
                    0 => String::new(),
                    days => format!(" · {}", tr!(lang, "season-rest-days", n = days)),
                },
            }
        })
        .collect();
    let played = table.stages.iter().filter(|s| s.over).count();
    let lead = tr!(
        lang,
        "season-lead",
        game =
            gm::game_info(&row.season.game).map_or(row.season.game.clone(), |g| g.title_in(lang)),
        season = nouns.season,
        noun = nouns.stage,
        gm = row.gm_name.as_str(),
        played = played,
        planned = row.planned_stages.unwrap_or(0),
        end = match (row.finished_at.is_some(), view.is_over()) {
            (true, _) => "finished",
            (false, true) => "over",
            _ => "running",
        }
    );
    let gm = visitor
        .player
        .as_ref()
        .filter(|p| p.id == row.gm_id && !view.is_over())
        .map(|_| GmSteps {
            waiting: table.running().map(|s| {
                tr!(
                    lang,
                    "season-waiting",
                    noun = nouns.stage,
                    noun_cap = capitalised(nouns.stage),
                    n = s.stage
                )
            }),
            complete: row
                .planned_stages
                .is_some_and(|n| table.stages.len() >= usize::from(n)),
        });
    let page = SeasonPage {
        lang,
        id: row.id,
        csrf: visitor.csrf_token(),
        error: error.map(|e| crate::pages::frame::in_words(&e.text(crate::reader::lang()))),
        done,
        lead,
        over: view.is_over(),
        crowned: crowns(lang, view, &seat_label, &who),
        jerseys: view
            .standings
            .jerseys
            .iter()
            .map(|j| JerseyLine {
                jersey: j.jersey.name.clone(),
                colour: j.jersey.colour.clone(),
                holder: format!("{} ({})", j.piece, who(j.seat)),
                stand_in: j.stand_in,
            })
            .collect(),
        level: view.standings.level_lines(lang),
        stages,
        words: StageWords::new(lang, nouns.stage, view.standings.stages),
        tables,
        counted: view.standings.stages,
        gm,
    };
    let status = error.map_or(StatusCode::OK, ApiError::status);
    match page.render() {
        Ok(body) => page_with_tab(visitor, status, &row.season.name, &row.season.name, &body),
        Err(e) => error_page(visitor, &ApiError::Internal(format!("template: {e}"))),
    }
}

/// Each classification's winners, those level sharing its line (`ann (bot random) and bob`).
fn crowns(
    lang: Lang,
    view: &SeasonView,
    label: &dyn Fn(usize, Option<&str>) -> String,
    who: &dyn Fn(usize) -> String,
) -> Vec<Crown> {
    let mut crowned: Vec<(String, Vec<String>)> = Vec::new();
    for w in view.winners() {
        let winner = format!("{} ({})", label(w.seat, w.piece.as_deref()), who(w.seat));
        match crowned.last_mut() {
            Some((title, winners)) if *title == w.title => winners.push(winner),
            _ => crowned.push((w.title, vec![winner])),
        }
    }
    crowned
        .into_iter()
        .map(|(title, winners)| Crown {
            title,
            winner: lang.and_list(winners.as_slice()),
        })
        .collect()
}

/// `▲2` and its words.
fn movement(lang: Lang, movement: Option<i32>) -> (String, String) {
    match movement {
        None => (String::new(), String::new()),
        Some(0) => ("▬".into(), tr!(lang, "season-no-change")),
        Some(n) if n > 0 => (format!("▲{n}"), tr!(lang, "season-up", n = n)),
        Some(n) => (format!("▼{}", -n), tr!(lang, "season-down", n = -n)),
    }
}

#[derive(Debug, serde::Deserialize)]
pub struct DoneQuery {
    done: Option<String>,
}

/// `GET /seasons/{id}`: anyone may read a season.
pub async fn season(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<DoneQuery>,
) -> PageResult {
    let mut view = actions::season_view(&state, id)
        .await
        .map_err(|e| error_page(&visitor, &e))?;
    in_words_of(&mut view, visitor.lang);
    // What the GM's step did, in words (the query only picks which words).
    let lang = visitor.lang;
    let done = q.done.as_deref().and_then(|d| match d {
        "new" => Some(tr!(lang, "season-done-new")),
        "finish" => Some(tr!(lang, "season-done-finish")),
        _ => d
            .strip_prefix("stage-")
            .and_then(|g| g.parse::<i64>().ok())
            .map(|g| tr!(lang, "season-done-stage", game = g)),
    });
    Ok(season_page(&visitor, &view, done, None))
}

/// `POST /seasons/{id}`: the GM adds the next stage (`action=stage`, `rest_days`) or
/// finishes the season (`action=finish`, confirmed).
pub async fn season_action(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/seasons/{id}"))?;
    let result: ApiResult<String> = async {
        match form.field("action")? {
            "stage" => {
                let rest_days = form.get("rest_days").unwrap_or("0").trim();
                let rest_days: u16 = if rest_days.is_empty() {
                    0
                } else {
                    rest_days.parse().map_err(|_| {
                        ApiError::Bad(phrase!(
                            "error-rest-days-not-number",
                            max_rest_days = actions::MAX_REST_DAYS
                        ))
                    })?
                };
                let game = actions::add_stage(&state, player, id, rest_days).await?;
                Ok(format!("stage-{game}"))
            }
            "finish" => {
                if form.get("confirm") != Some("yes") {
                    return Err(ApiError::Bad(phrase!("error-season-finish-unticked")));
                }
                actions::finish_season(&state, player, id).await?;
                Ok("finish".into())
            }
            other => Err(ApiError::Bad(phrase!(
                "error-action-unknown",
                other = other
            ))),
        }
    }
    .await;
    match result {
        Ok(done) => Ok(redirect(&format!("/seasons/{id}?done={done}"))),
        Err(e) => {
            let mut view = actions::season_view(&state, id)
                .await
                .map_err(|e| error_page(&visitor, &e))?;
            in_words_of(&mut view, visitor.lang);
            Ok(season_page(&visitor, &view, None, Some(&e)))
        }
    }
}

/// `POST /seasons`: the console's "make this game the first stage of a season".
pub async fn new_season(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/")?;
    let result: ApiResult<i64> = async {
        let game_id = form
            .field("game_id")?
            .parse()
            .map_err(|_| ApiError::Bad(phrase!("error-season-game-id-invalid")))?;
        let stages = match form.get("stages").map(str::trim) {
            None | Some("") => None,
            Some(n) => Some(n.parse().map_err(|_| {
                ApiError::Bad(phrase!(
                    "error-stages-not-number",
                    max_stages = gm::season::MAX_STAGES
                ))
            })?),
        };
        let new = NewSeason {
            name: form.field("name")?.to_string(),
            game_id: Some(game_id),
            first_stage: None,
            scoring: serde_json::Value::Null,
            best_of: None,
            stages,
        };
        actions::create_season(&state, player, new).await
    }
    .await;
    match result {
        Ok(id) => Ok(redirect(&format!("/seasons/{id}?done=new"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// The routes of seasons.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/seasons", post(new_season))
        .route("/seasons/{id}", get(season).post(season_action))
}
