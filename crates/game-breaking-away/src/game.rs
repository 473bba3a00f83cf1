//! Breaking Away on the common game API: a seat is a team, its orders a card per rider.

use game_api::chart::{DASHES, Progress, Series};
use game_api::picture::TeamColours;
use game_api::picture::{Picture, Scene};
use game_api::settings::{Given, Setting, SettingKind};
use game_api::{
    Game, Lacks, PieceAction, PieceActions, Resolution, Rng, Seat, Seed, Table, Viewer,
};

use crate::error::BreakingAwayError as Error;
use crate::orders::{Lineup, TeamOrders, parse_lineup, parse_orders};
use crate::play::{check_team_orders, draw_first_team, rider_orders};
use crate::position::{Hand, Position, Status};
use crate::rules::{Grade, Options, RuleSet, Rules};
use crate::turn::{self, TurnOutcome};

/// The line-up a team that sent none starts with: the first example of postal 3.2.
pub fn default_lineup() -> Lineup {
    Lineup([
        vec![10, 10, 10],
        vec![8, 8, 9],
        vec![3, 8, 9],
        vec![5, 5, 6],
    ])
}

/// A rider's name: team and grade, as in `red-C`.
pub fn rider_name(teams: &[String], team: u8, grade: Grade) -> String {
    format!("{}-{grade}", teams[usize::from(team)])
}

/// Finds a rider by its name (`red-C`, team names in any case).
pub fn rider_by_name(position: &Position, teams: &[String], name: &str) -> Result<usize, Error> {
    let parsed = name.rsplit_once(['-', ' ']).and_then(|(team, grade)| {
        let team = teams.iter().position(|t| t.eq_ignore_ascii_case(team))?;
        let mut letters = grade.chars();
        let grade = Grade::from_letter(letters.next()?).filter(|_| letters.next().is_none())?;
        rider_index(position, team as u8, grade)
    });
    parsed.ok_or_else(|| Error::UnknownRider {
        name: name.to_string(),
        example: teams[0].clone(),
    })
}

/// The Breaking Away rules as a [`Game`].
#[derive(Clone, Copy, Debug, Default)]
pub struct BreakingAway;

/// The index of a team's rider of a grade in a position built by [`Position::start`].
pub fn rider_index(position: &Position, team: u8, grade: Grade) -> Option<usize> {
    position
        .riders
        .iter()
        .position(|r| r.team == team && r.grade == grade)
}

impl Game for BreakingAway {
    const NAME: &'static str = "breaking-away";
    const TITLE: &'static str = "Breaking Away";
    const SEAT_NOUN: &'static str = "team";
    const TURN_NOUN: &'static str = "turn";
    const GAME_NOUN: &'static str = "race";
    const PICTURE_NOUN: &'static str = "track";
    /// 1: the ledger of the first releases; 2: the bulletin (headline and story); 3: level
    /// teams share their place, and "no orders" marks only a team that sent none; 4: the
    /// leader's margin names every team sharing second place.
    const REPORT_FORMAT: u16 = 4;

    type Settings = Rules;
    type State = Position;
    type Lineup = Lineup;
    type Orders = TeamOrders;
    type Event = TurnOutcome;
    type Error = Error;

