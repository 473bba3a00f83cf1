//! Web Push (issue 56), on SQLite and on PostgreSQL: a player subscribes a device of their own
//! (a P-256 key and auth secret made here, an endpoint on a loopback receiver); when the turn
//! resolves, the push that arrives decrypts (RFC 8291, aes128gcm) to a notification naming the
//! game, carries a TTL, and is signed by a VAPID token (RFC 8292) that verifies with the key
//! `GET /api/push/key` gives; a GM's announcement is pushed too; a push service's 410 forgets
//! the device; at most 10 devices a player; a suspension ends them; the installable app's
//! manifest and service worker are served.

use std::sync::Arc;

use crate::common::receiver::Receiver;
use crate::common::{self, Backend, START, TestServer, race};
use axum::http::StatusCode;
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Verifier;
use p256::elliptic_curve::sec1::ToEncodedPoint;
use serde_json::{Value, json};
use server::outbox::{Drained, Smtp, drain_once};
use server::{AppState, Config};

/// A push service: every push kept, answered 201 at first.
async fn push_service() -> Receiver {
    common::receiver::receiver("/push/{device}", "/push/phone", 201).await
}

/// A device's own keys, as a browser makes them: a P-256 key pair and a 16-byte auth secret.
struct DeviceKeys {
    secret: p256::SecretKey,
    auth: [u8; 16],
}

impl DeviceKeys {
    fn new(seed: u8) -> DeviceKeys {
        DeviceKeys {
            secret: p256::SecretKey::from_slice(&[seed; 32]).unwrap(),
            auth: [seed.wrapping_mul(3); 16],
        }
    }

    /// The `PushSubscription` JSON a browser posts.
    fn subscription(&self, endpoint: &str) -> Value {
        let point = self.secret.public_key().to_encoded_point(false);
        json!({
            "endpoint": endpoint,
            "expirationTime": null,
            "keys": {
                "p256dh": URL_SAFE_NO_PAD.encode(point.as_bytes()),
                "auth": URL_SAFE_NO_PAD.encode(self.auth),
            }
        })
    }

    /// A push's body decrypted as RFC 8291 says (aes128gcm, RFC 8188's header first).
    fn decrypt(&self, body: &[u8]) -> Value {
        // RFC 8188's header: a 16-byte salt, the record size, and the key id, which RFC 8291
        // makes the sender's one-time P-256 public key (65 bytes, uncompressed).
        assert!(body.len() > 86, "a header and a record");
        assert_eq!(body[20], 65, "the key id is an uncompressed P-256 point");
        p256::PublicKey::from_sec1_bytes(&body[21..86]).expect("the sender's key");
        let auth = web_push_native::Auth::from(self.auth);
        let plain = web_push_native::decrypt(body.to_vec(), &self.secret, &auth)
            .expect("the push decrypts with the device's own keys");
        serde_json::from_slice(&plain).unwrap()
    }
}

/// The claims of a VAPID `Authorization` header, once its ES256 signature is checked with
/// `key` (the server's, base64url) and its `k=` is found to be that key.
fn verified_claims(authorization: &str, key: &str) -> Value {
    let rest = authorization
        .strip_prefix("vapid t=")
        .expect("vapid t=…, k=…");
    let (token, k) = rest.split_once(", k=").unwrap();
    assert_eq!(k, key, "the header names the key GET /api/push/key gives");
    let (signed, signature) = token.rsplit_once('.').unwrap();
    let public =
        p256::ecdsa::VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(key).unwrap()).unwrap();
    let signature =
        p256::ecdsa::Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
    public
        .verify(signed.as_bytes(), &signature)
        .expect("the token's ES256 signature verifies");
    let (header, claims) = signed.split_once('.').unwrap();
    let header: Value = serde_json::from_slice(&URL_SAFE_NO_PAD.decode(header).unwrap()).unwrap();
    assert_eq!(header["alg"], "ES256");
    serde_json::from_slice(&URL_SAFE_NO_PAD.decode(claims).unwrap()).unwrap()
}

/// A relay nobody listens on: mail is off in these tests, pushes go out all the same.
fn no_relay() -> std::sync::Arc<Smtp> {
    std::sync::Arc::new(Smtp::new("smtp://127.0.0.1:9", None).unwrap())
}

