//! Places and moves in words, as a player reads them: a location by its name, a space of a path
//! by where it lies on the path, a move by where it goes (`walk 4+2 from Keswick to Castlerigg
//! Stone Circle (arrive by 11:00, +3)`). The reports, the bulletin, the echo of sealed orders and
//! the order form all say places this way; the codes (`KES-CAS.4`) stay in the order text, the
//! API and the log.

use game_api::{Lang, Seat, Viewer};
use locale::tr;

use crate::Weather;
use crate::clock;
use crate::day::{Day, Place};
use crate::deck::CardKind;
use crate::map::{Map, Path, SpaceId};
use crate::moves::Standing;
use crate::orders::{Action, RoundOrders, RucksackOrder, TurnOrders, WeatherChoice};

/// A space of a path: the path, and the steps from its first end (of the steps from end to
/// end), as the data runs it.
fn on_path(map: &Map, space: SpaceId) -> Option<(&Path, usize, usize)> {
    map.on_path(space)
        .map(|(path, k)| (path, k, path.spaces.len() + 1))
}

fn location_name(map: &Map, location: u8) -> &str {
    &map.locations[usize::from(location)].name
}

/// A space as a noun: `Keswick`, `the path from Keswick to Castlerigg Stone Circle (3 of 5
/// steps)`.
pub fn space_words(lang: Lang, map: &Map, space: SpaceId) -> String {
    if let Some(location) = map.location_at(space) {
        return location.name.clone();
    }
    match on_path(map, space) {
        Some((path, step, steps)) => tr!(
            lang,
            "bb-path-space",
            from = location_name(map, path.ends[0]),
            to = location_name(map, path.ends[1]),
            step = step,
            steps = steps
        ),
        // Every small space lies on a path (the map's loader makes them so).
        None => map.space_id(space).to_string(),
    }
}

/// Where a walk starts: a location's name, or a space of a path as a point on it (`step 5 of 9
/// between Keswick and Dodd`).
fn start_words(lang: Lang, map: &Map, space: SpaceId) -> String {
    match on_path(map, space) {
        Some((path, step, steps)) if map.location_at(space).is_none() => tr!(
            lang,
            "bb-path-point",
            from = location_name(map, path.ends[0]),
            to = location_name(map, path.ends[1]),
            step = step,
            steps = steps
        ),
        _ => space_words(lang, map, space),
    }
}

/// Where a walker stands: `at Keswick`, `on the path from Keswick to Castlerigg Stone Circle,
/// 3 of 5 steps`, `on the lake`.
pub fn place_words(lang: Lang, map: &Map, place: Place) -> String {
    match place {
        Place::At(space) => {
            if let Some(location) = map.location_at(space) {
                tr!(lang, "bb-at", location = location.name.as_str())
            } else if let Some((path, step, steps)) = on_path(map, space) {
                tr!(
                    lang,
                    "bb-on-path",
                    from = location_name(map, path.ends[0]),
                    to = location_name(map, path.ends[1]),
                    step = step,
                    steps = steps
                )
            } else {
                tr!(lang, "bb-at", location = map.space_id(space))
            }
        }
        Place::Lake { .. } => lang.t("bb-on-lake"),
    }
}

/// Why a space scores when a walk ends on it: a location's name, or the beauty spot or
/// viewpoint a black space of a path is (5.1.2).
pub fn scoring_space_words(lang: Lang, map: &Map, space: SpaceId) -> String {
    if map.location_at(space).is_some() {
        return space_words(lang, map, space);
    }
    let viewpoint = map.spaces[usize::from(space)].shape == crate::map::Shape::Triangle;
    tr!(
        lang,
        "bb-black-space",
        viewpoint = if viewpoint { "yes" } else { "no" }
    )
}

/// Where a walk that ends on a path heads: the path's end it walks towards (`to`), the end it
/// walked away from (`from`), and its steps from `from` of the steps from end to end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Towards {
    pub to: crate::map::LocationId,
    pub from: crate::map::LocationId,
    pub step: usize,
    pub steps: usize,
}

