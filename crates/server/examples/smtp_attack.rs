//! `serve --smtp-listen` under attack (a benchmark, not a test: it measures and prints): a
//! client of a running `postrider serve` on this machine, which it attacks as issue 28 did and
//! watches through /proc (Linux).
//!
//! ```text
//! postrider serve --data DIR --listen 127.0.0.1:8080 --smtp-listen 127.0.0.1:2525 &
//! cargo run --release -p server --example smtp_attack -- --pid $! --data DIR
//!     [--smtp 127.0.0.1:2525] [--web 127.0.0.1:8080] [--idle 10000] [--addresses 1]
//!     [--seconds 10]
//! ```
//!
//! 1. An endless line after EHLO (up to 2 GiB): bytes sent before the receiver closed, its
//!    reply, the server's resident memory before and after.
//! 2. `idle` connections that say nothing, from `addresses` loopback addresses: how many were
//!    greeted and how many turned away, web requests (`GET /api/games`) answered while they
//!    are held and their latency, whether another client is greeted meanwhile, and when the
//!    receiver closed the idle sessions.
//! 3. Strangers for `seconds`: eight clients sending 1 MiB messages to `x+N@anything`, as
//!    fast as the receiver lets them: recipients accepted, bytes sent, and the bytes the data
//!    directory grew by.
//!
//! Figures are in docs/performance.md.

use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};

use clap::Parser;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpSocket, TcpStream};

#[derive(Debug, Parser)]
struct Args {
    /// The server's process id (its memory is read from /proc).
    #[arg(long)]
    pid: u32,
    /// The server's data directory (the bytes stored are its growth).
    #[arg(long)]
    data: String,
    #[arg(long, default_value = "127.0.0.1:2525")]
    smtp: SocketAddr,
    #[arg(long, default_value = "127.0.0.1:8080")]
    web: SocketAddr,
    /// Idle connections held at once.
    #[arg(long, default_value_t = 10_000)]
    idle: usize,
    /// Loopback addresses the idle connections come from (127.0.1.1, 127.0.1.2, …).
    #[arg(long, default_value_t = 1)]
    addresses: usize,
    /// How long the strangers send.
    #[arg(long, default_value_t = 10)]
    seconds: u64,
}

/// A value in KiB of /proc/PID/status (`VmRSS`, `VmHWM`), in MiB.
fn memory(pid: u32, field: &str) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1)?.parse::<f64>().ok())
        .map_or(f64::NAN, |kib| kib / 1024.0)
}

fn data_bytes(dir: &str) -> u64 {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|e| e.ok()?.metadata().ok())
                .map(|m| m.len())
                .sum()
        })
        .unwrap_or(0)
}

fn loopback(n: usize) -> IpAddr {
    IpAddr::from([127, 0, 1 + (n / 250) as u8, 1 + (n % 250) as u8])
}

async fn connect(to: SocketAddr, from: IpAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(to).await
}

/// One reply's lines, within `wait` (empty when closed or silent).
async fn reply(reader: &mut (impl AsyncBufReadExt + Unpin), wait: Duration) -> String {
    let mut reply = String::new();
    loop {
        let mut line = String::new();
        match tokio::time::timeout(wait, reader.read_line(&mut line)).await {
            Ok(Ok(n)) if n > 0 => reply.push_str(&line),
            _ => return reply,
        }
        if line.as_bytes().get(3) != Some(&b'-') {
            return reply;
        }
    }
}

/// A web request's time, or `None` if it was not answered 200 within 30 s.
async fn web_request(web: SocketAddr) -> Option<Duration> {
    let began = Instant::now();
    let answered = tokio::time::timeout(Duration::from_secs(30), async {
        let mut stream = TcpStream::connect(web).await.ok()?;
        stream
            .write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .ok()?;
        let mut response = Vec::new();
        stream.read_to_end(&mut response).await.ok()?;
        response.starts_with(b"HTTP/1.1 200").then_some(())
    })
    .await;
    matches!(answered, Ok(Some(()))).then(|| began.elapsed())
}

async fn web_requests(web: SocketAddr, n: usize) -> String {
    let mut times = Vec::new();
    for _ in 0..n {
        if let Some(time) = web_request(web).await {
            times.push(time);
        }
    }
    times.sort();
    let ms = |p: f64| {
        times
            .get(((times.len() as f64 * p) as usize).min(times.len().saturating_sub(1)))
            .map_or(f64::NAN, |t| t.as_secs_f64() * 1000.0)
    };
    format!(
        "{} of {n} answered, p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        times.len(),
        ms(0.5),
        ms(0.99),
        ms(1.0)
    )
}

