//! A grade's set-up limits in the words a player reads (postal 3.1; the board game's set-up),
//! and what a first-timer needs to send the first line-up: the limits and an example. The
//! line-up builder, the welcome mail and the first reminder all say them from here.

use crate::rules::{Grade, LINEUP_CARD_RANGE, Rules, lineup_sum_fits};

/// One grade's set-up limits, as the rules code gives them (postal 3.1; board set-up).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    pub fewest: usize,
    pub most: usize,
    pub total: u32,
    /// The cards add up to exactly `total` (board), not at most (postal).
    pub exact: bool,
}

impl Limits {
    pub fn of(rules: Rules, grade: Grade) -> Limits {
        let (counts, total) = grade.lineup_limits();
        Limits {
            fewest: *counts.start(),
            most: *counts.end(),
            total,
            exact: !lineup_sum_fits(rules, grade, total - 1),
        }
    }

    /// `3 or 4 cards, adding up to at most 30`.
    pub fn text(self) -> String {
        let count = if self.fewest == self.most {
            format!("{} cards", self.fewest)
        } else {
            format!("{} or {} cards", self.fewest, self.most)
        };
        let bound = if self.exact { "exactly" } else { "at most" };
        format!("{count}, adding up to {bound} {}", self.total)
    }

    /// Whether a rider's starting cards keep to the limits.
    pub fn fits(self, cards: &[u16]) -> bool {
        let total: u32 = cards.iter().map(|&c| u32::from(c)).sum();
        (self.fewest..=self.most).contains(&cards.len())
            && cards.iter().all(|c| LINEUP_CARD_RANGE.contains(c))
            && if self.exact {
                total == self.total
            } else {
                total <= self.total
            }
    }
}

/// The line-up limits and an example, in words: the welcome mail, the first reminder.
pub fn lineup_help(rules: Rules) -> String {
    let (low, high) = (LINEUP_CARD_RANGE.start(), LINEUP_CARD_RANGE.end());
    let mut text = format!(
        "Before the race, choose each rider's starting cards, numbers from {low} to {high} ({}):\n",
        rules.set.cite("3.1", "set-up")
    );
    for grade in Grade::ALL {
        text.push_str(&format!("  {grade}: {}\n", Limits::of(rules, grade).text()));
    }
    text.push_str(&format!(
        "For example: {}\n\
         and turn 1's card for each rider, one of its own, e.g. A 10 B 9 C 9 D 6; a rider without \
         an order plays its highest card. A team that sends no line-up starts with the example.\n",
        crate::default_lineup()
    ));
    text
}
