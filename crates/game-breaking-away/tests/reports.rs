//! Snapshots of the text turn reports for every case-book scenario, for three viewers.
//!
//! Each scenario in `tests/casebook` that has an `.expected.json` (not `bad/`) is read with the
//! notation reader, its turn resolved through [`Game::resolve`] with the random stream
//! `Seed(0).rng(BreakingAway::resolution_stream(&position))` (the lifecycle's stream for the
//! turn, on seed 0; a case-book position never draws, since the notation fixes the first team of
//! a board turn 1), and [`Game::turn_report`] rendered for the GM, for seat 0 (the first team the
//! scenario names) and for the public. The three reports make one insta snapshot per scenario,
//! named after the scenario's file stem (`tests/snapshots/reports__STEM.snap`). Like
//! rust-analyzer's `expect!` tests, a change to a report shows up in review as a diff of these
//! snapshots: accept an intended change with `cargo insta review` or `INSTA_UPDATE=always`, and
//! read the diff before committing it. `INSTA_FORCE_PASS=1` lists every changed snapshot instead
//! of stopping at the first.
//!
//! The team orders are rebuilt from the scenario's per-rider orders (a team's card per grade).
//! A scenario where one team has two riders of one grade (the case book uses such fields for
//! rules about crowds) cannot be written as team orders; it is resolved by `turn::resolve`, the
//! engine under `Game::resolve`, with the per-rider orders, and its snapshot says so. Everywhere
//! else the test checks that the team orders give each rider the card the scenario orders.
//!
//! The HTML report of the page ([`Game::report_view`] rendered by `ReportView::html`) is
//! snapshotted for the same three viewers, as `reports__STEM-html.snap`. Both open with the
//! bulletin: a headline and two to four sentences, the same for every viewer, and the seat's
//! own sentence in its copy (a breakaway: `board-breakaway-*`; a shared sprint:
//! `postal-8.2.5-simultaneous-share-half-points`; a seat that sent nothing:
//! `postal-9.1-nmr-and-10.1-dropped`; a finish: `postal-6.2-eighth-finisher-ends-the-race`).

use std::path::{Path, PathBuf};

use game_api::{Game, Resolution, Sealed, Seat, Seed, Table, Viewer};
use game_breaking_away::play::rider_orders;
use game_breaking_away::scenario::Scenario;
use game_breaking_away::{BreakingAway, TeamOrders, turn};
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

/// Each team's orders from the per-rider orders; `None` for a team none of whose riders has
/// an order (the report names it as sending no moves, as the lifecycle would).
fn team_orders(scenario: &Scenario) -> Vec<Option<TeamOrders>> {
    let mut teams: Vec<Option<TeamOrders>> = vec![None; scenario.team_names.len()];
    for (rider, card) in scenario.position.riders.iter().zip(&scenario.orders) {
        if let Some(card) = card {
            teams[usize::from(rider.team)]
                .get_or_insert_with(TeamOrders::default)
                .set(rider.grade, *card);
        }
    }
    teams
}

/// Whether some team has two riders of one grade (so team orders cannot tell them apart).
fn grades_repeat_in_a_team(scenario: &Scenario) -> bool {
    let riders = &scenario.position.riders;
    riders.iter().enumerate().any(|(i, a)| {
        riders[..i]
            .iter()
            .any(|b| b.team == a.team && b.grade == a.grade)
    })
}

/// One scenario's turn resolved, and how.
fn resolved(stem: &str, scenario: &Scenario) -> (Resolution<BreakingAway>, &'static str) {
    let before = scenario.position.clone();
    let orders = team_orders(scenario);
    let (after, events, how) = if grades_repeat_in_a_team(scenario) {
        let (after, outcome) = turn::resolve(&before, &scenario.orders)
            .unwrap_or_else(|e| panic!("{stem}: refused: {e}"));
        (
            after,
            vec![outcome],
            "turn::resolve with the per-rider orders (a team has two riders of one grade)",
        )
    } else {
        assert_eq!(
            rider_orders(&before, &orders),
            scenario.orders,
            "{stem}: the team orders do not give each rider its ordered card"
        );
        let mut rng = Seed(0).rng(BreakingAway::resolution_stream(&before));
        let (after, events) = BreakingAway::resolve(&before, &orders, &mut rng);
        (after, events, "Game::resolve with the team orders")
    };
    assert_eq!(events.len(), 1, "{stem}: the turn was not resolved");
    let resolution = Resolution::<BreakingAway> {
        before,
        orders,
        after,
        events,
    };
    (resolution, how)
}

