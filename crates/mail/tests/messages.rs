//! Real-looking mail messages (tests/messages/*.eml: quoted-printable, base64, ISO-8859-1,
//! HTML only, a reply with the quoted report below it, a line-up with turn-1 orders, a bad
//! order, a Backpacks round) read by the one function the desk and the server call.

use game_api::Seat;
use gm::{Author, Event, Record, Setup};

fn breaking_away() -> Record {
    Record::new(&Setup {
        game: "breaking-away".into(),
        rules: None,
        options: vec![],
        seats: vec!["red".into(), "blue".into(), "green".into()],
        seed: 1,
        map: None,
        deck: None,
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
        read.problems[0].contains("one card per turn"),
        "{:?}",
        read.problems
    );
}

#[test]
fn a_bad_order_is_answered_with_its_error_and_nothing_is_applied() {
    let (_, read) = read(&breaking_away_turn_2(), "bad-order.eml");
    assert_eq!(
        read.problems,
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
        problems[0].starts_with("orders: none found in the mail"),
        "{problems:?}"
    );
}

#[test]
fn backpacks_orders_over_several_lines() {
    let record = Record::new(&Setup {
        game: "backpacks".into(),
        rules: None,
        options: vec![],
        seats: vec!["amy".into(), "bob".into()],
        seed: 1,
        map: None,
        deck: None,
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
