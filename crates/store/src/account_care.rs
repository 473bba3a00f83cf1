//! Account care as the store keeps it: the operator who runs the server, a suspended account,
//! a password reset by a one-time link, and the erasure of an account its owner deleted.
//! Every function takes the database alone, so that the operator's command line
//! (`postrider account …`) and the server share them.

use locale::phrase;
use sqlx::Row;

use super::error::{StoreError, StoreResult};
use super::outbox_rows::{OutMail, queue};
use crate::db::Db;

/// An account as the operator's page and command line see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    pub id: i64,
    pub name: String,
    pub operator: bool,
    pub suspended: bool,
    pub created_at: i64,
}

fn account_of(row: &sqlx::any::AnyRow) -> Account {
    Account {
        id: row.get(0),
        name: row.get(1),
        operator: row.get::<i64, _>(2) != 0,
        suspended: row.get::<Option<i64>, _>(3).is_some(),
        created_at: row.get(4),
    }
}

const ACCOUNT_COLUMNS: &str = "id, name, operator, suspended_at, created_at";

/// The account a name names (whatever its case), unless it was deleted.
pub async fn account(db: &Db, name: &str) -> StoreResult<Option<Account>> {
    let key = super::players::name_key(name);
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {ACCOUNT_COLUMNS} FROM players WHERE (name = $1 OR name_key = $2) AND deleted_at IS NULL \
         ORDER BY CASE WHEN name = $1 THEN 0 ELSE 1 END LIMIT 1"
    )))
    .bind(name)
    .bind(key)
    .fetch_optional(&db.pool)
    .await?;
    Ok(row.as_ref().map(account_of))
}

/// The accounts whose names begin with `prefix` (all if empty), by name, at most `limit`;
/// deleted accounts are not listed.
pub async fn accounts(db: &Db, prefix: &str, limit: i64) -> StoreResult<Vec<Account>> {
    let pattern = format!(
        "{}%",
        prefix
            .to_lowercase()
            .replace('\\', "\\\\")
            .replace('%', "\\%")
            .replace('_', "\\_")
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {ACCOUNT_COLUMNS} FROM players WHERE deleted_at IS NULL AND name_key LIKE $1 ESCAPE '\\' \
         ORDER BY name_key LIMIT $2"
    )))
    .bind(pattern)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.iter().map(account_of).collect())
}

/// Makes the account the operator if it is the server's only one (a new server's first
/// registration); later accounts become operators only by `postrider account grant-operator`.
/// Two first registrations at once may both see two accounts: then neither is the operator
/// (at most one ever is, this way), and `serve` says at start that none is named.
pub async fn operator_if_first(db: &Db, id: i64) -> StoreResult<()> {
    sqlx::query(
        "UPDATE players SET operator = 1 WHERE id = $1 AND (SELECT count(*) FROM players) = 1",
    )
    .bind(id)
    .execute(&db.pool)
    .await?;
    Ok(())
}

/// How many accounts there are, and how many of them are operators (`serve` says at start
/// when a server with accounts has no operator).
pub async fn census(db: &Db) -> StoreResult<(i64, i64)> {
    let row = sqlx::query(
        // count, not sum: PostgreSQL's sum of a BIGINT is a NUMERIC, which sqlx's Any driver
        // does not read.
        "SELECT count(*), count(CASE WHEN operator = 1 THEN 1 END) FROM players \
         WHERE deleted_at IS NULL",
    )
    .fetch_one(&db.pool)
    .await?;
    Ok((row.get(0), row.get(1)))
}

