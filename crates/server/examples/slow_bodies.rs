//! Unfinished request bodies against a running server (docs/performance-abuse.md):
//!
//! cargo run --release -p server --example slow_bodies -- --target 127.0.0.1:8080
//!     [--connections 1100] [--addresses 10] [--tries 10]
//!
//! `connections` connections from `addresses` loopback addresses (127.0.0.2, 127.0.0.3, …) each
//! send a whole request head with `Content-Length: 65000` and one byte of body, and hold it.
//! Then, `tries` times, a request from another address (127.0.0.200) is timed from connect to
//! its answer's status line. Prints each time, how many came within 2 s, and how the held
//! connections were answered (429 at once past an address's share, 408 when a body's time ran
//! out, or still open).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use clap::Parser;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

#[derive(Parser)]
struct Args {
    /// The server's address.
    #[arg(long)]
    target: SocketAddr,
    #[arg(long, default_value_t = 1100)]
    connections: usize,
    #[arg(long, default_value_t = 10)]
    addresses: u8,
    #[arg(long, default_value_t = 10)]
    tries: usize,
}

const UNFINISHED: &[u8] =
    b"POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
    Content-Length: 65000\r\n\r\n{";

async fn connect_from(host: u8, target: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::from(([127, 0, 0, host], 0)))?;
    socket.connect(target).await
}

/// The time from connect to the status line of a whole request from `host`, and that line.
async fn timed_request(host: u8, target: SocketAddr) -> (Duration, String) {
    let start = Instant::now();
    let answer = async {
        let mut stream = connect_from(host, target).await?;
        stream
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await?;
        let mut got = vec![0u8; 64];
        let n = stream.read(&mut got).await?;
        std::io::Result::Ok(
            String::from_utf8_lossy(&got[..n])
                .lines()
                .next()
                .unwrap_or_default()
                .to_string(),
        )
    };
    let line = match tokio::time::timeout(Duration::from_secs(60), answer).await {
        Ok(Ok(line)) => line,
        Ok(Err(e)) => format!("error: {e}"),
        Err(_) => "no answer in 60 s".into(),
    };
    (start.elapsed(), line)
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    let mut held = Vec::new();
    for k in 0..args.connections {
        let host = 2 + (k % usize::from(args.addresses)) as u8;
        match connect_from(host, args.target).await {
            Ok(mut stream) => {
                let _ = stream.write_all(UNFINISHED).await;
                held.push(stream);
            }
            Err(e) => eprintln!("connection {k}: {e}"),
        }
    }
    println!(
        "{} connections from {} addresses, each a head and one byte of a 65,000-byte body",
        held.len(),
        args.addresses
    );
    let mut within = 0;
    for t in 0..args.tries {
        let (took, line) = timed_request(200, args.target).await;
        if took < Duration::from_secs(2) && line.starts_with("HTTP/1.1 200") {
            within += 1;
        }
        println!("try {}: {:.3} s, {line}", t + 1, took.as_secs_f64());
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    println!("answered within 2 s: {within} of {}", args.tries);
    let (mut refused, mut timed_out, mut open, mut other) = (0, 0, 0, 0);
    for stream in &mut held {
        let mut first = [0u8; 12];
        match tokio::time::timeout(Duration::from_millis(5), stream.read_exact(&mut first)).await {
            Ok(Ok(_)) if &first == b"HTTP/1.1 429" => refused += 1,
            Ok(Ok(_)) if &first == b"HTTP/1.1 408" => timed_out += 1,
            Ok(_) => other += 1,
            Err(_) => open += 1,
        }
    }
    println!(
        "held connections: {refused} answered 429 at once, {timed_out} answered 408 (body too slow), {open} still open, {other} other"
    );
}
