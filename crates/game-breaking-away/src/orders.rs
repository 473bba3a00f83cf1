//! The text forms a player types in an email: a team's orders for a turn (`A 12 B 3 C 9 D 7`)
//! and its starting line-up (`A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6`).
//!
//! Letters are grades (the board game's rider numbers 1–4 are written as A–D); commas,
//! semicolons, colons and `=` are separators, case does not matter, and `A12` reads as `A 12`.
//! A label copied from the form or a report (`Line-up:`, `Turn 1:`, `Orders:`) may lead the
//! line; every mistake on a line is reported, not only the first.

use crate::error::BreakingAwayError;
use crate::mistake::{Mistake, Mistakes};
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::rules::{Grade, Rules, check_lineup_hand};

/// One team's orders for one turn: a card for each grade, `None` where no order was given
/// (that rider then plays its highest card, postal 9.1).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TeamOrders(pub [Option<u16>; 4]);

impl TeamOrders {
    pub fn card(&self, grade: Grade) -> Option<u16> {
        self.0[grade.index()]
    }

    pub fn set(&mut self, grade: Grade, card: u16) {
        self.0[grade.index()] = Some(card);
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(Option::is_none)
    }
}

impl fmt::Display for TeamOrders {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Grade::ALL
            .iter()
            .filter_map(|&g| self.card(g).map(|c| format!("{g} {c}")))
            .collect();
        if parts.is_empty() {
            f.write_str("(none)")
        } else {
            f.write_str(&parts.join(" "))
        }
    }
}

/// A team's starting cards, by grade.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lineup(pub [Vec<u16>; 4]);

impl Lineup {
    pub fn cards(&self, grade: Grade) -> &[u16] {
        &self.0[grade.index()]
    }

    /// Checks every rider against the set-up limits (postal 3.1; board set-up): every
    /// rider's mistake is said at once, not the first only (issue 51).
    pub fn check(&self, rules: Rules) -> Result<(), BreakingAwayError> {
        let mistakes: Vec<Mistake> = Grade::ALL
            .iter()
            .filter_map(
                |&grade| match check_lineup_hand(rules, grade, self.cards(grade)) {
                    Err(BreakingAwayError::Lineup(Mistakes(found))) => Some(found),
                    _ => None,
                },
            )
            .flatten()
            .collect();
        match mistakes.is_empty() {
            true => Ok(()),
            false => Err(BreakingAwayError::Lineup(Mistakes(mistakes))),
        }
    }
}

impl fmt::Display for Lineup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = Grade::ALL
            .iter()
            .map(|&g| {
                let cards: Vec<String> = self.cards(g).iter().map(u16::to_string).collect();
                format!("{g} {}", cards.join(" "))
            })
            .collect();
        f.write_str(&parts.join("  "))
    }
}

/// A word of the text form: a grade letter or a number.
#[derive(Debug, PartialEq)]
enum Token {
    Grade(Grade),
    Number(u16),
    /// A word that is neither (its error is reported): the numbers after it are its own, not
    /// the rider's before it.
    Unknown,
}

/// The text after a label copied from the form or a report (`Line-up:`, `Turn 1:`,
/// `Orders:`, `Orders for turn 2:`), or the text itself. The number in a label is not read:
/// the turn comes from the mail's subject or the open turn.
fn without_label(text: &str) -> &str {
    let Some((head, rest)) = text.split_once(':') else {
        return text;
    };
    let words: Vec<String> = head
        .split_whitespace()
        .map(|w| w.to_ascii_lowercase())
        .collect();
    let label = ["line-up", "lineup", "turn", "orders", "order"];
    let filler = ["line", "up", "my", "for", "the", "round"];
    let is_label = words.iter().any(|w| label.contains(&w.as_str()))
        && words.iter().all(|w| {
            label.contains(&w.as_str())
                || filler.contains(&w.as_str())
                || w.chars().all(|c| c.is_ascii_digit())
        });
    if is_label { rest } else { text }
}

/// The words of a line, each a grade or a number; every word that is neither is an error, all
/// of them reported.
fn tokens(text: &str, errors: &mut Vec<Mistake>) -> Vec<Token> {
    let cleaned: String = without_label(text)
        .chars()
        .map(|c| if ",;:=".contains(c) { ' ' } else { c })
        .collect();
    let mut out = Vec::new();
    for word in cleaned.split_whitespace() {
        let mut rest = word;
        // A leading grade letter, as in "A12" or "a".
        if let Some(first) = rest.chars().next()
            && first.is_ascii_alphabetic()
        {
            let grade = Grade::from_letter(first)
                .filter(|_| rest.len() == 1 || rest[1..].chars().all(|c| c.is_ascii_digit()));
            match grade {
                Some(g) => {
                    out.push(Token::Grade(g));
                    rest = &rest[1..];
                }
                None => {
                    errors.push(Mistake::NotRiderOrCard(word.to_owned()));
                    out.push(Token::Unknown);
                    continue;
                }
            }
        }
        if rest.is_empty() {
            continue;
        }
        match rest.parse::<u32>() {
            Ok(n) if n <= u32::from(u16::MAX) => out.push(Token::Number(n as u16)),
            Ok(n) => {
                errors.push(Mistake::CardTooLarge(n));
                // Stands for the card given (never read: the line is refused), so that its
                // rider is not also reported without a card.
                out.push(Token::Number(u16::MAX));
            }
            Err(_) => {
                errors.push(Mistake::NotRiderOrCard(word.to_owned()));
                out.push(Token::Unknown);
            }
        }
    }
    out
}

