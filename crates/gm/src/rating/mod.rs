//! Ratings, opt-in: a multiplayer Weng–Lin rating per game kind from the finished games
//! their GM marked rated. Each seat is a team of one, ranked by its place (level seats share a
//! rank). Seats played by a bot at any point and seats whose player sent nothing for more
//! than half the turns are left out of the update, and the update says so. The ladder is a
//! fold of [`Ladder::apply`] over the games in the order they finished, so that [`rebuild`]
//! replays it exactly. Pure: no clock, no randomness; floating point in one fixed order.

pub mod catch_up;
mod finished;

use std::collections::BTreeMap;

use skillratings::MultiTeamOutcome;
use skillratings::weng_lin::{WengLinConfig, WengLinRating, weng_lin_multi_team};

pub use finished::rated_game;

/// A rating shows on the ladder once its player has this many rated games; before, it is
/// provisional (the uncertainty is still large).
pub const SHOWN_AFTER: u32 = 3;

/// The edition of the rating itself (the algorithm, its constants, who is left out): part of
/// [`rules_version`], raised when any of it changes so that servers rebuild their tables.
pub const RATING_EDITION: u16 = 1;

/// What the stored ratings were computed under: the rating's edition and each game's name
/// with its `REPORT_FORMAT` (the one version number a game carries). A server whose stored
/// stamp differs rebuilds its ratings at start-up.
pub fn rules_version() -> String {
    let mut version = format!("rating {RATING_EDITION}");
    for game in crate::GAMES {
        version.push_str(&format!("; {} {}", game.name, game.report_format));
    }
    version
}

/// A player's rating in one game kind.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// Weng–Lin's μ: the estimated skill (25 at first).
    pub mu: f64,
    /// Weng–Lin's σ: its uncertainty (25/3 at first).
    pub sigma: f64,
    /// Rated games played.
    pub games: u32,
}

impl Default for Rating {
    fn default() -> Self {
        let first = WengLinRating::new();
        Rating {
            mu: first.rating,
            sigma: first.uncertainty,
            games: 0,
        }
    }
}

impl Rating {
    /// The number the ladder shows: the conservative estimate μ − 3σ, times 40 and rounded
    /// (0 for a new player; about 1,000 for an average player once σ is small).
    pub fn shown(&self) -> i64 {
        (40.0 * (self.mu - 3.0 * self.sigma)).round() as i64
    }

    /// Whether the rating shows on the ladder ([`SHOWN_AFTER`] rated games).
    pub fn established(&self) -> bool {
        self.games >= SHOWN_AFTER
    }
}

/// One seat of a finished rated game, as the update reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedSeat<P> {
    /// The player who held the seat when the game ended; `None`: nobody did.
    pub player: Option<P>,
    /// A bot played the seat at some point of the game.
    pub bot: bool,
    /// 1 won; level seats share a place.
    pub place: u16,
    /// The turns the seat had orders to send.
    pub turns: u16,
    /// Of those, the turns it sent nothing for.
    pub silent: u16,
}

/// A finished rated game, as the update reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RatedGame<P> {
    /// The game kind (`breaking-away`): each has its own ladder.
    pub game: String,
    /// When it finished (Unix seconds) and its id: the order games are replayed in.
    pub finished: i64,
    pub id: i64,
    pub seats: Vec<RatedSeat<P>>,
}

impl<P> RatedGame<P> {
    /// The order the ladder takes games in: finish time, then id.
    pub fn order_key(&self) -> (i64, i64) {
        (self.finished, self.id)
    }
}

/// Why a seat is left out of its game's update.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LeftOut {
    /// Nobody held the seat at the end.
    NoPlayer,
    /// A bot played it at some point.
    Bot,
    /// Its player sent nothing for more than half the turns.
    Silent { silent: u16, turns: u16 },
    /// Its player held another seat of the game too: neither counts.
    TwoSeats,
    /// Fewer than two seats were left to rate: the game changes no rating.
    TooFewRated,
}

impl std::fmt::Display for LeftOut {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LeftOut::NoPlayer => write!(f, "nobody held the seat"),
            LeftOut::Bot => write!(f, "a bot played the seat"),
            LeftOut::Silent { silent, turns } => {
                write!(f, "sent nothing for {silent} of {turns} turns")
            }
            LeftOut::TwoSeats => write!(f, "the player held two seats"),
            LeftOut::TooFewRated => write!(f, "fewer than two seats could be rated"),
        }
    }
}

impl LeftOut {
    /// A short stable word for the reason (stored and served by the API).
    pub fn key(&self) -> &'static str {
        match self {
            LeftOut::NoPlayer => "no_player",
            LeftOut::Bot => "bot",
            LeftOut::Silent { .. } => "silent",
            LeftOut::TwoSeats => "two_seats",
            LeftOut::TooFewRated => "too_few_rated",
        }
    }
}

/// What one game did to one seat's player.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatUpdate<P> {
    pub seat: usize,
    pub player: Option<P>,
    /// `Ok((before, after))`: rated; `Err(why)`: left out, the rating unchanged.
    pub outcome: Result<(Rating, Rating), LeftOut>,
}

