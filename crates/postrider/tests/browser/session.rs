//! Driving a session like a person: go to a page, fill in a form, click and wait for the next
//! page, wait for a text or a script's work; sign in and out; hand seats to bots.

use std::time::{Duration, Instant};

use fantoccini::Locator;

use crate::common::server::LIMIT;
use crate::driver::Session;

impl Session {
    pub async fn go(&self, path: &str) {
        self.client
            .goto(&format!("{}{path}", self.base))
            .await
            .unwrap();
    }

    pub async fn html(&self) -> String {
        self.client.source().await.unwrap()
    }

    pub async fn path(&self) -> String {
        let url = self.client.current_url().await.unwrap();
        match url.query() {
            Some(q) => format!("{}?{q}", url.path()),
            None => url.path().to_string(),
        }
    }

    pub async fn fill(&self, css: &str, text: &str) {
        let field = self.client.find(Locator::Css(css)).await.unwrap();
        field.clear().await.unwrap();
        field.send_keys(text).await.unwrap();
    }

    /// Clicks something that leads to another page (a link, a form's button) and waits until
    /// the new page has loaded: the old document carries a mark that the new one lacks.
    pub async fn click(&self, css: &str) {
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

    /// How many elements match `css`.
    pub async fn count(&self, css: &str) -> usize {
        self.client.find_all(Locator::Css(css)).await.unwrap().len()
    }

    /// Sets the window's size and waits until the page has it: headless Chromium applies a
    /// resize asynchronously, so on a busy machine the next script may still see the old width.
    pub async fn resize(&self, width: u32, height: u32) {
        self.client.set_window_size(width, height).await.unwrap();
        let started = Instant::now();
        loop {
            let inner = self
                .client
                .execute("return window.innerWidth;", vec![])
                .await;
            if matches!(inner, Ok(serde_json::Value::Number(n)) if n.as_u64() == Some(u64::from(width)))
            {
                return;
            }
            assert!(
                started.elapsed() < LIMIT,
                "the window never became {width} px wide"
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Waits until the document is complete (after a resize, a layout has been made).
    pub async fn settled(&self) {
        let started = Instant::now();
        loop {
            let done = self
                .client
                .execute(
                    "return document.readyState === 'complete' && !!document.body;",
                    vec![],
                )
                .await;
            if matches!(done, Ok(serde_json::Value::Bool(true))) {
                return;
            }
            assert!(started.elapsed() < LIMIT, "the page never settled");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }

    /// Reloads `path` until its page contains `text`.
    pub async fn wait_for(&self, path: &str, text: &str) -> String {
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
    pub async fn enter(&self, name: &str) {
        self.fill("#name", name).await;
        self.fill("#password", "correct horse battery").await;
        self.click("button[type=submit]").await;
    }

    /// Waits until `count` elements match `css` (a script's work, once it has run).
    pub async fn wait_count(&self, css: &str, count: usize) {
        let started = Instant::now();
        loop {
            let found = self.client.find_all(Locator::Css(css)).await.unwrap().len();
            if found == count {
                return;
            }
            assert!(
                started.elapsed() < LIMIT,
                "{css}: {found} elements, never {count}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Ticks a check box.
    pub async fn tick(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap()
            .click()
            .await
            .unwrap();
    }

    /// Logs out from the profile page (the header keeps one row: no button there).
    pub async fn log_out(&self) {
        self.go("/profile").await;
        self.click("#log-out button").await;
    }

    /// The GM hands seats `0..seats` of game `game` to `bot`, from the console.
    pub async fn bots_play(&self, game: i64, seats: u8, bot: &str) {
        for seat in 0..seats {
            self.go(&format!("/games/{game}/gm")).await;
            self.client
                .find(Locator::Css(&format!("#seat-{seat} select[name=bot]")))
                .await
                .unwrap()
                .select_by_value(bot)
                .await
                .unwrap();
            self.click(&format!("#seat-{seat} button[value=bot]")).await;
        }
    }
}
