//! A stage race: each race a stage, read once it is over (`stage`), and the classifications
//! after any number of stages (`classify`), each decided in docs/rulings.md (BA-S1 to BA-S9):
//! the general classification of riders by their stage places added up (the Tour's of
//! 1905–1912), the riders' points and sprints classifications, the teams by their best-placed
//! riders, and the teams by the rules' race points (postal 6.3).

use std::cmp::Reverse;

use game_api::season::{Cell, Classification, Jersey, Row, Wearer, counted, ranked, ranks};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::BreakingAwayError as Error;
use crate::game::rider_name;
use crate::points::Points;
use crate::position::{Position, Status};
use crate::rules::{Grade, Line};
use crate::turn::TurnOutcome;

/// One finished race as a season keeps it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stage {
    /// Each team's place in the race (postal 6.3 and BA-17; teams level in every respect share).
    teams: Vec<u16>,
    riders: Vec<StageRider>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct StageRider {
    team: u8,
    grade: Grade,
    /// Where the rider ended the race (BA-S4): finishers by finishing place, then riders on
    /// the road, furthest first, then the retired.
    place: u16,
    /// The places it scored at each line: `[line, first place, riders sharing]` (postal 5.1,
    /// 6.2, 8.2.5).
    awards: Vec<[u16; 3]>,
}

/// The scoring tables a GM may change (BA-S2, BA-S3, BA-S5); by default the rules' own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct Scoring {
    /// Points by finishing place in the riders' points classification (postal 6.2).
    pub finish: Vec<u64>,
    /// Points by place at each sprint line, in the points and sprints classifications (5.1).
    pub sprint: Vec<u64>,
    /// How many of a team's best-placed riders the team classification counts.
    pub team_riders: u8,
}

impl Default for Scoring {
    fn default() -> Scoring {
        Scoring {
            finish: Line::Finish.points_table().to_vec(),
            sprint: Line::Sprint1.points_table().to_vec(),
            team_riders: 3,
        }
    }
}

/// The most places a scoring table may give points to.
const MAX_TABLE: usize = 50;

/// Reads a GM's scoring tables (`null`: the defaults); one line naming the field.
pub fn scoring(value: &Value) -> Result<Scoring, Error> {
    if value.is_null() {
        return Ok(Scoring::default());
    }
    let scoring: Scoring = serde_json::from_value(value.clone()).map_err(|e| {
        Error::Setup(locale::phrase!(
            "ba-setup-field",
            field = "scoring",
            problem = locale::Phrase::verbatim(e.to_string())
        ))
    })?;
    for (name, table) in [("finish", &scoring.finish), ("sprint", &scoring.sprint)] {
        if table.len() > MAX_TABLE || table.iter().any(|&p| p > 1000) {
            return Err(Error::Setup(locale::phrase!(
                "ba-setup-scoring-table",
                table = name,
                places = MAX_TABLE
            )));
        }
    }
    if !(1..=4).contains(&scoring.team_riders) {
        return Err(Error::Setup(locale::Phrase::new(
            "ba-setup-scoring-team-riders",
        )));
    }
    Ok(scoring)
}

/// The finished race as a stage; `None` before its end.
pub fn stage(position: &Position, turns: &[&TurnOutcome]) -> Option<Value> {
    if !position.is_over() {
        return None;
    }
    let key = |i: usize| {
        let r = &position.riders[i];
        match r.status {
            Status::Finished(place) => (0, i64::from(place), 0),
            Status::Racing | Status::Dropped => (1, -i64::from(r.distance), r.arrival),
            Status::Retired => (2, 0, 0),
        }
    };
    let mut order: Vec<usize> = (0..position.riders.len()).collect();
    order.sort_by_key(|&i| key(i));
    let places = ranks(&order, |&a, &b| key(a) == key(b));
    let mut riders: Vec<StageRider> = position
        .riders
        .iter()
        .map(|r| StageRider {
            team: r.team,
            grade: r.grade,
            place: 0,
            awards: Vec::new(),
        })
        .collect();
    for (&i, &place) in order.iter().zip(&places) {
        riders[i].place = place;
    }
    for award in turns.iter().flat_map(|t| &t.awards) {
        for &i in &award.riders {
            riders[i].awards.push([
                award.line.index() as u16,
                award.place,
                award.riders.len() as u16,
            ]);
        }
    }
    let stage = Stage {
        teams: game_api::season::places_from_scores(&position.final_scores()),
        riders,
    };
    serde_json::to_value(stage).ok()
}

