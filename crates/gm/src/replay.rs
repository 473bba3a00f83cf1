//! A log replayed one entry at a time, so that a long log need not be held whole (issue 28):
//! which entries a roll-back takes back follows from the resolutions and roll-backs alone,
//! known beforehand, and every other entry that changes the record is applied as it comes —
//! but for a seat's amendments one right after another, of which only the last is applied
//! (logs written before `MAX_SEALINGS` may hold a million).

use crate::error::GmError;
use crate::event::Event;
use crate::registry::Record;

/// A replay under way: [`Replay::new`] with the log's resolutions and roll-backs, then every
/// entry in order through [`Replay::push`], then [`Replay::finish`].
#[derive(Debug)]
pub struct Replay {
    /// Ranges of positions (from 1, inclusive, ascending, disjoint) taken back by roll-backs.
    taken_back: Vec<(u64, u64)>,
    /// The first of them that does not end before the next entry.
    range: usize,
    /// The position of the next entry.
    next: u64,
    record: Option<Record>,
    /// Sealings of one kind by one seat, one right after another, held back until the run
    /// ends: only the last is applied, counted `length` times (`Record::apply_sealings`).
    run: Option<Run>,
}

#[derive(Debug)]
struct Run {
    at: u64,
    last: Event,
    length: u16,
}

/// Whether `next` seals the same thing for the same seat as `last`.
fn continues(last: &Event, next: &Event) -> bool {
    match (last, next) {
        (Event::Lineup { seat: a, .. }, Event::Lineup { seat: b, .. })
        | (Event::Orders { seat: a, .. }, Event::Orders { seat: b, .. }) => a == b,
        _ => false,
    }
}

impl Replay {
    /// A replay of a log whose resolutions and roll-backs are `marks` (each with its position
    /// in the log, from 1, in order; other entries are ignored). A roll-back takes back the
    /// last resolution not already taken back, everything after it, and itself.
    pub fn new<'a>(marks: impl IntoIterator<Item = (u64, &'a Event)>) -> Result<Replay, GmError> {
        let mut resolutions: Vec<u64> = Vec::new();
        let mut taken_back: Vec<(u64, u64)> = Vec::new();
        for (at, event) in marks {
            match event {
                Event::Resolved { .. } => resolutions.push(at),
                Event::RolledBack { .. } => {
                    let Some(from) = resolutions.pop() else {
                        return Err(GmError::Log(format!(
                            "log entry {at}: a roll-back with nothing resolved to take back"
                        )));
                    };
                    // A later roll-back reaches at least as far back: it covers the earlier.
                    while taken_back.last().is_some_and(|&(f, _)| f >= from) {
                        taken_back.pop();
                    }
                    taken_back.push((from, at));
                }
                _ => {}
            }
        }
        Ok(Replay {
            taken_back,
            range: 0,
            next: 1,
            record: None,
            run: None,
        })
    }

    /// The end of the roll-back that takes back the entry at `at`, if one does.
    fn taken_back_by(&mut self, at: u64) -> Option<u64> {
        while self
            .taken_back
            .get(self.range)
            .is_some_and(|&(_, to)| to < at)
        {
            self.range += 1;
        }
        self.taken_back
            .get(self.range)
            .filter(|&&(from, _)| from <= at)
            .map(|&(_, to)| to)
    }

    /// Whether a roll-back takes back the log's next entry (the roll-back included): the
    /// replay passes over it.
    pub fn takes_back_next(&mut self) -> bool {
        self.taken_back_by(self.next).is_some()
    }

    /// The record so far (`None` before the creation), but for a run of sealings not yet
    /// applied: what the position says (who has orders to send) is up to date.
    pub fn record(&self) -> Option<&Record> {
        self.record.as_ref()
    }

    /// Passes over the log's next entry without applying it: for a reader that wants only to
    /// know which entries a roll-back takes back (`takes_back_next`).
    pub fn skip(&mut self) {
        self.next += 1;
    }

    /// The log's next entry.
    pub fn push(&mut self, event: &Event) -> Result<(), GmError> {
        let at = self.next;
        self.next += 1;
        let taken_back = self.taken_back_by(at);
        if taken_back.is_none() {
            if let Some(run) = &mut self.run
                && continues(&run.last, event)
            {
                run.at = at;
                run.last = event.clone();
                run.length = run.length.saturating_add(1);
                return Ok(());
            }
            if !event.changes_record() {
                return Ok(());
            }
        }
        self.end_run()?;
        if let Some(to) = taken_back {
            // The roll-back itself: the record is back where it was, and the turn re-opened.
            if at == to
                && let Some(record) = &mut self.record
            {
                record.reopen();
            }
            return Ok(());
        }
        match (&mut self.record, event) {
            (None, Event::Created { setup }) => {
                self.record = Some(Record::new(setup)?);
                Ok(())
            }
            (None, _) => Err(GmError::Log(
                "log: it does not begin with the game's creation".into(),
            )),
            (Some(_), Event::Lineup { .. } | Event::Orders { .. }) => {
                self.run = Some(Run {
                    at,
                    last: event.clone(),
                    length: 1,
                });
                Ok(())
            }
            (Some(record), event) => record
                .apply(event)
                .map_err(|e| GmError::Log(format!("log entry {at}: {e}"))),
        }
    }

    /// Applies the run of sealings held back, if any.
    fn end_run(&mut self) -> Result<(), GmError> {
        if let (Some(run), Some(record)) = (self.run.take(), &mut self.record) {
            record
                .apply_sealings(&run.last, run.length)
                .map_err(|e| GmError::Log(format!("log entry {}: {e}", run.at)))?;
        }
        Ok(())
    }

    /// The record the log describes.
    pub fn finish(mut self) -> Result<Record, GmError> {
        self.end_run()?;
        self.record
            .ok_or_else(|| GmError::Log("log: it does not begin with the game's creation".into()))
    }
}

impl Record {
    /// The record a log describes. A `RolledBack` entry takes back the last resolution and
    /// everything after it, and re-opens the turn (`GameRecord::reopen`); entries that only
    /// make history are skipped (see [`Replay`]).
    pub fn replay(events: &[Event]) -> Result<Record, GmError> {
        let marks = (1..)
            .zip(events)
            .filter(|(_, e)| e.takes_back_or_resolves());
        let mut replay = Replay::new(marks)?;
        for event in events {
            replay.push(event)?;
        }
        replay.finish()
    }
}
