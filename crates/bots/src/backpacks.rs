//! Backpacks & Blisters bots: `random` (a random legal action each turn), `nmr` (the default of
//! resting, docs/rulings.md B&B-11) and `heuristic` (plans a day: races to the best targets it
//! can still reach, walks as far as each card allows towards them, and gets home in time).

use game_api::{Rng, Viewer};
use game_backpacks::clock::{self, Special};
use game_backpacks::map::{LocationId, Map, SpaceId};
use game_backpacks::moves::{Reachable, Standing};
use game_backpacks::orders::{Action, RoundOrders, RucksackOrder, TurnOrders, WeatherChoice};
use game_backpacks::view::DayViewRef;
use game_backpacks::{Backpacks, CardKind, Place};
use rand::RngExt;

use crate::BotKind;

thread_local! {
    /// The route search's buffers, kept from one search to the next on this thread: setting
    /// them up cost more than the search itself.
    static ROUTES: std::cell::RefCell<Reachable> = std::cell::RefCell::default();
}

/// Where a walker expects to be and what it expects to hold, for planning a round's turns.
#[derive(Clone, Debug)]
struct Plan {
    standing: Standing,
    /// Targets reached (bit per target), including those the plan reaches.
    reached: u8,
    /// A goal the search imposes instead of the heuristic's own.
    goal: Option<SpaceId>,
}

/// The orders a bot of `kind` gives for the coming round, from its seat's view.
pub fn round_orders(kind: BotKind, view: DayViewRef<'_>, rng: &mut Rng) -> RoundOrders {
    round_orders_with_budget(
        kind,
        <Backpacks as crate::BotGame>::SEARCH_BUDGET,
        view,
        rng,
    )
}

/// As [`round_orders`], with the search budget for `mcts`.
pub fn round_orders_with_budget(
    kind: BotKind,
    budget: crate::mcts::Budget,
    view: DayViewRef<'_>,
    rng: &mut Rng,
) -> RoundOrders {
    match kind {
        // The searches take a copy of the view (they deal the hidden cards from it).
        BotKind::Mcts => crate::mcts::search::<Backpacks>(&view.to_view(), budget, rng).orders,
        BotKind::FlatMc => crate::flatmc::flat::<Backpacks>(&view.to_view(), budget, rng).orders,
        _ => planned_orders(kind, view, None, rng),
    }
}

/// The heuristic's (or the random bot's) orders, with an optional goal imposed.
pub fn planned_orders(
    kind: BotKind,
    view: DayViewRef<'_>,
    goal: Option<SpaceId>,
    rng: &mut Rng,
) -> RoundOrders {
    let view = &view;
    let Viewer::Seat(seat) = view.viewer else {
        return RoundOrders::nmr();
    };
    let me = seat.index();
    let walker = view.walker(me);
    let (Some(secrets), true) = (view.secrets(me), walker.is_out()) else {
        return RoundOrders::nmr();
    };
    if kind == BotKind::Nmr {
        return RoundOrders::nmr();
    }
    let mut plan = Plan {
        standing: Standing {
            place: walker.place,
            hand: secrets.hand().collect(),
            money: secrets.money,
            chocolate: secrets.chocolate,
            turn: view.turn,
            carrier: view.rucksack.is_some_and(|r| usize::from(r.carrier) == me),
        },
        reached: walker.reached,
        goal,
    };
    let mut orders = RoundOrders {
        weather: WeatherChoice::Sunny,
        ..RoundOrders::default()
    };
    for k in 0..2 {
        if plan.standing.turn >= clock::TURNS {
            break;
        }
        let turn = match kind {
            BotKind::Random => random_turn(view, me, &plan, rng),
            _ => heuristic_turn(view, me, &plan, rng),
        };
        project(
            view,
            &mut plan,
            &turn,
            if k == 0 { secrets.next_card } else { None },
        );
        orders.turns[k] = turn;
    }
    if kind == BotKind::Heuristic {
        // Vote the Rucksack onto the leader among the others.
        orders.vote = (0..view.walker_count())
            .filter(|&w| w != me && view.walker(w).is_out())
            .max_by_key(|&w| view.walker(w).points)
            .map(|w| w as u8);
    }
    orders
}

