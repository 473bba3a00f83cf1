//! Turn reports and race reports as plain text, the way a zine printed them: the bulletin
//! ([`crate::bulletin`]: a headline and a few sentences), the moves, the sprint and finish
//! results, the road as a strip of the track, the replacement cards (to their owners only) and
//! the team standings; and the same turn as a typed view for the page. Every report is made for
//! one viewer, through [`Position::view`], so no secret reaches the wrong reader.

use std::fmt::Write as _;

use game_api::report::{Phrase, Span, bulletin_text};
use game_api::{Lang, Resolution, Seat, Table, Viewer};
use locale::{pad, pad_left, tr, width};

use crate::bulletin::{Bulletin, Turn, bulletin};
use crate::game::BreakingAway;
use crate::orders::{Lineup, TeamOrders};
use crate::points::Points;
use crate::position::{Position, Status};
use crate::rules::{Grade, Rules};
use crate::rules::{Line, RuleSet, SCORING_PLACES};
use crate::turn::{Source, Why};
use crate::view::View;

/// A race at the table, as the reports read it.
type Race<'a> = Table<'a, BreakingAway>;
type TurnRecord = Resolution<BreakingAway>;

trait RaceTable {
    fn rules(&self) -> Rules;
    fn teams(&self) -> &[String];
    fn rider_name(&self, team: u8, grade: Grade) -> String;
    fn position(&self) -> Option<&Position>;
    fn pending_lineup(&self, team: u8) -> Option<&Lineup>;
    fn pending_orders(&self, team: u8) -> Option<&TeamOrders>;
}

impl RaceTable for Race<'_> {
    fn rules(&self) -> Rules {
        *self.settings
    }
    fn teams(&self) -> &[String] {
        self.seats
    }
    fn rider_name(&self, team: u8, grade: Grade) -> String {
        crate::game::rider_name(self.seats, team, grade)
    }
    fn position(&self) -> Option<&Position> {
        self.state
    }
    fn pending_lineup(&self, team: u8) -> Option<&Lineup> {
        self.sealed[usize::from(team)].lineup.as_ref()
    }
    fn pending_orders(&self, team: u8) -> Option<&TeamOrders> {
        self.sealed[usize::from(team)].orders.as_ref()
    }
}

/// "point" or "points" after a number of them.
fn points_word(lang: Lang, points: Points) -> String {
    let count = if points == Points::whole(1) {
        "one"
    } else {
        "other"
    };
    tr!(lang, "ba-points-word", count = count)
}

fn ordinal(lang: Lang, n: u16) -> String {
    lang.place(usize::from(n))
}

fn line_title(lang: Lang, set: RuleSet, line: Line) -> String {
    let at = set.line_distance(line);
    let name = lang.t(match line {
        Line::Sprint1 => "ba-line-title-sprint-1",
        Line::Sprint2 => "ba-line-title-sprint-2",
        Line::Finish => "ba-line-title-finish",
    });
    match set {
        RuleSet::Postal22 => tr!(
            lang,
            "ba-line-at-postal",
            line = name,
            at = at,
            next = at + 1
        ),
        RuleSet::Board => tr!(
            lang,
            "ba-line-at-board",
            line = name,
            at = at,
            square = set.square(at)
        ),
    }
}

fn title(race: &Race, what: &str) -> String {
    let lang = race.lang;
    let rules = race.rules();
    let mut options = rules.options.enabled().join(", ");
    if !options.is_empty() {
        options = format!(" ({options})");
    }
    let rulebook = lang.t(match rules.set {
        RuleSet::Postal22 => "ba-rulebook-postal",
        RuleSet::Board => "ba-rulebook-board",
    });
    let head = tr!(
        lang,
        "ba-title",
        rulebook = rulebook,
        options = options,
        what = what
    );
    format!("{head}\n{}\n", "=".repeat(width(&head)))
}

