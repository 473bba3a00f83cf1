//! Issue 51: a turn's report agrees with its own tables. Many random races (postal and board,
//! two to six teams, teams now and then sending nothing, riders now and then left on their
//! highest card) are played to the end, and every turn's report, for a team and for the public,
//! is read back: the standings' places follow from the table's own points and best finishers
//! (at the end, from the rules' final scores), and every headline and sentence about places,
//! points, ties and who sent orders says what the tables say.

use game_api::report::{ReportView, Section};
use game_api::{Game, Lang, Resolution, Sealed, Seed, Table, Viewer};
use game_breaking_away::{BreakingAway, Grade, Options, Position, Rules, TeamOrders};
use rand::RngExt;
use std::collections::BTreeMap;

const NAMES: [&str; 6] = ["Red", "Blue", "Green", "Yellow", "Black", "White"];

/// Points as written (`2½ points`, `1 point`, `6⅔ points`, `3 1/5 points`).
fn value(text: &str) -> f64 {
    let number = text.split(" point").next().unwrap();
    let fraction = |f: &str| -> f64 {
        match f {
            "" => 0.0,
            "½" => 0.5,
            "⅓" => 1.0 / 3.0,
            "⅔" => 2.0 / 3.0,
            "¼" => 0.25,
            "¾" => 0.75,
            _ => {
                let (n, d) = f.split_once('/').unwrap();
                n.parse::<f64>().unwrap() / d.parse::<f64>().unwrap()
            }
        }
    };
    let (whole, rest) = match number.split_once(' ') {
        Some((w, r)) => (w.to_string(), r.to_string()),
        None => {
            let w: String = number.chars().take_while(char::is_ascii_digit).collect();
            (w.clone(), number[w.len()..].to_string())
        }
    };
    let whole: f64 = if whole.is_empty() {
        0.0
    } else {
        whole.parse().unwrap()
    };
    whole + fraction(&rest)
}

