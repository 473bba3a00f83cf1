//! The desk's mail commands through the real binary: `orders GAME --team X -` takes a whole
//! mail message (the messages of crates/mail/tests/messages) or a bare body on standard input,
//! and `report GAME --all --out DIR` writes every seat's report and the public one.

mod common;

use std::io::Write;
use std::process::{Command, Output, Stdio};

use common::{ok, temp};

fn with_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn message(name: &str) -> Vec<u8> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../mail/tests/messages/");
    std::fs::read(format!("{dir}{name}")).unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn refused(out: &Output, expect: &str) {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr:?}");
    assert!(stderr.contains(expect), "{stderr:?} lacks {expect:?}");
}

#[test]
fn a_gm_reads_orders_from_mail_and_writes_every_report() {
    let dir = temp("mail-desk");
    let game = dir.join("club.json").to_string_lossy().into_owned();
    ok(&["new", &game, "--teams", "red,blue,green", "--seed", "11"]);

    // Before the race: one mail with the line-up and the turn-1 orders, greeting and sign-off.
    let out = stdout(&with_stdin(
        &["orders", &game, "--team", "red", "-"],
        &message("lineup-and-orders.eml"),
    ));
    assert!(out.contains("Line-up sealed for red: A 10 10 10"), "{out}");
    assert!(
        out.contains("Orders sealed for red, turn 1: A 10 B 9 C 9 D 6"),
        "{out}"
    );
    assert!(out.contains("Not read as orders: My line-up:"), "{out}");

    // A body alone, 8-bit ISO-8859-1 with a French greeting, the orders line first.
    let out = stdout(&with_stdin(
        &["orders", &game, "--team", "blue", "-"],
        b"Bonjour G\xe9rard,\n\nA 10 B 8 C 3 D 5\nA 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6\n\nCordialement,\nJ\xe9r\xf4me\n",
    ));
    assert!(out.contains("Line-up sealed for blue"), "{out}");
    assert!(
        out.contains("Orders sealed for blue, turn 1: A 10 B 8 C 3 D 5"),
        "{out}"
    );

    // A bad order is refused with its error; nothing changes.
    let before = std::fs::read_to_string(&game).unwrap();
    refused(
        &with_stdin(
            &["orders", &game, "--team", "green", "-"],
            &message("bad-order.eml"),
        ),
        "\"E\" is not a rider",
    );
    assert_eq!(std::fs::read_to_string(&game).unwrap(), before);

    ok(&["resolve", &game]);

    // A reply to the report of turn 1 written after turn 2 was resolved: stale, refused.
    ok(&["resolve", &game]);
    refused(
        &with_stdin(
            &["orders", &game, "--team", "red", "-"],
            &message("reply.eml"),
        ),
        "these orders are for turn 2, but turn 3 is open",
    );

    // Every seat's report of the last turn, and the public one.
    let out_dir = dir.join("reports").to_string_lossy().into_owned();
    let listing = ok(&["report", &game, "--all", "--out", &out_dir]);
    for seat in ["red", "blue", "green"] {
        let written = std::fs::read_to_string(format!("{out_dir}/{seat}.txt")).unwrap();
        assert_eq!(
            written,
            ok(&["report", &game, "--team", seat, "--turn", "2"])
        );
        assert!(
            listing.contains(&format!("{seat}.txt  subject: Breaking Away club, {seat}: report of turn 2 (orders for turn 3)")),
            "{listing}"
        );
    }
    let public = std::fs::read_to_string(format!("{out_dir}/public.txt")).unwrap();
    assert_eq!(public, ok(&["report", &game, "--public", "--turn", "2"]));
    let first = ok(&["report", &game, "--all", "--out", &out_dir, "--turn", "1"]);
    assert!(
        first.contains("report of turn 1 (orders for turn 3)"),
        "{first}"
    );
    // A usage error, from clap: exit status 2, naming --out.
    let usage = common::postrider(&["report", &game, "--all"]);
    assert_eq!(usage.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&usage.stderr).contains("--out"));
}

/// `postrider mail-in`, as an MTA runs it: 0 when the message was handled (here dropped: no
/// seat has the address; stored all the same), 75 when the database cannot be reached, so that
/// the MTA keeps the message and tries again.
#[test]
fn mail_in_exit_statuses_tell_the_mta_what_to_do() {
    let dir = temp("mail-in");
    let data = dir.join("data").to_string_lossy().into_owned();
    common::new_database(&data);
    let mail = message("reply.eml");
    let out = with_stdin(&["mail-in", "--data", &data], &mail);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("mail dropped"));
    // The same message again is a duplicate, still exit 0.
    let again = with_stdin(&["mail-in", "--data", &data], &mail);
    assert_eq!(again.status.code(), Some(0));
    // No database: temporary failure.
    let down = with_stdin(
        &[
            "mail-in",
            "--database",
            "sqlite:///proc/no-such-dir/postrider.db",
        ],
        &mail,
    );
    assert_eq!(
        down.status.code(),
        Some(75),
        "{}",
        String::from_utf8_lossy(&down.stderr)
    );
}

