//! The legal moves of a walker's coming turn, listed: each walking card (with and without
//! chocolate) and every place it can reach, tea, the ferry and the bus where they run, the
//! blister card, resting. One list, read from the walker's own view, shared by the order form,
//! the API (`moves` in a seat's view) and the bots; every move it lists is one the engine
//! accepts (`tests/moves.rs` checks each against `Day::check_turn_orders`).

use std::collections::HashSet;

use crate::clock::{self, Special};
use crate::day::Place;
use crate::deck::CardKind;
use crate::map::{LocationId, Map, Shape, SpaceId};
use crate::orders::{Action, TurnOrders, describe_turn};
use crate::view::DayView;

/// Every space a walker can end on from `from` with these symbols, with the route to it (no
/// space entered twice, 11.1). `from` itself comes first, with no steps (a card played without
/// moving, 4.2); a space reachable with different symbols left over is listed for each.
pub fn reachable(
    map: &Map,
    from: SpaceId,
    circles: u8,
    triangles: u8,
) -> Vec<(SpaceId, Vec<SpaceId>)> {
    let ends = Reachable::new(map, from, circles, triangles);
    (0..ends.len())
        .map(|k| (ends.end(k), ends.route(k)))
        .collect()
}

/// Every space a walker can end on with these symbols, each with the route to it (no space
/// twice), found breadth first: a state is a space and the symbols left, kept the first time it
/// is reached. Routes are kept as a parent per end, and written out only when asked for. One
/// `Reachable` can be searched again and again ([`Reachable::search`]) without allocating.
#[derive(Clone, Debug, Default)]
pub struct Reachable {
    /// (space, index of the end it was reached from; `usize::MAX` for the start).
    ends: Vec<(SpaceId, usize)>,
    /// The symbols left at each end (the search's queue is the list of ends itself).
    left: Vec<(u8, u8)>,
    /// A bit per state (space, circles left, triangles left) already reached.
    seen: Vec<u64>,
}

impl Reachable {
    pub fn new(map: &Map, from: SpaceId, circles: u8, triangles: u8) -> Reachable {
        let mut reachable = Reachable::default();
        reachable.search(map, from, circles, triangles);
        reachable
    }

    /// Searches again from `from` with these symbols, reusing the buffers of the last search.
    pub fn search(&mut self, map: &Map, from: SpaceId, circles: u8, triangles: u8) {
        let (cs, ts) = (usize::from(circles) + 1, usize::from(triangles) + 1);
        let state =
            |n: SpaceId, c: u8, t: u8| (usize::from(n) * cs + usize::from(c)) * ts + usize::from(t);
        let Reachable { ends, left, seen } = self;
        seen.clear();
        seen.resize((map.spaces.len() * cs * ts).div_ceil(64), 0);
        let mut mark = |k: usize| {
            let fresh = seen[k / 64] & (1 << (k % 64)) == 0;
            seen[k / 64] |= 1 << (k % 64);
            fresh
        };
        mark(state(from, circles, triangles));
        ends.clear();
        ends.push((from, usize::MAX));
        left.clear();
        left.push((circles, triangles));
        let mut next = 0;
        while next < ends.len() {
            let (at, _) = ends[next];
            let (c, t) = left[next];
            for &n in map.neighbours(at) {
                if n == from || Reachable::on_route(ends, next, n) {
                    continue;
                }
                let (nc, nt) = match map.spaces[usize::from(n)].shape {
                    Shape::Circle if c > 0 => (c - 1, t),
                    Shape::Triangle if t > 0 => (c, t - 1),
                    _ => continue,
                };
                if mark(state(n, nc, nt)) {
                    ends.push((n, next));
                    left.push((nc, nt));
                }
            }
            next += 1;
        }
    }

    /// Whether `space` is on the route to end `k` (the start excluded).
    fn on_route(ends: &[(SpaceId, usize)], mut k: usize, space: SpaceId) -> bool {
        while k != 0 {
            if ends[k].0 == space {
                return true;
            }
            k = ends[k].1;
        }
        false
    }

