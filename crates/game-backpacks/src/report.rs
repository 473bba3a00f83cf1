//! Round reports as plain text for email, opening with the round's diary ([`crate::bulletin`]):
//! each walker's turns (where it went, sub-turn by sub-turn when it walked, what it scored), the
//! clock, the weather, the Heavy Rucksack and the targets, then the standings; and the same
//! round as a typed view for the page. Made for one viewer through [`Day::view`]: a walker's
//! cards, purse and the notes about its own orders reach only that walker (and the GM).

use std::fmt::Write as _;

use game_api::report::{Phrase, bulletin_text};
use game_api::{Resolution, Seat, Table, Viewer};

use crate::Weather;
use crate::bulletin::{Bulletin, Round, bulletin};
use crate::clock::{self, Special};
use crate::day::{Day, Did, Place, RucksackHow, TurnOutcome};
use crate::game::Backpacks;
use crate::map::Map;
use crate::orders::{RoundOrders, describe_round};
use crate::scenario::score_name;

/// A day at the table, as the reports read it.
type Outing<'a> = Table<'a, Backpacks>;
type RoundRecord = Resolution<Backpacks>;

trait OutingTable {
    fn walkers(&self) -> &[String];
    fn map(&self) -> &Map;
    fn day(&self) -> &Day;
    fn sealed(&self, walker: u8) -> Option<&RoundOrders>;
    fn describe(&self, orders: &RoundOrders) -> String;
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
    fn describe(&self, orders: &RoundOrders) -> String {
        describe_round(orders, &self.settings.map, self.seats)
    }
}

/// Where a walker stands, as players read it: a space's id, or the lake.
pub fn place_text(day: &Day, place: Place) -> String {
    match place {
        Place::At(s) => day.map.space_id(s).to_string(),
        Place::Lake { .. } => "the lake".into(),
    }
}

fn weather_text(w: Weather) -> &'static str {
    match w {
        Weather::Sunny => "Sunny",
        Weather::Cloudy => "Cloudy",
    }
}

/// Money as players read it: the purse counts 50p pieces.
pub fn money_text(pieces: u8) -> String {
    format!(
        "£{}.{:02}",
        pieces / 2,
        if pieces % 2 == 1 { 50 } else { 0 }
    )
}

fn title(outing: &Outing, text: &str) -> String {
    let head = format!("BACKPACKS & BLISTERS · {} · {text}", outing.map().name);
    format!("{head}\n{}\n", "=".repeat(head.chars().count()))
}

fn viewer_line(outing: &Outing, viewer: Viewer) -> String {
    match viewer {
        Viewer::Gm => "GM's copy: every hand and every note.".into(),
        Viewer::Seat(s) => format!("Copy for {}.", outing.walkers()[s.index()]),
        Viewer::Public => "Public copy.".into(),
    }
}

/// One walker's line in a turn: what it did, and the lines under it (moved back, scores,
/// the day done; its cards drawn and the notes on its orders for its own reader).
struct WalkerLine {
    walker: usize,
    what: String,
    details: Vec<String>,
}

