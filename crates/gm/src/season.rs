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
    /// Worn for the leader, who wears a more prestigious jersey (the jersey rule); not where
    /// the wearer shares the lead (S-3).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub stand_in: bool,
}

/// A classification whose lead is shared after every count-back (S-3): who shares it, and
/// to which of them its jersey went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LevelTop {
    /// The classification's key (`general`).
    pub classification: String,
    /// The lines ranked first, as the classification lists them: in seat order (a team's
    /// riders by letter).
    pub lines: Vec<String>,
    /// The one of them who wears the classification's jersey: the first of them in seat
    /// order who wears no more prestigious one (the jersey rule, S-1). `None` where the
    /// classification has no jersey, or every one of them wears a more prestigious one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub jersey_to: Option<String>,
}

/// The standings after some stages.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standings {
    /// How many stages they count.
    pub stages: usize,
    pub classifications: Vec<Classification>,
    /// Most prestigious first.
    pub jerseys: Vec<JerseyHolder>,
    /// The classifications whose first place is shared after every count-back (S-3).
    #[serde(default)]
    pub level: Vec<LevelTop>,
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
    let level = level_tops(&classifications, &jerseys, seats);
    Ok(Standings {
        stages: stages.len(),
        classifications,
        jerseys,
        level,
    })
}

/// S-3: the classifications whose lines ranked first are more than one — level in every
/// respect the count-back looks at — and who of them was given the jersey.
fn level_tops(
    classifications: &[Classification],
    jerseys: &[JerseyHolder],
    seats: &[String],
) -> Vec<LevelTop> {
    classifications
        .iter()
        .filter_map(|class| {
            let top: Vec<&game_api::season::Row> =
                class.rows.iter().filter(|r| r.rank == 1).collect();
            if top.len() < 2 {
                return None;
            }
            let jersey_to = jerseys
                .iter()
                .find(|h| h.classification == class.key)
                .filter(|h| {
                    top.iter()
                        .any(|r| r.seat == h.seat && r.piece.as_ref() == Some(&h.piece))
                })
                .map(|h| h.piece.clone());
            Some(LevelTop {
                classification: class.key.clone(),
                lines: top.iter().map(|r| Standings::name(seats, r)).collect(),
                jersey_to,
            })
        })
        .collect()
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
            c.ties = locale::tr!(
                lang,
                "season-ties",
                key = key.as_str(),
                ties = c.ties.as_str()
            );
            if let Some(j) = &mut c.jersey {
                j.name = jersey(&j.name);
            }
        }
        for j in &mut self.jerseys {
            j.jersey.name = jersey(&j.jersey.name);
        }
    }

    /// One sentence for each classification whose first place is shared after every
    /// count-back (S-3): who shares it and how its jersey was given.
    pub fn level_lines(&self, lang: game_api::Lang) -> Vec<String> {
        self.level
            .iter()
            .filter_map(|top| {
                let class = self
                    .classifications
                    .iter()
                    .find(|c| c.key == top.classification)?;
                let jersey = match (&class.jersey, &top.jersey_to) {
                    (Some(j), Some(_)) => j.name.as_str(),
                    _ => "none",
                };
                Some(locale::tr!(
                    lang,
                    "season-level-top",
                    title = class.title.as_str(),
                    lines = lang.and_list(top.lines.as_slice()),
                    jersey = jersey,
                    who = top.jersey_to.as_deref().unwrap_or("")
                ))
            })
            .collect()
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
        for line in self.level_lines(lang) {
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
            // One of a level top (S-3) wears it as a leader, not for one.
            let leads = class.rows.iter().any(|r| {
                r.rank == 1 && r.seat == wearer.seat && r.piece.as_ref() == Some(&wearer.piece)
            });
            holders.push(JerseyHolder {
                classification: class.key.clone(),
                jersey: jersey.clone(),
                seat: wearer.seat,
                piece: wearer.piece.clone(),
                stand_in: i > 0 && !leads,
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
            general[1].contains("red-A")
                && general[2].contains('…')
                && general[3].contains("green-A"),
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
        crate::Record::replay(&next).unwrap();
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
