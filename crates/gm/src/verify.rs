//! Checking a game's public record, as `postrider verify` does: the commitment published at
//! creation was to the revealed secret, the seed comes from the secret, every bot's orders are
//! what the bot draws from the seed, and every turn's report is what the seed and the orders
//! give — or the first turn that differs.

use std::collections::VecDeque;

use game_api::Viewer;

use crate::draws;
use crate::event::{Author, Event};
use crate::file;
use crate::registry::Record;

/// A record that checked out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verified {
    /// Turns (rounds) resolved and replayed.
    pub turns: u16,
    /// Turns whose published report was compared (files of earlier releases keep no digests).
    pub reports_checked: u16,
    pub commitment: String,
    /// Whether the seed came from a secret (a server game) rather than the GM's choice.
    pub secret: bool,
    pub over: bool,
}

/// Why a record did not check out.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The file is not a game record this postrider reads.
    #[error("{0}")]
    Unreadable(String),
    /// The record contradicts itself or its commitment; `turn` is the first turn that
    /// differs, where one does.
    #[error("{message}")]
    Differs { turn: Option<u16>, message: String },
}

fn differs<T>(turn: Option<u16>, message: String) -> Result<T, Failure> {
    Err(Failure::Differs { turn, message })
}

/// Checks a game file (`published`: the commitment the reader saw on the game's pages, if
/// they want it compared).
pub fn verify(text: &str, published: Option<&str>) -> Result<Verified, Failure> {
    let (log, stored) = file::parts(text).map_err(|e| Failure::Unreadable(e.to_string()))?;
    let Some((first, rest)) = log.split_first() else {
        return Err(Failure::Unreadable("game file: its log is empty".into()));
    };
    let Event::Created { setup } = &first.event else {
        return Err(Failure::Unreadable(
            "game file: its log does not begin with the game's creation".into(),
        ));
    };
    let commitment = draws::commitment(setup);
    if let Some(published) = published
        && !published.trim().eq_ignore_ascii_case(&commitment)
    {
        return differs(
            None,
            format!(
                "commitment: the record's secret gives {commitment}, not the published {}",
                published.trim()
            ),
        );
    }
    if let Err(e) = draws::check(setup) {
        return differs(None, e.to_string());
    }
    let mut record = Record::new(setup).map_err(|e| Failure::Unreadable(e.to_string()))?;
    let mut effective = vec![first.event.clone()];
    let mut expected_bot: VecDeque<Event> = VecDeque::new();
    let mut reports_checked = 0;
    for (k, entry) in rest.iter().enumerate() {
        let turn = record.turn();
        let event = &entry.event;
        let at = |message: String| -> Result<(), Failure> {
            differs(
                Some(turn),
                format!("turn {turn} (log entry {}): {message}", k + 2),
            )
        };
        if let Event::Lineup { seat, author, .. } | Event::Orders { seat, author, .. } = event {
            if let Author::Bot(bot) = author {
                if expected_bot.is_empty() {
                    match record.bot_events(*seat, bot) {
                        Ok(events) => expected_bot.extend(events),
                        Err(e) => at(format!("the bot {bot} could not play: {e}"))?,
                    }
                }
                match expected_bot.pop_front() {
                    Some(expected) if expected == *event => {}
                    Some(expected) => at(format!(
                        "the bot {bot} draws {}, but the record says {}",
                        expected.to_json(),
                        event.to_json()
                    ))?,
                    None => at(format!("the bot {bot} would have sent nothing"))?,
                }
            } else if !expected_bot.is_empty() {
                at("a bot's orders stop half-way".into())?;
            }
        }
        match event {
            Event::RolledBack { .. } => {
                let Some(last) = effective
                    .iter()
                    .rposition(|e| matches!(e, Event::Resolved { .. }))
                else {
                    return differs(
                        Some(turn),
                        format!("turn {turn}: a roll-back with nothing resolved"),
                    );
                };
                effective.truncate(last);
                record = Record::replay(&effective).map_err(|e| Failure::Differs {
                    turn: Some(turn),
                    message: e.to_string(),
                })?;
            }
            e if e.changes_record() => {
                if let Err(error) = record.apply(e) {
                    at(error.to_string())?;
                }
                effective.push(e.clone());
                if let Event::Resolved {
                    turn,
                    digest: Some(digest),
                } = e
                {
                    let replayed = record.turn_digest(*turn).map_err(|e| Failure::Differs {
                        turn: Some(*turn),
                        message: e.to_string(),
                    })?;
                    if replayed != *digest {
                        return differs(
                            Some(*turn),
                            format!(
                                "turn {turn}: the published report (SHA-256 {digest}) is not the one the seed and the orders give ({replayed})"
                            ),
                        );
                    }
                    reports_checked += 1;
                }
            }
            _ => {}
        }
    }
    if let Some(stored) = stored
        && stored != record.view_json(Viewer::Gm)
    {
        return differs(
            Some(record.resolved()),
            format!(
                "turn {}: the game as the record stores it differs from the replay",
                record.resolved()
            ),
        );
    }
    Ok(Verified {
        turns: record.resolved(),
        reports_checked,
        commitment,
        secret: setup.secret.is_some(),
        over: record.is_over(),
    })
}