/// Points for the places `first..first + ways` shared by `ways` riders.
fn share(table: &[u64], first: u16, ways: u16) -> Points {
    let ways = ways.max(1);
    let total: u64 = (first..first + ways)
        .map(|p| {
            table
                .get(usize::from(p).wrapping_sub(1))
                .copied()
                .unwrap_or(0)
        })
        .sum();
    Points::share(total, u64::from(ways))
}

impl StageRider {
    /// Race points by the rules' tables (postal 5.1, 6.2): the team's score of 6.3.
    fn race_points(&self) -> Points {
        self.awards
            .iter()
            .map(|&[line, first, ways]| {
                let line = Line::ALL[usize::from(line).min(2)];
                share(line.points_table(), first, ways)
            })
            .sum()
    }

    /// Points by the season's tables: all lines, or the sprints only.
    fn points(&self, scoring: &Scoring, sprints_only: bool) -> Points {
        self.awards
            .iter()
            .filter(|a| !sprints_only || a[0] != Line::Finish.index() as u16)
            .map(|&[line, first, ways]| {
                let table = if line == Line::Finish.index() as u16 {
                    &scoring.finish
                } else {
                    &scoring.sprint
                };
                share(table, first, ways)
            })
            .sum()
    }

    fn firsts(&self, sprints: bool) -> usize {
        self.awards
            .iter()
            .filter(|a| a[1] == 1 && (a[0] != Line::Finish.index() as u16) == sprints)
            .count()
    }
}

fn read_stages(stages: &[Value], teams: usize) -> Result<Vec<Stage>, Error> {
    stages
        .iter()
        .enumerate()
        .map(|(n, value)| {
            let stage: Stage = serde_json::from_value(value.clone()).map_err(|e| {
                Error::Setup(locale::Phrase::verbatim(format!("stage {}: {e}", n + 1)))
            })?;
            if stage.teams.len() != teams
                || stage.riders.iter().any(|r| usize::from(r.team) >= teams)
            {
                // The server's own record of a stage: not a person's mistake.
                return Err(Error::Setup(locale::Phrase::verbatim(format!(
                    "stage {}: not a race of the season's {teams} teams",
                    n + 1
                ))));
            }
            Ok(stage)
        })
        .collect()
}

fn jersey(name: &str, colour: &str, prestige: u8) -> Option<Jersey> {
    Some(Jersey {
        name: name.into(),
        colour: colour.into(),
        prestige,
    })
}

fn cell(value: String) -> Cell {
    Cell {
        value,
        dropped: false,
    }
}

/// The classifications after `stages` (BA-S1 to BA-S6).
pub fn classify(
    scoring: &Value,
    best_of: Option<u16>,
    teams: &[String],
    stages: &[Value],
) -> Result<Vec<Classification>, Error> {
    let scoring = self::scoring(scoring)?;
    let stages = read_stages(stages, teams.len())?;
    let riders: Vec<(u8, Grade)> = stages
        .first()
        .map(|s| s.riders.iter().map(|r| (r.team, r.grade)).collect())
        .unwrap_or_default();
    // Each rider's line in each stage.
    let lines: Vec<Vec<Option<&StageRider>>> = riders
        .iter()
        .map(|&(team, grade)| {
            stages
                .iter()
                .map(|s| s.riders.iter().find(|r| r.team == team && r.grade == grade))
                .collect()
        })
        .collect();
    let ranked = Ranked {
        riders: &riders,
        lines: &lines,
        teams,
    };
    let points = ranked.classify(
        |r| r.points(&scoring, false),
        |r| r.firsts(false),
        Named {
            key: "points",
            title: "Points classification",
            ruling: "BA-S2",
            ties: "most points; level: more stage wins, then the better place in the last \
                   stage, then in the stage before, and so on; still level, they share the rank",
            jersey: jersey("green jersey", "#1f9d55", 2),
        },
    );
    let sprints = ranked.classify(
        |r| r.points(&scoring, true),
        |r| r.firsts(true),
        Named {
            key: "sprints",
            title: "Sprints classification",
            ruling: "BA-S3",
            ties: "most points; level: more first places at a sprint line, then the better \
                   place in the last stage, then in the stage before, and so on; still level, \
                   they share the rank",
            jersey: jersey("red jersey", "#d62828", 3),
        },
    );
    let general = ranked.general();
    let by_riders = team_classification(&stages, teams, &scoring);
    let race = race_points(&stages, teams, best_of);
    Ok(vec![general, points, sprints, by_riders, race])
}