/// Moves the plan on to where a turn's orders should leave the walker (if nothing goes wrong,
/// `Standing::after`), with the targets it reaches there.
fn project(view: &DayViewRef<'_>, plan: &mut Plan, turn: &TurnOrders, next_card: Option<CardKind>) {
    let map: &Map = view.map;
    plan.standing = plan.standing.after(map, turn, next_card);
    if let Place::At(s) = plan.standing.place {
        for (k, &t) in view.targets.iter().enumerate() {
            if map.locations[usize::from(t)].space == s {
                plan.reached |= 1 << k;
            }
        }
    }
}

/// Steps on foot from every space to `goal`.
fn distances_to(map: &Map, goal: SpaceId) -> Vec<u16> {
    map.distances_from(goal)
        .into_iter()
        .map(|d| d.unwrap_or(u16::MAX))
        .collect()
}

fn symbols(view: &DayViewRef<'_>, me: usize, card: CardKind, chocolate: bool) -> (u8, u8) {
    let carrier = view.rucksack.is_some_and(|r| usize::from(r.carrier) == me);
    game_backpacks::day::card_symbols(card, carrier, chocolate)
}

/// Turns left in which a walker can still move before `by` (lunch and coffee do not count).
fn moving_turns(from: u8, by: u8) -> u16 {
    (from..by).filter(|&t| !clock::is_break(t)).count() as u16
}

/// The heuristic's goal: the best target it can still reach and come home from by 16:20,
/// valued by bonus and points against distance; home when nothing else fits.
fn goal(view: &DayViewRef<'_>, reached: u8, at: SpaceId, turn: u8) -> SpaceId {
    let map: &Map = view.map;
    let home = map.home_space();
    let to_home = distances_to(map, home);
    let from_here = map.distances_from(at);
    // About three and a half steps a turn, keeping two turns in hand.
    let budget = 7 * moving_turns(turn, 19).saturating_sub(2) / 2;
    let mut best: Option<(i64, SpaceId)> = None;
    for (k, &target) in view.targets.iter().enumerate() {
        if reached & (1 << k) != 0 {
            continue;
        }
        let space = map.locations[usize::from(target)].space;
        let Some(there) = from_here[usize::from(space)] else {
            continue;
        };
        let back = to_home[usize::from(space)];
        if there + back > budget {
            continue;
        }
        let bonus = match view.target_arrivals[k] {
            0 => 10,
            1 => 7,
            _ => 5,
        };
        let value = i64::from(bonus) + i64::from(map.locations[usize::from(target)].points);
        let score = value * 100 / (i64::from(there) + 4);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, space));
        }
    }
    // With time to spare, a worthwhile location (not where it stands) is better than going home.
    for l in &map.locations {
        if l.points < 3 || l.space == at {
            continue;
        }
        let Some(there) = from_here[usize::from(l.space)] else {
            continue;
        };
        if there + to_home[usize::from(l.space)] > budget {
            continue;
        }
        let score = i64::from(l.points) * 100 / (i64::from(there) + 4);
        if best.is_none_or(|(b, _)| score > b) {
            best = Some((score, l.space));
        }
    }
    best.map_or(home, |(_, s)| s)
}