/// A turn's facts, for the text and the page alike: the heading (`10:00 · Sunny · ferries
/// run`), each walker's line, and the turn's notes (the Rucksack, the weather).
fn turn_lines(
    outing: &Outing,
    before: &Day,
    outcome: &TurnOutcome,
    viewer: Viewer,
    nmr: &[bool],
) -> (String, Vec<WalkerLine>, Vec<String>) {
    let names = outing.walkers();
    let map = &before.map;
    let special = match clock::special(outcome.turn) {
        Special::Ferry => " · ferries run",
        Special::Bus => " · buses run",
        Special::Lunch => " · LUNCH",
        Special::Coffee => " · COFFEE BREAK",
        Special::None => "",
    };
    let heading = format!(
        "{} · {}{special}",
        clock::time_text(outcome.turn),
        weather_text(outcome.weather)
    );
    let mut lines = Vec::new();
    for (w, t) in outcome.walkers.iter().enumerate() {
        let own = viewer.sees_secrets_of(Seat(w as u8));
        let from = place_text(before, t.from);
        let what = match &t.did {
            // Finished or lost: no longer on the board, nothing to report.
            Did::Off => continue,
            Did::Rested if nmr.get(w).copied().unwrap_or(false) => {
                format!("rested at {from} (no orders)")
            }
            Did::Rested => format!("rested at {from}"),
            Did::Walked {
                card,
                chocolate,
                circles,
                triangles,
            } => {
                let mut path = from.clone();
                for &(space, sub_turn) in &t.steps {
                    let _ = write!(path, " → {} [{sub_turn}]", map.space_id(space));
                }
                if t.steps.is_empty() {
                    path.push_str(" (stayed)");
                }
                let choc = if *chocolate { " with chocolate" } else { "" };
                format!("walked {card}{choc} ({circles}○ {triangles}△): {path}")
            }
            Did::Tea => format!("took tea at {from}"),
            Did::Ferry { to, landed: true } => {
                format!("took the ferry {from} → {}", map.location_id(*to))
            }
            Did::Ferry { to, landed: false } => format!(
                "took the ferry from {from} to {}, which could not land: on the lake",
                map.location_id(*to)
            ),
            Did::Bus { to } => format!(
                "took the bus {from} → {} (route {})",
                map.location_id(*to),
                {
                    let a = match t.from {
                        Place::At(s) => map.spaces[usize::from(s)].location,
                        _ => None,
                    };
                    a.and_then(|a| map.bus_between(a, *to))
                        .map_or("?".into(), |r| r.to_string())
                }
            ),
            Did::Blister => format!("nursed a blister at {from}"),
            Did::Break => format!("stopped at {from}"),
            Did::Afloat => "waited on the lake".into(),
        };
        let mut details = Vec::new();
        if t.bumped {
            details.push(format!(
                "moved back to {} (a later arrival on a shared space, 4.5)",
                place_text(before, t.to)
            ));
        }
        if !t.scores.is_empty() {
            let scores: Vec<String> = t
                .scores
                .iter()
                .map(|&(s, p)| format!("{p:+} {}", score_name(map, s)))
                .collect();
            details.push(format!("scores {}", scores.join(", ")));
        }
        if t.finished {
            details.push("is back in Keswick: the day is done".into());
        }
        if own {
            if !t.drew.is_empty() {
                let drew: Vec<String> = t.drew.iter().map(|c| c.to_string()).collect();
                details.push(format!("drew {}", drew.join(", ")));
            }
            for note in &t.notes {
                details.push(format!("note: {note}"));
            }
        } else {
            for note in t
                .notes
                .iter()
                .filter(|n| n.starts_with("the ferry") || n.starts_with("not back"))
            {
                details.push(note.clone());
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
            (RucksackHow::Drawn, _) => notes.push(format!(
                "The Heavy Rucksack is drawn: {to} carries it (10.1)."
            )),
            (RucksackHow::Handed { sub_turn }, Some(from)) => notes.push(format!(
                "The Heavy Rucksack passes from {} to {to} {} (10.4).",
                names[usize::from(from)],
                if sub_turn == 13 {
                    "at the end of the turn".to_string()
                } else {
                    format!("at sub-turn {sub_turn}")
                }
            )),
            (RucksackHow::Voted, Some(from)) => notes.push(format!(
                "By vote the Heavy Rucksack passes from {} to {to} (10.5).",
                names[usize::from(from)]
            )),
            _ => {}
        }
    }
    for &(w, weather) in &outcome.weather_changes {
        notes.push(format!(
            "{} plays a weather card: the weather is now {} (9.1).",
            names[usize::from(w)],
            weather_text(weather)
        ));
    }
    (heading, lines, notes)
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
    let width = names.iter().map(String::len).max().unwrap_or(4);
    let (heading, lines, notes) = turn_lines(outing, before, outcome, viewer, nmr);
    let mut out = format!("{heading}\n");
    for line in lines {
        let _ = writeln!(out, "  {:<width$}  {}", names[line.walker], line.what);
        for d in line.details {
            let _ = writeln!(out, "  {:<width$}    {d}", "");
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
    let mut out = title(outing, &format!("round {round}"));
    let _ = writeln!(out, "{}\n", viewer_line(outing, viewer));
    // Walkers still out who sent nothing, as Breaking Away's reports name them (B&B-11).
    let nmr = silent(outing, record);
    let Bulletin {
        headline,
        story,
        yours,
    } = told(outing, record, &nmr, viewer);
    out.push_str(&bulletin_text(&headline, &story, yours.as_deref()));
    let silent: Vec<&str> = outing
        .walkers()
        .iter()
        .zip(&nmr)
        .filter(|(_, n)| **n)
        .map(|(name, _)| name.as_str())
        .collect();
    if !silent.is_empty() {
        let _ = writeln!(
            out,
            "No orders received from: {} (they rest, B&B-11).\n",
            silent.join(", ")
        );
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
    let map = &day.map;
    let view = day.view(viewer);
    let mut out = String::new();
    let when = if day.is_over() {
        "18:00, the day is over".to_string()
    } else {
        format!(
            "next: {} (round {})",
            clock::time_text(day.turn),
            clock::round(day.turn)
        )
    };
    let _ = writeln!(
        out,
        "The clock: {when}. The weather: {}.",
        weather_text(day.weather)
    );
    let targets: Vec<String> = day
        .targets
        .iter()
        .zip(&day.target_arrivals)
        .map(|(&t, &n)| {
            format!(
                "{} {} ({} reached)",
                map.location_id(t),
                map.locations[usize::from(t)].name,
                n
            )
        })
        .collect();
    let _ = writeln!(out, "Targets: {}.", targets.join("; "));
    match day.rucksack {
        Some(r) => {
            let _ = writeln!(
                out,
                "The Heavy Rucksack: {} (since {}).",
                names[usize::from(r.carrier)],
                clock::time_text(r.since.min(clock::TURNS - 1))
            );
        }
        None => {
            let _ = writeln!(out, "The Heavy Rucksack is still in the deck.");
        }
    }
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by_key(|&w| (-day.final_points(w), w));
    let _ = writeln!(out, "\nStandings");
    for (rank, &w) in order.iter().enumerate() {
        let walker = &view.walkers[w];
        let reached: Vec<&str> = day
            .targets
            .iter()
            .enumerate()
            .filter(|(k, _)| walker.reached & (1 << k) != 0)
            .map(|(_, &t)| map.location_id(t))
            .collect();
        let status = if walker.lost {
            "not back by 18:00: all points lost".to_string()
        } else if let Some(t) = walker.finished {
            format!("back in Keswick at {}", clock::time_text(t))
        } else {
            format!("at {}", place_text(day, walker.place))
        };
        let _ = writeln!(
            out,
            "  {}. {:<12} {:>4} {:<6}  {status}{}",
            rank + 1,
            names[w],
            day.final_points(w),
            if day.final_points(w).abs() == 1 {
                "point"
            } else {
                "points"
            },
            if reached.is_empty() {
                String::new()
            } else {
                format!("  targets: {}", reached.join(" "))
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
        let mut hand: Vec<String> = secrets.hand.iter().map(|c| c.to_string()).collect();
        hand.sort();
        let next = secrets
            .next_card
            .map_or("none yet".to_string(), |c| c.to_string());
        let _ = writeln!(
            out,
            "\n{}'s cards: [{}]; the card to come at the end of the next turn: {next}; money {}; chocolate {}.",
            names[w],
            hand.join(", "),
            money_text(secrets.money),
            secrets.chocolate
        );
        if let Some(o) = outing.sealed(w as u8).filter(|_| with_sealed) {
            let _ = writeln!(
                out,
                "{}'s sealed orders:\n  {}",
                names[w],
                outing.describe(o).replace('\n', "\n  ")
            );
        }
    }
    if day.is_over() {
        let winner = order
            .first()
            .map(|&w| names[w].as_str())
            .unwrap_or("nobody");
        let _ = writeln!(out, "\nTHE DAY IS OVER. {winner} wins.");
    }
    out
}

/// The report between rounds: everything a player needs to write the next orders (3.1.1).
pub fn outing_report(outing: &Outing, viewer: Viewer) -> String {
    let day = outing.day();
    let mut out = title(
        outing,
        &if day.is_over() {
            "the end of the day".to_string()
        } else {
            format!("before round {}", clock::round(day.turn))
        },
    );
    let _ = writeln!(out, "{}\n", viewer_line(outing, viewer));
    out.push_str(&state_report(outing, day, viewer, true));
    if !day.is_over() {
        let _ = writeln!(out, "\nOrders for round {}", clock::round(day.turn));
        for (w, name) in outing.walkers().iter().enumerate() {
            let status = if !day.walkers[w].is_out() {
                "done for the day"
            } else if outing.sealed(w as u8).is_some() {
                "received (sealed)"
            } else {
                "not yet"
            };
            let _ = writeln!(out, "  {name:<12} {status}");
        }
    }
    out
}

/// The report of one resolved round as a typed view for the page, as `viewer` may read it: the
/// same diary and facts as [`round_report`] (each turn's walkers, scores and notes; the
/// standings; the winner when the day is over), the reader's own walker marked.
pub fn round_view(
    outing: &Outing,
    record: &RoundRecord,
    viewer: Viewer,
) -> game_api::report::ReportView {
    use game_api::report::{Over, Podium, ReportView, Row, Section};
    let names = outing.walkers();
    let first = record.before.turn;
    let mine = |w: usize| matches!(viewer, Viewer::Seat(s) if s.index() == w);
    let nmr = silent(outing, record);
    let Bulletin {
        headline,
        story,
        yours,
    } = told(outing, record, &nmr, viewer);
    let silent: Vec<&str> = names
        .iter()
        .zip(&nmr)
        .filter(|(_, n)| **n)
        .map(|(name, _)| name.as_str())
        .collect();
    let mut notes = Vec::new();
    if !silent.is_empty() {
        notes.push(Phrase::text(format!(
            "No orders received from: {} (they rest, B&B-11).",
            silent.join(", ")
        )));
    }
    let mut sections = Vec::new();
    let mut before = record.before.clone();
    for (k, outcome) in record.events.iter().enumerate() {
        let (heading, lines, turn_notes) = turn_lines(outing, &before, outcome, viewer, &nmr);
        sections.push(Section {
            heading,
            head: ["Walker", "Did", "Scores and notes"]
                .map(String::from)
                .to_vec(),
            rows: lines
                .into_iter()
                .map(|l| Row {
                    cells: vec![
                        Phrase::name(names[l.walker].clone()),
                        l.what.into(),
                        l.details.join("; ").into(),
                    ],
                    own: mine(l.walker),
                })
                .collect(),
            notes: turn_notes.into_iter().map(Phrase::text).collect(),
            key: Vec::new(),
        });
        if k == 0 {
            for (w, t) in outcome.walkers.iter().enumerate() {
                before.walkers[w].place = t.to;
            }
        }
    }
    let day = &record.after;
    let map = &day.map;
    let view = day.view(viewer);
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by_key(|&w| (-day.final_points(w), w));
    let points = |w: usize| {
        let p = day.final_points(w);
        format!("{p} {}", if p.abs() == 1 { "point" } else { "points" })
    };
    let mut standings = Section {
        heading: "Standings".into(),
        head: ["#", "Walker", "Points", "Where", "Targets"]
            .map(String::from)
            .to_vec(),
        ..Section::default()
    };
    for (rank, &w) in order.iter().enumerate() {
        let walker = &view.walkers[w];
        let reached: Vec<&str> = day
            .targets
            .iter()
            .enumerate()
            .filter(|(k, _)| walker.reached & (1 << k) != 0)
            .map(|(_, &t)| map.location_id(t))
            .collect();
        let status = if walker.lost {
            "not back by 18:00: all points lost".to_string()
        } else if let Some(t) = walker.finished {
            format!("back in Keswick at {}", clock::time_text(t))
        } else {
            format!("at {}", place_text(day, walker.place))
        };
        standings.rows.push(Row {
            cells: vec![
                format!("{}.", rank + 1).into(),
                Phrase::name(names[w].clone()),
                points(w).into(),
                status.into(),
                reached.join(" ").into(),
            ],
            own: mine(w),
        });
    }
    standings.notes.push(Phrase::text(format!(
        "The clock: {}. The weather: {}.",
        if day.is_over() {
            "18:00, the day is over".to_string()
        } else {
            format!(
                "next: {} (round {})",
                clock::time_text(day.turn),
                clock::round(day.turn)
            )
        },
        weather_text(day.weather)
    )));
    let over = day.is_over().then(|| Over {
        banner: format!(
            "The day is over. {} wins.",
            order.first().map_or("nobody", |&w| names[w].as_str())
        ),
        podium: order
            .iter()
            .take(3)
            .enumerate()
            .map(|(k, &w)| Podium {
                place: k + 1,
                name: names[w].clone(),
                detail: points(w),
                own: mine(w),
            })
            .collect(),
    });
    ReportView {
        // The turns actually played (a day can end after a round's first turn).
        title: format!(
            "Round {} ({})",
            clock::round(first),
            record
                .events
                .iter()
                .map(|e| clock::time_text(e.turn))
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        headline,
        story,
        yours,
        notes,
        sections,
        standings,
        over,
        digest: None,
    }
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
            assert!(report.contains("rested at KES (no orders)"), "{report}");
            assert!(
                !report.contains("ann  rested at KES (no orders)"),
                "ann sent orders: {report}"
            );
        }
    }
}
