//! What a turn's adjudication tells as it goes: a [`TurnOutcome`] for reports, a round's
//! outcomes, or nothing for simulations.

use super::{Day, Did, Note, Place, RucksackMove, Score, TurnOutcome, WalkerTurn};
use crate::Weather;
use crate::deck::CardKind;
use crate::map::SpaceId;

/// What a turn's adjudication tells as it goes: the outcome for reports ([`TurnOutcome`], or a
/// `Vec<TurnOutcome>` for a round) or nothing (`()`, for simulations, where it all compiles
/// away). Notes are written only for a recorder that keeps them.
pub trait Recorder {
    /// A turn begins, on the day as it is before anything changes.
    fn turn_began(&mut self, _day: &Day) {}
    /// What walker `w` did (told again when a ferry's landing is known).
    fn did(&mut self, _w: usize, _did: Did) {}
    /// Something that did not happen as ordered, and why.
    fn note(&mut self, _w: usize, _note: impl FnOnce() -> Note) {}
    fn scored(&mut self, _w: usize, _score: Score, _points: i32) {}
    fn stepped(&mut self, _w: usize, _space: SpaceId, _sub_turn: u8) {}
    fn bumped(&mut self, _w: usize) {}
    fn drew(&mut self, _w: usize, _card: CardKind) {}
    fn discarded(&mut self, _w: usize, _card: CardKind) {}
    fn finished(&mut self, _w: usize) {}
    /// Where walker `w` ends the turn.
    fn ended(&mut self, _w: usize, _place: Place) {}
    fn rucksack(&mut self, _move: RucksackMove) {}
    fn weather_changed(&mut self, _w: usize, _weather: Weather) {}
    fn turn_ended(&mut self, _day_over: bool) {}
}

impl Recorder for () {}

impl TurnOutcome {
    /// An outcome to be filled in by [`Recorder::turn_began`].
    pub(super) fn empty() -> TurnOutcome {
        TurnOutcome {
            turn: 0,
            weather: Weather::Sunny,
            walkers: Vec::new(),
            rucksack: Vec::new(),
            weather_changes: Vec::new(),
            day_over: false,
        }
    }
}

impl Recorder for TurnOutcome {
    fn turn_began(&mut self, day: &Day) {
        self.turn = day.turn;
        self.weather = day.weather;
        self.walkers = day
            .walkers
            .iter()
            .map(|wk| WalkerTurn {
                from: wk.place,
                to: wk.place,
                did: if wk.is_out() { Did::Rested } else { Did::Off },
                steps: Vec::new(),
                bumped: false,
                scores: Vec::new(),
                drew: Vec::new(),
                discarded: Vec::new(),
                notes: Vec::new(),
                finished: false,
            })
            .collect();
    }
    fn did(&mut self, w: usize, did: Did) {
        self.walkers[w].did = did;
    }
    fn note(&mut self, w: usize, note: impl FnOnce() -> Note) {
        self.walkers[w].notes.push(note());
    }
    fn scored(&mut self, w: usize, score: Score, points: i32) {
        self.walkers[w].scores.push((score, points));
    }
    fn stepped(&mut self, w: usize, space: SpaceId, sub_turn: u8) {
        self.walkers[w].steps.push((space, sub_turn));
    }
    fn bumped(&mut self, w: usize) {
        self.walkers[w].bumped = true;
    }
    fn drew(&mut self, w: usize, card: CardKind) {
        self.walkers[w].drew.push(card);
    }
    fn discarded(&mut self, w: usize, card: CardKind) {
        self.walkers[w].discarded.push(card);
    }
    fn finished(&mut self, w: usize) {
        self.walkers[w].finished = true;
    }
    fn ended(&mut self, w: usize, place: Place) {
        self.walkers[w].to = place;
    }
    fn rucksack(&mut self, m: RucksackMove) {
        self.rucksack.push(m);
    }
    fn weather_changed(&mut self, w: usize, weather: Weather) {
        self.weather_changes.push((w as u8, weather));
    }
    fn turn_ended(&mut self, day_over: bool) {
        self.day_over = day_over;
    }
}

/// A round's outcomes, one a turn.
impl Recorder for Vec<TurnOutcome> {
    fn turn_began(&mut self, day: &Day) {
        let mut outcome = TurnOutcome::empty();
        outcome.turn_began(day);
        self.push(outcome);
    }
    fn did(&mut self, w: usize, did: Did) {
        self.last_mut().expect("a turn began").did(w, did);
    }
    fn note(&mut self, w: usize, note: impl FnOnce() -> Note) {
        self.last_mut().expect("a turn began").note(w, note);
    }
    fn scored(&mut self, w: usize, score: Score, points: i32) {
        self.last_mut()
            .expect("a turn began")
            .scored(w, score, points);
    }
    fn stepped(&mut self, w: usize, space: SpaceId, sub_turn: u8) {
        self.last_mut()
            .expect("a turn began")
            .stepped(w, space, sub_turn);
    }
    fn bumped(&mut self, w: usize) {
        self.last_mut().expect("a turn began").bumped(w);
    }
    fn drew(&mut self, w: usize, card: CardKind) {
        self.last_mut().expect("a turn began").drew(w, card);
    }
    fn discarded(&mut self, w: usize, card: CardKind) {
        self.last_mut().expect("a turn began").discarded(w, card);
    }
    fn finished(&mut self, w: usize) {
        self.last_mut().expect("a turn began").finished(w);
    }
    fn ended(&mut self, w: usize, place: Place) {
        self.last_mut().expect("a turn began").ended(w, place);
    }
    fn rucksack(&mut self, m: RucksackMove) {
        self.last_mut().expect("a turn began").rucksack(m);
    }
    fn weather_changed(&mut self, w: usize, weather: Weather) {
        self.last_mut()
            .expect("a turn began")
            .weather_changed(w, weather);
    }
    fn turn_ended(&mut self, day_over: bool) {
        self.last_mut().expect("a turn began").turn_ended(day_over);
    }
}
