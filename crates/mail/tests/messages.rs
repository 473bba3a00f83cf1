//! Real-looking mail messages (tests/messages/*.eml: quoted-printable, base64, ISO-8859-1,
//! HTML only, a reply with the quoted report below it, a line-up with turn-1 orders, a bad
//! order, a Backpacks round; Japanese clients in ISO-2022-JP (once with stray 8-bit bytes),
//! Shift_JIS and UTF-8) read by the one function the desk and the server call.

use game_api::Seat;
use gm::{Author, Event, Record, Setup};

fn breaking_away() -> Record {
    Record::new(&Setup {
        game: "breaking-away".into(),
        settings: Default::default(),
        seats: vec!["red".into(), "blue".into(), "green".into()],
        seed: 1,
        secret: None,
    })
    .unwrap()
}

/// The same race after turn 1 (every seat sent nothing: NMR), turn 2 open.
fn breaking_away_turn_2() -> Record {
    let mut record = breaking_away();
    record.apply(&Event::resolved(1)).unwrap();
    record
}

fn message(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/messages/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn read(record: &Record, name: &str) -> (mail::Letter, mail::MailOrders) {
    mail::orders_from_mail(record, &message(name)).unwrap()
}

#[test]
fn quoted_printable_with_greeting_signoff_and_phone_line() {
    let (letter, read) = read(&breaking_away_turn_2(), "quoted-printable.eml");
    assert_eq!(letter.message_id.as_deref(), Some("qp-1@example.net"));
    assert_eq!(letter.recipients[0], "orders+s3cr3tred@club.example");
    assert_eq!(read.orders.as_deref(), Some("A 10 B 9 C 9 D 6"));
    assert_eq!(read.turn, Some(2));
    assert_eq!(read.ignored, ["Here are my orders for this turn:"]);
    assert!(read.problems.is_empty());
}

#[test]
fn base64_with_a_signature_holding_numbers() {
    let (_, read) = read(&breaking_away_turn_2(), "base64.eml");
    assert_eq!(read.orders.as_deref(), Some("A 10 B 9 C 9 D 6"));
    assert_eq!(read.turn, None, "the subject names no turn");
    assert!(read.problems.is_empty(), "{:?}", read.problems);
}

#[test]
fn iso_8859_1_in_the_body_and_the_subject() {
    let (letter, read) = read(&breaking_away_turn_2(), "latin1.eml");
    assert!(
        letter.body.starts_with("Bonjour Gérard,"),
        "{}",
        letter.body
    );
    assert_eq!(read.orders.as_deref(), Some("A=10, B=9; C 9 D 6"));
    assert_eq!(read.turn, Some(2));
    assert!(read.ignored.is_empty(), "{:?}", read.ignored);
}

#[test]
fn html_only_gmail_reply() {
    let (_, read) = read(&breaking_away_turn_2(), "html-only.eml");
    assert_eq!(read.orders.as_deref(), Some("A 10 B 9 C 9 D 6"));
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert!(read.ignored.is_empty(), "{:?}", read.ignored);
}

#[test]
fn a_reply_with_the_quoted_report_below_reads_only_the_new_lines() {
    let record = breaking_away_turn_2();
    let (letter, read) = read(&record, "reply.eml");
    assert_eq!(read.orders.as_deref(), Some("A 10 B 9 C 9 D 6"));
    assert_eq!(read.turn, Some(2));
    assert!(read.problems.is_empty() && read.ignored.is_empty());
    assert!(
        letter.body.contains("> red"),
        "the text part is read, not the HTML"
    );
}

#[test]
fn before_the_race_one_mail_carries_the_lineup_and_turn_1_orders() {
    // The line that gives each rider its cards is the line-up; one card each, the orders.
    let record = breaking_away();
    let (_, read) = read(&record, "lineup-and-orders.eml");
    assert_eq!(
        read.lineup.as_deref(),
        Some("A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6")
    );
    assert_eq!(read.orders.as_deref(), Some("A 10 B 9 C 9 D 6"));
    assert_eq!(read.turn, Some(1));
    assert_eq!(read.ignored, ["My line-up:", "and my first orders:"]);
    let submission = read.submission().unwrap();
    let events = record.check(Seat(0), &submission, Author::Player).unwrap();
    assert!(matches!(events[0], Event::Lineup { .. }));
    assert!(matches!(events[1], Event::Orders { .. }));
}

#[test]
fn after_the_start_a_lineup_line_is_a_mistake() {
    let (_, read) = mail::orders_from_mail(
        &breaking_away_turn_2(),
        b"A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6\n",
    )
    .unwrap();
    assert_eq!(read.problems.len(), 1, "{:?}", read.problems);
    assert!(
        read.problems[0].to_string().contains("one card per turn"),
        "{:?}",
        read.problems
    );
}

#[test]
fn a_bad_order_is_answered_with_its_error_and_nothing_is_applied() {
    let (_, read) = read(&breaking_away_turn_2(), "bad-order.eml");
    assert_eq!(
        english(&read.problems),
        ["\"A 10 B 9 C9 E 6\": \"E\" is not a rider (A, B, C or D) or a card"]
    );
    assert_eq!(read.ignored, ["Kim"]);
    assert!(read.submission().is_err());
}

#[test]
fn a_stale_turn_is_refused_by_the_lifecycle() {
    // The mail answers the report of turn 1 (orders for turn 2), but turn 3 is open now.
    let mut record = breaking_away_turn_2();
    record.apply(&Event::resolved(2)).unwrap();
    let (_, read) = read(&record, "reply.eml");
    let error = record
        .check(Seat(0), &read.submission().unwrap(), Author::Player)
        .unwrap_err();
    assert!(
        matches!(error, gm::GmError::Stale { open: 3, .. }),
        "{error}"
    );
}

#[test]
fn a_body_without_orders_says_so() {
    let (_, read) =
        mail::orders_from_mail(&breaking_away(), b"Dear GM,\n\nsorry, no time this week.\n")
            .unwrap();
    assert_eq!(read.ignored, ["sorry, no time this week."]);
    let problems = read.submission().unwrap_err();
    assert!(
        problems[0]
            .to_string()
            .starts_with("orders: none found in the mail"),
        "{problems:?}"
    );
}

#[test]
fn backpacks_orders_over_several_lines() {
    let record = Record::new(&Setup {
        game: "backpacks".into(),
        settings: Default::default(),
        seats: vec!["amy".into(), "bob".into()],
        seed: 1,
        secret: None,
    })
    .unwrap();
    let (_, read) = read(&record, "backpacks.eml");
    assert_eq!(read.orders.as_deref(), Some("1: rest\n2: rest\nvote bob"));
    assert_eq!(read.turn, Some(2));
    assert!(read.ignored.is_empty() && read.problems.is_empty());
}

#[test]
fn hostile_messages_are_refused_not_read() {
    let record = breaking_away();
    let bomb = format!(
        "From: x@y\nSubject: s\nContent-Type: multipart/mixed; boundary=a\n\n{}",
        "--a\nContent-Type: multipart/mixed; boundary=a\n\n".repeat(30_000)
    );
    // Larger than an orders mail may be: refused before parsing.
    assert!(matches!(
        mail::orders_from_mail(&record, bomb.as_bytes()),
        Err(mail::Unreadable::TooLarge(_))
    ));
    let nested = format!(
        "From: x@y\nSubject: s\nContent-Type: multipart/mixed; boundary=a\n\n{}A 1\n",
        "--a\nContent-Type: multipart/mixed; boundary=a\n\n".repeat(2_000)
    );
    // Deep nesting within the size limit: read without a crash; nothing is found.
    let (_, read) = mail::orders_from_mail(&record, nested.as_bytes()).unwrap();
    assert!(read.submission().is_err());
}

/// Exim on a cPanel host adds `X-Spam_score`, `X-Spam_bar` and the like, and a relay may write
/// `Received : …`. Fails with the old `is_message`: the headers became "the body", each with a
/// digit a mistaken order.
#[test]
fn exims_spam_headers_are_headers() {
    let (letter, read) = read(&breaking_away_turn_2(), "exim-spam-headers.eml");
    assert_eq!(letter.message_id.as_deref(), Some("exim-1@example.com"));
    assert_eq!(read.orders.as_deref(), Some("Turn 2: A 10 B 9 C 9 D 6"));
    assert_eq!(read.turn, Some(2));
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    assert!(read.submission().is_ok());
}

/// What Postfix adds (Return-Path, X-Original-To, Delivered-To, a folded Received, DKIM), and
/// the form's own labels on the player's lines (fails without the labels: "Line-up" was read
/// as a rider).
#[test]
fn postfix_headers_and_the_forms_labels() {
    let record = breaking_away();
    let (letter, read) = read(&record, "postfix-delivered.eml");
    assert_eq!(letter.recipients[0], "orders+s3cr3tred@club.example");
    assert_eq!(
        read.lineup.as_deref(),
        Some("Line-up: A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6")
    );
    assert_eq!(read.orders.as_deref(), Some("Orders: A 10 B 9 C 9 D 6"));
    let events = record
        .check(Seat(0), &read.submission().unwrap(), Author::Player)
        .unwrap();
    assert!(matches!(&events[1], Event::Orders { text, .. } if text == "A 10 B 9 C 9 D 6"));
}

/// A reply quoting long reports is over 64 KiB. Fails with the old reading, which looked at the
/// first 64 KiB only and refused the rest as "larger than" a limit it named wrongly.
#[test]
fn a_reply_over_64_kib_is_read() {
    let mut raw = String::from_utf8(message("exim-spam-headers.eml")).unwrap();
    raw = raw.replace(
        "\nKim\n",
        "\nKim\n\nOn Sat, 21 Nov 2026, postrider wrote:\n",
    );
    while raw.len() < 100 * 1024 {
        raw.push_str("> red   A 10 B 9 C 9 D 6   blue  A 10 B 8 C 9 D 5   green A 9 B 9 C 8 D 4\n");
    }
    let (_, read) = mail::orders_from_mail(&breaking_away_turn_2(), raw.as_bytes()).unwrap();
    assert_eq!(read.orders.as_deref(), Some("Turn 2: A 10 B 9 C 9 D 6"));
    assert!(read.problems.is_empty(), "{:?}", read.problems);
}

/// Every mistake of a labelled line is answered, not only the first.
#[test]
fn every_mistake_on_a_labelled_line_is_answered() {
    let (_, read) =
        mail::orders_from_mail(&breaking_away_turn_2(), b"Turn 2: A 10 X 9 C9 E 6\n").unwrap();
    assert_eq!(
        english(&read.problems),
        [
            "\"Turn 2: A 10 X 9 C9 E 6\": \"X\" is not a rider (A, B, C or D) or a card; \"E\" is not a rider (A, B, C or D) or a card"
        ]
    );
}

/// A subject naming a turn past u16 is refused with a clear line, not read as "no turn".
#[test]
fn a_subject_naming_turn_65537_is_refused() {
    let raw = b"From: k@example.com\nSubject: Re: x (orders for turn 65537)\n\nA 10 B 9 C 9 D 6\n";
    let (_, read) = mail::orders_from_mail(&breaking_away_turn_2(), raw).unwrap();
    assert_eq!(read.turn, None);
    assert_eq!(
        english(&read.submission().unwrap_err()),
        [
            "subject: turn 65537 is past the last turn any game has (65535); reply to the latest report"
        ]
    );
}

/// Japanese mail (issue 36): three clients' layouts and charsets, one set of orders typed on a
/// Japanese keyboard; each reads as the same orders, and nothing quoted below is read.
fn read_japanese(name: &str) -> (mail::Letter, mail::MailOrders) {
    let record = breaking_away_turn_2();
    let (letter, read) = read(&record, name);
    assert!(read.problems.is_empty(), "{name}: {:?}", read.problems);
    assert_eq!(read.turn, Some(2), "{name}: the subject's turn");
    let orders = read.submission().unwrap().orders.unwrap();
    assert_eq!(
        record.reads(false, &orders).unwrap(),
        "A 10 B 9 C 9 D 6",
        "{name}"
    );
    (letter, read)
}

#[test]
fn iso_2022_jp_from_a_japanese_desktop_client() {
    let (letter, read) = read_japanese("iso-2022-jp.eml");
    assert_eq!(letter.from.as_deref(), Some("tanaka@example.jp"));
    assert_eq!(read.orders.as_deref(), Some("Ａ１０　Ｂ９　Ｃ９　Ｄ６"));
    assert_eq!(read.ignored, ["ＧＭさん", "お疲れ様です。今回の命令です。"]);
}

/// The same mail with three stray 8-bit bytes in its 7-bit body, each between the two bytes
/// of a character (one in the greeting, two in the orders). Fails with mail-parser's strict
/// decoding, which read every later pair of the line one byte off: the orders became other
/// kanji and none were found.
#[test]
fn iso_2022_jp_with_stray_8_bit_bytes_is_read_leniently() {
    let (letter, read) = read_japanese("iso-2022-jp-stray-bytes.eml");
    assert_eq!(read.orders.as_deref(), Some("Ａ１０　Ｂ９　Ｃ９　Ｄ６"));
    assert_eq!(read.ignored, ["ＧＭさん", "お疲れ様です。今回の命令です。"]);
    assert!(letter.body.contains("田中　一郎"), "{}", letter.body);
}

#[test]
fn shift_jis_with_outlooks_japanese_header_block_above_the_quoted_report() {
    let (_, read) = read_japanese("shift-jis.eml");
    assert_eq!(
        read.orders.as_deref(),
        Some("Ａ＝１０、Ｂ＝９、Ｃ　９、Ｄ　６")
    );
    assert_eq!(read.ignored, ["お世話になっております。"]);
}

#[test]
fn utf_8_from_gmail_in_japanese_on_a_phone() {
    let (_, read) = read_japanese("gmail-ja.eml");
    assert_eq!(read.orders.as_deref(), Some("Ａ１０ Ｂ９ Ｃ９ Ｄ６"));
    assert!(read.ignored.is_empty(), "{:?}", read.ignored);
}

#[test]
fn a_full_width_order_that_does_not_read_is_a_problem_not_an_ignored_line() {
    let (_, read) =
        mail::orders_from_mail(&breaking_away_turn_2(), "Ａ１０　Ｅ６\n".as_bytes()).unwrap();
    assert_eq!(
        english(&read.problems),
        ["\"Ａ１０　Ｅ６\": \"Ｅ６\" is not a rider (A, B, C or D) or a card"]
    );
}

/// The problems as an English reader is told them.
fn english(problems: &[locale::Phrase]) -> Vec<String> {
    problems.iter().map(ToString::to_string).collect()
}

/// PostgreSQL's text cannot hold a NUL: every text read from a mail has it as U+FFFD instead.
#[test]
fn a_nul_anywhere_is_read_as_a_replacement_character() {
    let raw = b"From: red\0@example.net\r\nTo: orders+ab\0c@club.example\r\nSubject: turn\0 2\r\n\
                Message-ID: <nul\0@example.net>\r\n\r\nA 10 B 9\0 C 9 D 6\r\n";
    let letter = mail::read(raw).unwrap();
    let texts = [
        letter.from.clone().unwrap_or_default(),
        letter.subject.clone().unwrap_or_default(),
        letter.message_id.clone().unwrap_or_default(),
        letter.recipients.join(" "),
        letter.body.clone(),
    ];
    for text in &texts {
        assert!(!text.contains('\0'), "{texts:?}");
    }
    assert_eq!(letter.body, "A 10 B 9\u{fffd} C 9 D 6\n");
}
