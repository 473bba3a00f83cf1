//! A season: games of one kind played in order by the same seats (a stage race, a walking
//! week, a league), and its standings after any number of stages. The game classifies
//! (`Game::classify`); what is the same for every game is here: the movements since the stage
//! before, the jersey rule, and the next stage's set-up. Pure: the desk and the server give
//! it the same finished games and get the same standings.

use game_api::Seat;
use game_api::season::{Classification, Jersey, SeasonNouns};
use locale::phrase;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::error::GmError;
use crate::event::{Event, Setup};
use crate::registry::{GameVisitor, game_info, with_game};

/// The most stages a season holds: a Grand Tour has 21.
pub const MAX_STAGES: usize = 30;

/// A season as its GM set it up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Season {
    /// The game every stage is (`breaking-away`).
    pub game: String,
    /// `Tour of Cumbria 2027`.
    pub name: String,
    /// The game's scoring tables as the GM changed them (`Game::season_scoring`); `null`: the
    /// defaults.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub scoring: Value,
    /// A league's "best n of m": only each line's best `n` stages count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best_of: Option<u16>,
}

/// Who wears a jersey after a stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JerseyHolder {
    /// The classification's key (`general`).
    pub classification: String,
    pub jersey: Jersey,
    pub seat: usize,
    /// `red-A`.
    pub piece: String,
    /// Worn for the leader, who wears a more prestigious jersey (the jersey rule).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stand_in: bool,
}

/// The standings after some stages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// How many stages they count.
    pub stages: usize,
    pub classifications: Vec<Classification>,
    /// Most prestigious first.
    pub jerseys: Vec<JerseyHolder>,
}

impl Season {
    /// The season checked: a game with seasons, a name, scoring tables the game reads and a
    /// sensible `best_of`; one line naming what is wrong.
    pub fn check(&self) -> Result<SeasonNouns, GmError> {
        let nouns = game_info(&self.game)?
            .season
            .ok_or_else(|| GmError::Refused(phrase!("error-season-game", game = self.game)))?;
        if self.name.trim().is_empty() {
            return Err(GmError::Refused(phrase!("error-season-name")));
        }
        if self.best_of == Some(0) {
            return Err(GmError::Refused(phrase!("error-season-best-of")));
        }
        classify(self, &[], &[])?;
        Ok(nouns)
    }
}

/// The standings after `stages` (each a finished game's `Record::stage`, first first):
/// the game's classifications, each line's movement since the stage before, and the jerseys.
pub fn standings(
    season: &Season,
    seats: &[String],
    stages: &[Value],
) -> Result<Standings, GmError> {
    if stages.len() > MAX_STAGES {
        return Err(GmError::Refused(phrase!(
            "error-season-stages",
            most = MAX_STAGES
        )));
    }
    let mut classifications = classify(season, seats, stages)?;
    if let Some((_, earlier)) = stages.split_last().filter(|(_, e)| !e.is_empty()) {
        let before = classify(season, seats, earlier)?;
        for class in &mut classifications {
            let Some(then) = before.iter().find(|c| c.key == class.key) else {
                continue;
            };
            for row in &mut class.rows {
                row.movement = then
                    .rows
                    .iter()
                    .find(|r| r.seat == row.seat && r.piece == row.piece)
                    .map(|r| i32::from(r.rank) - i32::from(row.rank));
            }
        }
    }
    let jerseys = jerseys(&classifications);
    Ok(Standings {
        stages: stages.len(),
        classifications,
        jerseys,
    })
}

impl Standings {
    /// The standings with their words in `lang`, for a season of `game`. A game names its
    /// classifications, units and jerseys in English (`General classification`, `yellow
    /// jersey`); a language names them again by the game and the classification's key
    /// (`season-class`, `season-unit`, `season-jersey`), and keeps the game's own words where it
    /// has none.
    pub fn localize(&mut self, game: &str, lang: game_api::Lang) {
        let jersey = |name: &str| {
            locale::tr!(
                lang,
                "season-jersey",
                key = name.replace(' ', "-"),
                name = name
            )
        };
        for c in &mut self.classifications {
            let key = format!("{game}-{}", c.key);
            c.title = locale::tr!(
                lang,
                "season-class",
                key = key.as_str(),
                title = c.title.as_str()
            );
            c.unit = locale::tr!(
                lang,
                "season-unit",
                key = key.as_str(),
                unit = c.unit.as_str()
            );
            if let Some(j) = &mut c.jersey {
                j.name = jersey(&j.name);
            }
        }
        for j in &mut self.jerseys {
            j.jersey.name = jersey(&j.jersey.name);
        }
    }

