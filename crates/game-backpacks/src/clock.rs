//! The day: 10:00 to 18:00 in 24 turns of 20 minutes, two turns a postal round (rules 1.1, 3).
//! Which turns run ferries and buses, lunch and coffee, the points for finishing by turn,
//! and the hand size through the day (1.2).

/// Turns in the day: 10:00, 10:20, … 17:40.
pub const TURNS: u8 = 24;
/// The lunch turn (13:00) and the coffee-break turn (15:00), rule 7.1.
pub const LUNCH: u8 = 9;
pub const COFFEE: u8 = 15;

/// What is special about a turn (the round sequence table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    None,
    /// Ferries run at twenty past the hour (8.3).
    Ferry,
    /// Buses run at twenty to the hour (8.4).
    Bus,
    Lunch,
    Coffee,
}

/// The clock time a turn starts, as (hours, minutes).
pub fn time(turn: u8) -> (u8, u8) {
    let minutes = 10 * 60 + 20 * u16::from(turn);
    ((minutes / 60) as u8, (minutes % 60) as u8)
}

pub fn time_text(turn: u8) -> String {
    let (h, m) = time(turn);
    format!("{h:02}:{m:02}")
}

/// The clock time a turn ends, 20 minutes after it starts (3.1): the next turn's start, or
/// 18:00 after the last.
pub fn end_text(turn: u8) -> String {
    time_text(turn + 1)
}

/// The postal round a turn belongs to (1–12).
pub fn round(turn: u8) -> u8 {
    turn / 2 + 1
}

/// The first turn of a round: no tea (3.1.2).
pub fn is_first_of_round(turn: u8) -> bool {
    turn.is_multiple_of(2)
}

pub fn special(turn: u8) -> Special {
    match turn {
        LUNCH => Special::Lunch,
        COFFEE => Special::Coffee,
        t if t % 3 == 1 => Special::Ferry,
        t if t % 3 == 2 => Special::Bus,
        _ => Special::None,
    }
}

pub fn is_break(turn: u8) -> bool {
    matches!(special(turn), Special::Lunch | Special::Coffee)
}

/// Points for finishing the day back in Keswick at the end of a turn (5.1.12, the table):
/// +3 up to 16:00, +2 at 16:20, +1 at 16:40, −2 at 17:00, −4 at 17:20, −6 at 17:40.
pub fn finishing_points(turn: u8) -> i32 {
    match turn {
        0..=18 => 3,
        19 => 2,
        20 => 1,
        21 => -2,
        22 => -4,
        _ => -6,
    }
}

/// Cards in hand: 4 in the morning, 3 after lunch, 2 after the coffee break (1.2, 7.2).
pub fn hand_size(turn: u8) -> usize {
    match turn {
        0..=LUNCH => 4,
        t if t <= COFFEE => 3,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bb_1_1_and_3_1_the_day_runs_from_ten_to_six_in_24_turns_of_12_rounds() {
        assert_eq!(time_text(0), "10:00");
        assert_eq!(time_text(TURNS - 1), "17:40");
        assert_eq!(round(0), 1);
        assert_eq!(round(TURNS - 1), 12);
        assert!(is_first_of_round(0) && !is_first_of_round(1));
    }

    #[test]
    fn bb_3_1_a_turn_lasts_20_minutes_and_the_last_ends_at_six() {
        assert_eq!(end_text(0), "10:20");
        assert_eq!(end_text(2), "11:00");
        assert_eq!(end_text(TURNS - 1), "18:00");
    }

    #[test]
    fn bb_3_round_sequence_ferries_buses_lunch_and_coffee() {
        let ferries: Vec<String> = (0..TURNS)
            .filter(|&t| special(t) == Special::Ferry)
            .map(time_text)
            .collect();
        assert_eq!(
            ferries,
            [
                "10:20", "11:20", "12:20", "13:20", "14:20", "15:20", "16:20", "17:20"
            ]
        );
        let buses: Vec<String> = (0..TURNS)
            .filter(|&t| special(t) == Special::Bus)
            .map(time_text)
            .collect();
        assert_eq!(
            buses,
            [
                "10:40", "11:40", "12:40", "13:40", "14:40", "15:40", "16:40", "17:40"
            ]
        );
        assert_eq!(time_text(LUNCH), "13:00");
        assert_eq!(time_text(COFFEE), "15:00");
    }

    #[test]
    fn bb_5_1_12_points_for_finishing_by_turn() {
        let table: Vec<(String, i32)> = (16..TURNS)
            .map(|t| (time_text(t), finishing_points(t)))
            .collect();
        assert_eq!(
            table,
            [
                ("15:20", 3),
                ("15:40", 3),
                ("16:00", 3),
                ("16:20", 2),
                ("16:40", 1),
                ("17:00", -2),
                ("17:20", -4),
                ("17:40", -6)
            ]
            .map(|(t, p)| (t.to_string(), p))
        );
        assert_eq!(finishing_points(0), 3);
    }

    #[test]
    fn bb_1_2_walkers_slow_down_4_3_2_cards() {
        assert_eq!(hand_size(0), 4);
        assert_eq!(hand_size(LUNCH), 4, "the lunch turn itself starts with 4");
        assert_eq!(hand_size(LUNCH + 1), 3);
        assert_eq!(hand_size(COFFEE + 1), 2);
    }
}