on_both!(
    a_resolved_turn_is_pushed_encrypted_and_signed,
    |s: TestServer| async move {
        let mut s = s;
        // The server's public address: the tokens' `sub`.
        s.state = AppState {
            config: Arc::new(Config {
                public_url: Some("https://pbm.example.org".into()),
                ..(*s.state.config).clone()
            }),
            ..s.state.clone()
        };
        let service = push_service().await;
        let (id, gm, seats) = s.seated_game(race(&["red", "blue"])).await;
        let (status, body) = s.call("GET", "/api/push/key", None, None).await;
        assert_eq!(status, StatusCode::OK);
        let key = body["key"].as_str().unwrap().to_string();
        assert_eq!(URL_SAFE_NO_PAD.decode(&key).unwrap().len(), 65);
        // Made once, kept in the database.
        let (_, again) = s.call("GET", "/api/push/key", None, None).await;
        assert_eq!(again["key"], key.as_str());

        // Bad subscriptions are refused naming the field.
        let phone = DeviceKeys::new(7);
        let endpoint = service.url.clone();
        let mut bad = phone.subscription(&endpoint);
        bad["keys"]["auth"] = json!("AAAA");
        let (status, body) = s
            .call("POST", "/api/push", Some(&seats[0]), Some(bad))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["error"].as_str().unwrap().starts_with("keys.auth: "),
            "{body}"
        );
        let bad = phone.subscription("ftp://push.example/x");
        let (status, body) = s
            .call("POST", "/api/push", Some(&seats[0]), Some(bad))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["error"].as_str().unwrap().starts_with("endpoint: "),
            "{body}"
        );
        let (status, _) = s
            .call(
                "POST",
                "/api/push",
                None,
                Some(phone.subscription(&endpoint)),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);

        // Red's player subscribes their phone.
        let (status, _) = s
            .call(
                "POST",
                "/api/push",
                Some(&seats[0]),
                Some(phone.subscription(&endpoint)),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        let (_, mine) = s.call("GET", "/api/push", Some(&seats[0]), None).await;
        assert_eq!(mine["devices"].as_array().unwrap().len(), 1);
        assert_eq!(mine["devices"][0]["endpoint"], endpoint.as_str());
        assert_eq!(
            mine["choices"],
            json!({"report": true, "remind": true, "press": true})
        );

        // The turn resolves: the push is in the outbox, written with the turn, and sent.
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let now = s.clock_now();
        let drained = drain_once(&s.state, &no_relay(), "w", now).await.unwrap();
        assert_eq!(drained.sent, 1, "{drained:?}");
        let got = service.got.lock().unwrap()[0].clone();
        let header = |name: &str| got.headers[name].to_str().unwrap().to_string();
        assert_eq!(header("content-encoding"), "aes128gcm");
        let ttl: i64 = header("ttl").parse().unwrap();
        assert!(ttl > 0, "RFC 8030's TTL");
        let note = phone.decrypt(&got.body);
        assert_eq!(note["title"], "Tour de Test", "{note}");
        let text = note["body"].as_str().unwrap();
        assert!(text.starts_with("Turn 1: "), "{text}");
        assert_eq!(note["url"], format!("/games/{id}"));
        let claims = verified_claims(&header("authorization"), &key);
        assert_eq!(
            claims["aud"],
            service.origin.as_str(),
            "the endpoint's origin"
        );
        let exp = claims["exp"].as_i64().unwrap();
        assert!(
            exp > now && exp <= now + 86_400,
            "exp within 24 hours: {claims}"
        );
        assert_eq!(claims["sub"], "https://pbm.example.org");

        // A GM's announcement is pushed to the seats' players who want it.
        let (status, _) = s
            .call(
                "POST",
                &format!("/api/games/{id}/press"),
                Some(&gm),
                Some(json!({"text": "Rest day on Sunday."})),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", now)
                .await
                .unwrap()
                .sent,
            1
        );
        let got = service.got.lock().unwrap()[1].clone();
        let note = phone.decrypt(&got.body);
        assert_eq!(note["body"], "The GM: Rest day on Sunday.");

        // A player who wants no report pushed gets none.
        let (status, _) = s
            .call(
                "POST",
                "/api/push/choices",
                Some(&seats[0]),
                Some(json!({"report": false, "remind": true, "press": true})),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let resolve = || async {
            s.call(
                "POST",
                &format!("/api/games/{id}/gm"),
                Some(&gm),
                Some(json!({"action": "resolve"})),
            )
            .await
        };
        assert_eq!(resolve().await.0, StatusCode::OK);
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", now).await.unwrap(),
            Drained::default()
        );

        // The device unsubscribed (410 from its push service): given up and forgotten.
        s.call(
            "POST",
            "/api/push/choices",
            Some(&seats[0]),
            Some(json!({"report": true, "remind": true, "press": true})),
        )
        .await;
        *service.answer.lock().unwrap() = 410;
        assert_eq!(resolve().await.0, StatusCode::OK);
        assert_eq!(
            drain_once(&s.state, &no_relay(), "w", now).await.unwrap(),
            Drained {
                sent: 0,
                retried: 0,
                given_up: 1
            }
        );
        let (_, mine) = s.call("GET", "/api/push", Some(&seats[0]), None).await;
        assert_eq!(mine["devices"], json!([]));
    }
);

