//! Backpacks & Blisters' own page pieces: the order form a walker fills in with a thumb (a card,
//! then a place it can reach; tea, ferries and buses when they run), built from the legal-move
//! list the engine gives (`game_backpacks::moves`), and the orders help page.

use askama::Template;
use game_api::{Seat, Viewer};
use game_backpacks::clock::{self, Special};
use game_backpacks::day::Place;
use game_backpacks::map::Map;
use game_backpacks::moves::{Move, Standing, legal_moves};
use game_backpacks::orders::{Action, RoundOrders, TurnOrders, WeatherChoice, describe_turn};
use game_backpacks::{Backpacks, CardKind};

use super::FormData;
use super::pieces::{FormContext, PieceTools, Pieces};
use crate::error::ApiResult;

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
        order_form(cx.id, cx.csrf.clone(), cx.record, cx.seat, typed).map(|f| f.render())
    }

    fn orders_from_form(&self, form: &FormData) -> ApiResult<Option<String>> {
        Ok(orders_from_choices(form))
    }

    fn console_tools(&self, _record: &gm::Record) -> Option<PieceTools> {
        None
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
    pub time: String,
    /// Where the turn starts from (for the second turn: where the first should leave the walker).
    pub from: String,
    pub groups: Vec<Group>,
    /// Lunch or coffee: the card to discard (7.2).
    pub discards: Vec<Choice>,
    pub buy: bool,
    pub finish: bool,
    /// What is special about the turn (ferries, buses, lunch).
    pub note: &'static str,
}

/// The walker's standing and the form's menus.
#[derive(Debug, Template)]
#[template(path = "backpacks/orders.html")]
pub struct OrderForm {
    pub time: String,
    pub weather: &'static str,
    pub at: String,
    pub points: i32,
    pub money: String,
    pub chocolate: u8,
    pub hand: String,
    pub next_card: String,
    pub targets: Vec<(String, bool)>,
    pub turns: Vec<TurnForm>,
    pub weather_choices: Vec<Choice>,
    pub votes: Vec<Choice>,
    /// The orders as text (sealed, or typed), for the text form.
    pub text: String,
    /// Orders the engine accepts now, shown as an example of the text form.
    pub example: String,
    pub id: i64,
    pub turn: u16,
    /// The CSRF token of the forms.
    pub csrf: String,
}