    /// The jerseys as the pictures mark them.
    pub fn worn(&self) -> Vec<game_api::season::Worn> {
        self.jerseys
            .iter()
            .map(|h| game_api::season::Worn {
                piece: h.piece.clone(),
                jersey: h.jersey.clone(),
            })
            .collect()
    }

    /// The name of a classification's line: its piece, or its seat's name.
    pub fn name(seats: &[String], row: &game_api::season::Row) -> String {
        row.piece
            .clone()
            .unwrap_or_else(|| seats.get(row.seat).cloned().unwrap_or_default())
    }

    /// Each classification's winners (the lines ranked first), for the final report.
    pub fn winners(&self, seats: &[String]) -> Vec<(String, Vec<String>)> {
        self.classifications
            .iter()
            .map(|c| {
                let first = c.rows.iter().filter(|r| r.rank == 1);
                (
                    c.title.clone(),
                    first.map(|r| Self::name(seats, r)).collect(),
                )
            })
            .collect()
    }

    /// The standings as text: the jerseys, then each classification — all its lines, or with
    /// `top` the first `top` and the lines of seat `own` — with movements and each stage.
    pub fn text(
        &self,
        seats: &[String],
        top: Option<usize>,
        own: Option<usize>,
        lang: game_api::Lang,
    ) -> String {
        let mut out = String::new();
        for holder in &self.jerseys {
            let why = if holder.stand_in {
                lang.t("season-report-stand-in")
            } else {
                String::new()
            };
            let line = locale::tr!(
                lang,
                "season-jersey-line",
                jersey = capital(&holder.jersey.name),
                who = holder.piece.as_str(),
                why = why
            );
            out.push_str(&format!("{line}\n"));
        }
        for class in &self.classifications {
            if !out.is_empty() {
                out.push('\n');
            }
            let line = locale::tr!(
                lang,
                "season-class-line",
                title = class.title.as_str(),
                of = class.of.as_str(),
                unit = class.unit.as_str()
            );
            out.push_str(&format!("{line}\n"));
            let width = class
                .rows
                .iter()
                .map(|r| Self::name(seats, r).chars().count())
                .max()
                .unwrap_or(0);
            let mut skipped = false;
            for (i, row) in class.rows.iter().enumerate() {
                let shown = top.is_none_or(|n| i < n) || Some(row.seat) == own;
                if !shown {
                    skipped = true;
                    continue;
                }
                if skipped {
                    out.push_str("  …\n");
                    skipped = false;
                }
                let stages: Vec<String> = row
                    .stages
                    .iter()
                    .map(|c| {
                        if c.dropped {
                            format!("({})", c.value)
                        } else {
                            c.value.clone()
                        }
                    })
                    .collect();
                let jersey = self
                    .jerseys
                    .iter()
                    .find(|h| h.classification == class.key && Some(&h.piece) == row.piece.as_ref())
                    .map(|h| format!("  [{}]", h.jersey.name))
                    .unwrap_or_default();
                out.push_str(&format!(
                    "{:>3} {:<3} {:<width$}  {:>6}   {}{jersey}\n",
                    row.rank,
                    movement(row.movement),
                    Self::name(seats, row),
                    row.total,
                    stages.join(" · "),
                ));
            }
            if skipped {
                out.push_str("  …\n");
            }
        }
        out
    }
}

/// A line's movement since the stage before as people read it: `▲2`, `▼1`, `▬`, or nothing
/// after the first stage.
pub fn movement(moved: Option<i32>) -> String {
    match moved {
        None => String::new(),
        Some(0) => "▬".into(),
        Some(n) if n > 0 => format!("▲{n}"),
        Some(n) => format!("▼{}", -n),
    }
}

