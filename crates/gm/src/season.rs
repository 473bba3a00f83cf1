//! A season: games of one kind played in order by the same seats (a stage race, a walking
//! week, a league), and its standings after any number of stages. The game classifies
//! (`Game::classify`); what is the same for every game is here: the movements since the stage
//! before, the jersey rule, and the next stage's set-up. Pure: the desk and the server give
//! it the same finished games and get the same standings.

use game_api::Seat;
use game_api::season::{Classification, Jersey, SeasonNouns};
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
            .ok_or_else(|| GmError::Refused(format!("game: {} has no seasons", self.game)))?;
        if self.name.trim().is_empty() {
            return Err(GmError::Refused("name: a season needs a name".into()));
        }
        if self.best_of == Some(0) {
            return Err(GmError::Refused(
                "best_of: a league counts at least one result".into(),
            ));
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
        return Err(GmError::Refused(format!(
            "stages: a season holds at most {MAX_STAGES}"
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
            G::classify(&self.0.scoring, self.0.best_of, self.1, self.2).map_err(GmError::refused)
        }
    }
    with_game(&season.game, Classify(season, seats, stages))?
}
