//! The server's VAPID key pair (RFC 8292) and the token that signs a push: made on first start
//! from the operating system's generator and kept in the database (`store::push`), so that a
//! backup carries it and every server on one database signs with it. The signature is p256's
//! ECDSA (ES256); the token is a JWT whose `aud` is the push service's origin, whose `exp` is
//! [`TOKEN_LIFE`] after now, and whose `sub` is the server's public address or a mailto.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer;
use p256::elliptic_curve::sec1::ToEncodedPoint;

use crate::state::AppState;
use store::push::{self, StoredKeys};
use store::{StoreError, StoreResult};

/// How long a VAPID token is good for: half of the most RFC 8292 allows (24 hours).
pub const TOKEN_LIFE: i64 = 12 * 3600;

/// The server's VAPID key pair.
#[derive(Clone, Debug)]
pub struct Vapid {
    secret: p256::SecretKey,
    /// The public key as browsers take it (`applicationServerKey`): the uncompressed point,
    /// base64url.
    pub public: String,
}

impl Vapid {
    fn of(stored: &StoredKeys) -> StoreResult<Vapid> {
        let bad = |e: &dyn std::fmt::Display| StoreError::Internal(format!("push keys: {e}"));
        let bytes = URL_SAFE_NO_PAD
            .decode(&stored.private_key)
            .map_err(|e| bad(&e))?;
        let secret = p256::SecretKey::from_slice(&bytes).map_err(|e| bad(&e))?;
        Ok(Vapid {
            public: public_text(&secret),
            secret,
        })
    }

    /// A new key pair from the operating system's generator.
    fn new_pair() -> StoreResult<StoredKeys> {
        loop {
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes)
                .map_err(|e| StoreError::Internal(format!("getrandom: {e}")))?;
            // A scalar of zero or past the group's order (odds of 2^-32) is drawn again.
            if let Ok(secret) = p256::SecretKey::from_slice(&bytes) {
                return Ok(StoredKeys {
                    private_key: URL_SAFE_NO_PAD.encode(secret.to_bytes()),
                    public_key: public_text(&secret),
                });
            }
        }
    }

    /// The `Authorization` header of a push to `endpoint` at `now`: `vapid t=TOKEN, k=KEY`.
    pub fn authorization(&self, endpoint: &str, subject: Option<&str>, now: i64) -> String {
        format!(
            "vapid t={}, k={}",
            self.token(&origin(endpoint), subject, now),
            self.public
        )
    }

    /// The signed token (a JWT, ES256) for the push service at `audience`.
    pub fn token(&self, audience: &str, subject: Option<&str>, now: i64) -> String {
        let header = URL_SAFE_NO_PAD.encode(r#"{"typ":"JWT","alg":"ES256"}"#);
        let mut claims = serde_json::json!({ "aud": audience, "exp": now + TOKEN_LIFE });
        if let Some(subject) = subject {
            claims["sub"] = subject.into();
        }
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signing = format!("{header}.{claims}");
        let key = p256::ecdsa::SigningKey::from(&self.secret);
        let signature: p256::ecdsa::Signature = key.sign(signing.as_bytes());
        format!("{signing}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()))
    }
}

fn public_text(secret: &p256::SecretKey) -> String {
    URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes())
}

/// The server's key pair: the one kept, else a new one made and kept (first start).
pub async fn vapid(state: &AppState) -> StoreResult<Vapid> {
    let stored = match push::keys(state).await? {
        Some(stored) => stored,
        None => push::keep_keys(state, &Vapid::new_pair()?, state.clock.now()).await?,
    };
    Vapid::of(&stored)
}

/// The origin of a URL (`https://push.example:8443`): scheme, host and a port that is not the
/// scheme's own, as RFC 8292's `aud` names the push service.
pub fn origin(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("https", url));
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let default = match scheme {
        "https" => ":443",
        "http" => ":80",
        _ => "",
    };
    let authority = authority.strip_suffix(default).unwrap_or(authority);
    format!("{scheme}://{}", authority.to_ascii_lowercase())
}

/// Who runs the server, as a token's `sub`: its public address, else a mailto of its From.
pub fn subject(state: &AppState) -> Option<String> {
    state
        .config
        .public_url
        .clone()
        .or_else(|| state.mail.as_ref().map(|m| m.public_url.clone()))
        .filter(|url| url.starts_with("https://") || url.starts_with("http://"))
        .map(|url| url.trim_end_matches('/').to_string())
        .or_else(|| {
            let from = &state.mail.as_ref()?.from;
            let address = from
                .rsplit_once('<')
                .map_or(from.as_str(), |(_, a)| a.trim_end_matches('>'));
            Some(format!("mailto:{}", address.trim()))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::signature::Verifier;

    #[test]
    fn the_audience_is_the_endpoints_origin() {
        assert_eq!(
            origin("https://fcm.googleapis.com/fcm/send/abc"),
            "https://fcm.googleapis.com"
        );
        assert_eq!(
            origin("https://updates.push.services.mozilla.com:443/wpush/v2/x"),
            "https://updates.push.services.mozilla.com"
        );
        assert_eq!(
            origin("http://127.0.0.1:8123/push/1"),
            "http://127.0.0.1:8123"
        );
    }

    #[test]
    fn a_token_is_an_es256_jwt_that_verifies_with_the_public_key() {
        let vapid = Vapid::of(&Vapid::new_pair().unwrap()).unwrap();
        let token = vapid.token("https://push.example", Some("mailto:gm@club.example"), 1000);
        let (signing, signature) = token.rsplit_once('.').unwrap();
        let key = p256::ecdsa::VerifyingKey::from_sec1_bytes(
            &URL_SAFE_NO_PAD.decode(&vapid.public).unwrap(),
        )
        .unwrap();
        let signature =
            p256::ecdsa::Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap())
                .unwrap();
        key.verify(signing.as_bytes(), &signature).unwrap();
        let claims = signing.split('.').nth(1).unwrap();
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap();
        assert_eq!(claims["aud"], "https://push.example");
        assert_eq!(claims["exp"], 1000 + TOKEN_LIFE);
        assert_eq!(claims["sub"], "mailto:gm@club.example");
    }
}
