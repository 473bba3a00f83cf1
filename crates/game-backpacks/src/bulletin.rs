//! A round told as a walker's diary: a headline, two to four sentences and what the reader's
//! own walker did, all made from the round's outcomes and the day before and after it (never
//! from a hand or a purse), so the text report and the page say the same thing and a replay
//! says it again word for word.

use game_api::report::{and_list, ordinal};
use game_api::{Seat, Viewer};

use crate::Weather;
use crate::clock::{self, Special};
use crate::day::{Day, Did, Place, RucksackHow, Score, TurnOutcome};
use crate::map::Map;

/// The bulletin of one round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bulletin {
    pub headline: String,
    pub story: Vec<String>,
    pub yours: Option<String>,
}

/// What the bulletin reads: the walkers' names, the day around the round, its turns, and
/// which walkers were out and sent no orders (they rest, B&B-11).
#[derive(Debug)]
pub struct Round<'a> {
    pub walkers: &'a [String],
    pub before: &'a Day,
    pub after: &'a Day,
    pub outcomes: &'a [TurnOutcome],
    pub nmr: &'a [bool],
}

/// Where a walker stands, in words: `at Latrigg`, `on the path from Latrigg to Skiddaw, 4 of
/// 6`, `on the lake`.
pub fn place_words(map: &Map, place: Place) -> String {
    match place {
        Place::At(space) => {
            if let Some(location) = map.location_at(space) {
                format!("at {}", location.name)
            } else if let Some((path, k)) = map.on_path(space) {
                format!(
                    "on the path from {} to {}, {k} of {}",
                    map.locations[usize::from(path.ends[0])].name,
                    map.locations[usize::from(path.ends[1])].name,
                    path.spaces.len()
                )
            } else {
                format!("at {}", map.space_id(space))
            }
        }
        Place::Lake { .. } => "on the lake".into(),
    }
}

fn points(p: i32) -> String {
    format!("{p} {}", if p.abs() == 1 { "point" } else { "points" })
}

fn weather_word(w: Weather) -> &'static str {
    match w {
        Weather::Sunny => "sunny",
        Weather::Cloudy => "cloudy",
    }
}

impl Round<'_> {
    fn map(&self) -> &Map {
        &self.before.map
    }

    fn location_name(&self, location: u8) -> &str {
        &self.map().locations[usize::from(location)].name
    }

    /// The walkers' final points, best first (ties in seating order), as the standings.
    fn order(&self) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.walkers.len()).collect();
        order.sort_by_key(|&w| (-self.after.final_points(w), w));
        order
    }

    /// Points scored in the round by walker `w`.
    fn scored(&self, w: usize) -> i32 {
        self.outcomes
            .iter()
            .filter_map(|o| o.walkers.get(w))
            .flat_map(|t| t.scores.iter().map(|&(_, p)| p))
            .sum()
    }

    /// Every target reached this round: (walker, location, order, points), in the order
    /// they happened.
    fn targets(&self) -> Vec<(usize, u8, u8, i32)> {
        let mut out = Vec::new();
        for o in self.outcomes {
            for (w, t) in o.walkers.iter().enumerate() {
                for &(score, p) in &t.scores {
                    if let Score::Target { location, order } = score {
                        out.push((w, location, order, p));
                    }
                }
            }
        }
        out
    }

    fn finished(&self) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for o in self.outcomes {
            for (w, t) in o.walkers.iter().enumerate() {
                if t.finished {
                    out.push((w, o.turn));
                }
            }
        }
        out
    }

    fn day_over(&self) -> bool {
        self.outcomes.iter().any(|o| o.day_over) || self.after.is_over()
    }
}

/// The bulletin of `round`, as `viewer` reads it: only `yours` depends on the viewer.
pub fn bulletin(round: &Round, viewer: Viewer) -> Bulletin {
    let mut story = vec![opening(round)];
    story.extend(targets(round));
    story.extend(events(round));
    story.push(standings(round));
    Bulletin {
        headline: headline(round),
        story,
        yours: match viewer {
            Viewer::Seat(seat) => Some(yours(round, seat)),
            _ => None,
        },
    }
}