/// A data directory made by root (as `serve` started by hand makes it) and mail through the
/// MTA's pipe as another user: `mail-in` warns with the path, its owner and mode and the fix,
/// and its error line names the cause, not "internal error" (which it printed before).
/// Needs root to hand the message to another user; as any other user it checks nothing.
#[test]
fn mail_in_as_another_user_names_the_unwritable_database_and_the_fix() {
    use std::os::unix::fs::MetadataExt;
    if std::fs::metadata("/proc/self").map(|m| m.uid()).ok() != Some(0) {
        eprintln!("not root: cannot run mail-in as another user here");
        return;
    }
    let dir = temp("mail-in-owner");
    std::fs::set_permissions(&dir, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let data = dir.join("data").to_string_lossy().into_owned();
    let mail = message("reply.eml");
    // root makes the database (0755 directory, 0644 file: the others may read, not write).
    common::new_database(&data);
    assert_eq!(
        with_stdin(&["mail-in", "--data", &data], &mail)
            .status
            .code(),
        Some(0)
    );
    let mut child = Command::new("runuser")
        .args(["-u", "nobody", "--", env!("CARGO_BIN_EXE_postrider")])
        .args(["mail-in", "--data", &data])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(&mail).unwrap();
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(75), "{stderr}");
    let warning = stderr
        .lines()
        .find(|l| l.starts_with("postrider: mail-in: warning: "))
        .unwrap_or_else(|| panic!("no warning: {stderr}"));
    assert!(
        warning.contains(&format!("{data} (owner root, mode 0755) is not writable"))
            && warning.contains(&format!("chown -R postrider: {data}")),
        "{warning}"
    );
    let error = stderr.lines().last().unwrap();
    assert!(
        error.starts_with("postrider: mail-in: ") && !error.contains("internal error"),
        "{stderr}"
    );
}

