//! The GM's record of one race, as a postal GM kept it in a ledger: the set-up (rules, teams,
//! seed), the log of everything that happened (the line-ups, each turn's orders, GM actions),
//! and the sealed line-ups and orders for the turn to come.
//!
//! The log is the source of truth: every position and turn outcome is derived by replaying it
//! from the seed, so a race file can be audited and a replay always reproduces the race.

use std::collections::BTreeMap;

use game_api::{Game, Seed};
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::game::{BreakingAway, check_team_orders, rider_index};
use crate::orders::{Lineup, TeamOrders, parse_lineup, parse_orders};
use crate::position::{Hand, Position, Status};
use crate::rules::{Grade, Options, RuleSet, Rules};
use crate::scenario::Scenario;
use crate::turn::TurnOutcome;

/// The race file's format name and version.
pub const FORMAT: &str = "postrider-race";
pub const VERSION: u32 = 1;

/// The line-up a team that sent none starts with: the first example of postal 3.2.
pub fn default_lineup() -> Lineup {
    Lineup([
        vec![10, 10, 10],
        vec![8, 8, 9],
        vec![3, 8, 9],
        vec![5, 5, 6],
    ])
}

/// Something a GM or player asked for that cannot be done. One line, naming the field or value.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct RaceError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, RaceError> {
    Err(RaceError(message.into()))
}

/// One entry of the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entry {
    /// The race started with these line-ups; `defaulted[t]` when team `t` sent none.
    Start {
        lineups: Vec<Lineup>,
        defaulted: Vec<bool>,
    },
    /// A turn was resolved with these orders (`None`: no moves received).
    Turn { orders: Vec<Option<TeamOrders>> },
    /// The GM declared a rider dropped (postal 10.1).
    Drop { rider: usize },
    /// The rider retired from the race (board: by agreement).
    Retire { rider: usize },
}

/// A resolved turn, as reports need it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnRecord {
    pub before: Position,
    pub after: Position,
    pub orders: Vec<Option<TeamOrders>>,
    pub outcome: TurnOutcome,
}

#[derive(Clone, Debug)]
pub struct Race {
    rules: Rules,
    teams: Vec<String>,
    seed: Seed,
    log: Vec<Entry>,
    pending_lineups: Vec<Option<Lineup>>,
    pending_orders: Vec<Option<TeamOrders>>,
    // Derived from the log by `apply`.
    position: Option<Position>,
    history: Vec<TurnRecord>,
}

fn check_team_name(name: &str) -> Result<(), RaceError> {
    let ok = !name.is_empty()
        && name.len() <= 24
        && name
            .chars()
            .all(|c| c.is_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        fail(format!(
            "team {name:?}: use 1–24 letters, digits, '-' or '_'"
        ))
    }
}

impl Race {
    /// A new race, waiting for line-ups.
    pub fn new(rules: Rules, teams: Vec<String>, seed: Seed) -> Result<Race, RaceError> {
        let (min, max) = rules.set.team_limits();
        if !(min..=max).contains(&teams.len()) {
            return fail(format!(
                "teams: {} given, the {} rules take {min}–{max}",
                teams.len(),
                rules.set
            ));
        }
        for (i, name) in teams.iter().enumerate() {
            check_team_name(name)?;
            if teams[..i].contains(name) {
                return fail(format!("teams: {name:?} is given twice"));
            }
        }
        let n = teams.len();
        Ok(Race {
            rules,
            teams,
            seed,
            log: Vec::new(),
            pending_lineups: vec![None; n],
            pending_orders: vec![None; n],
            position: None,
            history: Vec::new(),
        })
    }

    pub fn rules(&self) -> Rules {
        self.rules
    }

    pub fn teams(&self) -> &[String] {
        &self.teams
    }

    pub fn seed(&self) -> Seed {
        self.seed
    }

    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The current position, once the race has started.
    pub fn position(&self) -> Option<&Position> {
        self.position.as_ref()
    }

