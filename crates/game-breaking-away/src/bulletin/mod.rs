//! A turn told as a cycling site's race bulletin: a headline, two to four sentences and what
//! happened to the reader's own team, all made from the turn's outcome and the positions before
//! and after it (never from a hand), so the text report and the page say the same thing and a
//! replay says it again word for word.

use game_api::{Game, Lang, Seat, Viewer};
use locale::tr;

use crate::game::BreakingAway;
use crate::points::Points;
use crate::position::Position;
use crate::rules::Line;
use crate::turn::{Award, Source, TurnOutcome, Why};

mod standings;

use standings::standings;
pub(crate) use standings::winners;

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
    /// Each rider's name (`Red-A`), made once: a bulletin names most of them.
    pub names: Vec<String>,
    pub before: &'a Position,
    pub after: &'a Position,
    pub outcome: &'a TurnOutcome,
    pub sent: Vec<bool>,
    /// The reader's language.
    pub lang: Lang,
}

impl Turn<'_> {
    fn name(&self, rider: usize) -> &str {
        &self.names[rider]
    }

    fn names(&self, riders: &[usize]) -> String {
        self.lang
            .and_list(&riders.iter().map(|&r| self.name(r)).collect::<Vec<_>>())
    }

    fn place(&self, place: u16) -> String {
        self.lang.place(usize::from(place))
    }

    fn points(&self, p: Points) -> String {
        points(self.lang, p)
    }

    /// The clauses of a sentence joined, and the sentence ended.
    fn sentence(&self, clauses: &[String]) -> String {
        let lang = self.lang;
        format!(
            "{}{}",
            clauses.join(&lang.t("ba-clause-separator")),
            lang.t("ba-sentence-end")
        )
    }

    /// Whether rider `rider`'s team sent orders this turn: a rider of such a team that played
    /// its highest card was left to it by its player, and is no NMR.
    pub fn sent_orders(&self, rider: usize) -> bool {
        let team = usize::from(self.before.riders[rider].team);
        self.sent.get(team).copied().unwrap_or(false)
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

/// `1 point`, `2½ points`.
pub(crate) fn points(lang: Lang, p: Points) -> String {
    let count = if p == Points::whole(1) {
        "one"
    } else {
        "other"
    };
    tr!(lang, "ba-points", points = p.to_string(), count = count)
}

/// Whether English reads a card's number with "an" (an 8, an 11, an 18).
fn an(card: u16) -> &'static str {
    if card.to_string().starts_with('8') || card == 11 || card == 18 {
        "yes"
    } else {
        "no"
    }
}

fn squares(lang: Lang, n: i32) -> String {
    tr!(lang, "ba-squares", n = n)
}

