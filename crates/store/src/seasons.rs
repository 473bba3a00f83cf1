//! Seasons in the database: a season's row, its stages in order (each a game, which belongs
//! to at most one season), and each finished stage's result, kept in the transaction that
//! ends its game (`keep_result`, called by the committer) so that reading a season never
//! replays a game: a season is read in three bounded queries.

use gm::season::{MAX_STAGES, Season};
use locale::phrase;
use serde_json::Value;
use sqlx::Row;

use super::create::{NewRow, insert_in};
use super::error::{StoreError, StoreResult};
use super::state::Store;

/// A season's row.
#[derive(Clone, Debug)]
pub struct SeasonRow {
    pub id: i64,
    pub gm_id: i64,
    pub gm_name: String,
    pub season: Season,
    /// How many stages the GM means to play, if said.
    pub planned_stages: Option<u16>,
    pub created_at: i64,
    /// When the GM finished it.
    pub finished_at: Option<i64>,
}

/// One stage of a season.
#[derive(Clone, Debug)]
pub struct StageRow {
    /// 1 for the first.
    pub stage: u16,
    pub game_id: i64,
    pub title: String,
    pub rest_days: u16,
    pub over: bool,
    /// The finished game read as a stage (`gm::Record::stage`); `None` while it runs.
    pub result: Option<Value>,
    /// Each seat's place in it, once it is over.
    pub places: Vec<u16>,
}

/// A seat of a season, as its first stage has it (every stage has the same seats).
#[derive(Clone, Debug)]
pub struct SeasonSeat {
    pub name: String,
    pub player_name: Option<String>,
    pub bot: Option<String>,
}

/// A season as read from the database.
#[derive(Clone, Debug)]
pub struct SeasonTable {
    pub row: SeasonRow,
    pub stages: Vec<StageRow>,
    pub seats: Vec<SeasonSeat>,
}

impl SeasonTable {
    /// The results of the finished stages, first first: what the standings count.
    pub fn results(&self) -> Vec<Value> {
        self.stages
            .iter()
            .filter_map(|s| s.result.clone())
            .collect()
    }

    /// The stage still being played, if any.
    pub fn running(&self) -> Option<&StageRow> {
        self.stages.iter().find(|s| !s.over)
    }

    /// Over: finished by its GM, or its planned last stage played.
    pub fn is_over(&self) -> bool {
        let stages_over: Vec<bool> = self.stages.iter().map(|s| s.over).collect();
        gm::season_result::season_over(
            self.row.finished_at.is_some(),
            self.row.planned_stages,
            &stages_over,
        )
    }

    pub fn seat_names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
}

/// A finished game's result as its stage row keeps it: the result and the places, as JSON text.
pub fn stage_row(kept: gm::season_result::StageResult) -> (String, String) {
    (
        kept.result.to_string(),
        serde_json::to_string(&kept.places).expect("places serialise"),
    )
}

