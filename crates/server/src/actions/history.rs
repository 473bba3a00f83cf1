//! A game's history as a viewer may read it, a page at a time, with sealed orders hidden until
//! their turn is resolved.

use gm::{Author, Event};
use locale::phrase;
use serde::Deserialize;

use super::games::viewer;
use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use store::{self, Table};

/// One entry of a game's history as a viewer may see it.
#[derive(Debug)]
pub struct HistoryEntry {
    pub seq: i64,
    pub at: i64,
    pub actor: String,
    pub event: Event,
    /// Sealed orders this viewer may not read yet (their text is withheld).
    pub sealed: bool,
    /// The turn that was coming when the entry was logged: the one sealed orders are for.
    pub turn: u16,
    /// A roll-back since re-opened a turn before `turn`: the game as it stood before `turn`
    /// is no longer the one the entry was made against.
    pub undone: bool,
}

/// Who an entry of the log is shown as the work of: a bot's orders are the bot's
/// (`bot:heuristic`), whoever's change carried them (the GM who resolved, the deadline).
fn attributed(actor: String, event: &Event) -> String {
    match event {
        Event::Lineup {
            author: Author::Bot(bot),
            ..
        }
        | Event::Orders {
            author: Author::Bot(bot),
            ..
        } => format!("bot:{bot}"),
        _ => actor,
    }
}

/// Which page of the history to read (`?from_seq=&from_turn=&limit=`): by default the first
/// [`HISTORY_PAGE`] entries.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HistoryQuery {
    /// The number of the page's first entry.
    #[serde(default)]
    pub from_seq: Option<i64>,
    /// The page begins where this turn (or round) first opened.
    #[serde(default)]
    pub from_turn: Option<u16>,
    /// At most this many entries (1 to `store::HISTORY_PAGE_MAX`).
    #[serde(default)]
    pub limit: Option<i64>,
    /// The reader's language: read by [`crate::reader`], and here only so that a page's
    /// language menu (`?lang=ja`) is not refused as an unknown field.
    #[serde(default, rename = "lang")]
    _lang: Option<String>,
}

/// The entries of a history page unless the query says otherwise.
pub const HISTORY_PAGE: i64 = 100;

/// One page of a game's history.
#[derive(Debug)]
pub struct HistoryPage {
    pub entries: Vec<HistoryEntry>,
    /// The number of the first entry asked for, and the page size.
    pub from: i64,
    pub limit: i64,
    /// Where the following and the preceding page begin.
    pub next: Option<i64>,
    pub previous: Option<i64>,
    /// The number of entries in the log.
    pub total: i64,
    /// Where each turn first opened, up to the coming one: `(turn, seq)`.
    pub turns: Vec<(u16, i64)>,
}

/// Which turn each entry of the log was made in, from the resolutions and roll-backs.
struct Openings {
    /// The coming turn after each resolution or roll-back: `(seq, turn)`, in the log's order.
    opened: Vec<(i64, u16)>,
    /// Each roll-back: `(seq, the turn it re-opened)`.
    rolled_back: Vec<(i64, u16)>,
}

impl Openings {
    /// The turn coming when entry `seq` was logged.
    fn turn_at(&self, seq: i64) -> u16 {
        let before = self.opened.partition_point(|&(s, _)| s < seq);
        before.checked_sub(1).map_or(1, |k| self.opened[k].1)
    }

    /// Whether a roll-back after entry `seq`, made in `turn`, re-opened a turn before it.
    fn undone(&self, seq: i64, turn: u16) -> bool {
        self.rolled_back.iter().any(|&(s, t)| s > seq && t < turn)
    }
}