    pub fn history(&self) -> &[TurnRecord] {
        &self.history
    }

    /// The turn to be resolved next.
    pub fn turn(&self) -> u16 {
        self.position.as_ref().map_or(1, |p| p.turn)
    }

    pub fn is_over(&self) -> bool {
        self.position.as_ref().is_some_and(Position::is_over)
    }

    pub fn team_index(&self, name: &str) -> Result<u8, RaceError> {
        match self.teams.iter().position(|t| t.eq_ignore_ascii_case(name)) {
            Some(i) => Ok(i as u8),
            None => fail(format!(
                "team {name:?}: no such team (teams: {})",
                self.teams.join(", ")
            )),
        }
    }

    /// A rider's name: team and grade, as in `red-C`.
    pub fn rider_name(&self, team: u8, grade: Grade) -> String {
        format!("{}-{grade}", self.teams[usize::from(team)])
    }

    /// Finds a rider by its name (`red-C`).
    pub fn rider_by_name(&self, name: &str) -> Result<usize, RaceError> {
        let Some(position) = &self.position else {
            return fail("the race has not started: send the line-ups and resolve turn 1 first");
        };
        let parsed = name.rsplit_once(['-', ' ']).and_then(|(team, grade)| {
            let team = self.team_index(team).ok()?;
            let mut letters = grade.chars();
            let grade = Grade::from_letter(letters.next()?).filter(|_| letters.next().is_none())?;
            rider_index(position, team, grade)
        });
        parsed.ok_or_else(|| {
            RaceError(format!(
                "rider {name:?}: no such rider (write team-grade, e.g. {}-A)",
                self.teams[0]
            ))
        })
    }

    pub fn pending_lineup(&self, team: u8) -> Option<&Lineup> {
        self.pending_lineups[usize::from(team)].as_ref()
    }

    pub fn pending_orders(&self, team: u8) -> Option<&TeamOrders> {
        self.pending_orders[usize::from(team)].as_ref()
    }

    /// Seals a team's line-up (postal 3.1). It may be replaced until the race starts.
    pub fn submit_lineup(&mut self, team: &str, lineup: Lineup) -> Result<(), RaceError> {
        let t = self.team_index(team)?;
        if self.position.is_some() {
            return fail("line-up: the race has started, line-ups are closed");
        }
        lineup
            .check(self.rules)
            .map_err(|e| RaceError(format!("line-up: {e}")))?;
        // Orders sealed against an earlier line-up may no longer fit.
        self.pending_orders[usize::from(t)] = None;
        self.pending_lineups[usize::from(t)] = Some(lineup);
        Ok(())
    }

    /// Seals a team's orders for the coming turn; they may be replaced until it is resolved.
    pub fn submit_orders(&mut self, team: &str, orders: TeamOrders) -> Result<(), RaceError> {
        let t = self.team_index(team)?;
        if self.is_over() {
            return fail("orders: the race is over");
        }
        if orders.is_empty() {
            return fail("orders: no rider given");
        }
        match &self.position {
            Some(position) => check_team_orders(position, t, &orders),
            None => match &self.pending_lineups[usize::from(t)] {
                None => return fail("orders: send the team's line-up before its first orders"),
                Some(lineup) => Grade::ALL.iter().try_for_each(|&g| match orders.card(g) {
                    Some(card) if !lineup.cards(g).contains(&card) => Err(format!(
                        "rider {g}: card {card} is not in the hand {:?}",
                        lineup.cards(g)
                    )),
                    _ => Ok(()),
                }),
            },
        }
        .map_err(|e| RaceError(format!("orders: {e}")))?;
        self.pending_orders[usize::from(t)] = Some(orders);
        Ok(())
    }

    /// The GM declares a rider dropped (postal 10.1): it stays on the track, needs no orders
    /// and plays its highest card when it has none.
    pub fn drop_rider(&mut self, rider: &str) -> Result<(), RaceError> {
        let i = self.rider_by_name(rider)?;
        self.gm_action(i, Entry::Drop { rider: i })
    }

