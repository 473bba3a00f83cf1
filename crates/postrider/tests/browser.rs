//! A whole game in a real browser: headless Chromium, driven through ChromeDriver, against a
//! real `postrider serve`. A GM registers and creates a race; two players follow their
//! invitation links, register and take their seats; they send line-ups and orders from the
//! order form (one of them on a phone-sized window); the GM moves the deadline so that it
//! passes, the server adjudicates it, and everyone reads the report, the archive and the
//! history. Screenshots of each step are written and checked to be real pictures.
//!
//! Needs `/usr/bin/chromium` and `/usr/bin/chromedriver` (Debian's `chromium` and
//! `chromium-driver`; `.ci/run` installs them). It is `#[ignore]`d with that reason, so that a
//! plain `cargo test` shows it as ignored, never as passed; `cargo test -- --ignored` runs it and
//! fails if they are missing.
//! Nothing here depends on timing: each step waits for a page to show something, with a
//! generous limit.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::server::{LIMIT, free_port, start, wait_until_listening};
use fantoccini::{Client, ClientBuilder, Locator};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

struct Driver(std::process::Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

struct Session {
    client: Client,
    base: String,
    shots: PathBuf,
    taken: Vec<PathBuf>,
}

impl Session {
    async fn go(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap();
    }

    async fn html(&self) -> String {
        self.client.source().await.unwrap()
    }

    async fn path(&self) -> String {
        let url = self.client.current_url().await.unwrap();
        match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_string(),
        }
    }

    async fn fill(&self, css: &str, text: &str) {
        let field = self.client.find(Locator::Css(css)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(text).await.unwrap();
    }

    /// Clicks something that leads to another page (a link, a form's button) and waits until
    /// the new page has loaded: the old document carries a mark that the new one lacks.
    async fn click(&self, css: &str) {
        self.client
            .execute("window.postriderOldPage = true;", vec![])
            .await
            .unwrap();
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
        let started = Instant::now();
        loop {
            let loaded = self
                .client
                .execute(
                    "return window.postriderOldPage === undefined && document.readyState === 'complete';",
                    vec![],
                )
                .await;
            if matches!(loaded, Ok(serde_json::Value::Bool(true))) {
                return;
            }
            assert!(started.elapsed() < LIMIT, "clicking {css} led nowhere");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Saves a screenshot of the window and checks that it is a PNG picture of some size.
    async fn shot(&mut self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"), "{name}: not a PNG");
        assert!(
            png.len() > 10_000,
            "{name}: {} bytes is an empty page",
            png.len()
        );
        let path = self
            .shots
            .join(format!("{:02}-{name}.png", self.taken.len() + 1));
        std::fs::write(&path, png).unwrap();
        self.taken.push(path);
    }

    /// Reloads `path` until its page contains `text`.
    async fn wait_for(&self, path: &str, text: &str) -> String {
        let started = Instant::now();
        loop {
            self.go(path).await;
            let html = self.html().await;
            if html.contains(text) {
                return html;
            }
            assert!(started.elapsed() < LIMIT, "{path} never showed {text:?}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Fills in and sends the register or the login form (the same fields).
    async fn enter(&self, name: &str) {
        self.fill("#name", name).await;
        self.fill("#password", "correct horse battery").await;
        self.click("button[type=submit]").await;
    }

    async fn log_out(&self) {
        self.click("header form button").await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs Debian's chromium and chromium-driver: install them and run cargo test -- --ignored (.ci/run does)"]
async fn a_whole_game_in_a_real_browser() {
    assert!(
        Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists(),
        "{CHROMIUM} and {CHROMEDRIVER} must be installed"
    );
    let data = tempfile::tempdir().unwrap();
    let database = format!(
        "sqlite://{}?mode=rwc",
        data.path().join("postrider.db").display()
    );
    let server = start(&database, None);
    let port = free_port();
    let _driver = Driver(
        Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    wait_until_listening(&format!("127.0.0.1:{port}"), "chromedriver");
    let profile = tempfile::tempdir().unwrap();
    let capabilities = serde_json::json!({
        "goog:chromeOptions": {
            "binary": CHROMIUM,
            "args": [
                "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync", "--window-size=1100,1400",
                format!("--user-data-dir={}", profile.path().display()),
            ],
        }
    });
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities.as_object().unwrap().clone())
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("chromedriver starts a Chromium session");
    let shots = Path::new(env!("CARGO_TARGET_TMPDIR")).join("browser-screenshots");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    let mut b = Session {
        client,
        base: format!("http://{}", server.address),
        shots,
        taken: Vec::new(),
    };

    // The GM registers and creates a race.
    b.go("/").await;
    assert!(b.html().await.contains("No games yet"));
    b.shot("front-page").await;
    b.go("/register").await;
    b.enter("gm").await;
    b.go("/new").await;
    b.fill("#title", "Tour de Chromium").await;
    b.fill("#seats", "Red\nBlue").await;
    b.fill("#seed", "3").await;
    b.shot("new-game").await;
    b.click("form[action='/new'] button[type=submit]").await;
    assert_eq!(b.path().await, "/games/1/gm");
    let invites: Vec<String> = {
        let mut links = Vec::new();
        for a in b.client.find_all(Locator::Css("a.invite")).await.unwrap() {
            links.push(a.attr("href").await.unwrap().unwrap());
        }
        links
    };
    assert_eq!(invites.len(), 2);
    b.shot("gm-console").await;
    b.log_out().await;

    // Each player follows an invitation, registers on the way and takes the seat.
    for (name, invite) in ["ann", "bob"].iter().zip(&invites) {
        b.go(invite).await;
        let path = b.path().await;
        assert!(path.starts_with("/login?next="), "{path}");
        b.click("#other").await; // "No account yet? Register"
        b.enter(name).await;
        assert!(
            b.path().await.starts_with("/games/1/join"),
            "back to the invitation"
        );
        b.click("form[action='/games/1/join'] button").await;
        assert_eq!(b.path().await, "/games/1/orders");
        if *name == "ann" {
            // Red sends a line-up and turn 1 from a phone.
            b.client.set_window_size(390, 844).await.unwrap();
            b.fill("#lineup", "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6")
                .await;
            b.fill("#orders", "a10 b9 c9 d6").await;
            b.click("form[action='/games/1/orders'] button").await;
            let html = b.html().await;
            assert!(
                html.contains("orders <code>A 10 B 9 C 9 D 6</code>"),
                "{html}"
            );
            b.shot("orders-on-a-phone").await;
            b.client.set_window_size(1100, 1400).await.unwrap();
        }
        // Blue sends nothing: the deadline will find it without orders.
        b.log_out().await;
    }

    // The GM brings the deadline forward so that it has passed: the server adjudicates.
    b.go("/login").await;
    b.enter("gm").await;
    b.go("/games/1/gm").await;
    b.fill("input[name=hours]", "-48").await;
    b.click("button[value=extend]").await;
    let html = b.wait_for("/games/1", "The track after turn 1").await;
    assert!(html.contains("turn 2, due"), "{html}");
    assert!(html.contains("No moves received from: Blue"));
    assert!(html.contains(r#"aria-label="distance over the turns""#));
    b.shot("game-after-turn-1").await;
    b.go("/games/1/turns/1").await;
    assert!(b.html().await.contains("Report of turn 1"));
    b.shot("archive-turn-1").await;
    b.go("/games/1/history").await;
    let html = b.html().await;
    assert!(html.contains("Red: orders A 10 B 9 C 9 D 6"));
    assert!(html.contains("Turn 1 resolved"));
    b.shot("history").await;

    eprintln!("screenshots:");
    for path in &b.taken {
        eprintln!("  {}", path.display());
    }
    assert_eq!(b.taken.len(), 7);
    b.client.close().await.unwrap();
}