/// BA-S6: teams by the race points of postal 6.3 summed over the stages (the rules' own
/// tables, whatever the season's); level teams by their places in the last stage, then the
/// one before, and so on; a league counts the best n.
fn race_points(stages: &[Stage], teams: &[String], best_of: Option<u16>) -> Classification {
    let per_stage: Vec<Vec<Points>> = (0..teams.len())
        .map(|t| {
            stages
                .iter()
                .map(|s| {
                    s.riders
                        .iter()
                        .filter(|r| usize::from(r.team) == t)
                        .map(StageRider::race_points)
                        .sum()
                })
                .collect()
        })
        .collect();
    let counts: Vec<Vec<bool>> = per_stage.iter().map(|v| counted(v, best_of)).collect();
    let totals: Vec<Points> = (0..teams.len())
        .map(|t| {
            per_stage[t]
                .iter()
                .zip(&counts[t])
                .filter(|(_, c)| **c)
                .map(|(p, _)| *p)
                .sum()
        })
        .collect();
    // Count-back: the last stage's place first.
    let back = |t: usize| -> Vec<u16> { stages.iter().rev().map(|s| s.teams[t]).collect() };
    let order = ranked(teams.len(), |t| (Reverse(totals[t]), back(t)));
    let rows = order
        .iter()
        .map(|&(t, rank)| Row {
            rank,
            seat: t,
            piece: None,
            total: totals[t].to_string(),
            stages: per_stage[t]
                .iter()
                .zip(&counts[t])
                .map(|(p, &c)| Cell {
                    value: p.to_string(),
                    dropped: !c,
                })
                .collect(),
            movement: None,
        })
        .collect();
    Classification {
        key: "race".into(),
        title: "Race points".into(),
        of: "teams".into(),
        unit: "points".into(),
        ruling: "BA-S6".into(),
        ties: "most race points; level: the better team place in the last stage, then in the \
               stage before, and so on; still level, they share the rank"
            .into(),
        jersey: None,
        rows,
        wearers: Vec::new(),
    }
}

/// A rider classification's name, ruling and jersey.
struct Named {
    key: &'static str,
    title: &'static str,
    ruling: &'static str,
    ties: &'static str,
    jersey: Option<Jersey>,
}

/// The riders of a season and their line in each stage (`None`: not in that stage).
struct Ranked<'a> {
    riders: &'a [(u8, Grade)],
    lines: &'a [Vec<Option<&'a StageRider>>],
    teams: &'a [String],
}

