//! Backups and `mail-in` kept safe (issue 52): `mail-in` never makes a database, a restore waits
//! for the server, a backup is private, and `restore --dry-run` tells a good one from a damaged one.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::json;

use crate::common;
use crate::common::server::{call, player, start};
use crate::{postrider, text};

/// `postrider mail-in --data DATA` with `message` on standard input: the exit status and the
/// standard error.
fn mail_in(data: &std::path::Path, env_data: bool) -> (Option<i32>, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_postrider"));
    command.arg("mail-in");
    if env_data {
        command.env("POSTRIDER_DATA", data);
    } else {
        command.args(["--data", data.to_str().unwrap()]);
    }
    let mut child = command
        .env_remove("POSTRIDER_DATABASE")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"From: ann@players.example\r\nTo: orders+nobody@orders.club.example\r\nSubject: orders\r\nMessage-ID: <m1@players.example>\r\n\r\nA 12\r\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (out.status.code(), text(&out.stderr))
}

/// Issue 52, item 2: `mail-in` never makes a database (a typo in master.cf, a database moved
/// away for a restore): exit 75, so that the MTA keeps the mail, and one line naming the path.
/// A restore into a data directory a server is using is refused until it stops.
#[cfg(unix)]
#[test]
fn mail_in_makes_no_database_and_a_restore_waits_for_the_server() {
    let dir = common::temp("mail-in-nodb");
    let typo = dir.join("postrdier");
    let (status, stderr) = mail_in(&typo, false);
    assert_eq!(status, Some(75), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    assert!(
        stderr.contains(&format!("{}/postrider.db does not exist", typo.display())),
        "{stderr}"
    );
    assert!(!typo.exists(), "mail-in made {}", typo.display());
    // A data directory without its database (moved away for a restore), named by the variable.
    let data = dir.join("data");
    std::fs::create_dir(&data).unwrap();
    let (status, stderr) = mail_in(&data, true);
    assert_eq!(status, Some(75), "{stderr}");
    assert!(stderr.contains("does not exist"), "{stderr}");
    assert_eq!(std::fs::read_dir(&data).unwrap().count(), 0, "nothing made");

    // A server on it: mail-in works beside it; a restore into it is refused.
    let server = start(
        &format!("sqlite://{}/postrider.db?mode=rwc", data.display()),
        None,
    );
    let (status, stderr) = mail_in(&data, false);
    assert_eq!(status, Some(0), "{stderr}");
    let backup = dir.join("backup.db");
    let out = postrider(&[
        "backup",
        "--data",
        data.to_str().unwrap(),
        "--to",
        backup.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let refused = postrider(&[
        "restore",
        backup.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2), "{}", text(&refused.stderr));
    assert!(
        text(&refused.stderr).contains("is in use"),
        "{}",
        text(&refused.stderr)
    );
    drop(server);
    // Stopped, the directory's database (holding no games) is replaced by the backup.
    let restored = postrider(&[
        "restore",
        backup.to_str().unwrap(),
        "--data",
        data.to_str().unwrap(),
    ]);
    assert!(restored.status.success(), "{}", text(&restored.stderr));
    let check = postrider(&["check", "--data", data.to_str().unwrap()]);
    assert!(check.status.success(), "{}", text(&check.stderr));
}

/// Issue 52, item 3: a backup is its owner's alone whatever the umask and never written
/// through a link; `restore --dry-run` checks one without writing anything: a good one passes
/// (exit 0), a truncated one is called damaged (exit 1), and restoring it leaves nothing.
#[cfg(unix)]
#[test]
fn backups_are_private_and_restore_dry_run_tells_a_good_one_from_a_damaged_one() {
    use std::os::unix::fs::PermissionsExt;
    let dir = common::temp("dry-run");
    let data = dir.join("data");
    std::fs::create_dir(&data).unwrap();
    let server = start(
        &format!("sqlite://{}/postrider.db?mode=rwc", data.display()),
        None,
    );
    let gm = player(&server, "gm");
    let game = json!({"title": "Kept", "game": "breaking-away", "seats": ["red", "blue"],
        "seed": 5, "deadline": {"every": "interval", "seconds": 86400}});
    let (status, created) = call(&server, "POST", "/api/games", Some(&gm), Some(game));
    assert_eq!(status, 201, "{created}");
    let id = created["id"].as_i64().unwrap();
    for seat in 0..2 {
        let action = json!({"action": "bot", "seat": seat, "bot": "random"});
        call(
            &server,
            "POST",
            &format!("/api/games/{id}/gm"),
            Some(&gm),
            Some(action),
        );
    }
    common::server::wait_for_turn(&server, id, 2, None);

    let backup = dir.join("backup.db");
    let made = Command::new("sh")
        .arg("-c")
        .arg(r#"umask 022 && exec "$0" backup --data "$1" --to "$2""#)
        .arg(env!("CARGO_BIN_EXE_postrider"))
        .arg(&data)
        .arg(&backup)
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made.stderr));
    let mode = std::fs::metadata(&backup).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, 0o600, "a backup made under umask 022 is {mode:o}");
    // A dangling link where the backup should go: refused, nothing made where it points.
    let link = dir.join("link.db");
    std::os::unix::fs::symlink(dir.join("elsewhere.db"), &link).unwrap();
    let refused = postrider(&[
        "backup",
        "--data",
        data.to_str().unwrap(),
        "--to",
        link.to_str().unwrap(),
    ]);
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        text(&refused.stderr).contains("symbolic link"),
        "{}",
        text(&refused.stderr)
    );
    assert!(!dir.join("elsewhere.db").exists());

    let before = std::fs::read(&backup).unwrap();
    let good = postrider(&["restore", "--dry-run", backup.to_str().unwrap()]);
    assert!(good.status.success(), "{}", text(&good.stderr));
    assert!(
        text(&good.stdout).contains("would restore: 1 games"),
        "{}",
        text(&good.stdout)
    );
    assert_eq!(
        std::fs::read(&backup).unwrap(),
        before,
        "the dry run wrote nothing"
    );

    let truncated = dir.join("truncated.db");
    std::fs::write(&truncated, &before[..before.len() / 2]).unwrap();
    let damaged = postrider(&["restore", "--dry-run", truncated.to_str().unwrap()]);
    assert_eq!(damaged.status.code(), Some(1), "{}", text(&damaged.stderr));
    let said = text(&damaged.stderr);
    assert!(
        said.contains("damaged") && !said.contains("release"),
        "{said}"
    );
    let into = dir.join("restored");
    let failed = postrider(&[
        "restore",
        truncated.to_str().unwrap(),
        "--data",
        into.to_str().unwrap(),
    ]);
    assert_eq!(failed.status.code(), Some(2), "{}", text(&failed.stderr));
    assert!(
        text(&failed.stderr).contains("damaged"),
        "{}",
        text(&failed.stderr)
    );
    assert!(!into.exists(), "a failed restore left {}", into.display());
    drop(server);
}
