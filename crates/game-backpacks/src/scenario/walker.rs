//! One entry of `walkers` checked: its id, where it stands (a space, or afloat on the lake),
//! hand, next card, targets reached, finish, purse and points.

use game_api::notation::{Given, Object, present};
use serde::Deserialize;

use super::ScenarioError;
use super::fields::{add_card, card_kind, err, location, small_int, space, time_to_turn};
use crate::clock;
use crate::day::{Place, Walker};
use crate::deck::{Card, CardKind};
use crate::map::{LocationId, Map};

/// One entry of `walkers`, unchecked.
#[derive(Clone, Debug, Deserialize)]
pub(super) struct RawWalker {
    id: Option<Given<String>>,
    at: Option<RawAt>,
    hand: Option<Given<Vec<Given<String>>>>,
    next_card: Option<Given<String>>,
    reached: Option<Given<Vec<Given<String>>>>,
    finished: Option<Given<String>>,
    last_space: Option<Given<String>>,
    points: Option<Given<i64>>,
    home_since: Option<Given<String>>,
    money: Option<Given<i64>>,
    chocolate: Option<Given<i64>>,
}

/// A walker's `at`: `{"lake": STOP}`, or anything else, read as a space id.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub(super) enum RawAt {
    Lake(Object<RawLake>),
    Space(Given<String>),
}

#[derive(Clone, Debug, Deserialize)]
pub(super) struct RawLake {
    /// Left out, the object is not a lake; `null`, a stop that is not a location id.
    #[serde(default, deserialize_with = "present")]
    lake: Option<Given<String>>,
}

/// The place a walker's `at` names: Keswick when left out.
fn parse_place(
    at_field: Option<RawAt>,
    at: &dyn Fn(&str) -> String,
    map: &Map,
    turn: u8,
) -> Result<Place, ScenarioError> {
    match at_field {
        None => Ok(Place::At(map.home_space())),
        Some(RawAt::Lake(Object(RawLake { lake: Some(stop) }))) => {
            let l = location(map, Some(stop), &at("at.lake"))?;
            if !map.locations[usize::from(l)].ferry {
                return err(format!(
                    "{}: {} is not a ferry stop",
                    at("at.lake"),
                    map.location_id(l)
                ));
            }
            // The first ferry runs at 10:20 (8.3); nobody is afloat before 10:40.
            if !(0..turn).any(|t| clock::special(t) == clock::Special::Ferry) {
                return err(format!(
                    "{}: no ferry has run before {}: the first sails at 10:20 (8.3, B&B-8)",
                    at("at"),
                    clock::time_text(turn)
                ));
            }
            Ok(Place::Lake { boarded: l })
        }
        Some(RawAt::Lake(Object(RawLake { lake: None }))) => err(format!(
            "{}: expected a space id or {{\"lake\": STOP}}",
            at("at")
        )),
        Some(RawAt::Space(given)) => Ok(Place::At(space(map, given, &at("at"))?)),
    }
}

