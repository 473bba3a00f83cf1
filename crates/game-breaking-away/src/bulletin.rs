//! A turn told as a cycling site's race bulletin: a headline, two to four sentences and what
//! happened to the reader's own team, all made from the turn's outcome and the positions before
//! and after it (never from a hand), so the text report and the page say the same thing and a
//! replay says it again word for word.

use game_api::report::{and_list, ordinal};
use game_api::{Game, Seat, Viewer};

use crate::game::BreakingAway;
use crate::points::Points;
use crate::position::Position;
use crate::rules::Line;
use crate::turn::{Award, Source, TurnOutcome, Why};

/// The bulletin of one turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bulletin {
    pub headline: String,
    pub story: Vec<String>,
    pub yours: Option<String>,
}

/// What the bulletin reads: the teams' names, the positions around the turn and the orders
/// that arrived (`None`: the team sent nothing).
#[derive(Debug)]
pub struct Turn<'a> {
    pub teams: &'a [String],
    pub before: &'a Position,
    pub after: &'a Position,
    pub outcome: &'a TurnOutcome,
    pub sent: Vec<bool>,
}

impl Turn<'_> {
    fn name(&self, rider: usize) -> String {
        let r = &self.before.riders[rider];
        crate::game::rider_name(self.teams, r.team, r.grade)
    }

    fn names(&self, riders: &[usize]) -> String {
        and_list(&riders.iter().map(|&r| self.name(r)).collect::<Vec<_>>())
    }

    /// Teams with a rider still racing that sent nothing (postal 9.1).
    pub fn silent_teams(&self) -> Vec<usize> {
        (0..self.teams.len())
            .filter(|&t| {
                !self.sent.get(t).copied().unwrap_or(true)
                    && BreakingAway::takes_orders(self.before, Seat(t as u8))
            })
            .collect()
    }

    fn card_played(&self, rider: usize) -> Option<u16> {
        self.outcome
            .moves
            .iter()
            .find(|m| m.rider == rider)
            .map(|m| m.card)
    }

    fn broke_away(&self) -> Vec<(usize, u16)> {
        self.outcome
            .replacements
            .iter()
            .enumerate()
            .filter_map(|(i, r)| match r.map(|r| r.why) {
                Some(Why::BreakingAway { lead }) => Some((i, lead)),
                _ => None,
            })
            .collect()
    }

    fn awards(&self, line: Line) -> Vec<&Award> {
        self.outcome
            .awards
            .iter()
            .filter(|a| a.line == line)
            .collect()
    }
}

fn points(p: Points) -> String {
    format!(
        "{p} {}",
        if p == Points::whole(1) {
            "point"
        } else {
            "points"
        }
    )
}

/// `a 9`, `an 8`, `an 11`: the article a card's number takes when read aloud.
fn a_card(card: u16) -> String {
    let digits = card.to_string();
    if digits.starts_with('8') || card == 11 || card == 18 {
        format!("an {card}")
    } else {
        format!("a {card}")
    }
}

fn squares(n: i32) -> String {
    format!("{n} {}", if n == 1 { "square" } else { "squares" })
}

fn line_name(line: Line) -> &'static str {
    match line {
        Line::Sprint1 => "Sprint 1",
        Line::Sprint2 => "Sprint 2",
        Line::Finish => "the finish",
    }
}

/// The bulletin of `turn`, as `viewer` reads it: only `yours` depends on the viewer.
pub fn bulletin(turn: &Turn, viewer: Viewer) -> Bulletin {
    let mut story = vec![front(turn)];
    story.extend(lines(turn));
    story.extend(silent(turn));
    story.push(standings(turn));
    Bulletin {
        headline: headline(turn),
        story,
        yours: match viewer {
            Viewer::Seat(seat) => Some(yours(turn, seat)),
            _ => None,
        },
    }
}

fn headline(turn: &Turn) -> String {
    let outcome = turn.outcome;
    if outcome.race_over {
        let winner = turn.after.standings()[0];
        return format!("Team {} wins the race", turn.teams[usize::from(winner)]);
    }
    let firsts = |line: Line| {
        turn.awards(line)
            .into_iter()
            .find(|a| a.place == 1)
            .map(|a| a.riders.clone())
    };
    if let Some(riders) = firsts(Line::Finish) {
        return match riders.len() {
            1 => format!("{} is first over the finish line", turn.name(riders[0])),
            _ => format!(
                "{} cross the finish line first together",
                turn.names(&riders)
            ),
        };
    }
    for line in [Line::Sprint2, Line::Sprint1] {
        if let Some(riders) = firsts(line) {
            return match riders.len() {
                1 => format!("{} takes {}", turn.name(riders[0]), line_name(line)),
                _ => format!("{} share {}", turn.names(&riders), line_name(line)),
            };
        }
    }
    match turn.broke_away().as_slice() {
        [(rider, lead)] => return format!("{} breaks away by {}", turn.name(*rider), lead),
        [] => {}
        many => {
            let riders: Vec<usize> = many.iter().map(|&(r, _)| r).collect();
            return format!("{} break away", turn.names(&riders));
        }
    }
    if let Some(&(rider, place)) = outcome.finishers.first() {
        return format!(
            "{} finishes {}",
            turn.name(rider),
            ordinal(usize::from(place))
        );
    }
    for line in [Line::Sprint2, Line::Sprint1] {
        if let Some(a) = turn.awards(line).first() {
            return format!(
                "{} {} {} at {}",
                turn.names(&a.riders),
                if a.riders.len() == 1 {
                    "takes"
                } else {
                    "share"
                },
                ordinal(usize::from(a.place)),
                line_name(line)
            );
        }
    }
    let kept = outcome
        .replacements
        .iter()
        .position(|r| matches!(r.map(|r| r.why), Some(Why::KeptLead)));
    if let Some(rider) = kept {
        return format!("{} keeps the lead", turn.name(rider));
    }
    match front_riders(turn.after).as_slice() {
        [] => "The road is empty".into(),
        [one] => format!("{} leads the race", turn.name(*one)),
        many if many.len() <= 3 => format!("{} share the lead", turn.names(many)),
        many => format!("{} riders share the lead", many.len()),
    }
}

