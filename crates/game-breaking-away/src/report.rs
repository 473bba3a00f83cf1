//! Turn reports and race reports as plain text, the way a zine printed them: the moves, the
//! sprint and finish results, the road as a strip of the track, the replacement cards (to their
//! owners only) and the team standings. Every report is made for one viewer, through
//! [`Position::view`], so no secret reaches the wrong reader.

use std::fmt::Write as _;

use game_api::{Game, Resolution, Seat, Table, Viewer};

use crate::game::BreakingAway;
use crate::orders::{Lineup, TeamOrders};
use crate::position::{Position, Status};
use crate::rules::{Grade, Rules};
use crate::rules::{Line, RuleSet};
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

/// "1 point", "½ points", "2 points".
fn points_word(points: crate::points::Points) -> &'static str {
    if points == crate::points::Points::whole(1) {
        "point"
    } else {
        "points"
    }
}

fn ordinal(n: u16) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, 11) | (2, 12) | (3, 13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

fn line_title(set: RuleSet, line: Line) -> String {
    let at = set.line_distance(line);
    let name = match line {
        Line::Sprint1 => "Sprint 1",
        Line::Sprint2 => "Sprint 2",
        Line::Finish => "Finish",
    };
    match set {
        RuleSet::Postal22 => format!("{name} (between squares {at} and {})", at + 1),
        RuleSet::Board => format!(
            "{name} (race distance {at}, square {} of the loop)",
            set.square(at)
        ),
    }
}

fn title(race: &Race, text: &str) -> String {
    let rules = race.rules();
    let mut options = rules.options.enabled().join(", ");
    if !options.is_empty() {
        options = format!(" ({options})");
    }
    let rulebook = match rules.set {
        RuleSet::Postal22 => "postal rules 2.2".to_string(),
        RuleSet::Board => "board-game rules".to_string(),
    };
    let head = format!("BREAKING AWAY · {rulebook}{options} · {text}");
    format!("{head}\n{}\n", "=".repeat(head.chars().count()))
}

fn viewer_line(race: &Race, viewer: Viewer) -> String {
    match viewer {
        Viewer::Gm => "GM's copy: every hand and every replacement card.".into(),
        Viewer::Seat(seat) => format!("Copy for team {}.", race.teams()[seat.index()]),
        Viewer::Public => "Public copy.".into(),
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
    let width = record
        .before
        .riders
        .iter()
        .map(|r| race.rider_name(r.team, r.grade).len())
        .max()
        .unwrap_or(6);
    let mut out = title(race, &format!("turn {}", outcome.turn));
    let _ = writeln!(out, "{}\n", viewer_line(race, viewer));

    if let Some(first) = outcome.first_team {
        let _ = writeln!(
            out,
            "Turn 1: team {} was drawn to move first; then clockwise, every rider 1, then 2, 3 and 4.\n",
            race.teams()[usize::from(first)]
        );
    }
    // Teams with a rider still racing who sent nothing (postal 9.1); a team whose riders have
    // all finished or left has nothing to send.
    let nmr: Vec<&str> = record
        .orders
        .iter()
        .zip(race.teams())
        .enumerate()
        .filter(|(t, (o, _))| {
            o.is_none() && BreakingAway::takes_orders(&record.before, Seat(*t as u8))
        })
        .map(|(_, (_, name))| name.as_str())
        .collect();
    if !nmr.is_empty() {
        let _ = writeln!(
            out,
            "No moves received from: {}. Their riders played their highest cards.\n",
            nmr.join(", ")
        );
    }

    let _ = writeln!(out, "Moves, in the order they were made");
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
                Source::Nmr => note.push_str("  (no orders: highest card)"),
                Source::Dropped => note.push_str("  (dropped: highest card)"),
            }
            if members.len() > 1 {
                note.push_str("  = together");
            }
            let _ = writeln!(
                out,
                "  {:<width$}  {:>4} → {:<4} played {:>2}{note}",
                name(m.rider),
                m.from,
                m.to,
                m.card
            );
        }
        k += members.len();
    }
    if members_tied(record) {
        let _ = writeln!(
            out,
            "  (\"= together\": tied on every check, they moved simultaneously and share points, postal 8.2.5)"
        );
    }

    for line in Line::ALL {
        let awards: Vec<_> = outcome.awards.iter().filter(|a| a.line == line).collect();
        let finishers: Vec<_> = outcome
            .finishers
            .iter()
            .filter(|_| line == Line::Finish)
            .collect();
        if awards.is_empty() && finishers.is_empty() {
            continue;
        }
        let _ = writeln!(out, "\n{}", line_title(set, line));
        for a in &awards {
            let names: Vec<String> = a.riders.iter().map(|&r| name(r)).collect();
            let shared = if a.riders.len() > 1 {
                " each (shared)"
            } else {
                ""
            };
            let _ = writeln!(
                out,
                "  {:>4}  {:<w$}  {} {}{shared}",
                ordinal(a.place),
                names.join(" = "),
                a.points,
                points_word(a.points),
                w = width
            );
        }
        if line == Line::Finish {
            for &&(r, place) in &finishers {
                if !awards.iter().any(|a| a.riders.contains(&r)) {
                    let _ = writeln!(
                        out,
                        "  {:>4}  {:<width$}  no points",
                        ordinal(place),
                        name(r)
                    );
                }
            }
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
        let why = match rep.why {
            Why::Slipstream { riders_ahead: 0 } => "no riders directly ahead".to_string(),
            Why::Slipstream { riders_ahead: 1 } => "3 + 1 rider directly ahead".to_string(),
            Why::Slipstream { riders_ahead } => {
                format!("3 + {riders_ahead} riders in the string ahead")
            }
            Why::BreakingAway { lead } => format!("broke away: sole leader by {lead}"),
            Why::KeptLead => "kept the sole lead".into(),
            Why::Alone => "alone on the road".into(),
            Why::Crowded => "crowded square on turn 1".into(),
        };
        let hand = view.riders[i]
            .hand
            .map(|h| h.ascending())
            .unwrap_or_default();
        let _ = writeln!(
            replacements,
            "  {:<width$}  {:>2}  ({why}); hand now {hand:?}",
            name(i),
            rep.card
        );
    }
    if !replacements.is_empty() {
        let _ = writeln!(out, "\nReplacement cards (each team sees its own)");
        out.push_str(&replacements);
    }
    out.push('\n');
    out.push_str(&standings(race, &record.after));
    if outcome.race_over {
        out.push_str(&result(race, &record.after));
    }
    out
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
    let mut on_track: Vec<usize> = (0..position.riders.len())
        .filter(|&i| position.riders[i].on_track())
        .collect();
    let mut out = String::new();
    if on_track.is_empty() {
        let _ = writeln!(
            out,
            "The road is empty: every rider has finished or retired."
        );
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
        "The road ({} {} racing; back {back}, front {front}; '|' marks a line)",
        on_track.len(),
        if on_track.len() == 1 {
            "rider"
        } else {
            "riders"
        }
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
                        line_title(set, line).to_lowercase()
                    );
                }
            }
            let gap = prev - d - 1;
            if gap > 0 {
                let _ = writeln!(
                    out,
                    "         ({gap} empty square{})",
                    if gap == 1 { "" } else { "s" }
                );
            }
        }
        let names: Vec<String> = here
            .iter()
            .map(|&i| {
                let r = &view.riders[i];
                let mut s = race.rider_name(r.team, r.grade);
                if r.status == Status::Dropped {
                    s.push_str(" (dropped)");
                }
                s
            })
            .collect();
        let square = match set {
            RuleSet::Board => format!("{d:>4} (sq {:>2})", set.square(d)),
            RuleSet::Postal22 => format!("{d:>4}"),
        };
        let lead = if position.riders[here[0]].sole_leader {
            "   ◀ sole leader"
        } else {
            ""
        };
        let _ = writeln!(out, "  {square} │ {}{lead}", names.join(", "));
        last = Some(d);
        k += here.len();
    }
    out
}