/// Groups the words into grade → numbers; every number must follow a grade.
fn by_grade(text: &str, errors: &mut Vec<Mistake>) -> Vec<(Grade, Vec<u16>)> {
    let mut groups: Vec<(Grade, Vec<u16>)> = Vec::new();
    // The cards after a repeated rider or an unknown word are passed over (already an error),
    // so that they are not counted as the rider's before.
    let mut repeated = false;
    for token in tokens(text, errors) {
        match token {
            Token::Unknown => repeated = true,
            Token::Grade(g) => {
                repeated = groups.iter().any(|(h, _)| *h == g);
                if repeated {
                    errors.push(Mistake::RiderTwice(g));
                } else {
                    groups.push((g, Vec::new()));
                }
            }
            Token::Number(_) if repeated => {}
            Token::Number(n) => match groups.last_mut() {
                Some((_, cards)) => cards.push(n),
                None => errors.push(Mistake::CardBeforeRider(n)),
            },
        }
    }
    groups
}

/// Every error found, or the value.
fn all_or_errors<T>(value: T, errors: Vec<Mistake>) -> Result<T, Mistakes> {
    if errors.is_empty() {
        Ok(value)
    } else {
        Err(Mistakes(errors))
    }
}

/// Reads a team's orders. Riders left out get no order. The text must name at least one rider.
/// Every mistake on the line is reported, not only the first.
pub fn parse_orders(text: &str) -> Result<TeamOrders, BreakingAwayError> {
    read_orders(text).map_err(BreakingAwayError::Orders)
}

fn read_orders(text: &str) -> Result<TeamOrders, Mistakes> {
    let mut errors = Vec::new();
    let groups = by_grade(text, &mut errors);
    if groups.is_empty() && errors.is_empty() {
        return Err(Mistakes(vec![Mistake::NoOrders]));
    }
    let mut orders = TeamOrders::default();
    for (grade, cards) in groups {
        match cards.as_slice() {
            [card] => orders.set(grade, *card),
            [] => errors.push(Mistake::NoCard(grade)),
            _ => errors.push(Mistake::CardsPerTurn {
                grade,
                got: cards.len(),
            }),
        }
    }
    all_or_errors(orders, errors)
}

/// Reads a team's line-up; all four riders must be given. Limits are checked by [`Lineup::check`].
pub fn parse_lineup(text: &str) -> Result<Lineup, BreakingAwayError> {
    read_lineup(text).map_err(BreakingAwayError::Lineup)
}

