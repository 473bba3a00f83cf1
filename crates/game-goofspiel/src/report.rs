//! A round's report as plain text for mail and as a typed view for the page (the bulletin,
//! every bid and who took the prize, the scores), and where the table stands between rounds.
//! Only what everybody has seen goes in: never the face-down prizes, never a sealed bid.

use std::fmt::Write as _;

use game_api::report::{Over, Phrase, Podium, ReportView, Row, Section, bulletin_text};
use game_api::{Resolution, Table, Viewer};

use crate::bulletin::{Bulletin, bulletin};
use crate::game::Goofspiel;
use crate::position::Position;
use crate::round::RoundPlayed;

type Game<'a> = Table<'a, Goofspiel>;

fn is_mine(viewer: Viewer, seat: usize) -> bool {
    matches!(viewer, Viewer::Seat(s) if s.index() == seat)
}

/// A seat's name as the reader sees it: `ann (you)` for the reader's own.
fn shown_name(names: &[String], viewer: Viewer, seat: usize) -> String {
    if is_mine(viewer, seat) {
        format!("{} (you)", names[seat])
    } else {
        names[seat].clone()
    }
}

/// The round's one event (`resolve` gives exactly one).
fn played(resolution: &Resolution<Goofspiel>) -> &RoundPlayed {
    resolution
        .events
        .first()
        .expect("a resolved round has its event")
}

/// The seats best first (score, then seat order).
fn standing(position: &Position) -> Vec<usize> {
    let mut seats: Vec<usize> = (0..position.players.len()).collect();
    seats.sort_by_key(|&s| (std::cmp::Reverse(position.players[s].score), s));
    seats
}

/// What one bid came to.
fn bid_result(played: &RoundPlayed, seat: usize) -> String {
    let high = played.bids.iter().copied().max().unwrap_or(0);
    let mut result = if played.taker.is_some_and(|t| t.index() == seat) {
        format!("takes the {}", played.prize)
    } else if played.bids[seat] == high {
        "tied highest: takes nothing".to_string()
    } else {
        String::new()
    };
    if played.nmr[seat] {
        if !result.is_empty() {
            result.push_str("; ");
        }
        result.push_str("no orders: lowest card");
    }
    result
}

fn cards_text(cards: &[u8]) -> String {
    let cards: Vec<String> = cards.iter().map(u8::to_string).collect();
    cards.join(" ")
}

fn heading(cards: u8, what: &str) -> String {
    let head = format!("GOOFSPIEL · {cards} cards · {what}");
    format!("{head}\n{}\n\n", "=".repeat(head.chars().count()))
}

/// Where the prizes stand: the next prize face up and how many lie face down, or the end.
fn prizes_line(position: &Position) -> String {
    let discarded = if position.discarded.is_empty() {
        String::new()
    } else {
        format!(" Discarded: {}.", cards_text(&position.discarded))
    };
    match position.prize {
        Some(prize) if position.pile.is_empty() => {
            format!("The prize face up: {prize} (the last).{discarded}\n")
        }
        Some(prize) => format!(
            "The prize face up: {prize} ({} more face down).{discarded}\n",
            position.pile.len()
        ),
        None => format!("The game is over.{discarded}\n"),
    }
}

/// The scores, best first: place, name, points, the prizes taken and the cards left.
fn scores_text(out: &mut String, names: &[String], position: &Position, viewer: Viewer) {
    let places = position.places();
    let width = (0..names.len())
        .map(|s| shown_name(names, viewer, s).chars().count())
        .max()
        .unwrap_or(0);
    for s in standing(position) {
        let player = &position.players[s];
        let _ = writeln!(
            out,
            "  {}. {:<width$}  {:>3}  took: {}  hand: {}",
            places[s],
            shown_name(names, viewer, s),
            player.score,
            if player.taken.is_empty() {
                "-".to_string()
            } else {
                cards_text(&player.taken)
            },
            if player.hand.is_empty() {
                "-".to_string()
            } else {
                player.hand.to_string()
            },
        );
    }
}

