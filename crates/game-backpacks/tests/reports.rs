//! Snapshots of the text round reports for every case-book scenario, for three viewers.
//!
//! Each scenario in `tests/casebook` that has an `.expected.json` (not `bad/`) is read with the
//! notation reader on the default Keswick map, and its one turn resolved as the case book
//! resolves it ([`Scenario::resolve`]: `Day::resolve_turn` with the random stream
//! `Seed(seed).rng(turn)`, the scenario's `seed` or 0, then the Rucksack vote on a round's second
//! turn). [`Game::resolve`] plays a whole round from the turn it is given, and half the case book
//! sits on a round's second turn, so the report is fed a one-turn resolution, as the lifecycle
//! feeds it when a day ends after a round's first turn. A walker the scenario gives no orders is
//! a seat that sent none (`None`), as at the table. [`Game::turn_report`] is rendered for the GM,
//! for seat 0 (the first walker the scenario names) and for the public; the three reports make
//! one insta snapshot per scenario, named after the scenario's file stem
//! (`tests/snapshots/reports__STEM.snap`). Like rust-analyzer's `expect!` tests, a change to a
//! report shows up in review as a diff of these snapshots: accept an intended change with
//! `cargo insta review` or `INSTA_UPDATE=always`, and read the diff before committing it.
//! `INSTA_FORCE_PASS=1` lists every changed snapshot instead of stopping at the first.
//!
//! The HTML report of the page ([`Game::report_view`] rendered by `ReportView::html`) is
//! snapshotted for the same three viewers, as `reports__STEM-html.snap`. Both open with the
//! diary: a headline and two to four sentences, the same for every viewer, and the seat's own
//! sentence in its copy (a target race: `bb-5.1.3-same-sub-turn-target-race`).

use std::path::{Path, PathBuf};
use std::sync::Arc;

use game_api::{Game, Resolution, Sealed, Seat, Table, Viewer};
use game_backpacks::scenario::Scenario;
use game_backpacks::{Backpacks, Map, Terrain};
use serde_json::Value;

fn casebook() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/casebook")
}

/// The file stems of the scenarios that have an expectation, sorted.
fn scenario_stems() -> Vec<String> {
    let mut stems: Vec<String> = std::fs::read_dir(casebook())
        .unwrap()
        .filter_map(|entry| {
            let name = entry.unwrap().file_name().into_string().unwrap();
            name.strip_suffix(".expected.json").map(String::from)
        })
        .collect();
    stems.sort();
    stems
}

/// The scenario's one turn resolved as the table resolves it; `json` is the scenario as
/// written, for which walkers it gives orders.
fn resolution(stem: &str, scenario: &Scenario, json: &Value) -> (Resolution<Backpacks>, Terrain) {
    let (after, outcome) = scenario
        .resolve()
        .unwrap_or_else(|e| panic!("{stem}: refused: {e}"));
    let ordered = json["orders"].as_object();
    let orders = scenario
        .names
        .iter()
        .zip(&scenario.orders)
        .map(|(name, o)| {
            ordered
                .is_some_and(|m| m.contains_key(name))
                .then(|| o.clone())
        })
        .collect();
    let resolution = Resolution::<Backpacks> {
        before: scenario.day.clone(),
        orders,
        after,
        events: vec![outcome],
    };
    let terrain = Terrain {
        map: scenario.day.map.clone(),
        deck: scenario.day.deck.clone(),
    };
    (resolution, terrain)
}

/// One case-book scenario, read and its turn resolved: what a report's table borrows.
struct Case {
    scenario: Scenario,
    json: Value,
    resolution: Resolution<Backpacks>,
    terrain: Terrain,
    sealed: Vec<Sealed<Backpacks>>,
}

impl Case {
    fn read(stem: &str, map: &Arc<Map>) -> Case {
        let text = std::fs::read_to_string(casebook().join(format!("{stem}.json"))).unwrap();
        let scenario =
            Scenario::from_json(&text, map.clone()).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let json: Value = serde_json::from_str(&text).unwrap();
        let (resolution, terrain) = resolution(stem, &scenario, &json);
        let sealed = vec![Sealed::<Backpacks>::default(); scenario.names.len()];
        Case {
            scenario,
            json,
            resolution,
            terrain,
            sealed,
        }
    }

    /// The table after the turn, its reports in `lang`.
    fn table(&self, lang: game_api::Lang) -> Table<'_, Backpacks> {
        Table {
            settings: &self.terrain,
            seats: &self.scenario.names,
            state: Some(&self.resolution.after),
            sealed: &self.sealed,
            history: std::slice::from_ref(&self.resolution),
            lang,
        }
    }
}

