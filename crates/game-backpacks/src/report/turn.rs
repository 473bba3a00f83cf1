//! One turn's facts, shared by the text report and the page: the heading, each walker's line
//! and the turn's notes.

use game_api::{Seat, Viewer};
use locale::tr;

use crate::clock::{self, Special};
use crate::day::{Day, Did, Place, RucksackHow, TurnOutcome};
use crate::words::{place_words, way_words};

use super::words::{card_words, location_name, note_words, place_noun, score_words, weather_text};
use super::{Outing, OutingTable};

/// One walker's line in a turn: what it did, and the lines under it (moved back, scores,
/// the day done; its cards drawn and the notes on its orders for its own reader).
pub(super) struct WalkerLine {
    pub(super) walker: usize,
    pub(super) what: String,
    pub(super) details: Vec<String>,
}

/// A turn's facts, for the text and the page alike: the heading (`10:00 · Sunny · ferries
/// run`), each walker's line, and the turn's notes (the Rucksack, the weather).
pub(super) fn turn_lines(
    outing: &Outing,
    before: &Day,
    outcome: &TurnOutcome,
    viewer: Viewer,
    nmr: &[bool],
) -> (String, Vec<WalkerLine>, Vec<String>) {
    let names = outing.walkers();
    let lang = outing.lang;
    let map = &before.map;
    let special = match clock::special(outcome.turn) {
        Special::Ferry => lang.t("bb-turn-ferries"),
        Special::Bus => lang.t("bb-turn-buses"),
        Special::Lunch => lang.t("bb-turn-lunch"),
        Special::Coffee => lang.t("bb-turn-coffee"),
        Special::None => String::new(),
    };
    let heading = tr!(
        lang,
        "bb-turn-heading",
        time = clock::time_text(outcome.turn),
        weather = weather_text(lang, outcome.weather),
        special = special
    );
    let mut lines = Vec::new();
    for (w, t) in outcome.walkers.iter().enumerate() {
        let own = viewer.sees_secrets_of(Seat(w as u8));
        let from = place_noun(lang, map, t.from);
        let at = place_words(lang, map, t.from);
        let what = match &t.did {
            // Finished or lost: no longer on the board, nothing to report.
            Did::Off => continue,
            Did::Rested if nmr.get(w).copied().unwrap_or(false) => {
                tr!(lang, "bb-did-rested-at-nmr", at = at)
            }
            Did::Rested => tr!(lang, "bb-did-rested-at", at = at),
            Did::Walked {
                card,
                chocolate,
                circles,
                triangles,
            } => match t.from {
                Place::At(start) if !t.steps.is_empty() => {
                    let route: Vec<_> = t.steps.iter().map(|&(space, _)| space).collect();
                    tr!(
                        lang,
                        "bb-did-walked-way",
                        card = card.to_string(),
                        chocolate = if *chocolate { "yes" } else { "no" },
                        circles = *circles,
                        triangles = *triangles,
                        way = way_words(lang, map, start, &route)
                    )
                }
                // A walk that took no step (none ordered, or cut short, B&B-7): the card played.
                _ => tr!(
                    lang,
                    "bb-did-walk-no-step",
                    card = card.to_string(),
                    chocolate = if *chocolate { "yes" } else { "no" },
                    circles = *circles,
                    triangles = *triangles,
                    path = from
                ),
            },
            Did::Tea => tr!(lang, "bb-did-tea-at", at = at),
            Did::Ferry { to, landed: true } => tr!(
                lang,
                "bb-did-ferry-from",
                place = from,
                location = location_name(map, *to)
            ),
            Did::Ferry { to, landed: false } => tr!(
                lang,
                "bb-did-ferry-not-landed-from",
                place = from,
                location = location_name(map, *to)
            ),
            Did::Bus { to } => tr!(
                lang,
                "bb-did-bus-from",
                place = from,
                location = location_name(map, *to),
                route = {
                    let a = match t.from {
                        Place::At(s) => map.spaces[usize::from(s)].location,
                        _ => None,
                    };
                    a.and_then(|a| map.bus_between(a, *to))
                        .map_or("?".into(), |r| r.to_string())
                }
            ),
            Did::Blister => tr!(lang, "bb-did-blister-at", at = at),
            Did::Break => tr!(lang, "bb-did-break-at", at = at),
            Did::Afloat => lang.t("bb-did-afloat"),
        };
        let separator = lang.t("bb-list-separator");
        let mut details = Vec::new();
        if t.bumped {
            details.push(tr!(
                lang,
                "bb-moved-back-to",
                place = place_noun(lang, map, t.to)
            ));
        }
        if !t.scores.is_empty() {
            let scores: Vec<String> = t
                .scores
                .iter()
                .map(|&(s, p)| format!("{p:+} {}", score_words(lang, map, s)))
                .collect();
            details.push(tr!(lang, "bb-scores", scores = scores.join(&separator)));
        }
        if t.finished {
            details.push(lang.t("bb-day-done"));
        }
        if own {
            if !t.drew.is_empty() {
                let drew: Vec<String> = t.drew.iter().map(|&c| card_words(lang, c)).collect();
                details.push(tr!(lang, "bb-drew", cards = drew.join(&separator)));
            }
            for note in &t.notes {
                details.push(tr!(lang, "bb-note", note = note_words(lang, map, note)));
            }
        } else {
            for note in t.notes.iter().filter(|n| n.is_public()) {
                details.push(note_words(lang, map, note));
            }
        }
        lines.push(WalkerLine {
            walker: w,
            what,
            details,
        });
    }
    let mut notes = Vec::new();
    for m in &outcome.rucksack {
        let to = &names[usize::from(m.to)];
        match (m.how, m.from) {
            (RucksackHow::Drawn, _) => notes.push(tr!(lang, "bb-note-rucksack-drawn", to = to)),
            (RucksackHow::Handed { sub_turn }, Some(from)) => notes.push(tr!(
                lang,
                "bb-note-rucksack-handed",
                from = names[usize::from(from)].as_str(),
                to = to,
                // 13: at the end of the turn.
                sub_turn = sub_turn
            )),
            (RucksackHow::Voted, Some(from)) => notes.push(tr!(
                lang,
                "bb-note-rucksack-voted",
                from = names[usize::from(from)].as_str(),
                to = to
            )),
            _ => {}
        }
    }
    for &(w, weather) in &outcome.weather_changes {
        notes.push(tr!(
            lang,
            "bb-note-weather-card",
            walker = names[usize::from(w)].as_str(),
            weather = weather_text(lang, weather)
        ));
    }
    (heading, lines, notes)
}