/// `3rd` → 3.
fn ordinal(text: &str) -> Option<u32> {
    let digits: String = text.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

/// One standings row as the table gives it.
#[derive(Debug)]
struct Standing {
    place: u32,
    team: String,
    points: String,
    best: Option<u32>,
}

fn standings(section: &Section) -> Vec<Standing> {
    section
        .rows
        .iter()
        .map(|row| {
            let cell = |k: usize| row.cells[k].plain();
            Standing {
                place: ordinal(&cell(0)).unwrap(),
                team: cell(1),
                points: cell(2),
                best: ordinal(&cell(3)),
            }
        })
        .collect()
}

fn and_list(names: &[&str]) -> String {
    Lang::EN.and_list(names)
}

/// Random orders for `team`: a card for most racing riders, now and then a rider left on its
/// highest card; `None` (nothing sent) now and then, or when the orders would be empty.
fn orders(position: &Position, team: u8, rng: &mut game_api::Rng) -> Option<TeamOrders> {
    if rng.random_range(0..7) == 0 {
        return None;
    }
    let mut orders = TeamOrders::default();
    for r in position
        .riders
        .iter()
        .filter(|r| r.team == team && r.on_track())
    {
        if rng.random_range(0..5) > 0 {
            let cards = r.hand.cards();
            orders.set(r.grade, cards[rng.random_range(0..cards.len())]);
        }
    }
    (!orders.is_empty()).then_some(orders)
}

/// Checks one report against its own tables; returns the kinds of facts it checked.
fn check(
    view: &ReportView,
    record: &Resolution<BreakingAway>,
    teams: &[String],
    reader: Option<usize>,
) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    let position = &record.after;
    let over = position.is_over();
    let rows = standings(&view.standings);
    let what = format!("{} — {:?} — {:?}", view.title, view.story, view.yours);
    // The places follow from the table: while the race is on, its points and best finishers;
    // at the end, the rules' final scores (BA-17).
    let scores = position.final_scores();
    for r in &rows {
        let t = teams.iter().position(|n| *n == r.team).unwrap();
        let ahead = rows
            .iter()
            .filter(|o| {
                let u = teams.iter().position(|n| *n == o.team).unwrap();
                if over {
                    scores[u] > scores[t]
                } else {
                    value(&o.points) > value(&r.points) + 1e-9
                        || (o.points == r.points
                            && o.best.unwrap_or(u32::MAX) < r.best.unwrap_or(u32::MAX))
                }
            })
            .count();
        assert_eq!(r.place, 1 + ahead as u32, "{}'s place: {what}", r.team);
    }
    let shared = |place: u32| rows.iter().filter(|r| r.place == place).count() > 1;
    let first: Vec<&str> = rows
        .iter()
        .filter(|r| r.place == 1)
        .map(|r| r.team.as_str())
        .collect();
    let nobody = !over && rows.iter().all(|r| value(&r.points) == 0.0);
    // The standings in the story: its last sentence.
    let sentence = view.story.last().unwrap();
    if nobody {
        assert_eq!(sentence, "No team has scored yet.", "{what}");
        kinds.push("nobody scored");
    } else if first.len() > 1 {
        let verb = if over {
            "share the win with"
        } else {
            "share the lead on"
        };
        assert_eq!(
            *sentence,
            format!("Teams {} {verb} {} each.", and_list(&first), rows[0].points),
            "{what}"
        );
        kinds.push(if over { "shared win" } else { "shared lead" });
    } else if rows.len() > 1 {
        let (one, two) = (&rows[0], &rows[1]);
        // The runner-up named with every team sharing its place in the table.
        let level: Vec<&str> = rows
            .iter()
            .filter(|r| r.place == two.place)
            .map(|r| r.team.as_str())
            .collect();
        let runners_up = match level.as_slice() {
            [alone] => format!("team {alone}"),
            many => format!("teams {}", and_list(many)),
        };
        if level.len() > 1 {
            kinds.push("runners-up level");
        }
        let verb = if over {
            "wins with"
        } else {
            "leads the standings on"
        };
        let opening = format!("Team {} {verb} {}, ", one.team, one.points);
        assert!(sentence.starts_with(&opening), "{opening:?}: {what}");
        if one.points == two.points {
            assert!(
                over || one.best.unwrap_or(u32::MAX) < two.best.unwrap_or(u32::MAX),
                "level on points, ahead only on a best finisher the table shows: {what}"
            );
            assert!(
                sentence.ends_with(&format!(
                    "level with {runners_up} but ahead on its best-placed rider."
                )),
                "{what}"
            );
            kinds.push("level, tie broken");
        } else {
            let margin = value(&one.points) - value(&two.points);
            assert!(
                sentence.ends_with(&format!("ahead of {runners_up}.")),
                "{what}"
            );
            let said = sentence[opening.len()..].split(" ahead").next().unwrap();
            assert!((value(said) - margin).abs() < 1e-9, "the margin: {what}");
            kinds.push("ahead");
        }
    }
    // The headline, the banner and the podium at the end.
    if over {
        let (headline, banner) = match first.as_slice() {
            [one] => (
                format!("Team {one} wins the race"),
                format!("The race is over. Team {one} wins."),
            ),
            many => (
                format!("Teams {} share the win", and_list(many)),
                format!("The race is over. Teams {} share the win.", and_list(many)),
            ),
        };
        assert_eq!(view.headline, headline, "{what}");
        let end = view.over.as_ref().expect("a banner at the end");
        assert_eq!(end.banner, banner);
        for p in &end.podium {
            let row = rows.iter().find(|r| r.team == p.name).unwrap();
            assert_eq!(p.place as u32, row.place, "{}'s podium place", p.name);
        }
        // The place the game page's banner tells the reader is its row's.
        let place = reader.map(|seat| rows.iter().find(|r| r.team == teams[seat]).unwrap());
        assert_eq!(
            end.yours.map(|y| (y.place as u32, y.shared)),
            place.map(|r| (r.place, shared(r.place))),
            "the reader's place: {what}"
        );
        kinds.push("over");
    } else {
        assert!(view.over.is_none());
    }
    // The reader's own place.
    if let Some(seat) = reader {
        let yours = view.yours.as_deref().unwrap();
        let team = &teams[seat];
        if nobody {
            assert!(yours.ends_with("no team has scored yet."), "{what}");
        } else {
            let row = rows.iter().find(|r| r.team == *team).unwrap();
            let joint = if shared(row.place) { "joint " } else { "" };
            let (verb, on) = if over {
                ("finishes", "with")
            } else {
                ("is", "on")
            };
            let told = format!(
                "team {team} {verb} {joint}{} of {} {on} {}.",
                Lang::EN.place(row.place as usize),
                rows.len(),
                row.points
            );
            assert!(yours.ends_with(&told), "{told:?}: {what}");
            kinds.push(if shared(row.place) {
                "yours joint"
            } else {
                "yours placed"
            });
        }
        // Who sent orders: "You sent no moves" only for a team that sent nothing.
        let sent = record.orders[seat].is_some();
        if yours.starts_with("You sent no moves") {
            assert!(!sent, "{what}");
            kinds.push("yours silent");
        }
    }
    // Who sent orders, in the moves' marks and the notes.
    let moves = &view.sections[0];
    for row in &moves.rows {
        let rider = row.cells[0].plain();
        let team = rider.rsplit_once('-').unwrap().0;
        let t = teams.iter().position(|n| n == team).unwrap();
        let note = row.cells[4].plain();
        let sent = record.orders[t].is_some();
        if note.contains("no orders") {
            assert!(
                !sent,
                "{rider} marked 'no orders' though {team} sent orders"
            );
            kinds.push("no orders");
        }
        if note.contains("highest card") {
            assert!(
                sent,
                "{rider} marked 'highest card' though {team} sent none"
            );
            kinds.push("left on highest");
        }
        if !sent && !note.contains("dropped") {
            assert!(
                note.contains("no orders"),
                "{rider} of silent {team}: {note:?}"
            );
        }
    }
    let silent: Vec<&str> = (0..teams.len())
        .filter(|&t| {
            record.orders[t].is_none()
                && BreakingAway::takes_orders(&record.before, game_api::Seat(t as u8))
        })
        .map(|t| teams[t].as_str())
        .collect();
    let note = view
        .notes
        .iter()
        .map(|n| n.plain())
        .find(|n| n.starts_with("No moves received from"));
    match note {
        Some(n) => assert_eq!(
            n,
            format!(
                "No moves received from: {}. Their riders played their highest cards.",
                silent.join(", ")
            )
        ),
        None => assert!(silent.is_empty(), "{silent:?} sent nothing: {what}"),
    }
    // The finish line's winner in the headline, alone or together, as its table has them.
    if let Some(finish) = view
        .sections
        .iter()
        .find(|s| s.heading.starts_with("Finish"))
        && !over
    {
        let firsts: Vec<String> = finish
            .rows
            .iter()
            .filter(|r| r.cells[0].plain() == "1st" && r.cells[3].plain() == view.title[5..])
            .map(|r| r.cells[1].plain())
            .collect();
        if let [riders] = firsts.as_slice() {
            if riders.contains(" = ") {
                assert!(
                    view.headline
                        .ends_with("cross the finish line first together")
                );
                kinds.push("finish together");
            } else {
                assert_eq!(
                    view.headline,
                    format!("{riders} is first over the finish line")
                );
            }
        }
    }
    kinds
}

