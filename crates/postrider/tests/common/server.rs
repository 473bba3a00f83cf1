//! Real `postrider serve` processes for the tests: started on a free port, waited for until
//! they answer, killed when dropped.

use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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