fn capital(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// The jersey rule: jerseys are handed out most prestigious first, each to the first of its
/// classification's wearers who has none yet, so that a rider leading two classifications
/// wears the more prestigious jersey and the runner-up in the other wears that one.
pub fn jerseys(classifications: &[Classification]) -> Vec<JerseyHolder> {
    let mut with: Vec<&Classification> = classifications
        .iter()
        .filter(|c| c.jersey.is_some())
        .collect();
    with.sort_by_key(|c| c.jersey.as_ref().map(|j| j.prestige));
    let mut holders: Vec<JerseyHolder> = Vec::new();
    for class in with {
        let Some(jersey) = &class.jersey else {
            continue;
        };
        let free = class.wearers.iter().enumerate().find(|(_, w)| {
            !holders
                .iter()
                .any(|h| h.seat == w.seat && h.piece == w.piece)
        });
        if let Some((i, wearer)) = free {
            holders.push(JerseyHolder {
                classification: class.key.clone(),
                jersey: jersey.clone(),
                seat: wearer.seat,
                piece: wearer.piece.clone(),
                stand_in: i > 0,
            });
        }
    }
    holders
}

/// The next stage's log: the same game, settings and seats as `previous` (a stage's log),
/// a new seed, and every seat a bot played at the end of it handed to the same bot.
pub fn next_stage(
    previous: &[Event],
    seed: u64,
    secret: Option<String>,
) -> Result<Vec<Event>, GmError> {
    let Some(Event::Created { setup }) = previous.first() else {
        return Err(GmError::Log(
            "a stage's log begins with its creation".into(),
        ));
    };
    let mut bots: Vec<Option<&str>> = vec![None; setup.seats.len()];
    for (seat, bot) in previous.iter().filter_map(Event::hands_seat) {
        if let Some(slot) = bots.get_mut(seat.index()) {
            *slot = bot;
        }
    }
    let mut log = vec![Event::Created {
        setup: Setup {
            seed,
            secret,
            ..setup.clone()
        },
    }];
    log.extend(bots.iter().enumerate().filter_map(|(i, bot)| {
        bot.map(|b| Event::SeatBot {
            seat: Seat(i as u8),
            bot: Some(b.to_string()),
        })
    }));
    Ok(log)
}

/// The game's classifications, whichever the game.
fn classify(
    season: &Season,
    seats: &[String],
    stages: &[Value],
) -> Result<Vec<Classification>, GmError> {
    struct Classify<'a>(&'a Season, &'a [String], &'a [Value]);
    impl GameVisitor for Classify<'_> {
        type Output = Result<Vec<Classification>, GmError>;
        fn visit<G: bots::BotGame>(self) -> Self::Output {
            G::classify(&self.0.scoring, self.0.best_of, self.1, self.2)
                .map_err(|e| GmError::rules::<G>("error-season-scoring", &e))
        }
    }
    with_game(&season.game, Classify(season, seats, stages))?
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

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
                riders.push(json!({"team": team, "grade": grade.to_string(), "place": place, "awards": awards}));
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
    fn s_1_yellow_goes_to_the_leading_teams_best_rider_in_the_points_classification() {
        // blue leads the general classification (blue-A 16 + blue-B 12 = 28 against red's
        // 20); red-A leads the points and wears green; blue-A wears yellow.
        let s1 = stage(
            [2, 1, 3],
            &[
                (0, 'A', 1, &[[2, 1, 1]]),
                (1, 'A', 2, &[[2, 2, 1]]),
                (1, 'B', 3, &[[2, 3, 1]]),
            ],
        );
        let s = standings(&season(), &teams(), &[s1]).unwrap();
        assert_eq!(holder(&s, "general").piece, "blue-A");
        assert_eq!(holder(&s, "points").piece, "red-A");
        assert!(!holder(&s, "points").stand_in);
    }

    #[test]
    fn s_2_movements_compare_with_the_standings_after_the_stage_before() {
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
        let moved: Vec<(usize, Option<i32>)> =
            general.rows.iter().map(|r| (r.seat, r.movement)).collect();
        // blue 36 (was 2nd), red 20 (was 1st), green 16 (was 3rd).
        assert_eq!(moved, [(1, Some(1)), (0, Some(-1)), (2, Some(0))]);
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
        assert_eq!(general.len(), 4, "{general:?}");
        assert!(
            general[1].contains("red") && general[2].contains('…') && general[3].contains("green")
        );
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
}
