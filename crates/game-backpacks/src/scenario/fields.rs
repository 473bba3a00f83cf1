//! The notation's fields read one at a time, each refusal naming its field: times, cards,
//! locations, spaces, small numbers; and every card a scenario names dealt into its own deck.

use game_api::notation::Given;

use super::ScenarioError;
use crate::clock::{self, TURNS};
use crate::deck::{Card, CardKind};
use crate::map::{LocationId, Map, SpaceId};

pub(super) fn err<T>(message: impl Into<String>) -> Result<T, ScenarioError> {
    Err(ScenarioError(message.into()))
}

/// A field the notation requires: left out or `null` is "missing".
pub(super) fn required<T>(given: Option<Given<T>>, field: &str) -> Result<Given<T>, ScenarioError> {
    given.ok_or_else(|| ScenarioError(format!("{field}: missing")))
}

pub(super) fn time_to_turn(given: Given<String>, field: &str) -> Result<u8, ScenarioError> {
    let text = given
        .wanted()
        .ok_or_else(|| ScenarioError(format!("{field}: expected a time such as \"10:20\"")))?;
    (0..TURNS)
        .find(|&t| {
            clock::time_text(t) == text || clock::time_text(t).trim_start_matches('0') == text
        })
        .ok_or_else(|| {
            ScenarioError(format!(
                "{field}: {text:?} is not the start of a turn (10:00, 10:20 … 17:40)"
            ))
        })
}

pub(super) fn card_kind(given: Given<String>, field: &str) -> Result<CardKind, ScenarioError> {
    let text = given
        .wanted()
        .ok_or_else(|| ScenarioError(format!("{field}: expected a card such as \"4+2\"")))?;
    let kind: CardKind = text
        .parse()
        .map_err(|e: String| ScenarioError(format!("{field}: {e}")))?;
    match kind {
        CardKind::Walk { circles, triangles }
            if circles > 6 || triangles > 6 || circles + triangles == 0 =>
        {
            err(format!(
                "{field}: a walking card has 0–6 circles and 0–6 triangles, not both 0"
            ))
        }
        _ => Ok(kind),
    }
}

pub(super) fn location(
    map: &Map,
    given: Option<Given<String>>,
    field: &str,
) -> Result<LocationId, ScenarioError> {
    let id = given
        .and_then(Given::wanted)
        .ok_or_else(|| ScenarioError(format!("{field}: expected a location id")))?;
    map.space(&id)
        .and_then(|s| map.spaces[usize::from(s)].location)
        .ok_or_else(|| ScenarioError(format!("{field}: {id:?} is not a location of the map")))
}

pub(super) fn space(
    map: &Map,
    given: Given<String>,
    field: &str,
) -> Result<SpaceId, ScenarioError> {
    let id = given
        .wanted()
        .ok_or_else(|| ScenarioError(format!("{field}: expected a space id")))?;
    map.space(&id)
        .ok_or_else(|| ScenarioError(format!("{field}: {id:?} is not a space of the map")))
}

pub(super) fn small_int(
    given: Option<Given<i64>>,
    field: &str,
    max: i64,
) -> Result<i64, ScenarioError> {
    match given {
        None => Ok(0),
        Some(Given::Wanted(n)) if (0..=max).contains(&n) => Ok(n),
        Some(_) => err(format!("{field}: expected a whole number from 0 to {max}")),
    }
}

/// Every card the scenario names becomes a card of its own small deck: its index there.
pub(super) fn add_card(cards: &mut Vec<Card>, kind: CardKind, map: &Map) -> u8 {
    cards.push(match kind {
        CardKind::Walk { circles, triangles } => Card::Walk {
            circles,
            triangles,
            names: map.home,
        },
        CardKind::Weather => Card::Weather,
        CardKind::Blister => Card::Blister,
        CardKind::Rucksack => Card::Rucksack,
    });
    (cards.len() - 1) as u8
}
