//! The game API: the small vocabulary every postrider game shares.
//!
//! A game is a pure function of data: a state, the seats' sealed orders for one turn and a
//! random stream derived from the game's stored seed give the next state and the turn's events.
//! Nothing here reads a clock, the environment or a global random number generator.

use std::fmt;

use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// The random number generator every rules crate draws from.
pub type Rng = rand_chacha::ChaCha8Rng;

/// Reads a versioned JSON file's header: `format` must be `format` and `version` one this
/// postrider reads. Game files of every game share the convention; `what` names the file in
/// the one-line error.
pub fn versioned_json(
    text: &str,
    what: &str,
    format: &str,
    version: u32,
) -> Result<serde_json::Value, String> {
    let head: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("{what}: not valid JSON: {e}"))?;
    if head.get("format").and_then(serde_json::Value::as_str) != Some(format) {
        return Err(format!("{what}: format is not {format:?}"));
    }
    match head.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(version) => Ok(head),
        Some(v) => Err(format!(
            "{what}: version {v} is not one this postrider reads ({version})"
        )),
        None => Err(format!("{what}: version missing")),
    }
}

/// The seed stored with a game. Every random draw of the game comes from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seed(pub u64);

impl Seed {
    /// An independent random stream for one purpose (a turn number, a bot's seat...).
    /// The same seed and stream always give the same draws.
    pub fn rng(self, stream: u64) -> Rng {
        let mut rng = Rng::seed_from_u64(self.0);
        rng.set_stream(stream);
        rng
    }
}

/// A seat at the table: a team in Breaking Away, a walker in Backpacks & Blisters.
/// Seats are numbered from 0 in the order the game was set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who is looking at a game. Every report and view is made for one viewer, so that hidden
/// information (hands, sealed orders) reaches only the seat it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// The game master sees everything.
    Gm,
    /// A player sees what their seat may see.
    Seat(Seat),
    /// Anybody else: the public view.
    Public,
}

impl Viewer {
    /// May this viewer see the secrets of `seat`?
    pub fn sees_secrets_of(self, seat: Seat) -> bool {
        match self {
            Viewer::Gm => true,
            Viewer::Seat(own) => own == seat,
            Viewer::Public => false,
        }
    }
}

/// A game's rules as pure functions of data.
///
/// Orders are sealed and simultaneous: every seat's orders for a turn are collected first, then
/// `resolve` applies them all at once. A seat without orders gets `nmr_orders`, the rules' own
/// "no moves received" policy.
pub trait Game {
    /// The full position, secrets included.
    type State: Clone;
    /// One seat's orders for one turn.
    type Orders: Clone;
    /// What happened in a turn, for reports.
    type Event;

    fn seat_count(state: &Self::State) -> usize;
    /// True once the game has ended; `resolve` must not be called after that.
    fn is_over(state: &Self::State) -> bool;
    /// The orders the rules give a seat that sent none.
    fn nmr_orders(state: &Self::State, seat: Seat) -> Self::Orders;
    /// Checks one seat's orders against the position; the error names the offending order.
    fn check_orders(state: &Self::State, seat: Seat, orders: &Self::Orders) -> Result<(), String>;
    /// Adjudicates one turn. `orders[seat]` is `None` for a seat that sent nothing. Orders have
    /// passed `check_orders`. Every random draw comes from `rng`.
    fn resolve(
        state: &Self::State,
        orders: &[Option<Self::Orders>],
        rng: &mut Rng,
    ) -> (Self::State, Vec<Self::Event>);
}

/// Text made safe inside SVG (or XML) text and double-quoted attributes, for the pictures
/// games draw of themselves.
pub fn escape_markup(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn same_seed_and_stream_give_same_draws() {
        let a: Vec<u32> = (0..8).map(|_| Seed(7).rng(3).next_u32()).collect();
        let mut r1 = Seed(7).rng(3);
        let mut r2 = Seed(7).rng(3);
        let x: Vec<u32> = (0..8).map(|_| r1.next_u32()).collect();
        let y: Vec<u32> = (0..8).map(|_| r2.next_u32()).collect();
        assert_eq!(x, y);
        assert_eq!(a[0], x[0]);
        let mut other = Seed(7).rng(4);
        let z: Vec<u32> = (0..8).map(|_| other.next_u32()).collect();
        assert_ne!(x, z, "different streams must differ");
    }

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape_markup(r#"<a & "b">"#),
            "&lt;a &amp; &quot;b&quot;&gt;"
        );
    }

    #[test]
    fn viewers_see_only_their_own_secrets() {
        assert!(Viewer::Gm.sees_secrets_of(Seat(2)));
        assert!(Viewer::Seat(Seat(2)).sees_secrets_of(Seat(2)));
        assert!(!Viewer::Seat(Seat(1)).sees_secrets_of(Seat(2)));
        assert!(!Viewer::Public.sees_secrets_of(Seat(0)));
    }
}
