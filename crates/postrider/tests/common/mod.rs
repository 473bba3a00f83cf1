//! Helpers shared by the command-line tests: run the real binary and check its answers.

#![allow(dead_code)]

use std::process::{Command, Output};

pub mod server;

pub fn postrider(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(args)
        .output()
        .expect("postrider runs")
}

/// Runs a command that must succeed and returns its standard output.
pub fn ok(args: &[&str]) -> String {
    let out = postrider(args);
    assert!(
        out.status.success(),
        "{args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// Runs a command that must be refused: exit status 2, one line on stderr naming the problem.
pub fn refused(args: &[&str], expect: &str) {
    let out = postrider(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "{args:?}: one line, got {stderr:?}"
    );
    assert!(
        stderr.contains(expect),
        "{args:?}: {stderr:?} does not mention {expect:?}"
    );
}

/// A fresh directory for one test's files (`tempfile`'s), removed when the test drops it.
/// Others may enter it (0755, not `tempfile`'s 0700): some tests serve as another user.
pub fn temp(name: &str) -> Scratch {
    use std::os::unix::fs::PermissionsExt;
    Scratch(
        tempfile::Builder::new()
            .prefix(&format!("postrider-test-{name}-"))
            .permissions(std::fs::Permissions::from_mode(0o755))
            .tempdir()
            .unwrap(),
    )
}

/// A test's directory (see [`temp`]), used as its path.
pub struct Scratch(tempfile::TempDir);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;

    fn deref(&self) -> &std::path::Path {
        self.0.path()
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        self.0.path()
    }
}

/// A new, empty server database in the data directory `data` (made if missing), as a server's
/// first start leaves it: `mail-in` and the upkeep commands never make one.
pub fn new_database(data: &str) {
    std::fs::create_dir_all(data).unwrap();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let db = ::server::Db::open(&format!("sqlite://{data}/postrider.db?mode=rwc"))
                .await
                .unwrap();
            db.pool.close().await;
        });
}