/// The three reports of one scenario's turn, as one text; and the three HTML reports.
fn reports(stem: &str, case: &Case) -> (String, String) {
    let (scenario, resolution) = (&case.scenario, &case.resolution);
    let table = case.table(game_api::Lang::EN);
    let mut text = String::new();
    let mut html = String::new();
    // The diary in Japanese (issue 36), for seat 0: pinned with the rest, no English left in it
    // but the map's place names and the walkers' own.
    let ja = case.table(game_api::Lang::from_code("ja").unwrap());
    let diary = Backpacks::report_view(&ja, resolution, Viewer::Seat(Seat(0)));
    let sentences: Vec<&String> = std::iter::once(&diary.headline)
        .chain(&diary.story)
        .chain(diary.yours.as_ref())
        .collect();
    for sentence in &sentences {
        for english in [
            " scored", " leads", " wins", "Rucksack", " rested", " arrived", "obody", " point",
            " you ",
        ] {
            assert!(
                !sentence.contains(english),
                "{stem}: {english:?} in {sentence:?}"
            );
        }
    }
    text.push_str("──────── the diary in Japanese, for seat 0 ────────\n");
    for sentence in sentences {
        text.push_str(&format!("{sentence}\n"));
    }
    // The diary (issue 29): a headline and 2–4 sentences, the same for every viewer (so no
    // card or purse reaches a sentence), and a sentence on the reader's own walker for a seat.
    let gm = Backpacks::report_view(&table, resolution, Viewer::Gm);
    assert!(!gm.headline.is_empty(), "{stem}: no headline");
    assert!(
        (2..=4).contains(&gm.story.len()),
        "{stem}: {} sentences: {:?}",
        gm.story.len(),
        gm.story
    );
    for (label, viewer) in [
        ("the GM", Viewer::Gm),
        ("seat 0", Viewer::Seat(Seat(0))),
        ("the public", Viewer::Public),
    ] {
        let report = Backpacks::turn_report(&table, resolution, viewer);
        assert!(
            report.contains(&scenario.names[0]) && report.contains("Standings"),
            "{stem}: the report for {label} lacks the walkers or the standings:\n{report}"
        );
        if viewer == Viewer::Public {
            // B&B 3.1.1: players are told their own replacement cards; none in the public copy.
            assert!(
                !report.contains("'s cards:") && !report.contains(" drew "),
                "{stem}: the public copy shows a walker's cards:\n{report}"
            );
        }
        let view = Backpacks::report_view(&table, resolution, viewer);
        assert_eq!(
            (&view.headline, &view.story),
            (&gm.headline, &gm.story),
            "{stem}: the diary differs for {label}"
        );
        assert_eq!(
            view.yours.is_some(),
            matches!(viewer, Viewer::Seat(_)),
            "{stem}: {label}"
        );
        assert!(
            report.contains(&view.headline),
            "{stem}: the text for {label} lacks the headline"
        );
        let page = view.html();
        assert!(
            page.contains("<table class=\"standings\">"),
            "{stem}: the HTML report for {label} lacks the standings:\n{page}"
        );
        if viewer == Viewer::Public {
            assert!(
                !page.contains(" drew ") && !page.contains("drew "),
                "{stem}: the public HTML shows a walker's cards:\n{page}"
            );
        }
        html.push_str(&format!("<!-- report for {label} -->\n{page}\n"));
        text.push_str(&format!("──────── report for {label} ────────\n{report}\n"));
    }
    (text, html)
}

