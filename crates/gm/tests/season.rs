//! A season's rules that are the same for every game (docs/rulings.md, S-1 to S-3): the jersey
//! rule, movements, the short form, a level top, a retired rider's next stage, the season's
//! checks and the next stage's set-up; through `gm::season` as the desk and the server use it.

use game_api::Seat;
use gm::event::{Event, Setup};
use gm::season::*;
use serde_json::{Value, json};

fn teams() -> Vec<String> {
    ["red", "blue", "green"].map(String::from).to_vec()
}

fn season() -> Season {
    Season {
        game: "breaking-away".into(),
        name: "Tour of Cumbria".into(),
        scoring: Value::Null,
        best_of: None,
    }
}

/// A Breaking Away stage from its team places and `(team, grade, place, awards)`.
fn stage(team_places: [u16; 3], listed: &[(u8, char, u16, &[[u16; 3]])]) -> Value {
    let mut riders: Vec<Value> = Vec::new();
    let mut next = listed.len() as u16 + 1;
    for team in 0..3u8 {
        for grade in ['A', 'B', 'C', 'D'] {
            let line = listed.iter().find(|r| r.0 == team && r.1 == grade);
            let (place, awards) = line.map_or_else(
                || {
                    next += 1;
                    (next - 1, json!([]))
                },
                |r| (r.2, json!(r.3)),
            );
            riders.push(
                json!({"team": team, "grade": grade.to_string(), "place": place, "awards": awards}),
            );
        }
    }
    json!({"teams": team_places, "riders": riders})
}

fn holder<'a>(s: &'a Standings, key: &str) -> &'a JerseyHolder {
    s.jerseys.iter().find(|h| h.classification == key).unwrap()
}

#[test]
fn s_1_the_jersey_rule_a_rider_leading_two_wears_the_more_prestigious_and_the_runner_up_the_other()
{
    // red-A wins the finish (20) and both sprints (10 + 10): it leads the points and the
    // sprints, and red leads the general classification. red-A wears yellow; the points
    // runner-up (blue-A, 16 at the finish) wears green; the sprints runner-up (green-A,
    // 8 + 8) wears red.
    let s1 = stage(
        [1, 2, 3],
        &[
            (0, 'A', 1, &[[0, 1, 1], [1, 1, 1], [2, 1, 1]]),
            (1, 'A', 2, &[[2, 2, 1]]),
            (2, 'A', 3, &[[0, 2, 1], [1, 2, 1]]),
        ],
    );
    let s = standings(&season(), &teams(), &[s1]).unwrap();
    let worn: Vec<(&str, &str, bool)> = s
        .jerseys
        .iter()
        .map(|h| (h.jersey.name.as_str(), h.piece.as_str(), h.stand_in))
        .collect();
    assert_eq!(
        worn,
        [
            ("yellow jersey", "red-A", false),
            ("green jersey", "blue-A", true),
            ("red jersey", "green-A", true)
        ]
    );
    let text = s.text(&teams(), None, None, game_api::Lang::EN);
    assert!(
        text.contains("Green jersey: blue-A (its leader wears a more prestigious jersey)"),
        "{text}"
    );
}

#[test]
fn s_1_yellow_goes_to_the_leader_of_the_general_classification_of_riders() {
    // Stage 1: red-A wins (20), blue-A second (16). Stage 2: green-A wins, blue-A third
    // (12), red-A fifth (8). red-A and blue-A are level on 28 points, red-A ahead on
    // stage wins: green. blue-A has the fewest places (2 + 3 = 5 against red-A's 1 + 5):
    // yellow (BA-S1).
    let s1 = stage(
        [1, 2, 3],
        &[(0, 'A', 1, &[[2, 1, 1]]), (1, 'A', 2, &[[2, 2, 1]])],
    );
    let s2 = stage(
        [2, 1, 3],
        &[
            (2, 'A', 1, &[[2, 1, 1]]),
            (1, 'A', 3, &[[2, 3, 1]]),
            (0, 'A', 5, &[[2, 5, 1]]),
        ],
    );
    let s = standings(&season(), &teams(), &[s1, s2]).unwrap();
    let general = &s.classifications[0];
    assert_eq!(
        (general.key.as_str(), general.of.as_str()),
        ("general", "riders")
    );
    assert_eq!(general.rows[0].piece.as_deref(), Some("blue-A"));
    assert_eq!(general.rows[0].total, "5");
    assert_eq!(holder(&s, "general").piece, "blue-A");
    assert_eq!(holder(&s, "points").piece, "red-A");
    assert!(!holder(&s, "points").stand_in);
    // The teams by race points stand beside it, without a jersey (BA-S6).
    let race = s.classifications.iter().find(|c| c.key == "race").unwrap();
    assert!(race.jersey.is_none() && race.of == "teams");
}

