//! What each viewer reads: the face-down prizes' order reaches the GM alone (views, reports,
//! pictures compared on two tables that differ only in it); a sealed bid is in no view; the
//! reports tell the round; the picture reads on a phone; the chart follows the scores.

mod common;

use bots::BotKind;
use game_api::picture::Scene;
use game_api::picture_check::read;
use game_api::{Game, Resolution, Sealed, Seat, Table, Viewer};
use game_goofspiel::{Bid, Goofspiel, Position};

use common::{Played, play};

/// `played` with the face-down pile of every position reversed: the same game as far as
/// anybody but the GM can tell.
fn pile_reversed(played: &Played) -> Played {
    let flip = |p: &Position| {
        let mut p = p.clone();
        p.pile.reverse();
        p
    };
    Played {
        settings: played.settings,
        seats: played.seats.clone(),
        start: flip(&played.start),
        history: played
            .history
            .iter()
            .map(|r| Resolution {
                before: flip(&r.before),
                orders: r.orders.clone(),
                after: flip(&r.after),
                events: r.events.clone(),
            })
            .collect(),
        sealed: played.sealed.clone(),
    }
}

/// Everything `viewer` can read after `rounds` rounds: the view, the table's report, the
/// last round's reports and the picture.
fn readings(played: &Played, rounds: usize, viewer: Viewer) -> Vec<String> {
    let table = played.table(rounds);
    let mut out = vec![
        Goofspiel::view_json(&table, viewer).to_string(),
        Goofspiel::state_report(&table, viewer),
        Goofspiel::setup_note(&played.table(0)),
    ];
    if let Some(last) = table.history.last() {
        out.push(Goofspiel::turn_report(&table, last, viewer));
        out.push(Goofspiel::report_view(&table, last, viewer).html());
    }
    let scene = Scene::<Goofspiel> {
        state: table.state.unwrap(),
        before: table.history.last().map(|r| &r.before),
        viewer,
        jerseys: &[],
    };
    out.push(Goofspiel::picture(&table, scene).svg);
    out
}

/// Rule 1: nobody but the GM learns the order of the prizes face down.
#[test]
fn rule_1_the_face_down_order_reaches_only_the_gm() {
    let kinds = [Some(BotKind::Random), Some(BotKind::Heuristic), None];
    let played = play(13, &kinds, 21, Some(6));
    let flipped = pile_reversed(&played);
    assert_ne!(played.now().pile, flipped.now().pile);
    for rounds in [0, 1, 6] {
        for viewer in [Viewer::Public, Viewer::Seat(Seat(0)), Viewer::Seat(Seat(2))] {
            assert_eq!(
                readings(&played, rounds, viewer),
                readings(&flipped, rounds, viewer),
                "{viewer:?} after {rounds} rounds"
            );
            let view = Goofspiel::view_json(&played.table(rounds), viewer);
            assert!(view.get("face_down_order").is_none(), "{view}");
            assert_eq!(
                view["face_down"],
                played.table(rounds).state.unwrap().pile.len()
            );
        }
        let gm = Goofspiel::view_json(&played.table(rounds), Viewer::Gm);
        let pile: Vec<u8> = played
            .table(rounds)
            .state
            .unwrap()
            .pile
            .iter()
            .rev()
            .copied()
            .collect();
        assert_eq!(
            gm["face_down_order"],
            serde_json::json!(pile),
            "the next first"
        );
    }
}

/// Rule 9 (RULES.md): every hand is public; the coming round's sealed bid is in nobody's
/// view or report.
#[test]
fn rule_9_hands_are_public_and_a_sealed_bid_is_in_no_view() {
    let mut played = play(
        9,
        &[Some(BotKind::Random), Some(BotKind::Random)],
        4,
        Some(2),
    );
    let public = Goofspiel::view_json(&played.table(2), Viewer::Public);
    for (s, player) in played.now().players.iter().enumerate() {
        let hand: Vec<u8> = player.hand.cards().collect();
        assert_eq!(public["players"][s]["hand"], serde_json::json!(hand));
    }
    let before = readings(&played, 2, Viewer::Public);
    let before_own = readings(&played, 2, Viewer::Seat(Seat(1)));
    let bid = played.now().players[0].hand.cards().last().unwrap();
    played.sealed[0] = Sealed {
        lineup: None,
        orders: Some(Bid(bid)),
    };
    assert_eq!(readings(&played, 2, Viewer::Public), before);
    assert_eq!(readings(&played, 2, Viewer::Seat(Seat(1))), before_own);
}

fn one_round() -> Played {
    play(
        5,
        &[Some(BotKind::Heuristic), Some(BotKind::Random), None],
        3,
        Some(1),
    )
}

