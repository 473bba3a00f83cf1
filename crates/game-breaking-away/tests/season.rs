//! A stage race's classifications (docs/rulings.md BA-S1 to BA-S8): each test names its
//! ruling. Stages are written as `season::stage` writes them, or taken from a whole race.
use game_api::season::Classification;
use game_api::{Game, Seed};
use game_breaking_away::season::{classify, stage};
use game_breaking_away::{BreakingAway, Position, Rules, Status, TurnOutcome, default_lineup};
use serde_json::{Value, json};

fn teams() -> Vec<String> {
    ["red", "blue", "green"].map(String::from).to_vec()
}

/// A stage from its team places and `(team, grade, place, awards)` per rider; riders not
/// listed ended behind, in team and grade order.
fn stage_of(team_places: [u16; 3], listed: &[(u8, char, u16, &[[u16; 3]])]) -> Value {
    let mut riders: Vec<Value> = listed
        .iter()
        .map(|(team, grade, place, awards)| {
            json!({"team": team, "grade": grade.to_string(), "place": place, "awards": awards})
        })
        .collect();
    let mut next = 13 - (12 - listed.len() as u16);
    for team in 0..3u8 {
        for grade in ['A', 'B', 'C', 'D'] {
            if !listed.iter().any(|r| r.0 == team && r.1 == grade) {
                riders.push(
                    json!({"team": team, "grade": grade.to_string(), "place": next, "awards": []}),
                );
                next += 1;
            }
        }
    }
    json!({"teams": team_places, "riders": riders})
}

fn class<'a>(classes: &'a [Classification], key: &str) -> &'a Classification {
    classes.iter().find(|c| c.key == key).unwrap()
}

fn order(c: &Classification) -> Vec<(u16, String)> {
    c.rows
        .iter()
        .map(|r| {
            (
                r.rank,
                r.piece.clone().unwrap_or_else(|| teams()[r.seat].clone()),
            )
        })
        .collect()
}

/// A whole race with every team sending nothing (postal 9.1: the highest card each turn).
fn race() -> (Position, Vec<TurnOutcome>) {
    let rules = Rules::postal();
    let mut position = BreakingAway::start(&rules, &vec![default_lineup(); 3], Seed(7));
    let mut outcomes = Vec::new();
    let mut rng = Seed(7).rng(0);
    while !position.is_over() {
        let (next, events) = BreakingAway::resolve(&position, &[None, None, None], &mut rng);
        position = next;
        outcomes.extend(events);
        assert!(outcomes.len() < 200, "the race ends");
    }
    (position, outcomes)
}

#[test]
fn ba_s4_a_stage_keeps_each_riders_place_and_the_race_points_of_postal_6_3() {
    let (position, outcomes) = race();
    let turns: Vec<&TurnOutcome> = outcomes.iter().collect();
    let value = stage(&position, &turns).unwrap();
    let riders = value["riders"].as_array().unwrap();
    for (rider, line) in position.riders.iter().zip(riders) {
        if let Status::Finished(place) = rider.status {
            assert_eq!(line["place"], place, "finishers keep their finishing place");
        }
    }
    assert_eq!(
        value["teams"],
        json!(game_api::season::places_from_scores(
            &position.final_scores()
        ))
    );
    // The teams' race points of one stage are the race's own (postal 6.3, BA-S6).
    let teams = teams();
    let classes = classify(&Value::Null, None, &teams, std::slice::from_ref(&value)).unwrap();
    let race = class(&classes, "race");
    for (t, points) in position.team_points().iter().enumerate() {
        let row = race.rows.iter().find(|r| r.seat == t).unwrap();
        assert_eq!(row.total, points.to_string(), "team {t}");
    }
    // The general classification of one stage is the stage's places (BA-S1).
    let general = class(&classes, "general");
    for row in &general.rows {
        let i = riders
            .iter()
            .position(|r| {
                teams[r["team"].as_u64().unwrap() as usize].clone()
                    + "-"
                    + r["grade"].as_str().unwrap()
                    == *row.piece.as_ref().unwrap()
            })
            .unwrap();
        assert_eq!(row.total, riders[i]["place"].to_string());
    }
    let fresh = BreakingAway::start(&Rules::postal(), &vec![default_lineup(); 3], Seed(1));
    assert!(
        stage(&fresh, &[]).is_none(),
        "no stage before the race is over"
    );
}

