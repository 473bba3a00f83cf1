//! A round told as a walker's diary: a headline, two to four sentences and what the reader's
//! own walker did, all made from the round's outcomes and the day before and after it (never
//! from a hand or a purse), so the text report and the page say the same thing and a replay
//! says it again word for word.

use game_api::{Lang, Seat, Viewer};
use locale::tr;

use crate::Weather;
use crate::clock::{self, Special};
use crate::day::{Day, Did, RucksackHow, Score, TurnOutcome};
use crate::map::Map;
use crate::words::place_words;

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
    /// The reader's language.
    pub lang: Lang,
}

fn points(lang: Lang, p: i32) -> String {
    let count = if p.abs() == 1 { "one" } else { "other" };
    tr!(lang, "bb-points", points = p, count = count)
}

fn weather_word(lang: Lang, w: Weather) -> String {
    lang.t(match w {
        Weather::Sunny => "bb-sunny",
        Weather::Cloudy => "bb-cloudy",
    })
}

/// An order of arrival: `2nd` in English, `2番目` in Japanese.
fn arrival(lang: Lang, order: u8) -> String {
    tr!(
        lang,
        "bb-arrival",
        n = order,
        place = lang.place(usize::from(order))
    )
}

/// `yes` or `no`, as the messages select on.
fn yes(b: bool) -> &'static str {
    if b { "yes" } else { "no" }
}

impl Round<'_> {
    fn map(&self) -> &Map {
        &self.before.map
    }

    fn location_name(&self, location: u8) -> &str {
        &self.map().locations[usize::from(location)].name
    }

    /// The walkers best first, as the standings (walkers not back last, 5.2).
    fn order(&self) -> Vec<usize> {
        self.after.ranking()
    }

    /// The walkers in first place and back (more than one when level on points; none at the
    /// day's end when nobody got back, 5.2), in seating order.
    fn leaders(&self) -> Vec<&str> {
        self.after
            .winners()
            .into_iter()
            .map(|w| self.walkers[w].as_str())
            .collect()
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

    /// The walkers whose day ended this round, and the turn each arrived back in Keswick: the
    /// arrival the standings show and the finish scores (5.1.12, B&B-9), not the turn the
    /// walker ordered `finish` or 18:00 came.
    fn finished(&self) -> Vec<(usize, u8)> {
        let mut out = Vec::new();
        for o in self.outcomes {
            for (w, t) in o.walkers.iter().enumerate() {
                if t.finished {
                    let arrived = self.after.walkers.get(w).and_then(|k| k.finished);
                    out.push((w, arrived.unwrap_or(o.turn)));
                }
            }
        }
        out
    }

    /// The walkers not back in Keswick when the day ended this round: every point they had is
    /// lost (1.3), so the standings give them none.
    fn not_back(&self) -> Vec<usize> {
        (0..self.walkers.len())
            .filter(|&w| {
                self.after.walkers.get(w).is_some_and(|k| k.lost)
                    && !self.before.walkers.get(w).is_some_and(|k| k.lost)
            })
            .collect()
    }

    fn day_over(&self) -> bool {
        self.outcomes.iter().any(|o| o.day_over) || self.after.is_over()
    }

    /// The clauses of a sentence joined, and the sentence ended.
    fn sentence(&self, clauses: &[String]) -> String {
        let lang = self.lang;
        format!(
            "{}{}",
            clauses.join(&lang.t("bb-clause-separator")),
            lang.t("bb-sentence-end")
        )
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
    let lang = round.lang;
    if round.day_over() {
        return match round.leaders().as_slice() {
            [] => lang.t("bb-head-nobody-back"),
            [one] => tr!(lang, "bb-head-wins", walker = *one),
            many => tr!(lang, "bb-head-share-win", walkers = lang.and_list(many)),
        };
    }
    let targets = round.targets();
    if let Some(&(w, location, _, _)) = targets.iter().find(|t| t.2 == 1) {
        return tr!(
            lang,
            "bb-head-first-to-reach",
            walker = names[w].as_str(),
            location = round.location_name(location)
        );
    }
    if let Some(&(w, location, order, _)) = targets.first() {
        return tr!(
            lang,
            "bb-head-reaches",
            walker = names[w].as_str(),
            location = round.location_name(location),
            order = arrival(lang, order)
        );
    }
    if let Some(&(w, _)) = round.finished().first() {
        return tr!(lang, "bb-head-back", walker = names[w].as_str());
    }
    if let Some(m) = round.outcomes.iter().flat_map(|o| &o.rucksack).last() {
        return tr!(
            lang,
            "bb-head-rucksack",
            walker = names[usize::from(m.to)].as_str()
        );
    }
    if let Some(&(_, weather)) = round
        .outcomes
        .iter()
        .flat_map(|o| &o.weather_changes)
        .last()
    {
        return tr!(
            lang,
            "bb-head-weather",
            weather = weather_word(lang, weather)
        );
    }
    let leader = round.order()[0];
    if round.after.final_points(leader) == 0 {
        return lang.t("bb-head-nobody");
    }
    tr!(lang, "bb-head-leads", walker = names[leader].as_str())
}

/// The round's hours and weather, and who scored most in it (points scored this round, not
/// the day's total: on the last round a walker not back loses them, 1.3).
fn opening(round: &Round) -> String {
    let lang = round.lang;
    let first = &round.outcomes[0];
    let times: Vec<String> = round
        .outcomes
        .iter()
        .map(|o| clock::time_text(o.turn))
        .collect();
    let special = match clock::special(first.turn) {
        Special::Lunch => lang.t("bb-at-lunch"),
        Special::Coffee => lang.t("bb-at-coffee"),
        _ => String::new(),
    };
    let when = tr!(
        lang,
        "bb-when",
        times = lang.and_list(&times),
        special = special,
        weather = weather_word(lang, first.weather)
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
                tr!(
                    lang,
                    "bb-scored-most",
                    when = when,
                    walker = round.walkers[w].as_str(),
                    points = points(lang, p)
                )
            } else {
                let mut all = vec![round.walkers[w].as_str()];
                all.extend(level);
                tr!(
                    lang,
                    "bb-scored-most-level",
                    when = when,
                    walkers = lang.and_list(&all),
                    points = points(lang, p)
                )
            }
        }
        _ => tr!(lang, "bb-nobody-scored", when = when),
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
    let lang = round.lang;
    let clauses: Vec<String> = first_seen
        .iter()
        .enumerate()
        .map(|(c, &location)| {
            let walkers: Vec<String> = reached
                .iter()
                .filter(|t| t.1 == location)
                .enumerate()
                .map(|(k, &(w, _, order, p))| {
                    tr!(
                        lang,
                        "bb-target-walker",
                        walker = round.walkers[w].as_str(),
                        first = yes(k == 0),
                        order = arrival(lang, order),
                        points = format!("{p:+}")
                    )
                })
                .collect();
            tr!(
                lang,
                "bb-target-clause",
                first = yes(c == 0),
                location = round.location_name(location),
                walkers = lang.clause_list(&walkers)
            )
        })
        .collect();
    (!clauses.is_empty()).then(|| round.sentence(&clauses))
}

