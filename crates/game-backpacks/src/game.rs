//! Backpacks & Blisters on the common game API: a seat is a walker; its orders cover one postal
//! round (two turns); `resolve` plays the round.

use std::sync::Arc;

use game_api::chart::{Progress, Series};
use game_api::picture::TeamColours;
use game_api::picture::{Picture, Scene};
use game_api::settings::{Given, Setting, SettingKind};
use game_api::{Game, Resolution, Rng, Seat, Seed, Table, Viewer};

use crate::clock;
use crate::day::{Day, Place, TurnOutcome};
use crate::deck::Deck;
use crate::error::BackpacksError;
use crate::map::Map;
use crate::orders::{Action, RoundOrders, TurnOrders, describe_round, parse_round_orders};
use locale::{Phrase, phrase};

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
        let data = |e: crate::map::DataError| BackpacksError::Data(e.0);
        let map = match map {
            None => Map::keswick(),
            Some(toml) => Map::from_toml(toml).map_err(data)?,
        };
        let deck =
            match deck {
                None => Deck::from_toml(include_str!("../data/keswick-deck.toml"), &map).map_err(
                    |e| BackpacksError::Data(phrase!("bb-data-default-deck", problem = e.0)),
                )?,
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
    /// 1: the ledger of the first releases; 2: the bulletin (headline and story); 3: places
    /// by name (no path codes); 4: a walker back at its arrival, the glossary's Japanese; 5: a
    /// walker not back loses the day (5.2: its place, the winners, the last round's words); 6:
    /// the leader's margin names every walker sharing second place.
    const REPORT_FORMAT: u16 = 6;

    type Settings = Terrain;
    type State = Day;
    type Lineup = ();
    type Orders = RoundOrders;
    type Event = TurnOutcome;
    type Error = BackpacksError;

    const SETTINGS: &'static [Setting] = &[
        Setting {
            name: "rules",
            flag: "rules",
            label: "Rules",
            kind: SettingKind::Choice(&[("pbm-2.1", "PBM rules 2.1")]),
        },
        Setting {
            name: "map",
            flag: "map",
            label: "A map file to use instead of the Keswick map (TOML)",
            kind: SettingKind::File,
        },
        Setting {
            name: "deck",
            flag: "deck",
            label: "A deck file to use instead of the Keswick deck (TOML)",
            kind: SettingKind::File,
        },
    ];

    fn settings(given: Given<'_>) -> Result<Terrain, BackpacksError> {
        if given.text("rules").is_some_and(|r| r != "pbm-2.1") {
            return Err(BackpacksError::OneRuleSet);
        }
        Terrain::load(given.text("map"), given.text("deck"))
    }

    fn seat_limits(_: &Terrain) -> std::ops::RangeInclusive<usize> {
        1..=16
    }

    fn rules_name(_: &Terrain) -> &'static str {
        "pbm-2.1"
    }

    fn start(terrain: &Terrain, lineups: &[()], seed: Seed) -> Day {
        Day::new(
            terrain.map.clone(),
            terrain.deck.clone(),
            lineups.len(),
            &mut seed.rng(0),
        )
    }

    fn error_text(error: &BackpacksError, lang: game_api::Lang) -> String {
        error.text(lang)
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

    /// Each turn's move from where the walker stands (turn 2 from where turn 1 should leave
    /// it), places by name: `turn 1 (10:00): walk 4+2 from Keswick to Castlerigg Stone Circle
    /// (arrive by 10:20, +3)`.
    fn orders_words(table: &Table<'_, Self>, seat: Seat, orders: &RoundOrders) -> String {
        match table.state {
            Some(day) => crate::words::round_words(table.lang, day, seat, orders, table.seats),
            None => describe_round(orders, &table.settings.map, table.seats),
        }
    }

    /// What the rules fill in: a lunch or coffee turn with no card named discards the weakest
    /// (B&B-11), and a turn without a move rests.
    fn orders_notes(
        _: &Terrain,
        day: Option<&Day>,
        _: Option<&()>,
        seat: Seat,
        orders: &RoundOrders,
    ) -> Vec<Phrase> {
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
                        Some(card) => phrase!(
                            "bb-note-discards-weakest",
                            turn = k + 1,
                            card = card.phrase()
                        ),
                        None => phrase!("bb-note-discards-weakest-unknown", turn = k + 1),
                    });
                }
            } else if *t == crate::TurnOrders::default() {
                notes.push(phrase!("bb-note-no-move", turn = k + 1));
            }
        }
        notes.extend(foresight(day, seat.index(), orders));
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

    fn picture(table: &Table<'_, Self>, scene: Scene<'_, Self>) -> Picture {
        crate::svg::map_picture(
            table.lang,
            &scene.state.map,
            scene.state,
            scene.before,
            table.seats,
            scene.own_seat(),
        )
    }

    const SEASON: Option<game_api::season::SeasonNouns> = Some(game_api::season::SeasonNouns {
        season: "walking week",
        stage: "day",
    });

    fn stage(table: &Table<'_, Self>) -> Option<serde_json::Value> {
        let turns: Vec<&TurnOutcome> = table.history.iter().flat_map(|r| &r.events).collect();
        crate::season::stage(table.state?, &turns)
    }

    fn classify(
        scoring: &serde_json::Value,
        best_of: Option<u16>,
        seats: &[String],
        stages: &[serde_json::Value],
    ) -> Result<Vec<game_api::season::Classification>, BackpacksError> {
        crate::season::classify(scoring, best_of, seats, stages)
    }

    /// Places by the final score: points, nothing for a walker not back by 6pm (1.3, 5.2).
    fn places(table: &Table<'_, Self>) -> Option<Vec<u16>> {
        let day = table.state.filter(|d| Self::is_over(d))?;
        Some(day.places())
    }

    fn progress(table: &Table<'_, Self>, days: &[&Day]) -> Progress {
        let views: Vec<_> = days.iter().map(|d| d.view(Viewer::Public)).collect();
        let colours = TeamColours::of(table.seats);
        let series = table
            .seats
            .iter()
            .enumerate()
            .map(|(w, name)| Series {
                label: name.clone(),
                colour: colours.class(w as u8),
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
            turn_noun: Self::TURN_NOUN,
            series,
        }
    }
}

