//! The two rule sets, their options and the track: lines, points tables, set-up limits.

use crate::error::BreakingAwayError;
use crate::mistake::{Mistake, Mistakes};
use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// Which rulebook a race follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RuleSet {
    /// Postal rules v2.2 (1991): a straight 120-square track, sealed orders.
    #[serde(rename = "postal-2.2")]
    Postal22,
    /// The original board game: a 40-square loop raced over 100 squares.
    #[serde(rename = "board")]
    Board,
}

impl RuleSet {
    pub fn name(self) -> &'static str {
        match self {
            RuleSet::Postal22 => "postal-2.2",
            RuleSet::Board => "board",
        }
    }

    /// The race distance after which each line lies (postal 4.3–4.4; board: sprint line
    /// crossed at 33 and 73, finish at 100). A rider passes line `L` when its distance goes
    /// from at most `L` to more than `L`: standing on the line is not crossing.
    pub fn line_distance(self, line: Line) -> i32 {
        match (self, line) {
            (RuleSet::Postal22, Line::Sprint1) => 40,
            (RuleSet::Postal22, Line::Sprint2) => 80,
            (RuleSet::Postal22, Line::Finish) => 120,
            (RuleSet::Board, Line::Sprint1) => 33,
            (RuleSet::Board, Line::Sprint2) => 73,
            (RuleSet::Board, Line::Finish) => 100,
        }
    }

    /// Squares on the loop, if the track is one (board: 40).
    pub fn loop_length(self) -> Option<i32> {
        match self {
            RuleSet::Postal22 => None,
            RuleSet::Board => Some(40),
        }
    }

    /// The square a race distance stands on.
    pub fn square(self, distance: i32) -> i32 {
        match self.loop_length() {
            Some(len) => distance.rem_euclid(len),
            None => distance,
        }
    }

    /// The number of teams the rules allow (board: 3–6; postal: not fixed by the rules,
    /// see docs/rulings.md).
    pub fn team_limits(self) -> (usize, usize) {
        match self {
            RuleSet::Postal22 => (1, 16),
            RuleSet::Board => (3, 6),
        }
    }

    /// How a rule is cited in messages and reports.
    pub fn cite(self, postal: &str, board: &str) -> String {
        match self {
            RuleSet::Postal22 => format!("postal {postal}"),
            RuleSet::Board => format!("board: {board}"),
        }
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for RuleSet {
    type Err = BreakingAwayError;
    fn from_str(s: &str) -> Result<RuleSet, BreakingAwayError> {
        match s {
            "postal-2.2" | "postal" => Ok(RuleSet::Postal22),
            "board" => Ok(RuleSet::Board),
            _ => Err(BreakingAwayError::UnknownRuleSet(s.to_string())),
        }
    }
}

/// The board game's optional rules, each chosen per race. All are off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Options {
    /// The breaking-away card measures the lead over the nearest rider of another team.
    pub group_breakaways: bool,
    /// Turn 1: riders on a square of 5 or more replace with 3, and that square counts as empty.
    pub turn1_congestion: bool,
    /// Riders 2, 3 and 4 start on squares 39, 38 and 37, behind the line.
    pub staggered_start: bool,
    /// Hands are public: every report shows every rider's cards.
    pub open_hands: bool,
}

impl Options {
    pub const NAMES: [&'static str; 4] = [
        "group_breakaways",
        "turn1_congestion",
        "staggered_start",
        "open_hands",
    ];

    pub fn any(self) -> bool {
        self != Options::default()
    }

    /// Turns one option on by name.
    pub fn set(&mut self, name: &str) -> Result<(), BreakingAwayError> {
        match name.replace('-', "_").as_str() {
            "group_breakaways" => self.group_breakaways = true,
            "turn1_congestion" => self.turn1_congestion = true,
            "staggered_start" => self.staggered_start = true,
            "open_hands" => self.open_hands = true,
            _ => return Err(BreakingAwayError::UnknownOption(name.to_string())),
        }
        Ok(())
    }

    pub fn enabled(self) -> Vec<&'static str> {
        let flags = [
            self.group_breakaways,
            self.turn1_congestion,
            self.staggered_start,
            self.open_hands,
        ];
        Options::NAMES
            .iter()
            .zip(flags)
            .filter(|(_, on)| *on)
            .map(|(n, _)| *n)
            .collect()
    }
}

/// A race's rule set with its options. Options belong to the board rules only.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    pub set: RuleSet,
    pub options: Options,
}

