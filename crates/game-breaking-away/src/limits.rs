//! A grade's set-up limits in the words a player reads (postal 3.1; the board game's set-up),
//! and what a first-timer needs to send the first line-up: the limits and an example. The
//! line-up builder, the welcome mail and the first reminder all say them from here.

use game_api::Lang;
use locale::tr;

use crate::rules::{Grade, LINEUP_CARD_RANGE, RuleSet, Rules, lineup_sum_fits};

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
pub fn lineup_help(rules: Rules, lang: Lang) -> String {
    let rule = match rules.set {
        RuleSet::Postal22 => tr!(lang, "ba-lineup-rule-postal", rule = "3.1"),
        RuleSet::Board => lang.t("ba-lineup-rule-board"),
    };
    let mut text = tr!(
        lang,
        "ba-lineup-help",
        low = *LINEUP_CARD_RANGE.start(),
        high = *LINEUP_CARD_RANGE.end(),
        rule = rule
    );
    text.push('\n');
    for grade in Grade::ALL {
        let limits = Limits::of(rules, grade);
        let count = if limits.fewest == limits.most {
            tr!(lang, "ba-lineup-cards", n = limits.fewest)
        } else {
            tr!(
                lang,
                "ba-lineup-cards-range",
                fewest = limits.fewest,
                most = limits.most
            )
        };
        let bound = if limits.exact {
            tr!(lang, "ba-lineup-exactly", total = limits.total)
        } else {
            tr!(lang, "ba-lineup-at-most", total = limits.total)
        };
        let line = tr!(
            lang,
            "ba-lineup-limit",
            grade = grade.to_string(),
            count = count,
            bound = bound
        );
        text.push_str(&format!("  {line}\n"));
    }
    text.push_str(&tr!(
        lang,
        "ba-lineup-example",
        example = crate::default_lineup().to_string()
    ));
    text.push('\n');
    text.push_str(&lang.t("ba-lineup-turn-one"));
    text.push('\n');
    text
}