fn read_lineup(text: &str) -> Result<Lineup, Mistakes> {
    let mut errors = Vec::new();
    let groups = by_grade(text, &mut errors);
    let mut lineup = Lineup::default();
    for (grade, cards) in groups {
        lineup.0[grade.index()] = cards;
    }
    if errors.is_empty()
        && let Some(missing) = Grade::ALL.iter().find(|g| lineup.cards(**g).is_empty())
    {
        errors.push(Mistake::NoLineupCards(*missing));
    }
    all_or_errors(lineup, errors)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_short_form_and_its_variants() {
        let want = TeamOrders([Some(12), Some(3), Some(9), Some(7)]);
        for text in ["A 12 B 3 C 9 D 7", "a12 b3 c9 d7", "A=12, B=3; C: 9\nD 7"] {
            assert_eq!(parse_orders(text), Ok(want), "{text}");
        }
        assert_eq!(
            parse_orders("B 5"),
            Ok(TeamOrders([None, Some(5), None, None]))
        );
        assert_eq!(want.to_string(), "A 12 B 3 C 9 D 7");
    }

    #[test]
    fn bad_orders_name_the_problem() {
        let cases = [
            ("", "no orders given (write e.g. \"A 12 B 3 C 9 D 7\")"),
            ("A 12 A 3", "rider A is given twice"),
            ("E 5", "\"E\" is not a rider (A, B, C or D) or a card"),
            (
                "12 A 3",
                "card 12 comes before any rider (write e.g. \"A 12\")",
            ),
            ("A", "rider A: no card given"),
            ("A 3 4", "rider A: one card per turn, got 2"),
            (
                "A x",
                "\"x\" is not a rider (A, B, C or D) or a card; rider A: no card given",
            ),
            ("A 99999999", "card 99999999 is too large"),
        ];
        for (text, message) in cases {
            assert_eq!(
                parse_orders(text).unwrap_err().to_string(),
                message,
                "{text:?}"
            );
        }
    }

    /// A line-up with several riders wrong says every one of them (postal 3.1-3.1.5), not
    /// the first only (issue 51).
    #[test]
    fn a_lineup_with_several_mistakes_lists_them_all() {
        let rules = Rules::postal();
        let lineup = parse_lineup("A 15 15 15 B 8 8 9 C 3 8 9 D 5 5 6 9").unwrap();
        let said = lineup.check(rules).unwrap_err().to_string();
        assert!(
            said.contains("rider A") && said.contains("rider D"),
            "{said}"
        );
        let BreakingAwayError::Lineup(Mistakes(found)) = lineup.check(rules).unwrap_err() else {
            panic!("a line-up's mistakes");
        };
        assert_eq!(found.len(), 2, "{found:?}");
        assert_eq!(
            parse_lineup("A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6")
                .unwrap()
                .check(rules),
            Ok(())
        );
    }

    /// Fails without the labels: "Line-up" and "Turn" were read as riders.
    #[test]
    fn the_forms_own_labels_are_accepted() {
        let want = TeamOrders([Some(10), Some(9), Some(9), Some(6)]);
        for text in [
            "Turn 1: A 10 B 9 C 9 D 6",
            "Orders: A 10 B 9 C 9 D 6",
            "orders for turn 2: a10 b9 c9 d6",
            "Turn 3 orders: A=10, B=9, C=9, D=6",
        ] {
            assert_eq!(parse_orders(text), Ok(want), "{text}");
        }
        for text in [
            "Line-up: A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
            "Lineup: A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
            "My line-up: A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6",
        ] {
            assert_eq!(
                parse_lineup(text).unwrap().cards(Grade::D),
                &[5, 5, 6],
                "{text}"
            );
        }
        // A rider's colon is still a separator, not a label.
        assert_eq!(
            parse_orders("A: 10 B 9"),
            Ok(TeamOrders([Some(10), Some(9), None, None]))
        );
    }

    /// Fails with the old parser, which stopped at the first mistake.
    #[test]
    fn every_mistake_on_a_line_is_reported() {
        assert_eq!(
            parse_orders("Turn 1: A 10 X 9 C9 E 6 D")
                .unwrap_err()
                .to_string(),
            "\"X\" is not a rider (A, B, C or D) or a card; \"E\" is not a rider (A, B, C or D) or a card; rider D: no card given"
        );
        assert_eq!(
            parse_orders("A 3 4 B 5 B 6").unwrap_err().to_string(),
            "rider B is given twice; rider A: one card per turn, got 2"
        );
    }

    #[test]
    fn reads_a_lineup_and_checks_postal_3_1() {
        let lineup = parse_lineup("A 1,2,12,15 B 2 10 13 C 3 6 11 D 1 1 14").unwrap();
        assert_eq!(lineup.cards(Grade::A), &[1, 2, 12, 15]);
        lineup.check(Rules::postal()).unwrap();
        assert_eq!(
            lineup.to_string(),
            "A 1 2 12 15  B 2 10 13  C 3 6 11  D 1 1 14"
        );
        let over = parse_lineup("A 10 10 10 B 9 9 9 C 3 8 9 D 5 5 6").unwrap();
        assert_eq!(
            over.check(Rules::postal()).unwrap_err().to_string(),
            "rider B: cards sum to 27, more than the 25 allowed (postal 3.1.1)"
        );
        // Postal 3.1 totals are maxima: a team may allot less.
        let short = parse_lineup("A 10 10 9 B 8 8 8 C 3 8 8 D 5 5 5").unwrap();
        short.check(Rules::postal()).unwrap();
        assert_eq!(
            parse_lineup("A 10 10 10 B 8 8 9").unwrap_err().to_string(),
            "rider C: no cards given (write e.g. \"A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6\")"
        );
    }

    #[test]
    fn a_board_lineup_distributes_each_total_exactly() {
        // Board set-up: 「第１走者：３０点持ちで、３～４個に移動力を分配する」, 25, 20 and 16 likewise.
        let board = Rules::board(crate::rules::Options::default());
        parse_lineup("A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6")
            .unwrap()
            .check(board)
            .unwrap();
        parse_lineup("A 6 7 8 9 B 6 9 10 C 6 6 8 D 4 6 6")
            .unwrap()
            .check(board)
            .unwrap();
        let short = parse_lineup("A 10 10 9 B 8 8 9 C 3 8 9 D 5 5 6").unwrap();
        assert_eq!(
            short.check(board).unwrap_err().to_string(),
            "rider A: cards sum to 29, not 30 (board: set-up, \"rider 1 holds 30 points and distributes them over 3 or 4 values\")"
        );
    }
}