impl Ranked<'_> {
    /// BA-S1: riders by their stage places (BA-S4) added up, fewest first, as the Tour de
    /// France ranked its riders from 1905 to 1912; level riders by the better place in the
    /// last stage, then the stage before; still level, they share the rank (S-3). Its leader
    /// wears yellow.
    fn general(&self) -> Classification {
        let (riders, lines) = (self.riders, self.lines);
        // A stage without the rider (not a stage of this race's riders) counts as last.
        let last = riders.len() as u16;
        let places = |i: usize| -> Vec<u16> {
            lines[i]
                .iter()
                .map(|r| r.map_or(last, |r| r.place))
                .collect()
        };
        let totals: Vec<u32> = (0..riders.len())
            .map(|i| places(i).iter().map(|&p| u32::from(p)).sum())
            .collect();
        let back = |i: usize| -> Vec<u16> { places(i).into_iter().rev().collect() };
        let order = ranked(riders.len(), |i| (totals[i], back(i)));
        let name = |i: usize| rider_name(self.teams, riders[i].0, riders[i].1);
        let rows = order
            .iter()
            .map(|&(i, rank)| Row {
                rank,
                seat: usize::from(riders[i].0),
                piece: Some(name(i)),
                total: totals[i].to_string(),
                stages: places(i).iter().map(|p| cell(p.to_string())).collect(),
                movement: None,
            })
            .collect();
        Classification {
            key: "general".into(),
            title: "General classification".into(),
            of: "riders".into(),
            unit: "places".into(),
            ruling: "BA-S1".into(),
            ties: "fewest places; level: the better place in the last stage, then in the stage \
                   before, and so on; still level, they share the rank"
                .into(),
            jersey: jersey("yellow jersey", "#f2c500", 1),
            rows,
            wearers: order
                .iter()
                .map(|&(i, _)| Wearer {
                    seat: usize::from(riders[i].0),
                    piece: name(i),
                })
                .collect(),
        }
    }

    /// BA-S2 and BA-S3: riders by points; level riders by more first places, then by their
    /// places in the last stage, then the one before; still level, they share the rank.
    fn classify(
        &self,
        points: impl Fn(&StageRider) -> Points,
        firsts: impl Fn(&StageRider) -> usize,
        named: Named,
    ) -> Classification {
        let (riders, lines) = (self.riders, self.lines);
        let totals: Vec<Points> = lines
            .iter()
            .map(|l| l.iter().flatten().map(|r| points(r)).sum())
            .collect();
        let wins: Vec<usize> = lines
            .iter()
            .map(|l| l.iter().flatten().map(|r| firsts(r)).sum())
            .collect();
        let back = |i: usize| -> Vec<u16> {
            lines[i]
                .iter()
                .rev()
                .map(|r| r.map_or(u16::MAX, |r| r.place))
                .collect()
        };
        let order = ranked(riders.len(), |i| {
            (Reverse(totals[i]), Reverse(wins[i]), back(i))
        });
        let name = |i: usize| rider_name(self.teams, riders[i].0, riders[i].1);
        let rows = order
            .iter()
            .map(|&(i, rank)| Row {
                rank,
                seat: usize::from(riders[i].0),
                piece: Some(name(i)),
                total: totals[i].to_string(),
                stages: lines[i]
                    .iter()
                    .map(|r| cell(r.map_or("–".into(), |r| points(r).to_string())))
                    .collect(),
                movement: None,
            })
            .collect();
        Classification {
            key: named.key.into(),
            title: named.title.into(),
            of: "riders".into(),
            unit: "points".into(),
            ruling: named.ruling.into(),
            ties: named.ties.into(),
            jersey: named.jersey,
            rows,
            wearers: order
                .iter()
                .map(|&(i, _)| Wearer {
                    seat: usize::from(riders[i].0),
                    piece: name(i),
                })
                .collect(),
        }
    }
}

/// BA-S5: teams by the places of their best `team_riders` riders in each stage, added up
/// (lower is better); level teams by the last stage's sum, then the one before; still level,
/// they share the rank.
fn team_classification(stages: &[Stage], teams: &[String], scoring: &Scoring) -> Classification {
    let per_stage: Vec<Vec<u32>> = (0..teams.len())
        .map(|t| {
            stages
                .iter()
                .map(|s| {
                    let mut places: Vec<u32> = s
                        .riders
                        .iter()
                        .filter(|r| usize::from(r.team) == t)
                        .map(|r| u32::from(r.place))
                        .collect();
                    places.sort_unstable();
                    places.iter().take(usize::from(scoring.team_riders)).sum()
                })
                .collect()
        })
        .collect();
    let totals: Vec<u32> = per_stage.iter().map(|v| v.iter().sum()).collect();
    let back = |t: usize| -> Vec<u32> { per_stage[t].iter().rev().copied().collect() };
    let order = ranked(teams.len(), |t| (totals[t], back(t)));
    let rows = order
        .iter()
        .map(|&(t, rank)| Row {
            rank,
            seat: t,
            piece: None,
            total: totals[t].to_string(),
            stages: per_stage[t].iter().map(|p| cell(p.to_string())).collect(),
            movement: None,
        })
        .collect();
    Classification {
        key: "teams".into(),
        title: "Teams classification".into(),
        of: "teams".into(),
        unit: format!("places of the best {} riders", scoring.team_riders),
        ruling: "BA-S5".into(),
        ties: "lowest sum; level: the lower sum in the last stage, then in the stage before, \
               and so on; still level, they share the rank"
            .into(),
        jersey: None,
        rows,
        wearers: Vec::new(),
    }
}
