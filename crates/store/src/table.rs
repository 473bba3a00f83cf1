//! A game as the store reads it: its row, its seats and its record (`Table`), what a list
//! shows of it (`Summary`), and which seats are ready.

use game_api::Seat;
use gm::{DeadlineRule, GameInfo, Record};

/// A game's row.
#[derive(Clone, Debug)]
pub struct GameRow {
    pub id: i64,
    pub title: String,
    pub game: GameInfo,
    pub gm_id: i64,
    pub gm_name: String,
    pub deadline_rule: DeadlineRule,
    pub next_deadline: Option<i64>,
    pub paused: bool,
    pub over: bool,
    /// Taken off the lists by its GM (it stays readable at its address).
    pub archived: bool,
    /// The number of events in the log.
    pub version: i64,
    /// Where "turn resolved" is posted, if the GM set a webhook.
    pub webhook_url: Option<String>,
}

#[derive(Clone, Debug)]
pub struct SeatRow {
    pub seat: Seat,
    pub name: String,
    pub player_id: Option<i64>,
    pub player_name: Option<String>,
    pub invite: String,
    pub bot: Option<String>,
    /// The secret of the seat's order address (`orders+SECRET@domain`).
    pub mail_secret: Option<String>,
    /// Offered in the lobby to anyone signed in, until someone takes it (`store::lobby`).
    pub offered: bool,
    /// The language the seat's player chose for this seat's mail (`None`: their account's).
    pub lang: Option<game_api::Lang>,
}

impl SeatRow {
    /// Whether someone plays the seat: a player or a bot.
    pub fn taken(&self) -> bool {
        self.player_id.is_some() || self.bot.is_some()
    }
}

/// A game as read from the database.
#[derive(Clone, Debug)]
pub struct Table {
    pub row: GameRow,
    pub record: Record,
    pub seats: Vec<SeatRow>,
}

impl Table {
    /// The seat a player holds in this game, if any.
    pub fn seat_of(&self, player_id: i64) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.player_id == Some(player_id))
            .map(|s| s.seat)
    }

    pub fn is_gm(&self, player_id: i64) -> bool {
        self.row.gm_id == player_id
    }

    /// Every seat is ready: its orders are sealed (and sent again since a roll-back re-opened
    /// the turn), it has no part left to play, or a bot plays it (a bot sends its orders when
    /// the turn is processed, so it never holds a turn up).
    pub fn all_ready(&self) -> bool {
        all_ready(&self.record, &self.seats)
    }
}

pub(super) fn all_ready(record: &Record, seats: &[SeatRow]) -> bool {
    !record.is_over() && seats.iter().all(|s| seat_ready(record, s))
}

/// A seat is ready when its orders are sealed, it has nothing to send, or a bot plays it —
/// unless a roll-back re-opened the turn and it has sent nothing since (a bot's seat too: the
/// re-opened turn waits for its deadline).
pub fn seat_ready(record: &Record, seat: &SeatRow) -> bool {
    !record.reopened(seat.seat) && (seat.bot.is_some() || record.ready(seat.seat))
}

/// The seats that are ready (bit N for seat N): sealed, with nothing to send, or a bot's.
pub(super) fn ready_seats(record: &Record, seats: &[SeatRow]) -> i64 {
    seats
        .iter()
        .filter(|s| seat_ready(record, s))
        .fold(0, |mask, s| mask | 1 << s.seat.0)
}

/// What a list of games shows of one: read from the summary columns, never from the record.
#[derive(Clone, Debug)]
pub struct Summary {
    pub row: GameRow,
    /// The coming turn (or round).
    pub turn: u16,
    pub started: bool,
    pub seats: Vec<SeatSummary>,
}

#[derive(Clone, Debug)]
pub struct SeatSummary {
    pub seat: Seat,
    pub name: String,
    pub player_id: Option<i64>,
    pub player_name: Option<String>,
    pub bot: Option<String>,
    pub ready: bool,
}

impl Summary {
    /// Before its clock starts, a game waits for its seats to be taken.
    pub fn waiting_for_players(&self) -> bool {
        !self.row.over && self.row.next_deadline.is_none()
    }

    /// Seats taken (by a player or a bot), of all seats.
    pub fn seats_taken(&self) -> (usize, usize) {
        let taken = self
            .seats
            .iter()
            .filter(|s| s.player_id.is_some() || s.bot.is_some())
            .count();
        (taken, self.seats.len())
    }

    pub fn seat_of(&self, player_id: i64) -> Option<Seat> {
        self.seats
            .iter()
            .find(|s| s.player_id == Some(player_id))
            .map(|s| s.seat)
    }

    pub fn is_gm(&self, player_id: i64) -> bool {
        self.row.gm_id == player_id
    }
}

impl Table {
    /// The game as a list shows it; the same the summary columns hold.
    pub fn summary(&self) -> Summary {
        let ready = ready_seats(&self.record, &self.seats);
        Summary {
            row: self.row.clone(),
            turn: self.record.turn(),
            started: self.record.started(),
            seats: self
                .seats
                .iter()
                .map(|s| SeatSummary {
                    seat: s.seat,
                    name: s.name.clone(),
                    player_id: s.player_id,
                    player_name: s.player_name.clone(),
                    bot: s.bot.clone(),
                    ready: ready & (1 << s.seat.0) != 0,
                })
                .collect(),
        }
    }
}
