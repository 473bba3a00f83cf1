//! A server for tests: the real `app` on a real database (a fresh SQLite file, or a fresh
//! PostgreSQL database when `POSTRIDER_TEST_POSTGRES` names a server), a hand-turned clock,
//! and requests sent without a socket.

#![allow(dead_code)]

pub mod receiver;

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt;
use serde_json::{Value, json};
pub use server::Backend;
use server::{AppState, Config, Db, ManualClock, PasswordCost, app};
use tower::ServiceExt;

/// 2026-11-22 12:00 UTC, a Sunday.
pub const START: i64 = 1_795_348_800;

pub struct TestServer {
    pub state: AppState,
    pub clock: ManualClock,
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

static DATABASES: AtomicU32 = AtomicU32::new(0);

/// A database URL for a fresh database, or `None` if PostgreSQL is not configured. The
/// PostgreSQL half of the suite is `#[ignore]`d with its reason, so that `cargo test` shows it
/// as ignored rather than passed; `cargo test -- --ignored` runs it, and fails without a server.
pub async fn fresh_url(backend: Backend) -> Option<(String, Option<tempfile::TempDir>)> {
    match backend {
        Backend::Sqlite => {
            let dir = tempfile::tempdir().unwrap();
            let url = format!("sqlite://{}?mode=rwc", dir.path().join("test.db").display());
            Some((url, Some(dir)))
        }
        Backend::Postgres => {
            let Ok(admin) = std::env::var("POSTRIDER_TEST_POSTGRES") else {
                return None;
            };
            let name = format!(
                "postrider_test_{}_{}",
                std::process::id(),
                DATABASES.fetch_add(1, Ordering::SeqCst)
            );
            sqlx::any::install_default_drivers();
            let mut conn = <sqlx::AnyConnection as sqlx::Connection>::connect(&admin)
                .await
                .unwrap();
            sweep_once(&mut conn).await;
            // A database of an earlier run whose process had this id is left over: the
            // name is ours now.
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name}"
            )))
            .execute(&mut conn)
            .await
            .unwrap();
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(&mut conn)
                .await
                .unwrap();
            let base = admin.rsplit_once('/').unwrap().0;
            Some((format!("{base}/{name}"), None))
        }
    }
}

/// Drops, once per test process, the databases of test processes that have ended: each test
/// binary's databases live until the next one starts, so a whole suite never holds more than
/// one binary's worth of disk (a full run left thousands behind and filled CI's disk).
async fn sweep_once(conn: &mut sqlx::AnyConnection) {
    static SWEPT: std::sync::Mutex<bool> = std::sync::Mutex::new(false);
    // Whether a process has ended is read from /proc.
    if !cfg!(target_os = "linux") || std::mem::replace(&mut *SWEPT.lock().unwrap(), true) {
        return;
    }
    let names: Vec<String> = sqlx::query_scalar(
        "SELECT datname::text FROM pg_database WHERE datname LIKE 'postrider\\_test\\_%'",
    )
    .fetch_all(&mut *conn)
    .await
    .unwrap();
    for name in names {
        let pid = name.split('_').nth(2).and_then(|p| p.parse::<u32>().ok());
        let ended = pid.is_some_and(|pid| !std::path::Path::new(&format!("/proc/{pid}")).exists());
        if ended {
            let _ = sqlx::query(sqlx::AssertSqlSafe(format!(
                "DROP DATABASE IF EXISTS {name} WITH (FORCE)"
            )))
            .execute(&mut *conn)
            .await;
        }
    }
}

impl TestServer {
    pub async fn start(backend: Backend) -> Option<TestServer> {
        let (url, dir) = fresh_url(backend).await?;
        Some(TestServer::on(&url, dir, ManualClock::at(START)).await)
    }

    /// Another server process's view of the same database (its own pool and state).
    pub async fn on(url: &str, dir: Option<tempfile::TempDir>, clock: ManualClock) -> TestServer {
        let db = Db::open(url).await.unwrap();
        let config = Config {
            password_cost: PasswordCost::Cheap,
            // The tests' webhook receivers listen on this machine.
            webhooks_to_private: true,
            ..Config::default()
        };
        TestServer {
            state: AppState::new(db, Arc::new(clock.clone()), config),
            clock,
            url: url.to_string(),
            _dir: dir,
        }
    }

    pub fn clock_now(&self) -> i64 {
        server::Clock::now(&self.clock)
    }