fn headline(round: &Round) -> String {
    let names = round.walkers;
    if round.day_over() {
        let winner = round.order()[0];
        return format!("{} wins the day", names[winner]);
    }
    let targets = round.targets();
    if let Some(&(w, location, _, _)) = targets.iter().find(|t| t.2 == 1) {
        return format!(
            "{} is first to reach {}",
            names[w],
            round.location_name(location)
        );
    }
    if let Some(&(w, location, order, _)) = targets.first() {
        return format!(
            "{} reaches {}, {}",
            names[w],
            round.location_name(location),
            ordinal(usize::from(order))
        );
    }
    if let Some(&(w, _)) = round.finished().first() {
        return format!("{} is back in Keswick", names[w]);
    }
    if let Some(m) = round.outcomes.iter().flat_map(|o| &o.rucksack).last() {
        return format!("The Heavy Rucksack goes to {}", names[usize::from(m.to)]);
    }
    if let Some(&(_, weather)) = round
        .outcomes
        .iter()
        .flat_map(|o| &o.weather_changes)
        .last()
    {
        return format!("The weather turns {}", weather_word(weather));
    }
    let leader = round.order()[0];
    if round.after.final_points(leader) == 0 {
        return "Nobody has scored yet".into();
    }
    format!("{} leads the walk", names[leader])
}

/// The round's hours and weather, and who scored most in it.
fn opening(round: &Round) -> String {
    let first = &round.outcomes[0];
    let times: Vec<String> = round
        .outcomes
        .iter()
        .map(|o| clock::time_text(o.turn))
        .collect();
    let special = match clock::special(first.turn) {
        Special::Lunch => " at lunch",
        Special::Coffee => " at the coffee break",
        _ => "",
    };
    let when = format!(
        "{}{special}, {}",
        and_list(&times),
        weather_word(first.weather)
    );
    let best = (0..round.walkers.len())
        .map(|w| (round.scored(w), w))
        .max_by_key(|&(p, w)| (p, std::cmp::Reverse(w)));
    match best {
        Some((p, w)) if p > 0 => {
            let level: Vec<&str> = (0..round.walkers.len())
                .filter(|&v| v != w && round.scored(v) == p)
                .map(|v| round.walkers[v].as_str())
                .collect();
            if level.is_empty() {
                format!("{when}: {} scored most, {}.", round.walkers[w], points(p))
            } else {
                let mut all = vec![round.walkers[w].as_str()];
                all.extend(level);
                format!(
                    "{when}: {} scored most, {} each.",
                    and_list(&all),
                    points(p)
                )
            }
        }
        _ => format!("{when}: nobody scored."),
    }
}

/// The targets reached this round, each with its walkers in the order they arrived.
fn targets(round: &Round) -> Option<String> {
    let mut reached = round.targets();
    // Targets in the order first reached this round; at each, walkers in arrival order.
    let first_seen: Vec<u8> = reached.iter().fold(Vec::new(), |mut seen, t| {
        if !seen.contains(&t.1) {
            seen.push(t.1);
        }
        seen
    });
    reached.sort_by_key(|&(_, location, order, _)| {
        (first_seen.iter().position(|&l| l == location), order)
    });
    let clauses: Vec<String> = first_seen
        .iter()
        .map(|&location| {
            let walkers: Vec<String> = reached
                .iter()
                .filter(|t| t.1 == location)
                .enumerate()
                .map(|(k, &(w, _, order, p))| {
                    format!(
                        "{}{} {} ({p:+})",
                        round.walkers[w],
                        if k == 0 { " arrived" } else { "" },
                        ordinal(usize::from(order))
                    )
                })
                .collect();
            format!(
                "at {}, {}",
                round.location_name(location),
                and_list(&walkers)
            )
        })
        .collect();
    let sentence = clauses.join("; ");
    let rest = sentence.strip_prefix("at ")?;
    Some(format!("At {rest}."))
}

