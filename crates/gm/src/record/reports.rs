//! What the record gives its readers: a turn's report (text or typed view), the state between
//! turns, the notes on sealed orders — each as a viewer may see it, in their language.

use bots::BotGame;
use game_api::{Lang, Resolution, Seat, Viewer};
use locale::phrase;

use super::{GameRecord, refused};
use crate::error::GmError;

impl<G: BotGame> GameRecord<G> {
    /// A turn's report as plain text, as `viewer` may see it (`turn` from 1).
    pub fn turn_report(&self, viewer: Viewer, lang: Lang, turn: u16) -> Result<String, GmError> {
        let resolution = self.resolution(turn)?;
        Ok(G::turn_report(&self.table_in(lang), resolution, viewer))
    }

    /// The resolution of `turn` (from 1), or the refusal naming the turns resolved so far.
    fn resolution(&self, turn: u16) -> Result<&Resolution<G>, GmError> {
        match self.history.get(usize::from(turn).wrapping_sub(1)) {
            Some(resolution) => Ok(resolution),
            None => refused(phrase!(
                "error-turn-not-resolved",
                noun = G::TURN_NOUN,
                turn = turn,
                resolved = self.resolved()
            )),
        }
    }

    /// Orders sealed for `turn` (from 1), as the log keeps their text, in the words their
    /// player read them in then: the game's words against the game as it stood before that
    /// turn (places by name where the text has codes). `None` when the turn is not the coming
    /// one nor resolved, or the text does not read as orders.
    pub fn orders_words_at(&self, turn: u16, seat: Seat, text: &str, lang: Lang) -> Option<String> {
        let resolved = usize::from(turn).checked_sub(1)?;
        let state = match self.history.get(resolved) {
            Some(resolution) => Some(&resolution.before),
            None if resolved == self.history.len() => self.state.as_ref(),
            None => return None,
        };
        let orders = G::parse_orders(&self.settings, self.seats(), text).ok()?;
        let table = game_api::Table {
            state,
            history: &self.history[..resolved],
            ..self.table_in(lang)
        };
        Some(G::orders_words(&table, seat, &orders))
    }

    /// What the seat's sealed orders leave to the rules' defaults (`D: no order — plays its
    /// highest card, 12`), for the echo.
    pub fn orders_notes(&self, seat: Seat, lang: Lang) -> Vec<String> {
        let sealed = &self.sealed[seat.index()];
        match &sealed.orders {
            Some(orders) => G::orders_notes(
                &self.settings,
                self.state.as_ref(),
                sealed.lineup.as_ref(),
                seat,
                orders,
            )
            .iter()
            .map(|note| note.text(lang))
            .collect(),
            None => Vec::new(),
        }
    }

    /// A turn's report as a typed view for the page, as `viewer` may see it (`turn` from 1).
    pub fn report_view(
        &self,
        viewer: Viewer,
        lang: Lang,
        turn: u16,
    ) -> Result<game_api::report::ReportView, GmError> {
        let resolution = self.resolution(turn)?;
        Ok(G::report_view(&self.table_in(lang), resolution, viewer))
    }

    /// Where the game stands between turns, as `viewer` may read it.
    pub fn state_report(&self, viewer: Viewer, lang: Lang) -> String {
        G::state_report(&self.table_in(lang), viewer)
    }

    /// The position after `turn` resolved turns (0: the start); `None` before play begins or
    /// for a turn not yet resolved.
    pub fn state_after(&self, turn: u16) -> Option<&G::State> {
        match turn {
            0 => self
                .history
                .first()
                .map(|r| &r.before)
                .or(self.state.as_ref()),
            t => self.history.get(usize::from(t) - 1).map(|r| &r.after),
        }
    }
}
