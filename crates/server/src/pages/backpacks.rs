//! Backpacks & Blisters' own page pieces: the order form a walker fills in with a thumb (a card,
//! then a place it can reach; tea, ferries and buses when they run), built from the legal-move
//! list the engine gives (`game_backpacks::moves`), and the orders help page.

use askama::Template;
use axum::http::StatusCode;
use axum::response::Response;
use game_api::{Lang, Seat, Viewer};
use game_backpacks::clock::{self, Special};
use game_backpacks::map::{LocationId, Map, SpaceId};
use game_backpacks::moves::{Standing, legal_moves};
use game_backpacks::orders::{RoundOrders, TurnOrders, WeatherChoice};
use game_backpacks::{Backpacks, Weather, words};
use locale::tr;

use super::form::FormData;
use super::frame::{Visitor, error_page, page};
use super::pieces::{FormContext, FormOrders, Pieces};
use super::sentence::{LINK, MARK, Piece, Sentence};
use crate::error::{ApiError, ApiResult};

mod help;
mod menu;
pub use help::help;
use menu::{Entry, Kind, entries, from_words, group_label, short_menu};

/// Backpacks & Blisters' pieces.
#[derive(Debug)]
pub struct Day;

impl Pieces for Day {
    fn game(&self) -> &'static str {
        <Backpacks as game_api::Game>::NAME
    }
    fn refusal_html(&self, text: &str) -> String {
        help::rule_links(text)
    }

    fn order_form(&self, cx: &FormContext<'_>) -> Option<askama::Result<String>> {
        // What was typed, or what the menus chose (sent back with an error, or to plan).
        let composed = cx.typed.and_then(orders_from_choices);
        let typed = composed
            .as_deref()
            .or_else(|| cx.typed.and_then(|f| f.get("orders")));
        // The full list of moves when asked for, and while planning from it.
        let every = cx.typed.is_some_and(|f| match f.get("plan") {
            Some("every") => true,
            Some("short") => false,
            _ => f.get("every").is_some(),
        });
        order_form(
            cx.lang,
            cx.id,
            cx.csrf.clone(),
            cx.record,
            cx.seat,
            typed,
            every,
        )
        .map(|f| f.render())
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
    /// The short menu leaves ways out: how many moves the full list has.
    pub more: Option<usize>,
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
    /// Where the walker is: `at Keswick`, `on the path from Keswick to Castlerigg Stone
    /// Circle, 3 of 5 steps`, `on the lake`.
    pub at: String,
    /// Its points, money and chocolate, after where it is.
    pub standing: String,
    pub hand: String,
    /// The card to come, after the hand.
    pub to_come: String,
    pub targets: Vec<(String, bool)>,
    pub turns: Vec<TurnForm>,
    /// The menus list every move (asked for with "Every way"), not each place once.
    pub every: bool,
    pub weather_choices: Vec<Choice>,
    pub votes: Vec<Choice>,
    /// The orders as text (sealed, or typed), for the text form.
    pub text: String,
    /// The text form's label: an example of orders the engine accepts now, and a link to
    /// the orders help.
    pub typed_label: Sentence,
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
    every: bool,
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
        every,
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
            every,
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
        .map_or_else(|| tr!(lang, "bb-form-no-card"), |c| c.phrase().text(lang));
    Some(OrderForm {
        lang,
        now: tr!(
            lang,
            "bb-form-now",
            time = day.clock_text(),
            weather = weather_now
        ),
        at: words::place_words(lang, map, me.place),
        standing: tr!(
            lang,
            "bb-form-standing",
            points = me.points.to_string(),
            money = game_backpacks::report::money_text(secrets.money),
            chocolate = secrets.chocolate.to_string()
        ),
        to_come: tr!(lang, "bb-form-to-come", card = next_card),
        hand: lang.separated(
            &secrets
                .hand
                .iter()
                .map(|c| c.phrase().text(lang))
                .collect::<Vec<_>>(),
        ),
        targets: view
            .targets
            .iter()
            .enumerate()
            .map(|(k, &t)| {
                let l = &map.locations[usize::from(t)];
                (l.name.clone(), me.reached & (1 << k) != 0)
            })
            .collect(),
        turns,
        every,
        weather_choices,
        votes,
        text,
        typed_label: Sentence::new(
            &tr!(lang, "bb-form-typed-label", example = MARK, help = LINK),
            &[
                (MARK, Piece::Code(example)),
                (
                    LINK,
                    Piece::link("/help/backpacks", tr!(lang, "bb-form-orders-help")),
                ),
            ],
        ),
        id,
        turn,
        csrf,
    })
}