    const SETTINGS: &'static [Setting] = &[
        Setting {
            name: "rules",
            flag: "rules",
            label: "Rules",
            kind: SettingKind::Choice(&[
                ("postal-2.2", "postal rules 2.2"),
                ("board", "the board game"),
            ]),
        },
        Setting {
            name: "options",
            flag: "option",
            label: "Board-game options",
            kind: SettingKind::Flags(&Options::NAMES),
        },
    ];

    fn settings(given: Given<'_>) -> Result<Rules, Error> {
        let set: RuleSet = given
            .text("rules")
            .unwrap_or("postal-2.2")
            .parse()
            .map_err(|e: Error| setup_field("rules", e))?;
        let mut options = Options::default();
        for name in given.flags("options") {
            options.set(name).map_err(|e| setup_field("options", e))?;
        }
        Rules::new(set, options)
    }

    fn seat_limits(rules: &Rules) -> std::ops::RangeInclusive<usize> {
        let (min, max) = rules.set.team_limits();
        min..=max
    }

    fn rules_name(rules: &Rules) -> &'static str {
        rules.set.name()
    }

    fn has_lineups(_: &Rules) -> bool {
        true
    }

    fn parse_lineup(text: &str) -> Result<Lineup, Error> {
        parse_lineup(text)
    }

    fn lineup_text(lineup: &Lineup) -> String {
        lineup.to_string()
    }

    fn check_lineup(rules: &Rules, lineup: &Lineup) -> Result<(), Error> {
        lineup.check(*rules)
    }

    fn default_lineup(_: &Rules) -> Lineup {
        default_lineup()
    }

    fn check_opening_orders(_: &Rules, lineup: &Lineup, orders: &TeamOrders) -> Result<(), Error> {
        Grade::ALL.iter().try_for_each(|&g| match orders.card(g) {
            Some(card) if !lineup.cards(g).contains(&card) => Err(Error::NotInHand {
                grade: g,
                card,
                hand: lineup.cards(g).to_vec(),
            }),
            _ => Ok(()),
        })
    }

    fn start(rules: &Rules, lineups: &[Lineup], _seed: Seed) -> Position {
        let hands: Vec<[Hand; 4]> = lineups
            .iter()
            .map(|l| Grade::ALL.map(|g| Hand::new(l.cards(g)).expect("a checked line-up")))
            .collect();
        Position::start(*rules, &hands)
    }

    fn error_text(error: &Error, lang: game_api::Lang) -> String {
        error.text(lang)
    }

    fn parse_orders(_: &Rules, _: &[String], text: &str) -> Result<TeamOrders, Error> {
        parse_orders(text)
    }

    fn orders_text(_: &Rules, _: &[String], orders: &TeamOrders) -> String {
        orders.to_string()
    }

    /// A racing rider without an order plays its highest card (postal 9.1 as docs/rulings.md
    /// reads it): the echo says so, with the card.
    fn orders_notes(
        _rules: &Rules,
        state: Option<&Position>,
        lineup: Option<&Lineup>,
        seat: Seat,
        orders: &TeamOrders,
    ) -> Vec<locale::Phrase> {
        let mut notes = Vec::new();
        for grade in Grade::ALL {
            if orders.card(grade).is_some() {
                continue;
            }
            let highest = match state {
                Some(position) => position
                    .team_riders(seat.0)
                    .map(|i| &position.riders[i])
                    .find(|r| r.grade == grade && r.status == Status::Racing)
                    .map(|r| r.hand.highest()),
                None => Some(lineup.and_then(|l| l.cards(grade).iter().copied().max())),
            };
            match highest {
                Some(Some(card)) => notes.push(locale::phrase!(
                    "ba-note-highest-card",
                    rider = grade.letter().to_string(),
                    card = card
                )),
                Some(None) => notes.push(locale::phrase!(
                    "ba-note-highest-card-unknown",
                    rider = grade.letter().to_string()
                )),
                None => {}
            }
        }
        notes
    }

    fn orders_are_empty(orders: &TeamOrders) -> bool {
        orders.is_empty()
    }

    fn takes_orders(state: &Position, seat: Seat) -> bool {
        state
            .team_riders(seat.0)
            .any(|i| state.riders[i].status == Status::Racing)
    }

    fn resolution_stream(state: &Position) -> u64 {
        u64::from(state.turn)
    }

    fn turn_report(
        table: &Table<'_, Self>,
        resolution: &Resolution<Self>,
        viewer: Viewer,
    ) -> String {
        crate::report::turn_report(table, resolution, viewer)
    }

    fn report_view(
        table: &Table<'_, Self>,
        resolution: &Resolution<Self>,
        viewer: Viewer,
    ) -> game_api::report::ReportView {
        crate::report::turn_view(table, resolution, viewer)
    }

    fn state_report(table: &Table<'_, Self>, viewer: Viewer) -> String {
        crate::report::race_report(table, viewer)
    }

    fn view_json(table: &Table<'_, Self>, viewer: Viewer) -> serde_json::Value {
        crate::view::race_json(table, viewer)
    }

    fn first_orders_help(rules: &Rules, lang: game_api::Lang) -> Option<String> {
        Some(crate::limits::lineup_help(*rules, lang))
    }

    fn setup_note(_: &Table<'_, Self>) -> String {
        String::new()
    }

    fn picture(table: &Table<'_, Self>, scene: Scene<'_, Self>) -> Picture {
        // The public view: the reader only changes which riders are marked.
        let before = scene.before.map(|p| p.view(Viewer::Public));
        crate::svg::track_picture_worn(
            table.lang,
            &scene.state.view(Viewer::Public),
            before.as_ref(),
            table.seats,
            scene.own_seat(),
            scene.jerseys,
        )
    }

    /// The close-up alone: the whole track is not drawn for it.
    fn mail_picture(table: &Table<'_, Self>, scene: Scene<'_, Self>) -> String {
        crate::glance::glance(
            table.lang,
            &scene.state.view(Viewer::Public),
            table.seats,
            scene.own_seat(),
            scene.jerseys,
        )
    }

    const SEASON: Option<game_api::season::SeasonNouns> = Some(game_api::season::SeasonNouns {
        season: "stage race",
        stage: "stage",
    });

    fn season_scoring() -> serde_json::Value {
        serde_json::to_value(crate::season::Scoring::default()).unwrap_or_default()
    }

    fn stage(table: &Table<'_, Self>) -> Option<serde_json::Value> {
        let turns: Vec<&TurnOutcome> = table.history.iter().flat_map(|r| &r.events).collect();
        crate::season::stage(table.state?, &turns)
    }

    fn classify(
        scoring: &serde_json::Value,
        best_of: Option<u16>,
        seats: &[String],
        stages: &[serde_json::Value],
    ) -> Result<Vec<game_api::season::Classification>, Error> {
        crate::season::classify(scoring, best_of, seats, stages)
    }

    /// Places by the final score: points, then the best-placed rider (postal 6.3, BA-17).
    fn places(table: &Table<'_, Self>) -> Option<Vec<u16>> {
        let position = table.state.filter(|p| p.is_over())?;
        Some(game_api::season::places_from_scores(
            &position.final_scores(),
        ))
    }

    fn progress(table: &Table<'_, Self>, states: &[&Position]) -> Progress {
        let views: Vec<_> = states.iter().map(|p| p.view(Viewer::Public)).collect();
        let riders = views.first().map_or(0, |v| v.riders.len());
        let colours = TeamColours::of(table.seats);
        let series = (0..riders)
            .map(|i| {
                let first = &views[0].riders[i];
                Series {
                    label: rider_name(table.seats, first.team, first.grade),
                    colour: colours.class(first.team),
                    dash: DASHES[first.grade.index()],
                    points: views
                        .iter()
                        .enumerate()
                        .take_while(|(_, v)| v.riders[i].status != Status::Retired)
                        .map(|(t, v)| (t as u16, v.riders[i].distance))
                        .collect(),
                }
            })
            .collect();
        Progress {
            quantity: "distance",
            turn_noun: Self::TURN_NOUN,
            series,
        }
    }

    fn scenario_json(table: &Table<'_, Self>) -> Result<serde_json::Value, Error> {
        let Some(position) = table.state else {
            return Err(Error::NotStarted);
        };
        let rider_ids = position
            .riders
            .iter()
            .map(|r| rider_name(table.seats, r.team, r.grade))
            .collect();
        let sealed: Vec<Option<TeamOrders>> = table.sealed.iter().map(|s| s.orders).collect();
        let orders = rider_orders(position, &sealed);
        Ok(crate::scenario::Scenario {
            position: position.clone(),
            team_names: table.seats.to_vec(),
            rider_ids,
            orders,
        }
        .to_json())
    }

    const PIECE_ACTIONS: Option<PieceActions> = Some(PieceActions {
        noun: "rider",
        verbs: &[
            ("drop", "Declare dropped (postal 10.1)"),
            ("retire", "Retire (board)"),
        ],
    });

    fn pieces(table: &Table<'_, Self>) -> Vec<String> {
        let Some(position) = table.state else {
            return Vec::new();
        };
        position
            .riders
            .iter()
            .filter(|r| r.on_track())
            .map(|r| rider_name(table.seats, r.team, r.grade))
            .collect()
    }

    fn piece_action(
        _: &Rules,
        teams: &[String],
        state: &mut Position,
        action: &PieceAction,
    ) -> Result<(), Error> {
        let (drop, allowed): (bool, fn(&crate::position::Rider) -> bool) =
            match action.verb.as_str() {
                "drop" => (true, |r| r.status == Status::Racing),
                "retire" => (false, |r| r.on_track()),
                _ => {
                    return Err(Lacks::PieceAction {
                        game: Self::TITLE,
                        verb: action.verb.clone(),
                    }
                    .into());
                }
            };
        let i = rider_by_name(state, teams, &action.piece)?;
        let status = state.riders[i].status;
        if state.is_over() || !allowed(&state.riders[i]) {
            return Err(Error::RiderStatus {
                status,
                over: state.is_over(),
            });
        }
        state.riders[i].status = if drop {
            Status::Dropped
        } else {
            Status::Retired
        };
        Ok(())
    }

    fn seat_count(state: &Position) -> usize {
        usize::from(state.team_count)
    }

    fn is_over(state: &Position) -> bool {
        state.is_over()
    }

    /// No orders: every rider plays its highest card (postal 9.1; the same on the board).
    fn nmr_orders(_state: &Position, _seat: Seat) -> TeamOrders {
        TeamOrders::default()
    }

    fn check_orders(state: &Position, seat: Seat, orders: &TeamOrders) -> Result<(), Error> {
        check_team_orders(state, seat.0, orders)
    }

    fn resolve(
        state: &Position,
        orders: &[Option<TeamOrders>],
        rng: &mut Rng,
    ) -> (Position, Vec<TurnOutcome>) {
        if state.is_over() {
            return (state.clone(), Vec::new());
        }
        let mut position = state.clone();
        draw_first_team(&mut position, rng);
        let cards = rider_orders(&position, orders);
        match turn::resolve(&position, &cards) {
            Ok((next, outcome)) => (next, vec![outcome]),
            // Unreachable for positions made by `Position::start` and `resolve` (hands never
            // empty while racing); kept total so that no input can make the rules panic.
            Err(_) => (state.clone(), Vec::new()),
        }
    }
}