/// Walkers who sent nothing, the Heavy Rucksack, the weather cards, walkers back home and, at
/// the day's end, every walker not back, whose points are lost (1.3).
fn events(round: &Round) -> Option<String> {
    let names = round.walkers;
    let lang = round.lang;
    let mut parts: Vec<String> = Vec::new();
    let silent: Vec<&str> = names
        .iter()
        .zip(round.nmr)
        .filter(|(_, n)| **n)
        .map(|(name, _)| name.as_str())
        .collect();
    if !silent.is_empty() {
        parts.push(tr!(lang, "bb-rested-nmr", walkers = lang.and_list(&silent)));
    }
    for o in round.outcomes {
        for m in &o.rucksack {
            let to = names[usize::from(m.to)].as_str();
            // A sentence opening with a walker's name keeps the name as written; one opening
            // with "the" or "by" is capitalised by its message.
            let first = yes(parts.is_empty());
            parts.push(match (m.how, m.from) {
                (RucksackHow::Drawn, _) => tr!(lang, "bb-rucksack-drawn", first = first, to = to),
                (RucksackHow::Voted, Some(from)) => tr!(
                    lang,
                    "bb-rucksack-voted",
                    first = first,
                    from = names[usize::from(from)].as_str(),
                    to = to
                ),
                (_, Some(from)) => tr!(
                    lang,
                    "bb-rucksack-passed",
                    first = first,
                    from = names[usize::from(from)].as_str(),
                    to = to
                ),
                (_, None) => tr!(lang, "bb-rucksack-took", to = to),
            });
        }
        for &(w, weather) in &o.weather_changes {
            parts.push(tr!(
                lang,
                "bb-weather-card",
                walker = names[usize::from(w)].as_str(),
                weather = weather_word(lang, weather)
            ));
        }
    }
    for (w, turn) in round.finished() {
        parts.push(tr!(
            lang,
            "bb-back-in-keswick",
            walker = names[w].as_str(),
            time = clock::time_text(turn)
        ));
    }
    let not_back: Vec<&str> = round
        .not_back()
        .into_iter()
        .map(|w| names[w].as_str())
        .collect();
    if !not_back.is_empty() {
        parts.push(tr!(
            lang,
            "bb-lost-not-back",
            walkers = lang.and_list(&not_back),
            count = if not_back.len() == 1 { "one" } else { "other" }
        ));
    }
    (!parts.is_empty()).then(|| round.sentence(&parts))
}

