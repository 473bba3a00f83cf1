//! Scoring during the day (5.1.1–5.1.5, 7.3, B&B-6, B&B-12): the space a walker ends a turn on,
//! once on consecutive turns but again at lunch and coffee, one point less for a triangle when
//! Cloudy (9.1); and targets reached, first 10, second 7, later 5, in order of arrival.

use super::turn::{Scratch, TurnOrdersOf};
use super::{Day, Place, Recorder, Score};
use crate::Weather;
use crate::clock;
use crate::map::SpaceId;

impl Day {
    /// Records a walker reaching a target it has not reached before (7.3: a target bonus is
    /// claimed once, B&B-6).
    pub(super) fn claim(
        &self,
        claims: &mut Vec<(usize, u8, u8, usize)>,
        w: usize,
        space: SpaceId,
        sub_turn: u8,
        moved: u8,
    ) {
        let Some(location) = self.map.spaces[usize::from(space)].location else {
            return;
        };
        for (k, &t) in self.targets.iter().enumerate() {
            if t == location
                && self.walkers[w].reached & (1 << k) == 0
                && !claims.iter().any(|c| c.0 == k && c.3 == w)
            {
                claims.push((k, sub_turn, moved, w));
            }
        }
    }

    /// Targets: first 10, second 7, later 5 (5.1.3–5.1.5), in order of arrival: by sub-turn,
    /// then furthest moved, then the turn's random priority (4.5, B&B-6).
    pub(super) fn score_targets(&mut self, scratch: &mut Scratch, rec: &mut impl Recorder) {
        let Scratch {
            claims, priority, ..
        } = scratch;
        claims.sort_by_key(|&(target, sub_turn, moved, w)| {
            (target, sub_turn, std::cmp::Reverse(moved), priority[w])
        });
        for &(target, _, _, w) in claims.iter() {
            let order = self.target_arrivals[target];
            self.target_arrivals[target] += 1;
            self.walkers[w].reached |= 1 << target;
            let points = match order {
                0 => 10,
                1 => 7,
                _ => 5,
            };
            self.walkers[w].points += points;
            rec.scored(
                w,
                Score::Target {
                    location: self.targets[target],
                    order: order + 1,
                },
                points,
            );
        }
    }

    /// Where everyone still out ends the turn and what its space scores, then whether it is
    /// home and has finished (5.1.12, in `finish.rs`).
    pub(super) fn end_turn_places(
        &mut self,
        orders: TurnOrdersOf<'_>,
        scratch: &Scratch,
        start_weather: Weather,
        rec: &mut impl Recorder,
    ) {
        let home = self.map.home_space();
        for w in 0..self.walkers.len() {
            if !scratch.was_out[w] {
                continue;
            }
            self.end_place(w, scratch.at[w], start_weather, rec);
            let finish = orders.get(w).is_some_and(|o| o.finish);
            self.come_home(w, scratch.at[w] == Some(home), finish, rec);
        }
    }

    /// The space a walker ends the turn on, and its points (5.1.1, 5.1.2) unless it ended the
    /// previous turn there too, except at lunch and coffee (7.3, B&B-12); the weather is the
    /// one the turn began with (B&B-10). On the lake: no space (B&B-8).
    fn end_place(
        &mut self,
        w: usize,
        at: Option<SpaceId>,
        weather: Weather,
        rec: &mut impl Recorder,
    ) {
        let turn = self.turn;
        let walker = &mut self.walkers[w];
        let Some(space) = at else {
            rec.ended(w, walker.place);
            walker.last_space = None;
            return;
        };
        walker.place = Place::At(space);
        rec.ended(w, Place::At(space));
        if clock::is_break(turn) || walker.last_space != Some(space) {
            let points = i32::from(self.map.points(space, weather));
            if points > 0 {
                walker.points += points;
                rec.scored(w, Score::Space(space), points);
            }
        }
        walker.last_space = Some(space);
    }
}
