//! Round reports as plain text for email, opening with the round's diary ([`crate::bulletin`]):
//! each walker's turns (where it went, places by name as [`crate::words`] says them, what it
//! scored), the clock, the weather, the Heavy Rucksack and the targets, then the standings; and
//! the same round as a typed view for the page. Made for one viewer through [`Day::view`]: a walker's
//! cards, purse and the notes about its own orders reach only that walker (and the GM).

use std::fmt::Write as _;

use game_api::report::{Phrase, bulletin_text};
use game_api::{Lang, Resolution, Seat, Table, Viewer};
use locale::{pad, tr, width};

use crate::Weather;
use crate::bulletin::{Bulletin, Round, bulletin};
use crate::clock::{self, Special};
use crate::day::{Day, Did, Note, Place, RucksackHow, Score, TurnOutcome};
use crate::deck::CardKind;
use crate::game::Backpacks;
use crate::map::Map;
use crate::orders::RoundOrders;
use crate::words::{place_words, round_words, scoring_space_words, space_words, way_words};

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

/// Where a walker stands as the API's JSON gives it: a space's id, or the lake (in English).
pub fn place_text(day: &Day, place: Place) -> String {
    match place {
        Place::At(s) => day.map.space_id(s).to_string(),
        Place::Lake { .. } => Lang::EN.t("bb-report-the-lake"),
    }
}

/// Where a walker stands as a noun, in `lang`: a location's name, a space of a path by where
/// it lies on it, or the lake.
fn place_noun(lang: Lang, map: &Map, place: Place) -> String {
    match place {
        Place::At(s) => space_words(lang, map, s),
        Place::Lake { .. } => lang.t("bb-report-the-lake"),
    }
}

fn location_name(map: &Map, location: u8) -> &str {
    &map.locations[usize::from(location)].name
}

fn weather_text(lang: Lang, w: Weather) -> String {
    lang.t(match w {
        Weather::Sunny => "bb-report-sunny",
        Weather::Cloudy => "bb-report-cloudy",
    })
}

/// A card as a report names it: a walking card by its symbols (as orders write it), the others
/// by name.
fn card_words(lang: Lang, card: CardKind) -> String {
    card.phrase().text(lang)
}

/// Why points were scored, in `lang`.
pub fn score_words(lang: Lang, map: &Map, score: Score) -> String {
    match score {
        Score::Space(s) => scoring_space_words(lang, map, s),
        Score::Target { location, order } => tr!(
            lang,
            "bb-score-target",
            location = location_name(map, location),
            place = lang.place(usize::from(order))
        ),
        Score::Ferry => lang.t("bb-score-ferry"),
        Score::Tea => lang.t("bb-score-tea"),
        Score::RucksackAtBreak => lang.t("bb-score-rucksack-at-break"),
        Score::Finish => lang.t("bb-score-finish"),
        Score::RucksackHome => lang.t("bb-score-rucksack-home"),
        Score::Money => lang.t("bb-score-money"),
    }
}

