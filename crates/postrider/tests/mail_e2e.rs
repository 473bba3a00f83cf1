//! A whole game by mail through a real MTA, with no browser: Debian's Postfix, set up as
//! docs/mail.md tells a club (`scripts/postfix-e2e.sh`), pipes `orders+SECRET@orders.pbm.test` to
//! `postrider mail-in` and delivers `postrider serve`'s own mail (sent to it over SMTP) to a
//! local Maildir that this test reads. Three players confirm their addresses and take their
//! seats from mailed invitations; one of them (Bob) reads Japanese and writes from a Japanese
//! mail client (ISO-2022-JP, full-width orders), and gets every mail in Japanese; for two turns they send orders by replying to the mails they
//! get: one seat never writes (NMR), one mail is refused and answered with its error, one
//! seat's orders are amended, and press sent with orders reaches the next report. Nothing here waits for time: each step waits for a mail to
//! arrive (with a generous limit, never a measure of speed). `bounce.rs`: a report Postfix
//! bounces, read back by `mail-in` and shown on the GM's console. `mailbox.rs` reads what
//! players get, `replies.rs` writes what they send, `setup.rs` sets each test up.

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

#[path = "mail_e2e/bounce.rs"]
mod bounce;
mod common;
#[path = "mail_e2e/mailbox.rs"]
mod mailbox;
#[path = "mail_e2e/replies.rs"]
mod replies;
#[path = "mail_e2e/setup.rs"]
mod setup;

use common::server::{LIMIT, Server, call, player, start_with};
use mailbox::{Mail, link};
use replies::{EXIM_SPAM_HEADERS, full_width, reply, reply_japanese};
use setup::{MAIL_ARGS, gm_action, inbound, mail_setup, new_race};

