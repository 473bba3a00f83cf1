//! The notation's fields read one at a time, each refusal naming its field: required, whole
//! numbers in a range, strings, flags and cards.

use game_api::notation::Given;
use serde_json::Value;

use super::{MAX_CARD, ScenarioError};

pub(super) fn err<T>(message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(message.into()))
}

pub(super) fn describe(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

/// A number as written, anything else by its kind ("got 2.5", "got a string").
pub(super) fn describe_number(v: &Value) -> String {
    match v {
        Value::Number(n) => n.to_string(),
        other => describe(other).to_string(),
    }
}

/// A field the notation requires: left out or `null` is "missing".
pub(super) fn required<T>(given: Option<Given<T>>, field: &str) -> Result<Given<T>, ScenarioError> {
    given.ok_or_else(|| ScenarioError(format!("{field}: missing")))
}

pub(super) fn integer(
    given: Given<i64>,
    field: &str,
    range: std::ops::RangeInclusive<i64>,
) -> Result<i64, ScenarioError> {
    match given {
        Given::Wanted(n) if range.contains(&n) => Ok(n),
        Given::Wanted(n) => err(format!(
            "{field}: {n} is outside {}–{}",
            range.start(),
            range.end()
        )),
        Given::Other(v) => err(format!(
            "{field}: expected a whole number, got {}",
            describe_number(&v)
        )),
    }
}

pub(super) fn string(given: Given<String>, field: &str) -> Result<String, ScenarioError> {
    match given {
        Given::Wanted(s) => Ok(s),
        Given::Other(v) => err(format!("{field}: expected a string, got {}", describe(&v))),
    }
}

pub(super) fn flag(given: Option<Given<bool>>, field: &str) -> Result<bool, ScenarioError> {
    match given {
        None => Ok(false),
        Some(Given::Wanted(b)) => Ok(b),
        Some(Given::Other(v)) => err(format!(
            "{field}: expected true or false, got {}",
            describe(&v)
        )),
    }
}

pub(super) fn card(given: Given<i64>, field: &str) -> Result<u16, ScenarioError> {
    match given {
        Given::Wanted(n) if n < 1 => err(format!("{field}: card {n} is below 1")),
        Given::Wanted(n) if n > i64::from(MAX_CARD) => {
            err(format!("{field}: card {n} is above {MAX_CARD}"))
        }
        Given::Wanted(n) => Ok(n as u16),
        Given::Other(v) => err(format!(
            "{field}: expected a card (a whole number), got {}",
            describe_number(&v)
        )),
    }
}