#[test]
fn the_round_report_tells_the_prize_every_bid_and_who_took_it() {
    let played = one_round();
    let table = played.table(1);
    let round = &played.history[0];
    let event = &round.events[0];
    let text = Goofspiel::turn_report(&table, round, Viewer::Seat(Seat(1)));
    println!("{text}");
    assert!(
        text.starts_with("GOOFSPIEL · 5 cards · round 1 of 5\n"),
        "{text}"
    );
    assert!(
        text.contains(&format!("The prize: {}\n", event.prize)),
        "{text}"
    );
    for (s, name) in played.seats.iter().enumerate() {
        assert!(text.contains(name.as_str()), "{name}");
        let line = text
            .lines()
            .find(|l| l.starts_with(&format!("  {name}")) && !l.contains("took:"))
            .unwrap_or_else(|| panic!("{name}'s bid in:\n{text}"));
        assert!(line.contains(&event.bids[s].to_string()), "{line}");
    }
    assert!(text.contains("bob (you)"), "the reader named");
    assert!(text.contains("You bid "), "the reader's own sentence");
    assert!(
        text.contains(&format!(
            "cy sent no orders and bid its lowest card, {}.",
            event.bids[2]
        )),
        "{text}"
    );
    match event.taker {
        Some(seat) => assert!(
            text.contains(&format!(
                "{} takes the {}",
                played.seats[seat.index()],
                event.prize
            )),
            "{text}"
        ),
        None => assert!(text.contains("is discarded"), "{text}"),
    }
    assert!(text.contains("\nScores:\n"));
    assert!(!Goofspiel::turn_report(&table, round, Viewer::Public).contains("(you)"));
}