    #[allow(clippy::len_without_is_empty)] // never empty: the start is an end
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    pub fn end(&self, k: usize) -> SpaceId {
        self.ends[k].0
    }

    /// The route to end `k`: the spaces walked, the start excluded.
    pub fn route(&self, k: usize) -> Vec<SpaceId> {
        let mut steps = 0;
        let mut at = k;
        while at != 0 {
            steps += 1;
            at = self.ends[at].1;
        }
        // Written from the end back, into a vector of the right size.
        let mut route = vec![0; steps];
        let mut at = k;
        for step in route.iter_mut().rev() {
            *step = self.ends[at].0;
            at = self.ends[at].1;
        }
        route
    }
}

/// What a walker has at the start of a turn: where it is, its cards and purse, the clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub place: Place,
    pub hand: Vec<CardKind>,
    pub money: u8,
    pub chocolate: u8,
    /// The turn (0 = 10:00).
    pub turn: u8,
    /// The walker carries the Heavy Rucksack (one circle and one triangle less, 10.1).
    pub carrier: bool,
}

impl Standing {
    /// The seat's walker now, from its own view; `None` for another viewer or a walker whose
    /// day is over.
    pub fn from_view(view: &DayView) -> Option<Standing> {
        let game_api::Viewer::Seat(seat) = view.viewer else {
            return None;
        };
        let walker = view.walkers.get(seat.index())?;
        let secrets = walker.secrets.as_ref()?;
        (walker.is_out() && view.turn < clock::TURNS).then(|| Standing {
            place: walker.place,
            hand: secrets.hand.clone(),
            money: secrets.money,
            chocolate: secrets.chocolate,
            turn: view.turn,
            carrier: view.rucksack.is_some_and(|r| r.carrier == seat.0),
        })
    }

    /// Where these orders should leave the walker for the round's second turn, if nothing
    /// goes wrong (no bump-back, a free landing, 8.5): the card played is gone and `next_card`
    /// (shown to the walker, 3.1.1) drawn in its place; money and chocolate spent.
    pub fn after(&self, map: &Map, orders: &TurnOrders, next_card: Option<CardKind>) -> Standing {
        let mut next = self.clone();
        next.turn += 1;
        let mut played = false;
        let drop = |hand: &mut Vec<CardKind>, card: CardKind| {
            if let Some(i) = hand.iter().position(|&c| c == card) {
                hand.remove(i);
            }
        };
        match &orders.action {
            Action::Walk {
                card,
                chocolate,
                waypoints,
            } => {
                drop(&mut next.hand, *card);
                played = true;
                next.chocolate = next.chocolate.saturating_sub(u8::from(*chocolate));
                if let (Some(&last), Place::At(_)) = (waypoints.last(), self.place) {
                    next.place = Place::At(last);
                }
            }
            Action::Ferry { to, swap } | Action::Bus { to, swap } => {
                if let Some(c) = swap {
                    drop(&mut next.hand, *c);
                    played = true;
                }
                if matches!(self.place, Place::At(_)) {
                    next.money = next.money.saturating_sub(1);
                }
                next.place = Place::At(map.locations[usize::from(*to)].space);
            }
            Action::Blister => {
                drop(&mut next.hand, CardKind::Blister);
                played = true;
            }
            Action::Tea { discards } => {
                for c in discards {
                    drop(&mut next.hand, *c);
                }
                next.money = next.money.saturating_sub(1);
            }
            Action::Rest => {}
        }
        if let Some(d) = orders.discard {
            drop(&mut next.hand, d);
        }
        if orders.buy_chocolate {
            next.money = next.money.saturating_sub(1);
            next.chocolate += 1;
        }
        if played && let Some(card @ (CardKind::Walk { .. } | CardKind::Blister)) = next_card {
            next.hand.push(card);
        }
        next
    }
}