    /// A rider retires (board: by agreement): it leaves the track for good and keeps its points.
    pub fn retire_rider(&mut self, rider: &str) -> Result<(), RaceError> {
        let i = self.rider_by_name(rider)?;
        self.gm_action(i, Entry::Retire { rider: i })
    }

    fn gm_action(&mut self, rider: usize, entry: Entry) -> Result<(), RaceError> {
        let position = self
            .position
            .as_ref()
            .expect("rider_by_name checked the start");
        let status = position.riders[rider].status;
        let allowed = match entry {
            Entry::Drop { .. } => status == Status::Racing,
            _ => position.riders[rider].on_track(),
        };
        if self.is_over() || !allowed {
            return fail(format!(
                "rider: cannot do that to a rider who is {status:?} (race over: {})",
                self.is_over()
            ));
        }
        self.apply(entry).map(|_| ())
    }

    /// Starts the race: the sealed line-ups are opened and the riders put on the start line;
    /// teams without a line-up get [`default_lineup`]. Orders for turn 1 sealed against a
    /// line-up stay valid. `resolve` starts the race itself if needed.
    pub fn start(&mut self) -> Result<(), RaceError> {
        if self.position.is_some() {
            return fail("the race has already started");
        }
        let defaulted: Vec<bool> = self.pending_lineups.iter().map(Option::is_none).collect();
        let lineups = self
            .pending_lineups
            .iter()
            .map(|l| l.clone().unwrap_or_else(default_lineup))
            .collect();
        self.apply(Entry::Start { lineups, defaulted })
    }

    /// Adjudicates the coming turn: teams without orders get the NMR policy (postal 9.1); on
    /// turn 1 teams without a line-up get [`default_lineup`]. Returns the turn's record.
    pub fn resolve(&mut self) -> Result<&TurnRecord, RaceError> {
        if self.is_over() {
            return fail("the race is over");
        }
        if self.position.is_none() {
            self.start()?;
        }
        let orders = std::mem::replace(&mut self.pending_orders, vec![None; self.teams.len()]);
        self.apply(Entry::Turn { orders })?;
        Ok(self.history.last().expect("a turn was just resolved"))
    }

    /// Applies one log entry and records it. Every change of the race goes through here, and
    /// replay applies the same entries, so a replay reproduces the race.
    fn apply(&mut self, entry: Entry) -> Result<(), RaceError> {
        match &entry {
            Entry::Start { lineups, defaulted } => {
                if self.position.is_some()
                    || lineups.len() != self.teams.len()
                    || defaulted.len() != lineups.len()
                {
                    return fail("log: a second start, or line-ups that do not match the teams");
                }
                let mut hands = Vec::with_capacity(lineups.len());
                for (team, lineup) in self.teams.iter().zip(lineups) {
                    lineup
                        .check(self.rules)
                        .map_err(|e| RaceError(format!("log: {team}'s line-up: {e}")))?;
                    hands.push(
                        Grade::ALL.map(|g| Hand::new(lineup.cards(g)).expect("checked line-up")),
                    );
                }
                self.position = Some(Position::start(self.rules, &hands));
                self.pending_lineups = vec![None; self.teams.len()];
            }
            Entry::Turn { orders } => {
                let Some(before) = self.position.clone() else {
                    return fail("log: a turn before the start");
                };
                if before.is_over() || orders.len() != self.teams.len() {
                    return fail(
                        "log: a turn after the end of the race, or orders that do not match the teams",
                    );
                }
                for (t, team_orders) in orders.iter().enumerate() {
                    if let Some(o) = team_orders {
                        check_team_orders(&before, t as u8, o).map_err(|e| {
                            RaceError(format!("log: turn {}, {}: {e}", before.turn, self.teams[t]))
                        })?;
                    }
                }
                let mut rng = self.seed.rng(u64::from(before.turn));
                let (after, mut outcomes) = BreakingAway::resolve(&before, orders, &mut rng);
                let outcome = outcomes
                    .pop()
                    .expect("a race that is not over resolves a turn");
                self.history.push(TurnRecord {
                    before,
                    after: after.clone(),
                    orders: orders.clone(),
                    outcome,
                });
                self.position = Some(after);
            }
            Entry::Drop { rider } | Entry::Retire { rider } => {
                let Some(position) = self.position.as_mut() else {
                    return fail("log: a GM action before the start");
                };
                let Some(r) = position.riders.get_mut(*rider) else {
                    return fail("log: no such rider");
                };
                r.status = if matches!(entry, Entry::Drop { .. }) {
                    Status::Dropped
                } else {
                    Status::Retired
                };
            }
        }
        self.log.push(entry);
        Ok(())
    }

