//! Round reports as plain text for email, opening with the round's diary ([`crate::bulletin`]):
//! each walker's turns (where it went, places by name as [`crate::words`] says them, what it
//! scored), the clock, the weather, the Heavy Rucksack and the targets, then the standings; and
//! the same round as a typed view for the page. Made for one viewer through [`Day::view`]: a walker's
//! cards, purse and the notes about its own orders reach only that walker (and the GM).

use std::fmt::Write as _;

use game_api::report::bulletin_text;
use game_api::{Lang, Resolution, Seat, Table, Viewer};
use locale::{pad, tr, width};

use crate::bulletin::{Bulletin, Round, bulletin};
use crate::clock;
use crate::day::{Day, Place, TurnOutcome};
use crate::deck::CardKind;
use crate::game::Backpacks;
use crate::map::Map;
use crate::orders::RoundOrders;
use crate::words::{place_words, round_words};

mod page;
mod turn;
mod words;

pub use page::round_view;
pub use words::{codes_in_words, money_text, note_words, place_text, score_words};

use turn::turn_lines;
use words::{card_words, location_name, points_cell, weather_text};

/// A day at the table, as the reports read it.
type Outing<'a> = Table<'a, Backpacks>;
type RoundRecord = Resolution<Backpacks>;

trait OutingTable {
    fn walkers(&self) -> &[String];
    fn map(&self) -> &Map;
    fn day(&self) -> &Day;
    fn sealed(&self, walker: u8) -> Option<&RoundOrders>;
}

impl OutingTable for Outing<'_> {
    fn walkers(&self) -> &[String] {
        self.seats
    }
    fn map(&self) -> &Map {
        &self.settings.map
    }
    fn day(&self) -> &Day {
        self.state.expect("a day begins at once")
    }
    fn sealed(&self, walker: u8) -> Option<&RoundOrders> {
        self.sealed[usize::from(walker)].orders.as_ref()
    }
}

fn title(outing: &Outing, text: &str) -> String {
    let head = tr!(
        outing.lang,
        "bb-report-title",
        map = outing.map().name.as_str(),
        what = text
    );
    format!("{head}\n{}\n", "=".repeat(width(&head)))
}

fn viewer_line(outing: &Outing, viewer: Viewer) -> String {
    let lang = outing.lang;
    match viewer {
        Viewer::Gm => lang.t("bb-copy-gm"),
        Viewer::Seat(s) => tr!(
            lang,
            "bb-copy-walker",
            walker = outing.walkers()[s.index()].as_str()
        ),
        Viewer::Public => lang.t("bb-copy-public"),
    }
}

/// The clock and the weather in a sentence.
fn clock_line(lang: Lang, day: &Day) -> String {
    let when = if day.is_over() {
        lang.t("bb-clock-over")
    } else {
        tr!(
            lang,
            "bb-clock-next",
            time = clock::time_text(day.turn),
            round = clock::round(day.turn)
        )
    };
    tr!(
        lang,
        "bb-clock",
        when = when,
        weather = weather_text(lang, day.weather)
    )
}

/// A walker's place in the standings ("2."), or a dash for one not back, who has lost the
/// day (5.2) and has no place to show.
fn rank(lang: Lang, day: &Day, places: &[u16], w: usize) -> String {
    if day.walkers[w].lost {
        lang.t("bb-rank-none")
    } else {
        tr!(lang, "bb-rank", rank = places[w])
    }
}

/// Where a walker ends the day or stands, for the standings.
fn standing_status(
    lang: Lang,
    day: &Day,
    lost: bool,
    finished: Option<u8>,
    place: Place,
) -> String {
    if lost {
        lang.t("bb-status-lost")
    } else if let Some(t) = finished {
        tr!(lang, "bb-status-back", time = clock::time_text(t))
    } else {
        tr!(
            lang,
            "bb-status-at",
            at = place_words(lang, &day.map, place)
        )
    }
}

/// "No orders received from …" for the walkers still out that sent nothing, if any.
fn silent_note(lang: Lang, names: &[String], nmr: &[bool]) -> Option<String> {
    let silent: Vec<&str> = names
        .iter()
        .zip(nmr)
        .filter(|(_, n)| **n)
        .map(|(name, _)| name.as_str())
        .collect();
    (!silent.is_empty()).then(|| {
        tr!(
            lang,
            "bb-no-orders-from",
            walkers = silent.join(&lang.t("bb-name-separator"))
        )
    })
}

