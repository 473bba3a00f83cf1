//! Issue 51: a round's report agrees with its own tables. Many random days (two to six walkers,
//! walkers now and then sending nothing) are walked to the end, and every round's report, for a
//! walker and for the public, is read back: the standings' places follow from the table's own
//! points (B&B-17: level walkers share a place), and the headline, the standings sentence, the
//! banner, the podium and the reader's own sentence say what the table says (a walker not
//! back has lost the day, 5.2: no place, below every walker back, never a winner); "no orders" marks
//! only a walker that sent nothing; a walk never reads as a walk that stayed put; a walker
//! "back in Keswick at" a time is back at the time its standings row gives.

use game_api::report::ReportView;
use game_api::{Game, Lang, Resolution, Sealed, Seat, Seed, Table, Viewer};
use game_backpacks::{Backpacks, Deck, Map, RoundOrders, Terrain};
use rand::RngExt;
use std::collections::BTreeMap;
use std::sync::Arc;

const NAMES: [&str; 6] = ["ann", "bob", "cat", "dan", "eve", "fay"];

/// The leading number of `7 points`, `-1 point`.
fn points(text: &str) -> i32 {
    text.split(' ').next().unwrap().parse().unwrap()
}

fn check(
    view: &ReportView,
    record: &Resolution<Backpacks>,
    names: &[String],
    reader: Option<usize>,
) -> Vec<&'static str> {
    let mut kinds = Vec::new();
    let over = record.after.is_over();
    let what = format!("{} — {:?} — {:?}", view.title, view.story, view.yours);
    // The walkers back (or still out), with their places; a walker not back has lost the day
    // (5.2): its row has a dash for a place, below every walker back, and 0 points (1.3).
    let mut rows: Vec<(u32, String, String)> = Vec::new();
    let mut lost: Vec<String> = Vec::new();
    for r in &view.standings.rows {
        let (rank, name, p) = (r.cells[0].plain(), r.cells[1].plain(), r.cells[2].plain());
        if rank == "–" {
            assert!(
                rows.is_empty() || over,
                "{name} lost before the end: {what}"
            );
            assert_eq!(points(&p), 0, "{name} not back keeps points: {what}");
            lost.push(name);
        } else {
            assert!(
                lost.is_empty(),
                "{name} is placed below a walker not back: {what}"
            );
            rows.push((rank.trim_end_matches('.').parse().unwrap(), name, p));
        }
    }
    for (place, name, p) in &rows {
        let ahead = rows.iter().filter(|o| points(&o.2) > points(p)).count() as u32;
        assert_eq!(*place, 1 + ahead, "{name}'s place: {what}");
    }
    let walkers = rows.len() + lost.len();
    let first: Vec<&str> = rows
        .iter()
        .filter(|r| r.0 == 1)
        .map(|r| r.1.as_str())
        .collect();
    let shared = |place: u32| rows.iter().filter(|r| r.0 == place).count() > 1;
    let sentence = view.story.last().unwrap();
    if rows.is_empty() {
        assert_eq!(
            sentence, "Nobody was back in Keswick by 18:00, so nobody wins the day.",
            "{what}"
        );
        kinds.push("nobody back");
    }
    let top = rows.first().map_or(0, |r| points(&r.2));
    if rows.is_empty() {
    } else if !over && top == 0 {
        assert!(sentence.starts_with("Nobody has a point yet"), "{what}");
        kinds.push("nobody scored");
    } else if first.len() > 1 {
        let verb = if over {
            "share the day's win with"
        } else {
            "share the lead on"
        };
        let opening = format!("{} {verb} {} each", Lang::EN.and_list(&first), rows[0].2);
        assert!(sentence.starts_with(&opening), "{opening:?}: {what}");
        kinds.push(if over { "shared win" } else { "shared lead" });
    } else {
        let verb = if over {
            "wins the day with"
        } else {
            "leads on"
        };
        let opening = format!("{} {verb} {}", rows[0].1, rows[0].2);
        assert!(sentence.starts_with(&opening), "{opening:?}: {what}");
        match rows.get(1) {
            Some(second) => {
                // Named with every walker sharing its place in the table.
                let level: Vec<&str> = rows
                    .iter()
                    .filter(|r| r.0 == second.0)
                    .map(|r| r.1.as_str())
                    .collect();
                let named = sentence
                    .split_once(" ahead of ")
                    .map(|(_, rest)| rest.split([';', '.']).next().unwrap_or(rest));
                assert_eq!(
                    named,
                    Some(Lang::EN.and_list(&level).as_str()),
                    "the runners-up: {what}"
                );
                kinds.push(if level.len() > 1 {
                    "runners-up level"
                } else {
                    "ahead"
                });
            }
            // The only walker back: nobody behind it but walkers who lost.
            None => assert!(!lost.is_empty() && over, "{what}"),
        }
    }
    if over {
        let (headline, banner) = match first.as_slice() {
            [] => (
                "Nobody is back in Keswick: nobody wins the day".to_string(),
                "The day is over. Nobody was back in Keswick: nobody wins.".to_string(),
            ),
            [one] => (
                format!("{one} wins the day"),
                format!("The day is over. {one} wins."),
            ),
            many => (
                format!("{} share the day's win", Lang::EN.and_list(many)),
                format!(
                    "The day is over. {} share the win.",
                    Lang::EN.and_list(many)
                ),
            ),
        };
        assert_eq!(view.headline, headline, "{what}");
        let end = view.over.as_ref().unwrap();
        assert_eq!(end.banner, banner);
        for p in &end.podium {
            let row = rows
                .iter()
                .find(|r| r.1 == p.name)
                .unwrap_or_else(|| panic!("{} on the podium, not back: {what}", p.name));
            assert_eq!(p.place as u32, row.0, "{}'s podium place", p.name);
        }
        // The place the game page's banner tells the reader is its row's (none when not back).
        let place = reader.and_then(|w| rows.iter().find(|r| r.1 == names[w]));
        assert_eq!(
            end.yours.map(|y| (y.place as u32, y.shared)),
            place.map(|r| (r.0, shared(r.0))),
            "the reader's place: {what}"
        );
        kinds.push("over");
    }
    if let Some(w) = reader {
        let yours = view.yours.as_deref().unwrap();
        if lost.contains(&names[w]) {
            // Not back: the day is lost, with no place to tell.
            assert!(yours.ends_with("losing every point and the day."), "{what}");
            kinds.push("yours not back");
        } else if !over && rows.iter().all(|r| points(&r.2) == 0) {
            assert!(yours.ends_with("nobody has a point yet."), "{what}");
        } else {
            let row = rows.iter().find(|r| r.1 == names[w]).unwrap();
            let joint = if shared(row.0) { "joint " } else { "" };
            let (verb, on) = if over {
                ("finish", "with")
            } else {
                ("are", "on")
            };
            let told = format!(
                "you {verb} {joint}{} of {} {on} {}.",
                Lang::EN.place(row.0 as usize),
                walkers,
                row.2
            );
            assert!(yours.ends_with(&told), "{told:?}: {what}");
            kinds.push(if shared(row.0) {
                "yours joint"
            } else {
                "yours placed"
            });
        }
        assert!(!yours.contains("walked 0 spaces"), "{what}");
    }
    // A walker back in Keswick is back at the time the standings give (the arrival, B&B-9).
    for sentence in &view.story {
        for clause in sentence.split(" was back in Keswick at ").skip(1) {
            let time = &clause[..5];
            let status = format!("back in Keswick at {time}");
            assert!(
                view.standings
                    .rows
                    .iter()
                    .any(|r| r.cells.iter().any(|c| c.plain() == status)),
                "{status:?} not in the standings: {what}"
            );
            kinds.push("back at");
        }
    }
    // Who sent orders, and walks that went somewhere.
    for section in &view.sections {
        for row in &section.rows {
            let name = row.cells[0].plain();
            let w = names.iter().position(|n| *n == name).unwrap();
            let did = row.cells[1].plain();
            // Places in words: no path code (`MAI-CAT.2`) in what a walker did (issue 51).
            let code = did.as_bytes().windows(9).any(|w| {
                w[..3].iter().all(u8::is_ascii_uppercase)
                    && w[3] == b'-'
                    && w[4..7].iter().all(u8::is_ascii_uppercase)
                    && w[7] == b'.'
                    && w[8].is_ascii_digit()
            });
            assert!(!code, "a path code in {did:?}");
            if did.contains("(no orders)") {
                assert!(record.orders[w].is_none(), "{name} sent orders: {did}");
                kinds.push("no orders");
            }
            if did.starts_with("walked") {
                // A walk names where it went: "from A to B", "from A via B to C", or a path's
                // "from A towards B (k of n steps)".
                assert!(
                    did.contains(" from ") && (did.contains(" to ") || did.contains(" towards ")),
                    "{name} walked nowhere: {did}"
                );
                kinds.push("walked");
            }
            if did.contains("took no step") {
                kinds.push("no step");
            }
        }
    }
    kinds
}