/// Where a walk ending on `end`, a space of a path, heads; `before` is the space walked from
/// onto it. `None` when `end` is a location.
pub fn towards(map: &Map, before: SpaceId, end: SpaceId) -> Option<Towards> {
    let (path, step, steps) = on_path(map, end)?;
    let start = map.locations[usize::from(path.ends[0])].space;
    // Walking up the path (from its first end) when the space before is the first end or an
    // earlier space of the path.
    let up = before == start
        || on_path(map, before).is_some_and(|(p, k, _)| p.id == path.id && k < step);
    let [a, b] = path.ends;
    Some(if up {
        Towards {
            to: b,
            from: a,
            step,
            steps,
        }
    } else {
        Towards {
            to: a,
            from: b,
            step: steps - step,
            steps,
        }
    })
}

/// A walk's way: `from Keswick via Friar's Crag to Walla Crag`, `from Keswick towards
/// Castlerigg Stone Circle (3 of 5 steps)`. `route` is the spaces walked, the start excluded.
pub fn way_words(lang: Lang, map: &Map, from: SpaceId, route: &[SpaceId]) -> String {
    let Some(&end) = route.last() else {
        return space_words(lang, map, from);
    };
    let via: Vec<String> = route[..route.len() - 1]
        .iter()
        .filter_map(|&s| map.location_at(s).map(|l| l.name.clone()))
        .collect();
    let via = if via.is_empty() {
        String::new()
    } else {
        tr!(lang, "bb-via", places = lang.and_list(&via))
    };
    let before = route.len().checked_sub(2).map_or(from, |k| route[k]);
    match towards(map, before, end) {
        Some(t) => tr!(
            lang,
            "bb-way-towards",
            from = start_words(lang, map, from),
            via = via,
            to = location_name(map, t.to),
            step = t.step,
            steps = t.steps
        ),
        None => tr!(
            lang,
            "bb-way-to",
            from = start_words(lang, map, from),
            via = via,
            to = space_words(lang, map, end)
        ),
    }
}

/// A card as orders write it and players read it (`4+2`, `weather`).
fn card_words(lang: Lang, card: CardKind) -> String {
    card.phrase().text(lang)
}

fn cards_words(lang: Lang, cards: &[CardKind]) -> String {
    cards
        .iter()
        .map(|&c| card_words(lang, c))
        .collect::<Vec<_>>()
        .join(&lang.t("bb-list-separator"))
}

/// When a move ordered for `turn` arrives and what ending there scores: `(arrive by 11:00,
/// +3)` for the turn that starts at 10:40. A turn lasts 20 minutes (3.1) and the walker stands
/// where it ends up at the turn's end, when ferries and buses arrive too (8.5); a walk gets
/// there during the turn, at the latest at its end.
fn arrival(lang: Lang, turn: u8, points: u8) -> String {
    tr!(
        lang,
        "bb-arrive",
        time = clock::end_text(turn),
        points = points
    )
}

/// The points for ending the turn on `end` having started it where `standing` stands: a
/// space scores when the walker ends a turn on it after moving there, or at lunch and coffee
/// (5.1.1, 5.1.2, 7.3); resting where one stands scores nothing.
pub fn gained(map: &Map, standing: &Standing, end: Option<SpaceId>, weather: Weather) -> u8 {
    let here = match standing.place {
        Place::At(s) => Some(s),
        Place::Lake { .. } => None,
    };
    match end {
        Some(s) if here != Some(s) || clock::is_break(standing.turn) => map.points(s, weather),
        _ => 0,
    }
}