/// What one game did to the ladder: every seat, in seating order.
#[derive(Clone, Debug, PartialEq)]
pub struct Update<P> {
    pub seats: Vec<SeatUpdate<P>>,
}

impl<P> Update<P> {
    /// Whether any rating changed (false: fewer than two seats could be rated).
    pub fn applied(&self) -> bool {
        self.seats.iter().any(|s| s.outcome.is_ok())
    }
}

/// Every player's rating, per game kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Ladder<P: Ord> {
    ratings: BTreeMap<(String, P), Rating>,
}

impl<P: Ord> Default for Ladder<P> {
    fn default() -> Self {
        Ladder {
            ratings: BTreeMap::new(),
        }
    }
}

impl<P: Ord + Clone> Ladder<P> {
    /// A ladder holding these ratings (as stored).
    pub fn from_ratings(ratings: impl IntoIterator<Item = (String, P, Rating)>) -> Ladder<P> {
        Ladder {
            ratings: ratings.into_iter().map(|(g, p, r)| ((g, p), r)).collect(),
        }
    }

    /// The player's rating in `game`: the first rating if they have played no rated game.
    pub fn rating(&self, game: &str, player: &P) -> Rating {
        self.ratings
            .get(&(game.to_string(), player.clone()))
            .copied()
            .unwrap_or_default()
    }

    /// Every rating held, by game kind and player.
    pub fn ratings(&self) -> impl Iterator<Item = (&str, &P, &Rating)> {
        self.ratings.iter().map(|((g, p), r)| (g.as_str(), p, r))
    }

    /// Who is rated in `game` and who is left out (and why), without changing anything.
    pub fn left_out(game: &RatedGame<P>) -> Vec<Option<LeftOut>> {
        let mut reasons: Vec<Option<LeftOut>> = game
            .seats
            .iter()
            .map(|seat| match &seat.player {
                None => Some(LeftOut::NoPlayer),
                Some(_) if seat.bot => Some(LeftOut::Bot),
                // More than half: 2 × silent > turns (a seat silent for 2 of 4 turns counts).
                Some(_) if 2 * u32::from(seat.silent) > u32::from(seat.turns) => {
                    Some(LeftOut::Silent {
                        silent: seat.silent,
                        turns: seat.turns,
                    })
                }
                Some(player) => game
                    .seats
                    .iter()
                    .filter(|s| s.player.as_ref() == Some(player))
                    .nth(1)
                    .map(|_| LeftOut::TwoSeats),
            })
            .collect();
        if reasons.iter().filter(|r| r.is_none()).count() < 2 {
            for reason in reasons.iter_mut().filter(|r| r.is_none()) {
                *reason = Some(LeftOut::TooFewRated);
            }
        }
        reasons
    }

    /// Applies one finished rated game: the rated seats' players move by Weng–Lin over
    /// their places; everyone else is left as they were.
    pub fn apply(&mut self, game: &RatedGame<P>) -> Update<P> {
        let reasons = Self::left_out(game);
        let rated: Vec<(usize, &P)> = game
            .seats
            .iter()
            .enumerate()
            .filter(|(k, _)| reasons[*k].is_none())
            .filter_map(|(k, s)| s.player.as_ref().map(|p| (k, p)))
            .collect();
        let before: Vec<Rating> = rated
            .iter()
            .map(|(_, p)| self.rating(&game.game, p))
            .collect();
        let teams: Vec<[WengLinRating; 1]> = before
            .iter()
            .map(|r| {
                [WengLinRating {
                    rating: r.mu,
                    uncertainty: r.sigma,
                }]
            })
            .collect();
        let ranked: Vec<(&[WengLinRating], MultiTeamOutcome)> = rated
            .iter()
            .zip(&teams)
            .map(|((k, _), team)| {
                (
                    &team[..],
                    MultiTeamOutcome::new(usize::from(game.seats[*k].place)),
                )
            })
            .collect();
        let after = if rated.is_empty() {
            Vec::new()
        } else {
            weng_lin_multi_team(&ranked, &WengLinConfig::new())
        };
        let mut changed: BTreeMap<usize, (Rating, Rating)> = BTreeMap::new();
        for (((k, player), before), new) in rated.iter().zip(&before).zip(&after) {
            let next = Rating {
                mu: new[0].rating,
                sigma: new[0].uncertainty,
                games: before.games + 1,
            };
            self.ratings
                .insert((game.game.clone(), (*player).clone()), next);
            changed.insert(*k, (*before, next));
        }
        Update {
            seats: game
                .seats
                .iter()
                .enumerate()
                .map(|(k, seat)| SeatUpdate {
                    seat: k,
                    player: seat.player.clone(),
                    outcome: match reasons[k] {
                        Some(why) => Err(why),
                        None => Ok(changed[&k]),
                    },
                })
                .collect(),
        }
    }
}

/// The ladder from scratch: every finished rated game applied in the order they finished
/// (finish time, then id), whatever the order given.
pub fn rebuild<P: Ord + Clone>(games: impl IntoIterator<Item = RatedGame<P>>) -> Ladder<P> {
    let mut games: Vec<RatedGame<P>> = games.into_iter().collect();
    games.sort_by_key(RatedGame::order_key);
    let mut ladder = Ladder::default();
    for game in &games {
        ladder.apply(game);
    }
    ladder
}
