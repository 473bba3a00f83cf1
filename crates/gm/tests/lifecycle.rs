//! A game's life through its log: sealing, readiness, bots, resolution, roll-back and views.

use game_api::{Lang, Seat, Viewer};
use gm::{Author, Event, Record, Setup, Submission};

fn race_setup() -> Setup {
    Setup {
        game: "breaking-away".into(),
        settings: Setup::new("breaking-away", &[], 0)
            .with("rules", "postal-2.2")
            .settings,
        seats: vec!["red".into(), "blue".into()],
        seed: 7,
        secret: None,
    }
}

fn day_setup() -> Setup {
    Setup {
        game: "backpacks".into(),
        settings: Default::default(),
        seats: vec!["ann".into(), "bob".into()],
        seed: 3,
        secret: None,
    }
}

fn submit(record: &mut Record, log: &mut Vec<Event>, seat: u8, lineup: Option<&str>, orders: &str) {
    let submission = Submission {
        turn: None,
        lineup: lineup.map(str::to_string),
        orders: Some(orders.to_string()),
    };
    for e in record
        .check(Seat(seat), &submission, Author::Player)
        .unwrap()
    {
        record.apply(&e).unwrap();
        log.push(e);
    }
}

#[test]
fn a_race_is_the_replay_of_its_log() {
    let mut log = vec![Event::Created {
        setup: race_setup(),
    }];
    let mut record = Record::replay(&log).unwrap();
    assert!(!record.all_ready());
    submit(
        &mut record,
        &mut log,
        0,
        Some("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4"),
        "A 6 B 9 C 8 D 7",
    );
    assert!(record.ready(Seat(0)) && !record.ready(Seat(1)));
    // The echo is the text as the engine read it.
    assert_eq!(record.sealed(Seat(0)).1.as_deref(), Some("A 6 B 9 C 8 D 7"));

    // A bot fills the other seat; its line-up and orders are logged like a player's.
    let bot = record.bot_events(Seat(1), "heuristic").unwrap();
    assert_eq!(bot.len(), 2, "a line-up and orders: {bot:?}");
    for e in bot {
        record.apply(&e).unwrap();
        log.push(e);
    }
    assert!(record.all_ready());
    let resolved = Event::resolved(1);
    record.apply(&resolved).unwrap();
    log.push(resolved);
    assert_eq!(record.turn(), 2);
    assert_eq!(Record::replay(&log).unwrap().to_json(), record.to_json());
}

#[test]
fn a_refused_submission_changes_nothing_and_names_the_field() {
    let record = Record::replay(&[Event::Created {
        setup: race_setup(),
    }])
    .unwrap();
    let before = record.to_json();
    let bad = Submission {
        turn: None,
        lineup: Some("A 15 15 15 15 B 1 C 1 D 1".into()),
        orders: None,
    };
    let err = record.check(Seat(0), &bad, Author::Player).unwrap_err();
    assert!(
        err.to_string().starts_with("line-up:") || err.to_string().starts_with("lineup:"),
        "{err}"
    );
    let err = record
        .check(
            Seat(0),
            &Submission {
                turn: None,
                lineup: None,
                orders: Some("A 4".into()),
            },
            Author::Player,
        )
        .unwrap_err();
    assert!(
        err.to_string().contains("line-up"),
        "orders before a line-up: {err}"
    );
    assert_eq!(record.to_json(), before);
}

/// A race whose two teams have sealed their line-ups and turn-1 orders.
fn both_teams_sealed() -> (Record, Vec<Event>) {
    let mut log = vec![Event::Created {
        setup: race_setup(),
    }];
    let mut record = Record::replay(&log).unwrap();
    submit(
        &mut record,
        &mut log,
        0,
        Some("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4"),
        "A 6 B 9 C 8 D 7",
    );
    submit(
        &mut record,
        &mut log,
        1,
        Some("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4"),
        "A 5 B 9 C 6 D 7",
    );
    (record, log)
}

#[test]
fn roll_back_restores_the_sealed_orders_of_the_turn() {
    let (record, mut log) = both_teams_sealed();
    let before = record.to_json();
    log.push(Event::resolved(1));
    log.push(Event::Dropped {
        rider: "red A".into(),
    });
    assert_eq!(Record::replay(&log).unwrap().turn(), 2);
    log.push(Event::RolledBack { turn: 1 });
    let back = Record::replay(&log).unwrap();
    assert_eq!(back.turn(), 1);
    assert_eq!(back.to_json(), before);
    // And it can be resolved again, to the same result: the draws come from the seed.
    log.push(Event::resolved(1));
    assert_eq!(Record::replay(&log).unwrap().turn(), 2);
}

