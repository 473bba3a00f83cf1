//! A round's report as plain text for mail and as a typed view for the page (the bulletin,
//! every bid and who took the prize, the scores), and where the table stands between rounds.
//! Only what everybody has seen goes in: never the face-down prizes, never a sealed bid.

use std::fmt::Write as _;

use game_api::report::{Over, OwnPlace, Phrase, Podium, ReportView, Row, Section, bulletin_text};
use game_api::{Lang, Resolution, Table, Viewer};
use locale::{pad, pad_left, tr, width};

use crate::bulletin::{Bulletin, bulletin};
use crate::game::Goofspiel;
use crate::position::Position;
use crate::round::RoundPlayed;

type Game<'a> = Table<'a, Goofspiel>;

fn is_mine(viewer: Viewer, seat: usize) -> bool {
    matches!(viewer, Viewer::Seat(s) if s.index() == seat)
}

/// A seat's name as the reader sees it: `ann (you)` for the reader's own.
fn shown_name(lang: Lang, names: &[String], viewer: Viewer, seat: usize) -> String {
    if is_mine(viewer, seat) {
        tr!(lang, "gs-name-you", name = names[seat].as_str())
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
fn bid_result(lang: Lang, played: &RoundPlayed, seat: usize) -> String {
    let high = played.bids.iter().copied().max().unwrap_or(0);
    let mut result = if played.taker.is_some_and(|t| t.index() == seat) {
        tr!(lang, "gs-bid-takes", prize = played.prize)
    } else if played.bids[seat] == high {
        lang.t("gs-bid-tied")
    } else {
        String::new()
    };
    if played.nmr[seat] {
        if !result.is_empty() {
            result.push_str(&lang.t("gs-separator"));
        }
        result.push_str(&lang.t("gs-bid-nmr"));
    }
    result
}

fn cards_text(cards: &[u8]) -> String {
    let cards: Vec<String> = cards.iter().map(u8::to_string).collect();
    cards.join(" ")
}

fn heading(lang: Lang, cards: u8, what: &str) -> String {
    let head = tr!(lang, "gs-title", cards = cards, what = what);
    format!("{head}\n{}\n\n", "=".repeat(width(&head)))
}

/// Where the prizes stand: the next prize face up and how many lie face down, or the end.
fn prizes_line(lang: Lang, position: &Position) -> String {
    let discarded = if position.discarded.is_empty() {
        String::new()
    } else {
        tr!(
            lang,
            "gs-discarded",
            cards = cards_text(&position.discarded)
        )
    };
    let line = match position.prize {
        Some(prize) if position.pile.is_empty() => tr!(lang, "gs-prize-last", prize = prize),
        Some(prize) => tr!(
            lang,
            "gs-prize-face-up",
            prize = prize,
            n = position.pile.len()
        ),
        None => lang.t("gs-over"),
    };
    format!("{line}{discarded}\n")
}

/// The scores, best first: place, name, points, the prizes taken and the cards left.
fn scores_text(
    lang: Lang,
    out: &mut String,
    names: &[String],
    position: &Position,
    viewer: Viewer,
) {
    let places = position.places();
    let columns = (0..names.len())
        .map(|s| width(&shown_name(lang, names, viewer, s)))
        .max()
        .unwrap_or(0);
    for s in standing(position) {
        let player = &position.players[s];
        let _ = writeln!(
            out,
            "  {} {}  {}",
            tr!(lang, "gs-rank", rank = places[s]),
            pad(&shown_name(lang, names, viewer, s), columns),
            tr!(
                lang,
                "gs-score-line",
                score = pad_left(&player.score.to_string(), 3),
                taken = if player.taken.is_empty() {
                    "-".to_string()
                } else {
                    cards_text(&player.taken)
                },
                hand = if player.hand.is_empty() {
                    "-".to_string()
                } else {
                    player.hand.to_string()
                }
            )
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
    let lang = table.lang;
    let played = played(resolution);
    let after = &resolution.after;
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(lang, names, played, after, viewer);
    let mut out = heading(
        lang,
        after.cards,
        &tr!(
            lang,
            "gs-title-round",
            round = played.round,
            cards = after.cards
        ),
    );
    out.push_str(&bulletin_text(&headline, &story, yours.as_deref()));
    let _ = writeln!(
        out,
        "{}\n{}",
        tr!(lang, "gs-the-prize", prize = played.prize),
        lang.t("gs-bids")
    );
    let columns = (0..names.len())
        .map(|s| width(&shown_name(lang, names, viewer, s)))
        .max()
        .unwrap_or(0);
    for (s, bid) in played.bids.iter().enumerate() {
        let result = bid_result(lang, played, s);
        let line = format!(
            "  {}  {bid:>2}  {result}",
            pad(&shown_name(lang, names, viewer, s), columns)
        );
        let _ = writeln!(out, "{}", line.trim_end());
    }
    let _ = write!(out, "\n{}\n", lang.t("gs-scores"));
    scores_text(lang, &mut out, names, after, viewer);
    out.push('\n');
    out.push_str(&prizes_line(lang, after));
    out
}

/// Where the game stands between rounds, as `viewer` reads it: the GM's copy alone shows the
/// face-down prizes in their order.
pub fn table_report(table: &Game<'_>, viewer: Viewer) -> String {
    let lang = table.lang;
    let Some(position) = table.state else {
        return format!(
            "{}{}\n",
            heading(lang, table.settings.cards, &lang.t("gs-title-set-up")),
            lang.t("gs-not-started")
        );
    };
    let what = if position.is_over() {
        lang.t("gs-title-over")
    } else {
        tr!(
            lang,
            "gs-title-round",
            round = position.round,
            cards = position.cards
        )
    };
    let mut out = heading(lang, position.cards, &what);
    out.push_str(&prizes_line(lang, position));
    if viewer == Viewer::Gm && !position.pile.is_empty() {
        let next_first: Vec<u8> = position.pile.iter().rev().copied().collect();
        let _ = writeln!(
            out,
            "{}",
            tr!(lang, "gs-face-down", cards = cards_text(&next_first))
        );
    }
    let _ = write!(out, "\n{}\n", lang.t("gs-scores"));
    scores_text(lang, &mut out, table.seats, position, viewer);
    out
}

/// The round as `viewer` reads it, for the page.
pub fn round_view(
    table: &Game<'_>,
    resolution: &Resolution<Goofspiel>,
    viewer: Viewer,
) -> ReportView {
    let names = table.seats;
    let lang = table.lang;
    let played = played(resolution);
    let after = &resolution.after;
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(lang, names, played, after, viewer);
    let silent: Vec<&str> = (0..names.len())
        .filter(|&s| played.nmr[s])
        .map(|s| names[s].as_str())
        .collect();
    let mut notes = Vec::new();
    if !silent.is_empty() {
        notes.push(Phrase::text(tr!(
            lang,
            "gs-no-orders-from",
            names = silent.join(&lang.t("gs-name-separator"))
        )));
    }
    let bids = Section {
        heading: tr!(lang, "gs-bids-for", prize = played.prize),
        head: vec![
            lang.t("gs-col-player"),
            lang.t("gs-col-bid"),
            lang.t("gs-col-result"),
        ],
        rows: played
            .bids
            .iter()
            .enumerate()
            .map(|(s, bid)| Row {
                cells: vec![
                    Phrase::name(names[s].clone()),
                    Phrase::cards(&[*bid]),
                    bid_result(lang, played, s).into(),
                ],
                own: is_mine(viewer, s),
            })
            .collect(),
        notes: Vec::new(),
        key: vec![Phrase::text(lang.t("gs-key"))],
    };
    let places = after.places();
    let standings = Section {
        heading: lang.t("gs-scores-heading"),
        head: vec![
            "#".to_string(),
            lang.t("gs-col-player"),
            lang.t("gs-col-points"),
            lang.t("gs-col-taken"),
            lang.t("gs-col-hand"),
        ],
        rows: standing(after)
            .into_iter()
            .map(|s| {
                let player = &after.players[s];
                let hand: Vec<u8> = player.hand.cards().collect();
                Row {
                    cells: vec![
                        tr!(lang, "gs-rank", rank = places[s]).into(),
                        Phrase::name(names[s].clone()),
                        player.score.to_string().into(),
                        Phrase::cards(&player.taken),
                        Phrase::cards(&hand),
                    ],
                    own: is_mine(viewer, s),
                }
            })
            .collect(),
        notes: vec![Phrase::text(
            prizes_line(lang, after).trim_end().to_string(),
        )],
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
            banner: tr!(
                lang,
                "gs-banner",
                winners = lang.and_list(&winners),
                n = winners.len(),
                best = best
            ),
            podium: order
                .iter()
                .take(3)
                .map(|&s| Podium {
                    place: places[s],
                    name: names[s].clone(),
                    detail: tr!(lang, "gs-podium-points", n = after.players[s].score),
                    own: is_mine(viewer, s),
                })
                .collect(),
            yours: OwnPlace::of(&places, viewer),
        }
    });
    ReportView {
        title: tr!(lang, "gs-view-title", round = played.round),
        headline,
        story,
        yours,
        notes,
        sections: vec![bids],
        standings,
        over,
        digest: None,
        digest_label: String::new(),
    }
}