/// What the round's orders will find that the check of its first turn cannot see: the second
/// turn checked from where the first leaves the walker if nobody bumps it back, and a bar of
/// chocolate ordered where the turn does not end at a café. Only what the walker's owner knows
/// goes in: its hand less the card played, and the card to come (3.1.1) — never a hidden
/// draw. A first turn of tea, ferry or bus is not foreseen (its draws and landings decide).
fn foresight(day: &Day, w: usize, orders: &RoundOrders) -> Vec<Phrase> {
    let mut notes = Vec::new();
    if !clock::is_first_of_round(day.turn) || day.turn + 1 >= clock::TURNS {
        return notes;
    }
    let Some(here) = day.walkers[w].space() else {
        return notes;
    };
    let map = &day.map;
    // Where a turn of rest, blister or walk leaves the walker, and the card it plays.
    let ends = |from, t: &TurnOrders| match &t.action {
        Action::Rest => Some((from, None)),
        Action::Blister => Some((from, Some(crate::CardKind::Blister))),
        Action::Walk {
            card, waypoints, ..
        } => map
            .expand_route(from, waypoints)
            .ok()
            .map(|route| (route.last().copied().unwrap_or(from), Some(*card))),
        _ => None,
    };
    let cafe = |space| map.location_at(space).is_some_and(|l| l.cafe);
    let Some((end, played)) = ends(here, &orders.turns[0]) else {
        return notes;
    };
    let first = &orders.turns[0];
    if first.buy_chocolate && !cafe(end) {
        notes.push(phrase!(
            "bb-note-no-bar-bought",
            turn = 1,
            space = space_phrase(map, end)
        ));
    }
    let mut next = day.clone();
    next.turn += 1;
    let walker = &mut next.walkers[w];
    walker.place = Place::At(end);
    if let Some(kind) = played
        && let Some(at) = walker.hand.iter().position(|&c| day.card_kind(c) == kind)
    {
        walker.hand.remove(at);
    }
    if let Action::Walk {
        chocolate: true, ..
    } = first.action
    {
        walker.chocolate = walker.chocolate.saturating_sub(1);
    }
    if first.buy_chocolate && cafe(end) && walker.money > 0 {
        walker.money -= 1;
        walker.chocolate += 1;
    }
    if let Some(card) = walker.next_card.take() {
        walker.hand.push(card);
    }
    let second = &orders.turns[1];
    if let Err(e) = next.check_turn_orders(w, second) {
        let problem = match e {
            BackpacksError::Refused(p) => p,
            other => Phrase::verbatim(other.to_string()),
        };
        notes.push(phrase!(
            "bb-note-turn-2-foreseen",
            problem = problem,
            space = space_phrase(map, end)
        ));
    } else if second.buy_chocolate
        && let Some((end2, _)) = ends(end, second)
        && !cafe(end2)
    {
        notes.push(phrase!(
            "bb-note-no-bar-bought",
            turn = 2,
            space = space_phrase(map, end2)
        ));
    }
    notes
}

