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
use crate::games::{GameVisitor, game_info, with_game};
pub use crate::season_words::movement;

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