/// The three reports of one scenario's turn, as one text; and the three HTML reports.
fn reports(stem: &str, scenario: &Scenario) -> (String, String) {
    let (resolution, how) = resolved(stem, scenario);
    let sealed = vec![Sealed::<BreakingAway>::default(); scenario.team_names.len()];
    let table = Table {
        settings: &scenario.position.rules,
        seats: &scenario.team_names,
        state: Some(&resolution.after),
        sealed: &sealed,
        history: std::slice::from_ref(&resolution),
        lang: game_api::Lang::EN,
    };
    let mut text = format!("resolved by {how}\n");
    let mut html = String::new();
    // The bulletin (issue 29): a headline and 2–4 sentences, the same for every viewer (so no
    // hand reaches a sentence), and a sentence on the reader's own team for a seat only.
    let gm = BreakingAway::report_view(&table, &resolution, Viewer::Gm);
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
        let report = BreakingAway::turn_report(&table, &resolution, viewer);
        assert!(
            report.contains("Moves, in the order they were made")
                && report.contains("Team standings"),
            "{stem}: the report for {label} lacks its moves or standings:\n{report}"
        );
        if viewer == Viewer::Public {
            // Hands are secret (docs/rulings.md BA-15; no case-book scenario sets open_hands).
            assert!(
                !report.contains("hand now"),
                "{stem}: the public copy shows a hand:\n{report}"
            );
        }
        let view = BreakingAway::report_view(&table, &resolution, viewer);
        assert_eq!(
            (&view.headline, &view.story),
            (&gm.headline, &gm.story),
            "{stem}: the bulletin differs for {label}"
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
                !page.contains("Hand now") && !page.contains("hand now"),
                "{stem}: the public HTML shows a hand:\n{page}"
            );
        }
        if let Viewer::Seat(s) = viewer {
            // The reader's own riders are marked, and only theirs.
            let own = resolution.before.riders.iter().any(|r| r.team == s.0);
            assert_eq!(
                page.contains(r#"<tr class="mine">"#),
                own,
                "{stem}: own rows:\n{page}"
            );
        }
        html.push_str(&format!("<!-- report for {label} -->\n{page}\n"));
        text.push_str(&format!("\n──────── report for {label} ────────\n{report}"));
    }
    (text, html)
}

#[test]
fn every_case_book_turn_report_matches_its_snapshot() {
    let stems = scenario_stems();
    assert!(stems.len() >= 29, "only {} cases found", stems.len());
    for stem in &stems {
        let text = std::fs::read_to_string(casebook().join(format!("{stem}.json"))).unwrap();
        let scenario = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let comment = serde_json::from_str::<Value>(&text).unwrap()["comment"]
            .as_str()
            .unwrap_or_default()
            .to_string();
        let (reports, html) = reports(stem, &scenario);
        insta::with_settings!({ description => comment, omit_expression => true }, {
            insta::assert_snapshot!(stem.as_str(), reports);
            insta::assert_snapshot!(format!("{stem}-html"), html);
        });
    }
}

