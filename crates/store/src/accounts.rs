//! Accounts as the store keeps them: a new player, the row a login checks, failed logins
//! counted per name, and a player's mail settings (address, its confirmation, what is mailed).

use sqlx::Row;

use super::error::StoreResult;
use super::outbox_rows::{OutMail, queue};
use super::state::Store;

/// Whether a player's name (or one equal to it whatever its case) is taken.
pub async fn name_taken(state: &Store, name: &str, key: &str) -> StoreResult<bool> {
    Ok(
        sqlx::query("SELECT 1 FROM players WHERE name_key = $1 OR name = $2")
            .bind(key)
            .bind(name)
            .fetch_optional(&state.db.pool)
            .await?
            .is_some(),
    )
}

/// Writes a new player unless the name was taken meanwhile: whether it was written. The
/// failures tried on the name before it was an account's are forgotten (not the new owner's).
pub async fn insert_player(
    state: &Store,
    name: &str,
    key: &str,
    password_hash: &str,
    unsubscribe_token: &str,
) -> StoreResult<bool> {
    let inserted = sqlx::query(
        "INSERT INTO players (name, name_key, password_hash, created_at, unsubscribe_token) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(name)
    .bind(key)
    .bind(password_hash)
    .bind(state.clock.now())
    .bind(unsubscribe_token)
    .execute(&state.db.pool)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(false);
    }
    let id: i64 = sqlx::query_scalar("SELECT id FROM players WHERE name = $1")
        .bind(name)
        .fetch_one(&state.db.pool)
        .await?;
    super::account_care::operator_if_first(&state.db, id).await?;
    sqlx::query("DELETE FROM login_failures WHERE name_key = $1")
        .bind(key)
        .execute(&state.db.pool)
        .await?;
    Ok(true)
}

/// What a login checks of an account.
#[derive(Clone, Debug)]
pub struct LoginRow {
    pub id: i64,
    pub name: String,
    pub password_hash: String,
    pub name_key: String,
    /// The operator suspended the account: it logs in no more.
    pub suspended: bool,
}

/// The account a login names: the exact name first, then the name whatever its case
/// (accounts that differed only in case before names were compared without it keep their
/// own logins, see docs/server.md).
pub async fn login_row(state: &Store, name: &str, key: &str) -> StoreResult<Option<LoginRow>> {
    Ok(sqlx::query(
        "SELECT id, name, password_hash, name_key, suspended_at FROM players \
         WHERE (name = $1 OR name_key = $2) AND deleted_at IS NULL ORDER BY CASE WHEN name = $1 THEN 0 ELSE 1 END LIMIT 1",
    )
    .bind(name)
    .bind(key)
    .fetch_optional(&state.db.pool)
    .await?
    .map(|r| LoginRow {
        id: r.get(0),
        name: r.get(1),
        password_hash: r.get(2),
        name_key: r.get(3),
        suspended: r.get::<Option<i64>, _>(4).is_some(),
    }))
}

/// The failed logins counted under a name's key, taken off as they are told: failures
/// arriving meanwhile are told next time.
pub async fn take_failures(state: &Store, name_key: &str) -> StoreResult<i64> {
    let failures: i64 = sqlx::query("SELECT failures FROM login_failures WHERE name_key = $1")
        .bind(name_key)
        .fetch_optional(&state.db.pool)
        .await?
        .map_or(0, |r| r.get(0));
    if failures > 0 {
        sqlx::query("UPDATE login_failures SET failures = failures - $1 WHERE name_key = $2")
            .bind(failures)
            .bind(name_key)
            .execute(&state.db.pool)
            .await?;
    }
    Ok(failures)
}

/// Writes one failed login under a name's key, in one transaction with the same statements
/// whether or not the name is an account's (so that its time does not tell which names
/// exist); the failures of names that are no account and were last tried before `forget_before`
/// are dropped.
pub async fn record_failure(
    state: &Store,
    name_key: &str,
    now: i64,
    forget_before: i64,
) -> StoreResult<()> {
    let mut tx = state.db.pool.begin().await?;
    sqlx::query(
        "INSERT INTO login_failures (name_key, failures, last_at) VALUES ($1, 1, $2) \
         ON CONFLICT (name_key) DO UPDATE SET failures = login_failures.failures + 1, last_at = $2",
    )
    .bind(name_key)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    sqlx::query(
        "DELETE FROM login_failures WHERE last_at < $1 \
         AND name_key NOT IN (SELECT name_key FROM players WHERE name_key IS NOT NULL)",
    )
    .bind(forget_before)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// A new address for a player, waiting for its confirmation: the token's hash and when it
/// expires, written with the confirmation mail in one transaction.
#[derive(Debug)]
pub struct PendingEmail<'a> {
    pub player_id: i64,
    pub address: &'a str,
    pub token_hash: String,
    pub expires: i64,
    /// The player's unsubscribe token, if the account has none yet.
    pub unsubscribe_token: String,
    pub mail: &'a OutMail,
}

