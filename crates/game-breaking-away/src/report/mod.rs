//! Turn reports and race reports, the way a zine printed them: the bulletin
//! ([`crate::bulletin`]: a headline and a few sentences), the moves, the sprint and finish
//! results, the road as a strip of the track, the replacement cards (to their owners only) and
//! the team standings, as plain text for mail ([`text`]) and as a typed view for the page
//! ([`page`]), from the same facts gathered here. Every report is made for one viewer, through
//! [`Position::view`], so no secret reaches the wrong reader; and in the reader's language.

mod page;
mod text;

pub use page::turn_view;
pub use text::{race_report, road, standings, turn_report};

use game_api::report::Span;
use game_api::{Lang, Resolution, Table};
use locale::tr;

use crate::bulletin::Turn;
use crate::game::BreakingAway;
use crate::orders::{Lineup, TeamOrders};
use crate::points::Points;
use crate::position::Position;
use crate::rules::{Grade, Rules};
use crate::rules::{Line, RuleSet, SCORING_PLACES};
use crate::turn::Why;

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

/// A number of points, right-aligned, with its word: `   18 points`, `   18点`.
fn points_word(lang: Lang, points: Points) -> String {
    let count = if points == Points::whole(1) {
        "one"
    } else {
        "other"
    };
    tr!(
        lang,
        "ba-points-word",
        points = format!("{:>5}", points.to_string()),
        count = count
    )
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

/// The turn as the bulletin reads it.
fn told<'a>(race: &'a Race, record: &'a TurnRecord) -> Turn<'a> {
    Turn {
        teams: race.teams(),
        names: record
            .before
            .riders
            .iter()
            .map(|r| race.rider_name(r.team, r.grade))
            .collect(),
        before: &record.before,
        after: &record.after,
        outcome: &record.events[0],
        sent: record.orders.iter().map(Option::is_some).collect(),
        lang: race.lang,
    }
}

/// The teams with a rider still racing that sent nothing (postal 9.1); a team whose riders
/// have all finished or left has nothing to send.
fn silent_team_names<'a>(race: &'a Race, turn: &Turn) -> Vec<&'a str> {
    turn.silent_teams()
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
