//! Ratings in the database (`gm::rating` does the arithmetic): a game marked rated, the
//! update applied once it finishes, the whole table rebuilt from the finished rated games,
//! and the ladder and a game's update as the pages read them.
//!
//! The update is applied right after the resolution that ends a game commits, in a
//! transaction of its own ([`catch_up`]): the group commit writes many games' turns in one
//! statement and reads nothing, and a rating needs the players' ratings read first. Every
//! update takes one lock (on PostgreSQL an advisory lock for the transaction; SQLite has one
//! writer), so updates are applied one at a time in the order the games finished; a game
//! whose turn to be applied has passed (it finished in the same second as a later id, or a
//! crash came between its resolution and its update) makes the catch-up a rebuild instead,
//! so that the table is always what a rebuild gives. Start-up catches up too.

use locale::phrase;
use std::collections::BTreeMap;

use gm::rating::catch_up::CatchUp;
use gm::rating::{Ladder, RatedGame, RatedSeat, Rating, Update, rated_game, rules_version};
use gm::{Event, Record};
use sqlx::{AnyConnection, Row};

use super::error::{StoreError, StoreResult};
use crate::db::{Backend, Db};

/// The advisory lock every ratings update holds on PostgreSQL ("rating" in ASCII).
const RATINGS_LOCK: i64 = 0x7261_7469_6e67;

/// The most players one page of a ladder lists.
pub const LADDER_PAGE: i64 = 50;