/// Grants or takes away the operator's role. The role of the server's last operator is not
/// taken away (`Refused`, nothing changed): a server always keeps someone who can act.
pub async fn set_operator(db: &Db, id: i64, operator: bool) -> StoreResult<()> {
    let mut tx = db.pool.begin().await?;
    if !operator {
        // The operators' rows locked first (on PostgreSQL, row locks; on SQLite, the write
        // lock): two revocations at once cannot each leave the other as the last one.
        let operators = sqlx::query(
            "UPDATE players SET operator = 1 WHERE operator = 1 AND deleted_at IS NULL",
        )
        .execute(&mut *tx)
        .await?
        .rows_affected();
        let row =
            sqlx::query("SELECT name, operator FROM players WHERE id = $1 AND deleted_at IS NULL")
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
        if let Some(row) = row
            && row.get::<i64, _>(1) != 0
            && operators <= 1
        {
            let name: String = row.get(0);
            return Err(StoreError::Refused(phrase!(
                "error-revoke-last-operator",
                name = name
            )));
        }
    }
    sqlx::query("UPDATE players SET operator = $1 WHERE id = $2 AND deleted_at IS NULL")
        .bind(i64::from(operator))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Suspends an account (it logs in no more, and its sessions, tokens, feed addresses and push
/// devices end at once: a feed holds the seat's private press) or lifts the suspension (the feeds get new
/// addresses when next asked for).
pub async fn set_suspended(db: &Db, id: i64, at: Option<i64>) -> StoreResult<()> {
    let mut tx = db.pool.begin().await?;
    // A reset link mailed before the suspension does not outlive it.
    sqlx::query(
        "UPDATE players SET suspended_at = $1, reset_token_hash = NULL, reset_token_expires = NULL \
         WHERE id = $2 AND deleted_at IS NULL",
    )
    .bind(at)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if at.is_some() {
        for statement in [
            "DELETE FROM credentials WHERE player_id = $1",
            "DELETE FROM seat_feeds WHERE player_id = $1",
            "DELETE FROM push_subscriptions WHERE player_id = $1",
        ] {
            sqlx::query(statement).bind(id).execute(&mut *tx).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// An account a reset link may be mailed to: its name and confirmed address.
#[derive(Clone, Debug)]
pub struct Resettable {
    pub id: i64,
    pub name: String,
    pub email: String,
    /// When the link mailed last expires, if one is out.
    pub link_expires: Option<i64>,
}

/// The accounts (at most a few) that a name or a confirmed address names, able to log in.
pub async fn resettable(db: &Db, name_or_email: &str) -> StoreResult<Vec<Resettable>> {
    let key = super::players::name_key(name_or_email);
    let rows = sqlx::query(
        "SELECT id, name, email, reset_token_expires FROM players \
         WHERE (name_key = $1 OR lower(email) = lower($2)) AND email IS NOT NULL \
         AND deleted_at IS NULL AND suspended_at IS NULL ORDER BY id LIMIT 4",
    )
    .bind(key)
    .bind(name_or_email)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| Resettable {
            id: r.get(0),
            name: r.get(1),
            email: r.get(2),
            link_expires: r.get(3),
        })
        .collect())
}

/// Stores a reset link's hash (one link an account: a new one replaces the last) and, in the
/// same transaction, the mail that carries it, if any (the operator's command prints the link
/// instead).
pub async fn set_reset_link(
    db: &Db,
    id: i64,
    token_hash: &str,
    expires: i64,
    mail: Option<(&OutMail, i64)>,
) -> StoreResult<()> {
    let mut tx = db.pool.begin().await?;
    sqlx::query("UPDATE players SET reset_token_hash = $1, reset_token_expires = $2 WHERE id = $3")
        .bind(token_hash)
        .bind(expires)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    if let Some((mail, now)) = mail {
        queue(&mut tx, mail, now).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// The name of the account a reset link opens, if it is known and not expired.
pub async fn reset_name(db: &Db, token_hash: &str, now: i64) -> StoreResult<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT name FROM players WHERE reset_token_hash = $1 AND reset_token_expires >= $2 \
         AND deleted_at IS NULL AND suspended_at IS NULL",
    )
    .bind(token_hash)
    .bind(now)
    .fetch_optional(&db.pool)
    .await?)
}

/// Sets the password a reset link allows, once: the link is spent, every session and token
/// of the account ends, and its failed logins are forgotten. The account's id and name, or
/// `None` if the link is unknown, spent or expired.
pub async fn reset_password(
    db: &Db,
    token_hash: &str,
    password_hash: &str,
    now: i64,
) -> StoreResult<Option<(i64, String)>> {
    let mut tx = db.pool.begin().await?;
    let row = sqlx::query(
        "UPDATE players SET password_hash = $1, reset_token_hash = NULL, reset_token_expires = NULL \
         WHERE reset_token_hash = $2 AND reset_token_expires >= $3 \
         AND deleted_at IS NULL AND suspended_at IS NULL RETURNING id, name, name_key",
    )
    .bind(password_hash)
    .bind(token_hash)
    .bind(now)
    .fetch_optional(&mut *tx)
    .await?;
    let Some(row) = row else {
        return Ok(None);
    };
    let (id, name, key): (i64, String, Option<String>) = (row.get(0), row.get(1), row.get(2));
    sqlx::query("DELETE FROM credentials WHERE player_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query("DELETE FROM login_failures WHERE name_key = $1")
        .bind(key)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(Some((id, name)))
}

/// A game that keeps an account from being deleted: one it runs or plays that is not over
/// (archived or not: an archived game may be put back).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Holding {
    pub game: i64,
    pub title: String,
    pub gm: bool,
}

/// What an erasure did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Erasure {
    /// The account is erased; its seats and log entries now bear this name.
    Erased(String),
    /// Nothing was changed: these games (at most 20) still need the account.
    Held(Vec<Holding>),
}

/// The name (and name key) an erased account's seats and log entries bear: no account can
/// register it (it has spaces) and it tells nothing of the person.
pub fn former_name(id: i64) -> String {
    format!("former player {id}")
}

/// Whether `name` is an erased account's ([`former_name`]): no account can be registered
/// under one.
pub fn is_former_name(name: &str) -> bool {
    name.strip_prefix("former player ")
        .is_some_and(|id| id.parse::<i64>().is_ok())
}

/// The actors a player's name appears as in the games' logs: as a player, as a GM, as the
/// operator.
fn actors_of(name: &str) -> [String; 3] {
    [
        name.to_string(),
        format!("gm:{name}"),
        format!("operator:{name}"),
    ]
}

/// Erases an account its owner deleted, unless a game not over needs it. The account row stays
/// (finished games' seats and logs refer to it) under a neutral name, with no password,
/// address, time zone, session, token, feed address or mail left; the name is replaced in the
/// games' logs (who did what, who took a seat) and in the press it wrote or hid (press names
/// its author as written, so that a new account under the old name would otherwise appear as
/// its author); the raw mail its seats received is dropped.
///
/// The log is searched first, outside the transaction (no index on the actor: it would cost
/// every event written; a read holds no write lock on either database), and the entries found
/// are rewritten in the transaction that erases the account, each only if it still names it.
pub async fn erase(db: &Db, id: i64, now: i64) -> StoreResult<Erasure> {
    let Some(name) = sqlx::query_scalar::<_, String>(
        "SELECT name FROM players WHERE id = $1 AND deleted_at IS NULL",
    )
    .bind(id)
    .fetch_optional(&db.pool)
    .await?
    else {
        return Err(StoreError::NotFound(phrase!(
            "error-account-unknown",
            id = id
        )));
    };
    let actors = actors_of(&name);
    let entries =
        sqlx::query("SELECT game_id, seq, actor, body FROM events WHERE actor IN ($1, $2, $3)")
            .bind(&actors[0])
            .bind(&actors[1])
            .bind(&actors[2])
            .fetch_all(&db.pool)
            .await?;
    let former = former_name(id);
    let mut rewrites = Vec::with_capacity(entries.len());
    for entry in &entries {
        let (game, seq, actor, body): (i64, i64, String, String) =
            (entry.get(0), entry.get(1), entry.get(2), entry.get(3));
        let new_actor = match actors.iter().position(|a| *a == actor) {
            Some(1) => format!("gm:{former}"),
            Some(2) => format!("operator:{former}"),
            _ => former.clone(),
        };
        let new_body = match serde_json::from_str::<gm::Event>(&body) {
            Ok(gm::Event::SeatClaimed { seat, player }) if player == name => Some(
                serde_json::to_string(&gm::Event::SeatClaimed {
                    seat,
                    player: former.clone(),
                })
                .map_err(|e| StoreError::Internal(e.to_string()))?,
            ),
            _ => None,
        };
        rewrites.push((game, seq, actor, new_actor, new_body));
    }

    let mut tx = db.pool.begin().await?;
    let held = sqlx::query(
        "SELECT g.id, g.title, CASE WHEN g.gm_id = $1 THEN 1 ELSE 0 END FROM games g \
         WHERE g.over = 0 \
         AND (g.gm_id = $1 OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.player_id = $1)) \
         ORDER BY g.id LIMIT 20",
    )
    .bind(id)
    .fetch_all(&mut *tx)
    .await?;
    if !held.is_empty() {
        return Ok(Erasure::Held(
            held.iter()
                .map(|r| Holding {
                    game: r.get(0),
                    title: r.get(1),
                    gm: r.get::<i64, _>(2) != 0,
                })
                .collect(),
        ));
    }
    let key: Option<String> = sqlx::query_scalar(
        "SELECT name_key FROM players WHERE id = $1 AND name = $2 AND deleted_at IS NULL",
    )
    .bind(id)
    .bind(&name)
    .fetch_optional(&mut *tx)
    .await?
    .ok_or_else(|| StoreError::Conflict(phrase!("error-account-changed")))?;
    sqlx::query(
        "UPDATE players SET name = $1, name_key = $1, password_hash = '!', email = NULL, \
         email_pending = NULL, email_token_hash = NULL, email_token_expires = NULL, time_zone = NULL, \
         unsubscribe_token = NULL, reset_token_hash = NULL, reset_token_expires = NULL, \
         mail_choice = 'none', operator = 0, deleted_at = $2 WHERE id = $3",
    )
    .bind(&former)
    .bind(now)
    .bind(id)
    .execute(&mut *tx)
    .await?;
    for statement in [
        "DELETE FROM credentials WHERE player_id = $1",
        "DELETE FROM seat_feeds WHERE player_id = $1",
        "DELETE FROM push_subscriptions WHERE player_id = $1",
        "DELETE FROM outbox WHERE player_id = $1",
        "DELETE FROM inbound_mail WHERE game_id IN (SELECT game_id FROM seats WHERE player_id = $1) \
         AND EXISTS (SELECT 1 FROM seats s WHERE s.game_id = inbound_mail.game_id \
         AND s.seat = inbound_mail.seat AND s.player_id = $1)",
    ] {
        sqlx::query(statement).bind(id).execute(&mut *tx).await?;
    }
    sqlx::query("DELETE FROM login_failures WHERE name_key = $1")
        .bind(key)
        .execute(&mut *tx)
        .await?;
    for statement in [
        "UPDATE press SET author = $1 WHERE author = $2",
        "UPDATE press SET hidden_by = $1 WHERE hidden_by = $2",
    ] {
        sqlx::query(statement)
            .bind(&former)
            .bind(&name)
            .execute(&mut *tx)
            .await?;
    }
    for (game, seq, actor, new_actor, new_body) in rewrites {
        sqlx::query(
            "UPDATE events SET actor = $1, body = COALESCE($2, body) \
             WHERE game_id = $3 AND seq = $4 AND actor = $5",
        )
        .bind(new_actor)
        .bind(new_body)
        .bind(game)
        .bind(seq)
        .bind(actor)
        .execute(&mut *tx)
        .await?;
    }
    tx.commit().await?;
    Ok(Erasure::Erased(former))
}

/// A game nobody has touched for a while, as the operator's page lists them to archive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Idle {
    pub game: i64,
    pub title: String,
    pub gm: String,
    /// When its log last grew, in Unix seconds.
    pub last_at: i64,
}

/// The games neither over nor archived whose log has not grown since `before`, oldest first,
/// at most `limit`.
pub async fn idle_games(db: &Db, before: i64, limit: i64) -> StoreResult<Vec<Idle>> {
    let rows = sqlx::query(
        "SELECT * FROM (SELECT g.id, g.title, p.name, \
         (SELECT e.at FROM events e WHERE e.game_id = g.id ORDER BY e.seq DESC LIMIT 1) AS last_at \
         FROM games g JOIN players p ON p.id = g.gm_id WHERE g.over = 0 AND g.archived = 0) idle \
         WHERE last_at < $1 ORDER BY last_at, id LIMIT $2",
    )
    .bind(before)
    .bind(limit)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .iter()
        .map(|r| Idle {
            game: r.get(0),
            title: r.get(1),
            gm: r.get(2),
            last_at: r.get(3),
        })
        .collect())
}