on_both!(
    ten_devices_a_player_and_none_after_a_suspension,
    |s: TestServer| async move {
        let (_, _, seats) = s.seated_game(race(&["red", "blue"])).await;
        let device = DeviceKeys::new(5);
        for k in 0..10 {
            let endpoint = format!("http://127.0.0.1:9/push/{k}");
            let (status, _) = s
                .call(
                    "POST",
                    "/api/push",
                    Some(&seats[1]),
                    Some(device.subscription(&endpoint)),
                )
                .await;
            assert_eq!(status, StatusCode::CREATED);
        }
        let (status, body) = s
            .call(
                "POST",
                "/api/push",
                Some(&seats[1]),
                Some(device.subscription("http://127.0.0.1:9/push/10")),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("10 devices"),
            "{body}"
        );
        // The same endpoint again is the same device, not an eleventh.
        let (status, _) = s
            .call(
                "POST",
                "/api/push",
                Some(&seats[1]),
                Some(device.subscription("http://127.0.0.1:9/push/3")),
            )
            .await;
        assert_eq!(status, StatusCode::CREATED);
        // Removed by its endpoint.
        let (status, _) = s
            .call(
                "DELETE",
                "/api/push",
                Some(&seats[1]),
                Some(json!({"endpoint": "http://127.0.0.1:9/push/3"})),
            )
            .await;
        assert_eq!(status, StatusCode::NO_CONTENT);
        let (status, _) = s
            .call(
                "DELETE",
                "/api/push",
                Some(&seats[1]),
                Some(json!({"endpoint": "http://127.0.0.1:9/push/3"})),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        // A suspension ends every device of the account.
        let player: i64 = sqlx::query_scalar("SELECT player_id FROM push_subscriptions LIMIT 1")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        server::store::account_care::set_suspended(&s.state.db, player, Some(START))
            .await
            .unwrap();
        let left: i64 = sqlx::query_scalar("SELECT count(*) FROM push_subscriptions")
            .fetch_one(&s.state.db.pool)
            .await
            .unwrap();
        assert_eq!(left, 0);
    }
);

on_both!(
    the_manifest_and_the_service_worker_are_served,
    |s: TestServer| async move {
        let (status, manifest) = s.call("GET", "/manifest.webmanifest", None, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(manifest["display"], "standalone");
        for icon in manifest["icons"].as_array().unwrap() {
            let src = icon["src"].as_str().unwrap();
            let request = axum::http::Request::get(src)
                .body(axum::body::Body::empty())
                .unwrap();
            let response = tower::ServiceExt::oneshot(server::app(s.state.clone()), request)
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK, "{src}");
            let png = http_body_util::BodyExt::collect(response.into_body())
                .await
                .unwrap()
                .to_bytes();
            assert!(png.starts_with(b"\x89PNG"), "{src}");
        }
        let (status, worker) = s.get_text("/sw.js").await;
        assert_eq!(status, StatusCode::OK);
        assert!(worker.contains("addEventListener('push'"));
        let (_, front) = s.get_text("/").await;
        assert!(front.contains(r#"<link rel="manifest" href="/manifest.webmanifest">"#));
    }
);