fn viewer_line(race: &Race, viewer: Viewer) -> String {
    let lang = race.lang;
    match viewer {
        Viewer::Gm => lang.t("ba-copy-gm"),
        Viewer::Seat(seat) => tr!(
            lang,
            "ba-copy-team",
            team = race.teams()[seat.index()].as_str()
        ),
        Viewer::Public => lang.t("ba-copy-public"),
    }
}

/// The turn as the bulletin reads it.
fn told<'a>(race: &'a Race, record: &'a TurnRecord) -> Turn<'a> {
    Turn {
        teams: race.teams(),
        before: &record.before,
        after: &record.after,
        outcome: &record.events[0],
        sent: record.orders.iter().map(Option::is_some).collect(),
        lang: race.lang,
    }
}

/// The teams with a rider still racing that sent nothing (postal 9.1); a team whose riders
/// have all finished or left has nothing to send.
fn silent_team_names<'a>(race: &'a Race, record: &TurnRecord) -> Vec<&'a str> {
    told(race, record)
        .silent_teams()
        .into_iter()
        .map(|t| race.teams()[t].as_str())
        .collect()
}

/// A rule of the postal rules, linked to the help page's anchor for it.
fn rule(lang: Lang, number: &str) -> Span {
    Span::Rule {
        text: tr!(lang, "ba-rule", number = number),
        href: format!("/help/breaking-away#rule-{}", number.replace('.', "-")),
    }
}

/// A place taken at a line, this turn or earlier; `points` is `None` for a finisher past the
/// scoring places.
struct Placing {
    place: u16,
    riders: Vec<usize>,
    points: Option<Points>,
    turn: u16,
}

/// A line crossed this turn, with every place taken there so far (the first of a sprint
/// scored a turn earlier still shows), and the scoring places taken before the record begins
/// (a scenario that starts mid-race), which it cannot name.
struct LineResult {
    line: Line,
    placings: Vec<Placing>,
    unknown: u16,
}

fn placings(outcome: &crate::turn::TurnOutcome, line: Line) -> Vec<Placing> {
    let mut out: Vec<Placing> = outcome
        .awards
        .iter()
        .filter(|a| a.line == line)
        .map(|a| Placing {
            place: a.place,
            riders: a.riders.clone(),
            points: Some(a.points),
            turn: outcome.turn,
        })
        .collect();
    if line == Line::Finish {
        for &(r, place) in &outcome.finishers {
            if !out.iter().any(|p| p.riders.contains(&r)) {
                out.push(Placing {
                    place,
                    riders: vec![r],
                    points: None,
                    turn: outcome.turn,
                });
            }
        }
    }
    out
}

fn line_results(race: &Race, record: &TurnRecord) -> Vec<LineResult> {
    let outcome = &record.events[0];
    let earlier: Vec<&crate::turn::TurnOutcome> = race
        .history
        .iter()
        .filter_map(|h| h.events.first())
        .filter(|o| o.turn < outcome.turn)
        .collect();
    let mut out = Vec::new();
    for line in Line::ALL {
        let now = placings(outcome, line);
        if now.is_empty() {
            continue;
        }
        let mut all: Vec<Placing> = earlier.iter().flat_map(|o| placings(o, line)).collect();
        let known: usize = all.iter().map(|p| p.riders.len()).sum();
        let taken = usize::from(record.before.places_taken(line));
        let unknown = taken
            .min(SCORING_PLACES)
            .saturating_sub(known.min(SCORING_PLACES)) as u16;
        all.extend(now);
        all.sort_by_key(|p| p.place);
        out.push(LineResult {
            line,
            placings: all,
            unknown,
        });
    }
    out
}

/// `1st–2nd were scored before this record begins.`
fn unknown_note(lang: Lang, unknown: u16) -> Option<String> {
    match unknown {
        0 => None,
        1 => Some(lang.t("ba-first-unknown")),
        n => Some(tr!(lang, "ba-places-unknown", place = ordinal(lang, n))),
    }
}