/// One turn's action in words, from where `standing` stands: `walk 4+2 from Keswick to
/// Castlerigg Stone Circle (arrive by 11:00, +3)` (the 10:40 turn), `rest at Keswick`,
/// `ferry from Keswick to Lodore Falls (arrive by 10:40, +3)` (the 10:20 turn).
pub fn action_words(
    lang: Lang,
    map: &Map,
    standing: &Standing,
    action: &Action,
    weather: Weather,
) -> String {
    let turn = standing.turn;
    let here = match standing.place {
        Place::At(s) => Some(s),
        Place::Lake { .. } => None,
    };
    let at = place_words(lang, map, standing.place);
    match action {
        Action::Rest => match standing.place {
            Place::Lake { .. } => lang.t("bb-echo-wait-on-lake"),
            Place::At(_) => tr!(lang, "bb-echo-rest", at = at),
        },
        Action::Walk {
            card,
            chocolate,
            waypoints,
        } => {
            let card = card_words(lang, *card);
            let chocolate = if *chocolate { "yes" } else { "no" };
            let Some(from) = here else {
                return tr!(
                    lang,
                    "bb-echo-walk-unknown",
                    card = card,
                    chocolate = chocolate
                );
            };
            if waypoints.is_empty() {
                return tr!(
                    lang,
                    "bb-echo-walk-stay",
                    card = card,
                    chocolate = chocolate,
                    at = at
                );
            }
            match map.expand_route(from, waypoints) {
                Ok(route) => {
                    let end = route.last().copied();
                    tr!(
                        lang,
                        "bb-echo-walk",
                        card = card,
                        chocolate = chocolate,
                        way = way_words(lang, map, from, &route),
                        arrive = arrival(lang, turn, gained(map, standing, end, weather))
                    )
                }
                // From a place the orders did not foresee (turn 2 after a surprise): the
                // place the route heads for.
                Err(_) => tr!(
                    lang,
                    "bb-echo-walk-to",
                    card = card,
                    chocolate = chocolate,
                    to = space_words(lang, map, *waypoints.last().expect("not empty"))
                ),
            }
        }
        Action::Tea { discards } if discards.is_empty() => tr!(lang, "bb-echo-tea", at = at),
        Action::Tea { discards } => tr!(
            lang,
            "bb-echo-tea-replacing",
            at = at,
            cards = cards_words(lang, discards)
        ),
        Action::Ferry { to, swap } | Action::Bus { to, swap } => {
            let end = map.locations[usize::from(*to)].space;
            let ferry = matches!(action, Action::Ferry { .. });
            let mut text = tr!(
                lang,
                "bb-echo-ride",
                ferry = if ferry { "yes" } else { "no" },
                lake = if here.is_none() { "yes" } else { "no" },
                from = here.map_or_else(String::new, |s| space_words(lang, map, s)),
                to = location_name(map, *to),
                arrive = arrival(lang, turn, gained(map, standing, Some(end), weather))
            );
            if let Some(card) = swap {
                text.push_str(&tr!(lang, "bb-echo-swap", card = card_words(lang, *card)));
            }
            text
        }
        Action::Blister => tr!(lang, "bb-echo-blister", at = at),
    }
}

/// One turn's orders in words: the action, then what goes with it (chocolate bought, the
/// Rucksack, finishing, the cards discarded or replaced at a break).
pub fn turn_words(
    lang: Lang,
    map: &Map,
    standing: &Standing,
    orders: &TurnOrders,
    weather: Weather,
    walkers: &[String],
) -> String {
    let mut parts = vec![action_words(lang, map, standing, &orders.action, weather)];
    if orders.buy_chocolate {
        parts.push(lang.t("bb-echo-buy-chocolate"));
    }
    match orders.rucksack {
        Some(RucksackOrder::Take) => parts.push(lang.t("bb-echo-take-rucksack")),
        Some(RucksackOrder::Give(None)) => parts.push(lang.t("bb-echo-give-rucksack")),
        Some(RucksackOrder::Give(Some(w))) => parts.push(tr!(
            lang,
            "bb-echo-give-rucksack-to",
            to = walkers[usize::from(w)].as_str()
        )),
        None => {}
    }
    if orders.finish {
        parts.push(lang.t("bb-echo-finish"));
    }
    if let Some(card) = orders.discard {
        parts.push(tr!(lang, "bb-echo-discard", card = card_words(lang, card)));
    }
    if !orders.replace.is_empty() {
        parts.push(tr!(
            lang,
            "bb-echo-replace",
            cards = cards_words(lang, &orders.replace)
        ));
    }
    parts.join(&lang.t("bb-echo-separator"))
}