/// One move a walker can make this turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    pub action: Action,
    /// Where it leaves the walker (`None`: still on the lake).
    pub end: Option<SpaceId>,
}

impl Move {
    /// The move in the order text (`walk 4+2 KES-FRI.1 FRI`, `ferry LOD`, `rest`).
    pub fn text(&self, map: &Map) -> String {
        let orders = TurnOrders {
            action: self.action.clone(),
            ..TurnOrders::default()
        };
        describe_turn(&orders, map, &[])
    }
}

/// Every move the walker can make from `standing` (the legal routes of each card, deduplicated
/// by where they end; tea, ferry and bus where they apply). At lunch and coffee (7) only
/// resting and tea are moves; the card to discard is a separate choice.
pub fn legal_moves(map: &Map, standing: &Standing) -> Vec<Move> {
    let turn = standing.turn;
    let special = clock::special(turn);
    let mut moves = Vec::new();
    let rest = |end| Move {
        action: Action::Rest,
        end,
    };
    let here = match standing.place {
        Place::Lake { boarded } => {
            // On the lake: wait for the ferry turn, then land at any stop (8.5).
            moves.push(rest(None));
            if special == Special::Ferry {
                moves.extend(map.ferry_stops.iter().map(|&to| Move {
                    action: Action::Ferry { to, swap: None },
                    end: Some(map.locations[usize::from(to)].space),
                }));
                // Without an order the launch lands at the stop it boarded at (B&B-8).
                moves[0].end = Some(map.locations[usize::from(boarded)].space);
            }
            return moves;
        }
        Place::At(here) => here,
    };
    moves.push(rest(Some(here)));
    let location = map.spaces[usize::from(here)].location;
    let at = location.map(|l| &map.locations[usize::from(l)]);
    let cafe = at.is_some_and(|l| l.cafe);
    if clock::is_break(turn) {
        if cafe && standing.money >= 1 {
            moves.push(Move {
                action: Action::Tea {
                    discards: Vec::new(),
                },
                end: Some(here),
            });
        }
        return moves;
    }
    let mut cards: Vec<CardKind> = standing
        .hand
        .iter()
        .copied()
        .filter(|c| matches!(c, CardKind::Walk { .. }))
        .collect();
    cards.sort();
    cards.dedup();
    for card in cards {
        for chocolate in [false, true] {
            if chocolate && standing.chocolate == 0 {
                continue;
            }
            let (c, t) = crate::day::card_symbols(card, standing.carrier, chocolate);
            let mut ends = HashSet::new();
            for (end, route) in reachable(map, here, c, t) {
                if ends.insert(end) {
                    moves.push(Move {
                        action: Action::Walk {
                            card,
                            chocolate,
                            waypoints: route,
                        },
                        end: Some(end),
                    });
                }
            }
        }
    }
    if standing.hand.contains(&CardKind::Blister) {
        moves.push(Move {
            action: Action::Blister,
            end: Some(here),
        });
    }
    if cafe && !clock::is_first_of_round(turn) && standing.money >= 1 {
        moves.push(Move {
            action: Action::Tea {
                discards: Vec::new(),
            },
            end: Some(here),
        });
    }
    if let (Some(from), Some(l)) = (location, at)
        && standing.money >= 1
    {
        let stops: Vec<LocationId> = match special {
            Special::Ferry if l.ferry => map
                .ferry_stops
                .iter()
                .copied()
                .filter(|&s| s != from)
                .collect(),
            Special::Bus => (0..map.locations.len() as LocationId)
                .filter(|&s| s != from && map.bus_between(from, s).is_some())
                .collect(),
            _ => Vec::new(),
        };
        for to in stops {
            let action = if special == Special::Ferry {
                Action::Ferry { to, swap: None }
            } else {
                Action::Bus { to, swap: None }
            };
            moves.push(Move {
                action,
                end: Some(map.locations[usize::from(to)].space),
            });
        }
    }
    moves
}
