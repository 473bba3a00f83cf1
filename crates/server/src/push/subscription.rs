//! A browser's `PushSubscription` as it arrives (`endpoint`, `keys.p256dh`, `keys.auth`),
//! checked at the edge: the endpoint an https URL to a public address (plain http and private
//! addresses only where `serve --webhooks-to-private-addresses` allows them, for tests), the
//! key a P-256 point and the auth secret 16 bytes, both base64url.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use locale::phrase;
use serde::Deserialize;

use crate::error::{ApiError, ApiResult};
use store::push::Device;

/// The longest endpoint accepted (push services' run to about 400 characters).
pub const MAX_ENDPOINT: usize = 1000;

/// A `PushSubscription` as `JSON.stringify` gives it (`expirationTime` is read and ignored).
#[derive(Clone, Debug, Deserialize)]
pub struct Subscription {
    pub endpoint: String,
    pub keys: Keys,
    #[serde(default, rename = "expirationTime")]
    pub expiration_time: Option<serde_json::Value>,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Keys {
    pub p256dh: String,
    pub auth: String,
}

/// A subscription's endpoint, checked (see the module's comment).
pub fn check_endpoint(endpoint: &str, private: bool) -> ApiResult<String> {
    let endpoint = endpoint.trim();
    let bad = || ApiError::Bad(phrase!("error-push-endpoint"));
    if endpoint.len() > MAX_ENDPOINT || !(private || endpoint.starts_with("https://")) {
        return Err(bad());
    }
    crate::webhook::check_url(endpoint, private).map_err(|_| bad())
}

/// A base64url text (padded or not), decoded.
fn decode(text: &str) -> Option<Vec<u8>> {
    URL_SAFE_NO_PAD
        .decode(text.trim().trim_end_matches('='))
        .ok()
}

impl Subscription {
    /// The device this subscription names, subscribed at `now`, or an error naming the field.
    pub fn device(&self, private: bool, now: i64) -> ApiResult<Device> {
        let endpoint = check_endpoint(&self.endpoint, private)?;
        let key = decode(&self.keys.p256dh)
            .filter(|k| p256::PublicKey::from_sec1_bytes(k).is_ok())
            .ok_or_else(|| ApiError::Bad(phrase!("error-push-key")))?;
        let auth = decode(&self.keys.auth)
            .filter(|a| a.len() == 16)
            .ok_or_else(|| ApiError::Bad(phrase!("error-push-auth")))?;
        Ok(Device {
            endpoint,
            p256dh: URL_SAFE_NO_PAD.encode(key),
            auth: URL_SAFE_NO_PAD.encode(auth),
            created_at: now,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn subscription(endpoint: &str, key: &str, auth: &str) -> Subscription {
        serde_json::from_value(serde_json::json!({
            "endpoint": endpoint,
            "expirationTime": null,
            "keys": { "p256dh": key, "auth": auth },
        }))
        .unwrap()
    }

    // A browser's subscription as the web-push-native crate's example gives it.
    const KEY: &str =
        "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY";
    const AUTH: &str = "_ordMnz7uTCmrpBTeUV4Bw";

    #[test]
    fn a_subscription_is_checked_field_by_field() {
        let ok = subscription("https://fcm.googleapis.com/fcm/send/x", KEY, AUTH);
        assert!(ok.device(false, 0).is_ok());
        let refused =
            |s: Subscription, private: bool| s.device(private, 0).unwrap_err().to_string();
        // Plain http and a private address only where the server allows them.
        let http = subscription("http://127.0.0.1:9/push", KEY, AUTH);
        assert!(refused(http.clone(), false).contains("endpoint"));
        assert!(http.device(true, 0).is_ok());
        let private = subscription("https://10.0.0.1/push", KEY, AUTH);
        assert!(refused(private, false).contains("endpoint"));
        assert!(
            refused(subscription("https://push.example/", "AAAA", AUTH), false).contains("p256dh")
        );
        assert!(
            refused(subscription("https://push.example/", KEY, "AAAA"), false).contains("auth")
        );
    }
}
