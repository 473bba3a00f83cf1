//! `postrider healthcheck` says what is wrong in one line of words (issue 52): a server that
//! takes the connection but never answers is called wedged once the check's own `--timeout`
//! runs out, and a `/readyz` that answers 503 is read for its reasons. Both exit 1.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpListener;
use std::process::{Command, Output};

fn healthcheck(url: &str, more: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_postrider"))
        .arg("healthcheck")
        .arg(url)
        .args(more)
        .output()
        .unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn a_server_that_takes_the_connection_and_never_answers_is_called_wedged() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    // Takes the connection and holds it, saying nothing, until the check gives up.
    let held = std::thread::spawn(move || {
        let (mut stream, _) = listener.accept().unwrap();
        let mut rest = Vec::new();
        let _ = std::io::Read::read_to_end(&mut stream, &mut rest);
    });
    let out = healthcheck(&format!("http://{address}"), &["--timeout", "1"]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!(
            "postrider: healthcheck: {address} took the connection but did not answer within 1 s: the server is wedged (stuck or overloaded; see its log)\n"
        )
    );
    assert!(out.stdout.is_empty());
    held.join().unwrap();
}

#[test]
fn a_server_not_ready_is_read_for_its_reasons() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let address = listener.local_addr().unwrap();
    // /readyz's body as the server writes it when two games wait past their deadline and the
    // outbox is stuck.
    let body = r#"{"ready":false,"database":"ok","overdue_games":2,"outbox_oldest_due_seconds":1800,"backup_failures":0,"backup_error":null}"#;
    let answered = std::thread::spawn(move || {
        let (stream, _) = listener.accept().unwrap();
        let mut reader = BufReader::new(stream);
        let mut head = Vec::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).unwrap();
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push(line);
        }
        write!(
            reader.get_mut(),
            "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
        .unwrap();
        head
    });
    let out = healthcheck(&format!("http://{address}"), &[]);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stderr),
        format!(
            "postrider: healthcheck: http://{address}: not ready: 2 game(s) wait past their deadline (the deadline worker is stopped or behind); mail has waited 1800 s to be sent (the outbox worker is stopped or the relay refuses)\n"
        )
    );
    let head = answered.join().unwrap();
    assert!(head[0].starts_with("GET /readyz HTTP/1.1"), "{head:?}");
}

#[test]
fn the_timeout_is_checked() {
    let out = healthcheck("http://127.0.0.1:9", &["--timeout", "0"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("--timeout"),
        "{}",
        text(&out.stderr)
    );
}
