//! The records this process has read or written, by game and version, so that a read of an
//! unchanged game does not replay its log.

use std::collections::HashMap;

use gm::Record;

/// The games this process has read or written, by id and version: reads of an unchanged game
/// take its record from here instead of replaying its log. It holds records only (positions,
/// sealed orders, resolved turns), never logs, so that its size does not grow with the number
/// of orders a game has been sent. A record grows with its resolved turns (a Breaking Away
/// race about 2.5 KB a turn), so the cache is bounded by their sum as well as by the number
/// of games: past either bound, the games read least recently are dropped until half of each
/// is left. A server's memory then stays flat however many games it holds (issue 16).
#[derive(Debug, Default)]
pub struct Records(std::sync::Mutex<RecordCache>);

#[derive(Debug, Default)]
struct RecordCache {
    /// id → (version, record, weight, when last used).
    map: HashMap<i64, (i64, Record, usize, u64)>,
    /// The sum of the weights.
    weight: usize,
    /// Counts uses, for "when last used".
    clock: u64,
}

impl Records {
    /// At most this many games are kept.
    const CAPACITY: usize = 20_000;
    /// At most this much weight (a game's start and each resolved turn weigh one).
    const WEIGHT: usize = 65_536;

    fn weight(record: &Record) -> usize {
        1 + usize::from(record.resolved())
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, RecordCache> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The record at `version`.
    pub fn get(&self, id: i64, version: i64) -> Option<Record> {
        let mut cache = self.cache();
        cache.clock += 1;
        let now = cache.clock;
        let (v, record, _, used) = cache.map.get_mut(&id)?;
        (*v == version).then(|| {
            *used = now;
            record.clone()
        })
    }

    /// Forgets a deleted game.
    pub(super) fn forget(&self, id: i64) {
        let mut cache = self.cache();
        if let Some((_, _, weight, _)) = cache.map.remove(&id) {
            cache.weight -= weight;
        }
    }

    /// Keeps `record` as game `id` at `version`, unless a later version is kept.
    pub fn put(&self, id: i64, version: i64, record: &Record) {
        let mut cache = self.cache();
        if cache.map.get(&id).is_some_and(|kept| kept.0 > version) {
            return;
        }
        cache.clock += 1;
        let weight = Self::weight(record);
        let entry = (version, record.clone(), weight, cache.clock);
        if let Some((_, _, old, _)) = cache.map.insert(id, entry) {
            cache.weight -= old;
        }
        cache.weight += weight;
        if cache.map.len() > Self::CAPACITY || cache.weight > Self::WEIGHT {
            cache.shrink(Self::CAPACITY / 2, Self::WEIGHT / 2);
        }
    }

    /// The number of games kept and the sum of their weights.
    pub fn size(&self) -> (usize, usize) {
        let cache = self.cache();
        (cache.map.len(), cache.weight)
    }
}

impl RecordCache {
    /// Keeps the games used most recently, at most `games` of them and `weight` in all.
    fn shrink(&mut self, games: usize, weight: usize) {
        let mut uses: Vec<(u64, usize)> = self.map.values().map(|e| (e.3, e.2)).collect();
        uses.sort_unstable_by(|a, b| b.cmp(a));
        let (mut kept, mut sum) = (0, 0);
        let mut oldest_kept = u64::MAX;
        for (used, w) in uses {
            if kept == games || sum + w > weight {
                break;
            }
            kept += 1;
            sum += w;
            oldest_kept = used;
        }
        self.map.retain(|_, e| e.3 >= oldest_kept);
        self.weight = sum;
    }
}
