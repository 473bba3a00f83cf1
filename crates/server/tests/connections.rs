//! The connection level of `serve` (issue 12), on a real loopback socket: connections that
//! send half a request head are closed after the header read timeout, and no more than
//! `max_connections` are served at once. Nothing here waits for a time to pass: a test waits
//! for the server to close a connection (end of file) or for a count to reach a value, under
//! a generous guard that only turns a hang into a failure.

use std::sync::Arc;
use std::time::Duration;

use crate::common::{Backend, START};
use server::{AppState, Config, Db, ManualClock, PasswordCost};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A failure instead of a hang, if the server never does what is waited for.
const GUARD: Duration = Duration::from_secs(30);

async fn start(
    config: Config,
) -> (
    std::net::SocketAddr,
    AppState,
    tokio::sync::oneshot::Sender<()>,
) {
    let (url, dir) = crate::common::fresh_url(Backend::Sqlite).await.unwrap();
    std::mem::forget(dir); // kept until the test process ends
    let db = Db::open(&url).await.unwrap();
    let state = AppState::new(db, Arc::new(ManualClock::at(START)), config);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    tokio::spawn(server::serve(listener, state.clone(), async move {
        let _ = stopped.await;
    }));
    (address, state, stop)
}

/// Reads until the server closes the connection; what it sent.
async fn read_to_end(stream: &mut TcpStream) -> Vec<u8> {
    let mut got = Vec::new();
    tokio::time::timeout(GUARD, stream.read_to_end(&mut got))
        .await
        .expect("the server closes the connection")
        .ok();
    got
}

#[tokio::test]
async fn half_sent_request_heads_are_dropped() {
    let config = Config {
        password_cost: PasswordCost::Cheap,
        header_read_timeout: Duration::from_millis(300),
        ..Config::default()
    };
    let (address, state, _stop) = start(config).await;
    let mut slow = Vec::new();
    for _ in 0..200 {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await
            .unwrap();
        slow.push(stream);
    }
    // Every one of them is closed by the server (hyper answers 408 first, or just closes).
    for stream in &mut slow {
        let got = read_to_end(stream).await;
        assert!(
            got.is_empty() || got.starts_with(b"HTTP/1.1 408"),
            "{}",
            String::from_utf8_lossy(&got)
        );
    }
    // The server still serves whole requests.
    let mut stream = TcpStream::connect(address).await.unwrap();
    stream
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let got = read_to_end(&mut stream).await;
    assert!(
        got.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&got)
    );
    // Closed connections are no longer counted.
    drop(slow);
    tokio::time::timeout(GUARD, async {
        while state.connections.open() > 0 {
            tokio::task::yield_now().await;
        }
    })
    .await
    .unwrap();
}

#[tokio::test]
async fn connections_beyond_the_cap_wait_their_turn() {
    let config = Config {
        password_cost: PasswordCost::Cheap,
        max_connections: 3,
        ..Config::default()
    };
    let (address, state, _stop) = start(config).await;
    // Three connections hold every slot (half a request head each)...
    let mut holders = Vec::new();
    for _ in 0..3 {
        let mut stream = TcpStream::connect(address).await.unwrap();
        stream.write_all(b"GET / HTTP/1.1\r\n").await.unwrap();
        holders.push(stream);
    }
    tokio::time::timeout(GUARD, async {
        while state.connections.open() < 3 {
            tokio::task::yield_now().await;
        }
    })
    .await
    .unwrap();
    // ...a fourth is queued, not served, until one of them goes.
    let mut fourth = TcpStream::connect(address).await.unwrap();
    fourth
        .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    drop(holders.pop());
    let got = read_to_end(&mut fourth).await;
    assert!(
        got.starts_with(b"HTTP/1.1 200"),
        "{}",
        String::from_utf8_lossy(&got)
    );
    assert_eq!(state.connections.peak(), 3);
}