/// Issue 51: every turn of 150 random races, read by a team and by the public: the places,
/// the points, the ties and who sent orders agree between the sentences and the tables.
#[test]
fn every_sentence_agrees_with_its_tables() {
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    for seed in 0..150u64 {
        let mut rng = Seed(seed).rng(51);
        let count = 2 + (seed % 5) as usize;
        let rules = if seed % 2 == 0 {
            Rules::postal()
        } else {
            Rules::board(Options::default())
        };
        let teams: Vec<String> = NAMES[..count].iter().map(|s| s.to_string()).collect();
        // Every third race is mirrored: the teams start alike and send alike (a card not in a
        // hand is dropped, the rider left on its highest), so that ties are common.
        let mirrored = seed % 3 == 0;
        let mut lineup = || {
            let hands = game_breaking_away::random::lineup(&mut rng);
            game_breaking_away::Lineup(Grade::ALL.map(|g| hands[g.index()].ascending()))
        };
        let lineups: Vec<_> = if mirrored {
            vec![lineup(); count]
        } else {
            (0..count).map(|_| lineup()).collect()
        };
        let mut position = BreakingAway::start(&rules, &lineups, Seed(seed));
        let mut history: Vec<Resolution<BreakingAway>> = Vec::new();
        let sealed: Vec<Sealed<BreakingAway>> = (0..count)
            .map(|_| Sealed {
                lineup: None,
                orders: None,
            })
            .collect();
        while !position.is_over() && history.len() < 150 {
            let sent: Vec<Option<TeamOrders>> = if mirrored {
                let first = orders(&position, 0, &mut rng);
                (0..count)
                    .map(|t| {
                        let racing = position
                            .riders
                            .iter()
                            .any(|r| r.team == t as u8 && r.on_track());
                        first.filter(|_| racing)
                    })
                    .collect()
            } else {
                (0..count)
                    .map(|t| orders(&position, t as u8, &mut rng))
                    .collect()
            };
            let turn = history.len() as u64;
            let (after, events) =
                BreakingAway::resolve(&position, &sent, &mut Seed(seed).rng(turn));
            history.push(Resolution {
                before: position.clone(),
                orders: sent,
                after: after.clone(),
                events,
            });
            position = after;
            let table = Table {
                settings: &rules,
                seats: &teams,
                state: Some(&position),
                sealed: &sealed,
                history: &history,
                lang: Lang::EN,
            };
            let record = history.last().unwrap();
            let reader = (turn as usize) % count;
            for (viewer, seat) in [
                (Viewer::Seat(game_api::Seat(reader as u8)), Some(reader)),
                (Viewer::Public, None),
            ] {
                let view = BreakingAway::report_view(&table, record, viewer);
                for kind in check(&view, record, &teams, seat) {
                    *kinds.entry(kind).or_default() += 1;
                }
            }
        }
        assert!(position.is_over(), "race {seed} ends");
    }
    println!("{kinds:?}");
    for kind in [
        "nobody scored",
        "shared lead",
        "shared win",
        "ahead",
        "runners-up level",
        "over",
        "yours placed",
        "yours joint",
        "yours silent",
        "no orders",
        "left on highest",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) >= 5,
            "{kind}: {kinds:?}"
        );
    }
}
