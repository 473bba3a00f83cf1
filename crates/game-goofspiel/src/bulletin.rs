//! A round told as a bulletin: a headline, a few sentences of the round's own events (who took
//! the prize or the tie that discarded it, who sent nothing, the lead, the next prize), and
//! what the round meant for the reader's own seat. The text mail and the page tell the same.

use game_api::{Lang, Seat, Viewer};
use locale::tr;

use crate::position::Position;
use crate::round::RoundPlayed;

/// The round in a headline, a few sentences and the reader's own sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bulletin {
    pub headline: String,
    pub story: Vec<String>,
    pub yours: Option<String>,
}

/// `n points` in `lang`.
pub(crate) fn points(lang: Lang, n: u16) -> String {
    tr!(lang, "gs-points", n = n)
}

/// The names of `seats` joined (`ann, bob and cy`).
fn names_of(lang: Lang, names: &[String], seats: impl Iterator<Item = usize>) -> String {
    let chosen: Vec<&str> = seats.map(|s| names[s].as_str()).collect();
    lang.and_list(&chosen)
}

/// Tells `played`, the round that led to `after`, as `viewer` reads it in `lang`.
pub fn bulletin(
    lang: Lang,
    names: &[String],
    played: &RoundPlayed,
    after: &Position,
    viewer: Viewer,
) -> Bulletin {
    let names_of = |seats: &mut dyn Iterator<Item = usize>| names_of(lang, names, seats);
    let points = |n: u16| points(lang, n);
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
                Some(next) => tr!(
                    lang,
                    "gs-story-takes",
                    round = played.round,
                    cards = after.cards,
                    name = name.as_str(),
                    high = high,
                    prize = prize,
                    margin = high - next,
                    next = next
                ),
                None => tr!(
                    lang,
                    "gs-story-takes-alone",
                    name = name.as_str(),
                    high = high,
                    prize = prize
                ),
            });
            tr!(
                lang,
                "gs-head-takes",
                name = name.as_str(),
                prize = prize,
                high = high
            )
        }
        None => {
            let tied = names_of(&mut highest());
            story.push(tr!(
                lang,
                "gs-story-tie",
                round = played.round,
                cards = after.cards,
                tied = tied.as_str(),
                high = high,
                prize = prize
            ));
            tr!(
                lang,
                "gs-head-discarded",
                prize = prize,
                tied = tied,
                high = high
            )
        }
    };
    let silent: Vec<usize> = (0..names.len()).filter(|&s| played.nmr[s]).collect();
    match silent.as_slice() {
        [] => {}
        [one] => story.push(tr!(
            lang,
            "gs-story-silent-one",
            name = names[*one].as_str(),
            card = played.bids[*one]
        )),
        many => {
            let cards: Vec<String> = many.iter().map(|&s| played.bids[s].to_string()).collect();
            story.push(tr!(
                lang,
                "gs-story-silent-many",
                names = names_of(&mut many.iter().copied()),
                cards = lang.and_list(&cards)
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
    let leading = names_of(&mut leaders.iter().copied());
    if after.is_over() {
        story.push(if leaders.len() == 1 {
            tr!(
                lang,
                "gs-story-over-wins",
                leading = leading,
                points = points(best)
            )
        } else {
            tr!(
                lang,
                "gs-story-over-share",
                leading = leading,
                points = points(best)
            )
        });
    } else {
        story.push(match (leaders.len(), second) {
            _ if best == 0 => lang.t("gs-story-nobody"),
            (1, Some(second)) => tr!(
                lang,
                "gs-story-leads-ahead",
                leading = leading,
                points = points(best),
                margin = best - second,
                second =
                    names_of(&mut (0..names.len()).filter(|&s| after.players[s].score == second))
            ),
            (1, None) => tr!(
                lang,
                "gs-story-leads",
                leading = leading,
                points = points(best)
            ),
            _ => tr!(
                lang,
                "gs-story-share-lead",
                leading = leading,
                points = points(best)
            ),
        });
        if let Some(next) = after.prize {
            story.push(tr!(lang, "gs-story-next-prize", prize = next));
        }
    }
    let yours = match viewer {
        Viewer::Seat(seat @ Seat(_)) if seat.index() < names.len() => {
            let s = seat.index();
            let bid = played.bids[s];
            let outcome = if played.taker == Some(seat) {
                tr!(lang, "gs-you-took", prize = prize)
            } else {
                lang.t("gs-you-took-nothing")
            };
            let place = after.places()[s];
            Some(tr!(
                lang,
                "gs-yours",
                bid = bid,
                nmr = if played.nmr[s] { "yes" } else { "no" },
                outcome = outcome,
                points = points(after.players[s].score),
                place = lang.place(place)
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