fn line_name(lang: Lang, line: Line) -> String {
    lang.t(match line {
        Line::Sprint1 => "ba-line-sprint-1",
        Line::Sprint2 => "ba-line-sprint-2",
        Line::Finish => "ba-line-the-finish",
    })
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
    let lang = turn.lang;
    if outcome.race_over {
        return match winners(turn.teams, turn.after).as_slice() {
            [one] => tr!(lang, "ba-head-wins", team = *one),
            many => tr!(lang, "ba-head-share-win", teams = lang.and_list(many)),
        };
    }
    let firsts = |line: Line| {
        turn.awards(line)
            .into_iter()
            .find(|a| a.place == 1)
            .map(|a| a.riders.clone())
    };
    if let Some(riders) = firsts(Line::Finish) {
        return match riders.len() {
            1 => tr!(
                lang,
                "ba-head-first-over-finish",
                rider = turn.name(riders[0])
            ),
            _ => tr!(
                lang,
                "ba-head-finish-together",
                riders = turn.names(&riders)
            ),
        };
    }
    for line in [Line::Sprint2, Line::Sprint1] {
        if let Some(riders) = firsts(line) {
            let line = line_name(lang, line);
            return match riders.len() {
                1 => tr!(
                    lang,
                    "ba-head-takes-line",
                    rider = turn.name(riders[0]),
                    line = line
                ),
                _ => tr!(
                    lang,
                    "ba-head-share-line",
                    riders = turn.names(&riders),
                    line = line
                ),
            };
        }
    }
    match turn.broke_away().as_slice() {
        [(rider, lead)] => {
            return tr!(
                lang,
                "ba-head-breaks-away",
                rider = turn.name(*rider),
                lead = *lead
            );
        }
        [] => {}
        many => {
            let riders: Vec<usize> = many.iter().map(|&(r, _)| r).collect();
            return tr!(lang, "ba-head-break-away", riders = turn.names(&riders));
        }
    }
    if let Some(&(rider, place)) = outcome.finishers.first() {
        return tr!(
            lang,
            "ba-head-finishes",
            rider = turn.name(rider),
            place = turn.place(place)
        );
    }
    for line in [Line::Sprint2, Line::Sprint1] {
        if let Some(a) = turn.awards(line).first() {
            return tr!(
                lang,
                "ba-head-place-at-line",
                riders = turn.names(&a.riders),
                count = if a.riders.len() == 1 { "one" } else { "other" },
                place = turn.place(a.place),
                line = line_name(lang, line)
            );
        }
    }
    let kept = outcome
        .replacements
        .iter()
        .position(|r| matches!(r.map(|r| r.why), Some(Why::KeptLead)));
    if let Some(rider) = kept {
        return tr!(lang, "ba-head-keeps-lead", rider = turn.name(rider));
    }
    match front_riders(turn.after).as_slice() {
        [] => lang.t("ba-head-empty"),
        [one] => tr!(lang, "ba-head-leads", rider = turn.name(*one)),
        many if many.len() <= 3 => tr!(lang, "ba-head-share-lead", riders = turn.names(many)),
        many => tr!(lang, "ba-head-many-share-lead", n = many.len()),
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
    let lang = turn.lang;
    if turn.outcome.race_over {
        let n = after.finished_count();
        return tr!(lang, "ba-front-over", turns = turn.outcome.turn, n = n);
    }
    let road = road(after);
    let leaders = front_riders(after);
    let Some(&leader) = leaders.first() else {
        return lang.t("ba-front-empty");
    };
    let front = after.riders[leader].distance;
    let to_go = after.rules.set.line_distance(Line::Finish) + 1 - front;
    let from_finish = tr!(lang, "ba-from-finish", n = to_go);
    if leaders.len() > 1 {
        let who = if leaders.len() <= 4 {
            turn.names(&leaders)
        } else {
            tr!(lang, "ba-riders", n = leaders.len())
        };
        return tr!(lang, "ba-front-level", who = who, from_finish = from_finish);
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
            tr!(lang, "ba-how-broke-away", card = card, an = an(card))
        }
        (Some(Why::KeptLead), Some(card)) => {
            tr!(lang, "ba-how-kept-lead", card = card, an = an(card))
        }
        (_, Some(card)) => tr!(lang, "ba-how-played", card = card, an = an(card)),
        (_, None) => lang.t("ba-how-leads"),
    };
    let gap = match chasers.first() {
        Some(&c) => tr!(
            lang,
            "ba-gap-clear",
            squares = squares(lang, front - after.riders[c].distance),
            who = if chasers.len() <= 4 {
                turn.names(&chasers)
            } else {
                tr!(lang, "ba-riders", n = chasers.len())
            }
        ),
        None => lang.t("ba-gap-alone"),
    };
    tr!(
        lang,
        "ba-front",
        rider = turn.name(leader),
        how = how,
        gap = gap,
        from_finish = from_finish
    )
}

/// The places taken at the lines this turn, in one sentence.
fn lines(turn: &Turn) -> Option<String> {
    let lang = turn.lang;
    let mut clauses = Vec::new();
    for line in Line::ALL {
        let awards = turn.awards(line);
        let mut items: Vec<String> = awards
            .iter()
            .map(|a| {
                let place = turn.place(a.place);
                let points = turn.points(a.points);
                match a.riders.len() {
                    1 => tr!(
                        lang,
                        "ba-line-took",
                        rider = turn.name(a.riders[0]),
                        place = place,
                        points = points
                    ),
                    _ => tr!(
                        lang,
                        "ba-line-shared",
                        riders = turn.names(&a.riders),
                        place = place,
                        points = points
                    ),
                }
            })
            .collect();
        if line == Line::Finish {
            for &(r, place) in &turn.outcome.finishers {
                if !awards.iter().any(|a| a.riders.contains(&r)) {
                    items.push(tr!(
                        lang,
                        "ba-line-finished-no-points",
                        rider = turn.name(r),
                        place = turn.place(place)
                    ));
                }
            }
        }
        if !items.is_empty() {
            clauses.push(tr!(
                lang,
                "ba-line-clause",
                first = if clauses.is_empty() { "yes" } else { "no" },
                line = line_name(lang, line),
                items = lang.clause_list(&items)
            ));
        }
    }
    (!clauses.is_empty()).then(|| turn.sentence(&clauses))
}

