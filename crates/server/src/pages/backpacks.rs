//! Backpacks & Blisters' own page pieces: the order form a walker fills in with a thumb (a card,
//! then a place it can reach; tea, ferries and buses when they run), built from the legal-move
//! list the engine gives (`game_backpacks::moves`), and the orders help page.

use askama::Template;
use game_api::{Lang, Seat, Viewer};
use game_backpacks::clock::{self, Special};
use game_backpacks::day::Place;
use game_backpacks::map::{LocationId, Map, SpaceId};
use game_backpacks::moves::{Move, Standing, legal_moves};
use game_backpacks::orders::{Action, RoundOrders, TurnOrders, WeatherChoice, describe_turn};
use game_backpacks::{Backpacks, CardKind, Weather};
use locale::tr;

use super::FormData;
use super::pieces::{FormContext, FormOrders, Pieces};
use crate::error::ApiResult;

mod help;
pub use help::help;

/// Backpacks & Blisters' pieces.
#[derive(Debug)]
pub struct Day;

impl Pieces for Day {
    fn game(&self) -> &'static str {
        <Backpacks as game_api::Game>::NAME
    }

    fn order_form(&self, cx: &FormContext<'_>) -> Option<askama::Result<String>> {
        // What was typed, or what the menus chose (sent back with an error, or to plan).
        let composed = cx.typed.and_then(orders_from_choices);
        let typed = composed
            .as_deref()
            .or_else(|| cx.typed.and_then(|f| f.get("orders")));
        order_form(cx.lang, cx.id, cx.csrf.clone(), cx.record, cx.seat, typed).map(|f| f.render())
    }

    fn orders_from_form(
        &self,
        _record: &gm::Record,
        _seat: Seat,
        form: &FormData,
    ) -> ApiResult<Option<FormOrders>> {
        Ok(orders_from_choices(form).map(|orders| FormOrders {
            lineup: None,
            orders: Some(orders),
        }))
    }
}

/// One choice of a menu.
#[derive(Debug)]
pub struct Choice {
    pub value: String,
    pub label: String,
    pub selected: bool,
}

/// Choices under a heading (`Walk with 4+2`).
#[derive(Debug)]
pub struct Group {
    pub label: String,
    pub choices: Vec<Choice>,
}

/// What one turn of the round offers.
#[derive(Debug)]
pub struct TurnForm {
    /// 1 or 2.
    pub n: u8,
    pub groups: Vec<Group>,
    /// Lunch or coffee: the card to discard (7.2).
    pub discards: Vec<Choice>,
    pub buy: bool,
    /// The chocolate box applies: a café is within reach and the walker has 50p.
    pub buy_applies: bool,
    pub finish: bool,
    /// The finish box applies: Keswick is within reach.
    pub finish_applies: bool,
    /// The fieldset's legend: the turn, its time, what is special about it, and where it
    /// starts from (for the second turn: where the first should leave the walker).
    pub legend: String,
}

/// The walker's standing and the form's menus.
#[derive(Debug, Template)]
#[template(path = "backpacks/orders.html")]
pub struct OrderForm {
    pub lang: Lang,
    /// `10:00, sunny.`
    pub now: String,
    /// Where the walker is: `at Keswick (KES)`, `on the lake`.
    pub at: String,
    /// Its points, money and chocolate, after where it is.
    pub standing: String,
    pub hand: String,
    /// The card to come, after the hand.
    pub to_come: String,
    pub targets: Vec<(String, bool)>,
    pub turns: Vec<TurnForm>,
    pub weather_choices: Vec<Choice>,
    pub votes: Vec<Choice>,
    /// The orders as text (sealed, or typed), for the text form.
    pub text: String,
    /// The text form's label, as HTML: an example of orders the engine accepts now, and a
    /// link to the orders help.
    pub typed_label: String,
    pub id: i64,
    pub turn: u16,
    /// The CSRF token of the forms.
    pub csrf: String,
}