    /// Replays a log from the set-up: the same seed and log always give the same race.
    pub fn replay(
        rules: Rules,
        teams: Vec<String>,
        seed: Seed,
        log: &[Entry],
    ) -> Result<Race, RaceError> {
        let mut race = Race::new(rules, teams, seed)?;
        for entry in log {
            race.apply(entry.clone())?;
        }
        Ok(race)
    }

    /// The current position in the scenario notation, with the sealed orders (GM eyes only).
    pub fn scenario(&self) -> Option<Scenario> {
        let position = self.position.clone()?;
        let rider_ids = position
            .riders
            .iter()
            .map(|r| self.rider_name(r.team, r.grade))
            .collect();
        let orders = crate::game::rider_orders(&position, &self.pending_orders);
        Some(Scenario {
            position,
            team_names: self.teams.clone(),
            rider_ids,
            orders,
        })
    }

    /// The race file: versioned JSON, the log and the sealed orders, plus the current position
    /// in the scenario notation for people to read (checked against the replay on load).
    pub fn to_json(&self) -> String {
        let by_team = |xs: &[Option<String>]| -> BTreeMap<String, Option<String>> {
            self.teams.iter().cloned().zip(xs.iter().cloned()).collect()
        };
        let log = self
            .log
            .iter()
            .map(|entry| match entry {
                Entry::Start { lineups, defaulted } => EntryFile::Start {
                    lineups: self
                        .teams
                        .iter()
                        .cloned()
                        .zip(lineups.iter().map(Lineup::to_string))
                        .collect(),
                    defaulted: self
                        .teams
                        .iter()
                        .zip(defaulted)
                        .filter(|(_, d)| **d)
                        .map(|(t, _)| t.clone())
                        .collect(),
                },
                Entry::Turn { orders } => EntryFile::Turn {
                    orders: by_team(
                        &orders
                            .iter()
                            .map(|o| o.map(|o| o.to_string()))
                            .collect::<Vec<_>>(),
                    ),
                },
                Entry::Drop { rider } => EntryFile::Drop {
                    rider: self.rider_name_by_index(*rider),
                },
                Entry::Retire { rider } => EntryFile::Retire {
                    rider: self.rider_name_by_index(*rider),
                },
            })
            .collect();
        let file = RaceFile {
            format: FORMAT.into(),
            version: VERSION,
            game: "breaking-away".into(),
            rules: self.rules.set,
            options: self.rules.options,
            seed: self.seed.0,
            teams: self.teams.clone(),
            log,
            sealed_lineups: by_team(
                &self
                    .pending_lineups
                    .iter()
                    .map(|l| l.as_ref().map(Lineup::to_string))
                    .collect::<Vec<_>>(),
            )
            .into_iter()
            .filter_map(|(t, l)| l.map(|l| (t, l)))
            .collect(),
            sealed_orders: by_team(
                &self
                    .pending_orders
                    .iter()
                    .map(|o| o.map(|o| o.to_string()))
                    .collect::<Vec<_>>(),
            )
            .into_iter()
            .filter_map(|(t, o)| o.map(|o| (t, o)))
            .collect(),
            position: self.scenario().map(|s| s.to_json()),
        };
        serde_json::to_string_pretty(&file).expect("race files serialise") + "\n"
    }