/// Issue 29: a sprint's table lists every place taken there so far. Red-A takes 1st at sprint 1
/// on turn 5; on turn 6 blue-A takes 2nd, and turn 6's report still shows red-A's 1st (it showed
/// only 2nd before), marked with the turn it was scored on, in the text and on the page.
#[test]
fn a_sprint_table_keeps_the_places_scored_on_earlier_turns() {
    let json = r#"{"game": "breaking-away", "rules": "postal-2.2", "turn": 5, "riders": [
        {"id": "Front", "team": "red", "grade": "A", "distance": 39, "hand": [2, 5, 5]},
        {"id": "Back", "team": "blue", "grade": "A", "distance": 30, "hand": [5, 9, 9]}],
        "orders": {"Front": 2, "Back": 5}}"#;
    let scenario = Scenario::from_json(json).unwrap();
    let teams = scenario.team_names.clone();
    let orders = |red: u16, blue: u16| {
        let mut r = TeamOrders::default();
        r.set(game_breaking_away::Grade::A, red);
        let mut b = TeamOrders::default();
        b.set(game_breaking_away::Grade::A, blue);
        vec![Some(r), Some(b)]
    };
    let mut history = Vec::new();
    let mut position = scenario.position.clone();
    for (red, blue) in [(2, 5), (5, 9)] {
        let orders = orders(red, blue);
        let mut rng = Seed(0).rng(BreakingAway::resolution_stream(&position));
        let (after, events) = BreakingAway::resolve(&position, &orders, &mut rng);
        history.push(Resolution::<BreakingAway> {
            before: position,
            orders,
            after: after.clone(),
            events,
        });
        position = after;
    }
    let sealed = vec![Sealed::<BreakingAway>::default(); 2];
    let table = Table {
        settings: &scenario.position.rules,
        seats: &teams,
        state: Some(&position),
        sealed: &sealed,
        history: &history,
        lang: game_api::Lang::EN,
    };
    let text = BreakingAway::turn_report(&table, &history[1], Viewer::Public);
    let sprint = text
        .split("Sprint 1 (between squares 40 and 41)\n")
        .nth(1)
        .unwrap_or_else(|| panic!("no sprint table:\n{text}"));
    let rows: Vec<&str> = sprint.lines().take(2).collect();
    assert!(
        rows[0].contains("1st  red-A") && rows[0].ends_with("(turn 5)"),
        "{text}"
    );
    assert!(
        rows[1].contains("2nd  blue-A") && !rows[1].contains("(turn"),
        "{text}"
    );
    let html = BreakingAway::report_view(&table, &history[1], Viewer::Public).html();
    assert!(
        html.contains(r#"<tr><td>1st</td><td><span class="nowrap">red-A</span></td><td>10 points</td><td>5</td></tr>"#),
        "{html}"
    );
}

/// The Japanese text report (issue 36) of four turns that use most of its sentences — a
/// breakaway, a shared sprint, a team that sent nothing with a dropped rider, the race's end —
/// for seat 0 and the public, pinned as `reports__ja-STEM.snap`, and the page's report as
/// `reports__ja-STEM-html.snap`. No English word of the reports is left in either.
#[test]
fn japanese_turn_reports_match_their_snapshots() {
    let ja = game_api::Lang::from_code("ja").unwrap();
    for stem in [
        "board-breakaway-turn4",
        "postal-8.2.5-simultaneous-share-half-points",
        "postal-9.1-nmr-and-10.1-dropped",
        "postal-6.2-eighth-finisher-ends-the-race",
    ] {
        let text = std::fs::read_to_string(casebook().join(format!("{stem}.json"))).unwrap();
        let scenario = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{stem}: {e}"));
        let (resolution, _) = resolved(stem, &scenario);
        let sealed = vec![Sealed::<BreakingAway>::default(); scenario.team_names.len()];
        let table = Table {
            settings: &scenario.position.rules,
            seats: &scenario.team_names,
            state: Some(&resolution.after),
            sealed: &sealed,
            history: std::slice::from_ref(&resolution),
            lang: ja,
        };
        let (mut out, mut html) = (String::new(), String::new());
        for (label, viewer) in [
            ("seat 0", Viewer::Seat(Seat(0))),
            ("the public", Viewer::Public),
        ] {
            let report = BreakingAway::turn_report(&table, &resolution, viewer);
            for english in [
                "Moves",
                "standings",
                "points",
                "Sprint",
                "Copy",
                "played",
                "turn",
            ] {
                assert!(
                    !report.contains(english),
                    "{stem}: {english:?} in the Japanese report for {label}:\n{report}"
                );
            }
            out.push_str(&format!("\n──────── {label} ────────\n{report}"));
            let page = BreakingAway::report_view(&table, &resolution, viewer).html();
            for english in [
                "Moves",
                "Team standings",
                "Rider",
                "Points",
                "postal",
                "no orders",
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