/// Walkers who sent nothing, the Heavy Rucksack, the weather cards and walkers back home.
fn events(round: &Round) -> Option<String> {
    let names = round.walkers;
    let mut parts = Vec::new();
    let silent: Vec<&str> = names
        .iter()
        .zip(round.nmr)
        .filter(|(_, n)| **n)
        .map(|(name, _)| name.as_str())
        .collect();
    if !silent.is_empty() {
        parts.push(format!("{} sent no orders and rested", and_list(&silent)));
    }
    for o in round.outcomes {
        for m in &o.rucksack {
            let to = &names[usize::from(m.to)];
            parts.push(match (m.how, m.from) {
                (RucksackHow::Drawn, _) => {
                    format!("the Heavy Rucksack was drawn and {to} carries it")
                }
                (RucksackHow::Voted, Some(from)) => format!(
                    "by vote the Heavy Rucksack passed from {} to {to}",
                    names[usize::from(from)]
                ),
                (_, Some(from)) => format!(
                    "the Heavy Rucksack passed from {} to {to}",
                    names[usize::from(from)]
                ),
                (_, None) => format!("{to} took the Heavy Rucksack"),
            });
        }
        for &(w, weather) in &o.weather_changes {
            parts.push(format!(
                "{} made it {} with a weather card",
                names[usize::from(w)],
                weather_word(weather)
            ));
        }
    }
    for (w, turn) in round.finished() {
        parts.push(format!(
            "{} was back in Keswick at {}",
            names[w],
            clock::time_text(turn)
        ));
    }
    let sentence = parts.join("; ");
    if sentence.is_empty() {
        return None;
    }
    // A sentence opening with a walker's name keeps the name as written.
    Some(match sentence.strip_prefix("the ") {
        Some(rest) => format!("The {rest}."),
        None => match sentence.strip_prefix("by ") {
            Some(rest) => format!("By {rest}."),
            None => format!("{sentence}."),
        },
    })
}

/// The standings in a sentence: the leader and its margin, or the winner.
fn standings(round: &Round) -> String {
    let names = round.walkers;
    let order = round.order();
    let day = round.after;
    let lead = day.final_points(order[0]);
    let over = round.day_over();
    let (verb, on) = if over {
        ("wins the day", "with")
    } else {
        ("leads", "on")
    };
    let next = if over {
        String::new()
    } else {
        format!("; next: {}", clock::time_text(day.turn))
    };
    let Some(&second) = order.get(1) else {
        return format!("{} {verb} {on} {}{next}.", names[order[0]], points(lead));
    };
    let margin = lead - day.final_points(second);
    if !over && lead == 0 {
        return format!("Nobody has a point yet{next}.");
    }
    if margin == 0 {
        format!(
            "{} {verb} {on} {}, level with {}{next}.",
            names[order[0]],
            points(lead),
            names[second]
        )
    } else {
        format!(
            "{} {verb} {on} {}, {} ahead of {}{next}.",
            names[order[0]],
            points(lead),
            points(margin),
            names[second]
        )
    }
}

/// What `seat`'s walker did this round, in a sentence.
fn yours(round: &Round, seat: Seat) -> String {
    let w = seat.index();
    let map = round.map();
    let mut done = Vec::new();
    for o in round.outcomes {
        let Some(t) = o.walkers.get(w) else { continue };
        let at = place_words(map, t.to);
        let what = match &t.did {
            Did::Off => continue,
            Did::Rested if round.nmr.get(w).copied().unwrap_or(false) => {
                format!("rested {at} (no orders)")
            }
            Did::Rested => format!("rested {at}"),
            Did::Walked { .. } => {
                let n = t.steps.len();
                format!(
                    "walked {n} {}, ending {at}",
                    if n == 1 { "space" } else { "spaces" }
                )
            }
            Did::Tea => format!("took tea {at}"),
            Did::Ferry { to, landed: true } => {
                format!("took the ferry to {}", round.location_name(*to))
            }
            Did::Ferry { landed: false, .. } => "took a ferry that could not land".into(),
            Did::Bus { to } => format!("took the bus to {}", round.location_name(*to)),
            Did::Blister => format!("nursed a blister {at}"),
            Did::Break => format!("stopped {at}"),
            Did::Afloat => "waited on the lake".into(),
        };
        let moved_back = if t.bumped { ", moved back" } else { "" };
        done.push(format!(
            "at {} you {what}{moved_back}",
            clock::time_text(o.turn)
        ));
    }
    let order = round.order();
    let rank = order.iter().position(|&v| v == w).unwrap_or(0);
    let total = round.after.final_points(w);
    let standing = format!(
        "you {} {} of {} {} {}",
        if round.day_over() { "finish" } else { "are" },
        ordinal(rank + 1),
        order.len(),
        if round.day_over() { "with" } else { "on" },
        points(total)
    );
    let walker = &round.after.walkers[w];
    let mut parts = Vec::new();
    if done.is_empty() {
        parts.push(if walker.lost {
            "You were not back by 18:00".to_string()
        } else {
            "Your day's walk is done".to_string()
        });
    } else {
        let mut said = and_list(&done);
        said.replace_range(..1, "A");
        parts.push(said);
    }
    let scored = round.scored(w);
    if scored != 0 {
        parts.push(format!("{scored:+} this round"));
    }
    parts.push(standing);
    format!("{}.", parts.join("; "))
}