/// A set-up field's refusal, `rules: unknown rule set …`, in each reader's language.
fn setup_field(field: &'static str, error: Error) -> Error {
    Error::Setup(locale::phrase!(
        "ba-setup-field",
        field = field,
        problem = locale::Phrase::each(|lang| error.text(lang))
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// postal 9.1 (docs/rulings.md): a racing rider without an order plays its highest card;
    /// the echo says so, naming the card, before the race (from the line-up) and during it.
    #[test]
    fn postal_9_1_orders_without_a_rider_are_echoed_with_its_highest_card() {
        let rules = Rules::postal();
        let lineup = parse_lineup("A 10 10 10 B 8 8 9 C 3 8 9 D 5 5 6").unwrap();
        let orders = parse_orders("A 10 B 9 C 9").unwrap();
        let notes = BreakingAway::orders_notes(&rules, None, Some(&lineup), Seat(0), &orders);
        assert_eq!(
            notes[0].to_string(),
            "D: no order — plays its highest card, 6"
        );
        assert_eq!(notes.len(), 1);
        let hands = [
            Hand::new(&[10, 10, 10]).unwrap(),
            Hand::new(&[8, 8, 9]).unwrap(),
            Hand::new(&[3, 8, 9]).unwrap(),
            Hand::new(&[5, 5, 12]).unwrap(),
        ];
        let position = Position::start(rules, &[hands, hands]);
        let notes = BreakingAway::orders_notes(&rules, Some(&position), None, Seat(1), &orders);
        assert_eq!(
            notes[0].to_string(),
            "D: no order — plays its highest card, 12"
        );
        let ja = game_api::Lang::from_code("ja").unwrap();
        assert_eq!(
            notes[0].text(ja),
            "D：命令なし。手札の最大のカード（12）を出します"
        );
        let full = parse_orders("A 10 B 9 C 9 D 5").unwrap();
        assert!(
            BreakingAway::orders_notes(&rules, Some(&position), None, Seat(1), &full).is_empty()
        );
    }
}