/// Season `id`, its stages and seats.
pub async fn load_season(state: &Store, id: i64) -> StoreResult<SeasonTable> {
    let pool = &state.db.pool;
    let row = sqlx::query(
        "SELECT s.id, s.gm_id, p.name, s.season, s.planned_stages, s.created_at, s.finished_at \
         FROM seasons s JOIN players p ON p.id = s.gm_id WHERE s.id = $1",
    )
    .bind(id)
    .fetch_optional(pool)
    .await?
    .ok_or_else(|| StoreError::NotFound(phrase!("error-season-unknown", id = id)))?;
    let season: String = row.get(3);
    let season: Season = serde_json::from_str(&season)
        .map_err(|e| StoreError::Internal(format!("season {id}: {e}")))?;
    let row = SeasonRow {
        id,
        gm_id: row.get(1),
        gm_name: row.get(2),
        season,
        planned_stages: row
            .get::<Option<i64>, _>(4)
            .map(|n| u16::try_from(n).unwrap_or(u16::MAX)),
        created_at: row.get(5),
        finished_at: row.get(6),
    };
    let stages = sqlx::query(
        "SELECT t.stage, t.game_id, g.title, t.rest_days, g.over, t.result, t.places \
         FROM season_stages t JOIN games g ON g.id = t.game_id \
         WHERE t.season_id = $1 ORDER BY t.stage LIMIT $2",
    )
    .bind(id)
    .bind(MAX_STAGES as i64)
    .fetch_all(pool)
    .await?
    .iter()
    .map(|r| {
        let read = |text: Option<String>| -> StoreResult<Option<Value>> {
            text.map(|t| serde_json::from_str(&t))
                .transpose()
                .map_err(|e| StoreError::Internal(format!("season {id}: {e}")))
        };
        let places = read(r.get(6))?
            .map(serde_json::from_value)
            .transpose()
            .map_err(|e| StoreError::Internal(format!("season {id}: {e}")))?;
        Ok(StageRow {
            stage: r.get::<i64, _>(0) as u16,
            game_id: r.get(1),
            title: r.get(2),
            rest_days: r.get::<i64, _>(3) as u16,
            over: r.get::<i64, _>(4) != 0,
            result: read(r.get(5))?,
            places: places.unwrap_or_default(),
        })
    })
    .collect::<StoreResult<Vec<_>>>()?;
    let seats = match stages.first() {
        None => Vec::new(),
        Some(first) => sqlx::query(
            "SELECT s.name, p.name, s.bot FROM seats s LEFT JOIN players p ON p.id = s.player_id \
             WHERE s.game_id = $1 ORDER BY s.seat",
        )
        .bind(first.game_id)
        .fetch_all(pool)
        .await?
        .iter()
        .map(|r| SeasonSeat {
            name: r.get(0),
            player_name: r.get(1),
            bot: r.get(2),
        })
        .collect(),
    };
    Ok(SeasonTable { row, stages, seats })
}

/// Which stage of which season a game is.
#[derive(Clone, Debug)]
pub struct StageOf {
    pub season: i64,
    pub stage: u16,
    /// The season's name.
    pub name: String,
    /// What its game calls a stage, capitalised (`Stage`, `Day`).
    pub noun: String,
}

/// The season game `game_id` is a stage of, and which stage, if any.
pub async fn season_of(state: &Store, game_id: i64) -> StoreResult<Option<StageOf>> {
    sqlx::query(
        "SELECT t.season_id, t.stage, s.season FROM season_stages t \
         JOIN seasons s ON s.id = t.season_id WHERE t.game_id = $1",
    )
    .bind(game_id)
    .fetch_optional(&state.db.pool)
    .await?
    .map(|r| {
        let season: String = r.get(2);
        let season: Season = serde_json::from_str(&season)
            .map_err(|e| StoreError::Internal(format!("season: {e}")))?;
        let noun = gm::game_info(&season.game)
            .ok()
            .and_then(|g| g.season)
            .map_or("stage", |n| n.stage);
        let mut letters = noun.chars();
        Ok(StageOf {
            season: r.get(0),
            stage: r.get::<i64, _>(1) as u16,
            name: season.name,
            noun: letters
                .next()
                .map(|c| c.to_uppercase().chain(letters).collect())
                .unwrap_or_default(),
        })
    })
    .transpose()
}

/// The seasons a GM runs, newest first (at most 100).
pub async fn seasons_of_gm(state: &Store, gm_id: i64) -> StoreResult<Vec<(i64, String)>> {
    sqlx::query("SELECT id, season FROM seasons WHERE gm_id = $1 ORDER BY id DESC LIMIT 100")
        .bind(gm_id)
        .fetch_all(&state.db.pool)
        .await?
        .iter()
        .map(|r| {
            let season: String = r.get(1);
            let season: Season = serde_json::from_str(&season)
                .map_err(|e| StoreError::Internal(format!("season: {e}")))?;
            Ok((r.get(0), season.name))
        })
        .collect()
}