#[test]
fn ba_s1_the_general_classification_adds_the_riders_stage_places_and_counts_back_from_the_last_stage()
 {
    // Stage 1: red-A 1st, blue-A 2nd, green-A 3rd. Stage 2: green-A 1st, blue-A 2nd, red-A
    // 3rd. All three have 4 places (1 + 3, 2 + 2, 3 + 1): the last stage decides, green-A,
    // blue-A, red-A.
    let s1 = stage_of(
        [1, 2, 3],
        &[
            (0, 'A', 1, &[[2, 1, 1]]),
            (1, 'A', 2, &[[2, 2, 1]]),
            (2, 'A', 3, &[[2, 3, 1]]),
        ],
    );
    let s2 = stage_of(
        [3, 2, 1],
        &[
            (2, 'A', 1, &[[2, 1, 1]]),
            (1, 'A', 2, &[[2, 2, 1]]),
            (0, 'A', 3, &[[2, 3, 1]]),
        ],
    );
    let classes = classify(&Value::Null, None, &teams(), &[s1.clone(), s2]).unwrap();
    let general = class(&classes, "general");
    assert_eq!(
        (general.of.as_str(), general.unit.as_str()),
        ("riders", "places")
    );
    assert_eq!(
        order(general)[..3],
        [
            (1, "green-A".into()),
            (2, "blue-A".into()),
            (3, "red-A".into())
        ]
    );
    assert_eq!(general.rows[0].total, "4");
    let cells: Vec<&str> = general.rows[0]
        .stages
        .iter()
        .map(|c| c.value.as_str())
        .collect();
    assert_eq!(cells, ["3", "1"]);
    assert!(general.jersey.as_ref().unwrap().name == "yellow jersey");
    assert!(general.ties.starts_with("fewest places"));
    // One stage: red-A leads.
    let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
    assert_eq!(order(class(&classes, "general"))[0], (1, "red-A".into()));
}

#[test]
fn ba_s6_teams_by_race_points_add_up_and_count_back_from_the_last_stage() {
    // Stage 1: red wins the finish (20), blue second (16). Stage 2: blue wins (20), red
    // second (16): level on 36; blue was placed higher in the last stage.
    let s1 = stage_of(
        [1, 2, 3],
        &[(0, 'A', 1, &[[2, 1, 1]]), (1, 'A', 2, &[[2, 2, 1]])],
    );
    let s2 = stage_of(
        [2, 1, 3],
        &[(1, 'B', 1, &[[2, 1, 1]]), (0, 'B', 2, &[[2, 2, 1]])],
    );
    let classes = classify(&Value::Null, None, &teams(), &[s1.clone(), s2]).unwrap();
    let race = class(&classes, "race");
    assert_eq!(order(race)[..2], [(1, "blue".into()), (2, "red".into())]);
    assert_eq!(race.rows[0].total, "36");
    assert_eq!(race.rows[0].stages.len(), 2);
    assert!(race.jersey.is_none());
    // One stage: red leads.
    let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
    assert_eq!(order(class(&classes, "race"))[0], (1, "red".into()));
}

#[test]
fn ba_s6_a_league_counts_the_best_n_stages_and_shows_the_dropped() {
    let s1 = stage_of([1, 2, 3], &[(0, 'A', 1, &[[2, 1, 1]])]);
    let s2 = stage_of(
        [2, 1, 3],
        &[(1, 'A', 1, &[[2, 1, 1]]), (0, 'A', 2, &[[2, 5, 1]])],
    );
    let classes = classify(&Value::Null, Some(1), &teams(), &[s1, s2]).unwrap();
    let red = class(&classes, "race")
        .rows
        .iter()
        .find(|r| r.seat == 0)
        .unwrap();
    assert_eq!(red.total, "20");
    assert!(!red.stages[0].dropped);
    assert!(red.stages[1].dropped, "the worse stage is dropped: {red:?}");
}

#[test]
fn ba_s7_a_shared_stage_win_is_a_win_for_each() {
    // red-A and blue-A cross the finish together in first place (postal 8.2.5): 18 points
    // each, and a stage win each. green-A scores 18 at the sprints (10 + 8) without a stage
    // win: behind them both.
    let s1 = stage_of(
        [1, 1, 3],
        &[
            (0, 'A', 1, &[[2, 1, 2]]),
            (1, 'A', 1, &[[2, 1, 2]]),
            (2, 'A', 3, &[[0, 1, 1], [1, 2, 1]]),
        ],
    );
    let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
    let points = class(&classes, "points");
    assert_eq!(
        order(points)[..3],
        [
            (1, "red-A".into()),
            (1, "blue-A".into()),
            (3, "green-A".into())
        ]
    );
    assert!(points.rows[..3].iter().all(|r| r.total == "18"));
}

#[test]
fn ba_s8_riders_sharing_a_place_each_count_it_in_the_team_sum() {
    // blue-A and blue-B share second place: each counts 2 in blue's sum (2 + 2 + 4 = 8),
    // not 2 and 3, nor 2½ each. red 1 + 5 + 6 = 12.
    let s1 = stage_of(
        [2, 1, 3],
        &[
            (0, 'A', 1, &[]),
            (1, 'A', 2, &[]),
            (1, 'B', 2, &[]),
            (1, 'C', 4, &[]),
            (0, 'B', 5, &[]),
            (0, 'C', 6, &[]),
        ],
    );
    let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
    let by_riders = class(&classes, "teams");
    assert_eq!(order(by_riders)[0], (1, "blue".into()));
    assert_eq!(by_riders.rows[0].total, "8");
    // In the general classification they share the rank.
    let general = class(&classes, "general");
    assert_eq!(
        order(general)[1..3],
        [(2, "blue-A".into()), (2, "blue-B".into())]
    );
}

