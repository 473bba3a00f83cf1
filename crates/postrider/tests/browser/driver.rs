//! A browser to drive: ChromeDriver started on a free port, headless Chromium in a profile of
//! its own (its own cookies: one signed-in account a session), and ChromeDriver's DevTools door.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use fantoccini::{Client, ClientBuilder};

use crate::common::server::{free_port, wait_until_listening};

pub const CHROMIUM: &str = "/usr/bin/chromium";
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// ChromeDriver, stopped when dropped.
pub struct Driver(std::process::Child);

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub struct Session {
    pub client: Client,
    pub base: String,
    pub shots: PathBuf,
    /// Put before each screenshot's name: the sessions of one run share a folder.
    pub mark: &'static str,
    pub taken: Vec<PathBuf>,
    /// Pages checked by axe-core.
    pub audited: usize,
    /// ChromeDriver's address (`127.0.0.1:PORT`) and this session's DevTools door on it.
    pub driver: String,
    pub cdp: String,
    /// What the pictures miss (small text, a legend cut off), asserted at the end.
    pub pictures: Vec<String>,
    /// Screenshots of a part of a page further down (`part`), besides the four of each page.
    pub parts: usize,
    /// Where the game pages' press starts at phone width, printed at the end.
    pub layout: Vec<String>,
    /// Dropped after the client: ChromeDriver, and Chromium's profile.
    _driver: Driver,
    _profile: tempfile::TempDir,
}

impl Session {
    /// Starts ChromeDriver and a headless Chromium on `base` (`http://HOST:PORT`), its
    /// screenshots going to `shots` named after `mark`.
    pub async fn start(base: &str, shots: &Path, mark: &'static str) -> Session {
        assert!(
            Path::new(CHROMIUM).exists() && Path::new(CHROMEDRIVER).exists(),
            "{CHROMIUM} and {CHROMEDRIVER} must be installed"
        );
        let port = free_port();
        let driver = Driver(
            Command::new(CHROMEDRIVER)
                .arg(format!("--port={port}"))
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let address = format!("127.0.0.1:{port}");
        wait_until_listening(&address, "chromedriver");
        let profile = tempfile::tempdir().unwrap();
        let capabilities = serde_json::json!({
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    "--disable-quic", "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--window-size=1280,900",
                    "--hide-scrollbars",
                    format!("--user-data-dir={}", profile.path().display()),
                ],
            }
        });
        let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
            .capabilities(capabilities.as_object().unwrap().clone())
            .connect(&format!("http://{address}"))
            .await
            .expect("chromedriver starts a Chromium session");
        let session = client.session_id().await.unwrap().expect("a session");
        Session {
            client,
            base: base.to_string(),
            shots: shots.to_path_buf(),
            mark,
            taken: Vec::new(),
            audited: 0,
            cdp: format!("/session/{session}/goog/cdp/execute"),
            driver: address,
            pictures: Vec::new(),
            parts: 0,
            layout: Vec::new(),
            _driver: driver,
            _profile: profile,
        }
    }

    /// Sends a DevTools command through ChromeDriver (`goog/cdp/execute`): its result.
    pub fn devtools(&self, cmd: &str, params: serde_json::Value) -> serde_json::Value {
        let body = serde_json::json!({ "cmd": cmd, "params": params }).to_string();
        let mut stream = TcpStream::connect(&self.driver).unwrap();
        write!(
            stream,
            "POST {} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.cdp,
            self.driver,
            body.len()
        )
        .unwrap();
        // ChromeDriver says "Connection: close" but keeps it open: read what its length says.
        let mut answer = Vec::new();
        let mut chunk = [0_u8; 4096];
        let body_at = |answer: &[u8]| {
            let text = String::from_utf8_lossy(answer);
            let head = text.find("\r\n\r\n")?;
            let length = text[..head]
                .lines()
                .find_map(|l| {
                    let (name, value) = l.split_once(':')?;
                    name.eq_ignore_ascii_case("content-length")
                        .then(|| value.trim().parse::<usize>().ok())?
                })
                .unwrap_or(0);
            (answer.len() >= head + 4 + length).then_some(head + 4)
        };
        let body = loop {
            if let Some(at) = body_at(&answer) {
                break at;
            }
            let read = stream.read(&mut chunk).unwrap();
            assert!(read > 0, "{cmd}: ChromeDriver closed without an answer");
            answer.extend_from_slice(&chunk[..read]);
        };
        let text = String::from_utf8_lossy(&answer);
        assert!(text.starts_with("HTTP/1.1 200"), "{cmd}: {text}");
        let value: serde_json::Value = serde_json::from_slice(&answer[body..]).unwrap();
        value["value"].clone()
    }
}
