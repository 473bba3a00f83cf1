//! The Backpacks order menu's moves: each place once, by its best way, grouped by what players
//! choose between (staying, their targets, cafés, the ferry or bus, other places, towards a
//! place out of reach), every choice naming its place; or every way to go, one tap away.

use game_api::Lang;
use game_backpacks::clock;
use game_backpacks::day::Place;
use game_backpacks::map::{LocationId, Map, SpaceId};
use game_backpacks::moves::{Move, Standing, legal_moves};
use game_backpacks::orders::{Action, TurnOrders, describe_turn};
use game_backpacks::{CardKind, Weather, words};
use locale::tr;

/// Where a turn starts, as a noun for the fieldset's legend: `Keswick`, `the path from Keswick
/// to Castlerigg Stone Circle (3 of 5 steps)`, `on the lake`.
pub(super) fn from_words(lang: Lang, map: &Map, place: Place) -> String {
    match place {
        Place::At(s) => words::space_words(lang, map, s),
        Place::Lake { .. } => tr!(lang, "bb-form-on-the-lake"),
    }
}

/// Where a move leads, as a menu says it: a location by name, a space of a path as the steps
/// taken towards the end the walk heads for (`towards Walla Crag, 3 of 5 steps from
/// Castlerigg Stone Circle`).
pub(super) fn destination(lang: Lang, map: &Map, from: SpaceId, route: &[SpaceId]) -> String {
    let Some(&end) = route.last() else {
        return words::space_words(lang, map, from);
    };
    let before = route.len().checked_sub(2).map_or(from, |k| route[k]);
    match words::towards(map, before, end) {
        Some(t) => tr!(
            lang,
            "bb-form-towards",
            place = map.locations[usize::from(t.to)].name.as_str(),
            from = map.locations[usize::from(t.from)].name.as_str(),
            step = t.step.to_string(),
            steps = t.steps.to_string()
        ),
        None => words::space_words(lang, map, end),
    }
}

pub(super) fn action_text(map: &Map, action: &Action) -> String {
    describe_turn(
        &TurnOrders {
            action: action.clone(),
            ..TurnOrders::default()
        },
        map,
        &[],
    )
}

/// What a menu offers for one place: staying, a target, a café, a ride, another place, a space
/// of a path. The short menu's groups, in this order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Kind {
    Stay,
    Target,
    Cafe,
    Ferry,
    Bus,
    Place,
    Path,
}

/// One legal move, with what the menus need to say and sort it.
#[derive(Debug)]
pub(super) struct Entry {
    pub(super) kind: Kind,
    /// The space the move ends on (`None` for staying, and on the lake).
    pub(super) end: Option<SpaceId>,
    /// The location it ends at, if any.
    pub(super) location: Option<LocationId>,
    /// Where it leads and what ending there gains (`Castlerigg Stone Circle · a target · +3`).
    pub(super) heading: String,
    /// For a space of a path: where the walk onto it heads.
    pub(super) towards: Option<words::Towards>,
    /// Points for ending there.
    pub(super) gain: u8,
    /// Steps walked.
    pub(super) steps: usize,
    /// How good a way of getting there it is: lower is better (walk before ride, no chocolate
    /// before chocolate, the smaller card, the fewer steps).
    pub(super) cost: (u8, bool, u8, usize),
    pub(super) value: String,
    pub(super) label: String,
    pub(super) chosen: bool,
}

/// The legal moves of a turn as menu entries.
pub(super) fn entries(
    lang: Lang,
    map: &Map,
    standing: &Standing,
    chosen: &TurnOrders,
    weather: Weather,
    targets: &[LocationId],
) -> Vec<Entry> {
    let chosen_text = action_text(map, &chosen.action);
    let here = match standing.place {
        Place::At(s) => Some(s),
        Place::Lake { .. } => None,
    };
    let mut out = Vec::new();
    for m in legal_moves(map, standing) {
        let stays = m.end == here || m.end.is_none();
        let gain = words::gained(map, standing, m.end, weather);
        let (steps, cost) = match &m.action {
            Action::Walk {
                card,
                chocolate,
                waypoints,
            } => {
                let size = match card {
                    CardKind::Walk { circles, triangles } => circles + triangles,
                    _ => 0,
                };
                (waypoints.len(), (0, *chocolate, size, waypoints.len()))
            }
            _ => (0, (1, false, 0, 0)),
        };
        let location = m.end.and_then(|s| map.spaces[usize::from(s)].location);
        let kind = match (&m.action, location) {
            _ if stays => Kind::Stay,
            (_, Some(l)) if targets.contains(&l) => Kind::Target,
            (_, Some(l)) if map.locations[usize::from(l)].cafe => Kind::Cafe,
            (Action::Ferry { .. }, _) => Kind::Ferry,
            (Action::Bus { .. }, _) => Kind::Bus,
            (_, Some(_)) => Kind::Place,
            (_, None) => Kind::Path,
        };
        let (mut heading, towards) = match (m.end, here, &m.action) {
            (None, _, _) => (tr!(lang, "bb-form-stay-on-lake"), None),
            (Some(s), _, _) if stays => (
                tr!(
                    lang,
                    "bb-form-stay",
                    place = words::space_words(lang, map, s)
                ),
                None,
            ),
            (Some(_), Some(from), Action::Walk { waypoints, .. }) if kind == Kind::Path => {
                let route = map.expand_route(from, waypoints).unwrap_or_default();
                let before = route.len().checked_sub(2).map_or(from, |k| route[k]);
                let towards = m.end.and_then(|end| words::towards(map, before, end));
                (destination(lang, map, from, &route), towards)
            }
            (Some(s), _, _) => (words::space_words(lang, map, s), None),
        };
        if kind == Kind::Target {
            heading.push_str(&tr!(lang, "bb-form-a-target"));
        }
        if gain > 0 && !matches!(m.action, Action::Tea { .. }) {
            heading.push_str(&tr!(lang, "bb-form-gain", points = gain.to_string()));
        }
        let value = m.text(map);
        let how = move_label(lang, standing, &m);
        out.push(Entry {
            kind,
            end: if stays { None } else { m.end },
            location,
            label: if stays {
                how
            } else {
                tr!(lang, "bb-form-option", place = heading.as_str(), how = how)
            },
            heading,
            towards,
            gain,
            steps,
            cost,
            chosen: value == chosen_text,
            value,
        });
    }
    out
}