    /// Sends a request; returns the status and the body (JSON if it parses, else a string).
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder().method(method).uri(path);
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let request = match body {
            Some(body) => request
                .header(header::CONTENT_TYPE, "application/json")
                .body(Body::from(body.to_string())),
            None => request.body(Body::empty()),
        }
        .unwrap();
        self.send(request).await
    }

    pub async fn send(&self, request: Request<Body>) -> (StatusCode, Value) {
        let (status, text) = self.respond(request).await;
        let body = serde_json::from_str(&text).unwrap_or(Value::String(text));
        (status, body)
    }

    /// The status and body, as the bytes sent, of an anonymous `GET path`.
    pub async fn get_text(&self, path: &str) -> (StatusCode, String) {
        self.respond(Request::get(path).body(Body::empty()).unwrap())
            .await
    }

    pub async fn respond(&self, request: Request<Body>) -> (StatusCode, String) {
        let response = app(self.state.clone()).oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (status, String::from_utf8(bytes.to_vec()).unwrap())
    }

    /// Gives the account behind `token` a mail address to confirm (`POST /api/account/email`).
    pub async fn give_email(&self, token: &str, email: &str) -> (StatusCode, Value) {
        self.call(
            "POST",
            "/api/account/email",
            Some(token),
            Some(json!({ "email": email })),
        )
        .await
    }

    /// Gives the account behind `token` an address and confirms it through the mailed link
    /// (mail on: [`club_mail`]).
    pub async fn confirm_email(&self, token: &str, email: &str) {
        let (status, body) = self.give_email(token, email).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
        let body: String = sqlx::query_scalar(
            "SELECT body FROM outbox WHERE kind = 'confirm' AND to_addr = $1 ORDER BY id DESC LIMIT 1",
        )
        .bind(email)
        .fetch_one(&self.state.db.pool)
        .await
        .unwrap();
        let link = body
            .lines()
            .find(|l| l.starts_with("https://club.example/confirm-email/"))
            .unwrap();
        let (status, page) = self
            .call(
                "GET",
                link.trim_start_matches("https://club.example"),
                None,
                None,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{page}");
    }

    /// Registers a player and returns an API token.
    pub async fn player(&self, name: &str) -> String {
        let credentials = json!({ "name": name, "password": "correct horse battery" });
        let (status, body) = self
            .call("POST", "/api/players", None, Some(credentials.clone()))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        let (status, body) = self
            .call("POST", "/api/login", None, Some(credentials))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["token"].as_str().unwrap().to_string()
    }

    /// The GM hands each of `seats` of game `id` to the `bot`.
    pub async fn bot_seats(&self, id: i64, gm: &str, seats: std::ops::Range<u32>, bot: &str) {
        for seat in seats {
            let (status, body) = self
                .call(
                    "POST",
                    &format!("/api/games/{id}/gm"),
                    Some(gm),
                    Some(json!({"action": "bot", "seat": seat, "bot": bot})),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    }

    /// A GM and one player per seat, seated; returns (game id, GM token, seat tokens).
    pub async fn seated_game(&self, game: Value) -> (i64, String, Vec<String>) {
        let gm = self.player("gm").await;
        let (id, tokens) = self.game_seated_by(&gm, game, "p-").await;
        (id, gm, tokens)
    }

    /// [`seated_game`](Self::seated_game) for the GM of token `gm`, each seat taken by a new
    /// player called `prefix` and the seat's name.
    pub async fn game_seated_by(&self, gm: &str, game: Value, prefix: &str) -> (i64, Vec<String>) {
        let (status, created) = self.call("POST", "/api/games", Some(gm), Some(game)).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        let id = created["id"].as_i64().unwrap();
        let mut tokens = Vec::new();
        for invite in created["invites"].as_array().unwrap() {
            let name = format!("{prefix}{}", invite["name"].as_str().unwrap());
            let token = self.player(&name).await;
            let (status, body) = self
                .call(
                    "POST",
                    &format!("/api/games/{id}/join"),
                    Some(&token),
                    Some(json!({ "invite": invite["invite"] })),
                )
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            tokens.push(token);
        }
        (id, tokens)
    }
}

/// The club's mail settings the mail tests share.
pub fn club_mail() -> server::mailbox::MailSettings {
    server::mailbox::MailSettings {
        public_url: "https://club.example".into(),
        from: "postrider@club.example".into(),
        orders_address: "orders@club.example".into(),
    }
}

pub fn race(seats: &[&str]) -> Value {
    json!({
        "title": "Tour de Test",
        "game": "breaking-away",
        "rules": "postal-2.2",
        "seats": seats,
        "deadline": { "every": "interval", "seconds": 86400 },
        "seed": 11,
    })
}

/// Runs a test body once on SQLite and once on PostgreSQL.
#[macro_export]
macro_rules! on_both {
    ($name:ident, $body:expr) => {
        mod $name {
            use super::*;
            #[tokio::test]
            async fn sqlite() {
                let server = TestServer::start(Backend::Sqlite).await.unwrap();
                ($body)(server).await;
            }
            #[tokio::test]
            #[ignore = "needs PostgreSQL: set POSTRIDER_TEST_POSTGRES=postgres://USER@HOST/DB and run cargo test -- --ignored (.ci/run does)"]
            async fn postgres() {
                let server = TestServer::start(Backend::Postgres)
                    .await
                    .expect("POSTRIDER_TEST_POSTGRES names a PostgreSQL server");
                ($body)(server).await;
            }
        }
    };
}

/// A page as a browser gets it.
#[derive(Debug)]
pub struct Page {
    pub status: StatusCode,
    pub location: Option<String>,
    pub html: String,
}

impl Page {
    /// The CSRF token of the page's forms.
    pub fn csrf(&self) -> String {
        let at = self
            .html
            .find(r#"name="csrf" value=""#)
            .expect("the page has a form");
        let rest = &self.html[at + r#"name="csrf" value=""#.len()..];
        rest[..rest.find('"').unwrap()].to_string()
    }
}

/// A browser without a socket: it keeps the cookies the server sets and posts HTML forms.
pub struct Browser<'a> {
    pub server: &'a TestServer,
    pub cookies: std::collections::BTreeMap<String, String>,
}

impl<'a> Browser<'a> {
    pub fn new(server: &'a TestServer) -> Browser<'a> {
        Browser {
            server,
            cookies: Default::default(),
        }
    }

    async fn request(&mut self, request: axum::http::request::Builder, body: Body) -> Page {
        let cookie: Vec<String> = self
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        let request = request
            .header(header::COOKIE, cookie.join("; "))
            .body(body)
            .unwrap();
        let response = app(self.server.state.clone())
            .oneshot(request)
            .await
            .unwrap();
        for value in response.headers().get_all(header::SET_COOKIE) {
            let pair = value.to_str().unwrap().split(';').next().unwrap();
            let (k, v) = pair.split_once('=').unwrap();
            if v.is_empty() {
                self.cookies.remove(k);
            } else {
                self.cookies.insert(k.to_string(), v.to_string());
            }
        }
        let status = response.status();
        let location = response
            .headers()
            .get(header::LOCATION)
            .map(|l| l.to_str().unwrap().to_string());
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        Page {
            status,
            location,
            html: String::from_utf8(bytes.to_vec()).unwrap(),
        }
    }

    pub async fn get(&mut self, path: &str) -> Page {
        self.request(Request::builder().method("GET").uri(path), Body::empty())
            .await
    }

    /// A page as a browser asks for it at an address: `Host` (and whatever else it sends).
    pub async fn get_with(&mut self, path: &str, headers: &[(&str, &str)]) -> Page {
        let mut request = Request::builder().method("GET").uri(path);
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        self.request(request, Body::empty()).await
    }

    /// Posts a form as it is (no token added).
    pub async fn post_raw(&mut self, path: &str, fields: &[(&str, &str)]) -> Page {
        let body = fields
            .iter()
            .map(|(k, v)| format!("{}={}", encode(k), encode(v)))
            .collect::<Vec<_>>()
            .join("&");
        self.request(
            Request::builder()
                .method("POST")
                .uri(path)
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded"),
            Body::from(body),
        )
        .await
    }

    /// Fills in the form on `page_path` as a person would: loads the page, posts to `path`
    /// with the page's CSRF token.
    pub async fn submit(&mut self, page_path: &str, path: &str, fields: &[(&str, &str)]) -> Page {
        let page = self.get(page_path).await;
        assert_eq!(page.status, StatusCode::OK, "{page_path}: {}", page.html);
        let csrf = page.csrf();
        let mut all = vec![("csrf", csrf.as_str())];
        all.extend_from_slice(fields);
        self.post_raw(path, &all).await
    }

    /// Logs in through the form as a player registered with the tests' password.
    pub async fn login(&mut self, name: &str) {
        let page = self
            .submit(
                "/login",
                "/login",
                &[
                    ("name", name),
                    ("password", "correct horse battery"),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    }

    /// Registers (and so logs in) through the form.
    pub async fn register(&mut self, name: &str) {
        let page = self
            .submit(
                "/register",
                "/register",
                &[
                    ("name", name),
                    ("password", "correct horse battery"),
                    ("next", "/"),
                ],
            )
            .await;
        assert_eq!(page.status, StatusCode::SEE_OTHER, "{}", page.html);
    }
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            b' ' => "+".into(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}