#[test]
fn ba_s2_riders_level_on_points_by_stage_wins_then_the_last_stage() {
    // red-A wins the finish once (20); blue-A scores 10+10 at two sprint wins (sprints
    // count in the points classification) — level on 20, but a sprint win is not a
    // stage win: red-A ahead. green-A and green-B: 16 each, no wins; green-B placed
    // higher in the last stage.
    let s1 = stage_of(
        [1, 2, 3],
        &[
            (0, 'A', 1, &[[2, 1, 1]]),
            (1, 'A', 5, &[[0, 1, 1], [1, 1, 1]]),
            (2, 'A', 2, &[[2, 2, 1]]),
        ],
    );
    let s2 = stage_of([3, 2, 1], &[(2, 'B', 1, &[[2, 2, 1]]), (2, 'A', 3, &[])]);
    let classes = classify(&Value::Null, None, &teams(), &[s1, s2]).unwrap();
    let points = order(class(&classes, "points"));
    assert_eq!(
        points[..4],
        [
            (1, "red-A".into()),
            (2, "blue-A".into()),
            (3, "green-B".into()),
            (4, "green-A".into())
        ]
    );
}

#[test]
fn ba_s3_the_sprints_classification_counts_sprint_lines_only() {
    let s1 = stage_of(
        [1, 2, 3],
        &[
            (0, 'A', 1, &[[0, 2, 1], [2, 1, 1]]),
            (1, 'A', 2, &[[0, 1, 1], [1, 3, 1]]),
        ],
    );
    let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
    let sprints = class(&classes, "sprints");
    assert_eq!(
        order(sprints)[..2],
        [(1, "blue-A".into()), (2, "red-A".into())]
    );
    assert_eq!(sprints.rows[0].total, "16");
    assert_eq!(sprints.rows[1].total, "8");
}

#[test]
fn ba_s3_shared_places_share_their_points_and_ties_share_the_rank() {
    // red-A and blue-A cross the first sprint together (postal 8.2.5): places 1 and 2,
    // 9 points each; level in every respect, they share the rank.
    let s1 = stage_of(
        [1, 2, 3],
        &[(0, 'A', 3, &[[0, 1, 2]]), (1, 'A', 3, &[[0, 1, 2]])],
    );
    let classes = classify(&Value::Null, None, &teams(), &[s1]).unwrap();
    let sprints = class(&classes, "sprints");
    assert_eq!(sprints.rows[0].total, "9");
    assert_eq!((sprints.rows[0].rank, sprints.rows[1].rank), (1, 1));
}

#[test]
fn ba_s5_teams_by_their_best_placed_riders_and_the_gms_tables() {
    let s1 = stage_of(
        [1, 2, 3],
        &[
            (0, 'A', 1, &[]),
            (1, 'A', 2, &[]),
            (1, 'B', 3, &[]),
            (1, 'C', 4, &[]),
            (0, 'B', 5, &[]),
            (0, 'C', 6, &[]),
        ],
    );
    let classes = classify(&Value::Null, None, &teams(), std::slice::from_ref(&s1)).unwrap();
    let by_riders = class(&classes, "teams");
    // blue 2+3+4 = 9, red 1+5+6 = 12.
    assert_eq!(
        order(by_riders)[..2],
        [(1, "blue".into()), (2, "red".into())]
    );
    assert_eq!(by_riders.rows[0].total, "9");
    let one = classify(&json!({"team_riders": 1}), None, &teams(), &[s1]).unwrap();
    assert_eq!(order(class(&one, "teams"))[0], (1, "red".into()));
}

#[test]
fn ba_s2_the_gms_tables_change_the_riders_points() {
    let s1 = stage_of(
        [1, 2, 3],
        &[(0, 'A', 1, &[[2, 1, 1]]), (1, 'A', 2, &[[0, 1, 1]])],
    );
    let scoring = json!({"finish": [50, 30], "sprint": [60]});
    let classes = classify(&scoring, None, &teams(), &[s1]).unwrap();
    assert_eq!(order(class(&classes, "points"))[0], (1, "blue-A".into()));
    // The teams by race points keep the rules' tables (postal 6.3).
    assert_eq!(order(class(&classes, "race"))[0], (1, "red".into()));
}

#[test]
fn bad_scoring_is_refused_naming_the_field() {
    for (scoring, field) in [
        (json!({"finnish": [1]}), "scoring:"),
        (json!({"team_riders": 0}), "scoring.team_riders"),
        (json!({"sprint": vec![1; 51]}), "scoring.sprint"),
    ] {
        let e = classify(&scoring, None, &teams(), &[])
            .unwrap_err()
            .to_string();
        assert!(e.starts_with(field), "{e}");
    }
    let e = classify(&Value::Null, None, &teams(), &[json!({"teams": [1]})]).unwrap_err();
    assert!(e.to_string().starts_with("stage 1:"), "{e}");
}
