//! One 20-minute turn and one postal round of two (3.1), as the sequence of rule-named steps
//! [`Day::advance_turn`] runs; each step is in the file of its rule.

use game_api::Rng;
use rand::RngExt;

use super::plan::Plan;
use super::{Day, Note, Recorder, TurnOutcome, Walker};
use crate::clock::TURNS;
use crate::map::SpaceId;
use crate::orders::{RoundOrders, TurnOrders, WeatherChoice};

impl Day {
    /// Resolves one 20-minute turn. `orders[w]` are walker `w`'s orders for this turn; `strict`
    /// orders were checked already, the others are carried out as far as they can be.
    pub fn resolve_turn(
        &self,
        orders: &[TurnOrders],
        weather: &[WeatherChoice],
        rng: &mut Rng,
    ) -> (Day, TurnOutcome) {
        let mut next = self.clone();
        let mut outcome = TurnOutcome::empty();
        next.advance_turn(
            TurnOrdersOf::Turn(orders, weather),
            rng,
            &mut outcome,
            &mut Scratch::default(),
        );
        (next, outcome)
    }

    /// The turn in place: what [`Day::resolve_turn`] does, telling `rec` what happens, with
    /// buffers the caller keeps from turn to turn: the rule-named steps below, in order.
    pub(super) fn advance_turn(
        &mut self,
        orders: TurnOrdersOf<'_>,
        rng: &mut Rng,
        rec: &mut impl Recorder,
        scratch: &mut Scratch,
    ) {
        let start_weather = self.weather;
        rec.turn_began(self);
        scratch.begin(self, rng);
        // What each walker's orders come to where it stands (B&B-7, B&B-11).
        self.plan_turn(orders, scratch, rec);
        // The start of lunch and coffee: the Rucksack's carrier scores (5.1.9, 5.1.10).
        self.score_rucksack_at_break(rec);
        // Cards played and money spent at the start of the turn (4.3, 6.2, 7.2, 7.4, 8.2, 9.2).
        self.play_cards(scratch, rec);
        // Movement in 12 sub-turns (4.4), with hand-overs of the Rucksack after each (10.4).
        let handed = self.walk_sub_turns(orders, scratch, rec);
        // The end of sub-turn 12: the later arrival on a shared small space goes back (4.5).
        self.bump_back(scratch, rec);
        // Ferries land and buses arrive at the end of the turn (8.3–8.5).
        self.land_ferries_and_buses(scratch, rec);
        // A hand-over at the end of the turn, if none happened during it (10.4).
        if !handed {
            self.hand_over_rucksack(&scratch.at, &orders, &scratch.priority, 13, rec);
        }
        // Targets: first 10, second 7, later 5 (5.1.3–5.1.5).
        self.score_targets(scratch, rec);
        // Where everyone ends the turn, what the space scores, and finishing (5.1.1, 5.1.2,
        // 7.3, 5.1.12).
        self.end_turn_places(orders, scratch, start_weather, rec);
        // Chocolate, bought at a café at the end of the turn (6.3, 11.2).
        self.buy_chocolate(orders, scratch, rec);
        // Replacement cards (4.3), in seat order.
        self.deal_replacements(orders, scratch, rng, rec);

        self.turn += 1;
        let day_over = self.turn >= TURNS;
        if day_over {
            // 18:00 (5.1.8, 5.1.11, 5.2).
            self.end_of_day(rec);
        }
        rec.turn_ended(day_over);
    }

    /// Each walker's plan for the turn. Orders that cannot be carried out are noted and
    /// replaced by what the rules do without orders: rest, or at lunch and coffee the
    /// compulsory discard (7.2), or on the lake the way back (B&B-8, B&B-11).
    fn plan_turn(&self, orders: TurnOrdersOf<'_>, scratch: &mut Scratch, rec: &mut impl Recorder) {
        let n = self.walkers.len();
        let none = TurnOrders::default();
        let Scratch {
            plans,
            routes,
            was_out,
            ..
        } = scratch;
        routes.resize_with(n.max(routes.len()), Vec::new);
        plans.clear();
        for w in 0..n {
            let route = &mut routes[w];
            route.clear();
            let plan = if !was_out[w] {
                Plan::Rest
            } else {
                match self.plan(w, orders.get(w).unwrap_or(&none), false, route) {
                    Ok(plan) => plan,
                    Err(problem) => {
                        rec.note(w, || Note::NotCarriedOut { problem });
                        self.plan(w, &none, false, route).unwrap_or(Plan::Rest)
                    }
                }
            };
            if !matches!(plan, Plan::Walk { .. }) {
                route.clear();
            }
            plans.push(plan);
        }
    }