/// A refusal's text with each space code in it (`MAI-CAT.2`, the order text's words) said as
/// a player reads places (`the path from Mardale to Catbells, 2 of 5 steps`).
pub fn codes_in_words(lang: Lang, map: &Map, text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some((start, end)) = space_code(rest) {
        out.push_str(&rest[..start]);
        let code = &rest[start..end];
        match map.space(code) {
            Some(space) => out.push_str(&crate::words::space_words(lang, map, space)),
            None => out.push_str(code),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Where the first code of a path's space (`ABC-DEF.n`) lies in `text`, in bytes.
fn space_code(text: &str) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let upper = |r: &[u8]| r.iter().all(u8::is_ascii_uppercase);
    (0..b.len().saturating_sub(8)).find_map(|i| {
        let code = upper(&b[i..i + 3])
            && b[i + 3] == b'-'
            && upper(&b[i + 4..i + 7])
            && b[i + 7] == b'.'
            && b[i + 8].is_ascii_digit();
        code.then(|| {
            let digits = b[i + 8..].iter().take_while(|c| c.is_ascii_digit()).count();
            (i, i + 8 + digits)
        })
    })
}

/// A note on a walker's turn, in `lang`. The problem an order checker gave is quoted as it
/// gave it.
pub fn note_words(lang: Lang, map: &Map, note: &Note) -> String {
    match note {
        Note::NotCarriedOut { problem } => {
            tr!(
                lang,
                "bb-note-not-carried-out",
                problem = codes_in_words(lang, map, &problem.text(lang))
            )
        }
        Note::RouteCutShort { problem } => {
            tr!(
                lang,
                "bb-note-route-cut-short",
                problem = codes_in_words(lang, map, &problem.text(lang))
            )
        }
        Note::FinishAway => lang.t("bb-note-finish-away"),
        Note::NotBack => lang.t("bb-note-not-back"),
        Note::ChocolateNoCafe => lang.t("bb-note-chocolate-no-cafe"),
        Note::ChocolateNoMoney => lang.t("bb-note-chocolate-no-money"),
        Note::FerryNotLanded { to, contested } => tr!(
            lang,
            "bb-note-ferry-not-landed",
            location = location_name(map, *to),
            contested = if *contested { "yes" } else { "no" }
        ),
    }
}

/// Points as a standings cell: the number right-aligned in four columns, then the word.
fn points_cell(lang: Lang, p: i32) -> String {
    tr!(
        lang,
        "bb-report-points",
        points = format!("{p:>4}"),
        count = p.abs()
    )
}

fn points_words(lang: Lang, p: i32) -> String {
    tr!(
        lang,
        "bb-report-points",
        points = p.to_string(),
        count = p.abs()
    )
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
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by_key(|&w| (-day.final_points(w), w));
    let places = day.places();
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
            tr!(lang, "bb-rank", rank = places[w]),
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
        let winner = order
            .first()
            .map_or_else(|| lang.t("bb-nobody"), |&w| names[w].clone());
        let _ = writeln!(out, "\n{}", tr!(lang, "bb-day-over-wins", walker = winner));
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
    let lang = outing.lang;
    let first = record.before.turn;
    let mine = |w: usize| matches!(viewer, Viewer::Seat(s) if s.index() == w);
    let nmr = silent(outing, record);
    let Bulletin {
        headline,
        story,
        yours,
    } = told(outing, record, &nmr, viewer);
    let notes: Vec<Phrase> = silent_note(lang, names, &nmr)
        .into_iter()
        .map(Phrase::text)
        .collect();
    let mut sections = Vec::new();
    let mut before = record.before.clone();
    for (k, outcome) in record.events.iter().enumerate() {
        let (heading, lines, turn_notes) = turn_lines(outing, &before, outcome, viewer, &nmr);
        sections.push(Section {
            heading,
            head: vec![
                lang.t("bb-col-walker"),
                lang.t("bb-col-did"),
                lang.t("bb-col-scores-notes"),
            ],
            rows: lines
                .into_iter()
                .map(|l| Row {
                    cells: vec![
                        Phrase::name(names[l.walker].clone()),
                        l.what.into(),
                        l.details.join(&lang.t("bb-details-separator")).into(),
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
    let points = |w: usize| points_words(lang, day.final_points(w));
    let places = day.places();
    let mut standings = Section {
        heading: lang.t("bb-standings"),
        head: vec![
            "#".to_string(),
            lang.t("bb-col-walker"),
            lang.t("bb-col-points"),
            lang.t("bb-col-where"),
            lang.t("bb-col-targets"),
        ],
        ..Section::default()
    };
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
        standings.rows.push(Row {
            cells: vec![
                tr!(lang, "bb-rank", rank = places[w]).into(),
                Phrase::name(names[w].clone()),
                points(w).into(),
                status.into(),
                reached.join(&lang.t("bb-list-separator")).into(),
            ],
            own: mine(w),
        });
    }
    standings.notes.push(Phrase::text(clock_line(lang, day)));
    let over = day.is_over().then(|| Over {
        banner: {
            let first: Vec<&str> = order
                .iter()
                .filter(|&&w| places[w] == 1)
                .map(|&w| names[w].as_str())
                .collect();
            match first.as_slice() {
                [] => tr!(lang, "bb-banner-wins", walker = lang.t("bb-nobody")),
                [one] => tr!(lang, "bb-banner-wins", walker = *one),
                many => tr!(lang, "bb-banner-share", walkers = lang.and_list(many)),
            }
        },
        podium: order
            .iter()
            .take(3)
            .map(|&w| Podium {
                place: usize::from(places[w]),
                name: names[w].clone(),
                detail: points(w),
                own: mine(w),
            })
            .collect(),
    });
    ReportView {
        // The turns actually played (a day can end after a round's first turn).
        title: tr!(
            lang,
            "bb-view-title",
            round = clock::round(first),
            times = lang.and_list(
                &record
                    .events
                    .iter()
                    .map(|e| clock::time_text(e.turn))
                    .collect::<Vec<_>>()
            )
        ),
        headline,
        story,
        yours,
        notes,
        sections,
        standings,
        over,
        digest: None,
        digest_label: String::new(),
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
            assert!(report.contains("rested at Keswick (no orders)"), "{report}");
            assert!(
                !report.contains("ann  rested at Keswick (no orders)"),
                "ann sent orders: {report}"
            );
        }
    }
}
