//! `serve` under a service manager (issue 52): it tells systemd `READY=1` on `NOTIFY_SOCKET`
//! once it listens, and a SIGTERM sent the moment that arrives still stops it gracefully,
//! exit 0, with `STOPPING=1` — the signals are caught before the listener is bound, so no
//! stop finds the process between "ready" and its handler.

#![cfg(unix)]

use std::io::Read;
use std::os::unix::net::UnixDatagram;
use std::process::{Command, Stdio};
use std::time::Duration;

/// What `serve` tells the notify socket next, as text.
fn next_notice(socket: &UnixDatagram) -> String {
    let mut buffer = [0u8; 4096];
    let n = socket
        .recv(&mut buffer)
        .expect("serve tells the notify socket within the test's patience");
    String::from_utf8_lossy(&buffer[..n]).into_owned()
}

#[test]
fn a_sigterm_at_ready_stops_gracefully() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("notify.sock");
    let socket = UnixDatagram::bind(&path).unwrap();
    // A bound on a broken server, not a timing the test depends on.
    socket
        .set_read_timeout(Some(Duration::from_secs(120)))
        .unwrap();
    let data = dir.path().join("data");
    let mut child = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(&data)
        .env("NOTIFY_SOCKET", &path)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut notices = Vec::new();
    loop {
        let notice = next_notice(&socket);
        let ready = notice.lines().any(|l| l == "READY=1");
        notices.push(notice);
        if ready {
            break;
        }
    }
    let pid = child.id().to_string();
    let sent = Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(sent.success());
    let status = child.wait().unwrap();
    let mut log = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut log)
        .unwrap();
    assert_eq!(status.code(), Some(0), "{status:?}: {log}");
    assert!(log.contains("stopping") && log.contains("SIGTERM"), "{log}");
    assert!(log.contains("postrider has stopped"), "{log}");
    let stopping = next_notice(&socket);
    assert!(
        stopping.lines().any(|l| l == "STOPPING=1"),
        "{notices:?} then {stopping:?}"
    );
}
