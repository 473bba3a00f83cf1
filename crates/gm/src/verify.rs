//! Checking a game's public record, as `postrider verify` does: the commitment published at
//! creation was to the revealed secret (a record without one is checked only against the
//! commitment the reader gives), the seed comes from the secret, every bot's orders are what
//! the bot draws from the seed in a seat handed to it, and every turn's report is what the
//! seed and the orders give — or the first turn that differs.

use std::collections::VecDeque;

use game_api::{Seat, Viewer};

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
    /// Turns whose digest was taken of an earlier edition of the report's text than this
    /// release writes (`Game::REPORT_FORMAT`): their facts are replayed, their wording is not
    /// compared.
    pub reports_earlier_edition: u16,
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
/// they want it compared; a record that reveals no secret needs it).
pub fn verify(text: &str, published: Option<&str>) -> Result<Verified, Failure> {
    verify_record(text, published, false)
}

/// [`verify`] by the keeper of the record, who published its commitment (`postrider check` on
/// a server's own games): a game whose GM chose the seed needs no commitment given.
pub fn verify_kept(text: &str) -> Result<Verified, Failure> {
    verify_record(text, None, true)
}

fn verify_record(text: &str, published: Option<&str>, kept: bool) -> Result<Verified, Failure> {
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
    // Without a secret the seed is the GM's choice, which could have been made after the
    // orders were known (or the secret stripped from a server's record): only the commitment
    // published at creation shows it was fixed before the game began.
    if setup.secret.is_none() && published.is_none() && !kept {
        return differs(
            None,
            "secret: the record reveals none, so its seed could have been chosen at any time; \
             give the commitment published when the game was created (--commitment) to check \
             the seed against it"
                .into(),
        );
    }
    if let Err(e) = draws::check(setup) {
        return differs(None, e.to_string());
    }
    let mut record = Record::new(setup).map_err(|e| Failure::Unreadable(e.to_string()))?;
    let mut effective = vec![first.event.clone()];
    let mut expected_bot: VecDeque<Event> = VecDeque::new();
    // The bot each seat is handed to (`Event::hands_seat`), as the server plays it at each
    // resolution.
    let mut bots: Vec<Option<String>> = vec![None; record.seats().len()];
    // The bot standing in for an absent player this turn (`Event::Away`), by seat.
    let mut stand_ins: Vec<Option<String>> = vec![None; record.seats().len()];
    // A game whose draws come from a secret was made by this release, which keeps every
    // turn's digest; so does any record once one turn has a digest. Only turns resolved by
    // release 0.1 (in a game that release began) have none.
    let mut digests_kept = setup.secret.is_some();
    let mut reports_checked = 0;
    let mut reports_earlier_edition = 0;
    let edition = record.game().report_format;
    for (k, entry) in rest.iter().enumerate() {
        let turn = record.turn();
        let event = &entry.event;
        let at = |message: String| -> Result<(), Failure> {
            differs(
                Some(turn),
                format!("turn {turn} (log entry {}): {message}", k + 2),
            )
        };
        let seat_exists = |seat: Seat| -> Result<(), Failure> {
            if seat.index() < bots.len() {
                Ok(())
            } else {
                at(format!(
                    "seat {}: the game has {} seats",
                    seat.0,
                    bots.len()
                ))
            }
        };
        // Every kind of entry is named, so that a new one must say what is checked of it.
        match event {
            Event::Created { .. } => at("the game is created a second time".into())?,
            Event::Lineup { seat, author, .. } | Event::Orders { seat, author, .. } => {
                seat_exists(*seat)?;
                if let Author::Bot(bot) = author {
                    // A bot plays only a seat handed to it (a `seat_bot` entry) or stands in
                    // for an absent player (an `away` entry naming it).
                    let handed = bots[seat.index()].as_deref();
                    if handed != Some(bot.as_str())
                        && stand_ins[seat.index()].as_deref() != Some(bot.as_str())
                    {
                        match handed {
                            Some(handed) => at(format!(
                                "seat {} is handed to the bot {handed}, but the bot {bot} sent its orders",
                                seat.0
                            ))?,
                            None => at(format!(
                                "seat {}: the bot {bot} sent its orders, but no seat_bot entry hands the seat to a bot (nor does an away entry name it standing in)",
                                seat.0
                            ))?,
                        }
                    }
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
            Event::Resolved { .. } => {
                if !expected_bot.is_empty() {
                    at("a bot's orders stop half-way".into())?;
                }
                stand_ins.iter_mut().for_each(|s| *s = None);
                // A seat handed to a bot gets the bot's orders before the turn is resolved
                // (unless its player's are sealed): a bot with orders still to send was skipped.
                for (s, bot) in bots.iter().enumerate() {
                    if let Some(bot) = bot {
                        let seat = Seat(s as u8);
                        match record.bot_events(seat, bot) {
                            Ok(events) if events.is_empty() => {}
                            Ok(_) => at(format!(
                                "seat {s} is handed to the bot {bot}, but the turn was resolved without its orders"
                            ))?,
                            Err(e) => at(format!("the bot {bot} could not play: {e}"))?,
                        }
                    }
                }
            }
            Event::SeatBot { seat, .. } | Event::SeatClaimed { seat, .. } => {
                seat_exists(*seat)?;
                let (_, bot) = event.hands_seat().expect("the entry hands a seat");
                if let Some(name) = bot
                    && let Err(e) = crate::parse_bot(name)
                {
                    at(e.to_string())?;
                }
                bots[seat.index()] = bot.map(String::from);
            }
            Event::SeatFreed { seat } => seat_exists(*seat)?,
            // An absent player's stand-in: its bot's orders are checked as any bot's above.
            Event::Away { seat, bot, .. } => {
                seat_exists(*seat)?;
                if let Some(name) = bot
                    && let Err(e) = crate::parse_bot(name)
                {
                    at(e.to_string())?;
                }
                stand_ins[seat.index()] = bot.clone();
            }
            Event::RolledBack { turn: taken } => {
                if *taken == 0 || *taken != record.resolved() {
                    at(format!(
                        "a roll-back of turn {taken}, but the last turn resolved is {}",
                        record.resolved()
                    ))?;
                }
            }
            // The rules' GM actions are applied below (and refused there if they do not fit);
            // the GM's clock and pauses decide when, never what: nothing to check.
            Event::Piece { .. }
            | Event::Dropped { .. }
            | Event::Retired { .. }
            | Event::Deadline { .. }
            | Event::Paused
            | Event::Resumed => {}
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
                    digest,
                    format,
                } = e
                {
                    let Some(digest) = digest else {
                        if digests_kept {
                            return differs(
                                Some(*turn),
                                format!(
                                    "turn {turn}: the record keeps no digest of the turn's published report (a record of this release keeps one for every turn)"
                                ),
                            );
                        }
                        continue;
                    };
                    digests_kept = true;
                    let format = format.unwrap_or(1);
                    if format > edition {
                        return differs(
                            Some(*turn),
                            format!(
                                "turn {turn}: the report's digest is of edition {format} of the report's text, which a later release writes (this one writes edition {edition}): verify with that release"
                            ),
                        );
                    }
                    if format < edition {
                        reports_earlier_edition += 1;
                        continue;
                    }
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
        reports_earlier_edition,
        commitment,
        secret: setup.secret.is_some(),
        over: record.is_over(),
    })
}
