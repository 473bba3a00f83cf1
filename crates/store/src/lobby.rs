//! The lobby as the store reads it: the running games with a seat offered to anyone, a page at
//! a time, and what a game does with the seat of a player who leaves (`OnLeave`).

use locale::phrase;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::read::load_many;
use super::state::Store;
use super::table::Table;

/// Games on one page of the lobby: what one request can cost is bounded.
pub const LOBBY_PAGE: i64 = 20;

/// One page of the lobby: its games (whole, newest first) and how many games have an open seat.
#[derive(Debug)]
pub struct LobbyPage {
    pub games: Vec<Table>,
    pub total: i64,
}

/// Page `page` (from 1) of the games that offer a seat no player holds: not over, not
/// archived. A seat a bot keeps for a replacement counts.
pub async fn open_games(state: &Store, page: i64) -> StoreResult<LobbyPage> {
    const OPEN: &str = "FROM games g WHERE g.over = 0 AND g.archived = 0 AND EXISTS \
         (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.offered = 1 AND s.player_id IS NULL)";
    let total: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("SELECT COUNT(*) {OPEN}")))
        .fetch_one(&state.db.pool)
        .await?;
    let ids: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT g.id {OPEN} ORDER BY g.id DESC LIMIT $1 OFFSET $2"
    )))
    .bind(LOBBY_PAGE)
    .bind((page.max(1) - 1).saturating_mul(LOBBY_PAGE))
    .fetch_all(&state.db.pool)
    .await?;
    let mut games = load_many(state, &ids).await?;
    games.sort_by_key(|t| std::cmp::Reverse(t.row.id));
    Ok(LobbyPage { games, total })
}

/// What becomes of the seat of a player who leaves the game: the GM's choice, per game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OnLeave {
    /// A bot plays the seat and it is offered for a replacement (the default).
    #[default]
    BotAndOpen,
    /// A bot plays the seat; the GM finds a replacement, if any.
    Bot,
    /// The seat is offered for a replacement; until someone takes it, it sends nothing.
    Open,
}

impl OnLeave {
    pub const ALL: [OnLeave; 3] = [OnLeave::BotAndOpen, OnLeave::Bot, OnLeave::Open];

    pub fn name(self) -> &'static str {
        match self {
            OnLeave::BotAndOpen => "bot_and_open",
            OnLeave::Bot => "bot",
            OnLeave::Open => "open",
        }
    }

    /// The choice called `name`, or a line naming the field and the choices.
    pub fn parse(name: &str) -> Result<OnLeave, locale::Phrase> {
        OnLeave::ALL
            .into_iter()
            .find(|o| o.name() == name)
            .ok_or_else(|| locale::phrase!("error-on-leave", name = name))
    }

    /// A bot takes the seat over.
    pub fn bot(self) -> bool {
        self != OnLeave::Open
    }

    /// The seat is offered in the lobby.
    pub fn open(self) -> bool {
        self != OnLeave::Bot
    }
}

/// What game `id` does with the seat of a player who leaves.
pub async fn on_leave(state: &Store, id: i64) -> StoreResult<OnLeave> {
    let row = sqlx::query("SELECT on_leave FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or_else(|| StoreError::NotFound(phrase!("error-game-not-found", id = id)))?;
    OnLeave::parse(&row.get::<String, _>(0))
        .map_err(|e| StoreError::Internal(format!("game {id}: {e}")))
}

/// Sets what game `id` does with the seat of a player who leaves (a setting: no event).
pub async fn set_on_leave(state: &Store, id: i64, on_leave: OnLeave) -> StoreResult<()> {
    sqlx::query("UPDATE games SET on_leave = $1 WHERE id = $2")
        .bind(on_leave.name())
        .bind(id)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}
