//! A season's GM steps, once for the API and the pages: a season created from a game (its
//! first stage) or with a new one, the next stage added in one step (the same game, settings,
//! seats and players, bots carried over, a fresh secret and seed, after any rest days), the
//! season finished early; and a season as both doors show it, with its standings.

use game_api::Seat;
use game_api::season::SeasonNouns;
use gm::season::{MAX_STAGES, Season, Standings};
use gm::{Event, GameFile, LogEntry};
use locale::phrase;
use serde::Deserialize;
use serde_json::Value;

use super::games::{NewGame, create_game};
use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::text;
use store::create::NewRow;
use store::seasons::{self, SeasonTable};

/// The most rest days before a stage: a fortnight's break is a long one.
pub const MAX_REST_DAYS: u16 = 60;

/// A new season, as the API's `POST /api/seasons` and the console's form send it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeason {
    /// `Tour of Cumbria 2027`.
    pub name: String,
    /// The game that is the first stage: one the caller runs, not yet in a season.
    #[serde(default)]
    pub game_id: Option<i64>,
    /// Or the first stage as a new game (as `POST /api/games` takes it).
    #[serde(default)]
    pub first_stage: Option<NewGame>,
    /// The game's scoring tables as the GM changes them (`null`: the game's defaults).
    #[serde(default)]
    pub scoring: Value,
    /// A league's "best n of m".
    #[serde(default)]
    pub best_of: Option<u16>,
    /// How many stages are planned: the season ends after the last.
    #[serde(default)]
    pub stages: Option<u16>,
}

/// A season as the doors show it: its rows, what its game calls it, and its standings after
/// the finished stages (or why they cannot be counted).
#[derive(Debug)]
pub struct SeasonView {
    pub table: SeasonTable,
    pub nouns: SeasonNouns,
    pub standings: Standings,
}

/// A classification's winner, crowned when the season is over.
pub use gm::season_result::{Winner, winners};

impl SeasonView {
    /// Over: finished early, or its planned last stage played.
    pub fn is_over(&self) -> bool {
        self.table.is_over()
    }

    /// Each classification's winners (those ranked first; level lines share the crown) once
    /// the season is over and a stage counted; none before.
    pub fn winners(&self) -> Vec<Winner> {
        gm::season_result::crowned(self.is_over(), &self.standings)
    }
}

/// The season's GM, or a 403.
pub fn require_season_gm(table: &SeasonTable, player: &Player) -> ApiResult<()> {
    if table.row.gm_id == player.id {
        Ok(())
    } else {
        Err(ApiError::Forbidden(phrase!("error-season-gm-only")))
    }
}

/// Creates a season with `player` as its GM: its id. Its first stage is a game the player
/// runs (`game_id`) or a new one (`first_stage`).
pub async fn create_season(state: &AppState, player: &Player, new: NewSeason) -> ApiResult<i64> {
    let name = new.name.trim();
    if name.is_empty() || name.chars().count() > text::MAX_TITLE {
        return Err(ApiError::Bad(phrase!(
            "error-season-name-length",
            max_title = text::MAX_TITLE
        )));
    }
    text::check_line("name", name)?;
    if let Some(n) = new.stages
        && !(1..=MAX_STAGES as u16).contains(&n)
    {
        return Err(ApiError::Bad(phrase!(
            "error-stages-range",
            max_stages = MAX_STAGES,
            n = n
        )));
    }
    let game = match (&new.game_id, &new.first_stage) {
        (Some(id), None) => {
            let table = store::load(state, *id).await?;
            super::access::require_gm(&table, player)?;
            table.row.game.name.to_string()
        }
        (None, Some(first)) => gm::game_info(&first.game)?.name.to_string(),
        _ => {
            return Err(ApiError::Bad(phrase!("error-season-first-stage-missing")));
        }
    };
    let season = Season {
        game,
        name: name.to_string(),
        scoring: new.scoring,
        best_of: new.best_of,
    };
    season.check()?;
    if let Some(id) = new.game_id
        && let Some(of) = seasons::season_of(state, id).await?
    {
        return Err(ApiError::Conflict(phrase!(
            "error-season-first-stage-staged",
            id = id,
            stage = of.stage,
            season = of.season,
            name = of.name
        )));
    }
    let game_id = match (new.game_id, new.first_stage) {
        (Some(id), _) => id,
        (None, Some(first)) => create_game(state, player, first).await?,
        (None, None) => unreachable!("refused above"),
    };
    let table = store::load(state, game_id).await?;
    let result = gm::season_result::stage_result(&table.record).map(store::seasons::stage_row);
    Ok(seasons::create_season(state, player.id, &season, new.stages, game_id, result).await?)
}