fn placing_points(lang: Lang, p: &Placing) -> String {
    match p.points {
        Some(points) => {
            let points = crate::bulletin::points(lang, points);
            if p.riders.len() > 1 {
                tr!(lang, "ba-points-shared", points = points)
            } else {
                points
            }
        }
        None => lang.t("ba-no-points"),
    }
}

/// The report of one resolved turn, as `viewer` may read it.
pub fn turn_report(race: &Race, record: &TurnRecord, viewer: Viewer) -> String {
    let set = race.rules().set;
    let outcome = &record.events[0];
    let name = |i: usize| {
        let r = &record.before.riders[i];
        race.rider_name(r.team, r.grade)
    };
    let lang = race.lang;
    let columns = record
        .before
        .riders
        .iter()
        .map(|r| width(&race.rider_name(r.team, r.grade)))
        .max()
        .unwrap_or(6);
    let mut out = title(race, &tr!(lang, "ba-title-turn", turn = outcome.turn));
    let _ = writeln!(out, "{}\n", viewer_line(race, viewer));
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(&told(race, record), viewer);
    out.push_str(&bulletin_text(&headline, &story, yours.as_deref()));

    if let Some(first) = outcome.first_team {
        let team = race.teams()[usize::from(first)].as_str();
        let _ = writeln!(out, "{}\n", tr!(lang, "ba-first-team", team = team));
    }
    let nmr = silent_team_names(race, record);
    if !nmr.is_empty() {
        let teams = nmr.join(&lang.t("list-separator"));
        let _ = writeln!(out, "{}\n", tr!(lang, "ba-no-moves-from", teams = teams));
    }

    let _ = writeln!(out, "{}", lang.t("ba-moves"));
    let mut k = 0;
    while k < outcome.moves.len() {
        let group = outcome.moves[k].group;
        let members: Vec<_> = outcome.moves[k..]
            .iter()
            .take_while(|m| m.group == group)
            .collect();
        for m in &members {
            let mut note = String::new();
            match m.source {
                Source::Ordered => {}
                Source::Nmr => note.push_str(&lang.t("ba-note-nmr")),
                Source::Dropped => note.push_str(&lang.t("ba-note-dropped")),
            }
            if members.len() > 1 {
                note.push_str(&lang.t("ba-note-together"));
            }
            let _ = writeln!(
                out,
                "  {}  {:>4} → {:<4} {}{note}",
                pad(&name(m.rider), columns),
                m.from,
                m.to,
                tr!(lang, "ba-move-played", card = format!("{:>2}", m.card))
            );
        }
        k += members.len();
    }
    if members_tied(record) {
        let _ = writeln!(out, "{}", lang.t("ba-key-together"));
    }

    for result in line_results(race, record) {
        let _ = writeln!(out, "\n{}", line_title(lang, set, result.line));
        for p in &result.placings {
            let names: Vec<String> = p.riders.iter().map(|&r| name(r)).collect();
            let when = if p.turn < outcome.turn {
                tr!(lang, "ba-in-turn", turn = p.turn)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                "  {}  {}  {}{when}",
                pad_left(&ordinal(lang, p.place), 4),
                pad(&names.join(" = "), columns),
                placing_points(lang, p),
            );
        }
        if let Some(note) = unknown_note(lang, result.unknown) {
            let _ = writeln!(out, "  {note}");
        }
    }

    let view = record.after.view(viewer);
    out.push('\n');
    out.push_str(&road(race, &record.after, &view));

    let mut replacements = String::new();
    for (i, rep) in outcome.replacements.iter().enumerate() {
        let Some(rep) = rep else { continue };
        if view.riders[i].hand.is_none() {
            continue;
        }
        let why = why_text(lang, rep.why);
        let hand = view.riders[i]
            .hand
            .map(|h| cards_text(&h.ascending()))
            .unwrap_or_default();
        let _ = writeln!(
            replacements,
            "  {}  {:>2}  {}",
            pad(&name(i), columns),
            rep.card,
            tr!(lang, "ba-replacement", why = why, hand = hand)
        );
    }
    if !replacements.is_empty() {
        let _ = writeln!(out, "\n{}", lang.t("ba-replacements"));
        out.push_str(&replacements);
    }
    out.push('\n');
    out.push_str(&standings(race, &record.after));
    if outcome.race_over {
        out.push_str(&result(race, &record.after));
    }
    out
}