/// The riders on the track, front first (earliest arrival first on a square).
fn road(position: &Position) -> Vec<usize> {
    let mut riders: Vec<usize> = (0..position.riders.len())
        .filter(|&i| position.riders[i].on_track())
        .collect();
    riders.sort_by_key(|&i| (-position.riders[i].distance, position.riders[i].arrival, i));
    riders
}

fn front_riders(position: &Position) -> Vec<usize> {
    let road = road(position);
    let Some(&first) = road.first() else {
        return Vec::new();
    };
    let front = position.riders[first].distance;
    road.into_iter()
        .take_while(|&i| position.riders[i].distance == front)
        .collect()
}

/// Who is in front, by how much, and how far from the finish; or how the race ended.
fn front(turn: &Turn) -> String {
    let after = turn.after;
    if turn.outcome.race_over {
        let n = after.finished_count();
        return format!(
            "The race is over after {} turns, with {n} {} over the finish line.",
            turn.outcome.turn,
            if n == 1 { "rider" } else { "riders" }
        );
    }
    let road = road(after);
    let leaders = front_riders(after);
    let Some(&leader) = leaders.first() else {
        return "The road is empty: every rider has finished or retired.".into();
    };
    let front = after.riders[leader].distance;
    let to_go = after.rules.set.line_distance(Line::Finish) + 1 - front;
    let from_finish = format!("{} from the finish", squares(to_go));
    if leaders.len() > 1 {
        let who = if leaders.len() <= 4 {
            turn.names(&leaders)
        } else {
            format!("{} riders", leaders.len())
        };
        return format!("At the front, {who} ride level, {from_finish}.");
    }
    let chasers: Vec<usize> = match road.get(1) {
        Some(&next) => road
            .iter()
            .copied()
            .filter(|&i| after.riders[i].distance == after.riders[next].distance)
            .collect(),
        None => Vec::new(),
    };
    let why = turn.outcome.replacements[leader].map(|r| r.why);
    let how = match (why, turn.card_played(leader)) {
        (Some(Why::BreakingAway { .. }), Some(card)) => {
            format!("broke away with {} and leads alone", a_card(card))
        }
        (Some(Why::KeptLead), Some(card)) => format!("kept the lead with {}", a_card(card)),
        (_, Some(card)) => format!("played {} and leads", a_card(card)),
        (_, None) => "leads".to_string(),
    };
    let gap = match chasers.first() {
        Some(&c) => format!(
            ", {} clear of {}",
            squares(front - after.riders[c].distance),
            if chasers.len() <= 4 {
                turn.names(&chasers)
            } else {
                format!("{} riders", chasers.len())
            }
        ),
        None => ", alone on the road".to_string(),
    };
    format!(
        "Out in front, {} {how}{gap}, {from_finish}.",
        turn.name(leader)
    )
}

/// The places taken at the lines this turn, in one sentence.
fn lines(turn: &Turn) -> Option<String> {
    let mut clauses = Vec::new();
    for line in Line::ALL {
        let awards = turn.awards(line);
        let mut items: Vec<String> = awards
            .iter()
            .map(|a| {
                let place = ordinal(usize::from(a.place));
                match a.riders.len() {
                    1 => format!(
                        "{} took {place} ({})",
                        turn.name(a.riders[0]),
                        points(a.points)
                    ),
                    _ => format!(
                        "{} shared {place} ({} each)",
                        turn.names(&a.riders),
                        points(a.points)
                    ),
                }
            })
            .collect();
        if line == Line::Finish {
            for &(r, place) in &turn.outcome.finishers {
                if !awards.iter().any(|a| a.riders.contains(&r)) {
                    items.push(format!(
                        "{} finished {} without points",
                        turn.name(r),
                        ordinal(usize::from(place))
                    ));
                }
            }
        }
        if !items.is_empty() {
            clauses.push(format!("at {}, {}", line_name(line), and_list(&items)));
        }
    }
    let sentence = clauses.join("; ");
    let mut chars = sentence.chars();
    let first = chars.next()?;
    Some(format!("{}{}.", first.to_uppercase(), chars.as_str()))
}