/// Issue 51: every round of 120 random days, read by a walker and by the public: places,
/// points, ties and who sent orders agree between the sentences and the tables.
#[test]
fn every_sentence_agrees_with_its_tables() {
    let map = Arc::new(Map::keswick());
    let deck = Arc::new(Deck::keswick(&map));
    let terrain = Terrain {
        map: map.clone(),
        deck: deck.clone(),
    };
    let mut kinds: BTreeMap<&str, u32> = BTreeMap::new();
    for seed in 0..120u64 {
        let mut rng = Seed(seed).rng(51);
        let count = 2 + (seed % 5) as usize;
        let names: Vec<String> = NAMES[..count].iter().map(|s| s.to_string()).collect();
        let mut day = Backpacks::start(&terrain, &vec![(); count], Seed(seed));
        let sealed = vec![Sealed::<Backpacks>::default(); count];
        let mut history: Vec<Resolution<Backpacks>> = Vec::new();
        while !day.is_over() && history.len() < 40 {
            let orders: Vec<Option<RoundOrders>> = (0..count)
                .map(|w| {
                    if !day.walkers[w].is_out() || rng.random_range(0..6) == 0 {
                        return None;
                    }
                    let first = game_backpacks::random::turn_orders(&day, w, &mut rng);
                    let orders = RoundOrders {
                        turns: [first, Default::default()],
                        ..RoundOrders::default()
                    };
                    Backpacks::check_orders(&day, Seat(w as u8), &orders)
                        .is_ok()
                        .then_some(orders)
                })
                .collect();
            let turn = history.len() as u64;
            let (after, events) = Backpacks::resolve(&day, &orders, &mut Seed(seed).rng(turn));
            history.push(Resolution {
                before: day.clone(),
                orders,
                after: after.clone(),
                events,
            });
            day = after;
            let table = Table {
                settings: &terrain,
                seats: &names,
                state: Some(&day),
                sealed: &sealed,
                history: &history,
                lang: Lang::EN,
            };
            let record = history.last().unwrap();
            let reader = (turn as usize) % count;
            for (viewer, seat) in [
                (Viewer::Seat(Seat(reader as u8)), Some(reader)),
                (Viewer::Public, None),
            ] {
                let view = Backpacks::report_view(&table, record, viewer);
                for kind in check(&view, record, &names, seat) {
                    *kinds.entry(kind).or_default() += 1;
                }
            }
        }
        assert!(day.is_over(), "day {seed} ends");
    }
    println!("{kinds:?}");
    for kind in [
        "nobody scored",
        "shared lead",
        "ahead",
        "runners-up level",
        "over",
        "yours placed",
        "yours joint",
        "yours not back",
        "nobody back",
        "no orders",
        "walked",
        "back at",
    ] {
        assert!(
            kinds.get(kind).copied().unwrap_or(0) >= 5,
            "{kind}: {kinds:?}"
        );
    }
}
