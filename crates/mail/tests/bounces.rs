//! Bounces as relays send them (tests/messages/bounce-*.eml and their kin): RFC 3464 reports
//! from Postfix, Exim, Gmail and Microsoft 365, qmail's prose, a delay warning and an
//! out-of-office reply, read by `mail::read_bounce` for the address and the relay's words.

use mail::bounce::{Action, Bounce};

fn bounce(name: &str) -> Option<Bounce> {
    let raw = std::fs::read(format!(
        "{}/tests/messages/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    mail::read_bounce(&raw)
}

fn failed(name: &str) -> Bounce {
    let b = bounce(name).unwrap_or_else(|| panic!("{name}: not read as a bounce"));
    assert_eq!(b.action, Action::Failed, "{name}: {b:?}");
    b
}

#[test]
fn postfix_reports_the_remote_refusal_unfolded() {
    let b = failed("bounce-postfix.eml");
    assert_eq!(b.recipient.as_deref(), Some("kim@players.example"));
    assert_eq!(b.status.as_deref(), Some("5.1.1"));
    assert_eq!(
        b.words,
        "550 5.1.1 <kim@players.example>: Recipient address rejected: User unknown in virtual mailbox table"
    );
}

#[test]
fn exim_reports_in_rfc_3464_too() {
    let b = failed("bounce-exim.eml");
    assert_eq!(b.recipient.as_deref(), Some("sam@players.example"));
    assert_eq!(b.status.as_deref(), Some("5.0.0"));
    assert_eq!(
        b.words,
        "550 5.7.1 <sam@players.example>: Relay access denied"
    );
}

#[test]
fn gmail_folds_its_multiline_reply_into_one_line() {
    let b = failed("bounce-gmail.eml");
    assert_eq!(b.recipient.as_deref(), Some("ayumi.nonexistent@gmail.com"));
    assert_eq!(b.status.as_deref(), Some("5.1.1"));
    assert!(
        b.words.starts_with(
            "550-5.1.1 The email account that you tried to reach does not exist. Please try 550-5.1.1 double-checking"
        ),
        "{}",
        b.words
    );
    assert!(!b.words.contains('\n'));
}

#[test]
fn microsoft_365s_report_under_its_html_notice() {
    let b = failed("bounce-microsoft.eml");
    assert_eq!(b.recipient.as_deref(), Some("jo@contoso.example"));
    assert_eq!(b.status.as_deref(), Some("5.1.10"));
    assert_eq!(
        b.words,
        "550 5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient jo@contoso.example not found by SMTP address lookup"
    );
}

#[test]
fn qmails_prose_is_read_for_its_refusal() {
    let b = failed("bounce-qmail.eml");
    assert_eq!(b.recipient.as_deref(), Some("lee@oldhost.example"));
    assert_eq!(b.status.as_deref(), Some("5.1.1"));
    assert_eq!(
        b.words,
        "<lee@oldhost.example>: Sorry, no mailbox here by that name. (#5.1.1)"
    );
}

#[test]
fn a_delay_warning_is_no_failure() {
    let b = bounce("delay-postfix.eml").expect("a DSN");
    assert_eq!(b.action, Action::Delayed);
    assert_eq!(b.status.as_deref(), Some("4.4.1"));
    assert_eq!(b.recipient.as_deref(), Some("kim@players.example"));
}

#[test]
fn an_out_of_office_reply_is_no_bounce_whatever_numbers_it_holds() {
    assert_eq!(bounce("out-of-office.eml"), None);
}

#[test]
fn a_players_mail_and_garbage_are_no_bounce() {
    assert_eq!(bounce("postfix-delivered.eml"), None);
    assert_eq!(mail::read_bounce(b"no headers at all"), None);
    assert_eq!(mail::read_bounce(b""), None);
}
