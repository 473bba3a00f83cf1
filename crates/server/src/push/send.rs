//! Sending one push (an outbox row of kind `push`) to its device's push service, as RFC 8030
//! asks: the notification encrypted for the device (RFC 8291, `aes128gcm`, by the
//! web-push-native crate), a `TTL`, and a VAPID `Authorization` (RFC 8292, [`super::keys`]).
//! The push service's answer decides the row's fate: 2xx sent; 429 or 5xx tried again with the
//! outbox's back-off; 404 or 410 (the device unsubscribed) forgets the subscription and gives
//! the push up; anything else gives it up.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use super::keys;
use crate::http_post::{self, Post};
use crate::sender::SendError;
use crate::state::AppState;
use store::push::{self, Device};

/// How long a push service keeps a push for a device that is off (RFC 8030's `TTL`, seconds):
/// a reminder is worth nothing after its deadline's last hours, a report for two days.
pub fn ttl(subject: &str) -> i64 {
    match subject {
        "reminder" => 2 * 3600,
        _ => 2 * 86_400,
    }
}

/// The encrypted body of `payload` for `device`.
fn encrypt(device: &Device, payload: &str) -> Result<Vec<u8>, String> {
    let key = URL_SAFE_NO_PAD
        .decode(&device.p256dh)
        .map_err(|e| format!("p256dh: {e}"))?;
    let key = p256::PublicKey::from_sec1_bytes(&key).map_err(|e| format!("p256dh: {e}"))?;
    let auth = URL_SAFE_NO_PAD
        .decode(&device.auth)
        .map_err(|e| format!("auth: {e}"))?;
    let auth: [u8; 16] = auth
        .try_into()
        .map_err(|_| "auth: not 16 bytes".to_string())?;
    let auth = web_push_native::Auth::from(auth);
    web_push_native::encrypt(payload.as_bytes().to_vec(), &key, &auth).map_err(|e| e.to_string())
}

/// Sends the push `payload` (about `subject`) to the device at `endpoint` at `now`.
pub async fn send(
    state: &AppState,
    endpoint: &str,
    subject: &str,
    payload: &str,
    now: i64,
) -> Result<(), SendError> {
    let internal = |e: &dyn std::fmt::Display| SendError::Transient(format!("push: {e}"));
    let Some(device) = push::device(state, endpoint)
        .await
        .map_err(|e| internal(&e))?
    else {
        return Err(SendError::Permanent(
            "push: the device is no longer subscribed".into(),
        ));
    };
    let body = encrypt(&device, payload).map_err(SendError::Permanent)?;
    let vapid = keys::vapid(state).await.map_err(|e| internal(&e))?;
    let post = Post {
        content_type: "application/octet-stream",
        headers: vec![
            ("TTL", ttl(subject).to_string()),
            ("Content-Encoding", "aes128gcm".into()),
            (
                "Urgency",
                if subject == "reminder" {
                    "high"
                } else {
                    "normal"
                }
                .into(),
            ),
            (
                "Authorization",
                vapid.authorization(endpoint, keys::subject(state).as_deref(), now),
            ),
        ],
        body,
    };
    match http_post::post(endpoint, post, state.config.webhooks_to_private).await? {
        s if (200..300).contains(&s) => Ok(()),
        s @ (404 | 410) => {
            push::forget(state, endpoint)
                .await
                .map_err(|e| internal(&e))?;
            Err(SendError::Permanent(format!(
                "{endpoint}: HTTP {s}, the device unsubscribed"
            )))
        }
        s if s == 429 || s >= 500 => Err(SendError::Transient(format!("{endpoint}: HTTP {s}"))),
        s => Err(SendError::Permanent(format!("{endpoint}: HTTP {s}"))),
    }
}
