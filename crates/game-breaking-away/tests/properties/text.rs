//! The text forms and the scenario parser: any input gives a value or an error, never a panic.

use game_breaking_away::orders::{parse_lineup, parse_orders};
use game_breaking_away::scenario::Scenario;
use game_breaking_away::{Grade, TeamOrders};
use proptest::prelude::*;

use crate::property;

/// The text forms never panic, and orders round-trip through their display.
#[test]
fn text_forms_never_panic() {
    let cases = (
        "\\PC{0,40}",
        prop::collection::vec((0usize..4, 1u16..40), 1..4),
    );
    property(
        "text_forms_never_panic",
        256,
        cases,
        |(text, grade_cards)| {
            let read = parse_orders(&text).is_ok() || parse_lineup(&text).is_ok();
            let mut orders = TeamOrders::default();
            for (g, c) in grade_cards {
                orders.set(Grade::ALL[g], c);
            }
            prop_assert_eq!(parse_orders(&orders.to_string()), Ok(orders));
            Ok(if read {
                "round trip; the text was read"
            } else {
                "round trip; the text was refused"
            })
        },
    );
}

/// Any text, any JSON: a scenario or a one-line error, never a panic.
#[test]
fn scenario_parsing_never_panics() {
    property(
        "scenario_parsing_never_panics",
        256,
        "\\PC{0,200}",
        |text| match Scenario::from_json(&text) {
            Ok(_) => Ok("read"),
            Err(e) => {
                prop_assert!(!e.to_string().contains('\n'));
                Ok("refused in one line")
            }
        },
    );
}