/// The teams that sent nothing, and what their riders played for them.
fn silent(turn: &Turn) -> Option<String> {
    let teams = turn.silent_teams();
    let dropped: Vec<(usize, u16)> = turn
        .outcome
        .moves
        .iter()
        .filter(|m| m.source == Source::Dropped)
        .map(|m| (m.rider, m.card))
        .collect();
    let mut parts = Vec::new();
    if !teams.is_empty() {
        let played: Vec<String> = turn
            .outcome
            .moves
            .iter()
            .filter(|m| {
                m.source == Source::Nmr
                    && teams.contains(&usize::from(turn.before.riders[m.rider].team))
            })
            .map(|m| format!("{} {}", turn.name(m.rider), m.card))
            .collect();
        let names: Vec<&str> = teams.iter().map(|&t| turn.teams[t].as_str()).collect();
        let (who, their) = match names.as_slice() {
            [one] => (format!("Team {one}"), "its"),
            _ => (format!("Teams {}", and_list(&names)), "their"),
        };
        parts.push(format!(
            "{who} sent no moves, so {their} riders played their highest cards: {}",
            and_list(&played)
        ));
    }
    if !dropped.is_empty() {
        let items: Vec<String> = dropped
            .iter()
            .map(|&(r, card)| format!("{} {card}", turn.name(r)))
            .collect();
        parts.push(format!(
            "{} {}: {}",
            if parts.is_empty() { "The" } else { "the" },
            if dropped.len() == 1 {
                "dropped rider played its highest card"
            } else {
                "dropped riders played their highest cards"
            },
            and_list(&items)
        ));
    }
    (!parts.is_empty()).then(|| format!("{}.", parts.join("; ")))
}

/// The team standings in a sentence: the leader and its margin, or the winner.
fn standings(turn: &Turn) -> String {
    let after = turn.after;
    let order = after.standings();
    let totals = after.team_points();
    let team = |k: usize| turn.teams[usize::from(order[k])].as_str();
    let total = |k: usize| totals[usize::from(order[k])];
    if total(0) == Points::ZERO && !turn.outcome.race_over {
        return "No team has scored yet.".into();
    }
    let (verb, on) = if turn.outcome.race_over {
        ("wins", "with")
    } else {
        ("leads the standings", "on")
    };
    if order.len() < 2 {
        return format!("Team {} {verb} {on} {}.", team(0), points(total(0)));
    }
    let second = 1;
    let margin = total(0).minus(total(second));
    if margin == Points::ZERO {
        format!(
            "Team {} {verb} {on} {}, level with team {} but ahead on its best-placed rider.",
            team(0),
            points(total(0)),
            team(second)
        )
    } else {
        format!(
            "Team {} {verb} {on} {}, {} ahead of team {}.",
            team(0),
            points(total(0)),
            points(margin),
            team(second)
        )
    }
}

/// What happened to `seat`'s riders this turn, in a sentence.
fn yours(turn: &Turn, seat: Seat) -> String {
    let mine = |r: usize| turn.before.riders[r].team == seat.0;
    let silent = turn.silent_teams().contains(&seat.index());
    let moves: Vec<String> = turn
        .outcome
        .moves
        .iter()
        .filter(|m| mine(m.rider))
        .map(|m| {
            format!(
                "{}{} {} ({} → {})",
                turn.name(m.rider),
                if silent { "" } else { " played" },
                m.card,
                m.from,
                m.to
            )
        })
        .collect();
    let mut parts = vec![match (silent, moves.is_empty()) {
        (_, true) => "Your riders did not race this turn".to_string(),
        (true, false) => format!(
            "You sent no moves, so your riders played their highest cards: {}",
            and_list(&moves)
        ),
        (false, false) => format!("Your riders: {}", and_list(&moves)),
    }];
    for line in Line::ALL {
        for a in turn.awards(line) {
            let own: Vec<usize> = a.riders.iter().copied().filter(|&r| mine(r)).collect();
            if own.is_empty() {
                continue;
            }
            parts.push(format!(
                "{} {} {} at {} ({})",
                turn.names(&own),
                if a.riders.len() > 1 { "shared" } else { "took" },
                ordinal(usize::from(a.place)),
                line_name(line),
                points(a.points)
            ));
        }
    }
    let breakaway: Vec<usize> = turn
        .broke_away()
        .into_iter()
        .map(|(r, _)| r)
        .filter(|&r| mine(r))
        .collect();
    if !breakaway.is_empty() {
        parts.push(format!("{} broke away", turn.names(&breakaway)));
    }
    let order = turn.after.standings();
    let rank = order.iter().position(|&t| t == seat.0).unwrap_or(0);
    let total = turn.after.team_points()[seat.index()];
    parts.push(format!(
        "team {} {} {} of {} {} {}",
        turn.teams[seat.index()],
        if turn.outcome.race_over {
            "finishes"
        } else {
            "is"
        },
        ordinal(rank + 1),
        order.len(),
        if turn.outcome.race_over { "with" } else { "on" },
        points(total)
    ));
    format!("{}.", parts.join("; "))
}
