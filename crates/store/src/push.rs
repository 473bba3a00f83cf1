//! Web Push as the database keeps it (issue 56): the server's one VAPID key pair, the players'
//! devices (their browsers' subscriptions, at most [`MAX_DEVICES`] a player), and what each
//! player wants pushed. The keys are made by `push::keys`; this module only stores them.

use sqlx::{AnyConnection, Row};

use super::error::{StoreError, StoreResult};
use super::state::Store;
use locale::phrase;

/// The most devices one player may have subscribed.
pub const MAX_DEVICES: i64 = 10;

/// The stored VAPID key pair: the private scalar and the public point, base64url.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredKeys {
    pub private_key: String,
    pub public_key: String,
}

/// The stored key pair, if one was made.
pub async fn keys(state: &Store) -> StoreResult<Option<StoredKeys>> {
    let row = sqlx::query("SELECT private_key, public_key FROM push_keys WHERE id = 1")
        .fetch_optional(&state.db.pool)
        .await?;
    Ok(row.map(|r| StoredKeys {
        private_key: r.get(0),
        public_key: r.get(1),
    }))
}

/// Keeps `keys` unless a pair is already kept (two servers starting on one database keep the
/// first): the pair kept.
pub async fn keep_keys(state: &Store, keys: &StoredKeys, now: i64) -> StoreResult<StoredKeys> {
    sqlx::query(
        "INSERT INTO push_keys (id, private_key, public_key, created_at) VALUES (1, $1, $2, $3) \
         ON CONFLICT DO NOTHING",
    )
    .bind(&keys.private_key)
    .bind(&keys.public_key)
    .bind(now)
    .execute(&state.db.pool)
    .await?;
    self::keys(state)
        .await?
        .ok_or_else(|| StoreError::Internal("push keys not kept".into()))
}

/// A device's subscription: where its push service takes pushes, and its keys (base64url).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Device {
    pub endpoint: String,
    #[serde(skip)]
    pub p256dh: String,
    #[serde(skip)]
    pub auth: String,
    /// When it was subscribed (Unix seconds).
    pub created_at: i64,
}

/// Subscribes `device` for `player`. An endpoint another account had moves to this one (one
/// browser, a second account signed in); a player with [`MAX_DEVICES`] others is refused.
pub async fn subscribe(state: &Store, player: i64, device: &Device) -> StoreResult<()> {
    let mut tx = state.db.pool.begin().await?;
    let others: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM push_subscriptions WHERE player_id = $1 AND endpoint <> $2",
    )
    .bind(player)
    .bind(&device.endpoint)
    .fetch_one(&mut *tx)
    .await?;
    if others >= MAX_DEVICES {
        return Err(StoreError::Refused(phrase!(
            "error-push-devices",
            max = MAX_DEVICES
        )));
    }
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
        .bind(&device.endpoint)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO push_subscriptions (player_id, endpoint, p256dh, auth, created_at) \
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(player)
    .bind(&device.endpoint)
    .bind(&device.p256dh)
    .bind(&device.auth)
    .bind(device.created_at)
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Removes `player`'s device at `endpoint`: whether there was one.
pub async fn unsubscribe(state: &Store, player: i64, endpoint: &str) -> StoreResult<bool> {
    Ok(
        sqlx::query("DELETE FROM push_subscriptions WHERE player_id = $1 AND endpoint = $2")
            .bind(player)
            .bind(endpoint)
            .execute(&state.db.pool)
            .await?
            .rows_affected()
            > 0,
    )
}

/// Forgets the device at `endpoint`, whoever's it was (its push service said it is gone).
pub async fn forget(state: &Store, endpoint: &str) -> StoreResult<()> {
    sqlx::query("DELETE FROM push_subscriptions WHERE endpoint = $1")
        .bind(endpoint)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// The device at `endpoint`, if it is still subscribed.
pub async fn device(state: &Store, endpoint: &str) -> StoreResult<Option<Device>> {
    let row = sqlx::query(
        "SELECT endpoint, p256dh, auth, created_at FROM push_subscriptions WHERE endpoint = $1",
    )
    .bind(endpoint)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(row.map(|r| device_of(&r)))
}

fn device_of(r: &sqlx::any::AnyRow) -> Device {
    Device {
        endpoint: r.get(0),
        p256dh: r.get(1),
        auth: r.get(2),
        created_at: r.get(3),
    }
}

/// `player`'s devices, oldest first.
pub async fn devices(state: &Store, player: i64) -> StoreResult<Vec<Device>> {
    let mut conn = state.db.pool.acquire().await?;
    devices_of(&mut conn, player).await
}

async fn devices_of(conn: &mut AnyConnection, player: i64) -> StoreResult<Vec<Device>> {
    Ok(sqlx::query(
        "SELECT endpoint, p256dh, auth, created_at FROM push_subscriptions WHERE player_id = $1 \
         ORDER BY id",
    )
    .bind(player)
    .fetch_all(conn)
    .await?
    .iter()
    .map(device_of)
    .collect())
}

/// What a player wants pushed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PushChoices {
    /// A new report of a game.
    pub report: bool,
    /// A reminder when the player's orders are missing before a deadline.
    pub remind: bool,
    /// A GM's announcement.
    pub press: bool,
}

impl Default for PushChoices {
    fn default() -> PushChoices {
        PushChoices {
            report: true,
            remind: true,
            press: true,
        }
    }
}

/// What `player` wants pushed.
pub async fn choices(state: &Store, player: i64) -> StoreResult<PushChoices> {
    let row = sqlx::query("SELECT push_report, push_remind, push_press FROM players WHERE id = $1")
        .bind(player)
        .fetch_optional(&state.db.pool)
        .await?;
    Ok(row.map_or_else(PushChoices::default, |r| PushChoices {
        report: r.get::<i64, _>(0) == 1,
        remind: r.get::<i64, _>(1) == 1,
        press: r.get::<i64, _>(2) == 1,
    }))
}

/// Sets what `player` wants pushed.
pub async fn set_choices(state: &Store, player: i64, choices: PushChoices) -> StoreResult<()> {
    sqlx::query(
        "UPDATE players SET push_report = $1, push_remind = $2, push_press = $3 WHERE id = $4",
    )
    .bind(i64::from(choices.report))
    .bind(i64::from(choices.remind))
    .bind(i64::from(choices.press))
    .bind(player)
    .execute(&state.db.pool)
    .await?;
    Ok(())
}

/// What is pushed about: the choice's column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Report,
    Remind,
    Press,
}

impl Topic {
    fn column(self) -> &'static str {
        match self {
            Topic::Report => "push_report",
            Topic::Remind => "push_remind",
            Topic::Press => "push_press",
        }
    }
}

/// The devices of `players` who want `topic` pushed, with each one's account language (a
/// code): (player, endpoint, language). One query; none for no players.
pub async fn devices_wanting(
    state: &Store,
    players: &[i64],
    topic: Topic,
) -> StoreResult<Vec<(i64, String, Option<String>)>> {
    if players.is_empty() {
        return Ok(Vec::new());
    }
    let (list, ids) = super::sql::in_list(state.db.backend, players);
    let mut query = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT s.player_id, s.endpoint, p.lang FROM push_subscriptions s \
         JOIN players p ON p.id = s.player_id \
         WHERE s.player_id IN {list} AND p.{} = 1 AND p.deleted_at IS NULL \
         AND p.suspended_at IS NULL ORDER BY s.id",
        topic.column()
    )));
    for id in ids {
        query = query.bind(id);
    }
    Ok(query
        .fetch_all(&state.db.pool)
        .await?
        .iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect())
}