#[test]
fn every_case_book_round_report_matches_its_snapshot() {
    let stems = scenario_stems();
    assert!(stems.len() >= 30, "only {} cases found", stems.len());
    let map = Arc::new(Map::keswick());
    for stem in &stems {
        let case = Case::read(stem, &map);
        let comment = case.json["comment"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let (reports, html) = reports(stem, &case);
        insta::with_settings!({ description => comment, omit_expression => true }, {
            insta::assert_snapshot!(stem.as_str(), reports);
            insta::assert_snapshot!(format!("{stem}-html"), html);
        });
    }
}

/// The Japanese round report (issue 36) of six turns that use most of its lines — a contested
/// ferry landing, the day's end for a walker not back, the Rucksack taken at a sub-turn, a
/// weather card, a bus ride, lunch orders that could not be carried out, a route cut short — for
/// seat 0 and the public, pinned as `reports__ja-STEM.snap`, and the page's report as
/// `reports__ja-STEM-html.snap`. No English is left in either but the map's place names, the
/// walkers' own names, card symbols and the order words a reason quotes (`discard CARD`).
#[test]
fn japanese_round_reports_match_their_snapshots() {
    let ja = game_api::Lang::from_code("ja").unwrap();
    let map = Arc::new(Map::keswick());
    for stem in [
        "bb-8.5-contested-landing",
        "bb-5.2-not-back-by-six-loses-everything",
        "bb-1.3-a-walker-not-back-loses-the-points-of-the-last-round",
        "bb-10.4-rucksack-taken-at-a-sub-turn",
        "bb-9.1-weather-card",
        "bb-8.4-bus-ride",
        "bb-6.2-tea-and-6.3-chocolate",
        "bb-7.2-impossible-lunch-orders-still-discard",
        "bb-3.1-second-turn-orders-walked-as-far-as-they-go",
    ] {
        let case = Case::read(stem, &map);
        let (table, resolution) = (case.table(ja), &case.resolution);
        let (mut out, mut html) = (String::new(), String::new());
        for (label, viewer) in [
            ("seat 0", Viewer::Seat(Seat(0))),
            ("the public", Viewer::Public),
        ] {
            let report = Backpacks::turn_report(&table, resolution, viewer);
            let state = Backpacks::state_report(&table, viewer);
            for english in [
                "BACKPACKS",
                "Copy",
                "Standings",
                " point",
                "walked",
                "rested",
                "Rucksack",
                "The clock",
                "weather",
                "Sunny",
                "Cloudy",
                "note:",
                "scores ",
                "took ",
                "drew ",
                "Targets",
                "next:",
                "round",
                "the lake",
                "ferry",
                "the day",
                "nobody",
                "at ",
                "the route",
                "needs",
                "circle",
                "café",
            ] {
                assert!(
                    !report.contains(english) && !state.contains(english),
                    "{stem}: {english:?} in the Japanese report for {label}:\n{report}\n{state}"
                );
            }
            out.push_str(&format!("\n──────── {label} ────────\n{report}"));
            let page = Backpacks::report_view(&table, resolution, viewer).html();
            for english in [
                "Walker",
                "Did",
                "Scores and notes",
                "Points",
                "Where",
                "Standings",
                "Round",
                "The clock",
                "walked",
                "Rucksack",
                "point",
            ] {
                assert!(
                    !page.contains(english),
                    "{stem}: {english:?} in the Japanese page for {label}:\n{page}"
                );
            }
            html.push_str(&format!("<!-- {label} -->\n{page}\n"));
        }
        insta::with_settings!({ omit_expression => true }, {
            insta::assert_snapshot!(format!("ja-{stem}"), out);
            insta::assert_snapshot!(format!("ja-{stem}-html"), html);
        });
    }
}

/// B&B 1.3 "anyone failing to return to Keswick by 6pm loses all their points" and 5.2 "…
/// automatically loses the game": the last round's diary says so for every walker not back,
/// not only in the reader's own sentence, and calls the round's best score what it is (points
/// scored this round), so that nothing in it contradicts the standings, where Ann has 0
/// points and is behind Bob, back on 0, who wins the day (B&B-25).
#[test]
fn bb_1_3_the_last_report_says_who_was_not_back_and_lost_every_point() {
    let case = Case::read(
        "bb-1.3-a-walker-not-back-loses-the-points-of-the-last-round",
        &Arc::new(Map::keswick()),
    );
    let (table, resolution) = (case.table(game_api::Lang::EN), &case.resolution);
    // Bob reads it: Ann's loss is in the story, not only in Ann's own copy.
    let bob = Backpacks::report_view(&table, resolution, Viewer::Seat(Seat(1)));
    assert_eq!(bob.headline, "bob wins the day");
    assert_eq!(
        bob.story,
        [
            "17:40, sunny: ann scored most this round, 12 points.",
            "At Friar's Crag, ann arrived 1st (+10).",
            "bob sent no orders and rested; bob was back in Keswick at 17:00; ann was not back \
             in Keswick by 18:00, losing every point and the day.",
            "bob wins the day with 0 points.",
        ]
    );
    let ann = Backpacks::report_view(&table, resolution, Viewer::Seat(Seat(0)));
    assert_eq!(
        ann.yours.as_deref(),
        Some(
            "At 17:40 you walked 1 space, ending at Friar's Crag; +12 this round; you were not \
             back in Keswick by 18:00, losing every point and the day."
        )
    );
    let report = Backpacks::turn_report(&table, resolution, Viewer::Public);
    assert!(
        report
            .contains("not back in Keswick by 18:00: every point and the day are lost (1.3, 5.2)")
            && report.contains("THE DAY IS OVER. bob wins."),
        "{report}"
    );
    let ja = case.table(game_api::Lang::from_code("ja").unwrap());
    let bob = Backpacks::report_view(&ja, resolution, Viewer::Seat(Seat(1)));
    assert_eq!(
        bob.story[0],
        "17:40、晴れ。このラウンドの最多得点はann（12点）。"
    );
    assert!(
        bob.story[2]
            .ends_with("annは18:00までにKeswickに戻れず、得点をすべて失ってこの日は負けとなった。"),
        "{:?}",
        bob.story
    );
    let ann = Backpacks::report_view(&ja, resolution, Viewer::Seat(Seat(0)));
    assert!(
        ann.yours
            .as_deref()
            .is_some_and(|s| s
                .contains("18:00までにKeswickに戻れず、得点をすべて失ってこの日は負けとなった")),
        "{:?}",
        ann.yours
    );
}