/// `serve` started as root makes a database the `postrider` user (the MTA's pipe) cannot
/// write: it says so at start, naming the path, its owner and mode and the fix. Needs root and
/// a `postrider` user (scripts/postfix-e2e.sh and the package make one); elsewhere it checks
/// nothing.
#[test]
fn serve_as_root_warns_that_the_postrider_user_cannot_write_its_database() {
    use std::io::BufRead;
    use std::os::unix::fs::MetadataExt;
    let passwd = std::fs::read_to_string("/etc/passwd").unwrap_or_default();
    if std::fs::metadata("/proc/self").map(|m| m.uid()).ok() != Some(0)
        || !passwd.lines().any(|l| l.starts_with("postrider:"))
    {
        eprintln!("not root, or no postrider user: nothing to check here");
        return;
    }
    let dir = temp("serve-as-root");
    let data = dir.join("data").to_string_lossy().into_owned();
    let mut child = Command::new(env!("CARGO_BIN_EXE_postrider"))
        .args(["serve", "--listen", "127.0.0.1:0", "--data", &data])
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut seen = Vec::new();
    for line in std::io::BufReader::new(child.stderr.take().unwrap()).lines() {
        let line = line.unwrap();
        let serving = line.contains("postrider is serving");
        seen.push(line);
        if serving || seen.len() > 20 {
            break;
        }
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let expected = format!(
        "{data}/postrider.db (owner root, mode 0644) is not writable by the postrider user"
    );
    assert!(
        seen.iter().any(|l| l.contains("WARN")
            && l.contains(&expected)
            && l.contains(&format!("chown -R postrider: {data}"))),
        "{seen:#?}"
    );
}

/// `postrider mail-log`: the mail that did not get through, newest first — a mail the relay
/// refused for good (an outbox row as the worker leaves it) and a mail in for no seat, dropped
/// by `mail-in` — with `--limit` and `--game`.
#[test]
fn mail_log_lists_failed_and_dropped_mail_newest_first() {
    use sqlx::Connection;
    let dir = temp("mail-log");
    let data = dir.join("data").to_string_lossy().into_owned();
    common::new_database(&data);
    let out = with_stdin(&["mail-in", "--data", &data], &message("reply.eml"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        ok(&["mail-log", "--data", &data]).lines().count(),
        1,
        "the dropped mail"
    );
    // A report the relay refused for good, an hour in the future so that it is the newest.
    let later = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
        + 3600;
    sqlx::any::install_default_drivers();
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap()
        .block_on(async {
            let url = format!("sqlite://{data}/postrider.db");
            let mut conn = sqlx::AnyConnection::connect(&url).await.unwrap();
            sqlx::query(
                "INSERT INTO outbox (message_id, kind, to_addr, subject, body, created_at, \
                 attempts, next_attempt_at, failed_at, last_error) \
                 VALUES ('<r@x>', 'report', 'ann@players.example', 'Turn 3', 'text', $1, 1, $1, $1, \
                 '550 5.1.1 no such mailbox')",
            )
            .bind(later)
            .execute(&mut conn)
            .await
            .unwrap();
            conn.close().await.unwrap();
        });
    let log = ok(&["mail-log", "--data", &data]);
    let lines: Vec<&str> = log.lines().collect();
    assert_eq!(lines.len(), 2, "{log}");
    assert!(
        lines[0].contains("outbox failed  game -  ann@players.example  \"Turn 3\": 550 5.1.1 no such mailbox (after 1 attempts)"),
        "{log}"
    );
    assert!(
        lines[1].contains("inbound dropped") && lines[1].contains("no seat has this order address"),
        "{log}"
    );
    let newest = ok(&["mail-log", "--data", &data, "--limit", "1"]);
    assert_eq!(newest.lines().collect::<Vec<_>>(), [lines[0]]);
    assert_eq!(
        ok(&["mail-log", "--data", &data, "--game", "7"]),
        "no failed, dropped or refused mail\n"
    );
}

/// `serve` says at start-up whether mail is on (and whether it receives mail by SMTP); with
/// `--smtp` it builds its relay inside the runtime and keeps serving; bad mail flags are
/// refused with one line before it starts.
#[test]
fn serve_says_whether_mail_is_on() {
    use std::io::BufRead;
    let dir = temp("mail-serve");
    let data = dir.join("data").to_string_lossy().into_owned();
    for (flags, expect) in [
        (&[][..], "mail is off"),
        (
            &[
                "--smtp",
                "smtp://127.0.0.1:2525",
                "--mail-from",
                "postrider <gm@club.example>",
                "--public-url",
                "https://pbm.club.example",
            ][..],
            "mail is on",
        ),
        // The built-in SMTP receiver (crates/server/tests/smtp_listen.rs sends it mail).
        (
            &["--smtp-listen", "127.0.0.1:0"][..],
            "receiving order mail by SMTP",
        ),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_postrider"))
            .args(["serve", "--listen", "127.0.0.1:0", "--data", &data])
            .args(flags)
            .env("NO_COLOR", "1")
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = std::io::BufReader::new(child.stderr.take().unwrap());
        let mut seen = Vec::new();
        for line in stderr.lines() {
            let line = line.unwrap();
            let found = line.contains(expect);
            seen.push(line);
            // `serve` first logs each of its settings (about 30 lines).
            if found || seen.len() > 100 {
                break;
            }
        }
        let alive = child.try_wait().unwrap().is_none();
        child.kill().unwrap();
        child.wait().unwrap();
        assert!(
            alive && seen.iter().any(|l| l.contains(expect)),
            "{seen:#?}"
        );
    }
    for (flags, expect) in [
        (
            [
                "--smtp",
                "bogus://x",
                "--mail-from",
                "a@b.c",
                "--public-url",
                "https://x",
            ],
            "--smtp",
        ),
        (
            [
                "--smtp",
                "smtp://x:25",
                "--mail-from",
                "nobody",
                "--public-url",
                "https://x",
            ],
            "--mail-from",
        ),
        (
            [
                "--smtp",
                "smtp://x:25",
                "--mail-from",
                "a@b.c",
                "--public-url",
                "x",
            ],
            "--public-url",
        ),
    ] {
        let mut args = vec!["serve", "--listen", "127.0.0.1:0", "--data", &data];
        args.extend(flags);
        common::refused(&args, expect);
    }
}

/// The desk reads mail with the server's reading: Exim's spam headers and a reply quoting past
/// 64 KiB are the message they are. Fails with the old `is_message` (the headers became "the
/// body", and then the body was "larger than" a limit).
#[test]
fn the_desk_reads_exims_headers_and_a_long_quoted_reply() {
    let dir = temp("mail-desk-exim");
    let game = dir.join("club.json").to_string_lossy().into_owned();
    ok(&["new", &game, "--teams", "red,blue", "--seed", "11"]);
    ok(&[
        "lineup",
        &game,
        "--team",
        "red",
        "A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
    ]);
    // Turn 1 without orders: red plays its highest cards, A 10 B 9 C 9 D 6.
    ok(&["resolve", &game]);
    let mut mail = String::from_utf8(message("exim-spam-headers.eml"))
        .unwrap()
        .replace("Turn 2: A 10 B 9 C 9 D 6", "Turn 2: A 10 B 8 C 8 D 5")
        .replace(
            "\nKim\n",
            "\nKim\n\nOn Sat, 21 Nov 2026, postrider wrote:\n",
        );
    while mail.len() < 100 * 1024 {
        mail.push_str("> red-A  played 10, 20 squares   red-B  played  9   red-C  played  9\n");
    }
    let out = stdout(&with_stdin(
        &["orders", &game, "--team", "red", "-"],
        mail.as_bytes(),
    ));
    assert!(
        out.contains("Orders sealed for red, turn 2: A 10 B 8 C 8 D 5"),
        "{out}"
    );
}