    fn rider_name_by_index(&self, rider: usize) -> String {
        let r = &self
            .position
            .as_ref()
            .expect("GM actions come after the start")
            .riders[rider];
        self.rider_name(r.team, r.grade)
    }

    /// Reads a race file, replays its log and checks the stored position against the replay.
    pub fn from_json(text: &str) -> Result<Race, RaceError> {
        let head =
            game_api::versioned_json(text, "race file", FORMAT, VERSION).map_err(RaceError)?;
        let file: RaceFile =
            serde_json::from_value(head).map_err(|e| RaceError(format!("race file: {e}")))?;
        let rules = Rules::new(file.rules, file.options)
            .map_err(|e| RaceError(format!("race file: {e}")))?;
        let mut race = Race::new(rules, file.teams, Seed(file.seed))?;
        let team_orders = |race: &Race,
                           orders: &BTreeMap<String, Option<String>>|
         -> Result<Vec<Option<TeamOrders>>, RaceError> {
            let mut out = vec![None; race.teams.len()];
            for (team, text) in orders {
                let t = usize::from(race.team_index(team)?);
                if let Some(text) = text {
                    out[t] = Some(
                        parse_orders(text)
                            .map_err(|e| RaceError(format!("race file: {team}'s orders: {e}")))?,
                    );
                }
            }
            Ok(out)
        };
        for entry in &file.log {
            let entry = match entry {
                EntryFile::Start { lineups, defaulted } => {
                    let mut all = vec![None; race.teams.len()];
                    for (team, text) in lineups {
                        let t = usize::from(race.team_index(team)?);
                        all[t] =
                            Some(parse_lineup(text).map_err(|e| {
                                RaceError(format!("race file: {team}'s line-up: {e}"))
                            })?);
                    }
                    let lineups = all.into_iter().collect::<Option<Vec<_>>>().ok_or_else(|| {
                        RaceError("race file: a line-up is missing from the start".into())
                    })?;
                    let defaulted = race.teams.iter().map(|t| defaulted.contains(t)).collect();
                    Entry::Start { lineups, defaulted }
                }
                EntryFile::Turn { orders } => Entry::Turn {
                    orders: team_orders(&race, orders)?,
                },
                EntryFile::Drop { rider } => Entry::Drop {
                    rider: race.rider_by_name(rider)?,
                },
                EntryFile::Retire { rider } => Entry::Retire {
                    rider: race.rider_by_name(rider)?,
                },
            };
            race.apply(entry)?;
        }
        for (team, text) in &file.sealed_lineups {
            let lineup = parse_lineup(text)
                .map_err(|e| RaceError(format!("race file: {team}'s sealed line-up: {e}")))?;
            race.submit_lineup(team, lineup)?;
        }
        for (team, text) in &file.sealed_orders {
            let orders = parse_orders(text)
                .map_err(|e| RaceError(format!("race file: {team}'s sealed orders: {e}")))?;
            race.submit_orders(team, orders)?;
        }
        if race.scenario().map(|s| s.to_json()) != file.position {
            return fail(
                "race file: the stored position differs from the replay of its log (edited by hand?)",
            );
        }
        Ok(race)
    }
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RaceFile {
    format: String,
    version: u32,
    game: String,
    rules: RuleSet,
    #[serde(default)]
    options: Options,
    seed: u64,
    teams: Vec<String>,
    log: Vec<EntryFile>,
    #[serde(default)]
    sealed_lineups: BTreeMap<String, String>,
    #[serde(default)]
    sealed_orders: BTreeMap<String, String>,
    position: Option<Value>,
}

#[derive(Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
enum EntryFile {
    Start {
        lineups: BTreeMap<String, String>,
        defaulted: Vec<String>,
    },
    Turn {
        orders: BTreeMap<String, Option<String>>,
    },
    Drop {
        rider: String,
    },
    Retire {
        rider: String,
    },
}
