//! The game file: a game's whole log as versioned JSON, the same entries the server keeps in its
//! `events` table, plus the game as the GM sees it for people to read (checked against the replay
//! on load). The command line keeps a game in one; `postrider export` and `import` move a game
//! between a file and a server. Files written by earlier releases (`postrider-race` and
//! `postrider-outing`, version 1) are read and turned into the same log.

use game_api::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::error::GmError;
use crate::event::{Author, Event, Setup};
use crate::registry::Record;

/// The game file's format name and version. Version 3's set-up holds the game's own settings
/// and its GM actions are `piece` entries (releases that read version 2 cannot read them, and
/// so say the version); version 2 files read as they are.
pub const FORMAT: &str = "postrider-game";
pub const VERSION: u32 = 3;

/// One entry of a game's log, with when and by whom (where known).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogEntry {
    /// Unix seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<i64>,
    /// A player's name, `gm:NAME`, `gm` (the desk), or `server`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor: Option<String>,
    pub event: Event,
}

/// A game and its log.
#[derive(Clone, Debug)]
pub struct GameFile {
    log: Vec<LogEntry>,
    record: Record,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct FileV2 {
    format: String,
    version: u32,
    game: String,
    log: Vec<LogEntry>,
    /// The game now as its GM sees it: for people to read; checked against the replay.
    state: Value,
}

fn log_error<T>(message: impl Into<String>) -> Result<T, GmError> {
    Err(GmError::Log(message.into()))
}

impl GameFile {
    /// A new game: its log holds the creation.
    pub fn new(setup: Setup, at: Option<i64>, actor: Option<String>) -> Result<GameFile, GmError> {
        let record = Record::new(&setup)?;
        Ok(GameFile {
            log: vec![LogEntry {
                at,
                actor,
                event: Event::Created { setup },
            }],
            record,
        })
    }

    /// The game a log describes, replayed.
    pub fn from_log(log: Vec<LogEntry>) -> Result<GameFile, GmError> {
        let events: Vec<Event> = log.iter().map(|e| e.event.clone()).collect();
        let record = Record::replay(&events)?;
        Ok(GameFile { log, record })
    }

    pub fn record(&self) -> &Record {
        &self.record
    }

    pub fn log(&self) -> &[LogEntry] {
        &self.log
    }

    /// Appends entries, applying those that change the game; all or nothing.
    pub fn push(
        &mut self,
        events: Vec<Event>,
        at: Option<i64>,
        actor: &str,
    ) -> Result<(), GmError> {
        let mut record = self.record.clone();
        let mut log = self.log.clone();
        for event in events {
            log.push(LogEntry {
                at,
                actor: Some(actor.to_string()),
                event: event.clone(),
            });
            if matches!(event, Event::RolledBack { .. }) {
                let all: Vec<Event> = log.iter().map(|e| e.event.clone()).collect();
                record = Record::replay(&all)?;
            } else if event.changes_record() {
                record.apply(&event)?;
            }
            // The log keeps the digest of what the turn published, for `verify`.
            if let Event::Resolved {
                turn, digest: None, ..
            } = event
            {
                log.last_mut().expect("just pushed").event = record.resolution_entry(turn)?;
            }
        }
        self.record = record;
        self.log = log;
        Ok(())
    }

    pub fn to_json(&self) -> String {
        GameFile::to_json_parts(&self.log, &self.record)
    }

    /// The game file of a log and the record it replays to (the server keeps both apart).
    pub fn to_json_parts(log: &[LogEntry], record: &Record) -> String {
        let mut text = json_head(record.game().name);
        for (k, entry) in log.iter().enumerate() {
            text.push_str(&json_entry(entry, k == 0));
        }
        text + &json_tail(record)
    }

