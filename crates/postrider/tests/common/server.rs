//! Real `postrider serve` processes for the tests: started on a free port, waited for until
//! they answer, killed when dropped.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// How long a test waits for a condition before failing (never a measure of speed).
pub const LIMIT: Duration = Duration::from_secs(120);

pub struct Server {
    pub child: Child,
    pub address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts `postrider serve` and waits until it answers.
pub fn start(database: &str, failpoint: Option<&str>) -> Server {
    start_with(database, failpoint, &[])
}

/// Starts `postrider serve` with more arguments (`{address}` in one is replaced by the address
/// it listens on) and waits until it answers.
pub fn start_with(database: &str, failpoint: Option<&str>, more: &[&str]) -> Server {
    let address = format!("127.0.0.1:{}", free_port());
    let mut command = Command::new(env!("CARGO_BIN_EXE_postrider"));
    command
        .args([
            "serve",
            "--listen",
            &address,
            "--database",
            database,
            "--tick",
            "1",
        ])
        .args(more.iter().map(|a| a.replace("{address}", &address)))
        .env_remove("POSTRIDER_FAILPOINT")
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(name) = failpoint {
        // Its stderr is read for the failpoint's line (nobody reads the others': a full
        // pipe would stall them).
        command
            .env("POSTRIDER_FAILPOINT", name)
            .stderr(Stdio::piped());
    }
    let server = Server {
        child: command.spawn().unwrap(),
        address,
    };
    wait_until_listening(&server.address, "postrider serve");
    server
}

/// Waits until something accepts connections on `address`.
pub fn wait_until_listening(address: &str, what: &str) {
    let started = Instant::now();
    while TcpStream::connect(address).is_err() {
        assert!(started.elapsed() < LIMIT, "{what} did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// One HTTP/1.1 request; the status and the JSON body.
pub fn call(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    let (status, body) = request(server, method, path, token, body);
    (status, serde_json::from_str(&body).unwrap_or(Value::Null))
}

/// One HTTP/1.1 request; the status and the body as text.
pub fn request(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, String) {
    let mut stream = TcpStream::connect(&server.address).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).unwrap();
    let status = response[9..12].parse().unwrap();
    let body = response
        .split_once("\r\n\r\n")
        .map(|(_, b)| b)
        .unwrap_or_default();
    (status, body.to_string())
}

/// Waits until game `id` is at `turn` (as `token` sees it, or anyone); returns the game.
pub fn wait_for_turn(server: &Server, id: i64, turn: u64, token: Option<&str>) -> Value {
    let started = Instant::now();
    loop {
        let (_, game) = call(server, "GET", &format!("/api/games/{id}"), token, None);
        if game["turn"].as_u64() == Some(turn) {
            return game;
        }
        assert!(started.elapsed() < LIMIT, "turn {turn} never came: {game}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

pub fn player(server: &Server, name: &str) -> String {
    let credentials = json!({"name": name, "password": "correct horse battery"});
    call(
        server,
        "POST",
        "/api/players",
        None,
        Some(credentials.clone()),
    );
    let (status, body) = call(server, "POST", "/api/login", None, Some(credentials));
    assert_eq!(status, 200, "{body}");
    body["token"].as_str().unwrap().to_string()
}
