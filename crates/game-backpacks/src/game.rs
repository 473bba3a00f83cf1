//! Backpacks & Blisters on the common game API: a seat is a walker; its orders cover one postal
//! round (two turns); `resolve` plays the round.

use std::sync::Arc;

use game_api::chart::{Progress, Series, seat_colour};
use game_api::{Game, GmAction, Resolution, Rng, Seat, Seed, SetupText, Table, Viewer};

use crate::clock;
use crate::day::{Day, TurnOutcome};
use crate::deck::Deck;
use crate::error::BackpacksError;
use crate::map::Map;
use crate::orders::{RoundOrders, describe_round, parse_round_orders};

#[derive(Clone, Copy, Debug, Default)]
pub struct Backpacks;

/// The board and the cards a day is played with: the shipped Keswick data or a GM's own.
#[derive(Clone, Debug)]
pub struct Terrain {
    pub map: Arc<Map>,
    pub deck: Arc<Deck>,
}

impl Terrain {
    /// The map and deck from a GM's TOML files, or the shipped default for `None`.
    pub fn load(map: Option<&str>, deck: Option<&str>) -> Result<Terrain, BackpacksError> {
        let data = |e: crate::map::DataError| BackpacksError::Data(e.to_string());
        let map = match map {
            None => Map::keswick(),
            Some(toml) => Map::from_toml(toml).map_err(data)?,
        };
        let deck = match deck {
            None => {
                Deck::from_toml(include_str!("../data/keswick-deck.toml"), &map).map_err(|e| {
                    BackpacksError::Data(format!("the default deck does not fit this map: {e}"))
                })?
            }
            Some(toml) => Deck::from_toml(toml, &map).map_err(data)?,
        };
        Ok(Terrain {
            map: Arc::new(map),
            deck: Arc::new(deck),
        })
    }
}

impl Game for Backpacks {
    const NAME: &'static str = "backpacks";
    const TITLE: &'static str = "Backpacks & Blisters";
    const SEAT_NOUN: &'static str = "walker";
    const TURN_NOUN: &'static str = "round";
    const GAME_NOUN: &'static str = "day";
    const PICTURE_NOUN: &'static str = "map";

    type Settings = Terrain;
    type State = Day;
    type Lineup = ();
    type Orders = RoundOrders;
    type Event = TurnOutcome;
    type Error = BackpacksError;

    fn settings(setup: &SetupText<'_>) -> Result<Terrain, BackpacksError> {
        if setup.rules.is_some_and(|r| r != "pbm-2.1") || !setup.options.is_empty() {
            return Err(BackpacksError::OneRuleSet);
        }
        Terrain::load(setup.map, setup.deck)
    }

    fn seat_limits(_: &Terrain) -> std::ops::RangeInclusive<usize> {
        1..=16
    }

