//! Goofspiel on the common game API: a seat is a player; its orders are one bid a round;
//! `resolve` plays the round.

use game_api::chart::{Progress, Series};
use game_api::picture::TeamColours;
use game_api::picture::{Picture, Scene};
use game_api::settings::{Given, Setting};
use game_api::{Game, Lang, Resolution, Rng, Seat, Seed, Table, Viewer};
use locale::tr;

use crate::error::GoofspielError;
use crate::orders::{Bid, check_bid, parse_bid};
use crate::position::Position;
use crate::round::{RoundPlayed, nmr_bid, resolve_round};
use crate::settings::Settings;

/// The game, for `gm::Record<Goofspiel>`.
#[derive(Clone, Copy, Debug, Default)]
pub struct Goofspiel;

/// The fewest and the most seats (rule 1).
pub const SEATS: std::ops::RangeInclusive<usize> = 2..=6;

impl Game for Goofspiel {
    const NAME: &'static str = "goofspiel";
    const TITLE: &'static str = "Goofspiel";
    const SEAT_NOUN: &'static str = "player";
    const TURN_NOUN: &'static str = "round";
    const GAME_NOUN: &'static str = "game";
    const PICTURE_NOUN: &'static str = "table";
    const REPORT_FORMAT: u16 = 1;

    type Settings = Settings;
    type State = Position;
    type Lineup = ();
    type Orders = Bid;
    type Event = RoundPlayed;
    type Error = GoofspielError;

    const SETTINGS: &'static [Setting] = &crate::settings::SETTINGS;

    fn settings(given: Given<'_>) -> Result<Settings, GoofspielError> {
        Settings::read(given)
    }

    fn seat_limits(_: &Settings) -> std::ops::RangeInclusive<usize> {
        SEATS
    }

    fn rules_name(settings: &Settings) -> &'static str {
        settings.rules_name()
    }

    /// The prizes shuffled from the set-up's stream (0), the first turned face up.
    fn start(settings: &Settings, lineups: &[()], seed: Seed) -> Position {
        Position::new(settings.cards, lineups.len(), &mut seed.rng(0))
    }

    fn error_text(error: &GoofspielError, lang: game_api::Lang) -> String {
        error.text(lang)
    }

    fn parse_orders(settings: &Settings, _: &[String], text: &str) -> Result<Bid, GoofspielError> {
        parse_bid(settings, text)
    }

    fn orders_text(_: &Settings, _: &[String], bid: &Bid) -> String {
        bid.to_string()
    }

    fn orders_are_empty(_: &Bid) -> bool {
        false
    }

    fn seat_count(position: &Position) -> usize {
        position.players.len()
    }

    fn is_over(position: &Position) -> bool {
        position.is_over()
    }

    fn takes_orders(position: &Position, _: Seat) -> bool {
        !position.is_over()
    }

    /// Rule 5: the lowest card.
    fn nmr_orders(position: &Position, seat: Seat) -> Bid {
        nmr_bid(position, seat)
    }

    fn check_orders(position: &Position, seat: Seat, bid: &Bid) -> Result<(), GoofspielError> {
        check_bid(position, seat, *bid)
    }

    fn resolution_stream(position: &Position) -> u64 {
        u64::from(position.round)
    }

    /// No draw: the prizes were shuffled at the start.
    fn resolve(
        position: &Position,
        orders: &[Option<Bid>],
        _: &mut Rng,
    ) -> (Position, Vec<RoundPlayed>) {
        let (next, played) = resolve_round(position, orders);
        (next, vec![played])
    }

    /// The face-down pile is all the table hides.
    fn redraw_hidden(position: &mut Position, rng: &mut Rng) {
        use rand::seq::SliceRandom;
        position.pile.shuffle(rng);
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
        crate::report::table_report(table, viewer)
    }

    fn view_json(table: &Table<'_, Self>, viewer: Viewer) -> serde_json::Value {
        crate::view::table_json(table, viewer)
    }

    fn setup_note(table: &Table<'_, Self>) -> String {
        let Some(prize) = table.state.and_then(|p| p.prize) else {
            return String::new();
        };
        locale::tr!(
            table.lang,
            "gs-setup-note",
            prize = prize,
            n = table.settings.cards - 1
        )
    }

    fn first_orders_help(settings: &Settings, lang: Lang) -> Option<String> {
        Some(tr!(lang, "gs-first-orders", cards = settings.cards))
    }

    fn picture(table: &Table<'_, Self>, scene: Scene<'_, Self>) -> Picture {
        crate::svg::table_picture(
            table.lang,
            scene.state,
            scene.before,
            table.seats,
            scene.own_seat(),
        )
    }

    fn places(table: &Table<'_, Self>) -> Option<Vec<u16>> {
        let position = table.state.filter(|p| Self::is_over(p))?;
        let scores: Vec<f64> = position
            .players
            .iter()
            .map(|p| f64::from(p.score))
            .collect();
        Some(game_api::season::places_from_scores(&scores))
    }

    /// Each seat's score after every round.
    fn progress(table: &Table<'_, Self>, positions: &[&Position]) -> Progress {
        let colours = TeamColours::of(table.seats);
        let series = table
            .seats
            .iter()
            .enumerate()
            .map(|(s, name)| Series {
                label: name.clone(),
                colour: colours.class(s as u8),
                dash: "",
                points: positions
                    .iter()
                    .enumerate()
                    .map(|(t, p)| (t as u16, i32::from(p.players[s].score)))
                    .collect(),
            })
            .collect();
        Progress {
            quantity: "points",
            turn_noun: Self::TURN_NOUN,
            series,
        }
    }
}
