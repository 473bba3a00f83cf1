//! The table as one viewer may see it: every hand, prize taken and score (all public, since
//! every played card was seen), the prize face up, how many prizes lie face down — and their
//! order for the GM alone. The bots see the game only through a seat's [`TableView`].

use game_api::{Seat, Table, Viewer};
use serde_json::{Value, json};

use crate::game::Goofspiel;
use crate::position::{Player, Position};

/// What a viewer sees of the table: everything but the face-down pile's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableView {
    pub viewer: Viewer,
    pub cards: u8,
    pub round: u8,
    pub prize: Option<u8>,
    /// How many prizes lie face down.
    pub face_down: usize,
    pub discarded: Vec<u8>,
    pub players: Vec<Player>,
}

impl TableView {
    /// The prizes nobody has seen yet, lowest first: every card not taken, discarded or face
    /// up (what any player can work out; their order is what is hidden).
    pub fn unseen_prizes(&self) -> Vec<u8> {
        let seen = |c: &u8| {
            self.prize == Some(*c)
                || self.discarded.contains(c)
                || self.players.iter().any(|p| p.taken.contains(c))
        };
        (1..=self.cards).filter(|c| !seen(c)).collect()
    }

    /// The seat the view is for, if the viewer is a seat.
    pub fn own_seat(&self) -> Option<Seat> {
        match self.viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Gm | Viewer::Public => None,
        }
    }
}

impl Position {
    /// The table as `viewer` sees it.
    pub fn view(&self, viewer: Viewer) -> TableView {
        TableView {
            viewer,
            cards: self.cards,
            round: self.round,
            prize: self.prize,
            face_down: self.pile.len(),
            discarded: self.discarded.clone(),
            players: self.players.clone(),
        }
    }
}

/// The game now as `viewer` may see it, for the API: the face-down pile's order (next to be
/// turned first) only for the GM, and never a sealed bid.
pub fn table_json(table: &Table<'_, Goofspiel>, viewer: Viewer) -> Value {
    let Some(position) = table.state else {
        return json!({ "game": "goofspiel", "cards": table.settings.cards, "started": false });
    };
    let view = position.view(viewer);
    let players: Vec<Value> = view
        .players
        .iter()
        .enumerate()
        .map(|(s, p)| {
            json!({
                "seat": s,
                "name": table.seats.get(s).cloned().unwrap_or_default(),
                "hand": p.hand.cards().collect::<Vec<u8>>(),
                "taken": p.taken,
                "score": p.score,
                "you": view.own_seat() == Some(Seat(s as u8)),
            })
        })
        .collect();
    let mut out = json!({
        "game": "goofspiel",
        "cards": view.cards,
        "round": view.round,
        "over": position.is_over(),
        "prize": view.prize,
        "face_down": view.face_down,
        "discarded": view.discarded,
        "players": players,
        "places": position.places(),
    });
    if viewer == Viewer::Gm {
        let pile: Vec<u8> = position.pile.iter().rev().copied().collect();
        out["face_down_order"] = json!(pile);
    }
    out
}
