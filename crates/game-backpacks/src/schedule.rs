//! The sub-turn schedule (rule 4.4): in which of the 12 sub-turns a walker takes each step of
//! its move. The rules' table has a defect and gaps (docs/rulings.md B&B-4): a move of 5 has
//! only 4 marks (2, 4, 7, 11), and moves of 7, 9 and 11 have no column. postrider restores
//! sub-turn 9 for a move of 5 and fills the missing columns so that no step of a longer move
//! comes later than the same step of a shorter one.

/// Sub-turns for a move of 0–12 steps, step by step.
const SCHEDULE: [&[u8]; 13] = [
    &[],
    &[6],
    &[3, 9],
    &[2, 6, 10],
    &[2, 5, 8, 11],
    &[2, 4, 7, 9, 11], // the table's 2, 4, 7, 11 with the missing 9 restored
    &[1, 3, 5, 7, 9, 11],
    &[1, 3, 5, 6, 8, 10, 12], // not in the table
    &[1, 3, 4, 6, 7, 9, 10, 12],
    &[1, 3, 4, 5, 7, 8, 9, 11, 12], // not in the table
    &[1, 2, 3, 5, 6, 7, 8, 9, 11, 12],
    &[1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12], // not in the table
    &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
];

/// The longest move a turn can hold (a 6-symbol card doubled by chocolate).
pub const MAX_STEPS: usize = 12;

/// The sub-turns in which a move of `steps` spaces takes its steps.
pub fn sub_turns(steps: usize) -> &'static [u8] {
    SCHEDULE[steps.min(MAX_STEPS)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bb_4_4_the_table_as_printed() {
        // The columns of the rules' table, read mark by mark.
        let printed: [(usize, &[u8]); 8] = [
            (1, &[6]),
            (2, &[3, 9]),
            (3, &[2, 6, 10]),
            (4, &[2, 5, 8, 11]),
            (6, &[1, 3, 5, 7, 9, 11]),
            (8, &[1, 3, 4, 6, 7, 9, 10, 12]),
            (10, &[1, 2, 3, 5, 6, 7, 8, 9, 11, 12]),
            (12, &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]),
        ];
        for (steps, column) in printed {
            assert_eq!(sub_turns(steps), column, "move of {steps}");
        }
    }

    #[test]
    fn bb_4_4_defect_a_move_of_5_gets_sub_turn_9_back() {
        assert_eq!(sub_turns(5), &[2, 4, 7, 9, 11]);
    }

    #[test]
    fn bb_4_4_every_move_has_one_sub_turn_a_step_in_order() {
        for steps in 0..=MAX_STEPS {
            let s = sub_turns(steps);
            assert_eq!(s.len(), steps);
            assert!(s.windows(2).all(|w| w[0] < w[1]), "move of {steps}");
            assert!(s.iter().all(|&t| (1..=12).contains(&t)));
        }
    }

    #[test]
    fn bb_4_4_a_longer_move_is_never_behind_a_shorter_one() {
        for steps in 1..MAX_STEPS {
            let (short, long) = (sub_turns(steps), sub_turns(steps + 1));
            for (k, (&a, &b)) in short.iter().zip(long).enumerate() {
                assert!(
                    b <= a,
                    "step {} of a move of {} comes at {b}, after {a} for a move of {steps}",
                    k + 1,
                    steps + 1
                );
            }
        }
    }
}
