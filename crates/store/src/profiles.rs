//! A player's public profile as the store reads it: the games they took a seat in (kept when
//! the seat is freed, `seatings`), where they finished, and their on-time record read from
//! those games' logs (`gm::on_time`); and a game's minimum on-time record for new players.

use gm::OnTime;
use gm::seating::Shelf;
use locale::phrase;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::history::events;
use super::read::load;
use super::state::Store;

/// A game on a player's profile.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ProfileGame {
    pub id: i64,
    pub title: String,
    pub game: &'static str,
    /// The seat the player holds now; `None` once it was freed.
    pub seat: Option<String>,
    pub over: bool,
    /// Their place at the end (1 for the winner), where the game ranks its seats.
    pub place: Option<u16>,
    /// Their record in this game alone.
    pub on_time: OnTime,
}

/// A player's public profile.
#[derive(Clone, Debug)]
pub struct Profile {
    pub name: String,
    pub games: Vec<ProfileGame>,
    /// Their record over every game they took a seat in.
    pub on_time: OnTime,
}

impl Profile {
    pub fn running(&self) -> impl Iterator<Item = &ProfileGame> {
        self.shelf(Shelf::Running)
    }

    pub fn finished(&self) -> impl Iterator<Item = &ProfileGame> {
        self.shelf(Shelf::Finished)
    }

    /// Games whose seat the player no longer holds.
    pub fn left(&self) -> impl Iterator<Item = &ProfileGame> {
        self.shelf(Shelf::Left)
    }

    fn shelf(&self, shelf: Shelf) -> impl Iterator<Item = &ProfileGame> {
        self.games
            .iter()
            .filter(move |g| gm::seating::shelf(g.seat.is_some(), g.over) == shelf)
    }
}

/// The most games a profile reads, the newest first: what one anonymous request costs is
/// bounded (a record over more games counts the newest this many).
pub const PROFILE_GAMES_MAX: i64 = 200;

/// The profile of the player called `name` (whatever its case): a 404 if there is none.
pub async fn profile(state: &Store, name: &str) -> StoreResult<Profile> {
    let id = super::players::player_id(state, name)
        .await
        .map_err(|e| match e {
            StoreError::NotFound(_) => {
                StoreError::NotFound(phrase!("error-player-unknown", name = name))
            }
            e => e,
        })?;
    let name: String = sqlx::query_scalar("SELECT name FROM players WHERE id = $1")
        .bind(id)
        .fetch_one(&state.db.pool)
        .await?;
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT s.game_id FROM seatings s JOIN games g ON g.id = s.game_id \
         WHERE s.player_id = $1 ORDER BY s.game_id DESC LIMIT $2",
    )
    .bind(id)
    .bind(PROFILE_GAMES_MAX)
    .fetch_all(&state.db.pool)
    .await?;
    let mut profile = Profile {
        name,
        games: Vec::new(),
        on_time: OnTime::default(),
    };
    for game in ids {
        let table = load(state, game).await?;
        let log: Vec<gm::Event> = events(state, game)
            .await?
            .into_iter()
            .map(|(_, _, _, e)| e)
            .collect();
        let tallies =
            gm::on_time(&log).map_err(|e| StoreError::Internal(format!("game {game}: {e}")))?;
        let on_time = gm::seating::on_time_in(&tallies, &profile.name);
        profile.on_time.add(on_time);
        let seating = gm::seating::seating(&table.record, table.row.over, table.seat_of(id));
        profile.games.push(ProfileGame {
            id: game,
            title: table.row.title.clone(),
            game: table.row.game.name,
            seat: seating.seat.map(|s| table.seats[s.index()].name.clone()),
            over: seating.over,
            place: seating.place,
            on_time,
        });
    }
    Ok(profile)
}

/// The on-time record of player `id` over every game they took a seat in.
pub async fn on_time_of(state: &Store, id: i64) -> StoreResult<OnTime> {
    let name: String = sqlx::query_scalar("SELECT name FROM players WHERE id = $1")
        .bind(id)
        .fetch_one(&state.db.pool)
        .await?;
    Ok(profile(state, &name).await?.on_time)
}

/// The least on-time record (per cent) game `id` asks of a player taking a seat, if any.
pub async fn min_on_time(state: &Store, id: i64) -> StoreResult<Option<u32>> {
    let row = sqlx::query("SELECT min_on_time FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| StoreError::NotFound(phrase!("error-game-not-found", id = id)))?;
    let min: Option<i64> = row.get(0);
    Ok(min.map(|m| m.clamp(0, 100) as u32))
}

/// Sets the least on-time record game `id` asks of a player taking a seat (`None`: none).
pub async fn set_min_on_time(state: &Store, id: i64, min: Option<u32>) -> StoreResult<()> {
    sqlx::query("UPDATE games SET min_on_time = $1 WHERE id = $2")
        .bind(min.map(i64::from))
        .bind(id)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// Keeps that `player_id` held a seat of `game_id`, when they claim it: the games a profile's
/// on-time record reads, kept when the seat is freed.
pub(super) async fn keep_seating(
    conn: &mut sqlx::AnyConnection,
    player_id: i64,
    game_id: i64,
) -> StoreResult<()> {
    sqlx::query("INSERT INTO seatings (player_id, game_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
        .bind(player_id)
        .bind(game_id)
        .execute(conn)
        .await?;
    Ok(())
}