#[test]
fn the_report_view_marks_the_readers_rows_and_crowns_the_winner() {
    let played = play(
        5,
        &[Some(BotKind::Heuristic), Some(BotKind::Random)],
        6,
        None,
    );
    let rounds = played.history.len();
    let table = played.table(rounds);
    let last = played.history.last().unwrap();
    let view = Goofspiel::report_view(&table, last, Viewer::Seat(Seat(0)));
    assert_eq!(view.title, "Round 5");
    assert!(!view.headline.is_empty() && !view.story.is_empty());
    assert!(
        view.yours
            .as_deref()
            .is_some_and(|y| y.starts_with("You bid "))
    );
    assert_eq!(view.sections[0].rows.len(), 2);
    assert!(view.sections[0].rows[0].own && !view.sections[0].rows[1].own);
    assert_eq!(view.standings.rows.len(), 2);
    let over = view.over.as_ref().expect("the game is over");
    assert!(
        over.banner.starts_with("The game is over. "),
        "{}",
        over.banner
    );
    let html = view.html();
    assert!(html.contains(r#"class="mine""#), "{html}");
    assert!(
        Goofspiel::report_view(&table, last, Viewer::Public)
            .yours
            .is_none()
    );
    let first = Goofspiel::report_view(&played.table(1), &played.history[0], Viewer::Public);
    assert!(first.over.is_none());
}

#[test]
fn the_state_report_and_the_notes_show_the_prize_face_up() {
    let played = one_round();
    let table = played.table(1);
    let now = played.now();
    let text = Goofspiel::state_report(&table, Viewer::Public);
    assert!(text.contains("round 2 of 5"), "{text}");
    assert!(
        text.contains(&format!(
            "The prize face up: {} (3 more face down)",
            now.prize.unwrap()
        )),
        "{text}"
    );
    let note = Goofspiel::setup_note(&played.table(0));
    assert_eq!(
        note,
        format!(
            "The first prize is the {}; 4 more lie face down.",
            played.start.prize.unwrap()
        )
    );
    let help = Goofspiel::first_orders_help(&played.settings, game_api::Lang::EN).unwrap();
    assert!(help.contains("bid 5"), "{help}");
}

/// The picture at the start, mid-game and at the end, for 2 to 6 seats with long names, for
/// the public and for a seat: every text at least 12 px on a 390-px phone and inside the
/// frame, the background filling it, every seat in the legend with its own colour and
/// letter, the reader's row alone marked.
#[test]
fn the_table_picture_reads_on_a_phone_at_every_stage() {
    for seats in 2..=6 {
        let kinds = vec![Some(BotKind::Random); seats];
        let mut played = play(13, &kinds, seats as u64, None);
        played.seats = (0..seats)
            .map(|s| {
                format!(
                    "{}-with-a-long-name",
                    ["ann", "bob", "cy", "dee", "ed", "fran"][s]
                )
            })
            .collect();
        for rounds in [0, 1, 7, 13] {
            let table = played.table(rounds);
            for viewer in [Viewer::Public, Viewer::Seat(Seat(seats as u8 - 1))] {
                let what = format!("{seats} seats, {rounds} rounds, {viewer:?}");
                let scene = Scene::<Goofspiel> {
                    state: table.state.unwrap(),
                    before: table.history.last().map(|r| &r.before),
                    viewer,
                    jerseys: &[],
                };
                let picture = Goofspiel::picture(&table, scene);
                assert!(picture.close_up.is_none(), "{what}: the whole fits a phone");
                let reading = read(&picture.svg).unwrap();
                assert_eq!(reading.frame[2], 390.0, "{what}");
                assert_eq!(reading.problems(), Vec::<String>::new(), "{what}");
                let mut marks = Vec::new();
                for s in 0..seats {
                    let key = reading
                        .key_inside(s)
                        .unwrap_or_else(|| panic!("{what}: seat {s} not in the legend"));
                    marks.push((key.colour, key.letter.clone()));
                }
                marks.sort();
                marks.dedup();
                assert_eq!(marks.len(), seats, "{what}: colour and letter shared");
                let mine = usize::from(matches!(viewer, Viewer::Seat(_)));
                assert_eq!(reading.mine, mine, "{what}");
                if rounds > 0 {
                    assert!(picture.svg.contains(">bid "), "{what}: the last bids");
                }
            }
        }
    }
}

#[test]
fn the_chart_follows_each_seats_score_round_by_round() {
    let played = play(
        9,
        &[Some(BotKind::Heuristic), Some(BotKind::Random)],
        12,
        None,
    );
    let table: Table<'_, Goofspiel> = played.table(played.history.len());
    let positions: Vec<&Position> = std::iter::once(&played.start)
        .chain(played.history.iter().map(|r| &r.after))
        .collect();
    let progress = Goofspiel::progress(&table, &positions);
    assert_eq!(progress.series.len(), 2);
    for (s, series) in progress.series.iter().enumerate() {
        assert_eq!(series.label, played.seats[s]);
        assert_eq!(series.points.len(), 10);
        assert_eq!(series.points[0], (0, 0));
        let end = i32::from(played.now().players[s].score);
        assert_eq!(series.points[9], (9, end));
        assert!(series.points.windows(2).all(|w| w[1].1 >= w[0].1));
    }
}

/// The public reports of one whole game, pinned: a change of their wording must raise
/// `Goofspiel::REPORT_FORMAT` (records keep the digest of each public report).
#[test]
fn one_games_public_reports_are_pinned() {
    let kinds = [Some(BotKind::Heuristic), Some(BotKind::Random), None];
    let played = play(5, &kinds, 17, None);
    let table = played.table(played.history.len());
    let reports: Vec<String> = played
        .history
        .iter()
        .map(|r| Goofspiel::turn_report(&table, r, Viewer::Public))
        .collect();
    assert_eq!(Goofspiel::REPORT_FORMAT, 1);
    insta::assert_snapshot!(reports.join("\n~~~~\n\n"));
}

/// The same whole game in Japanese (issue 36), for seat 0 and the GM: every round's report,
/// the last round's page and the table between rounds, pinned; no English word of the
/// reports or the picture's labels is left.
#[test]
fn one_games_reports_read_in_japanese() {
    let ja = game_api::Lang::from_code("ja").unwrap();
    let kinds = [Some(BotKind::Heuristic), Some(BotKind::Random), None];
    let played = play(5, &kinds, 17, None);
    let table = Table {
        lang: ja,
        ..played.table(played.history.len())
    };
    let mut out = String::new();
    for round in &played.history {
        out.push_str(&Goofspiel::turn_report(
            &table,
            round,
            Viewer::Seat(Seat(0)),
        ));
        out.push_str("~~~~\n");
    }
    let middle = Table {
        lang: ja,
        ..played.table(2)
    };
    out.push_str(&Goofspiel::state_report(&middle, Viewer::Gm));
    out.push_str("~~~~\n");
    let last = played.history.last().unwrap();
    let page = Goofspiel::report_view(&table, last, Viewer::Seat(Seat(0))).html();
    out.push_str(&page);
    // What a reader reads: the text between the markup's tags.
    let read = |markup: &str| {
        let mut text = String::new();
        let mut in_tag = false;
        for c in markup.chars() {
            match c {
                '<' => in_tag = true,
                '>' => {
                    in_tag = false;
                    text.push(' ');
                }
                c if !in_tag => text.push(c),
                _ => {}
            }
        }
        text
    };
    let scene = Scene::<Goofspiel> {
        state: middle.state.unwrap(),
        before: middle.history.last().map(|r| &r.before),
        viewer: Viewer::Seat(Seat(0)),
        jerseys: &[],
    };
    let svg = Goofspiel::picture(&middle, scene).svg;
    let (text, labels) = (read(&out), read(&svg));
    assert!(labels.contains("裏向きの賞品"), "{labels}");
    for english in [
        "GOOFSPIEL",
        "cards",
        "round",
        "Round",
        "prize",
        "Bids",
        "Scores",
        "took",
        "hand",
        "points",
        "You ",
        "(you)",
        "orders",
        "leads",
        "Player",
        "Result",
        "face",
        "over",
        "bid ",
    ] {
        assert!(!text.contains(english), "{english:?} in:\n{text}");
        assert!(!labels.contains(english), "{english:?} in:\n{labels}");
    }
    insta::assert_snapshot!(out);
}