/// Checks `walkers[i]`: the walker and the target locations it lists as reached. Its id joins
/// `names` and the cards it names join `cards`.
pub(super) fn parse_walker(
    given: Given<Object<RawWalker>>,
    i: usize,
    map: &Map,
    turn: u8,
    names: &mut Vec<String>,
    cards: &mut Vec<Card>,
) -> Result<(Walker, Vec<LocationId>), ScenarioError> {
    let at = |f: &str| format!("walkers[{i}].{f}");
    let Some(Object(w)) = given.wanted() else {
        return err(format!("walkers[{i}]: expected an object"));
    };
    let id =
        w.id.and_then(Given::wanted)
            .ok_or_else(|| ScenarioError(format!("{}: missing", at("id"))))?;
    // Orders name walkers by id (`vote bob`, `give rucksack to bob`): one word.
    if id.is_empty() || id.contains(|c: char| c.is_whitespace() || c == ';' || c == ':') {
        return err(format!(
            "{}: {id:?} is not an id: one word, without spaces, ';' or ':'",
            at("id")
        ));
    }
    if names.contains(&id) {
        return err(format!("{}: two walkers with id {id:?}", at("id")));
    }
    names.push(id);
    let place = parse_place(w.at, &at, map, turn)?;
    let mut hand = Vec::new();
    match w.hand {
        None => {}
        Some(Given::Wanted(list)) => {
            // 4 cards in the morning, 3 after lunch, 2 after coffee (1.2, 2.3, 7.2).
            let most = clock::hand_size(turn);
            if list.len() > most {
                return err(format!(
                    "{}: {} cards, but a hand holds at most {most} at {} (1.2, 2.3)",
                    at("hand"),
                    list.len(),
                    clock::time_text(turn)
                ));
            }
            for (k, c) in list.into_iter().enumerate() {
                let kind = card_kind(c, &format!("{}[{k}]", at("hand")))?;
                if matches!(kind, CardKind::Weather | CardKind::Rucksack) {
                    return err(format!(
                        "{}[{k}]: a {kind} card never stays in a hand (9.1, 10.1)",
                        at("hand")
                    ));
                }
                hand.push(add_card(cards, kind, map));
            }
        }
        Some(Given::Other(_)) => return err(format!("{}: expected a list of cards", at("hand"))),
    }
    let next_card = match w.next_card {
        None => None,
        Some(c) => Some(add_card(cards, card_kind(c, &at("next_card"))?, map)),
    };
    let reached = match w.reached {
        None => Vec::new(),
        Some(Given::Wanted(list)) => list
            .into_iter()
            .enumerate()
            .map(|(k, l)| location(map, Some(l), &format!("{}[{k}]", at("reached"))))
            .collect::<Result<_, _>>()?,
        Some(Given::Other(_)) => {
            return err(format!(
                "{}: expected a list of target locations",
                at("reached")
            ));
        }
    };
    let finished = match w.finished {
        None => None,
        Some(given) => Some(time_to_turn(given, &at("finished"))?),
    };
    let last_space = match w.last_space {
        None => None,
        Some(given) => Some(space(map, given, &at("last_space"))?),
    };
    // Nobody moves between turns: the space a walker ended the previous turn on is the
    // one it stands on, and a walker on the lake ended it on none (7.3, B&B-8).
    if let Some(last) = last_space
        && place != Place::At(last)
    {
        return err(format!(
            "{}: {} is not where the walker stands ({}): it ended the previous turn where it is now (7.3, B&B-19)",
            at("last_space"),
            map.space_id(last),
            match place {
                Place::At(s) => map.space_id(s).to_string(),
                Place::Lake { .. } => "the lake".to_string(),
            }
        ));
    }
    let points = match w.points {
        None => 0,
        Some(given) => given.wanted().filter(|p| p.abs() <= 1000).ok_or_else(|| {
            ScenarioError(format!(
                "{}: expected a whole number from -1000 to 1000",
                at("points")
            ))
        })? as i32,
    };
    let home_since = match w.home_since {
        None => None,
        Some(given) => Some(time_to_turn(given, &at("home_since"))?),
    };
    // A day ends in Keswick, and only a walker standing there can have been there since
    // a turn; both are turns already played (5.1.12, B&B-9).
    let in_keswick = place == Place::At(map.home_space());
    for (field, when) in [("finished", finished), ("home_since", home_since)] {
        let Some(when) = when else { continue };
        if !in_keswick {
            return err(format!(
                "{}: only a walker in Keswick can be {} (B&B-9); it is at {}",
                at(field),
                if field == "finished" {
                    "finished"
                } else {
                    "home since a turn"
                },
                match place {
                    Place::At(s) => map.space_id(s).to_string(),
                    Place::Lake { .. } => "the lake".to_string(),
                }
            ));
        }
        if when >= turn {
            return err(format!(
                "{}: {} is not before the turn being resolved ({})",
                at(field),
                clock::time_text(when),
                clock::time_text(turn)
            ));
        }
    }
    // A finished walker's day ended when it arrived (B&B-9): it was not still arriving
    // after that.
    if let (Some(f), Some(h)) = (finished, home_since)
        && h > f
    {
        return err(format!(
            "{}: {} is after the walker finished ({}): its day ended when it arrived (5.1.12, B&B-9)",
            at("home_since"),
            clock::time_text(h),
            clock::time_text(f)
        ));
    }
    let walker = Walker {
        place,
        hand,
        next_card,
        money: small_int(w.money, &at("money"), 40)? as u8,
        chocolate: small_int(w.chocolate, &at("chocolate"), 20)? as u8,
        points,
        reached: 0,
        finished,
        lost: false,
        home_since,
        last_space,
    };
    Ok((walker, reached))
}