/// A space named for a note whose reader's language is not known yet: a location's name, or
/// where it lies on its path.
fn space_phrase(map: &Map, space: crate::map::SpaceId) -> Phrase {
    if let Some(location) = map.location_at(space) {
        return Phrase::verbatim(location.name.clone());
    }
    match map.on_path(space) {
        Some((path, step)) => phrase!(
            "bb-path-space",
            from = map.locations[usize::from(path.ends[0])].name.clone(),
            to = map.locations[usize::from(path.ends[1])].name.clone(),
            step = step,
            steps = path.spaces.len() + 1
        ),
        None => Phrase::verbatim(map.space_id(space).to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Seed;

    /// A day at 10:00 (the first turn of a round) with one walker in Keswick holding `hand`,
    /// and no card to come.
    fn day_with_hand(hand: &[&str]) -> Day {
        let terrain = Terrain::load(None, None).unwrap();
        let mut day = Day::new(
            terrain.map.clone(),
            terrain.deck.clone(),
            2,
            &mut Seed(3).rng(0),
        );
        let ids: Vec<_> = hand
            .iter()
            .map(|kind| {
                let kind: crate::CardKind = kind.parse().unwrap();
                (0..terrain.deck.cards.len() as crate::deck::CardId)
                    .find(|&c| day.card_kind(c) == kind)
                    .unwrap()
            })
            .collect();
        day.walkers[0].hand = ids;
        day.walkers[0].next_card = None;
        day
    }

    fn notes(day: &Day, text: &str) -> Vec<String> {
        let walkers = ["ann".to_string(), "bob".to_string()];
        let orders = parse_round_orders(text, &day.map, &walkers).unwrap();
        day.check_round_orders(0, &orders).unwrap();
        foresight(day, 0, &orders)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    /// Fails without the foresight: such orders were sealed without a word.
    #[test]
    fn the_echo_says_what_turn_2_will_find() {
        let day = day_with_hand(&["3+3", "4+2"]);
        assert!(clock::is_first_of_round(day.turn));
        // Turn 1 walks to FRI; turn 2 plays a card turn 1 has just played.
        let found = notes(&day, "1: walk 3+3 FRI; 2: walk 3+3 WAL");
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("turn 2: ")
                && found[0].contains("from Friar's Crag, where turn 1 leaves the walker"),
            "{found:?}"
        );
        // Chocolate bought where turn 1 ends, away from a café.
        let found = notes(&day, "1: walk 3+3 FRI; buy chocolate; 2: rest");
        assert_eq!(
            found,
            [
                "turn 1: buy chocolate: the turn ends at Friar's Crag, which has no café — no bar is bought (6.3)"
            ]
        );
        // Orders that work say nothing.
        assert!(notes(&day, "1: walk 3+3 FRI; 2: walk 4+2 KES-FRI.2").is_empty());
    }

    /// Issue 36: a Japanese seat's echo says it in Japanese, the refusal inside it too.
    #[test]
    fn the_echo_s_notes_are_written_in_the_readers_language() {
        let day = day_with_hand(&["3+3", "4+2"]);
        let walkers = ["ann".to_string(), "bob".to_string()];
        let orders =
            parse_round_orders("1: walk 3+3 FRI; 2: walk 3+3 WAL", &day.map, &walkers).unwrap();
        let ja = game_api::Lang::from_code("ja").unwrap();
        let found: Vec<String> = foresight(&day, 0, &orders)
            .iter()
            .map(|n| n.text(ja))
            .collect();
        assert_eq!(
            found,
            [
                "第2ターン：手札［4+2］に3+3のカードがありません。第1ターン後に（押し戻されずに）Friar's Cragにいると仮定した判定です。第2ターンはできるところまで実行されます（B&B-7）"
            ]
        );
    }
}