/// One turn of a round report.
/// `nmr[w]`: walker `w` was out and sent no orders for the round (it rests, B&B-11).
fn turn_section(
    outing: &Outing,
    before: &Day,
    outcome: &TurnOutcome,
    viewer: Viewer,
    nmr: &[bool],
) -> String {
    let names = outing.walkers();
    let columns = names.iter().map(|n| width(n)).max().unwrap_or(4);
    let (heading, lines, notes) = turn_lines(outing, before, outcome, viewer, nmr);
    let mut out = format!("{heading}\n");
    for line in lines {
        let _ = writeln!(
            out,
            "  {}  {}",
            pad(&names[line.walker], columns),
            line.what
        );
        for d in line.details {
            let _ = writeln!(out, "  {}    {d}", pad("", columns));
        }
    }
    for n in notes {
        let _ = writeln!(out, "  {n}");
    }
    out
}

/// Walkers still out who sent nothing for the round (they rest, B&B-11).
fn silent(outing: &Outing, record: &RoundRecord) -> Vec<bool> {
    (0..outing.walkers().len())
        .map(|w| {
            record.orders.get(w).is_some_and(Option::is_none) && record.before.walkers[w].is_out()
        })
        .collect()
}

/// The round's bulletin, as `viewer` reads it.
fn told(outing: &Outing, record: &RoundRecord, nmr: &[bool], viewer: Viewer) -> Bulletin {
    bulletin(
        &Round {
            walkers: outing.walkers(),
            before: &record.before,
            after: &record.after,
            outcomes: &record.events,
            nmr,
            lang: outing.lang,
        },
        viewer,
    )
}

/// The report of one resolved round, as `viewer` may read it.
pub fn round_report(outing: &Outing, record: &RoundRecord, viewer: Viewer) -> String {
    let first = record.before.turn;
    let round = clock::round(first);
    let mut out = title(outing, &tr!(outing.lang, "bb-title-round", round = round));
    let _ = writeln!(out, "{}\n", viewer_line(outing, viewer));
    // Walkers still out who sent nothing, as Breaking Away's reports name them (B&B-11).
    let nmr = silent(outing, record);
    let Bulletin {
        headline,
        story,
        yours,
    } = told(outing, record, &nmr, viewer);
    out.push_str(&bulletin_text(&headline, &story, yours.as_deref()));
    if let Some(note) = silent_note(outing.lang, outing.walkers(), &nmr) {
        let _ = writeln!(out, "{note}\n");
    }
    let mut before = record.before.clone();
    for (k, outcome) in record.events.iter().enumerate() {
        out.push_str(&turn_section(outing, &before, outcome, viewer, &nmr));
        out.push('\n');
        if k == 0 {
            // The day between the two turns is not kept; what the second section needs from it
            // (the map and where each walker stood) comes from the first turn's outcome.
            for (w, t) in outcome.walkers.iter().enumerate() {
                before.walkers[w].place = t.to;
            }
        }
    }
    // A round's report is written once, when the round is resolved: no orders are sealed for
    // the next round yet, whenever it is read again.
    out.push_str(&state_report(outing, &record.after, viewer, false));
    out
}

