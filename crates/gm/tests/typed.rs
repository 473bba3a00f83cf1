//! Orders typed on a Japanese keyboard (issue 36): full-width letters and digits, ideographic
//! spaces and commas read as the ASCII the parsers know; a refusal quotes the player's words.

use game_api::Seat;
use gm::{Author, Event, Record, Setup, Submission};

fn race() -> Record {
    Record::replay(&[Event::Created {
        setup: Setup {
            game: "breaking-away".into(),
            settings: Setup::new("breaking-away", &[], 0)
                .with("rules", "postal-2.2")
                .settings,
            seats: vec!["red".into(), "blue".into()],
            seed: 7,
            secret: None,
        },
    }])
    .unwrap()
}

fn sent(lineup: &str, orders: &str) -> Submission {
    Submission {
        turn: None,
        lineup: Some(lineup.into()),
        orders: Some(orders.into()),
    }
}

#[test]
fn a_full_width_line_up_and_orders_are_sealed_as_the_engine_reads_them() {
    let mut record = race();
    let events = record
        .check(
            Seat(0),
            &sent(
                "Ａ　４　５　６、Ｂ　９　９　７、Ｃ　６　８　５、Ｄ　７　５　４",
                "Ａ６　Ｂ９　Ｃ８　Ｄ７",
            ),
            Author::Player,
        )
        .unwrap();
    for e in &events {
        record.apply(e).unwrap();
    }
    assert_eq!(record.sealed(Seat(0)).1.as_deref(), Some("A 6 B 9 C 8 D 7"));
    // The log holds the text as read: a replay never needs the normalisation.
    assert!(
        events.iter().all(|e| !format!("{e:?}").contains('Ａ')),
        "{events:?}"
    );
}

#[test]
fn a_refused_word_is_quoted_as_the_player_typed_it() {
    let record = race();
    let err = record
        .check(
            Seat(0),
            &sent("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "Ａ６　Ｘ１"),
            Author::Player,
        )
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        r#"orders: "Ｘ１" is not a rider (A, B, C or D) or a card"#
    );
}

/// The refusal in the reader's language: in English word for word the refusal `check`
/// gives; in Japanese with the words as typed, for each way the rules refuse a submission.
#[test]
fn a_refusal_reads_in_the_players_language_with_the_words_as_typed() {
    let record = race();
    let ja = game_api::Lang::from_code("ja").unwrap();
    for (submission, japanese) in [
        (
            sent("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "Ａ６　Ｘ１"),
            "命令：「Ｘ１」は選手（A、B、C、D）でもカードでもありません",
        ),
        (
            sent("Ａ４ ５ ６ Ｂ９ ９ ７ Ｃ６ ８ ５ Ｄ７ ５ ４ Ｅ", "A 6"),
            "スタート時の手札：「Ｅ」は選手（A、B、C、D）でもカードでもありません",
        ),
        (
            sent("A 4 5 6 B 9 9 9 C 6 8 5 D 7 5 4", "A 6"),
            "スタート時の手札：選手B：カードの合計が27で、上限の25を超えています（郵便ルール3.1.1）",
        ),
        (
            sent("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "Ａ１２"),
            "命令：選手A：カード12は手札［4、5、6］にありません",
        ),
    ] {
        let refused = record
            .check(Seat(0), &submission, Author::Player)
            .unwrap_err()
            .to_string();
        assert_eq!(
            record.refusal(Seat(0), &submission, game_api::Lang::EN),
            Some(refused)
        );
        assert_eq!(
            record.refusal(Seat(0), &submission, ja).as_deref(),
            Some(japanese)
        );
    }
    let fine = sent("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4", "A 6");
    assert_eq!(record.refusal(Seat(0), &fine, ja), None);
}