    /// Resolves a whole round: both turns, then the Rucksack vote (10.5), then the next round's
    /// information phase. Orders for the first turn are carried out as checked; the second
    /// turn's are re-checked from where each walker really is.
    pub fn resolve_round(&self, orders: &[RoundOrders], rng: &mut Rng) -> (Day, Vec<TurnOutcome>) {
        let mut day = self.clone();
        let mut outcomes = Vec::new();
        day.advance_round(orders, rng, &mut outcomes, &mut Scratch::default());
        (day, outcomes)
    }

    /// The round in place: what [`Day::resolve_round`] does, telling `rec` what happens (a
    /// `Vec<TurnOutcome>` gets one outcome a turn; `()` nothing), with buffers the caller keeps.
    /// The hot path of tournaments and searches, without a second copy of the rules.
    pub fn advance_round(
        &mut self,
        orders: &[RoundOrders],
        rng: &mut Rng,
        rec: &mut impl Recorder,
        scratch: &mut Scratch,
    ) {
        for k in 0..2 {
            if self.is_over() {
                break;
            }
            self.advance_turn(TurnOrdersOf::Round(orders, k), rng, rec, scratch);
            if k == 1
                && let Some(m) = self.cast_votes(orders)
            {
                rec.rucksack(m);
            }
        }
        if !self.is_over() {
            self.open_round(rng);
        }
    }
}

/// A turn's orders as the adjudication reads them: a turn's list, with each walker's weather
/// choice, or turn `k` of a round's orders (read in place, not copied out).
#[derive(Clone, Copy)]
pub(super) enum TurnOrdersOf<'a> {
    Turn(&'a [TurnOrders], &'a [WeatherChoice]),
    Round(&'a [RoundOrders], usize),
}

impl<'a> TurnOrdersOf<'a> {
    pub(super) fn len(&self) -> usize {
        match self {
            TurnOrdersOf::Turn(orders, _) => orders.len(),
            TurnOrdersOf::Round(orders, _) => orders.len(),
        }
    }

    pub(super) fn get(&self, w: usize) -> Option<&'a TurnOrders> {
        match *self {
            TurnOrdersOf::Turn(orders, _) => orders.get(w),
            TurnOrdersOf::Round(orders, k) => orders.get(w).map(|o| &o.turns[k]),
        }
    }

    /// The walker's weather choice for the cards it draws (9.1).
    pub(super) fn weather(&self, w: usize) -> WeatherChoice {
        match *self {
            TurnOrdersOf::Turn(_, weather) => weather.get(w).copied().unwrap_or_default(),
            TurnOrdersOf::Round(orders, _) => orders.get(w).map(|o| o.weather).unwrap_or_default(),
        }
    }
}

/// Buffers a turn's adjudication keeps from one turn to the next (see [`Day::advance_round`]).
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    pub(super) plans: Vec<Plan>,
    /// 4.5 "and then randomly": one random priority per walker for this turn's ties.
    pub(super) priority: Vec<u32>,
    /// Replacement cards owed at the end of the turn (4.3).
    pub(super) owed: Vec<usize>,
    pub(super) routes: Vec<Vec<SpaceId>>,
    /// Where each walker is during the turn; `None` off the board or on the lake.
    pub(super) at: Vec<Option<SpaceId>>,
    /// (sub-turn, spaces moved) of each walker's arrival on its current space; 0 = was there.
    pub(super) arrived: Vec<(u8, u8)>,
    /// Targets reached this turn: (target, sub-turn, moved, walker).
    pub(super) claims: Vec<(usize, u8, u8, usize)>,
    /// Who was out at the start of the turn (a walker may finish during it).
    pub(super) was_out: Vec<bool>,
    pub(super) here: Vec<usize>,
}

impl Scratch {
    /// The turn's random tie-break priorities (4.5), and who is out as it begins.
    fn begin(&mut self, day: &Day, rng: &mut Rng) {
        let n = day.walkers.len();
        self.priority.clear();
        self.priority.extend((0..n).map(|_| rng.random::<u32>()));
        self.was_out.clear();
        self.was_out.extend(day.walkers.iter().map(Walker::is_out));
    }
}
