//! A round told as a bulletin: a headline, a few sentences of the round's own events (who took
//! the prize or the tie that discarded it, who sent nothing, the lead, the next prize), and
//! what the round meant for the reader's own seat. The text mail and the page tell the same.

use game_api::report::{and_list, ordinal};
use game_api::{Seat, Viewer};

use crate::position::Position;
use crate::round::RoundPlayed;

/// The round in a headline, a few sentences and the reader's own sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bulletin {
    pub headline: String,
    pub story: Vec<String>,
    pub yours: Option<String>,
}

fn points(n: u16) -> String {
    format!("{n} {}", if n == 1 { "point" } else { "points" })
}

/// The names of `seats` joined (`ann, bob and cy`).
fn names_of(names: &[String], seats: impl Iterator<Item = usize>) -> String {
    let chosen: Vec<&str> = seats.map(|s| names[s].as_str()).collect();
    and_list(&chosen)
}

/// Tells `played`, the round that led to `after`, as `viewer` reads it.
pub fn bulletin(
    names: &[String],
    played: &RoundPlayed,
    after: &Position,
    viewer: Viewer,
) -> Bulletin {
    let prize = played.prize;
    let high = played.bids.iter().copied().max().unwrap_or(0);
    let highest = || {
        played
            .bids
            .iter()
            .enumerate()
            .filter(move |(_, b)| **b == high)
            .map(|(s, _)| s)
    };
    let mut story = Vec::new();
    let headline = match played.taker {
        Some(seat) => {
            let name = &names[seat.index()];
            let next = played
                .bids
                .iter()
                .enumerate()
                .filter(|(s, _)| *s != seat.index())
                .map(|(_, b)| *b)
                .max();
            story.push(match next {
                Some(next) => format!(
                    "In round {} of {}, {name} bid {high} for the {prize}, {} more than the next bid ({next}), and takes it.",
                    played.round,
                    after.cards,
                    high - next
                ),
                None => format!("{name} bid {high} for the {prize} and takes it."),
            });
            format!("{name} takes the {prize} with a {high}")
        }
        None => {
            let tied = names_of(names, highest());
            story.push(format!(
                "In round {} of {}, {tied} each bid {high} for the {prize}: a tied highest bid takes nothing, and the {prize} is discarded.",
                played.round, after.cards
            ));
            format!("The {prize} is discarded: {tied} tie at {high}")
        }
    };
    let silent: Vec<usize> = (0..names.len()).filter(|&s| played.nmr[s]).collect();
    match silent.as_slice() {
        [] => {}
        [one] => story.push(format!(
            "{} sent no orders and bid its lowest card, {}.",
            names[*one], played.bids[*one]
        )),
        many => {
            let cards: Vec<String> = many.iter().map(|&s| played.bids[s].to_string()).collect();
            story.push(format!(
                "{} sent no orders and bid their lowest cards ({}).",
                names_of(names, many.iter().copied()),
                and_list(&cards)
            ));
        }
    }
    let best = after.players.iter().map(|p| p.score).max().unwrap_or(0);
    let leaders: Vec<usize> = (0..names.len())
        .filter(|&s| after.players[s].score == best)
        .collect();
    let second = after
        .players
        .iter()
        .map(|p| p.score)
        .filter(|&s| s < best)
        .max();
    let leading = names_of(names, leaders.iter().copied());
    if after.is_over() {
        story.push(if leaders.len() == 1 {
            format!("The game is over: {leading} wins with {}.", points(best))
        } else {
            format!(
                "The game is over: {leading} share the win with {} each.",
                points(best)
            )
        });
    } else {
        story.push(match (leaders.len(), second) {
            _ if best == 0 => "Nobody has scored yet.".to_string(),
            (1, Some(second)) => format!(
                "{leading} leads with {}, {} ahead of {}.",
                points(best),
                best - second,
                names_of(
                    names,
                    (0..names.len()).filter(|&s| after.players[s].score == second)
                )
            ),
            (1, None) => format!("{leading} leads with {}.", points(best)),
            _ => format!("{leading} share the lead with {}.", points(best)),
        });
        if let Some(next) = after.prize {
            story.push(format!("The next prize is the {next}."));
        }
    }
    let yours = match viewer {
        Viewer::Seat(seat @ Seat(_)) if seat.index() < names.len() => {
            let s = seat.index();
            let bid = played.bids[s];
            let outcome = if played.taker == Some(seat) {
                format!("took the {prize}")
            } else {
                "took nothing".to_string()
            };
            let place = after.places()[s];
            Some(format!(
                "You bid {bid}{} and {outcome}; you have {}, {} place.",
                if played.nmr[s] {
                    " (no orders: your lowest card)"
                } else {
                    ""
                },
                points(after.players[s].score),
                ordinal(place)
            ))
        }
        _ => None,
    };
    Bulletin {
        headline,
        story,
        yours,
    }
}