/// The order form of `seat`, preselecting `chosen` (typed just now, or sealed).
pub fn order_form(
    lang: Lang,
    id: i64,
    csrf: String,
    record: &gm::Record,
    seat: Seat,
    typed: Option<&str>,
) -> Option<OrderForm> {
    let turn = record.turn();
    let record = record.downcast::<Backpacks>()?;
    let day = record.state()?;
    let map = &*day.map;
    let walkers = record.seats();
    let view = day.view(Viewer::Seat(seat));
    let me = &view.walkers[seat.index()];
    let secrets = me.secrets.as_ref()?;
    let standing = Standing::from_view(&view)?;
    let chosen: Option<RoundOrders> = match typed {
        Some(text) => game_backpacks::orders::parse_round_orders(text, map, walkers).ok(),
        None => record.sealed_orders(seat).cloned(),
    };
    let nothing = TurnOrders::default();
    let first = chosen.as_ref().map_or(&nothing, |o| &o.turns[0]);
    let targets: Vec<LocationId> = view
        .targets
        .iter()
        .enumerate()
        .filter(|&(k, _)| me.reached & (1 << k) == 0)
        .map(|(_, &t)| t)
        .collect();
    let mut turns = vec![turn_form(
        lang,
        map,
        &standing,
        1,
        first,
        view.weather,
        &targets,
    )];
    if standing.turn + 1 < clock::TURNS {
        let then = standing.after(map, first, secrets.next_card);
        let second = chosen.as_ref().map_or(&nothing, |o| &o.turns[1]);
        turns.push(turn_form(
            lang,
            map,
            &then,
            2,
            second,
            view.weather,
            &targets,
        ));
    }
    let weather = chosen
        .as_ref()
        .map_or(WeatherChoice::Discard, |o| o.weather);
    let weather_choices = [
        (WeatherChoice::Discard, tr!(lang, "bb-form-weather-discard")),
        (WeatherChoice::Sunny, tr!(lang, "bb-form-weather-sunny")),
        (WeatherChoice::Cloudy, tr!(lang, "bb-form-weather-cloudy")),
    ]
    .into_iter()
    .map(|(w, label)| Choice {
        value: w.to_string(),
        label,
        selected: w == weather,
    })
    .collect();
    let vote = chosen.as_ref().and_then(|o| o.vote);
    let mut votes = vec![Choice {
        value: String::new(),
        label: tr!(lang, "bb-form-no-vote"),
        selected: vote.is_none(),
    }];
    votes.extend(
        view.walkers
            .iter()
            .enumerate()
            .filter(|(_, w)| w.is_out())
            .map(|(w, _)| Choice {
                value: walkers[w].clone(),
                label: walkers[w].clone(),
                selected: vote == Some(w as u8),
            }),
    );
    let example = example(map, &standing);
    let text = match (typed, &chosen) {
        (Some(t), _) => t.to_string(),
        (None, Some(o)) => game_backpacks::orders::describe_round(o, map, walkers),
        (None, None) => String::new(),
    };
    let weather_now = match view.weather {
        Weather::Sunny => tr!(lang, "bb-form-sunny"),
        Weather::Cloudy => tr!(lang, "bb-form-cloudy"),
    };
    let next_card = secrets
        .next_card
        .map_or_else(|| tr!(lang, "bb-form-no-card"), |c| c.to_string());
    let help_link = format!(
        r#"<a href="/help/backpacks">{}</a>"#,
        super::escape(&tr!(lang, "bb-form-orders-help"))
    );
    Some(OrderForm {
        lang,
        now: tr!(
            lang,
            "bb-form-now",
            time = day.clock_text(),
            weather = weather_now
        ),
        at: match me.place {
            Place::At(s) if map.location_at(s).is_some() => {
                tr!(lang, "bb-form-at", place = space_name(lang, map, s))
            }
            place => place_name(lang, map, place),
        },
        standing: tr!(
            lang,
            "bb-form-standing",
            points = me.points.to_string(),
            money = game_backpacks::report::money_text(secrets.money),
            chocolate = secrets.chocolate.to_string()
        ),
        to_come: tr!(lang, "bb-form-to-come", card = next_card),
        hand: secrets
            .hand
            .iter()
            .map(CardKind::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        targets: view
            .targets
            .iter()
            .enumerate()
            .map(|(k, &t)| {
                let l = &map.locations[usize::from(t)];
                (format!("{} ({})", l.name, l.id), me.reached & (1 << k) != 0)
            })
            .collect(),
        turns,
        weather_choices,
        votes,
        text,
        typed_label: tr!(
            lang,
            "bb-form-typed-label",
            example = format!("<code>{}</code>", super::escape(&example)),
            help = help_link
        ),
        id,
        turn,
        csrf,
    })
}

/// A place as a walker reads it: `Friar's Crag (FRI)`, `on the path from Latrigg to
/// Skiddaw, 4 of 6`, `on the lake`.
fn place_name(lang: Lang, map: &Map, place: Place) -> String {
    match place {
        Place::At(s) => space_name(lang, map, s),
        Place::Lake { .. } => tr!(lang, "bb-form-on-the-lake"),
    }
}

/// A space in words: a location's name and id, or where it lies on its path (the steps from
/// the path's first end, of the steps from end to end).
fn space_name(lang: Lang, map: &Map, space: SpaceId) -> String {
    if let Some(l) = map.location_at(space) {
        return format!("{} ({})", l.name, l.id);
    }
    match map.on_path(space) {
        Some((path, k)) => {
            let [a, b] = path.ends.map(|e| &map.locations[usize::from(e)].name);
            tr!(
                lang,
                "bb-form-on-path",
                from = a.as_str(),
                to = b.as_str(),
                step = k.to_string(),
                steps = (path.spaces.len() + 1).to_string()
            )
        }
        None => map.space_id(space).to_string(),
    }
}

/// Where a move leads, as a menu's heading reads it, seen from `from`: a location by name, a
/// space of a path as the steps taken towards its far end (`towards Walla Crag, 3 of 5
/// steps`).
fn destination(lang: Lang, map: &Map, from: Option<SpaceId>, space: SpaceId) -> String {
    if map.location_at(space).is_some() {
        return space_name(lang, map, space);
    }
    let (Some((path, k)), Some(from)) = (map.on_path(space), from) else {
        return space_name(lang, map, space);
    };
    let steps = path.spaces.len() + 1;
    let distances = map.distances_from(from);
    let [a, b] = path.ends;
    let to = |l: LocationId| distances[usize::from(map.locations[usize::from(l)].space)];
    // Walking away from the nearer end, towards the other.
    let (towards, along) = if to(a) <= to(b) {
        (b, k)
    } else {
        (a, steps - k)
    };
    tr!(
        lang,
        "bb-form-towards",
        place = map.locations[usize::from(towards)].name.as_str(),
        step = along.to_string(),
        steps = steps.to_string()
    )
}

/// The points a walker gains by ending the turn on `end` having started it on `from`: a
/// space scores when the walker ends a turn on it after moving there, or at lunch and coffee
/// (5.1.1, 5.1.2, 7.3); resting where one stands scores nothing.
fn gained(map: &Map, standing: &Standing, end: Option<SpaceId>, weather: Weather) -> u8 {
    let here = match standing.place {
        Place::At(s) => Some(s),
        Place::Lake { .. } => None,
    };
    match end {
        Some(s) if here != Some(s) || clock::is_break(standing.turn) => map.points(s, weather),
        _ => 0,
    }
}

fn action_text(map: &Map, action: &Action) -> String {
    describe_turn(
        &TurnOrders {
            action: action.clone(),
            ..TurnOrders::default()
        },
        map,
        &[],
    )
}

/// Where a menu's group of moves leads, and how it sorts: staying first, then named places,
/// then spaces of a path, the nearest first.
struct GroupKey {
    /// The moves leave the walker's space.
    moves: bool,
    /// They end on a space of a path, not at a named place.
    path: bool,
    /// The fewest steps among them.
    steps: usize,
    heading: String,
}

/// One turn's menu: the legal moves grouped by where they lead (staying first, then named
/// places, then spaces on paths, nearest first), each group's heading saying what ending
/// there gains; the chocolate and finish boxes only where they can apply.
fn turn_form(
    lang: Lang,
    map: &Map,
    standing: &Standing,
    n: u8,
    chosen: &TurnOrders,
    weather: Weather,
    targets: &[LocationId],
) -> TurnForm {
    let chosen_text = action_text(map, &chosen.action);
    let here = match standing.place {
        Place::At(s) => Some(s),
        Place::Lake { .. } => None,
    };
    let mut groups: Vec<(GroupKey, Vec<Choice>)> = Vec::new();
    for m in legal_moves(map, standing) {
        let stays = m.end == here || m.end.is_none();
        let heading = match m.end {
            None => tr!(lang, "bb-form-stay-on-lake"),
            Some(s) if stays => tr!(lang, "bb-form-stay", place = space_name(lang, map, s)),
            Some(s) => destination(lang, map, here, s),
        };
        let gain = gained(map, standing, m.end, weather);
        let target = m
            .end
            .and_then(|s| map.spaces[usize::from(s)].location)
            .is_some_and(|l| targets.contains(&l));
        let mut heading = heading;
        if target {
            heading.push_str(&tr!(lang, "bb-form-a-target"));
        }
        if gain > 0 && !matches!(m.action, Action::Tea { .. }) {
            heading.push_str(&tr!(lang, "bb-form-gain", points = gain.to_string()));
        }
        let value = m.text(map);
        let choice = Choice {
            selected: value == chosen_text,
            label: move_label(lang, standing, &m),
            value,
        };
        let steps = match &m.action {
            Action::Walk { waypoints, .. } => waypoints.len(),
            _ => 0,
        };
        let path = m.end.is_some_and(|s| map.location_at(s).is_none());
        match groups.iter_mut().find(|(k, _)| k.heading == heading) {
            Some((k, g)) => {
                k.steps = k.steps.min(steps);
                g.push(choice);
            }
            None => groups.push((
                GroupKey {
                    moves: !stays,
                    path,
                    steps,
                    heading,
                },
                vec![choice],
            )),
        }
    }
    groups.sort_by_key(|(k, _)| (k.moves, k.path, k.steps));
    let ends: Vec<SpaceId> = legal_moves(map, standing)
        .iter()
        .filter_map(|m| m.end)
        .collect();
    let cafe_reachable = ends
        .iter()
        .any(|&s| map.location_at(s).is_some_and(|l| l.cafe));
    let discards = if clock::is_break(standing.turn) {
        let mut cards = standing.hand.clone();
        cards.sort();
        cards.dedup();
        let mut d = vec![Choice {
            value: String::new(),
            label: tr!(lang, "bb-form-discard-weakest"),
            selected: chosen.discard.is_none(),
        }];
        d.extend(cards.into_iter().map(|c| Choice {
            value: c.to_string(),
            label: c.to_string(),
            selected: chosen.discard == Some(c),
        }));
        d
    } else {
        Vec::new()
    };
    let time = clock::time_text(standing.turn);
    let from = place_name(lang, map, standing.place);
    let legend = match runs(lang, standing.turn) {
        None => tr!(
            lang,
            "bb-form-turn",
            n = n.to_string(),
            time = time,
            from = from
        ),
        Some(note) => tr!(
            lang,
            "bb-form-turn-note",
            n = n.to_string(),
            time = time,
            note = note,
            from = from
        ),
    };
    TurnForm {
        n,
        legend,
        groups: groups
            .into_iter()
            .map(|(key, choices)| Group {
                label: key.heading,
                choices,
            })
            .collect(),
        discards,
        buy: chosen.buy_chocolate,
        // Chocolate is bought at a café, with 50p (6.3, 11.2); the day ends in Keswick (5.1.12).
        buy_applies: chosen.buy_chocolate || (standing.money >= 1 && cafe_reachable),
        finish: chosen.finish,
        finish_applies: chosen.finish || ends.contains(&map.home_space()),
    }
}

/// A move's label in its destination's group: how it gets there.
fn move_label(lang: Lang, standing: &Standing, m: &Move) -> String {
    match &m.action {
        Action::Rest if clock::is_break(standing.turn) => tr!(lang, "bb-form-rest-no-tea"),
        Action::Rest if matches!(standing.place, Place::Lake { .. }) && m.end.is_some() => {
            tr!(lang, "bb-form-launch-lands")
        }
        Action::Rest => tr!(lang, "bb-form-rest"),
        Action::Walk {
            card,
            chocolate,
            waypoints,
        } => {
            let card = card.to_string();
            match (waypoints.len(), chocolate) {
                (0, _) => tr!(lang, "bb-form-play-without-moving", card = card),
                (n, false) => tr!(lang, "bb-form-walk", card = card, steps = n),
                (n, true) => tr!(lang, "bb-form-walk-chocolate", card = card, steps = n),
            }
        }
        Action::Tea { .. } => tr!(lang, "bb-form-tea"),
        Action::Ferry { .. } if matches!(standing.place, Place::Lake { .. }) => {
            tr!(lang, "bb-form-land")
        }
        Action::Ferry { .. } => tr!(lang, "bb-form-ferry"),
        Action::Bus { .. } => tr!(lang, "bb-form-bus"),
        Action::Blister => tr!(lang, "bb-form-blister"),
    }
}

/// Orders the engine accepts for this walker now: the first walk listed (else a rest), then a
/// rest.
fn example(map: &Map, standing: &Standing) -> String {
    let moves = legal_moves(map, standing);
    let first = moves
        .iter()
        .find(|m| matches!(&m.action, Action::Walk { waypoints, .. } if !waypoints.is_empty()))
        .or(moves.first())
        .map_or("rest".into(), |m| m.text(map));
    format!("1: {first}; 2: rest")
}

/// The orders text the choice form describes (`move_1`, `buy_1`, … `weather`, `vote`), or
/// `None` if the form is the text form.
pub fn orders_from_choices(form: &FormData) -> Option<String> {
    form.get("move_1")?;
    let mut lines = Vec::new();
    for n in 1..=2 {
        let Some(action) = form.get(&format!("move_{n}")) else {
            continue;
        };
        let mut parts = vec![action.trim().to_string()];
        if form.get(&format!("buy_{n}")).is_some() {
            parts.push("buy chocolate".into());
        }
        if form.get(&format!("finish_{n}")).is_some() {
            parts.push("finish".into());
        }
        if let Some(d) = form.get(&format!("discard_{n}")).filter(|d| !d.is_empty()) {
            parts.push(format!("discard {d}"));
        }
        lines.push(format!("{n}: {}", parts.join("; ")));
    }
    if let Some(w @ ("sunny" | "cloudy")) = form.get("weather") {
        lines.push(format!("weather {w}"));
    }
    if let Some(v) = form.get("vote").filter(|v| !v.is_empty()) {
        lines.push(format!("vote {v}"));
    }
    Some(lines.join("\n"))
}

/// What is special about a turn (for the line above its menus).
fn runs(lang: Lang, turn: u8) -> Option<String> {
    match clock::special(turn) {
        Special::Ferry => Some(tr!(lang, "bb-form-ferries-run")),
        Special::Bus => Some(tr!(lang, "bb-form-buses-run")),
        Special::Lunch => Some(tr!(lang, "bb-form-lunch")),
        Special::Coffee => Some(tr!(lang, "bb-form-coffee")),
        Special::None => None,
    }
}

/// The order form's optional script: when turn 1's choices change, turn 2's menu is drawn
/// again from where turn 1 leaves the walker (the form sent with "Show turn 2 from there",
/// in the background); without it, that button does the same with a reload.
pub async fn plan_script() -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/javascript; charset=utf-8",
        )],
        include_str!("../../templates/backpacks/plan.js"),
    )
        .into_response()
}

#[cfg(test)]
mod tests;