/// Held by each test that points Postfix's pipe at its own database (one at a time).
static PIPE: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Orders playing each of the seat's racing riders' highest card, read from its own view.
fn highest_cards(server: &Server, id: i64, token: &str, team: &str) -> String {
    let (_, game) = call(
        server,
        "GET",
        &format!("/api/games/{id}"),
        Some(token),
        None,
    );
    game["view"]["riders"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["team"] == team && r["status"] == "racing")
        .map(|r| {
            format!(
                "{} {}",
                r["grade"].as_str().unwrap(),
                r["hand"].as_array().unwrap().last().unwrap()
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
#[ignore = "needs Postfix set up by scripts/postfix-e2e.sh (POSTRIDER_TEST_POSTFIX) and PostgreSQL (POSTRIDER_TEST_POSTGRES): .ci/run does both"]
fn a_whole_game_by_mail_through_postfix() {
    let _pipe = PIPE
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    let (database, mut mailbox) = mail_setup("postrider_mail", true);

    let server = start_with(&database, None, &MAIL_ARGS);
    let base = format!("http://{}", server.address);

    // Three players, each with a confirmed address (nothing else is mailed before).
    let pid = std::process::id();
    let names = ["alice", "bob", "carol"];
    let teams = ["red", "blue", "green"];
    let addresses: Vec<String> = names
        .iter()
        .map(|n| format!("{n}.{pid}@players.test"))
        .collect();
    let tokens: Vec<String> = names
        .iter()
        .map(|n| player(&server, &format!("{n}-{pid}")))
        .collect();
    // Bob reads Japanese (issue 36): his account's language, chosen by the API before anything
    // is mailed to him; Alice and Carol keep English.
    let (status, body) = call(
        &server,
        "POST",
        "/api/account/language",
        Some(&tokens[1]),
        Some(json!({"lang": "ja"})),
    );
    assert_eq!(status, 200, "{body}");
    let confirm_subjects = ["confirm", "メールアドレスの確認", "confirm"];
    for ((token, address), subject) in tokens.iter().zip(&addresses).zip(confirm_subjects) {
        let (status, body) = call(
            &server,
            "POST",
            "/api/account/email",
            Some(token),
            Some(json!({"email": address})),
        );
        assert_eq!(status, 202, "{body}");
        let mail = mailbox.wait(address, subject);
        let confirm = link(&mail, &format!("{base}/confirm-email/"));
        let (status, _) = common::server::request(
            &server,
            "GET",
            confirm.trim_start_matches(&base),
            None,
            None,
        );
        assert_eq!(status, 200, "confirming {address}");
    }

    // The GM creates a race and mails each seat's invitation.
    let gm = player(&server, &format!("gm-{pid}"));
    let created = new_race(&server, &gm, "Club race", &teams);
    let id = created["id"].as_i64().unwrap();
    for (seat, address) in addresses.iter().enumerate() {
        gm_action(
            &server,
            &gm,
            id,
            json!({"action": "invite", "seat": seat, "email": address}),
        );
    }
    // Each player follows the link in their invitation and is welcomed by mail.
    let mut welcomes = Vec::new();
    for (k, address) in addresses.iter().enumerate() {
        let invitation = mailbox.wait(address, "invitation");
        let join = link(&invitation, &format!("{base}/games/{id}/join?invite="));
        let invite = join.rsplit_once("invite=").unwrap().1;
        let (status, body) = call(
            &server,
            "POST",
            &format!("/api/games/{id}/join"),
            Some(&tokens[k]),
            Some(json!({"invite": invite})),
        );
        assert_eq!(status, 200, "{body}");
        let welcome = mailbox.wait(address, if k == 1 { "ようこそ" } else { "welcome" });
        assert!(
            welcome.reply_to.starts_with("orders+")
                && welcome.reply_to.ends_with("@orders.pbm.test"),
            "the Reply-To is the seat's order address: {welcome:?}"
        );
        if k == 1 {
            assert!(
                welcome.subject.contains("（第1ターンの命令）"),
                "{welcome:?}"
            );
            assert!(
                welcome.text.contains("さん、Club raceへようこそ。")
                    && welcome
                        .text
                        .contains("命令はこのメールに返信して送ってください"),
                "{}",
                welcome.text
            );
            assert!(!welcome.text.contains("Welcome to"), "{}", welcome.text);
        } else {
            assert!(
                welcome.subject.contains("(orders for turn 1)"),
                "{welcome:?}"
            );
        }
        welcomes.push(welcome);
    }
    let [alice, bob, carol] = [0, 1, 2].map(|k| addresses[k].as_str());

    // Turn 1. Alice replies to her welcome with her line-up and her orders in one mail.
    reply(
        alice,
        &welcomes[0],
        "Hi GM,\n\nA 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4\nA 4 B 7 C 5 D 4\n\nCheers,\nAlice\n\nSent from my phone",
    );
    let echo = mailbox.wait(alice, "orders as read");
    assert!(echo.text.contains("A 4 B 7 C 5 D 4"), "{}", echo.text);
    // Bob sends his from a Japanese mail client, typed in full-width, then amends them: the
    // last orders sealed count.
    reply_japanese(
        bob,
        &welcomes[1],
        &format!(
            "GM様\n\nボブです。ラインナップと最初の命令を送ります。\n{}\n{}\n\nよろしくお願いします。",
            full_width("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4"),
            full_width("A 4 B 7 C 5 D 4"),
        ),
        "",
        8,
    );
    let echo = mailbox.wait(bob, "読み取った命令");
    assert!(echo.subject.contains("（第1ターンの命令）"), "{echo:?}");
    assert!(
        echo.text.contains("スタート時の手札を封印しました：")
            && echo
                .text
                .contains("第1ターンの命令を、次のとおり読み取って封印しました：")
            && echo
                .text
                .contains("締め切りまでは、このメールに返信して命令を変更できます。"),
        "{}",
        echo.text
    );
    assert!(!echo.text.contains("You may amend"), "{}", echo.text);
    reply_japanese(
        bob,
        &echo,
        &format!("やはり変更します。\n{}", full_width("A 6 B 9 C 8 D 7")),
        "",
        8,
    );
    let amended = mailbox.wait(bob, "読み取った命令");
    assert!(amended.text.contains("封印しました："), "{}", amended.text);
    // Carol never writes. The GM resolves the turn.
    gm_action(&server, &gm, id, json!({"action": "resolve"}));
    let report_of = |turn: u16, k: usize| {
        if k == 1 {
            format!("第{turn}ターンのレポート")
        } else {
            format!("report of turn {turn}")
        }
    };
    let reports: Vec<Mail> = addresses
        .iter()
        .enumerate()
        .map(|(k, a)| mailbox.wait(a, &report_of(1, k)))
        .collect();
    for (k, report) in reports.iter().enumerate() {
        if k == 1 {
            assert!(report.subject.contains("（第2ターンの命令）"), "{report:?}");
            assert!(
                report
                    .text
                    .contains("第2ターンの命令は、このメールに返信して送ってください。"),
                "{}",
                report.text
            );
            assert!(
                !report.text.contains("Reply to this mail"),
                "{}",
                report.text
            );
            continue;
        }
        assert!(report.subject.contains("(orders for turn 2)"), "{report:?}");
        assert!(
            report.text.contains("No moves received from: green."),
            "carol's seat is NMR: {}",
            report.text
        );
    }
    let played = |report: &Mail, rider: &str, card: u8| {
        report
            .text
            .lines()
            .any(|l| l.trim_start().starts_with(rider) && l.contains(&format!("played {card:>2}")))
    };
    // Bob's amended full-width orders, as Alice's report tells them.
    assert!(
        played(&reports[0], "blue-A", 6),
        "bob's amended orders: {}",
        reports[0].text
    );
    assert!(played(&reports[0], "blue-D", 7), "{}", reports[0].text);
    assert!(played(&reports[0], "red-B", 7), "{}", reports[0].text);

    // Turn 2. Alice's first reply has a mistaken order: answered with the error, nothing sealed.
    reply(alice, &reports[0], "A 10 B 9 C9 E 6");
    let refused = mailbox.wait(alice, "orders not applied");
    assert!(
        refused.text.contains("nothing was sealed"),
        "{}",
        refused.text
    );
    assert!(
        refused.text.contains("\"E\" is not a rider"),
        "{}",
        refused.text
    );
    let (_, game) = call(&server, "GET", &format!("/api/games/{id}"), None, None);
    assert_eq!(game["turn"], 2, "{game}");
    // She replies again with orders that read; Bob sends his; Carol is silent again.
    // Her orders carry press (issue 35): published, and in the turn's report to every seat.
    let orders = highest_cards(&server, id, &tokens[0], "red");
    reply(
        alice,
        &refused,
        &format!("{orders}\n\nPress:\nSee you on the climb, all!\n"),
    );
    let echo = mailbox.wait(alice, "orders as read");
    assert!(echo.text.contains(&orders), "{}", echo.text);
    assert!(!echo.text.contains("See you on the climb"), "{}", echo.text);
    let (_, press) = call(
        &server,
        "GET",
        &format!("/api/games/{id}/press"),
        None,
        None,
    );
    assert_eq!(
        press["messages"][0]["text"], "See you on the climb, all!",
        "{press}"
    );
    // Bob's mail comes through a host that adds Exim's spam headers, and quotes every report
    // below his orders: over 100 KiB.
    let orders = highest_cards(&server, id, &tokens[1], "blue");
    reply_japanese(
        bob,
        &reports[1],
        &format!("第二ターンの命令です。\n{}", full_width(&orders)),
        EXIM_SPAM_HEADERS,
        4_000,
    );
    let echo = mailbox.wait(bob, "読み取った命令");
    assert!(echo.text.contains(&orders), "{}", echo.text);
    gm_action(&server, &gm, id, json!({"action": "resolve"}));
    for (k, address) in [alice, bob, carol].into_iter().enumerate() {
        let report = mailbox.wait(address, &report_of(2, k));
        if k == 1 {
            assert!(report.subject.contains("（第3ターンの命令）"), "{report:?}");
            assert!(
                report.text.contains("See you on the climb, all!")
                    && report
                        .text
                        .contains("第3ターンの命令は、このメールに返信して送ってください。"),
                "{}",
                report.text
            );
            continue;
        }
        assert!(report.subject.contains("(orders for turn 3)"), "{report:?}");
        let text = report.text.replace("\r\n", "\n");
        assert!(
            text.contains(&format!(
                "Press of turn 2\n---------------\nred (alice-{pid}):\n  See you on the climb, all!"
            )),
            "{text}"
        );
        assert!(
            report.text.contains("No moves received from: green."),
            "{}",
            report.text
        );
    }

    // Turn 3: the GM reminds Alice and Bob, each in their own language.
    for seat in [0, 1] {
        gm_action(&server, &gm, id, json!({"action": "remind", "seat": seat}));
    }
    let reminder = mailbox.wait(alice, "a reminder from your GM");
    assert!(
        reminder.subject.contains("(orders for turn 3)")
            && reminder
                .text
                .contains("reminds you: no orders from you yet for turn 3"),
        "{reminder:?}"
    );
    let reminder = mailbox.wait(bob, "GM からのリマインダー");
    assert!(
        reminder.subject.contains("（第3ターンの命令）")
            && reminder
                .text
                .contains("第3ターンの命令がまだ届いていません")
            && reminder.text.contains("命令が届かなかった場合は"),
        "{reminder:?}"
    );
    assert!(!reminder.text.contains("reminds you"), "{}", reminder.text);

    // Every message the MTA piped was stored and handled; the history holds each door's orders.
    assert_eq!(
        inbound(&database),
        [
            "applied", "applied", "applied", "refused", "applied", "applied"
        ]
    );
    let (_, history) = call(
        &server,
        "GET",
        &format!("/api/games/{id}/history"),
        None,
        None,
    );
    let events: &Vec<Value> = history["events"].as_array().unwrap();
    let resolved = events
        .iter()
        .filter(|e| e["event"]["kind"] == "resolved")
        .count();
    assert_eq!(resolved, 2);
}

/// The outbox's promise against a real SIGKILL: a server killed after the change that wrote a
/// mail was committed, before its worker sent it, sends that mail after its restart — once.
#[test]
#[ignore = "needs Postfix set up by scripts/postfix-e2e.sh (POSTRIDER_TEST_POSTFIX) and PostgreSQL (POSTRIDER_TEST_POSTGRES): .ci/run does both"]
fn a_server_killed_before_sending_sends_the_mail_once_after_its_restart() {
    use std::io::{BufRead, BufReader};

    let (database, mut mailbox) = mail_setup("postrider_kill", false);

    // The worker stops before its first claim; the mail is committed while it waits.
    let mut server = start_with(&database, Some("outbox-before-claim"), &MAIL_ARGS);
    let stderr = server.child.stderr.take().unwrap();
    let mut lines = BufReader::new(stderr).lines();
    assert!(
        lines.any(|l| l.unwrap().contains("failpoint outbox-before-claim reached")),
        "the server never reached the failpoint"
    );
    let address = format!("killed.{}@players.test", std::process::id());
    let token = player(&server, &format!("killed-{}", std::process::id()));
    let (status, body) = call(
        &server,
        "POST",
        "/api/account/email",
        Some(&token),
        Some(json!({"email": address})),
    );
    assert_eq!(status, 202, "{body}");
    // SIGKILL: no destructor, no flush. Nothing was sent: the worker never got past the point.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    assert!(mailbox.take(&address, "confirm").is_none());

    // After the restart the mail goes out, once: one attempt, marked sent.
    let _server = start_with(&database, None, &MAIL_ARGS);
    mailbox.wait(&address, "confirm");
    let sent = || {
        let out = Command::new("psql")
            .args([
                database.as_str(),
                "-At",
                "-c",
                "SELECT attempts, sent_at IS NOT NULL FROM outbox",
            ])
            .output()
            .unwrap();
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let started = Instant::now();
    while sent() != "1|t" {
        assert!(started.elapsed() < LIMIT, "the outbox row: {}", sent());
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(mailbox.take(&address, "confirm").is_none(), "sent twice");
}