/// The day as it stands: targets, standings, the Rucksack and (for the viewer) its cards.
pub fn state_report(outing: &Outing, day: &Day, viewer: Viewer, with_sealed: bool) -> String {
    let names = outing.walkers();
    let lang = outing.lang;
    let map = &day.map;
    let view = day.view(viewer);
    let mut out = String::new();
    let _ = writeln!(out, "{}", clock_line(lang, day));
    let targets: Vec<String> = day
        .targets
        .iter()
        .zip(&day.target_arrivals)
        .map(|(&t, &n)| {
            tr!(
                lang,
                "bb-target-reached",
                name = location_name(map, t),
                n = n
            )
        })
        .collect();
    let _ = writeln!(
        out,
        "{}",
        tr!(
            lang,
            "bb-targets",
            targets = targets.join(&lang.t("bb-target-separator"))
        )
    );
    let rucksack = match day.rucksack {
        Some(r) => tr!(
            lang,
            "bb-rucksack-carrier",
            walker = names[usize::from(r.carrier)].as_str(),
            time = clock::time_text(r.since.min(clock::TURNS - 1))
        ),
        None => lang.t("bb-rucksack-in-deck"),
    };
    let _ = writeln!(out, "{rucksack}");
    let order = day.ranking();
    let places = day.places();
    let ranks: Vec<String> = (0..names.len())
        .map(|w| rank(lang, day, &places, w))
        .collect();
    let rank_columns = ranks.iter().map(|r| width(r)).max().unwrap_or(0);
    let _ = writeln!(out, "\n{}", lang.t("bb-standings"));
    for &w in &order {
        let walker = &view.walkers[w];
        let reached: Vec<&str> = day
            .targets
            .iter()
            .enumerate()
            .filter(|(k, _)| walker.reached & (1 << k) != 0)
            .map(|(_, &t)| location_name(map, t))
            .collect();
        let status = standing_status(lang, day, walker.lost, walker.finished, walker.place);
        let _ = writeln!(
            out,
            "  {} {} {}  {status}{}",
            pad(&ranks[w], rank_columns),
            pad(&names[w], 12),
            pad(&points_cell(lang, day.final_points(w)), 11),
            if reached.is_empty() {
                String::new()
            } else {
                tr!(
                    lang,
                    "bb-targets-reached",
                    targets = reached.join(&lang.t("bb-list-separator"))
                )
            }
        );
    }
    for (w, walker) in view.walkers.iter().enumerate() {
        let Some(secrets) = &walker.secrets else {
            continue;
        };
        if !walker.is_out() {
            continue;
        }
        // Sorted as written in English (the order players know), whatever the language.
        let mut hand: Vec<(String, CardKind)> =
            secrets.hand.iter().map(|&c| (c.to_string(), c)).collect();
        hand.sort();
        let hand: Vec<String> = hand.into_iter().map(|(_, c)| card_words(lang, c)).collect();
        let next = secrets
            .next_card
            .map_or_else(|| lang.t("bb-card-none-yet"), |c| card_words(lang, c));
        let _ = writeln!(
            out,
            "\n{}",
            tr!(
                lang,
                "bb-secrets",
                walker = names[w].as_str(),
                cards = hand.join(&lang.t("bb-list-separator")),
                next = next,
                money = money_text(secrets.money),
                chocolate = secrets.chocolate
            )
        );
        if let Some(o) = outing.sealed(w as u8).filter(|_| with_sealed) {
            let _ = writeln!(
                out,
                "{}\n  {}",
                tr!(lang, "bb-sealed-orders", walker = names[w].as_str()),
                round_words(lang, day, Seat(w as u8), o, names).replace('\n', "\n  ")
            );
        }
    }
    if day.is_over() {
        // Walkers level in first place share the win, as the headline says (B&B-17); a
        // walker not back has lost (5.2), so with nobody back nobody wins.
        let first: Vec<&str> = day.winners().iter().map(|&w| names[w].as_str()).collect();
        let line = match first.as_slice() {
            [] => lang.t("bb-day-over-nobody"),
            [one] => tr!(lang, "bb-day-over-wins", walker = *one),
            many => tr!(lang, "bb-day-over-share", walkers = lang.and_list(many)),
        };
        let _ = writeln!(out, "\n{line}");
    }
    out
}

/// The report between rounds: everything a player needs to write the next orders (3.1.1).
pub fn outing_report(outing: &Outing, viewer: Viewer) -> String {
    let day = outing.day();
    let lang = outing.lang;
    let mut out = title(
        outing,
        &if day.is_over() {
            lang.t("bb-title-end")
        } else {
            tr!(
                lang,
                "bb-title-before-round",
                round = clock::round(day.turn)
            )
        },
    );
    let _ = writeln!(out, "{}\n", viewer_line(outing, viewer));
    out.push_str(&state_report(outing, day, viewer, true));
    if !day.is_over() {
        let _ = writeln!(
            out,
            "\n{}",
            tr!(lang, "bb-orders-for-round", round = clock::round(day.turn))
        );
        for (w, name) in outing.walkers().iter().enumerate() {
            let status = lang.t(if !day.walkers[w].is_out() {
                "bb-orders-done"
            } else if outing.sealed(w as u8).is_some() {
                "bb-orders-sealed"
            } else {
                "bb-orders-not-yet"
            });
            let _ = writeln!(out, "  {} {status}", pad(name, 12));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Game, Seed};

    #[test]
    fn bb_11_a_walker_that_sent_no_orders_is_marked_in_the_report() {
        let names: Vec<String> = vec!["ann".into(), "bob".into()];
        let terrain = crate::Terrain::load(None, None).unwrap();
        let before = Backpacks::start(&terrain, &[(), ()], Seed(3));
        let rest =
            crate::orders::parse_round_orders("1: rest; 2: rest", &terrain.map, &names).unwrap();
        let orders = vec![Some(rest), None];
        let (after, events) = Backpacks::resolve(&before, &orders, &mut Seed(3).rng(1));
        let record = Resolution {
            before,
            orders,
            after,
            events,
        };
        let sealed = vec![game_api::Sealed::default(); 2];
        let outing = Table {
            settings: &terrain,
            seats: &names,
            state: Some(&record.after),
            sealed: &sealed,
            history: std::slice::from_ref(&record),
            lang: game_api::Lang::EN,
        };
        for viewer in [Viewer::Gm, Viewer::Public, Viewer::Seat(Seat(0))] {
            let report = round_report(&outing, &record, viewer);
            assert!(
                report.contains("No orders received from: bob (they rest, B&B-11)."),
                "{report}"
            );
            assert!(report.contains("rested at Keswick (no orders)"), "{report}");
            assert!(
                !report.contains("ann  rested at Keswick (no orders)"),
                "ann sent orders: {report}"
            );
        }
    }
}