/// A walker's orders for the round in words, one line a turn (each from where the turn before
/// should leave the walker), then the weather card and the vote: the echo of sealed orders.
pub fn round_words(
    lang: Lang,
    day: &Day,
    seat: Seat,
    orders: &RoundOrders,
    walkers: &[String],
) -> String {
    let map = &day.map;
    let view = day.view(Viewer::Seat(seat));
    let mut lines = Vec::new();
    if let Some(first) = Standing::from_view(&view) {
        let next_card = view.walkers[seat.index()]
            .secrets
            .as_ref()
            .and_then(|s| s.next_card);
        let mut standing = first;
        for (k, t) in orders.turns.iter().enumerate() {
            if standing.turn >= clock::TURNS {
                break;
            }
            lines.push(tr!(
                lang,
                "bb-echo-turn",
                n = k + 1,
                time = clock::time_text(standing.turn),
                what = turn_words(lang, map, &standing, t, day.weather, walkers)
            ));
            standing = standing.after(map, t, next_card);
        }
    }
    match orders.weather {
        WeatherChoice::Discard => {}
        WeatherChoice::Sunny => lines.push(lang.t("bb-echo-weather-sunny")),
        WeatherChoice::Cloudy => lines.push(lang.t("bb-echo-weather-cloudy")),
    }
    if let Some(v) = orders.vote {
        lines.push(tr!(
            lang,
            "bb-echo-vote",
            walker = walkers[usize::from(v)].as_str()
        ));
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn space(map: &Map, id: &str) -> SpaceId {
        map.space(id).unwrap()
    }

    #[test]
    fn places_are_said_by_name() {
        let map = Map::keswick();
        let path = space(&map, "KES-CAS.3");
        assert_eq!(
            space_words(Lang::EN, &map, space(&map, "CAS")),
            "Castlerigg Stone Circle"
        );
        assert_eq!(
            place_words(Lang::EN, &map, Place::At(path)),
            "on the path from Keswick to Castlerigg Stone Circle, 3 of 5 steps"
        );
        // Walked from Castlerigg, the same space is 2 steps towards Keswick.
        assert_eq!(
            way_words(
                Lang::EN,
                &map,
                space(&map, "CAS"),
                &[space(&map, "KES-CAS.4"), path]
            ),
            "from Castlerigg Stone Circle towards Keswick (2 of 5 steps)"
        );
        assert_eq!(
            way_words(
                Lang::EN,
                &map,
                space(&map, "KES"),
                &map.expand_route(
                    space(&map, "KES"),
                    &[space(&map, "FRI"), space(&map, "WAL")]
                )
                .unwrap()
            ),
            "from Keswick via Friar's Crag to Walla Crag"
        );
    }

    /// 3.1 "two 20 minute turns", 8.5 "Ferries arrive at the end of a turn": a move ordered
    /// for the 10:40 turn is there by 11:00, never at the time the turn starts.
    #[test]
    fn bb_3_1_a_walk_says_where_it_goes_when_it_arrives_and_what_it_scores() {
        let map = Map::keswick();
        let standing = Standing {
            place: Place::At(space(&map, "KES")),
            hand: vec!["4+2".parse().unwrap()],
            money: 4,
            chocolate: 0,
            turn: 2,
            carrier: false,
        };
        let walk = Action::Walk {
            card: "4+2".parse().unwrap(),
            chocolate: false,
            waypoints: vec![space(&map, "CAS")],
        };
        assert_eq!(
            action_words(Lang::EN, &map, &standing, &walk, Weather::Sunny),
            "walk 4+2 from Keswick to Castlerigg Stone Circle (arrive by 11:00, +3)"
        );
        let ja = Lang::from_code("ja").unwrap();
        assert_eq!(
            action_words(ja, &map, &standing, &walk, Weather::Sunny),
            "4+2でKeswickからCastlerigg Stone Circleへ歩く（11:00までに到着、+3）"
        );
    }

    /// 3.1 "Each postal round consists of two 20 minute turns": the echo of sealed orders says
    /// each turn on its own line, and a walk ordered for 10:00 arrives by 10:20, when turn 2
    /// starts from where it ends.
    #[test]
    fn bb_3_1_the_sealed_orders_echo_a_line_a_turn_arriving_when_the_turn_ends() {
        use std::sync::Arc;
        let map = Arc::new(Map::keswick());
        let deck = Arc::new(crate::deck::Deck::keswick(&map));
        let day = Day::new(map, deck, 2, &mut game_api::Seed(1).rng(0));
        let names = ["ann".to_string(), "bob".to_string()];
        let orders =
            crate::orders::parse_round_orders("1: walk 4+2 CAS; 2: rest", &day.map, &names)
                .unwrap();
        assert_eq!(
            round_words(Lang::EN, &day, Seat(0), &orders, &names),
            "turn 1 (10:00): walk 4+2 from Keswick to Castlerigg Stone Circle (arrive by 10:20, +3)\n\
             turn 2 (10:20): rest at Castlerigg Stone Circle"
        );
        let ja = Lang::from_code("ja").unwrap();
        assert_eq!(
            round_words(ja, &day, Seat(0), &orders, &names),
            "第1ターン（10:00）：4+2でKeswickからCastlerigg Stone Circleへ歩く（10:20までに到着、+3）\n\
             第2ターン（10:20）：Castlerigg Stone Circleで休む"
        );
    }
}