pub async fn set_email_pending(state: &Store, pending: PendingEmail<'_>) -> StoreResult<()> {
    let mut tx = state.db.pool.begin().await?;
    sqlx::query(
        "UPDATE players SET email_pending = $1, email_token_hash = $2, email_token_expires = $3, \
         unsubscribe_token = COALESCE(unsubscribe_token, $5) WHERE id = $4",
    )
    .bind(pending.address)
    .bind(pending.token_hash)
    .bind(pending.expires)
    .bind(pending.player_id)
    .bind(pending.unsubscribe_token)
    .execute(&mut *tx)
    .await?;
    queue(&mut tx, pending.mail, state.clock.now()).await?;
    tx.commit().await?;
    Ok(())
}

/// Confirms the address whose token hashes to `token_hash`, unless expired: the account's name.
/// A reset link mailed to the old address stops working; an address that bounced is mailed
/// again (its owner has just read mail at it).
pub async fn confirm_email(state: &Store, token_hash: &str) -> StoreResult<Option<String>> {
    let Some(row) = sqlx::query(
        "SELECT id, name, email_pending FROM players WHERE email_token_hash = $1 AND email_token_expires >= $2",
    )
    .bind(token_hash)
    .bind(state.clock.now())
    .fetch_optional(&state.db.pool)
    .await?
    else {
        return Ok(None);
    };
    sqlx::query(
        "UPDATE players SET email = email_pending, email_pending = NULL, email_token_hash = NULL, \
         email_token_expires = NULL, reset_token_hash = NULL, reset_token_expires = NULL, \
         email_bounced_at = NULL, email_bounce = NULL WHERE id = $1",
    )
    .bind(row.get::<i64, _>(0))
    .execute(&state.db.pool)
    .await?;
    Ok(Some(row.get(1)))
}

/// A player's confirmed address, the one waiting for confirmation, and what is mailed unasked
/// (as stored: `every`, `digest` or `none`).
pub async fn mail_settings(
    state: &Store,
    player_id: i64,
) -> StoreResult<(Option<String>, Option<String>, String)> {
    let row = sqlx::query("SELECT email, email_pending, mail_choice FROM players WHERE id = $1")
        .bind(player_id)
        .fetch_one(&state.db.pool)
        .await?;
    Ok((row.get(0), row.get(1), row.get(2)))
}

/// Sets what a player wants mailed unasked (as stored).
pub async fn set_mail_choice(state: &Store, player_id: i64, choice: &str) -> StoreResult<()> {
    sqlx::query("UPDATE players SET mail_choice = $1 WHERE id = $2")
        .bind(choice)
        .bind(player_id)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// The player an unsubscribe link's token names: the player's token, or (a link of an earlier
/// release) the Message-ID of a mail sent to the player.
pub async fn unsubscriber(state: &Store, token: &str) -> StoreResult<Option<i64>> {
    let player: Option<i64> =
        sqlx::query_scalar("SELECT id FROM players WHERE unsubscribe_token = $1")
            .bind(token)
            .fetch_optional(&state.db.pool)
            .await?;
    if player.is_some() {
        return Ok(player);
    }
    Ok(
        sqlx::query_scalar("SELECT player_id FROM outbox WHERE message_id = $1")
            .bind(token)
            .fetch_optional(&state.db.pool)
            .await?
            .flatten(),
    )
}

/// The confirmed address of a player who takes mail (`mail_choice` other than none).
pub async fn mailed_address(state: &Store, player_id: i64) -> StoreResult<Option<String>> {
    Ok(sqlx::query_scalar(
        "SELECT email FROM players WHERE id = $1 AND email IS NOT NULL AND mail_choice <> 'none'",
    )
    .bind(player_id)
    .fetch_optional(&state.db.pool)
    .await?)
}