/// The standings in a sentence: the leader and its margin, or the winner, among the walkers
/// back in Keswick (one not back has lost the game, 5.2, and is behind them all).
fn standings(round: &Round) -> String {
    let names = round.walkers;
    let lang = round.lang;
    let day = round.after;
    let order: Vec<usize> = round
        .order()
        .into_iter()
        .filter(|&w| !day.walkers[w].lost)
        .collect();
    let Some(&first) = order.first() else {
        return lang.t("bb-standings-nobody-back");
    };
    let lead = day.final_points(first);
    let over = round.day_over();
    let next = if over {
        String::new()
    } else {
        tr!(lang, "bb-next", time = clock::time_text(day.turn))
    };
    let walker = names[first].as_str();
    let Some(&second) = order.get(1) else {
        return tr!(
            lang,
            "bb-standings-alone",
            walker = walker,
            over = yes(over),
            points = points(lang, lead),
            next = next
        );
    };
    let margin = lead - day.final_points(second);
    // Every walker sharing the second place (B&B-17): naming one of two level in 2nd would
    // tell the reader the other is behind.
    let runners_up: Vec<&str> = order[1..]
        .iter()
        .filter(|&&w| day.final_points(w) == day.final_points(second))
        .map(|&w| names[w].as_str())
        .collect();
    if !over && lead == 0 {
        return tr!(lang, "bb-nobody-has-a-point", next = next);
    }
    if margin == 0 {
        tr!(
            lang,
            "bb-standings-shared",
            walkers = lang.and_list(&round.leaders()),
            over = yes(over),
            points = points(lang, lead),
            next = next
        )
    } else {
        tr!(
            lang,
            "bb-standings-ahead",
            walker = walker,
            over = yes(over),
            points = points(lang, lead),
            margin = points(lang, margin),
            second = lang.and_list(&runners_up),
            next = next
        )
    }
}

/// What `seat`'s walker did this round, in a sentence.
fn yours(round: &Round, seat: Seat) -> String {
    let w = seat.index();
    let lang = round.lang;
    let map = round.map();
    let mut done = Vec::new();
    for o in round.outcomes {
        let Some(t) = o.walkers.get(w) else { continue };
        let at = place_words(lang, map, t.to);
        let what = match &t.did {
            Did::Off => continue,
            Did::Rested if round.nmr.get(w).copied().unwrap_or(false) => {
                tr!(lang, "bb-did-rested-nmr", at = at)
            }
            Did::Rested => tr!(lang, "bb-did-rested", at = at),
            // A walk that took no step (none ordered, or cut short, B&B-7): the card played.
            Did::Walked { .. } if t.steps.is_empty() => tr!(lang, "bb-did-walk-stayed", at = at),
            Did::Walked { .. } => tr!(lang, "bb-did-walked", n = t.steps.len(), at = at),
            Did::Tea => tr!(lang, "bb-did-tea", at = at),
            Did::Ferry { to, landed: true } => {
                tr!(lang, "bb-did-ferry", location = round.location_name(*to))
            }
            Did::Ferry { landed: false, .. } => lang.t("bb-did-ferry-not-landed"),
            Did::Bus { to } => tr!(lang, "bb-did-bus", location = round.location_name(*to)),
            Did::Blister => tr!(lang, "bb-did-blister", at = at),
            Did::Break => tr!(lang, "bb-did-break", at = at),
            Did::Afloat => lang.t("bb-did-afloat"),
        };
        let moved_back = if t.bumped {
            lang.t("bb-moved-back")
        } else {
            String::new()
        };
        done.push(tr!(
            lang,
            "bb-you-did",
            first = yes(done.is_empty()),
            time = clock::time_text(o.turn),
            what = what,
            moved_back = moved_back
        ));
    }
    let not_back = round.not_back().contains(&w);
    let mut parts = Vec::new();
    if !done.is_empty() {
        parts.push(lang.clause_list(&done));
    } else if !not_back {
        parts.push(lang.t("bb-walk-done"));
    }
    let scored = round.scored(w);
    if scored != 0 {
        parts.push(tr!(lang, "bb-this-round", points = format!("{scored:+}")));
    }
    // Not back at the day's end: said whatever the walker did, since the points just told
    // are lost with the rest (1.3), and the day with them (5.2): there is no place to tell.
    parts.push(if not_back {
        tr!(lang, "bb-not-back", first = yes(parts.is_empty()))
    } else {
        standing(round, w)
    });
    round.sentence(&parts)
}

/// Where walker `w` stands after the round, for its own sentence.
fn standing(round: &Round, w: usize) -> String {
    let lang = round.lang;
    let places = round.after.places();
    let nobody = (0..places.len()).all(|v| round.after.final_points(v) == 0);
    if nobody && !round.day_over() {
        return lang.t("bb-your-no-point");
    }
    let place = places[w];
    tr!(
        lang,
        "bb-your-standing",
        over = yes(round.day_over()),
        joint = yes(places.iter().filter(|&&p| p == place).count() > 1),
        place = lang.place(usize::from(place)),
        walkers = places.len(),
        points = points(lang, round.after.final_points(w))
    )
}