/// One turn's menu: the short menu (each place once, [`short_menu`]) in groups by what they
/// are, or with `every` the full list grouped by where the moves lead; every choice names its
/// place. The chocolate and finish boxes only where they can apply.
#[allow(clippy::too_many_arguments)]
fn turn_form(
    lang: Lang,
    map: &Map,
    standing: &Standing,
    n: u8,
    chosen: &TurnOrders,
    weather: Weather,
    targets: &[LocationId],
    every: bool,
) -> TurnForm {
    let all = entries(lang, map, standing, chosen, weather, targets);
    let moves = all.len();
    let choose = |e: Entry| Choice {
        value: e.value,
        label: e.label,
        selected: e.chosen,
    };
    let groups: Vec<Group> = if every {
        // Grouped by where they lead: staying first, then places, then paths, nearest first.
        let mut groups: Vec<(Kind, usize, String, Vec<Choice>)> = Vec::new();
        for e in all {
            let key = e.heading.clone();
            let steps = e.steps;
            let kind = match e.kind {
                Kind::Stay | Kind::Path => e.kind,
                _ => Kind::Place,
            };
            match groups.iter_mut().find(|g| g.2 == key) {
                Some(g) => {
                    g.1 = g.1.min(steps);
                    g.3.push(choose(e));
                }
                None => groups.push((kind, steps, key, vec![choose(e)])),
            }
        }
        groups.sort_by_key(|g| (g.0, g.1));
        groups
            .into_iter()
            .map(|(_, _, label, choices)| Group { label, choices })
            .collect()
    } else {
        let mut short = short_menu(all);
        short.sort_by(|a, b| (a.kind, a.steps, &a.heading).cmp(&(b.kind, b.steps, &b.heading)));
        let mut groups: Vec<Group> = Vec::new();
        let mut last = None;
        for e in short {
            if last != Some(e.kind) {
                last = Some(e.kind);
                groups.push(Group {
                    label: group_label(lang, map, standing, e.kind),
                    choices: Vec::new(),
                });
            }
            groups.last_mut().expect("pushed").choices.push(choose(e));
        }
        groups
    };
    let shown: usize = groups.iter().map(|g| g.choices.len()).sum();
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
    let from = from_words(lang, map, standing.place);
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
        groups,
        more: (!every && moves > shown).then_some(moves),
        discards,
        buy: chosen.buy_chocolate,
        // Chocolate is bought at a café, with 50p (6.3, 11.2); the day ends in Keswick (5.1.12).
        buy_applies: chosen.buy_chocolate || (standing.money >= 1 && cafe_reachable),
        finish: chosen.finish,
        finish_applies: chosen.finish || ends.contains(&map.home_space()),
    }
}

/// Orders the engine accepts for this walker now: the first walk of the short menu to a named
/// place (else the first walk it offers, else a rest), then a rest.
fn example(map: &Map, standing: &Standing) -> String {
    let menu = short_menu(entries(
        Lang::EN,
        map,
        standing,
        &TurnOrders::default(),
        Weather::Sunny,
        &[],
    ));
    let walks = || {
        menu.iter()
            .filter(|e| e.value.starts_with("walk ") && e.end.is_some())
    };
    let first = walks()
        .find(|e| e.location.is_some())
        .or_else(|| walks().next())
        .map_or("rest", |e| e.value.as_str());
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

/// The Backpacks orders help, served by the site.
pub async fn help_backpacks(visitor: Visitor) -> Response {
    match help(visitor.lang) {
        Ok(body) => page(
            &visitor,
            StatusCode::OK,
            &tr!(visitor.lang, "help-bb-title"),
            &body,
        ),
        Err(e) => error_page(&visitor, &ApiError::Internal(e.to_string())),
    }
}

/// The routes of Backpacks' help and its form's script.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::get;
    axum::Router::new()
        .route("/help/backpacks", get(help_backpacks))
        .route("/static/plan.js", get(plan_script))
}

#[cfg(test)]
mod tests;