fn heuristic_turn(view: &DayViewRef<'_>, me: usize, plan: &Plan, rng: &mut Rng) -> TurnOrders {
    let map: &Map = view.map;
    let turn = plan.standing.turn;
    let special = clock::special(turn);
    let weakest = |hand: &[CardKind]| {
        hand.iter().copied().min_by_key(|c| match c {
            CardKind::Blister => 0,
            CardKind::Walk { circles, triangles } => 1 + circles + triangles,
            _ => 20,
        })
    };
    let carrier = view.rucksack.is_some_and(|r| usize::from(r.carrier) == me);
    let mut orders = TurnOrders {
        rucksack: carrier.then_some(RucksackOrder::Give(None)),
        ..TurnOrders::default()
    };
    let Place::At(at) = plan.standing.place else {
        // On the lake: land at a free stop near home at the next ferry, picked at random among
        // the good ones so that walkers on the lake do not all seek the same stop.
        if special == Special::Ferry {
            let home = distances_to(map, map.home_space());
            let free: Vec<LocationId> = map
                .ferry_stops
                .iter()
                .copied()
                .filter(|&l| {
                    !view.walkers().enumerate().any(|(w, v)| {
                        w != me
                            && v.is_out()
                            && v.place == Place::At(map.locations[usize::from(l)].space)
                    })
                })
                .collect();
            if let Some(stop) = pick_near_best(
                &free,
                |l| home[usize::from(map.locations[usize::from(l)].space)],
                4,
                rng,
            ) {
                orders.action = Action::Ferry {
                    to: stop,
                    swap: None,
                };
            }
        }
        return orders;
    };
    let here = map.location_at(at);
    if clock::is_break(turn) {
        orders.discard = weakest(&plan.standing.hand);
        if here.is_some_and(|l| l.cafe) && plan.standing.money >= 2 {
            orders.action = Action::Tea {
                discards: Vec::new(),
            };
        }
        return orders;
    }
    let home = map.home_space();
    let target = plan
        .goal
        .filter(|&g| g != at)
        .unwrap_or_else(|| goal(view, plan.reached, at, turn));
    if at == home && target == home && turn >= 2 {
        orders.finish = true;
        return orders;
    }
    let to_goal = distances_to(map, target);
    let now = to_goal[usize::from(at)];

    // A bus or ferry that saves a long walk (never the last 50p before going home).
    if plan.standing.money >= 2
        && let Some(l) = here
    {
        let from = map.spaces[usize::from(at)].location.expect("a location");
        let stops: Vec<LocationId> = match special {
            Special::Bus => map
                .locations
                .iter()
                .enumerate()
                .filter(|(i, _)| {
                    map.bus_between(from, *i as LocationId).is_some() && *i as LocationId != from
                })
                .map(|(i, _)| i as LocationId)
                .collect(),
            // A rival at the same stop may well seek the same landing (8.5): walk instead.
            Special::Ferry
                if l.ferry
                    && !view
                        .walkers()
                        .enumerate()
                        .any(|(w, v)| w != me && v.is_out() && v.place == Place::At(at)) =>
            {
                map.ferry_stops
                    .iter()
                    .copied()
                    .filter(|&s| s != from)
                    .collect()
            }
            _ => Vec::new(),
        };
        let occupied = |s: SpaceId| {
            view.walkers()
                .enumerate()
                .any(|(w, v)| w != me && v.is_out() && v.place == Place::At(s))
        };
        let usable: Vec<LocationId> = stops
            .into_iter()
            .filter(|&s| special == Special::Bus || !occupied(map.locations[usize::from(s)].space))
            .collect();
        if let Some(stop) = pick_near_best(
            &usable,
            |s| to_goal[usize::from(map.locations[usize::from(s)].space)],
            2,
            rng,
        ) && to_goal[usize::from(map.locations[usize::from(stop)].space)] + 6 <= now
        {
            orders.action = if special == Special::Bus {
                Action::Bus {
                    to: stop,
                    swap: None,
                }
            } else {
                Action::Ferry {
                    to: stop,
                    swap: None,
                }
            };
            return orders;
        }
    }

    // The card (and route) that gets nearest the goal; among equals, the smallest card and the
    // end space worth most.
    let mut best: Option<((u16, i32, u8), TurnOrders)> = None;
    let mut cards: Vec<CardKind> = plan
        .standing
        .hand
        .iter()
        .copied()
        .filter(|c| matches!(c, CardKind::Walk { .. }))
        .collect();
    cards.sort();
    cards.dedup();
    for card in cards {
        for chocolate in [false, true] {
            if chocolate && (plan.standing.chocolate == 0 || now < 10) {
                continue;
            }
            let (c, t) = symbols(view, me, card, chocolate);
            ROUTES.with_borrow_mut(|options| {
                options.search(map, at, c, t);
                for k in 0..options.len() {
                    let end = options.end(k);
                    let worth = i32::from(map.points(end, view.weather));
                    let size = match card {
                        CardKind::Walk { circles, triangles } => {
                            circles + triangles + if chocolate { 6 } else { 0 }
                        }
                        _ => 0,
                    };
                    let key = (to_goal[usize::from(end)], -worth, size);
                    if best.as_ref().is_none_or(|(k, _)| key < *k) {
                        let mut o = orders.clone();
                        o.action = Action::Walk {
                            card,
                            chocolate,
                            waypoints: options.route(k),
                        };
                        best = Some((key, o));
                    }
                }
            });
        }
    }
    match best {
        Some(((d, _, _), o)) if d < now => {
            let mut o = o;
            if target == home
                && matches!(&o.action, Action::Walk { waypoints, .. } if waypoints.last() == Some(&home))
                && turn >= 2
            {
                o.finish = true;
            }
            o
        }
        _ => {
            // No card gets nearer: get rid of the worst card (a blister, or a walking card played
            // without moving, 4.2) so that the hand changes.
            match weakest(&plan.standing.hand) {
                Some(CardKind::Blister) => orders.action = Action::Blister,
                Some(card @ CardKind::Walk { .. }) => {
                    orders.action = Action::Walk {
                        card,
                        chocolate: false,
                        waypoints: Vec::new(),
                    }
                }
                _ => {}
            }
            orders
        }
    }
}