/// Team standings with points (postal 6.3).
pub fn standings(race: &Race, position: &Position) -> String {
    let points = position.team_points();
    let best = position.team_best_place();
    let mut out = String::from("Team standings\n");
    for (rank, t) in position.standings().into_iter().enumerate() {
        let t = usize::from(t);
        let best = best[t]
            .map(|p| format!("   best finisher {}", ordinal(p)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {}. {:<12} {:>5} {}{best}",
            rank + 1,
            race.teams()[t],
            points[t].to_string(),
            points_word(points[t])
        );
    }
    out
}

fn result(race: &Race, position: &Position) -> String {
    let winner = position.standings()[0];
    let mut out = format!(
        "\nTHE RACE IS OVER. Team {} wins.\n",
        race.teams()[usize::from(winner)]
    );
    let mut finishers: Vec<(u16, usize)> = position
        .riders
        .iter()
        .enumerate()
        .filter_map(|(i, r)| r.finished_place().map(|p| (p, i)))
        .collect();
    finishers.sort();
    let _ = writeln!(out, "Finishing order:");
    for (place, i) in finishers {
        let r = &position.riders[i];
        let _ = writeln!(
            out,
            "  {:>4}  {}  ({} points in all)",
            ordinal(place),
            race.rider_name(r.team, r.grade),
            r.points
        );
    }
    out
}

/// The state of the race between turns, as `viewer` may read it: the road, the riders' hands
/// (where the viewer may see them), whose orders are in, and the standings.
pub fn race_report(race: &Race, viewer: Viewer) -> String {
    let mut out = title(race, &format!("before turn {}", race.turn()));
    let _ = writeln!(out, "{}\n", viewer_line(race, viewer));
    let teams = race.teams();
    let Some(position) = race.position() else {
        let _ = writeln!(out, "The race has not started. Line-ups received:");
        for (t, team) in teams.iter().enumerate() {
            let seat = Seat(t as u8);
            let lineup = race.pending_lineup(seat.0);
            let shown = match lineup {
                Some(l) if viewer.sees_secrets_of(seat) => l.to_string(),
                Some(_) => "received (sealed)".into(),
                None => "not yet".into(),
            };
            let _ = writeln!(out, "  {team:<12} {shown}");
        }
        return out;
    };
    let view = position.view(viewer);
    out.push_str(&road(race, position, &view));
    let _ = writeln!(out, "\nRiders");
    for (i, r) in view.riders.iter().enumerate() {
        let status = match r.status {
            Status::Racing => String::new(),
            Status::Dropped => " dropped".into(),
            Status::Retired => " retired".into(),
            Status::Finished(p) => format!(" finished {}", ordinal(p)),
        };
        let hand = match r.hand {
            Some(h) if r.on_track() => format!("hand {:?}", h.ascending()),
            Some(_) => String::new(),
            None => format!("{} cards", r.hand_size),
        };
        let _ = writeln!(
            out,
            "  {:<16} distance {:>4}  points {:>4}  {hand}{status}",
            race.rider_name(r.team, r.grade),
            position.riders[i].distance,
            r.points.to_string()
        );
    }
    if !race.is_over() {
        let _ = writeln!(out, "\nOrders for turn {}", race.turn());
        for (t, team) in teams.iter().enumerate() {
            let seat = Seat(t as u8);
            let shown = match race.pending_orders(seat.0) {
                Some(o) if viewer.sees_secrets_of(seat) => o.to_string(),
                Some(_) => "received (sealed)".into(),
                None => "not yet".into(),
            };
            let _ = writeln!(out, "  {team:<12} {shown}");
        }
    }
    out.push('\n');
    out.push_str(&standings(race, position));
    if race.is_over() {
        out.push_str(&result(race, position));
    }
    out
}

/// The report of one resolved turn as a typed view for the page, as `viewer` may read it: the
/// same facts as [`turn_report`] (moves, line results, replacement cards to their owners, the
/// standings, the result), the reader's own riders marked.
pub fn turn_view(race: &Race, record: &TurnRecord, viewer: Viewer) -> game_api::report::ReportView {
    use game_api::report::{Over, Podium, ReportView, Row, Section};
    let set = race.rules().set;
    let outcome = &record.events[0];
    let name = |i: usize| {
        let r = &record.before.riders[i];
        race.rider_name(r.team, r.grade)
    };
    let own = |i: usize| match viewer {
        Viewer::Seat(s) => record.before.riders[i].team == s.0,
        _ => false,
    };
    let mut notes = Vec::new();
    if let Some(first) = outcome.first_team {
        notes.push(format!(
            "Turn 1: team {} was drawn to move first; then clockwise, every rider 1, then 2, 3 and 4.",
            race.teams()[usize::from(first)]
        ));
    }
    let nmr: Vec<&str> = record
        .orders
        .iter()
        .zip(race.teams())
        .enumerate()
        .filter(|(t, (o, _))| {
            o.is_none() && BreakingAway::takes_orders(&record.before, Seat(*t as u8))
        })
        .map(|(_, (_, name))| name.as_str())
        .collect();
    if !nmr.is_empty() {
        notes.push(format!(
            "No moves received from: {}. Their riders played their highest cards.",
            nmr.join(", ")
        ));
    }
    let mut moves = Section {
        heading: "Moves, in the order they were made".into(),
        head: ["Rider", "Card", "From", "To", "Note"]
            .map(String::from)
            .to_vec(),
        ..Section::default()
    };
    for m in &outcome.moves {
        let together = outcome.moves.iter().filter(|o| o.group == m.group).count() > 1;
        let mut note = match m.source {
            Source::Ordered => String::new(),
            Source::Nmr => "no orders: highest card".into(),
            Source::Dropped => "dropped: highest card".into(),
        };
        if together {
            if !note.is_empty() {
                note.push_str("; ");
            }
            note.push_str("moved together (postal 8.2.5)");
        }
        moves.rows.push(Row {
            cells: vec![
                name(m.rider),
                m.card.to_string(),
                m.from.to_string(),
                m.to.to_string(),
                note,
            ],
            own: own(m.rider),
        });
    }
    let mut sections = vec![moves];
    for line in Line::ALL {
        let awards: Vec<_> = outcome.awards.iter().filter(|a| a.line == line).collect();
        let mut section = Section {
            heading: line_title(set, line),
            head: ["Place", "Rider", "Points"].map(String::from).to_vec(),
            ..Section::default()
        };
        for a in &awards {
            let names: Vec<String> = a.riders.iter().map(|&r| name(r)).collect();
            let shared = if a.riders.len() > 1 {
                " each (shared)"
            } else {
                ""
            };
            section.rows.push(Row {
                cells: vec![
                    ordinal(a.place),
                    names.join(" = "),
                    format!("{} {}{shared}", a.points, points_word(a.points)),
                ],
                own: a.riders.iter().any(|&r| own(r)),
            });
        }
        if line == Line::Finish {
            for &(r, place) in &outcome.finishers {
                if !awards.iter().any(|a| a.riders.contains(&r)) {
                    section.rows.push(Row {
                        cells: vec![ordinal(place), name(r), "no points".into()],
                        own: own(r),
                    });
                }
            }
        }
        if !section.rows.is_empty() {
            sections.push(section);
        }
    }
    let view = record.after.view(viewer);
    let mut replacements = Section {
        heading: "Replacement cards (each team sees its own)".into(),
        head: ["Rider", "Card", "Why", "Hand now"]
            .map(String::from)
            .to_vec(),
        ..Section::default()
    };
    for (i, rep) in outcome.replacements.iter().enumerate() {
        let Some(rep) = rep else { continue };
        let Some(hand) = view.riders[i].hand else {
            continue;
        };
        let why = match rep.why {
            Why::Slipstream { riders_ahead: 0 } => "no riders directly ahead".to_string(),
            Why::Slipstream { riders_ahead: 1 } => "3 + 1 rider directly ahead".to_string(),
            Why::Slipstream { riders_ahead } => {
                format!("3 + {riders_ahead} riders in the string ahead")
            }
            Why::BreakingAway { lead } => format!("broke away: sole leader by {lead}"),
            Why::KeptLead => "kept the sole lead".into(),
            Why::Alone => "alone on the road".into(),
            Why::Crowded => "crowded square on turn 1".into(),
        };
        replacements.rows.push(Row {
            cells: vec![
                name(i),
                rep.card.to_string(),
                why,
                format!("{:?}", hand.ascending()),
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
        heading: "Team standings".into(),
        head: ["#", "Team", "Points", "Best finisher"]
            .map(String::from)
            .to_vec(),
        ..Section::default()
    };
    let order = position.standings();
    for (rank, &t) in order.iter().enumerate() {
        let t = usize::from(t);
        standings.rows.push(Row {
            cells: vec![
                format!("{}.", rank + 1),
                race.teams()[t].clone(),
                format!("{} {}", points[t], points_word(points[t])),
                best[t].map(ordinal).unwrap_or_default(),
            ],
            own: mine(t),
        });
    }
    let over = outcome.race_over.then(|| Over {
        banner: format!(
            "The race is over. Team {} wins.",
            race.teams()[usize::from(order[0])]
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
                    detail: format!("{} {}", points[t], points_word(points[t])),
                    own: mine(t),
                }
            })
            .collect(),
    });
    ReportView {
        title: format!("Turn {}", outcome.turn),
        notes,
        sections,
        standings,
        over,
        digest: None,
    }
}
