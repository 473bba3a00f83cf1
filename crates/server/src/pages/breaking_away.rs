//! Breaking Away's own page pieces: the order form (the line-up and turn 1 as text before the
//! race; during it one menu per rider, of the cards in its hand) and the GM console's riders
//! (postal 10.1's dropped rider, the board game's retirement), built from the race's typed view.

use askama::Template;
use game_api::{Seat, Viewer};
use game_breaking_away::{BreakingAway, Grade, rider_name};

use super::FormData;
use super::pieces::{FormContext, PieceTools, Pieces};
use crate::error::{ApiError, ApiResult};

/// Breaking Away's pieces.
#[derive(Debug)]
pub struct Race;

impl Pieces for Race {
    fn game(&self) -> &'static str {
        <BreakingAway as game_api::Game>::NAME
    }

    fn order_form(&self, cx: &FormContext<'_>) -> Option<askama::Result<String>> {
        order_form(cx).map(|f| f.render())
    }

    fn orders_from_form(&self, form: &FormData) -> ApiResult<Option<String>> {
        orders_from_cards(form)
    }

    fn console_tools(&self, record: &gm::Record) -> Option<PieceTools> {
        let race = record.downcast::<BreakingAway>()?;
        let position = race.state()?;
        let teams = race.seats();
        let riders: Vec<String> = position
            .view(Viewer::Public)
            .riders
            .iter()
            .filter(|r| r.on_track())
            .map(|r| rider_name(teams, r.team, r.grade))
            .collect();
        (!riders.is_empty()).then_some(PieceTools {
            heading: "Riders",
            field: "rider",
            choices: riders,
            actions: vec![
                ("drop", "Declare dropped (postal 10.1)"),
                ("retire", "Retire (board)"),
            ],
        })
    }
}

/// The line-up and turn 1, typed before the race.
#[derive(Debug)]
pub struct LineupFields {
    pub lineup: String,
    pub orders: String,
}

/// A card in a rider's menu.
#[derive(Debug)]
pub struct CardChoice {
    pub card: u16,
    pub selected: bool,
}

/// One rider's menu during the race.
#[derive(Debug)]
pub struct RiderField {
    pub letter: char,
    pub name: String,
    pub square: i32,
    pub points: String,
    /// The card a rider without an order plays (postal 9.1).
    pub highest: Option<u16>,
    pub cards: Vec<CardChoice>,
}

/// The order form: the text fields before the race, the riders' menus during it.
#[derive(Debug, Template)]
#[template(path = "breaking_away/orders.html")]
pub struct OrderForm {
    pub id: i64,
    pub turn: u16,
    pub csrf: String,
    pub lineup: Option<LineupFields>,
    pub riders: Vec<RiderField>,
}

/// The order form of `cx.seat`, keeping what was typed (sent back with an error) or else what
/// is sealed.
pub fn order_form(cx: &FormContext<'_>) -> Option<OrderForm> {
    let race = cx.record.downcast::<BreakingAway>()?;
    let typed = |name: &str| cx.typed.and_then(|f| f.get(name)).map(str::to_string);
    let mut form = OrderForm {
        id: cx.id,
        turn: cx.record.turn(),
        csrf: cx.csrf.clone(),
        lineup: None,
        riders: Vec::new(),
    };
    let Some(position) = race.state() else {
        let (sealed_lineup, sealed_orders) = cx.record.sealed(cx.seat);
        form.lineup = Some(LineupFields {
            lineup: typed("lineup")
                .or(sealed_lineup)
                .unwrap_or_else(|| game_breaking_away::default_lineup().to_string()),
            orders: typed("orders").or(sealed_orders).unwrap_or_default(),
        });
        return Some(form);
    };
    let sealed = race.sealed_orders(cx.seat);
    let set = race.settings().set;
    let Seat(team) = cx.seat;
    for r in position.view(Viewer::Seat(cx.seat)).riders {
        if r.team != team || !r.on_track() {
            continue;
        }
        let letter = r.grade.letter();
        let chosen: Option<u16> = cx
            .typed
            .and_then(|f| f.get(&format!("card_{letter}")))
            .and_then(|c| c.trim().parse().ok())
            .or_else(|| sealed.and_then(|o| o.card(r.grade)));
        let mut cards = r.hand.map(|h| h.ascending()).unwrap_or_default();
        cards.reverse();
        cards.dedup();
        form.riders.push(RiderField {
            letter,
            name: rider_name(race.seats(), r.team, r.grade),
            square: set.square(r.distance),
            points: r.points.to_string(),
            highest: cards.first().copied(),
            cards: cards
                .into_iter()
                .map(|card| CardChoice {
                    card,
                    selected: chosen == Some(card),
                })
                .collect(),
        });
    }
    Some(form)
}

/// The orders the riders' menus send (`A 10 C 8 D 5`); `None` when the form has no menus (the
/// text form). A rider left on "no order" is left out; every rider left out is refused.
fn orders_from_cards(form: &FormData) -> ApiResult<Option<String>> {
    let field = |g: Grade| form.get(&format!("card_{}", g.letter()));
    if !Grade::ALL.iter().any(|&g| field(g).is_some()) {
        return Ok(None);
    }
    let cards: Vec<String> = Grade::ALL
        .iter()
        .filter_map(|&g| {
            field(g)
                .map(str::trim)
                .filter(|c| !c.is_empty())
                .map(|c| format!("{} {c}", g.letter()))
        })
        .collect();
    if cards.is_empty() {
        return Err(ApiError::Bad(
            "orders: choose a card for at least one rider (a rider without an order plays its highest card)".into(),
        ));
    }
    Ok(Some(cards.join(" ")))
}
