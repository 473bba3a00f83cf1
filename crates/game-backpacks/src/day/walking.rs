//! Walking (4.1–4.6, 11.1): a card's symbols and the route they walk, the 12 sub-turns in which
//! walkers step (4.4, B&B-4), and the bump-backs at the end of sub-turn 12 (4.5, B&B-5).

use super::turn::{Scratch, TurnOrdersOf};
use super::{Day, Recorder, card_symbols};
use crate::deck::CardKind;
use crate::map::{Shape, SpaceId};
use crate::schedule::sub_turns;
use locale::{Phrase, phrase};

impl Day {
    /// The symbols a walking card gives this walker this turn: less one circle and one triangle
    /// for the Rucksack's carrier (10.1), then doubled by chocolate (6.4, 10.2).
    pub fn symbols(&self, w: usize, card: CardKind, chocolate: bool) -> (u8, u8) {
        let carrier = self.rucksack.is_some_and(|r| usize::from(r.carrier) == w);
        card_symbols(card, carrier, chocolate)
    }

    /// The longest walkable start of a route: stops before a step with no symbol left or a
    /// space already entered this turn (11.1). Returns the steps and the first problem.
    pub(super) fn walkable(
        &self,
        from: SpaceId,
        waypoints: &[SpaceId],
        circles: u8,
        triangles: u8,
        route: &mut Vec<SpaceId>,
    ) -> Option<Phrase> {
        let map = &self.map;
        route.clear();
        let mut at = from;
        let (mut c, mut t) = (circles, triangles);
        for &w in waypoints {
            // A waypoint where the walker already is, or was this turn, would enter it twice.
            if w == at || w == from || route.contains(&w) {
                return Some(phrase!("bb-refuse-enters-twice", space = map.space_id(w)));
            }
            // A neighbouring space is one step; anything further is walked along its path.
            let one = [w];
            let further;
            let steps: &[SpaceId] = if map.neighbours(at).contains(&w) {
                &one
            } else {
                further = match map.expand_route(at, &[w]) {
                    Ok(steps) => steps,
                    Err(e) => return Some(e),
                };
                &further
            };
            for &s in steps {
                if s == from || route.contains(&s) {
                    return Some(phrase!("bb-refuse-enters-twice", space = map.space_id(s)));
                }
                let left = match map.spaces[usize::from(s)].shape {
                    Shape::Circle => &mut c,
                    Shape::Triangle => &mut t,
                };
                if *left == 0 {
                    let (need_c, need_t) = self.route_symbols(from, waypoints);
                    return Some(phrase!(
                        "bb-refuse-route-needs",
                        need_circles = need_c,
                        need_triangles = need_t,
                        circles = circles,
                        triangles = triangles
                    ));
                }
                *left -= 1;
                route.push(s);
                at = s;
            }
        }
        None
    }

    fn route_symbols(&self, from: SpaceId, waypoints: &[SpaceId]) -> (usize, usize) {
        let route = self.map.expand_route(from, waypoints).unwrap_or_default();
        let circles = route
            .iter()
            .filter(|&&s| self.map.spaces[usize::from(s)].shape == Shape::Circle)
            .count();
        (circles, route.len() - circles)
    }

    /// Movement in 12 sub-turns (4.4): each walker steps at the sub-turns of its move's length,
    /// reaching targets as it passes (B&B-6); after each sub-turn a hand-over of the Rucksack is
    /// looked for (10.4, B&B-15). Walkers on a ferry are on the lake until it lands. Returns
    /// whether the Rucksack changed hands (or nobody ordered a hand-over).
    pub(super) fn walk_sub_turns(
        &mut self,
        orders: TurnOrdersOf<'_>,
        scratch: &mut Scratch,
        rec: &mut impl Recorder,
    ) -> bool {
        let n = self.walkers.len();
        let Scratch {
            plans,
            priority,
            routes,
            at,
            arrived,
            claims,
            was_out,
            ..
        } = scratch;
        // (Places do not change before the landings: `self.walkers[w].place` is still where
        // each walker began the turn.)
        at.clear();
        at.extend((0..n).map(|w| match plans[w] {
            super::plan::Plan::Ferry { .. } => None,
            _ if !was_out[w] => None,
            _ => self.walkers[w].space(),
        }));
        arrived.clear();
        arrived.resize(n, (0, 0));
        claims.clear();
        // Nobody ordered a hand-over (10.4): nothing to look for after each sub-turn.
        let mut rucksack_handed = self.rucksack.is_none()
            || !(0..orders.len()).any(|w| orders.get(w).is_some_and(|o| o.rucksack.is_some()));
        for sub_turn in 1..=12u8 {
            for w in 0..n {
                let route = &routes[w];
                if let Some(k) = sub_turns(route.len()).iter().position(|&s| s == sub_turn) {
                    let space = route[k];
                    at[w] = Some(space);
                    arrived[w] = (sub_turn, k as u8 + 1);
                    rec.stepped(w, space, sub_turn);
                    self.claim(claims, w, space, sub_turn, k as u8 + 1);
                }
            }
            if !rucksack_handed {
                rucksack_handed = self.hand_over_rucksack(at, &orders, priority, sub_turn, rec);
            }
        }
        rucksack_handed
    }

    /// The end of sub-turn 12 (4.5, B&B-5): while a small space holds two or more walkers, all
    /// but the earliest arrival go back one step along their route (same sub-turn: furthest
    /// moved first; then the turn's random priority), keeping the arrival time they had there.
    pub(super) fn bump_back(&self, scratch: &mut Scratch, rec: &mut impl Recorder) {
        let n = self.walkers.len();
        let Scratch {
            priority,
            routes,
            at,
            arrived,
            here,
            ..
        } = scratch;
        while let Some(space) = self.crowded_space(at) {
            here.clear();
            here.extend((0..n).filter(|&v| at[v] == Some(space)));
            // Earliest arrival first; same sub-turn: furthest moved first; then at random.
            here.sort_by_key(|&v| (arrived[v].0, std::cmp::Reverse(arrived[v].1), priority[v]));
            for &v in &here[1..] {
                let moved = usize::from(arrived[v].1);
                // Back to the previous space, where it arrived at the step before.
                let (back, when) = if moved >= 2 {
                    let k = moved - 2;
                    (routes[v][k], (sub_turns(routes[v].len())[k], k as u8 + 1))
                } else {
                    (
                        self.walkers[v]
                            .space()
                            .expect("a walker that moved was on a space"),
                        (0, 0),
                    )
                };
                at[v] = Some(back);
                arrived[v] = when;
                rec.bumped(v);
            }
        }
    }

    /// The lowest-numbered small space two or more walkers stand on (4.5; locations hold any
    /// number, 4.6).
    fn crowded_space(&self, at: &[Option<SpaceId>]) -> Option<SpaceId> {
        let n = self.walkers.len();
        let mut crowded: Option<SpaceId> = None;
        for w in 0..n {
            if let Some(s) = at[w]
                && self.map.is_small(s)
                && (0..n).any(|v| v != w && at[v] == Some(s))
            {
                crowded = Some(crowded.map_or(s, |c: SpaceId| c.min(s)));
            }
        }
        crowded
    }
}