impl Rules {
    pub fn new(set: RuleSet, options: Options) -> Result<Rules, BreakingAwayError> {
        if set == RuleSet::Postal22 && options.any() {
            return Err(BreakingAwayError::PostalOptions(options.enabled()));
        }
        Ok(Rules { set, options })
    }

    pub fn postal() -> Rules {
        Rules {
            set: RuleSet::Postal22,
            options: Options::default(),
        }
    }

    pub fn board(options: Options) -> Rules {
        Rules {
            set: RuleSet::Board,
            options,
        }
    }

    /// Are hands hidden from the other teams? Postal hands are secret (replacement cards go
    /// to their owners); the board game leaves it to the table (FAQ), secret by default.
    pub fn secret_hands(self) -> bool {
        !self.options.open_hands
    }
}

/// A scoring line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Line {
    Sprint1,
    Sprint2,
    Finish,
}

impl Line {
    pub const ALL: [Line; 3] = [Line::Sprint1, Line::Sprint2, Line::Finish];

    pub fn index(self) -> usize {
        self as usize
    }

    /// The name used in the scenario notation.
    pub fn name(self) -> &'static str {
        match self {
            Line::Sprint1 => "sprint-1",
            Line::Sprint2 => "sprint-2",
            Line::Finish => "finish",
        }
    }

    /// Points for the places 1–8 (postal 5.1 sprints, 6.2 finish; the board game's are the same).
    pub fn points_table(self) -> &'static [u64; 8] {
        const SPRINT: [u64; 8] = [10, 8, 6, 5, 4, 3, 2, 1];
        const FINISH: [u64; 8] = [20, 16, 12, 10, 8, 6, 4, 2];
        match self {
            Line::Sprint1 | Line::Sprint2 => &SPRINT,
            Line::Finish => &FINISH,
        }
    }

    /// Points for one place (1-based); places after the 8th score nothing.
    pub fn points_for_place(self, place: usize) -> u64 {
        self.points_table()
            .get(place.wrapping_sub(1))
            .copied()
            .unwrap_or(0)
    }
}

/// Places that score at each line.
pub const SCORING_PLACES: usize = 8;
/// The race ends when this many riders have finished.
pub const FINISHERS_TO_END: usize = 8;

/// A rider's grade (postal 2.2); the board game numbers them 1–4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Grade {
    A,
    B,
    C,
    D,
}