/// The short menu: staying (rest, tea, blister, landing), then each place the moves reach
/// once, by its best way (or the way chosen): the targets, the cafés, the rides, the other
/// places; and for each place out of reach, the space of a path nearest to it. A card played
/// without moving, and the other spaces of paths, are kept for the full list.
pub(super) fn short_menu(entries: Vec<Entry>) -> Vec<Entry> {
    let mut best: Vec<Entry> = Vec::new();
    for e in entries {
        if e.kind == Kind::Stay {
            let still = !matches!(e.value.split(' ').next(), Some("walk"));
            if still || e.chosen {
                best.push(e);
            }
            continue;
        }
        match best
            .iter_mut()
            .find(|b| b.kind != Kind::Stay && b.end == e.end)
        {
            Some(b) if !b.chosen && (e.chosen || e.cost < b.cost) => *b = e,
            Some(_) => {}
            None => best.push(e),
        }
    }
    // Towards a place out of reach: the space nearest to it (the most of its path walked,
    // then the points, then the cheaper way); towards a place within reach, none.
    let reached: Vec<LocationId> = best
        .iter()
        .filter(|e| e.kind != Kind::Stay && e.kind != Kind::Path)
        .filter_map(|e| e.location)
        .collect();
    let rank = |e: &Entry| {
        e.towards.map(|t| {
            (
                std::cmp::Reverse(t.steps - t.step),
                e.gain,
                std::cmp::Reverse(e.cost),
            )
        })
    };
    let keep: Vec<bool> = best
        .iter()
        .map(|e| match e.towards {
            _ if e.chosen => true,
            Some(t) if e.kind == Kind::Path => {
                !reached.contains(&t.to)
                    && !best.iter().any(|x| {
                        x.towards.is_some_and(|u| u.to == t.to)
                            && x.kind == Kind::Path
                            && rank(x) > rank(e)
                    })
            }
            _ => true,
        })
        .collect();
    best.into_iter()
        .zip(keep)
        .filter_map(|(e, k)| k.then_some(e))
        .collect()
}

/// A short menu's group heading.
pub(super) fn group_label(lang: Lang, map: &Map, standing: &Standing, kind: Kind) -> String {
    match kind {
        Kind::Stay => match standing.place {
            Place::At(s) => tr!(
                lang,
                "bb-form-stay",
                place = words::space_words(lang, map, s)
            ),
            Place::Lake { .. } => tr!(lang, "bb-form-stay-on-lake"),
        },
        Kind::Target => tr!(lang, "bb-form-group-targets"),
        Kind::Cafe => tr!(lang, "bb-form-group-cafes"),
        Kind::Ferry => tr!(lang, "bb-form-group-ferry"),
        Kind::Bus => tr!(lang, "bb-form-group-bus"),
        Kind::Place => tr!(lang, "bb-form-group-places"),
        Kind::Path => tr!(lang, "bb-form-group-paths"),
    }
}

/// A move's label in its destination's group: how it gets there.
pub(super) fn move_label(lang: Lang, standing: &Standing, m: &Move) -> String {
    match &m.action {
        Action::Rest if clock::is_break(standing.turn) => tr!(lang, "bb-form-rest-no-tea"),
        Action::Rest if matches!(standing.place, Place::Lake { .. }) && m.end.is_some() => {
            tr!(lang, "bb-form-launch-lands")
        }
        Action::Rest => tr!(lang, "bb-form-rest"),
        Action::Walk {
            card,
            chocolate,
            waypoints,
        } => {
            let card = card.to_string();
            match (waypoints.len(), chocolate) {
                (0, _) => tr!(lang, "bb-form-play-without-moving", card = card),
                (n, false) => tr!(lang, "bb-form-walk", card = card, steps = n),
                (n, true) => tr!(lang, "bb-form-walk-chocolate", card = card, steps = n),
            }
        }
        Action::Tea { .. } => tr!(lang, "bb-form-tea"),
        Action::Ferry { .. } if matches!(standing.place, Place::Lake { .. }) => {
            tr!(lang, "bb-form-land")
        }
        Action::Ferry { .. } => tr!(lang, "bb-form-ferry"),
        Action::Bus { .. } => tr!(lang, "bb-form-bus"),
        Action::Blister => tr!(lang, "bb-form-blister"),
    }
}
