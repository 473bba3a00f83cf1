//! What a player sends for a turn, read and checked against the record: the refusal in the
//! player's language, and the log entries that seal it.

use bots::BotGame;
use game_api::{Lang, Seat};
use locale::phrase;

use super::{GameRecord, MAX_SEALINGS, refused};
use crate::error::GmError;
use crate::event::{Author, Event};

/// What a player sends for one turn: a line-up (before the start, where the game has them) and
/// orders.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Submission {
    #[serde(default)]
    pub lineup: Option<String>,
    #[serde(default)]
    pub orders: Option<String>,
    /// The turn the orders were written for; orders for another turn than the open one are
    /// refused (`GmError::Stale`), never applied to the next turn.
    #[serde(default)]
    pub turn: Option<u16>,
}

impl<G: BotGame> GameRecord<G> {
    /// Why the rules refuse `seat`'s `submission`, in `lang`, quoting the player's words as
    /// typed: its line-up or orders that do not read, or break the set-up or the position.
    /// `None` when the rules take it (what else may refuse it, as a closed turn, is not
    /// asked). The order page and the mail's echo show this; [`check`](Self::check) is the
    /// refusal in English, word for word the same.
    pub fn refusal(&self, seat: Seat, submission: &Submission, lang: Lang) -> Option<String> {
        use crate::typed::read_in;
        let lineup_text =
            |reason: String| locale::tr!(lang, "orders-refused-lineup-text", reason = reason);
        let lineup_rules =
            |reason: String| locale::tr!(lang, "orders-refused-lineup", reason = reason);
        let orders = |reason: String| locale::tr!(lang, "orders-refused-orders", reason = reason);
        let mut lineup = None;
        if let Some(text) = &submission.lineup {
            let read = read_in::<G, _>(text, lang, G::parse_lineup);
            let l = match read {
                Ok(l) => l,
                Err(e) => return Some(lineup_text(e)),
            };
            if let Err(e) = G::check_lineup(&self.settings, &l) {
                return Some(lineup_rules(G::error_text(&e, lang)));
            }
            lineup = Some(l);
        }
        let text = submission.orders.as_ref()?;
        let read = read_in::<G, _>(text, lang, |t| {
            G::parse_orders(&self.settings, self.seats(), t)
        });
        let o = match read {
            Ok(o) => o,
            Err(e) => return Some(orders(e)),
        };
        let checked = match &self.state {
            Some(state) => G::check_orders(state, seat, &o),
            None => match lineup
                .as_ref()
                .or(self.sealed.get(seat.index())?.lineup.as_ref())
            {
                Some(l) => G::check_opening_orders(&self.settings, l, &o),
                None => Ok(()),
            },
        };
        checked.err().map(|e| orders(G::error_text(&e, lang)))
    }

    /// Reads and checks a player's submission without changing anything, and gives back the
    /// log entries that seal it, with the text as the engine read it.
    pub fn check(
        &self,
        seat: Seat,
        submission: &Submission,
        author: Author,
    ) -> Result<Vec<Event>, GmError> {
        if self.is_over() {
            return refused(phrase!("error-orders-game-over"));
        }
        self.check_seat(seat)?;
        if let Some(sent) = submission.turn.filter(|&t| t != self.turn()) {
            return Err(GmError::Stale {
                message: phrase!(
                    "error-turn-stale",
                    noun = G::TURN_NOUN,
                    sent = sent,
                    open = self.turn()
                ),
                open: self.turn(),
            });
        }
        if submission.lineup.is_none() && submission.orders.is_none() {
            return refused(phrase!("error-orders-nothing"));
        }
        if !matches!(author, Author::Bot(_)) {
            self.check_sealings(seat, submission)?;
        }
        let mut events = Vec::new();
        if let Some(text) = &submission.lineup {
            let lineup = crate::typed::lineup::<G>(text)?;
            events.push(Event::Lineup {
                seat,
                text: G::lineup_text(&lineup),
                author: author.clone(),
            });
        }
        if let Some(text) = &submission.orders {
            let orders = crate::typed::orders::<G>(&self.settings, self.seats(), text)?;
            events.push(Event::Orders {
                seat,
                text: G::orders_text(&self.settings, self.seats(), &orders),
                author,
            });
        }
        // Checked against the rules on a copy: a refused submission changes nothing.
        let mut trial = self.clone();
        for e in &events {
            trial.apply(e)?;
        }
        Ok(events)
    }

    /// Refuses a submission that would seal the seat's line-up or orders more than
    /// [`MAX_SEALINGS`] times this turn.
    fn check_sealings(&self, seat: Seat, submission: &Submission) -> Result<(), GmError> {
        let done = self.sealings[seat.index()];
        let over = |sent: &Option<String>, count: u16| sent.is_some() && count >= MAX_SEALINGS;
        let field = if over(&submission.lineup, done.lineups) {
            "line-up"
        } else if over(&submission.orders, done.orders) {
            "orders"
        } else {
            return Ok(());
        };
        refused(phrase!(
            "error-sealed-too-often",
            field = field,
            times = MAX_SEALINGS,
            noun = G::TURN_NOUN,
            turn = self.turn(),
            seat = G::SEAT_NOUN,
        ))
    }
}