/// The order form of `seat`, preselecting `chosen` (typed just now, or sealed).
pub fn order_form(
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
    let mut turns = vec![turn_form(map, &standing, 1, first, view.weather)];
    if standing.turn + 1 < clock::TURNS {
        let then = standing.after(map, first, secrets.next_card);
        let second = chosen.as_ref().map_or(&nothing, |o| &o.turns[1]);
        turns.push(turn_form(map, &then, 2, second, view.weather));
    }
    let weather = chosen
        .as_ref()
        .map_or(WeatherChoice::Discard, |o| o.weather);
    let weather_choices = [
        (WeatherChoice::Discard, "discard it"),
        (
            WeatherChoice::Sunny,
            "play it if it makes the weather sunny",
        ),
        (
            WeatherChoice::Cloudy,
            "play it if it makes the weather cloudy",
        ),
    ]
    .into_iter()
    .map(|(w, label)| Choice {
        value: w.to_string(),
        label: label.into(),
        selected: w == weather,
    })
    .collect();
    let vote = chosen.as_ref().and_then(|o| o.vote);
    let mut votes = vec![Choice {
        value: String::new(),
        label: "no vote".into(),
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
    Some(OrderForm {
        time: day.clock_text(),
        weather: game_backpacks::scenario::weather_name(view.weather),
        at: place_name(map, me.place),
        points: me.points,
        money: game_backpacks::report::money_text(secrets.money),
        chocolate: secrets.chocolate,
        hand: secrets
            .hand
            .iter()
            .map(CardKind::to_string)
            .collect::<Vec<_>>()
            .join(", "),
        next_card: secrets.next_card.map_or("none".into(), |c| c.to_string()),
        targets: view
            .targets
            .iter()
            .enumerate()
            .map(|(k, &t)| {
                let l = &map.locations[usize::from(t)];
                (format!("{} ({})", l.id, l.name), me.reached & (1 << k) != 0)
            })
            .collect(),
        turns,
        weather_choices,
        votes,
        text,
        example,
        id,
        turn,
        csrf,
    })
}

/// A place as a walker reads it: `FRI (Friar's Crag)`, `KES-FRI.2`, `the lake`.
fn place_name(map: &Map, place: Place) -> String {
    match place {
        Place::At(s) => match map.location_at(s) {
            Some(l) => format!("{} ({})", l.id, l.name),
            None => map.space_id(s).to_string(),
        },
        Place::Lake { .. } => "the lake".into(),
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

/// One turn's menus: the legal moves grouped by how they are made.
fn turn_form(
    map: &Map,
    standing: &Standing,
    n: u8,
    chosen: &TurnOrders,
    weather: game_backpacks::Weather,
) -> TurnForm {
    let chosen_text = action_text(map, &chosen.action);
    let mut groups: Vec<Group> = Vec::new();
    for m in legal_moves(map, standing) {
        let (heading, label) = describe_move(map, standing, &m, weather);
        let value = m.text(map);
        let choice = Choice {
            selected: value == chosen_text,
            value,
            label,
        };
        match groups.iter_mut().find(|g| g.label == heading) {
            Some(g) => g.choices.push(choice),
            None => groups.push(Group {
                label: heading,
                choices: vec![choice],
            }),
        }
    }
    let discards = if clock::is_break(standing.turn) {
        let mut cards = standing.hand.clone();
        cards.sort();
        cards.dedup();
        let mut d = vec![Choice {
            value: String::new(),
            label: "the weakest (a blister, or the smallest card)".into(),
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
    TurnForm {
        n,
        time: clock::time_text(standing.turn),
        from: place_name(map, standing.place),
        groups,
        discards,
        buy: chosen.buy_chocolate,
        finish: chosen.finish,
        note: runs(standing.turn),
    }
}

/// A move's heading and its label in the menu.
fn describe_move(
    map: &Map,
    standing: &Standing,
    m: &Move,
    weather: game_backpacks::Weather,
) -> (String, String) {
    let end = |m: &Move| match m.end {
        Some(s) => {
            let points = map.points(s, weather);
            let name = match map.location_at(s) {
                Some(l) => format!("{} {}", l.id, l.name),
                None => map.space_id(s).to_string(),
            };
            format!("{name} ({points} pt)")
        }
        None => "stay on the lake".into(),
    };
    match &m.action {
        Action::Rest if clock::is_break(standing.turn) => {
            ("Lunch or coffee".into(), "rest (no tea)".into())
        }
        Action::Rest => ("Stay".into(), format!("rest: {}", end(m))),
        Action::Walk {
            card,
            chocolate,
            waypoints,
        } => {
            let heading = if *chocolate {
                format!("Walk with {card} and a bar of chocolate")
            } else {
                format!("Walk with {card}")
            };
            let steps = match waypoints.len() {
                0 => "play it without moving".to_string(),
                1 => "1 step".into(),
                n => format!("{n} steps"),
            };
            (heading, format!("{}, {steps}", end(m)))
        }
        Action::Tea { .. } => ("Tea (50p, 3 points)".into(), format!("tea at {}", end(m))),
        Action::Ferry { .. } if matches!(standing.place, Place::Lake { .. }) => {
            ("Ferry landing".into(), end(m))
        }
        Action::Ferry { .. } => ("Ferry (50p)".into(), end(m)),
        Action::Bus { .. } => ("Bus (50p)".into(), end(m)),
        Action::Blister => ("Blister".into(), "play the blister card (no move)".into()),
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
fn runs(turn: u8) -> &'static str {
    match clock::special(turn) {
        Special::Ferry => "ferries run",
        Special::Bus => "buses run",
        Special::Lunch => "lunch: nobody moves",
        Special::Coffee => "coffee: nobody moves",
        Special::None => "",
    }
}

/// The orders help, served by the site.
#[derive(Debug, Template)]
#[template(path = "backpacks/help.html")]
pub struct Help;