/// Takes the ratings lock for the transaction.
async fn lock(conn: &mut AnyConnection) -> StoreResult<()> {
    if Backend::of(conn) == Backend::Postgres {
        sqlx::query("SELECT pg_advisory_xact_lock($1)")
            .bind(RATINGS_LOCK)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

/// Marks a game rated or not; refused (nothing changed) once the game is over.
pub async fn set_rated(db: &Db, id: i64, rated: bool) -> StoreResult<()> {
    let changed = sqlx::query("UPDATE games SET rated = $1 WHERE id = $2 AND over = 0")
        .bind(i64::from(rated))
        .bind(id)
        .execute(&db.pool)
        .await?
        .rows_affected();
    if changed == 1 {
        Ok(())
    } else {
        Err(StoreError::Refused(phrase!("error-rated-game-over")))
    }
}

/// Applies the updates of the finished rated games not yet applied, in the order they
/// finished (or rebuilds, see the module's note). Returns how many games it applied.
pub async fn catch_up(db: &Db) -> StoreResult<usize> {
    let mut tx = db.pool.begin().await?;
    lock(&mut tx).await?;
    let pending: Vec<i64> = sqlx::query_scalar(
        "SELECT g.id FROM games g WHERE g.rated = 1 AND g.over = 1 \
         AND NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id) ORDER BY g.id",
    )
    .fetch_all(&mut *tx)
    .await?;
    if pending.is_empty() {
        tx.rollback().await?;
        return Ok(0);
    }
    let mut games = Vec::with_capacity(pending.len());
    for id in pending {
        games.push(read_rated(&mut tx, id).await?);
    }
    gm::rating::catch_up::in_order(&mut games);
    let mut last_applied = Vec::with_capacity(games.len());
    for game in &games {
        let last: Option<(i64, i64)> = sqlx::query(
            "SELECT finished_at, game_id FROM rated_games WHERE game = $1 \
             ORDER BY finished_at DESC, game_id DESC LIMIT 1",
        )
        .bind(&game.game)
        .fetch_optional(&mut *tx)
        .await?
        .map(|r| (r.get(0), r.get(1)));
        last_applied.push(last);
    }
    let applied = games.len();
    if gm::rating::catch_up::catch_up(&games, &last_applied) == CatchUp::Rebuild {
        rebuild_in(&mut tx).await?;
    } else {
        // The ladder of the players these games touch, as stored.
        let mut stored = Vec::new();
        for (game, player) in gm::rating::catch_up::touched(&games) {
            if let Some(rating) = stored_rating(&mut tx, &game, player).await? {
                stored.push((game, player, rating));
            }
        }
        let mut ladder = Ladder::from_ratings(stored);
        for game in &games {
            let update = ladder.apply(game);
            write_update(&mut tx, game, &update).await?;
        }
        write_ratings(&mut tx, &ladder).await?;
    }
    tx.commit().await?;
    Ok(applied)
}

async fn stored_rating(
    conn: &mut AnyConnection,
    game: &str,
    player: i64,
) -> StoreResult<Option<Rating>> {
    Ok(
        sqlx::query("SELECT mu, sigma, games FROM ratings WHERE game = $1 AND player_id = $2")
            .bind(game)
            .bind(player)
            .fetch_optional(&mut *conn)
            .await?
            .map(|r| Rating {
                mu: r.get(0),
                sigma: r.get(1),
                games: r.get::<i64, _>(2) as u32,
            }),
    )
}

/// What a rebuild did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rebuilt {
    /// Finished rated games replayed.
    pub games: usize,
    /// Ratings written (a player per game kind).
    pub ratings: usize,
}

/// Empties the ratings and replays every finished rated game from its log, in the order they
/// finished; stamps the table with this release's rules version.
pub async fn rebuild(db: &Db) -> StoreResult<Rebuilt> {
    let mut tx = db.pool.begin().await?;
    lock(&mut tx).await?;
    let rebuilt = rebuild_in(&mut tx).await?;
    tx.commit().await?;
    Ok(rebuilt)
}

/// At start-up: a rebuild when the stored rules version is not this release's (or there is
/// none), else the updates not yet applied. `Some(rebuilt)` when it rebuilt.
pub async fn at_start(db: &Db) -> StoreResult<Option<Rebuilt>> {
    let stamp: Option<String> = sqlx::query_scalar("SELECT rules FROM ratings_stamp WHERE id = 1")
        .fetch_optional(&db.pool)
        .await?;
    if stamp.as_deref() == Some(rules_version().as_str()) {
        catch_up(db).await?;
        Ok(None)
    } else {
        Ok(Some(rebuild(db).await?))
    }
}

async fn rebuild_in(conn: &mut AnyConnection) -> StoreResult<Rebuilt> {
    for statement in [
        "DELETE FROM rated_seats",
        "DELETE FROM rated_games",
        "DELETE FROM ratings",
        "DELETE FROM ratings_stamp",
    ] {
        sqlx::query(statement).execute(&mut *conn).await?;
    }
    let ids: Vec<i64> =
        sqlx::query_scalar("SELECT id FROM games WHERE rated = 1 AND over = 1 ORDER BY id")
            .fetch_all(&mut *conn)
            .await?;
    let mut games = Vec::with_capacity(ids.len());
    for id in ids {
        games.push(read_rated(&mut *conn, id).await?);
    }
    gm::rating::catch_up::in_order(&mut games);
    let mut ladder = Ladder::default();
    for game in &games {
        let update = ladder.apply(game);
        write_update(&mut *conn, game, &update).await?;
    }
    write_ratings(&mut *conn, &ladder).await?;
    sqlx::query("INSERT INTO ratings_stamp (id, rules) VALUES (1, $1)")
        .bind(rules_version())
        .execute(&mut *conn)
        .await?;
    Ok(Rebuilt {
        games: games.len(),
        ratings: ladder.ratings().count(),
    })
}

/// A finished game read for its update: replayed from its log, its players' names (as the
/// log names them) found as accounts.
async fn read_rated(conn: &mut AnyConnection, id: i64) -> StoreResult<RatedGame<i64>> {
    let rows = sqlx::query("SELECT at, body FROM events WHERE game_id = $1 ORDER BY seq")
        .bind(id)
        .fetch_all(&mut *conn)
        .await?;
    let mut log = Vec::with_capacity(rows.len());
    let mut finished = 0;
    for row in &rows {
        let event = Event::from_json(&row.get::<String, _>(1))
            .map_err(|e| StoreError::Internal(format!("game {id}: {e}")))?;
        if matches!(event, Event::Resolved { .. }) {
            finished = row.get(0);
        }
        log.push(event);
    }
    let internal = |e: gm::GmError| StoreError::Internal(format!("game {id}: {e}"));
    let record = Record::replay(&log).map_err(internal)?;
    let named = rated_game(id, finished, &record, &log).map_err(internal)?;
    let mut ids: BTreeMap<String, Option<i64>> = BTreeMap::new();
    for name in named.seats.iter().filter_map(|s| s.player.as_ref()) {
        if !ids.contains_key(name) {
            let player: Option<i64> = sqlx::query_scalar("SELECT id FROM players WHERE name = $1")
                .bind(name)
                .fetch_optional(&mut *conn)
                .await?;
            ids.insert(name.clone(), player);
        }
    }
    Ok(RatedGame {
        game: named.game,
        finished: named.finished,
        id: named.id,
        seats: named
            .seats
            .into_iter()
            .map(|s| RatedSeat {
                player: s.player.and_then(|name| ids[&name]),
                bot: s.bot,
                place: s.place,
                turns: s.turns,
                silent: s.silent,
            })
            .collect(),
    })
}

/// The game's update as the pages read it: the game applied, and each seat's outcome.
async fn write_update(
    conn: &mut AnyConnection,
    game: &RatedGame<i64>,
    update: &Update<i64>,
) -> StoreResult<()> {
    sqlx::query("INSERT INTO rated_games (game_id, game, finished_at) VALUES ($1, $2, $3)")
        .bind(game.id)
        .bind(&game.game)
        .bind(game.finished)
        .execute(&mut *conn)
        .await?;
    for seat in &update.seats {
        let (left_out, before, after) = match &seat.outcome {
            Ok((before, after)) => (None, Some(before.shown()), Some(after.shown())),
            Err(why) => (Some(why.to_string()), None, None),
        };
        sqlx::query(
            "INSERT INTO rated_seats (game_id, seat, player_id, left_out, shown_before, shown_after) \
             VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(game.id)
        .bind(seat.seat as i64)
        .bind(seat.player)
        .bind(left_out)
        .bind(before)
        .bind(after)
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Writes every rating `ladder` holds (new or replacing the stored one).
async fn write_ratings(conn: &mut AnyConnection, ladder: &Ladder<i64>) -> StoreResult<()> {
    for (game, player, rating) in ladder.ratings() {
        sqlx::query(
            "INSERT INTO ratings (game, player_id, mu, sigma, games, shown) VALUES ($1, $2, $3, $4, $5, $6) \
             ON CONFLICT (game, player_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, \
             games = excluded.games, shown = excluded.shown",
        )
        .bind(game)
        .bind(*player)
        .bind(rating.mu)
        .bind(rating.sigma)
        .bind(i64::from(rating.games))
        .bind(rating.shown())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// Every stored rating, by game kind and player id (for tests and checks: the table compared
/// with a rebuild's, bit for bit).
pub async fn all(db: &Db) -> StoreResult<Vec<(String, i64, Rating)>> {
    Ok(sqlx::query(
        "SELECT game, player_id, mu, sigma, games FROM ratings ORDER BY game, player_id",
    )
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(|r| {
        (
            r.get(0),
            r.get(1),
            Rating {
                mu: r.get(2),
                sigma: r.get(3),
                games: r.get::<i64, _>(4) as u32,
            },
        )
    })
    .collect())
}

/// One line of a ladder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rung {
    /// 1 for the best; players with the same shown rating share a rank.
    pub rank: i64,
    pub player: String,
    pub rating: i64,
    pub games: i64,
}

/// A page of a game kind's ladder: players with a shown rating (at least
/// `gm::rating::SHOWN_AFTER` rated games), best first, and the provisional ones apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LadderPage {
    pub rungs: Vec<Rung>,
    /// Players shown in all (for paging).
    pub total: i64,
    /// Players with fewer rated games (at most [`LADDER_PAGE`], most games first).
    pub provisional: Vec<Rung>,
    pub provisional_total: i64,
}

/// Page `page` (from 1) of the ladder of `game` (a name from `gm::GAMES`). Erased accounts
/// are not listed.
pub async fn ladder(db: &Db, game: &str, page: i64) -> StoreResult<LadderPage> {
    let shown = gm::rating::SHOWN_AFTER as i64;
    let offset = (page.max(1) - 1).saturating_mul(LADDER_PAGE);
    let rung = |r: &sqlx::any::AnyRow| Rung {
        rank: r.get(0),
        player: r.get(1),
        rating: r.get(2),
        games: r.get(3),
    };
    let rungs = sqlx::query(
        "SELECT 1 + (SELECT count(*) FROM ratings b JOIN players bp ON bp.id = b.player_id \
         WHERE b.game = r.game AND b.games >= $2 AND bp.deleted_at IS NULL AND b.shown > r.shown), \
         p.name, r.shown, r.games FROM ratings r JOIN players p ON p.id = r.player_id \
         WHERE r.game = $1 AND r.games >= $2 AND p.deleted_at IS NULL \
         ORDER BY r.shown DESC, p.name LIMIT $3 OFFSET $4",
    )
    .bind(game)
    .bind(shown)
    .bind(LADDER_PAGE)
    .bind(offset)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(rung)
    .collect();
    let provisional = sqlx::query(
        "SELECT 0, p.name, r.shown, r.games FROM ratings r JOIN players p ON p.id = r.player_id \
         WHERE r.game = $1 AND r.games < $2 AND p.deleted_at IS NULL \
         ORDER BY r.games DESC, p.name LIMIT $3",
    )
    .bind(game)
    .bind(shown)
    .bind(LADDER_PAGE)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(rung)
    .collect();
    let count = |established: bool| {
        sqlx::query_scalar::<_, i64>(if established {
            "SELECT count(*) FROM ratings r JOIN players p ON p.id = r.player_id \
             WHERE r.game = $1 AND r.games >= $2 AND p.deleted_at IS NULL"
        } else {
            "SELECT count(*) FROM ratings r JOIN players p ON p.id = r.player_id \
             WHERE r.game = $1 AND r.games < $2 AND p.deleted_at IS NULL"
        })
        .bind(game)
        .bind(shown)
        .fetch_one(&db.pool)
    };
    Ok(LadderPage {
        rungs,
        total: count(true).await?,
        provisional,
        provisional_total: count(false).await?,
    })
}

/// One seat of a finished rated game, as its page says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedSeatRow {
    pub seat: i64,
    pub player: Option<String>,
    /// Why the seat was left out; `None`: rated.
    pub left_out: Option<String>,
    /// The shown rating before and after the game (rated seats).
    pub before: Option<i64>,
    pub after: Option<i64>,
}

/// Whether a game counts for ratings, and once its update is applied, what it did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRating {
    pub rated: bool,
    /// Empty until the update is applied.
    pub seats: Vec<RatedSeatRow>,
}

/// Whether game `id` is rated and what its update did.
pub async fn of_game(db: &Db, id: i64) -> StoreResult<GameRating> {
    let rated: Option<i64> = sqlx::query_scalar("SELECT rated FROM games WHERE id = $1")
        .bind(id)
        .fetch_optional(&db.pool)
        .await?;
    let Some(rated) = rated else {
        return Err(StoreError::NotFound(phrase!(
            "error-game-not-found",
            id = id
        )));
    };
    let seats = sqlx::query(
        "SELECT rs.seat, p.name, rs.left_out, rs.shown_before, rs.shown_after FROM rated_seats rs \
         LEFT JOIN players p ON p.id = rs.player_id WHERE rs.game_id = $1 ORDER BY rs.seat",
    )
    .bind(id)
    .fetch_all(&db.pool)
    .await?
    .iter()
    .map(|r| RatedSeatRow {
        seat: r.get(0),
        player: r.get(1),
        left_out: r.get(2),
        before: r.get(3),
        after: r.get(4),
    })
    .collect();
    Ok(GameRating {
        rated: rated != 0,
        seats,
    })
}