/// A new season whose first stage is game `game_id` (its result kept if it is over): its id.
/// Refused if the game is a stage of a season already (the database enforces it too).
pub async fn create_season(
    state: &Store,
    gm_id: i64,
    season: &Season,
    planned_stages: Option<u16>,
    game_id: i64,
    result: Option<(String, String)>,
) -> StoreResult<i64> {
    let mut tx = state.db.pool.begin().await?;
    let id: i64 = sqlx::query(
        "INSERT INTO seasons (gm_id, season, planned_stages, created_at) VALUES ($1, $2, $3, $4) \
         RETURNING id",
    )
    .bind(gm_id)
    .bind(serde_json::to_string(season).expect("a season serialises"))
    .bind(planned_stages.map(i64::from))
    .bind(state.clock.now())
    .fetch_one(&mut *tx)
    .await?
    .get(0);
    let (result, places) = result.unzip();
    sqlx::query(
        "INSERT INTO season_stages (season_id, stage, game_id, rest_days, result, places) \
         VALUES ($1, 1, $2, 0, $3, $4)",
    )
    .bind(id)
    .bind(game_id)
    .bind(result)
    .bind(places)
    .execute(&mut *tx)
    .await
    .map_err(|e| in_a_season(e, game_id))?;
    tx.commit().await?;
    Ok(id)
}

/// The next stage of `season`: a new game (`new`) and its stage row, written in one
/// transaction. Refused, writing nothing, if another stage was added since `stages` were read.
pub async fn add_stage(
    state: &Store,
    season: &SeasonTable,
    new: &NewRow<'_>,
    rest_days: u16,
) -> StoreResult<i64> {
    let stage = season.stages.len() as i64 + 1;
    let mut tx = state.db.pool.begin().await?;
    let (id, version) = insert_in(state, &mut tx, new).await?;
    sqlx::query(
        "INSERT INTO season_stages (season_id, stage, game_id, rest_days) VALUES ($1, $2, $3, $4)",
    )
    .bind(season.row.id)
    .bind(stage)
    .bind(id)
    .bind(i64::from(rest_days))
    .execute(&mut *tx)
    .await
    .map_err(|_| StoreError::Conflict(phrase!("error-season-stage-added", stage = stage)))?;
    tx.commit().await?;
    state.records.put(id, version, new.file.record());
    Ok(id)
}

/// Finishes season `id`: a stage still running leaves it (the game goes on by itself), and
/// the standings are final. Refused if it is finished already.
pub async fn finish(state: &Store, id: i64) -> StoreResult<()> {
    let mut tx = state.db.pool.begin().await?;
    let finished =
        sqlx::query("UPDATE seasons SET finished_at = $1 WHERE id = $2 AND finished_at IS NULL")
            .bind(state.clock.now())
            .bind(id)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if finished != 1 {
        return Err(StoreError::Conflict(phrase!(
            "error-season-finished-already",
            id = id
        )));
    }
    sqlx::query(
        "DELETE FROM season_stages WHERE season_id = $1 AND game_id IN \
         (SELECT id FROM games WHERE over = 0)",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Keeps a finished game's result on its stage row, if it is a stage of a season (the
/// committer calls this in the transaction that ends the game).
pub(crate) async fn keep_result(
    conn: &mut sqlx::AnyConnection,
    game_id: i64,
    result: &str,
    places: &str,
) -> StoreResult<()> {
    sqlx::query("UPDATE season_stages SET result = $1, places = $2 WHERE game_id = $3")
        .bind(result)
        .bind(places)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A unique violation on `season_stages.game_id` as the one line it means.
fn in_a_season(e: sqlx::Error, game_id: i64) -> StoreError {
    match &e {
        sqlx::Error::Database(d) if d.is_unique_violation() => {
            StoreError::Conflict(phrase!("error-season-game-staged", game_id = game_id))
        }
        _ => e.into(),
    }
}