async fn endless_line(args: &Args) {
    let rss = memory(args.pid, "VmRSS:");
    let stream = TcpStream::connect(args.smtp).await.unwrap();
    let (reader, mut writer) = stream.into_split();
    let mut reader = BufReader::new(reader);
    let wait = Duration::from_secs(30);
    reply(&mut reader, wait).await;
    writer
        .write_all(b"EHLO attacker.example\r\n")
        .await
        .unwrap();
    reply(&mut reader, wait).await;
    let began = Instant::now();
    let sender = tokio::spawn(async move {
        let chunk = vec![b'x'; 1 << 20];
        let mut sent = 0u64;
        while sent < 2 << 30 && writer.write_all(&chunk).await.is_ok() {
            sent += chunk.len() as u64;
        }
        sent
    });
    let answer = reply(&mut reader, Duration::from_secs(120)).await;
    let sent = sender.await.unwrap();
    println!(
        "endless line: {:.1} MiB sent in {:.2} s before the receiver closed, reply {:?}",
        sent as f64 / (1 << 20) as f64,
        began.elapsed().as_secs_f64(),
        answer.trim_end()
    );
    println!(
        "  server resident memory: {rss:.0} MiB before, {:.0} MiB after (peak {:.0} MiB)",
        memory(args.pid, "VmRSS:"),
        memory(args.pid, "VmHWM:")
    );
}

async fn idle_connections(args: &Args) {
    println!("web alone: {}", web_requests(args.web, 200).await);
    let began = Instant::now();
    let mut held = Vec::new();
    let mut failed = 0;
    for n in 0..args.idle {
        match connect(args.smtp, loopback(n % args.addresses)).await {
            Ok(stream) => held.push(BufReader::new(stream)),
            Err(_) => failed += 1,
        }
    }
    let opened = began.elapsed();
    // Those turned away stay open on this side, as an attacker would keep them.
    let (mut greeted, mut turned_away) = (Vec::new(), Vec::new());
    for mut stream in held {
        let first = reply(&mut stream, Duration::from_secs(5)).await;
        if first.starts_with("220") {
            greeted.push(stream);
        } else {
            turned_away.push(stream);
        }
    }
    println!(
        "idle: {} connections opened in {:.1} s ({failed} failed) from {} address(es): {} greeted, {} turned away (421)",
        args.idle - failed,
        opened.as_secs_f64(),
        args.addresses,
        greeted.len(),
        turned_away.len()
    );
    println!(
        "  web while they are held: {}; server resident memory {:.0} MiB",
        web_requests(args.web, 200).await,
        memory(args.pid, "VmRSS:")
    );
    let mut other = connect(args.smtp, IpAddr::from([127, 0, 0, 2]))
        .await
        .map(BufReader::new)
        .unwrap();
    println!(
        "  another client meanwhile: {:?}",
        reply(&mut other, Duration::from_secs(5)).await.trim_end()
    );
    let mut last = Duration::ZERO;
    for stream in &mut greeted {
        let closing = reply(stream, Duration::from_secs(600)).await;
        last = began.elapsed();
        if !closing.starts_with("421") {
            println!("  a session ended with {closing:?}");
        }
    }
    println!(
        "  the idle sessions were closed by the receiver {:.1} s after the first connection",
        last.as_secs_f64()
    );
}

async fn strangers(args: &Args) {
    let before = data_bytes(&args.data);
    let deadline = Instant::now() + Duration::from_secs(args.seconds);
    let mut clients = Vec::new();
    for c in 0..8usize {
        let smtp = args.smtp;
        clients.push(tokio::spawn(async move {
            let (mut accepted, mut refused, mut sent) = (0u64, 0u64, 0u64);
            let body = format!("{}\r\n", "x".repeat(998)).repeat(1024);
            let mut n = 0;
            while Instant::now() < deadline {
                let Ok(stream) = TcpStream::connect(smtp).await else {
                    continue;
                };
                let mut stream = BufReader::new(stream);
                let wait = Duration::from_secs(10);
                if !reply(&mut stream, wait).await.starts_with("220") {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
                let _ = stream.write_all(b"EHLO stranger.example\r\n").await;
                reply(&mut stream, wait).await;
                while Instant::now() < deadline {
                    n += 1;
                    let command = format!(
                        "MAIL FROM:<s@stranger.example>\r\nRCPT TO:<x+{c}{n}@anything.example>\r\n"
                    );
                    if stream.write_all(command.as_bytes()).await.is_err() {
                        break;
                    }
                    reply(&mut stream, wait).await;
                    if reply(&mut stream, wait).await.starts_with("250") {
                        accepted += 1;
                        let _ = stream.write_all(b"DATA\r\n").await;
                        reply(&mut stream, wait).await;
                        let _ = stream.write_all(body.as_bytes()).await;
                        let _ = stream.write_all(b".\r\n").await;
                        sent += body.len() as u64;
                        reply(&mut stream, wait).await;
                    } else {
                        refused += 1;
                        let _ = stream.write_all(b"RSET\r\n").await;
                        if reply(&mut stream, wait).await.is_empty() {
                            break;
                        }
                    }
                }
            }
            (accepted, refused, sent)
        }));
    }
    let (mut accepted, mut refused, mut sent) = (0, 0, 0);
    for client in clients {
        let (a, r, s) = client.await.unwrap();
        accepted += a;
        refused += r;
        sent += s;
    }
    println!(
        "strangers for {} s: {accepted} recipients accepted, {refused} refused, {:.1} MiB of messages sent; the data directory grew by {} bytes",
        args.seconds,
        sent as f64 / (1 << 20) as f64,
        data_bytes(&args.data).saturating_sub(before)
    );
}

#[tokio::main]
async fn main() {
    let args = Args::parse();
    endless_line(&args).await;
    idle_connections(&args).await;
    strangers(&args).await;
}