/// A hand as the text writes it: `3 10 10`.
fn cards_text(cards: &[u16]) -> String {
    cards
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

fn members_tied(record: &TurnRecord) -> bool {
    record.events[0]
        .moves
        .windows(2)
        .any(|w| w[0].group == w[1].group)
}

/// The road: every occupied square from the leader back, lines marked, and a one-line strip
/// of the whole field (a digit per square: how many riders stand there).
pub fn road(race: &Race, position: &Position, view: &View) -> String {
    let set = position.rules.set;
    let lang = race.lang;
    let mut on_track: Vec<usize> = (0..position.riders.len())
        .filter(|&i| position.riders[i].on_track())
        .collect();
    let mut out = String::new();
    if on_track.is_empty() {
        let _ = writeln!(out, "{}", lang.t("ba-front-empty"));
        return out;
    }
    // Front first; on a square, earliest arrival (inside) first.
    on_track.sort_by_key(|&i| (-position.riders[i].distance, position.riders[i].arrival, i));
    let front = position.riders[on_track[0]].distance;
    let back = position.riders[*on_track.last().expect("not empty")].distance;

    let mut strip = String::new();
    for d in back..=front {
        let n = on_track
            .iter()
            .filter(|&&i| position.riders[i].distance == d)
            .count();
        strip.push(match n {
            0 => '·',
            1..=9 => char::from_digit(n as u32, 10).expect("digit"),
            _ => '+',
        });
        if Line::ALL.iter().any(|&l| set.line_distance(l) == d) && d != front {
            strip.push('|');
        }
    }
    let _ = writeln!(
        out,
        "{}",
        tr!(
            lang,
            "ba-road",
            n = on_track.len(),
            back = back,
            front = front
        )
    );
    let _ = writeln!(out, "  {back:>4} {strip} {front}");
    out.push('\n');

    let mut last: Option<i32> = None;
    let mut k = 0;
    while k < on_track.len() {
        let d = position.riders[on_track[k]].distance;
        let here: Vec<usize> = on_track[k..]
            .iter()
            .copied()
            .take_while(|&i| position.riders[i].distance == d)
            .collect();
        if let Some(prev) = last {
            for line in Line::ALL {
                let at = set.line_distance(line);
                if d <= at && at < prev {
                    let _ = writeln!(
                        out,
                        "  ─────── {} ───────",
                        line_title(lang, set, line).to_lowercase()
                    );
                }
            }
            let gap = prev - d - 1;
            if gap > 0 {
                let _ = writeln!(out, "         {}", tr!(lang, "ba-road-gap", n = gap));
            }
        }
        let names: Vec<String> = here
            .iter()
            .map(|&i| {
                let r = &view.riders[i];
                let mut s = race.rider_name(r.team, r.grade);
                if r.status == Status::Dropped {
                    s.push_str(&lang.t("ba-road-dropped"));
                }
                s
            })
            .collect();
        let square = match set {
            RuleSet::Board => format!(
                "{d:>4} {}",
                tr!(
                    lang,
                    "ba-road-square",
                    square = format!("{:>2}", set.square(d))
                )
            ),
            RuleSet::Postal22 => format!("{d:>4}"),
        };
        let lead = if position.riders[here[0]].sole_leader {
            lang.t("ba-road-sole-leader")
        } else {
            String::new()
        };
        let _ = writeln!(out, "  {square} │ {}{lead}", names.join(", "));
        last = Some(d);
        k += here.len();
    }
    out
}

/// Team standings with points (postal 6.3).
pub fn standings(race: &Race, position: &Position) -> String {
    let lang = race.lang;
    let points = position.team_points();
    let best = position.team_best_place();
    let mut out = format!("{}\n", lang.t("ba-team-standings"));
    for (rank, t) in position.standings().into_iter().enumerate() {
        let t = usize::from(t);
        let best = best[t]
            .map(|p| tr!(lang, "ba-best-finisher", place = ordinal(lang, p)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {}. {} {:>5} {}{best}",
            rank + 1,
            pad(&race.teams()[t], 12),
            points[t].to_string(),
            points_word(lang, points[t])
        );
    }
    out
}

fn result(race: &Race, position: &Position) -> String {
    let lang = race.lang;
    let winner = position.standings()[0];
    let team = race.teams()[usize::from(winner)].as_str();
    let mut out = format!("\n{}\n", tr!(lang, "ba-race-over", team = team));
    let mut finishers: Vec<(u16, usize)> = position
        .riders
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.finished_place().map(|p| (p, i)))
        .collect();
    finishers.sort();
    let _ = writeln!(out, "{}", lang.t("ba-finishing-order"));
    for (place, i) in finishers {
        let r = &position.riders[i];
        let _ = writeln!(
            out,
            "  {}  {}  {}",
            pad_left(&ordinal(lang, place), 4),
            race.rider_name(r.team, r.grade),
            tr!(lang, "ba-points-in-all", points = r.points.to_string())
        );
    }
    out
}

/// The state of the race between turns, as `viewer` may read it: the road, the riders' hands
/// (where the viewer may see them), whose orders are in, and the standings.
pub fn race_report(race: &Race, viewer: Viewer) -> String {
    let lang = race.lang;
    let mut out = title(race, &tr!(lang, "ba-title-before-turn", turn = race.turn()));
    let _ = writeln!(out, "{}\n", viewer_line(race, viewer));
    let teams = race.teams();
    let Some(position) = race.position() else {
        let _ = writeln!(out, "{}", lang.t("ba-not-started"));
        for (t, team) in teams.iter().enumerate() {
            let seat = Seat(t as u8);
            let lineup = race.pending_lineup(seat.0);
            let shown = match lineup {
                Some(l) if viewer.sees_secrets_of(seat) => l.to_string(),
                Some(_) => lang.t("ba-received-sealed"),
                None => lang.t("ba-not-yet"),
            };
            let _ = writeln!(out, "  {} {shown}", pad(team, 12));
        }
        return out;
    };
    let view = position.view(viewer);
    out.push_str(&road(race, position, &view));
    let _ = writeln!(out, "\n{}", lang.t("ba-riders-heading"));
    for (i, r) in view.riders.iter().enumerate() {
        let status = match r.status {
            Status::Racing => String::new(),
            Status::Dropped => lang.t("ba-status-dropped"),
            Status::Retired => lang.t("ba-status-retired"),
            Status::Finished(p) => tr!(lang, "ba-status-finished", place = ordinal(lang, p)),
        };
        let hand = match r.hand {
            Some(h) if r.on_track() => {
                tr!(lang, "ba-hand", cards = cards_text(&h.ascending()))
            }
            Some(_) => String::new(),
            None => tr!(lang, "ba-cards", n = r.hand_size),
        };
        let row = tr!(
            lang,
            "ba-rider-row",
            distance = format!("{:>4}", position.riders[i].distance),
            points = format!("{:>4}", r.points.to_string())
        );
        let _ = writeln!(
            out,
            "  {} {row}  {hand}{status}",
            pad(&race.rider_name(r.team, r.grade), 16),
        );
    }
    if !race.is_over() {
        let _ = writeln!(
            out,
            "\n{}",
            tr!(lang, "ba-orders-for-turn", turn = race.turn())
        );
        for (t, team) in teams.iter().enumerate() {
            let seat = Seat(t as u8);
            let shown = match race.pending_orders(seat.0) {
                Some(o) if viewer.sees_secrets_of(seat) => o.to_string(),
                Some(_) => lang.t("ba-received-sealed"),
                None => lang.t("ba-not-yet"),
            };
            let _ = writeln!(out, "  {} {shown}", pad(team, 12));
        }
    }
    out.push('\n');
    out.push_str(&standings(race, position));
    if race.is_over() {
        out.push_str(&result(race, position));
    }
    out
}

/// Why a rider got its replacement card, in words.
fn why_text(lang: Lang, why: Why) -> String {
    match why {
        Why::Slipstream { riders_ahead: 0 } => lang.t("ba-why-none-ahead"),
        Why::Slipstream { riders_ahead: 1 } => lang.t("ba-why-one-ahead"),
        Why::Slipstream { riders_ahead } => tr!(lang, "ba-why-string-ahead", n = riders_ahead),
        Why::BreakingAway { lead } => tr!(lang, "ba-why-broke-away", lead = lead),
        Why::KeptLead => lang.t("ba-why-kept-lead"),
        Why::Alone => lang.t("ba-why-alone"),
        Why::Crowded => lang.t("ba-why-crowded"),
    }
}

/// The report of one resolved turn as a typed view for the page, as `viewer` may read it: the
/// same bulletin and facts as [`turn_report`] (moves, every place taken at the lines crossed,
/// replacement cards to their owners, the standings, the result), the reader's own riders
/// marked, what a move's mark means said once under the table.
pub fn turn_view(race: &Race, record: &TurnRecord, viewer: Viewer) -> game_api::report::ReportView {
    use game_api::report::{Over, Podium, ReportView, Row, Section};
    let set = race.rules().set;
    let outcome = &record.events[0];
    let name = |i: usize| {
        let r = &record.before.riders[i];
        race.rider_name(r.team, r.grade)
    };
    let names = |riders: &[usize]| {
        let mut phrase = Phrase::default();
        for (k, &r) in riders.iter().enumerate() {
            if k > 0 {
                phrase = phrase.then(Span::Text(" = ".into()));
            }
            phrase = phrase.then(Span::Name(name(r)));
        }
        phrase
    };
    let own = |i: usize| match viewer {
        Viewer::Seat(s) => record.before.riders[i].team == s.0,
        _ => false,
    };
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(&told(race, record), viewer);
    let lang = race.lang;
    let heads = |ids: &[&str]| ids.iter().map(|id| lang.t(id)).collect::<Vec<_>>();
    // A key to a mark: its words, then the rule in parentheses, linked.
    let key = |id: &str, number: &str| {
        Phrase::text(lang.t(id))
            .then(Span::Text(lang.t("ba-key-open")))
            .then(rule(lang, number))
            .then(Span::Text(lang.t("ba-key-close")))
    };
    let mut notes: Vec<Phrase> = Vec::new();
    if let Some(first) = outcome.first_team {
        let team = race.teams()[usize::from(first)].as_str();
        notes.push(Phrase::text(tr!(lang, "ba-first-team", team = team)));
    }
    let nmr = silent_team_names(race, record);
    if !nmr.is_empty() {
        let teams = nmr.join(&lang.t("list-separator"));
        notes.push(Phrase::text(tr!(lang, "ba-no-moves-from", teams = teams)));
    }
    let mut moves = Section {
        heading: lang.t("ba-moves"),
        head: heads(&[
            "ba-col-rider",
            "ba-col-card",
            "ba-col-from",
            "ba-col-to",
            "ba-col-note",
        ]),
        ..Section::default()
    };
    // Marks in the note column, explained once under the table.
    let (mut nmr_mark, mut dropped_mark, mut together_mark) = (false, false, false);
    for m in &outcome.moves {
        let together = outcome.moves.iter().filter(|o| o.group == m.group).count() > 1;
        let mut note = Vec::new();
        match m.source {
            Source::Ordered => {}
            Source::Nmr => {
                note.push(lang.t("ba-mark-no-orders"));
                nmr_mark = true;
            }
            Source::Dropped => {
                note.push(lang.t("ba-mark-dropped"));
                dropped_mark = true;
            }
        }
        if together {
            note.push(lang.t("ba-mark-together"));
            together_mark = true;
        }
        moves.rows.push(Row {
            cells: vec![
                Phrase::name(name(m.rider)),
                m.card.to_string().into(),
                m.from.to_string().into(),
                m.to.to_string().into(),
                note.join(&lang.t("list-separator")).into(),
            ],
            own: own(m.rider),
        });
    }
    if nmr_mark {
        moves.key.push(key("ba-mark-key-no-orders", "9.1"));
    }
    if dropped_mark {
        moves.key.push(key("ba-mark-key-dropped", "10.1"));
    }
    if together_mark {
        moves.key.push(key("ba-mark-key-together", "8.2.5"));
    }
    let mut sections = vec![moves];
    for result in line_results(race, record) {
        let mut section = Section {
            heading: line_title(race.lang, set, result.line),
            head: heads(&[
                "ba-col-place",
                "ba-col-rider",
                "ba-col-points",
                "ba-col-turn",
            ]),
            ..Section::default()
        };
        for p in &result.placings {
            section.rows.push(Row {
                cells: vec![
                    ordinal(race.lang, p.place).into(),
                    names(&p.riders),
                    placing_points(race.lang, p).into(),
                    p.turn.to_string().into(),
                ],
                own: p.riders.iter().any(|&r| own(r)),
            });
        }
        section
            .notes
            .extend(unknown_note(race.lang, result.unknown).map(Phrase::text));
        sections.push(section);
    }
    let view = record.after.view(viewer);
    let mut replacements = Section {
        heading: lang.t("ba-replacements"),
        head: heads(&[
            "ba-col-rider",
            "ba-col-card",
            "ba-col-why",
            "ba-col-hand-now",
        ]),
        ..Section::default()
    };
    for (i, rep) in outcome.replacements.iter().enumerate() {
        let Some(rep) = rep else { continue };
        let Some(hand) = view.riders[i].hand else {
            continue;
        };
        replacements.rows.push(Row {
            cells: vec![
                Phrase::name(name(i)),
                rep.card.to_string().into(),
                why_text(race.lang, rep.why).into(),
                Phrase::cards(&hand.ascending()),
            ],
            own: own(i),
        });
    }
    if !replacements.rows.is_empty() {
        sections.push(replacements);
    }
    let position = &record.after;
    let points = position.team_points();
    let best = position.team_best_place();
    let mine = |t: usize| matches!(viewer, Viewer::Seat(s) if s.index() == t);
    let mut standings = Section {
        heading: lang.t("ba-team-standings"),
        head: ["#".to_string()]
            .into_iter()
            .chain(heads(&[
                "ba-col-team",
                "ba-col-points",
                "ba-col-best-finisher",
            ]))
            .collect(),
        ..Section::default()
    };
    let order = position.standings();
    for (rank, &t) in order.iter().enumerate() {
        let t = usize::from(t);
        standings.rows.push(Row {
            cells: vec![
                format!("{}.", rank + 1).into(),
                Phrase::name(race.teams()[t].clone()),
                crate::bulletin::points(lang, points[t]).into(),
                best[t]
                    .map(|p| ordinal(race.lang, p))
                    .unwrap_or_default()
                    .into(),
            ],
            own: mine(t),
        });
    }
    let over = outcome.race_over.then(|| Over {
        banner: tr!(
            lang,
            "ba-banner",
            team = race.teams()[usize::from(order[0])].as_str()
        ),
        podium: order
            .iter()
            .take(3)
            .enumerate()
            .map(|(k, &t)| {
                let t = usize::from(t);
                Podium {
                    place: k + 1,
                    name: race.teams()[t].clone(),
                    detail: crate::bulletin::points(lang, points[t]),
                    own: mine(t),
                }
            })
            .collect(),
    });
    ReportView {
        title: tr!(lang, "ba-view-title", turn = outcome.turn),
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