/// The round as `viewer` reads it, for mail.
pub fn round_report(
    table: &Game<'_>,
    resolution: &Resolution<Goofspiel>,
    viewer: Viewer,
) -> String {
    let names = table.seats;
    let played = played(resolution);
    let after = &resolution.after;
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(names, played, after, viewer);
    let mut out = heading(
        after.cards,
        &format!("round {} of {}", played.round, after.cards),
    );
    out.push_str(&bulletin_text(&headline, &story, yours.as_deref()));
    let _ = writeln!(out, "The prize: {}\nBids:", played.prize);
    let width = (0..names.len())
        .map(|s| shown_name(names, viewer, s).chars().count())
        .max()
        .unwrap_or(0);
    for (s, bid) in played.bids.iter().enumerate() {
        let result = bid_result(played, s);
        let line = format!(
            "  {:<width$}  {bid:>2}  {result}",
            shown_name(names, viewer, s)
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    out.push_str("\nScores:\n");
    scores_text(&mut out, names, after, viewer);
    out.push('\n');
    out.push_str(&prizes_line(after));
    out
}

/// Where the game stands between rounds, as `viewer` reads it: the GM's copy alone shows the
/// face-down prizes in their order.
pub fn table_report(table: &Game<'_>, viewer: Viewer) -> String {
    let Some(position) = table.state else {
        return format!("{}Not started.\n", heading(table.settings.cards, "set up"));
    };
    let what = if position.is_over() {
        "the game is over".to_string()
    } else {
        format!("round {} of {}", position.round, position.cards)
    };
    let mut out = heading(position.cards, &what);
    out.push_str(&prizes_line(position));
    if viewer == Viewer::Gm && !position.pile.is_empty() {
        let next_first: Vec<u8> = position.pile.iter().rev().copied().collect();
        let _ = writeln!(
            out,
            "Face down, the next first (the GM's copy only): {}.",
            cards_text(&next_first)
        );
    }
    out.push_str("\nScores:\n");
    scores_text(&mut out, table.seats, position, viewer);
    out
}

/// The round as `viewer` reads it, for the page.
pub fn round_view(
    table: &Game<'_>,
    resolution: &Resolution<Goofspiel>,
    viewer: Viewer,
) -> ReportView {
    let names = table.seats;
    let played = played(resolution);
    let after = &resolution.after;
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(names, played, after, viewer);
    let silent: Vec<&str> = (0..names.len())
        .filter(|&s| played.nmr[s])
        .map(|s| names[s].as_str())
        .collect();
    let mut notes = Vec::new();
    if !silent.is_empty() {
        notes.push(Phrase::text(format!(
            "No orders received from: {} (a player who sends nothing bids their lowest card, rule 5).",
            silent.join(", ")
        )));
    }
    let bids = Section {
        heading: format!("The bids for the {}", played.prize),
        head: ["Player", "Bid", "Result"].map(String::from).to_vec(),
        rows: played
            .bids
            .iter()
            .enumerate()
            .map(|(s, bid)| Row {
                cells: vec![
                    Phrase::name(names[s].clone()),
                    Phrase::cards(&[*bid]),
                    bid_result(played, s).into(),
                ],
                own: is_mine(viewer, s),
            })
            .collect(),
        notes: Vec::new(),
        key: vec![Phrase::text(
            "The single highest bid takes the prize; a tied highest bid takes nothing (rule 3).",
        )],
    };
    let places = after.places();
    let standings = Section {
        heading: "Scores".into(),
        head: ["#", "Player", "Points", "Taken", "Hand"]
            .map(String::from)
            .to_vec(),
        rows: standing(after)
            .into_iter()
            .map(|s| {
                let player = &after.players[s];
                let hand: Vec<u8> = player.hand.cards().collect();
                Row {
                    cells: vec![
                        format!("{}.", places[s]).into(),
                        Phrase::name(names[s].clone()),
                        player.score.to_string().into(),
                        Phrase::cards(&player.taken),
                        Phrase::cards(&hand),
                    ],
                    own: is_mine(viewer, s),
                }
            })
            .collect(),
        notes: vec![Phrase::text(prizes_line(after).trim_end().to_string())],
        key: Vec::new(),
    };
    let over = after.is_over().then(|| {
        let order = standing(after);
        let best = after.players[order[0]].score;
        let winners: Vec<&str> = order
            .iter()
            .filter(|&&s| after.players[s].score == best)
            .map(|&s| names[s].as_str())
            .collect();
        Over {
            banner: format!(
                "The game is over. {} {} with {best} points.",
                game_api::report::and_list(&winners),
                if winners.len() == 1 {
                    "wins"
                } else {
                    "share the win"
                }
            ),
            podium: order
                .iter()
                .take(3)
                .map(|&s| Podium {
                    place: places[s],
                    name: names[s].clone(),
                    detail: format!("{} points", after.players[s].score),
                    own: is_mine(viewer, s),
                })
                .collect(),
        }
    });
    ReportView {
        title: format!("Round {}", played.round),
        headline,
        story,
        yours,
        notes,
        sections: vec![bids],
        standings,
        over,
        digest: None,
    }
}
