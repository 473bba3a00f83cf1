//! Finishing (5.1.8, 5.1.11, 5.1.12, 5.2, B&B-9): a walker is back in Keswick as of the turn at
//! whose end it arrived there; `finish` ends its day and scores that arrival; at 18:00 walkers in
//! Keswick are back, everyone else loses every point, and money left and the Rucksack carried
//! home score.

use super::{Day, Note, Recorder, Score};
use crate::clock;

impl Day {
    /// Whether a walker ends the turn in Keswick (and since when), and its order to finish:
    /// 5.1.12 rewards arriving back early, so a walker who has stood in Keswick since an earlier
    /// turn arrived then, whenever it orders `finish` (B&B-9).
    pub(super) fn come_home(
        &mut self,
        w: usize,
        at_home: bool,
        finish: bool,
        rec: &mut impl Recorder,
    ) {
        let turn = self.turn;
        let walker = &mut self.walkers[w];
        walker.home_since = if at_home {
            walker.home_since.or(Some(turn))
        } else {
            None
        };
        if !finish {
            return;
        }
        if at_home {
            let arrived = walker.home_since.unwrap_or(turn);
            walker.finished = Some(arrived);
            let points = clock::finishing_points(arrived);
            walker.points += points;
            rec.scored(w, Score::Finish, points);
            rec.finished(w);
        } else {
            rec.note(w, || Note::FinishAway);
        }
    }

    /// 18:00: walkers in Keswick are back (since they arrived), the others lose everything (5.2);
    /// money left and the Rucksack carried home score (5.1.8, 5.1.11).
    pub(super) fn end_of_day(&mut self, rec: &mut impl Recorder) {
        for (w, walker) in self.walkers.iter_mut().enumerate() {
            if walker.lost {
                continue;
            }
            if walker.finished.is_none() {
                match walker.home_since {
                    Some(t) => {
                        walker.finished = Some(t);
                        let points = clock::finishing_points(t);
                        walker.points += points;
                        rec.scored(w, Score::Finish, points);
                        rec.finished(w);
                    }
                    None => {
                        walker.lost = true;
                        rec.note(w, || Note::NotBack);
                        continue;
                    }
                }
            }
            let money = 2 * i32::from(walker.money);
            if money > 0 {
                walker.points += money;
                rec.scored(w, Score::Money, money);
            }
            if self.rucksack.is_some_and(|r| usize::from(r.carrier) == w) {
                walker.points += 5;
                rec.scored(w, Score::RucksackHome, 5);
            }
        }
    }
}