    /// Reads a game file (this version's, or an earlier release's), replays its log and checks
    /// the stored game against the replay.
    pub fn from_json(text: &str) -> Result<GameFile, GmError> {
        let head: Value = serde_json::from_str(text)
            .map_err(|e| GmError::Log(format!("game file: not valid JSON: {e}")))?;
        let format = head.get("format").and_then(Value::as_str).unwrap_or("");
        let version = head.get("version").and_then(Value::as_u64);
        match (format, version) {
            (FORMAT, Some(2 | 3)) => {
                let file: FileV2 = serde_json::from_value(head)
                    .map_err(|e| GmError::Log(format!("game file: {e}")))?;
                let game = GameFile::from_log(file.log)?;
                if game.record.game().name != file.game {
                    return log_error(format!(
                        "game file: it says {:?} but its log is a game of {}",
                        file.game,
                        game.record.game().name
                    ));
                }
                if game.record.view_json(Viewer::Gm) != file.state {
                    return log_error(
                        "game file: the stored game differs from the replay of its log (edited by hand?)",
                    );
                }
                Ok(game)
            }
            (legacy::RACE_FORMAT | legacy::OUTING_FORMAT, Some(1)) => legacy::read(format, &head),
            ("postrider-game" | "postrider-race" | "postrider-outing", Some(v)) => log_error(
                format!("game file: version {v} is not one this postrider reads ({VERSION})"),
            ),
            (_, _) if format.is_empty() => log_error("game file: format missing"),
            (other, _) => log_error(format!("game file: format {other:?} is not a game file")),
        }
    }
}

/// A game file is written in three pieces, so that a long log can be written as it is read
/// (the server's public record): the head up to the log's opening bracket, each entry, and the
/// tail with the game as its GM sees it. Together they are what `serde_json::to_string_pretty`
/// writes of the whole file (`FileV2`), byte for byte.
pub fn json_head(game: &str) -> String {
    format!(
        "{{\n  \"format\": {},\n  \"version\": {VERSION},\n  \"game\": {},\n  \"log\": [",
        Value::from(FORMAT),
        Value::from(game)
    )
}

/// One log entry of a game file (see [`json_head`]); `first` for the log's first entry.
pub fn json_entry(entry: &LogEntry, first: bool) -> String {
    let pretty = serde_json::to_string_pretty(entry).expect("log entries serialise");
    let mut text = String::from(if first { "\n" } else { ",\n" });
    for (k, line) in pretty.lines().enumerate() {
        if k > 0 {
            text.push('\n');
        }
        text.push_str("    ");
        text.push_str(line);
    }
    text
}

/// The end of a game file (see [`json_head`]): the game as its GM sees it, `record` being the
/// replay of the log written.
pub fn json_tail(record: &Record) -> String {
    let state =
        serde_json::to_string_pretty(&record.view_json(Viewer::Gm)).expect("game views serialise");
    format!("\n  ],\n  \"state\": {}\n}}\n", state.replace('\n', "\n  "))
}

/// A game file's log and, for this version's files, the game as stored (unchecked): what
/// `verify` replays step by step.
pub(crate) fn parts(text: &str) -> Result<(Vec<LogEntry>, Option<Value>), GmError> {
    let head: Value = serde_json::from_str(text)
        .map_err(|e| GmError::Log(format!("game file: not valid JSON: {e}")))?;
    if head.get("format").and_then(Value::as_str) == Some(FORMAT)
        && matches!(head.get("version").and_then(Value::as_u64), Some(2 | 3))
    {
        let file: FileV2 =
            serde_json::from_value(head).map_err(|e| GmError::Log(format!("game file: {e}")))?;
        return Ok((file.log, Some(file.state)));
    }
    let game = GameFile::from_json(text)?;
    Ok((game.log, None))
}

/// Game files of release 0.1: a race file and an outing file, each with its own log.
mod legacy {
    use super::*;

    pub const RACE_FORMAT: &str = "postrider-race";
    pub const OUTING_FORMAT: &str = "postrider-outing";