impl Grade {
    pub const ALL: [Grade; 4] = [Grade::A, Grade::B, Grade::C, Grade::D];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn letter(self) -> char {
        ['A', 'B', 'C', 'D'][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Grade> {
        match c.to_ascii_uppercase() {
            'A' | '1' => Some(Grade::A),
            'B' | '2' => Some(Grade::B),
            'C' | '3' => Some(Grade::C),
            'D' | '4' => Some(Grade::D),
            _ => None,
        }
    }

    /// Set-up limits (postal 3.1.1–3.1.5; board set-up): how many cards and their total —
    /// the largest sum under the postal rules, the exact sum on the board (see
    /// [`check_lineup_hand`]).
    pub fn lineup_limits(self) -> (std::ops::RangeInclusive<usize>, u32) {
        match self {
            Grade::A => (3..=4, 30),
            Grade::B => (3..=3, 25),
            Grade::C => (3..=3, 20),
            Grade::D => (3..=3, 16),
        }
    }

    /// The square a rider of this grade starts on: 0, or behind the line with the board's
    /// staggered start (rider 2 on 39, rider 3 on 38, rider 4 on 37).
    pub fn start_distance(self, rules: Rules) -> i32 {
        if rules.set == RuleSet::Board && rules.options.staggered_start {
            -(self.index() as i32)
        } else {
            0
        }
    }
}

impl fmt::Display for Grade {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// The smallest and largest card a player may choose at set-up (postal 3.1; board FAQ: 1–15).
pub const LINEUP_CARD_RANGE: std::ops::RangeInclusive<u16> = 1..=15;

/// Checks one rider's starting cards against the set-up limits: postal totals are maxima
/// (3.1.1-3.1.5), board totals are exact (docs/rulings.md BA-12). The message names the rule.
pub fn check_lineup_hand(
    rules: Rules,
    grade: Grade,
    cards: &[u16],
) -> Result<(), BreakingAwayError> {
    check_hand(rules, grade, cards).map_err(|m| BreakingAwayError::Lineup(Mistakes(vec![m])))
}

fn check_hand(rules: Rules, grade: Grade, cards: &[u16]) -> Result<(), Mistake> {
    let (counts, max_sum) = grade.lineup_limits();
    let (count_rule, sum_rule) = match grade {
        Grade::A => ("3.1.4", "3.1.5"),
        Grade::B => ("3.1", "3.1.1"),
        Grade::C => ("3.1", "3.1.2"),
        Grade::D => ("3.1", "3.1.3"),
    };
    let setup = "set-up";
    if !counts.contains(&cards.len()) {
        return Err(Mistake::CardCount {
            grade,
            count: cards.len(),
            fewest: *counts.start(),
            most: *counts.end(),
            cite: rules.set.cite(count_rule, setup),
        });
    }
    if let Some(&bad) = cards.iter().find(|c| !LINEUP_CARD_RANGE.contains(c)) {
        return Err(Mistake::CardOutside {
            grade,
            card: bad,
            cite: rules.set.cite("3.1", setup),
        });
    }
    let sum: u32 = cards.iter().map(|&c| u32::from(c)).sum();
    if lineup_sum_fits(rules, grade, sum) {
        return Ok(());
    }
    match rules.set {
        RuleSet::Postal22 => Err(Mistake::SumOver {
            grade,
            sum,
            most: max_sum,
            cite: rules.set.cite(sum_rule, setup),
        }),
        // Board set-up: 「第１走者：３０点持ちで、３～４個に移動力を分配する」 — the rider holds its
        // points and distributes all of them (docs/rulings.md BA-12).
        RuleSet::Board => Err(Mistake::SumNotExact {
            grade,
            sum,
            total: max_sum,
        }),
    }
}

/// Whether one rider's starting cards may sum to `sum`: at most the grade's total (postal
/// 3.1.1-3.1.5: "may not exceed"), exactly it on the board (its riders hold their points and
/// distribute all of them, docs/rulings.md BA-12). [`check_lineup_hand`] says why not.
pub fn lineup_sum_fits(rules: Rules, grade: Grade, sum: u32) -> bool {
    let (_, max_sum) = grade.lineup_limits();
    match rules.set {
        RuleSet::Postal22 => sum <= max_sum,
        RuleSet::Board => sum == max_sum,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postal_4_lines_lie_after_40_80_120() {
        let p = RuleSet::Postal22;
        assert_eq!(
            Line::ALL.map(|l| p.line_distance(l)),
            [40, 80, 120],
            "postal 4.3-4.4"
        );
    }

    #[test]
    fn board_course_is_a_40_square_loop_raced_over_100() {
        let b = RuleSet::Board;
        assert_eq!(Line::ALL.map(|l| b.line_distance(l)), [33, 73, 100]);
        assert_eq!(
            b.square(100),
            20,
            "board: the finish is square 20 on the loop"
        );
        assert_eq!(
            b.square(73),
            33,
            "board: the second sprint is the same line, one lap on"
        );
        assert_eq!(b.square(-1), 39);
    }

    #[test]
    fn postal_5_1_and_6_2_points_tables() {
        assert_eq!(Line::Sprint1.points_table(), &[10, 8, 6, 5, 4, 3, 2, 1]);
        assert_eq!(Line::Finish.points_table(), &[20, 16, 12, 10, 8, 6, 4, 2]);
        assert_eq!(Line::Finish.points_for_place(9), 0);
        assert_eq!(Line::Sprint2.points_for_place(0), 0);
    }

    #[test]
    fn postal_3_2_example_lineups_are_legal() {
        let r = Rules::postal();
        for (grade, cards) in [
            (Grade::A, vec![10, 10, 10]),
            (Grade::B, vec![8, 8, 9]),
            (Grade::C, vec![3, 8, 9]),
            (Grade::D, vec![5, 5, 6]),
            (Grade::A, vec![1, 2, 12, 15]),
            (Grade::B, vec![2, 10, 13]),
            (Grade::C, vec![3, 6, 11]),
            (Grade::D, vec![1, 1, 14]),
        ] {
            check_lineup_hand(r, grade, &cards).unwrap();
        }
    }

    #[test]
    fn postal_3_1_limits_are_enforced_with_the_rule_named() {
        let r = Rules::postal();
        let cases: [(Grade, &[u16], &str); 7] = [
            (
                Grade::B,
                &[9, 9, 8],
                "rider B: cards sum to 26, more than the 25 allowed (postal 3.1.1)",
            ),
            (
                Grade::C,
                &[7, 7, 7],
                "rider C: cards sum to 21, more than the 20 allowed (postal 3.1.2)",
            ),
            (
                Grade::D,
                &[6, 6, 5],
                "rider D: cards sum to 17, more than the 16 allowed (postal 3.1.3)",
            ),
            (
                Grade::A,
                &[5, 5, 5, 5, 5],
                "rider A: 5 cards, 3 or 4 allowed (postal 3.1.4)",
            ),
            (
                Grade::A,
                &[15, 15, 1],
                "rider A: cards sum to 31, more than the 30 allowed (postal 3.1.5)",
            ),
            (
                Grade::B,
                &[1, 2, 3, 4],
                "rider B: 4 cards, exactly 3 allowed (postal 3.1)",
            ),
            (
                Grade::C,
                &[16, 1, 1],
                "rider C: card 16 is outside 1–15 (postal 3.1)",
            ),
        ];
        for (grade, cards, message) in cases {
            assert_eq!(
                check_lineup_hand(r, grade, cards).unwrap_err().to_string(),
                message
            );
        }
        assert_eq!(
            check_lineup_hand(r, Grade::D, &[0, 8, 8])
                .unwrap_err()
                .to_string(),
            "rider D: card 0 is outside 1–15 (postal 3.1)"
        );
    }

    #[test]
    fn board_setup_limits_cite_the_board_rules() {
        let r = Rules::board(Options::default());
        assert_eq!(
            check_lineup_hand(r, Grade::B, &[10, 10, 10])
                .unwrap_err()
                .to_string(),
            "rider B: cards sum to 30, not 25 (board: set-up, \"rider 2 holds 25 points and distributes them over 3 values\")"
        );
        // Board FAQ: 0 and values over 15 cannot be chosen at set-up.
        assert!(check_lineup_hand(r, Grade::A, &[0, 15, 15]).is_err());
        assert!(check_lineup_hand(r, Grade::A, &[16, 7, 7]).is_err());
    }

    #[test]
    fn board_setup_totals_are_exact_and_postal_totals_are_maxima() {
        // Board set-up: 「第１走者：３０点持ちで、３～４個に移動力を分配する」, likewise 25, 20, 16.
        let board = Rules::board(Options::default());
        for (grade, exact, short) in [
            (Grade::A, &[10u16, 10, 10][..], &[10u16, 10, 9][..]),
            (Grade::A, &[6, 7, 8, 9], &[6, 7, 8, 8]),
            (Grade::B, &[8, 8, 9], &[8, 8, 8]),
            (Grade::C, &[3, 8, 9], &[3, 8, 8]),
            (Grade::D, &[5, 5, 6], &[5, 5, 5]),
        ] {
            check_lineup_hand(board, grade, exact).unwrap();
            check_lineup_hand(Rules::postal(), grade, exact).unwrap();
            // Postal 3.1: "may not exceed" — less is allowed there, not on the board.
            check_lineup_hand(Rules::postal(), grade, short).unwrap();
            assert!(check_lineup_hand(board, grade, short).is_err(), "{short:?}");
        }
        assert_eq!(
            check_lineup_hand(board, Grade::D, &[5, 5, 5])
                .unwrap_err()
                .to_string(),
            "rider D: cards sum to 15, not 16 (board: set-up, \"rider 4 holds 16 points and distributes them over 3 values\")"
        );
        assert_eq!(
            check_lineup_hand(board, Grade::A, &[7, 7, 7, 7])
                .unwrap_err()
                .to_string(),
            "rider A: cards sum to 28, not 30 (board: set-up, \"rider 1 holds 30 points and distributes them over 3 or 4 values\")"
        );
    }

    #[test]
    fn options_belong_to_the_board_rules() {
        let opts = Options {
            group_breakaways: true,
            ..Options::default()
        };
        assert_eq!(
            Rules::new(RuleSet::Postal22, opts).unwrap_err().to_string(),
            "options: group_breakaways belong to the board rules, not postal-2.2"
        );
        assert!(Rules::new(RuleSet::Board, opts).is_ok());
    }

    #[test]
    fn board_staggered_start_squares() {
        let r = Rules::board(Options {
            staggered_start: true,
            ..Options::default()
        });
        let squares = Grade::ALL.map(|g| r.set.square(g.start_distance(r)));
        assert_eq!(squares, [0, 39, 38, 37], "board: staggered start");
        assert_eq!(Grade::C.start_distance(Rules::postal()), 0);
    }
}