/// Issue 32: a GM's action on a piece is logged as the game names it (`piece`), and the
/// `dropped` and `retired` entries of earlier releases' logs replay to the same game.
#[test]
fn piece_actions_replay_as_the_dropped_and_retired_entries_of_earlier_logs() {
    let (_, mut log) = both_teams_sealed();
    log.push(Event::resolved(1));
    let mut old = log.clone();
    log.push(Event::Piece {
        verb: "drop".into(),
        piece: "red-A".into(),
    });
    log.push(Event::Piece {
        verb: "retire".into(),
        piece: "blue-B".into(),
    });
    old.push(Event::from_json(r#"{"kind":"dropped","rider":"red-A"}"#).unwrap());
    old.push(Event::from_json(r#"{"kind":"retired","rider":"blue-B"}"#).unwrap());
    let now = Record::replay(&log).unwrap();
    assert_eq!(now.to_json(), Record::replay(&old).unwrap().to_json());
    assert!(
        now.state_text(Viewer::Gm, game_api::Lang::EN)
            .contains("dropped")
    );
    assert_eq!(
        serde_json::to_value(&log[log.len() - 1]).unwrap(),
        serde_json::json!({"kind": "piece", "verb": "retire", "piece": "blue-B"})
    );
    // A verb the game does not name is refused, naming it.
    let mut record = now;
    let e = record
        .apply(&Event::Piece {
            verb: "crash".into(),
            piece: "red-B".into(),
        })
        .unwrap_err();
    assert_eq!(
        e.to_string(),
        "crash: Breaking Away has no such action on its pieces"
    );
}

/// Issue 28: every sealing is a log entry, so a seat may seal its orders at most
/// `MAX_SEALINGS` times a turn; the refusal names the limit, changes nothing, and the count
/// starts again with the next turn. A replay of a longer log (an earlier release's) still works.
#[test]
fn a_seat_seals_its_orders_at_most_max_sealings_times_a_turn() {
    let (mut record, mut log) = both_teams_sealed();
    let orders = Submission {
        turn: None,
        lineup: None,
        orders: Some("A 5 B 9 C 8 D 7".into()),
    };
    // Seat 0 has sealed once; it may amend until the bound.
    for _ in 1..gm::MAX_SEALINGS {
        for e in record.check(Seat(0), &orders, Author::Player).unwrap() {
            record.apply(&e).unwrap();
            log.push(e);
        }
    }
    let before = record.to_json();
    let err = record
        .check(Seat(0), &orders, Author::Player)
        .unwrap_err()
        .to_string();
    assert_eq!(
        err,
        format!(
            "orders: sealed {} times for turn 1, the most a team may; the last ones sealed stand",
            gm::MAX_SEALINGS
        )
    );
    assert_eq!(record.to_json(), before);
    // The other seat's count is its own; the line-up is counted apart from the orders.
    assert!(record.check(Seat(1), &orders, Author::Player).is_ok());
    // A replay counts the same.
    let replayed = Record::replay(&log).unwrap();
    assert!(replayed.check(Seat(0), &orders, Author::Player).is_err());
    // The next turn opens with a new count; a log with more sealings than the bound (written
    // before it) still replays.
    let mut longer = log.clone();
    longer.push(log.last().unwrap().clone());
    let mut replayed = Record::replay(&longer).unwrap();
    replayed.apply(&Event::resolved(1)).unwrap();
    // Legal turn-2 orders, as a bot would write them, sent by the player.
    let Some(Event::Orders { text, .. }) = replayed.bot_events(Seat(0), "heuristic").unwrap().pop()
    else {
        panic!("a bot writes orders for turn 2");
    };
    let next = Submission {
        turn: Some(2),
        lineup: None,
        orders: Some(text),
    };
    replayed.check(Seat(0), &next, Author::Player).unwrap();
}

#[test]
fn a_seat_sees_its_own_hands_only() {
    let (mut record, _) = both_teams_sealed();
    record.apply(&Event::resolved(1)).unwrap();
    let view = record.view_json(Viewer::Seat(Seat(0)));
    for rider in view["riders"].as_array().unwrap() {
        let own = rider["team"] == "red";
        assert_eq!(rider["hand"].is_array(), own, "{rider}");
    }
    let public = record.view_json(Viewer::Public);
    assert!(
        public["riders"]
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["hand"].is_null())
    );
}

#[test]
fn a_backpacks_day_takes_orders_and_bots() {
    let setup = day_setup();
    let mut log = vec![Event::Created { setup }];
    let mut record = Record::replay(&log).unwrap();
    for seat in 0..2 {
        for e in record.bot_events(Seat(seat), "heuristic").unwrap() {
            record.apply(&e).unwrap();
            log.push(e);
        }
    }
    assert!(record.all_ready());
    log.push(Event::resolved(1));
    let replayed = Record::replay(&log).unwrap();
    assert_eq!(replayed.turn(), 2);
    let view = replayed.view_json(Viewer::Seat(Seat(1)));
    let walkers = view["walkers"].as_array().unwrap();
    assert!(walkers[0]["hand"].is_null() && walkers[0]["money"].is_null());
    assert!(walkers[1]["hand"].is_array());
}

/// Orders the log keeps read in words against the game before their round, as their player
/// read them then (the history page): round 1's, once round 2 is coming, name the round's
/// turns and places by name; a round neither resolved nor coming, or a text that is not
/// orders, gives none.
#[test]
fn logged_orders_read_in_words_against_their_round() {
    let mut log = vec![Event::Created { setup: day_setup() }];
    let mut record = Record::replay(&log).unwrap();
    let mut sent = Vec::new();
    for seat in 0..2 {
        for e in record.bot_events(Seat(seat), "heuristic").unwrap() {
            if let Event::Orders { text, .. } = &e {
                sent.push(text.clone());
            }
            record.apply(&e).unwrap();
            log.push(e);
        }
    }
    let then = record.sealed_words(Seat(1), Lang::EN).unwrap();
    log.push(Event::resolved(1));
    let record = Record::replay(&log).unwrap();
    assert_eq!(record.turn(), 2);
    let words = record.orders_words_at(1, Seat(1), &sent[1], Lang::EN);
    assert_eq!(words.as_deref(), Some(then.as_str()), "as read when sealed");
    assert!(
        then.starts_with("turn 1 (") && !then.contains("KES"),
        "{then}"
    );
    assert!(
        record
            .orders_words_at(2, Seat(1), "1: rest; 2: rest", Lang::EN)
            .is_some()
    );
    for turn in [0, 3] {
        assert_eq!(
            record.orders_words_at(turn, Seat(1), &sent[1], Lang::EN),
            None
        );
    }
    assert_eq!(
        record.orders_words_at(1, Seat(1), "A 12 B 3", Lang::EN),
        None
    );
}

#[test]
fn a_log_that_does_not_fit_is_refused() {
    let err = Record::replay(&[Event::resolved(1)]).unwrap_err();
    assert!(err.to_string().contains("creation"), "{err}");
    let err = Record::replay(&[
        Event::Created {
            setup: race_setup(),
        },
        Event::resolved(2),
    ])
    .unwrap_err();
    assert!(err.to_string().contains("turn"), "{err}");
}

#[test]
fn pictures_and_the_chart_follow_every_resolved_turn() {
    let (mut record, _) = both_teams_sealed();
    assert_eq!(
        record.picture_svg(None, Viewer::Public, Lang::EN),
        None,
        "no track before the start"
    );
    for turn in 1..=3u16 {
        record.apply(&Event::resolved(turn)).unwrap();
    }
    // The archive draws any resolved turn, and the start; nothing beyond.
    for turn in 0..=3 {
        let svg = record
            .picture_svg(Some(turn), Viewer::Public, Lang::EN)
            .unwrap();
        assert!(
            svg.starts_with("<svg") && svg.contains("red-A"),
            "turn {turn}"
        );
    }
    assert_eq!(record.picture_svg(Some(4), Viewer::Public, Lang::EN), None);
    assert_ne!(
        record.picture_svg(Some(1), Viewer::Public, Lang::EN),
        record.picture_svg(Some(3), Viewer::Public, Lang::EN)
    );
    // The chart: one line per rider, a point per turn from the start, distances from the views.
    let progress = record.progress(2);
    assert_eq!(progress.quantity, "distance");
    assert_eq!(progress.series.len(), 8);
    let red_a = &progress.series[0];
    assert_eq!(red_a.label, "red-A");
    assert_eq!(red_a.points.len(), 3);
    assert_eq!(red_a.points[0], (0, 0));
    assert!(
        red_a.points.windows(2).all(|w| w[0].1 <= w[1].1),
        "riders never go back"
    );
    assert_eq!(
        record.progress(9).series[0].points.len(),
        4,
        "capped at the last turn"
    );
    assert_eq!(progress.svg(Lang::EN).matches("<polyline").count(), 8);
}

#[test]
fn a_backpacks_chart_counts_points() {
    let setup = day_setup();
    let mut record = Record::replay(&[Event::Created { setup }]).unwrap();
    assert!(
        record.picture_svg(None, Viewer::Public, Lang::EN).is_some(),
        "the map before the first round"
    );
    record.apply(&Event::resolved(1)).unwrap();
    let progress = record.progress(1);
    assert_eq!(progress.quantity, "points");
    assert_eq!(progress.series.len(), 2);
    assert_eq!(progress.series[1].label, "bob");
    assert_eq!(progress.series[0].points.len(), 2);
}

#[test]
fn the_nmr_streak_counts_the_turns_a_seat_sent_nothing_in_a_row() {
    let mut log = vec![Event::Created {
        setup: race_setup(),
    }];
    let mut record = Record::replay(&log).unwrap();
    assert_eq!(record.nmr_streak(Seat(1)), 0, "nothing resolved yet");
    submit(
        &mut record,
        &mut log,
        0,
        Some("A 4 5 6 B 9 9 7 C 6 8 5 D 7 5 4"),
        "A 6 B 9 C 8 D 7",
    );
    // Blue sends nothing for turns 1 and 2; red sends orders for turn 1 only.
    for turn in 1..=2 {
        let resolved = Event::resolved(turn);
        record.apply(&resolved).unwrap();
        log.push(resolved);
    }
    assert_eq!(record.nmr_streak(Seat(1)), 2);
    assert_eq!(record.nmr_streak(Seat(0)), 1);
    // Orders sent for turn 3 (a bot's, as good as anyone's) end the streak once resolved.
    for e in record.bot_events(Seat(1), "heuristic").unwrap() {
        record.apply(&e).unwrap();
    }
    assert_eq!(record.nmr_streak(Seat(1)), 2, "sealed, not yet resolved");
    let resolved = Event::resolved(3);
    record.apply(&resolved).unwrap();
    assert_eq!(record.nmr_streak(Seat(1)), 0);
    assert_eq!(record.nmr_streak(Seat(0)), 2);
}

/// Issue 28: a replay applies only the last of a seat's amendments one right after another
/// (a log written before `MAX_SEALINGS` may hold a million), and the record is the one that
/// applying every entry gives: the last orders sealed, the counts, around other seats' sealings,
/// a resolution and a roll-back.
#[test]
fn a_replay_through_runs_of_amendments_is_the_entry_by_entry_record() {
    let (_, mut log) = both_teams_sealed();
    let orders = |seat: u8, text: &str| Event::Orders {
        seat: Seat(seat),
        text: text.into(),
        author: Author::Player,
    };
    let amendments = ["A 6 B 9 C 8 D 7", "A 5 B 9 C 8 D 7", "A 4 B 9 C 8 D 7"];
    for k in 0..30 {
        log.push(orders(0, amendments[k % 3]));
    }
    log.push(orders(1, "A 5 B 9 C 6 D 7"));
    for k in 0..7 {
        log.push(orders(0, amendments[k % 3]));
    }
    log.push(Event::resolved(1));
    log.push(Event::RolledBack { turn: 1 });
    for k in 0..5 {
        log.push(orders(1, amendments[k % 3]));
    }
    let replayed = Record::replay(&log).unwrap();
    let (mut expected, _) = both_teams_sealed();
    expected.apply(&orders(0, amendments[0])).unwrap();
    expected.apply(&orders(1, amendments[1])).unwrap();
    for seat in [Seat(0), Seat(1)] {
        assert_eq!(replayed.sealed(seat), expected.sealed(seat));
    }
    // The counts: seat 0 sealed 1 + 30 + 7 times this turn, past the bound; seat 1 1 + 1 + 5.
    let submission = |text: &str| Submission {
        turn: None,
        lineup: None,
        orders: Some(text.into()),
    };
    assert!(
        replayed
            .check(Seat(0), &submission("A 6 B 9 C 8 D 7"), Author::Player)
            .is_err()
    );
    let seat_1 = |record: &Record| {
        let mut record = record.clone();
        let mut sealed = 0;
        while record
            .check(Seat(1), &submission("A 6 B 9 C 8 D 7"), Author::Player)
            .and_then(|events| events.iter().try_for_each(|e| record.apply(e)))
            .is_ok()
        {
            sealed += 1;
        }
        sealed
    };
    assert_eq!(seat_1(&replayed), gm::MAX_SEALINGS - 7);
}

/// A report mail's picture is the picture's close-up where it has one (Breaking Away draws
/// its close-up alone), for every reader and in both languages.
#[test]
fn a_mail_s_picture_is_the_picture_s_close_up() {
    let (mut record, mut log) = both_teams_sealed();
    let resolved = Event::resolved(1);
    record.apply(&resolved).unwrap();
    log.push(resolved);
    let ja = Lang::from_code("ja").unwrap();
    for viewer in [Viewer::Seat(Seat(0)), Viewer::Seat(Seat(1)), Viewer::Public] {
        for lang in [Lang::EN, ja] {
            let picture = record.picture(Some(1), viewer, lang).unwrap();
            let close_up = picture.close_up.expect("a race's close-up");
            assert_eq!(
                record.mail_picture(1, viewer, lang, &[]).as_deref(),
                Some(close_up.as_str()),
                "{viewer:?} {lang:?}"
            );
        }
    }
    // Before the race has started there is no picture.
    let fresh = Record::replay(&log[..1]).unwrap();
    assert_eq!(fresh.mail_picture(1, Viewer::Public, Lang::EN, &[]), None);
}