    fn field<'a>(v: &'a Value, name: &str) -> Result<&'a Value, GmError> {
        v.get(name)
            .ok_or_else(|| GmError::Log(format!("game file: {name} missing")))
    }

    fn strings(v: &Value, name: &str) -> Result<Vec<String>, GmError> {
        serde_json::from_value(field(v, name)?.clone())
            .map_err(|e| GmError::Log(format!("game file: {name}: {e}")))
    }

    fn by_seat(v: Option<&Value>) -> Vec<(String, Option<String>)> {
        v.and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().map(String::from)))
                    .collect()
            })
            .unwrap_or_default()
    }

    pub fn read(format: &str, v: &Value) -> Result<GameFile, GmError> {
        let seats = strings(
            v,
            if format == RACE_FORMAT {
                "teams"
            } else {
                "walkers"
            },
        )?;
        let seed = field(v, "seed")?
            .as_u64()
            .ok_or_else(|| GmError::Log("game file: seed is not a whole number".into()))?;
        let custom =
            |name: &str| -> Option<String> { v.get(name)?.get("toml")?.as_str().map(String::from) };
        let mut setup = Setup::new(
            if format == RACE_FORMAT {
                "breaking-away"
            } else {
                "backpacks"
            },
            &[],
            seed,
        );
        setup.seats = seats.clone();
        if format == RACE_FORMAT {
            if let Some(rules) = field(v, "rules")?.as_str() {
                setup = setup.with("rules", rules);
            }
            let options: Vec<String> = v
                .get("options")
                .and_then(Value::as_object)
                .map(|o| {
                    o.iter()
                        .filter(|(_, on)| on.as_bool() == Some(true))
                        .map(|(k, _)| k.clone())
                        .collect()
                })
                .unwrap_or_default();
            if !options.is_empty() {
                setup = setup.with("options", options);
            }
        } else {
            for name in ["map", "deck"] {
                if let Some(toml) = custom(name) {
                    setup = setup.with(name, toml);
                }
            }
        }
        let seat_of = |name: &str| -> Result<Seat, GmError> {
            seats
                .iter()
                .position(|s| s.eq_ignore_ascii_case(name))
                .map(|i| Seat(i as u8))
                .ok_or_else(|| GmError::Log(format!("game file: no seat {name:?}")))
        };
        let author = || Author::Gm;
        let mut events = vec![Event::Created { setup }];
        let mut turn = 0u16;
        for entry in field(v, "log")?.as_array().into_iter().flatten() {
            let (kind, body) = match entry.as_object().and_then(|o| o.iter().next()) {
                Some((k, b)) if format == RACE_FORMAT => (k.as_str(), b),
                _ => ("round", entry),
            };
            match kind {
                "start" => {
                    for (team, text) in by_seat(body.get("lineups")) {
                        let defaulted = body
                            .get("defaulted")
                            .and_then(Value::as_array)
                            .is_some_and(|d| d.iter().any(|t| t.as_str() == Some(&team)));
                        if let (Some(text), false) = (text, defaulted) {
                            events.push(Event::Lineup {
                                seat: seat_of(&team)?,
                                text,
                                author: author(),
                            });
                        }
                    }
                }
                "turn" | "round" => {
                    let orders = if kind == "turn" {
                        body.get("orders")
                    } else {
                        body.get("round")
                    };
                    for (name, text) in by_seat(orders) {
                        if let Some(text) = text {
                            events.push(Event::Orders {
                                seat: seat_of(&name)?,
                                text,
                                author: author(),
                            });
                        }
                    }
                    turn += 1;
                    events.push(Event::resolved(turn));
                }
                "drop" | "retire" => {
                    let rider = body
                        .get("rider")
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string();
                    events.push(if kind == "drop" {
                        Event::Dropped { rider }
                    } else {
                        Event::Retired { rider }
                    });
                }
                other => return log_error(format!("game file: unknown log entry {other:?}")),
            }
        }
        for (name, text) in by_seat(v.get("sealed_lineups")) {
            if let Some(text) = text {
                events.push(Event::Lineup {
                    seat: seat_of(&name)?,
                    text,
                    author: author(),
                });
            }
        }
        for (name, text) in by_seat(v.get("sealed_orders")) {
            if let Some(text) = text {
                events.push(Event::Orders {
                    seat: seat_of(&name)?,
                    text,
                    author: author(),
                });
            }
        }
        let log: Vec<LogEntry> = events
            .into_iter()
            .map(|event| LogEntry {
                at: None,
                actor: None,
                event,
            })
            .collect();
        let game = GameFile::from_log(log)?;
        let same = if format == RACE_FORMAT {
            game.record.scenario_json().ok() == v.get("position").filter(|p| !p.is_null()).cloned()
        } else {
            let view = game.record.view_json(Viewer::Gm);
            v.get("summary")
                .is_some_and(|stored| outing_summary(stored) == outing_summary(&view))
        };
        if !same {
            return log_error(
                "game file: the stored game differs from the replay of its log (edited by hand?)",
            );
        }
        Ok(game)
    }

    /// The parts of an outing file's stored summary that the replay is checked against: the
    /// clock, the weather, the targets, the Rucksack, and where each walker stands with its
    /// money (release 0.1 also stored points and cards, which follow from these and the log).
    fn outing_summary(summary: &Value) -> Value {
        json!({
            "time": summary["time"],
            "weather": summary["weather"],
            "targets": summary["targets"],
            "rucksack": summary["rucksack"],
            "walkers": summary["walkers"].as_array().into_iter().flatten().map(|w| json!({
                "name": w["name"],
                "at": w["at"],
                "money": w["money"],
                "finished": w["finished"],
                "lost": w["lost"],
            })).collect::<Vec<_>>(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The pieces the server streams a public record in are the file `to_json` wrote before
    /// (serde's pretty form of the whole), byte for byte.
    #[test]
    fn the_pieces_are_the_whole_file() {
        let mut file = GameFile::new(Setup::new("backpacks", &["ann", "bob"], 7), None, None)
            .expect("a new day");
        for _ in 0..3 {
            let record = file.record().clone();
            let mut events = Vec::new();
            for seat in 0..2 {
                events.extend(record.bot_events(game_api::Seat(seat), "random").unwrap());
            }
            events.push(Event::resolved(record.turn()));
            file.push(events, Some(1_700_000_000), "gm").unwrap();
        }
        let whole = FileV2 {
            format: FORMAT.into(),
            version: VERSION,
            game: file.record().game().name.into(),
            log: file.log().to_vec(),
            state: file.record().view_json(Viewer::Gm),
        };
        let whole = serde_json::to_string_pretty(&whole).unwrap() + "\n";
        assert_eq!(file.to_json(), whole);
    }
}