/// The teams that sent nothing, and what their riders played for them.
fn silent(turn: &Turn) -> Option<String> {
    let lang = turn.lang;
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
            .map(|m| {
                tr!(
                    lang,
                    "ba-rider-card",
                    rider = turn.name(m.rider),
                    card = m.card
                )
            })
            .collect();
        let names: Vec<&str> = teams.iter().map(|&t| turn.teams[t].as_str()).collect();
        parts.push(tr!(
            lang,
            "ba-silent",
            count = if names.len() == 1 { "one" } else { "other" },
            teams = lang.and_list(&names),
            played = lang.and_list(&played)
        ));
    }
    if !dropped.is_empty() {
        let items: Vec<String> = dropped
            .iter()
            .map(|&(r, card)| tr!(lang, "ba-rider-card", rider = turn.name(r), card = card))
            .collect();
        parts.push(tr!(
            lang,
            "ba-dropped",
            first = if parts.is_empty() { "yes" } else { "no" },
            count = if dropped.len() == 1 { "one" } else { "other" },
            items = lang.and_list(&items)
        ));
    }
    (!parts.is_empty()).then(|| turn.sentence(&parts))
}

/// What happened to `seat`'s riders this turn, in a sentence.
fn yours(turn: &Turn, seat: Seat) -> String {
    let lang = turn.lang;
    let mine = |r: usize| turn.before.riders[r].team == seat.0;
    let silent = turn.silent_teams().contains(&seat.index());
    let moves: Vec<String> = turn
        .outcome
        .moves
        .iter()
        .filter(|m| mine(m.rider))
        .map(|m| {
            tr!(
                lang,
                "ba-your-move",
                rider = turn.name(m.rider),
                silent = if silent { "yes" } else { "no" },
                card = m.card,
                from = m.from,
                to = m.to
            )
        })
        .collect();
    let mut parts = vec![match (silent, moves.is_empty()) {
        (_, true) => lang.t("ba-yours-none"),
        (true, false) => tr!(lang, "ba-yours-silent", moves = lang.and_list(&moves)),
        (false, false) => tr!(lang, "ba-yours-moves", moves = lang.and_list(&moves)),
    }];
    for line in Line::ALL {
        for a in turn.awards(line) {
            let own: Vec<usize> = a.riders.iter().copied().filter(|&r| mine(r)).collect();
            if own.is_empty() {
                continue;
            }
            parts.push(tr!(
                lang,
                "ba-yours-award",
                riders = turn.names(&own),
                count = if a.riders.len() > 1 { "other" } else { "one" },
                place = turn.place(a.place),
                line = line_name(lang, line),
                points = turn.points(a.points)
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
        parts.push(tr!(
            lang,
            "ba-yours-broke-away",
            riders = turn.names(&breakaway)
        ));
    }
    let totals = turn.after.team_points();
    let team = turn.teams[seat.index()].as_str();
    if !turn.outcome.race_over && totals.iter().all(|&p| p == Points::ZERO) {
        parts.push(tr!(lang, "ba-yours-no-score", team = team));
    } else {
        let places = turn.after.places();
        let place = places[seat.index()];
        let joint = places.iter().filter(|&&p| p == place).count() > 1;
        parts.push(tr!(
            lang,
            "ba-yours-rank",
            team = team,
            over = if turn.outcome.race_over { "yes" } else { "no" },
            joint = if joint { "yes" } else { "no" },
            place = turn.place(place),
            teams = places.len(),
            points = turn.points(totals[seat.index()])
        ));
    }
    turn.sentence(&parts)
}