#[test]
fn s_2_movements_compare_with_the_standings_after_the_stage_before() {
    // Stage 1: red-A 1st, blue-A 2nd, red-B 3rd. Stage 2: blue-A 1st, red-A 3rd, red-B
    // 4th: blue-A 3 places, red-A 4, red-B 7.
    let s1 = stage(
        [1, 2, 3],
        &[(0, 'A', 1, &[[2, 1, 1]]), (1, 'A', 2, &[[2, 2, 1]])],
    );
    let s2 = stage(
        [3, 1, 2],
        &[(1, 'A', 1, &[[2, 1, 1]]), (2, 'A', 2, &[[2, 2, 1]])],
    );
    let one = standings(&season(), &teams(), std::slice::from_ref(&s1)).unwrap();
    assert!(
        one.classifications[0]
            .rows
            .iter()
            .all(|r| r.movement.is_none())
    );
    let two = standings(&season(), &teams(), &[s1, s2]).unwrap();
    let general = &two.classifications[0];
    let moved: Vec<(&str, Option<i32>)> = general.rows[..3]
        .iter()
        .map(|r| (r.piece.as_deref().unwrap(), r.movement))
        .collect();
    assert_eq!(
        moved,
        [("blue-A", Some(1)), ("red-A", Some(-1)), ("red-B", Some(0))]
    );
    let text = two.text(&teams(), None, None, game_api::Lang::EN);
    assert!(
        text.contains("▲1") && text.contains("▼1") && text.contains("▬"),
        "{text}"
    );
}

#[test]
fn the_short_form_shows_the_top_lines_and_the_readers_own() {
    let s1 = stage(
        [1, 2, 3],
        &[(0, 'A', 1, &[[2, 1, 1]]), (1, 'A', 2, &[[2, 2, 1]])],
    );
    let s = standings(&season(), &teams(), &[s1]).unwrap();
    let text = s.text(&teams(), Some(1), Some(2), game_api::Lang::EN);
    let general: Vec<&str> = text.split("\n\n").nth(1).unwrap().lines().collect();
    // The heading, the leader, a gap, and green's four riders (placed 9th to 12th).
    assert_eq!(general.len(), 7, "{general:?}");
    assert!(
        general[1].contains("red-A") && general[2].contains('…') && general[3].contains("green-A"),
        "{general:?}"
    );
}

