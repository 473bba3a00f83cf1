//! One entry of `riders` checked: its id, team, grade, distance, hand, points, status and
//! arrival, and the arrival stamps of riders that give none (docs/rulings.md BA-19).

use game_api::notation::{Given, Object};
use serde::Deserialize;

use super::fields::{card, describe, err, flag, integer, required, string};
use super::{MAX_DISTANCE, ScenarioError};
use crate::points::Points;
use crate::position::{HAND_CAPACITY, Hand, Rider, Status};
use crate::rules::{Grade, Line, RuleSet, Rules, check_lineup_hand};

/// One entry of `riders`, unchecked.
#[derive(Clone, Debug, Deserialize)]
pub(super) struct RawRider {
    id: Option<Given<String>>,
    team: Option<Given<String>>,
    grade: Option<Given<String>>,
    distance: Option<Given<i64>>,
    hand: Option<Given<Vec<Given<i64>>>>,
    sole_leader: Option<Given<bool>>,
    points: Option<Given<f64>>,
    finished: Option<Given<i64>>,
    retired: Option<Given<bool>>,
    dropped: Option<Given<bool>>,
    arrived: Option<Given<i64>>,
}

pub(super) fn parse_rider(
    given: Given<Object<RawRider>>,
    i: usize,
    rules: Rules,
    turn: u16,
) -> Result<(String, String, Rider, bool), ScenarioError> {
    let at = |f: &str| format!("riders[{i}].{f}");
    let raw = match given {
        Given::Wanted(Object(raw)) => raw,
        Given::Other(v) => {
            return err(format!(
                "riders[{i}]: expected an object, got {}",
                describe(&v)
            ));
        }
    };
    let need = |given, f: &str| required(given, &at(f));

    let id = string(need(raw.id, "id")?, &at("id"))?;
    if id.trim().is_empty() {
        return err(format!("{}: empty", at("id")));
    }
    let team = string(need(raw.team, "team")?, &at("team"))?;
    let grade_text = string(need(raw.grade, "grade")?, &at("grade"))?;
    let grade = match grade_text.chars().collect::<Vec<_>>().as_slice() {
        [c] => Grade::from_letter(*c),
        _ => None,
    }
    .ok_or_else(|| {
        ScenarioError(format!(
            "{}: {grade_text:?} is not a grade (A, B, C or D)",
            at("grade")
        ))
    })?;
    let distance = integer(
        required(raw.distance, &at("distance"))?,
        &at("distance"),
        -i64::from(MAX_DISTANCE)..=i64::from(MAX_DISTANCE),
    )? as i32;
    // The postal track is squares 0 to 120 (postal 4.1); only the board loop has squares
    // behind the start (its staggered start, BA-11).
    if rules.set == RuleSet::Postal22 && distance < 0 {
        return err(format!(
            "{}: {distance} is behind the start: the postal track begins at 0 (postal 4.1)",
            at("distance")
        ));
    }

    let cards = match required(raw.hand, &at("hand"))? {
        Given::Wanted(cards) => cards,
        Given::Other(v) => {
            return err(format!(
                "{}: expected a list of cards, got {}",
                at("hand"),
                describe(&v)
            ));
        }
    };
    if cards.len() > HAND_CAPACITY {
        return err(format!(
            "{}: {} cards, at most {HAND_CAPACITY} allowed",
            at("hand"),
            cards.len()
        ));
    }
    let cards: Vec<u16> = cards
        .into_iter()
        .enumerate()
        .map(|(k, c)| card(c, &format!("{}[{k}]", at("hand"))))
        .collect::<Result<_, _>>()?;

    let sole_leader = flag(raw.sole_leader, &at("sole_leader"))?;
    let points = match raw.points {
        None => Points::ZERO,
        Some(given) => match given {
            Given::Wanted(p) => Points::from_f64(p),
            Given::Other(_) => None,
        }
        .ok_or_else(|| {
            ScenarioError(format!(
                "{}: expected a number of points of at least 0",
                at("points")
            ))
        })?,
    };
    let status = match raw.finished {
        Some(given) => {
            let place = integer(given, &at("finished"), 1..=9999)? as u16;
            // A finished rider has crossed the line, so its distance is past it (the
            // notation's "Lines" ruling; postal 4.4, the board's line at race distance 100).
            let finish = rules.set.line_distance(Line::Finish);
            if distance <= finish {
                return err(format!(
                    "{}: the rider is at {distance}, not past the finish line at {finish} ({})",
                    at("finished"),
                    rules
                        .set
                        .cite("4.4", "the finish line at race distance 100")
                ));
            }
            Status::Finished(place)
        }
        None if flag(raw.retired, &at("retired"))? => Status::Retired,
        None if flag(raw.dropped, &at("dropped"))? => Status::Dropped,
        None => Status::Racing,
    };
    // Without `arrived`, the rider's place in the list; `Scenario::try_from` puts such
    // stamps after every given one (docs/rulings.md BA-19).
    let arrived = raw.arrived.is_some();
    let arrival = match raw.arrived {
        Some(given) => integer(given, &at("arrived"), 0..=1_000_000)? as u32,
        None => i as u32,
    };
    if matches!(status, Status::Racing | Status::Dropped) {
        if cards.is_empty() {
            return err(format!("{}: empty, but the rider is racing", at("hand")));
        }
        if turn == 1 {
            check_lineup_hand(rules, grade, &cards)
                .map_err(|e| ScenarioError(format!("{}: {e}", at("hand"))))?;
        }
    }
    let hand = Hand::new(&cards).expect("hand size checked");
    let rider = Rider {
        team: 0,
        grade,
        distance,
        hand,
        points,
        sole_leader,
        status,
        arrival,
    };
    Ok((id, team, rider, arrived))
}

/// Arrival stamps where some riders give `arrived` and others do not (docs/rulings.md BA-19):
/// the given stamps keep their order (equal ones stay equal), and every rider without one
/// arrived after all of them, in list order. Stamps are renumbered densely in that case, so a
/// defaulted stamp never equals a given one; when every rider or none gives `arrived`, the
/// stamps are kept as they are (none given: the list order).
pub(super) fn stamp_arrivals(riders: &mut [Rider], given: &[bool]) {
    if given.iter().all(|&g| g) || given.iter().all(|&g| !g) {
        return;
    }
    let mut explicit: Vec<u32> = riders
        .iter()
        .zip(given)
        .filter(|(_, g)| **g)
        .map(|(r, _)| r.arrival)
        .collect();
    explicit.sort_unstable();
    explicit.dedup();
    let defaults_from = explicit.len() as u32;
    for (i, (r, &g)) in riders.iter_mut().zip(given).enumerate() {
        r.arrival = if g {
            explicit.binary_search(&r.arrival).expect("collected above") as u32
        } else {
            defaults_from + i as u32
        };
    }
}