    fn rules_name(_: &Terrain) -> &'static str {
        "pbm-2.1"
    }

    fn has_lineups(_: &Terrain) -> bool {
        false
    }

    fn parse_lineup(_: &str) -> Result<(), BackpacksError> {
        Err(BackpacksError::NoLineups)
    }

    fn lineup_text(_: &()) -> String {
        String::new()
    }

    fn check_lineup(_: &Terrain, _: &()) -> Result<(), BackpacksError> {
        Ok(())
    }

    fn default_lineup(_: &Terrain) {}

    fn check_opening_orders(_: &Terrain, _: &(), _: &RoundOrders) -> Result<(), BackpacksError> {
        Ok(())
    }

    fn start(terrain: &Terrain, lineups: &[()], seed: Seed) -> Day {
        Day::new(
            terrain.map.clone(),
            terrain.deck.clone(),
            lineups.len(),
            &mut seed.rng(0),
        )
    }

    fn parse_orders(
        terrain: &Terrain,
        walkers: &[String],
        text: &str,
    ) -> Result<RoundOrders, BackpacksError> {
        parse_round_orders(text, &terrain.map, walkers)
    }

    fn orders_text(terrain: &Terrain, walkers: &[String], orders: &RoundOrders) -> String {
        describe_round(orders, &terrain.map, walkers)
    }

    /// What the rules fill in: a lunch or coffee turn with no card named discards the weakest
    /// (B&B-11), and a turn without a move rests.
    fn orders_notes(
        _: &Terrain,
        day: Option<&Day>,
        _: Option<&()>,
        seat: Seat,
        orders: &RoundOrders,
    ) -> Vec<String> {
        let Some(day) = day else { return Vec::new() };
        let walker = &day.walkers[seat.index()];
        if !walker.is_out() {
            return Vec::new();
        }
        let mut notes = Vec::new();
        for (k, t) in orders.turns.iter().enumerate() {
            let turn = day.turn + k as u8;
            if turn >= clock::TURNS {
                break;
            }
            if clock::is_break(turn) {
                if t.discard.is_none() {
                    let weakest =
                        (k == 0)
                            .then(|| {
                                walker.hand.iter().map(|&c| day.card_kind(c)).min_by_key(
                                    |c| match c {
                                        crate::CardKind::Blister => (0, 0),
                                        crate::CardKind::Walk { circles, triangles } => {
                                            (1, circles + triangles)
                                        }
                                        _ => (2, 0),
                                    },
                                )
                            })
                            .flatten();
                    notes.push(match weakest {
                        Some(card) => format!(
                            "turn {}: no card named to discard — discards the weakest, {card}",
                            k + 1
                        ),
                        None => format!(
                            "turn {}: no card named to discard — discards the weakest",
                            k + 1
                        ),
                    });
                }
            } else if *t == crate::TurnOrders::default() {
                notes.push(format!("turn {}: no move — the walker rests", k + 1));
            }
        }
        notes
    }

    fn orders_are_empty(_: &RoundOrders) -> bool {
        false
    }

    fn seat_count(state: &Day) -> usize {
        state.walkers.len()
    }

    fn is_over(state: &Day) -> bool {
        state.is_over()
    }

    fn takes_orders(state: &Day, seat: Seat) -> bool {
        state.walkers[seat.index()].is_out()
    }

    /// No orders: the walker rests both turns (docs/rulings.md B&B-11).
    fn nmr_orders(_state: &Day, _seat: Seat) -> RoundOrders {
        RoundOrders::nmr()
    }

    /// The round's first turn is checked strictly; the second turn is carried out as far as it
    /// can be from wherever the first turn really leaves the walker (B&B-7). A walker whose day
    /// is over may send a vote (10.5) and nothing else.
    fn check_orders(state: &Day, seat: Seat, orders: &RoundOrders) -> Result<(), BackpacksError> {
        state.check_round_orders(seat.index(), orders)
    }

    fn resolution_stream(state: &Day) -> u64 {
        u64::from(clock::round(state.turn))
    }

    /// The pile, face down, is all a day hides (every hand and next card is dealt).
    fn redraw_hidden(state: &mut Day, rng: &mut Rng) {
        use rand::seq::SliceRandom;
        state.pile.shuffle(rng);
    }

    fn resolve(
        state: &Day,
        orders: &[Option<RoundOrders>],
        rng: &mut Rng,
    ) -> (Day, Vec<TurnOutcome>) {
        let orders: Vec<RoundOrders> = orders
            .iter()
            .map(|o| o.clone().unwrap_or_default())
            .collect();
        state.resolve_round(&orders, rng)
    }

    fn turn_report(
        table: &Table<'_, Self>,
        resolution: &Resolution<Self>,
        viewer: Viewer,
    ) -> String {
        crate::report::round_report(table, resolution, viewer)
    }

    fn report_view(
        table: &Table<'_, Self>,
        resolution: &Resolution<Self>,
        viewer: Viewer,
    ) -> game_api::report::ReportView {
        crate::report::round_view(table, resolution, viewer)
    }

    fn state_report(table: &Table<'_, Self>, viewer: Viewer) -> String {
        crate::report::outing_report(table, viewer)
    }

    fn view_json(table: &Table<'_, Self>, viewer: Viewer) -> serde_json::Value {
        crate::view::day_json(table, viewer)
    }

    fn setup_note(table: &Table<'_, Self>) -> String {
        let Some(day) = table.state else {
            return String::new();
        };
        let targets: Vec<&str> = day
            .targets
            .iter()
            .map(|&t| day.map.location_id(t))
            .collect();
        format!("The day's targets: {}.", targets.join(", "))
    }

    fn picture_svg(table: &Table<'_, Self>, day: &Day) -> String {
        crate::svg::map_svg(&day.map, Some((day, table.seats)))
    }

    fn picture_focus(_: &Table<'_, Self>, day: &Day) -> Option<[f64; 4]> {
        crate::svg::map_focus(&day.map, day)
    }

    fn progress(table: &Table<'_, Self>, days: &[&Day]) -> Progress {
        let views: Vec<_> = days.iter().map(|d| d.view(Viewer::Public)).collect();
        let series = table
            .seats
            .iter()
            .enumerate()
            .map(|(w, name)| Series {
                label: name.clone(),
                colour: seat_colour(w as u8),
                dash: "",
                points: views
                    .iter()
                    .enumerate()
                    .map(|(t, v)| (t as u16, v.walkers[w].points))
                    .collect(),
            })
            .collect();
        Progress {
            quantity: "points",
            series,
        }
    }

    fn scenario_json(_: &Table<'_, Self>) -> Result<serde_json::Value, BackpacksError> {
        Err(BackpacksError::NoScenario)
    }

    fn gm_action(
        _: &Terrain,
        _: &[String],
        _: &mut Day,
        action: &GmAction,
    ) -> Result<(), BackpacksError> {
        let (GmAction::Drop { rider } | GmAction::Retire { rider }) = action;
        Err(BackpacksError::NoRiders(rider.clone()))
    }
}