#[test]
fn s_3_a_top_level_after_every_count_back_says_so_and_how_the_jersey_was_given() {
    // red-A and blue-A cross the finish together in first place (postal 8.2.5): one
    // place each, 18 points each, a stage win each. Level in the general and the points
    // classifications after every count-back: yellow to red-A, the first of them in seat
    // order; green to blue-A, the first of them wearing no more prestigious jersey.
    let s1 = stage(
        [1, 1, 3],
        &[(0, 'A', 1, &[[2, 1, 2]]), (1, 'A', 1, &[[2, 1, 2]])],
    );
    let s = standings(&season(), &teams(), &[s1]).unwrap();
    let level: Vec<(&str, Vec<&str>, Option<&str>)> = s
        .level
        .iter()
        .map(|t| {
            (
                t.classification.as_str(),
                t.lines.iter().map(String::as_str).collect(),
                t.jersey_to.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        level[..2],
        [
            ("general", vec!["red-A", "blue-A"], Some("red-A")),
            ("points", vec!["red-A", "blue-A"], Some("blue-A")),
        ]
    );
    let text = s.text(&teams(), None, None, game_api::Lang::EN);
    assert!(
        text.contains(
            "General classification: red-A and blue-A are level after every count-back and \
             share first place; the yellow jersey went to red-A, the first of them in seat \
             order who wears no more prestigious jersey."
        ),
        "{text}"
    );
    // The JSON carries each classification's count-back and the level tops.
    let json = serde_json::to_value(&s).unwrap();
    assert!(
        json["classifications"][0]["ties"]
            .as_str()
            .unwrap()
            .starts_with("fewest places; level: the better place in the last stage"),
        "{json}"
    );
    assert_eq!(json["level"][0]["jersey_to"], "red-A");
    // In Japanese.
    let mut ja = s.clone();
    ja.localize("breaking-away", game_api::Lang::from_code("ja").unwrap());
    let text = ja.text(
        &teams(),
        None,
        None,
        game_api::Lang::from_code("ja").unwrap(),
    );
    assert!(
        text.contains(
            "個人総合：red-Aとblue-Aは同点判定をすべて行っても並んだままで、1位を分け合います。\
             マイヨ・ジョーヌは、そのうちより格上のジャージを着ていない選手で席順が最も早いred-Aが着ます。"
        ),
        "{text}"
    );
    assert!(
        ja.classifications[0]
            .ties
            .starts_with("順位の合計が少ないほど上位")
    );
}

#[test]
fn ba_s9_a_retired_rider_starts_the_next_stage() {
    // red-B retired from stage 1 (BA-7): the next stage is a new race of the same set-up,
    // every rider on the start line.
    let setup = Setup {
        game: "breaking-away".into(),
        settings: Default::default(),
        seats: teams(),
        seed: 1,
        secret: None,
    };
    let log = vec![
        Event::Created {
            setup: setup.clone(),
        },
        Event::Piece {
            verb: "retire".into(),
            piece: "red-B".into(),
        },
    ];
    let next = next_stage(&log, 9, None).unwrap();
    assert_eq!(
        next,
        [Event::Created {
            setup: Setup { seed: 9, ..setup }
        }]
    );
    gm::Record::replay(&next).unwrap();
}

#[test]
fn a_season_is_checked_naming_the_field() {
    season().check().unwrap();
    for (season, field) in [
        (
            Season {
                name: " ".into(),
                ..season()
            },
            "name:",
        ),
        (
            Season {
                best_of: Some(0),
                ..season()
            },
            "best_of:",
        ),
        (
            Season {
                scoring: json!({"team_riders": 9}),
                ..season()
            },
            "scoring.team_riders",
        ),
        (
            Season {
                game: "chess".into(),
                ..season()
            },
            "game:",
        ),
    ] {
        let e = season.check().unwrap_err().to_string();
        assert!(e.starts_with(field), "{e}");
    }
}

#[test]
fn the_next_stage_keeps_the_set_up_and_the_bots_with_a_new_seed() {
    let setup = Setup {
        game: "breaking-away".into(),
        settings: Default::default(),
        seats: teams(),
        seed: 1,
        secret: None,
    };
    let log = vec![
        Event::Created {
            setup: setup.clone(),
        },
        Event::SeatBot {
            seat: Seat(1),
            bot: Some("mcts".into()),
        },
        Event::SeatBot {
            seat: Seat(2),
            bot: Some("random".into()),
        },
        Event::SeatBot {
            seat: Seat(2),
            bot: None,
        },
    ];
    let next = next_stage(&log, 9, None).unwrap();
    assert_eq!(
        next,
        [
            Event::Created {
                setup: Setup { seed: 9, ..setup }
            },
            Event::SeatBot {
                seat: Seat(1),
                bot: Some("mcts".into())
            },
        ]
    );
}
