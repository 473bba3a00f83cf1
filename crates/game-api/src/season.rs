//! A season as a game reads it: games of one kind played in order by the same seats (a stage
//! race's stages, a walking week's days), each finished game read as one stage's result, and
//! the classifications after any number of stages. `gm::season` adds what is the same for every
//! game: movements since the last stage, who wears which jersey, the final winners.

use serde::{Deserialize, Serialize};

/// What a season of the game is called, and its stages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeasonNouns {
    /// `stage race`, `walking week`.
    pub season: &'static str,
    /// `stage`, `day`.
    pub stage: &'static str,
}

/// One classification after some stages: who leads, and everybody's line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Classification {
    /// The classification's name in the API and in scoring tables (`general`, `points`).
    pub key: String,
    /// `General classification`.
    pub title: String,
    /// What its lines are (`teams`, `riders`, `walkers`).
    pub of: String,
    /// What its totals count (`points`, `places`, `targets`).
    pub unit: String,
    /// The ruling that decides its order and ties (`S-1`, in docs/rulings.md).
    pub ruling: String,
    /// The count-back that orders lines level on the total, as people read it (`fewer places;
    /// level: the better place in the last stage, then the stage before`). Lines still level
    /// after it share the rank (S-3).
    #[serde(default)]
    pub ties: String,
    /// The jersey its leader wears, if any.
    pub jersey: Option<Jersey>,
    /// From first to last.
    pub rows: Vec<Row>,
    /// Who would wear the jersey, in order: the leader first; where the leader already wears
    /// a more prestigious one, the next (the jersey rule, `gm::season`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wearers: Vec<Wearer>,
}

/// A jersey worn by a piece, as a picture marks it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Worn {
    /// `red-A`.
    pub piece: String,
    pub jersey: Jersey,
}

/// A piece that may wear a jersey.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wearer {
    pub seat: usize,
    /// `red-A`.
    pub piece: String,
}

/// A leader's jersey.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Jersey {
    /// `yellow jersey`.
    pub name: String,
    /// Its colour in the pictures, `#f2c500`.
    pub colour: String,
    /// Lower is more prestigious: a rider leading two classifications wears the lower one.
    pub prestige: u8,
}

/// One line of a classification.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// 1 is the leader; lines level in every respect share a rank.
    pub rank: u16,
    /// The seat (its index) the line belongs to.
    pub seat: usize,
    /// The piece ranked (`red-A`), or `None` where the line is the seat's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<String>,
    /// The total as people read it (`46½`, `3`).
    pub total: String,
    /// The line's value in each stage so far, first stage first.
    pub stages: Vec<Cell>,
    /// Places gained (positive) or lost since the stage before; `None` after the first stage.
    /// Filled in by `gm::season`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement: Option<i32>,
}

/// A line's value in one stage.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub value: String,
    /// Not counted: a league's results beyond the best n (shown as such).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub dropped: bool,
}

/// Which of `values` (one per stage, higher is better) count when only the best `best_of`
/// do: a league's "best n of m". Of equal values the earlier stage counts. Every value counts
/// where `best_of` is `None` or at least their number.
pub fn counted<T: PartialOrd>(values: &[T], best_of: Option<u16>) -> Vec<bool> {
    let n = best_of.map_or(values.len(), usize::from);
    if n >= values.len() {
        return vec![true; values.len()];
    }
    let mut order: Vec<usize> = (0..values.len()).collect();
    // A stable sort, best first: of equal values the earlier stage stays ahead.
    order.sort_by(|&a, &b| {
        values[b]
            .partial_cmp(&values[a])
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let mut count = vec![false; values.len()];
    for &i in &order[..n] {
        count[i] = true;
    }
    count
}

/// Ranks from keys already sorted best first: a line level with the one before it in every
/// respect (`same`) shares its rank.
pub fn ranks<T>(sorted: &[T], same: impl Fn(&T, &T) -> bool) -> Vec<u16> {
    let mut ranks = Vec::with_capacity(sorted.len());
    for (i, key) in sorted.iter().enumerate() {
        let rank = if i > 0 && same(&sorted[i - 1], key) {
            ranks[i - 1]
        } else {
            i as u16 + 1
        };
        ranks.push(rank);
    }
    ranks
}

/// Lines `0..n` best first by `key` (lower is better; equal lines keep their order), each with
/// its rank: lines whose keys are equal share a rank.
pub fn ranked<K: Ord>(n: usize, key: impl Fn(usize) -> K) -> Vec<(usize, u16)> {
    let mut order: Vec<(K, usize)> = (0..n).map(|i| (key(i), i)).collect();
    // Stable: of equal keys, the earlier line first.
    order.sort_by(|a, b| a.0.cmp(&b.0));
    let rank = ranks(&order, |a, b| a.0 == b.0);
    order.into_iter().map(|(_, i)| i).zip(rank).collect()
}

/// Places from scores (higher is better): seats with equal scores share a place.
pub fn places_from_scores(scores: &[f64]) -> Vec<u16> {
    scores
        .iter()
        .map(|s| 1 + scores.iter().filter(|t| *t > s).count() as u16)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_league_counts_the_best_n_and_of_equals_the_earlier() {
        assert_eq!(counted(&[5, 9, 5, 1], Some(2)), [true, true, false, false]);
        assert_eq!(counted(&[5, 9], Some(3)), [true, true]);
        assert_eq!(counted(&[5, 9], None), [true, true]);
    }

    #[test]
    fn lines_level_in_every_respect_share_a_rank() {
        assert_eq!(ranks(&[9, 7, 7, 3], |a, b| a == b), [1, 2, 2, 4]);
        assert_eq!(places_from_scores(&[3.0, 9.0, 3.0]), [2, 1, 2]);
        assert_eq!(
            ranked(4, |i| [2, 1, 2, 0][i]),
            [(3, 1), (1, 2), (0, 3), (2, 3)],
            "lowest key first, equal keys share a rank in seat order"
        );
    }
}