/// A page of the game's history, with sealed orders hidden until their turn is resolved
/// (their own seat and the GM see them at once). Its cost is bounded whatever the log holds
/// (issue 28): a range of at most `store::HISTORY_PAGE_MAX` entries, and the resolutions and
/// roll-backs, which decide what is revealed.
pub async fn history(
    state: &AppState,
    table: &Table,
    player: Option<&Player>,
    query: &HistoryQuery,
) -> ApiResult<HistoryPage> {
    let viewer = viewer(table, player);
    let is_gm = player.is_some_and(|p| table.is_gm(p.id));
    let limit = query.limit.unwrap_or(HISTORY_PAGE);
    if !(1..=store::HISTORY_PAGE_MAX).contains(&limit) {
        return Err(ApiError::Bad(phrase!(
            "error-history-limit",
            limit = limit,
            history_page_max = store::HISTORY_PAGE_MAX
        )));
    }
    // Orders are revealed by the resolution of their turn, unless that resolution was rolled
    // back: then the turn is open again and its orders are sealed again (issue 12).
    let mut resolutions: Vec<i64> = Vec::new();
    let coming = table.record.turn();
    let mut turns: Vec<(u16, i64)> = vec![(1, 1)];
    // The coming turn after each resolution or roll-back, in the log's order.
    let mut opened: Vec<(i64, u16)> = Vec::new();
    let mut rolled_back: Vec<(i64, u16)> = Vec::new();
    for (seq, event) in store::resolutions(state, table).await? {
        match event {
            Event::Resolved { turn, .. } => {
                resolutions.push(seq);
                let next = turn.saturating_add(1);
                opened.push((seq, next));
                if next <= coming && !turns.iter().any(|&(t, _)| t == next) {
                    turns.push((next, seq + 1));
                }
            }
            Event::RolledBack { turn } => {
                resolutions.pop();
                opened.push((seq, turn));
                rolled_back.push((seq, turn));
            }
            _ => {}
        }
    }
    let openings = Openings {
        opened,
        rolled_back,
    };
    turns.sort_unstable();
    let last_resolution = resolutions.last().copied();
    let total = table.row.version;
    let from = match (query.from_seq, query.from_turn) {
        (Some(_), Some(_)) => {
            return Err(ApiError::Bad(phrase!("error-history-from-both")));
        }
        (Some(seq), None) if !(1..=total).contains(&seq) => {
            return Err(ApiError::NotFound(phrase!(
                "error-history-from-seq-unknown",
                seq = seq,
                total = total
            )));
        }
        (Some(seq), None) => seq,
        (None, Some(turn)) => match turns.iter().find(|&&(t, _)| t == turn) {
            Some(&(_, seq)) => seq,
            None => {
                return Err(ApiError::NotFound(phrase!(
                    "error-history-from-turn-unopened",
                    noun = table.row.game.turn_noun,
                    turn = turn,
                    coming = coming
                )));
            }
        },
        (None, None) => 1,
    };
    let entries: Vec<HistoryEntry> = store::history_page(state, table, from, limit)
        .await?
        .into_iter()
        .map(|(seq, at, actor, event)| {
            let sealed = event.sealed_seat().is_some_and(|seat| {
                let revealed = last_resolution.is_some_and(|r| r > seq);
                !revealed && !is_gm && !viewer.sees_secrets_of(seat)
            });
            let turn = openings.turn_at(seq);
            HistoryEntry {
                seq,
                at,
                actor: attributed(actor, &event),
                event,
                sealed,
                turn,
                undone: openings.undone(seq, turn),
            }
        })
        .collect();
    let end = from + limit;
    Ok(HistoryPage {
        entries,
        from,
        limit,
        next: (end <= total).then_some(end),
        previous: (from > 1).then(|| (from - limit).max(1)),
        total,
        turns,
    })
}

#[cfg(test)]
mod tests {
    use super::Openings;

    /// Turns 1 and 2 resolved (seq 10, 20), orders for turn 3 (22), turn 2 rolled back (25),
    /// then turn 1 (26) and resolved again (30): each entry knows its turn, and orders made
    /// before a roll-back of an earlier turn know their turn's game has been replaced.
    #[test]
    fn each_entry_knows_its_turn_and_whether_a_roll_back_undid_it() {
        let openings = Openings {
            opened: vec![(10, 2), (20, 3), (25, 2), (26, 1), (30, 2)],
            rolled_back: vec![(25, 2), (26, 1)],
        };
        let at = |seq| {
            let turn = openings.turn_at(seq);
            (turn, openings.undone(seq, turn))
        };
        assert_eq!(at(5), (1, false));
        assert_eq!(
            at(15),
            (2, true),
            "turn 1, before it, was rolled back at 26"
        );
        assert_eq!(at(22), (3, true));
        assert_eq!(at(25), (3, true), "the roll-back itself, logged in turn 3");
        assert_eq!(at(27), (1, false));
        assert_eq!(at(31), (2, false));
    }
}