/// Adds the next stage of season `id` in one step: the last stage's game and settings, its
/// seats with the same players (and bots), a fresh secret and seed (a test season, whose GM
/// chose the seed, takes the next seed), the same deadline rule, its clock started with the
/// first deadline `rest_days` later. Refused while a stage is being played. The new game's id.
pub async fn add_stage(
    state: &AppState,
    player: &Player,
    id: i64,
    rest_days: u16,
) -> ApiResult<i64> {
    let season = seasons::load_season(state, id).await?;
    require_season_gm(&season, player)?;
    let nouns = season
        .row
        .season
        .check()
        .map_err(|e| ApiError::Internal(e.to_string()))?;
    if rest_days > MAX_REST_DAYS {
        return Err(ApiError::Bad(phrase!(
            "error-rest-days-range",
            max_rest_days = MAX_REST_DAYS,
            rest_days = rest_days
        )));
    }
    if season.row.finished_at.is_some() {
        return Err(ApiError::Conflict(phrase!(
            "error-season-finished",
            name = season.row.season.name
        )));
    }
    if let Some(running) = season.running() {
        return Err(ApiError::Conflict(phrase!(
            "error-season-stage-running",
            stage = nouns.stage,
            stage2 = running.stage,
            game_id = running.game_id
        )));
    }
    let planned = season.row.planned_stages.map_or(MAX_STAGES, usize::from);
    if season.stages.len() >= planned.min(MAX_STAGES) {
        return Err(ApiError::Conflict(phrase!(
            "error-season-all-played",
            stages = season.stages.len(),
            stage = nouns.stage
        )));
    }
    let last = season
        .stages
        .last()
        .ok_or_else(|| ApiError::Internal(format!("season {id}: no stage")))?;
    let previous = store::load(state, last.game_id).await?;
    let log: Vec<Event> = store::events(state, last.game_id)
        .await?
        .into_iter()
        .map(|(_, _, _, e)| e)
        .collect();
    let (seed, secret) = match previous.record.setup().secret {
        None => (previous.record.setup().seed.wrapping_add(1), None),
        Some(_) => {
            let mut bytes = [0u8; gm::draws::SECRET_BYTES];
            getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
            let (secret, seed) = gm::draws::secret_from_bytes(&bytes);
            (seed, Some(secret))
        }
    };
    let mut events = gm::season::next_stage(&log, seed, secret)?;
    // The same players take the same seats (after the creation, before the bots).
    let claims: Vec<Event> = previous
        .seats
        .iter()
        .filter_map(|s| {
            s.player_name.as_ref().map(|name| Event::SeatClaimed {
                seat: s.seat,
                player: name.clone(),
            })
        })
        .collect();
    events.splice(1..1, claims);
    let rule = &previous.row.deadline_rule;
    let now = state.clock.now();
    let first_deadline = rule
        .next_after(now)
        .map_err(|e| ApiError::Internal(e.to_string()))?
        + i64::from(rest_days) * 86_400;
    events.push(Event::Deadline { at: first_deadline });
    let actor = format!("gm:{}", player.name);
    let file = GameFile::from_log(
        events
            .into_iter()
            .map(|event| LogEntry {
                at: Some(now),
                actor: Some(actor.clone()),
                event,
            })
            .collect(),
    )?;
    let stage = season.stages.len() + 1;
    let title = text::check_title(&format!(
        "{}, {} {stage}",
        season.row.season.name, nouns.stage
    ))
    .or_else(|_| text::check_title(&format!("{} {stage}", capitalised(nouns.stage))))?;
    let players: Vec<Option<i64>> = (0..previous.seats.len())
        .map(|s| previous.seats[Seat(s as u8).index()].player_id)
        .collect();
    // A stage counts for ratings as the stage before it did.
    let rated = store::ratings::of_game(&state.db, last.game_id)
        .await?
        .rated;
    let new = NewRow {
        rated,
        file: &file,
        title: &title,
        gm_id: player.id,
        rule,
        actor: &actor,
        players: &players,
        next_deadline: Some(first_deadline),
    };
    let game_id = seasons::add_stage(state, &season, &new, rest_days).await?;
    state.wake.notify_one();
    Ok(game_id)
}

/// Finishes season `id` early (or at its end): a stage still being played leaves it.
pub async fn finish_season(state: &AppState, player: &Player, id: i64) -> ApiResult<()> {
    let season = seasons::load_season(state, id).await?;
    require_season_gm(&season, player)?;
    Ok(seasons::finish(state, id).await?)
}

/// Season `id` with its standings after its finished stages; anyone may read it.
pub async fn season_view(state: &AppState, id: i64) -> ApiResult<SeasonView> {
    let table = seasons::load_season(state, id).await?;
    let nouns = table
        .row
        .season
        .check()
        .map_err(|e| ApiError::Internal(format!("season {id}: {e}")))?;
    let standings = gm::season::standings(&table.row.season, &table.seat_names(), &table.results())
        .map_err(|e| ApiError::Internal(format!("season {id}: {e}")))?;
    Ok(SeasonView {
        table,
        nouns,
        standings,
    })
}

/// `stage` → `Stage`.
pub fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}