/// One of the options whose cost is within `slack` of the best, at random.
fn pick_near_best(
    options: &[LocationId],
    cost: impl Fn(LocationId) -> u16,
    slack: u16,
    rng: &mut Rng,
) -> Option<LocationId> {
    let best = options.iter().map(|&o| cost(o)).min()?;
    let near: Vec<LocationId> = options
        .iter()
        .copied()
        .filter(|&o| cost(o) <= best.saturating_add(slack))
        .collect();
    Some(near[rng.random_range(0..near.len())])
}

fn random_turn(view: &DayViewRef<'_>, me: usize, plan: &Plan, rng: &mut Rng) -> TurnOrders {
    let map: &Map = view.map;
    let mut orders = TurnOrders::default();
    let Place::At(at) = plan.standing.place else {
        if clock::special(plan.standing.turn) == Special::Ferry {
            let stop = map.ferry_stops[rng.random_range(0..map.ferry_stops.len())];
            orders.action = Action::Ferry {
                to: stop,
                swap: None,
            };
        }
        return orders;
    };
    if clock::is_break(plan.standing.turn) {
        if !plan.standing.hand.is_empty() {
            orders.discard =
                Some(plan.standing.hand[rng.random_range(0..plan.standing.hand.len())]);
        }
        return orders;
    }
    let is_walking = |c: &&CardKind| matches!(c, CardKind::Walk { .. });
    let walking = plan.standing.hand.iter().filter(is_walking).count();
    if walking == 0 || rng.random_range(0..8) == 0 {
        return orders;
    }
    let pick = rng.random_range(0..walking);
    let card = *plan
        .standing
        .hand
        .iter()
        .filter(is_walking)
        .nth(pick)
        .expect("counted");
    let (c, t) = symbols(view, me, card, false);
    let route = ROUTES.with_borrow_mut(|options| {
        options.search(map, at, c, t);
        options.route(rng.random_range(0..options.len()))
    });
    orders.action = Action::Walk {
        card,
        chocolate: false,
        waypoints: route,
    };
    if map.home_space() == at && plan.standing.turn >= 20 {
        orders.action = Action::Rest;
        orders.finish = true;
    }
    orders
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Game, Seat, Seed};
    use game_backpacks::{Day, Deck, Map};
    use std::sync::Arc;

    fn play(kinds: &[BotKind], seed: u64) -> Day {
        let map = Arc::new(Map::keswick());
        let deck = Arc::new(Deck::keswick(&map));
        let mut day = Day::new(map, deck, kinds.len(), &mut Seed(seed).rng(0));
        while !day.is_over() {
            let orders: Vec<Option<RoundOrders>> = kinds
                .iter()
                .enumerate()
                .map(|(w, &k)| {
                    let view = day.view_ref(Viewer::Seat(Seat(w as u8)));
                    let o = round_orders(
                        k,
                        view,
                        &mut Seed(seed).rng(1000 + u64::from(day.turn) * 16 + w as u64),
                    );
                    if day.walkers[w].is_out() {
                        Backpacks::check_orders(&day, Seat(w as u8), &o)
                            .unwrap_or_else(|e| panic!("{k:?} gave illegal orders: {e}"));
                    }
                    Some(o)
                })
                .collect();
            day = Backpacks::resolve(&day, &orders, &mut Seed(seed).rng(u64::from(day.turn))).0;
        }
        day
    }

    #[test]
    fn bots_give_legal_first_turn_orders_all_day() {
        for seed in 0..20 {
            play(
                &[
                    BotKind::Heuristic,
                    BotKind::Random,
                    BotKind::Nmr,
                    BotKind::Heuristic,
                ],
                seed,
            );
        }
    }

    #[test]
    fn the_heuristic_walker_gets_home_with_points() {
        let mut home = 0;
        let mut total = 0;
        for seed in 0..20 {
            let day = play(
                &[BotKind::Heuristic, BotKind::Heuristic, BotKind::Heuristic],
                seed,
            );
            for w in 0..3 {
                home += usize::from(!day.walkers[w].lost);
                total += day.final_points(w);
            }
        }
        assert!(home >= 55, "only {home} of 60 heuristic walkers got home");
        assert!(total / 60 > 20, "mean {} points", total / 60);
    }
}
