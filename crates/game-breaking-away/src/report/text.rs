//! The text report of a turn and of the race between turns: mail and the command line.

use std::fmt::Write as _;

use game_api::report::bulletin_text;
use game_api::{Seat, Viewer};
use locale::{Lang, pad, pad_left, tr, width};

use super::{
    Race, RaceTable, TurnRecord, line_results, line_title, ordinal, placing_points, points_word,
    silent_team_names, told, unknown_note, why_text,
};
use crate::bulletin::{Bulletin, bulletin};
use crate::position::{Position, Status};
use crate::rules::{Line, RuleSet};
use crate::turn::Source;
use crate::view::View;

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

/// The report of one resolved turn, as `viewer` may read it.
pub fn turn_report(race: &Race, record: &TurnRecord, viewer: Viewer) -> String {
    let set = race.rules().set;
    let outcome = &record.events[0];
    // The turn as the bulletin tells it, with each rider's name made once: the report
    // writes most of them three times.
    let turn = told(race, record);
    let names = &turn.names;
    let name = |i: usize| names[i].as_str();
    let lang = race.lang;
    let columns = names.iter().map(|n| width(n)).max().unwrap_or(6);
    let mut out = title(race, &tr!(lang, "ba-title-turn", turn = outcome.turn));
    let _ = writeln!(out, "{}\n", viewer_line(race, viewer));
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(&turn, viewer);
    out.push_str(&bulletin_text(&headline, &story, yours.as_deref()));

    if let Some(first) = outcome.first_team {
        let team = race.teams()[usize::from(first)].as_str();
        let _ = writeln!(out, "{}\n", tr!(lang, "ba-first-team", team = team));
    }
    let nmr = silent_team_names(race, &turn);
    if !nmr.is_empty() {
        let teams = nmr.join(&lang.t("list-separator"));
        let _ = writeln!(out, "{}\n", tr!(lang, "ba-no-moves-from", teams = teams));
    }

    let _ = writeln!(out, "{}", lang.t("ba-moves"));
    let [nmr_note, highest_note, dropped_note, together] = [
        "ba-note-nmr",
        "ba-note-highest",
        "ba-note-dropped",
        "ba-note-together",
    ]
    .map(|id| lang.t(id));
    // "played 9", worded once a card: a field plays a handful of cards a turn.
    let mut played: Vec<(u16, String)> = Vec::new();
    let mut k = 0;
    while k < outcome.moves.len() {
        let group = outcome.moves[k].group;
        let members: Vec<_> = outcome.moves[k..]
            .iter()
            .take_while(|m| m.group == group)
            .collect();
        for m in &members {
            let source = match m.source {
                Source::Ordered => "",
                Source::Nmr if turn.sent_orders(m.rider) => &highest_note,
                Source::Nmr => &nmr_note,
                Source::Dropped => &dropped_note,
            };
            let together = if members.len() > 1 { &together[..] } else { "" };
            let card = match played.iter().position(|(c, _)| *c == m.card) {
                Some(at) => at,
                None => {
                    let words = tr!(lang, "ba-move-played", card = format!("{:>2}", m.card));
                    played.push((m.card, words));
                    played.len() - 1
                }
            };
            let _ = writeln!(
                out,
                "  {}  {:>4} → {:<4} {}{source}{together}",
                pad(name(m.rider), columns),
                m.from,
                m.to,
                played[card].1
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
            let names: Vec<&str> = p.riders.iter().map(|&r| name(r)).collect();
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
            .map(|h| cards_text(lang, &h.ascending()))
            .unwrap_or_default();
        let _ = writeln!(
            replacements,
            "  {}  {:>2}  {}",
            pad(name(i), columns),
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

/// A hand's cards as the text writes them: `3 10 10`; `3、10、10`.
fn cards_text(lang: Lang, cards: &[u16]) -> String {
    cards
        .iter()
        .map(u16::to_string)
        .collect::<Vec<_>>()
        .join(&lang.t("ba-card-separator"))
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
    let places = position.places();
    let mut out = format!("{}\n", lang.t("ba-team-standings"));
    for t in position.standings() {
        let t = usize::from(t);
        let best = best[t]
            .map(|p| tr!(lang, "ba-best-finisher", place = ordinal(lang, p)))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {} {} {}{best}",
            tr!(lang, "ba-rank", rank = places[t]),
            pad(&race.teams()[t], 12),
            points_word(lang, points[t])
        );
    }
    out
}

fn result(race: &Race, position: &Position) -> String {
    let lang = race.lang;
    let over = match crate::bulletin::winners(race.teams(), position).as_slice() {
        [one] => tr!(lang, "ba-race-over", team = *one),
        many => tr!(lang, "ba-race-over-shared", teams = lang.and_list(many)),
    };
    let mut out = format!("\n{over}\n");
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
                tr!(lang, "ba-hand", cards = cards_text(lang, &h.ascending()))
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
