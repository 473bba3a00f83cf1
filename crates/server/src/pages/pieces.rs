//! What a game may bring to the pages: an order form of menus, and how that form's menus
//! become orders (a game that brings none gets the text form). The order page is written once
//! and asks the game's [`Pieces`]; [`PIECES`] is the one list of them, as
//! `gm::registry` is the one list of games (pictures, reports and views come through
//! `gm::Record`).

use game_api::{Lang, Seat};

use super::FormData;
use crate::error::ApiResult;

/// What an order form is drawn from.
#[derive(Debug)]
pub struct FormContext<'a> {
    pub id: i64,
    /// The CSRF token the form carries.
    pub csrf: String,
    pub record: &'a gm::Record,
    pub seat: Seat,
    /// The form as sent, when it comes back (with an error, or to plan a second turn): what
    /// was chosen is kept.
    pub typed: Option<&'a FormData>,
    /// The reader's language.
    pub lang: Lang,
}

/// What an order form's menus describe, as text the engine reads.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FormOrders {
    pub lineup: Option<String>,
    pub orders: Option<String>,
}

/// A game's own page pieces.
pub trait Pieces: Sync {
    /// The game's name (as `gm::GameInfo::name`).
    fn game(&self) -> &'static str;
    /// The seat's order form as HTML (a `<form>`), or `None` when it has nothing to send.
    fn order_form(&self, cx: &FormContext<'_>) -> Option<askama::Result<String>>;
    /// The line-up and orders text the form's menus describe, for `seat` of `record` (a rider
    /// left on its default plays its highest card); `None` when the form is the text form.
    fn orders_from_form(
        &self,
        record: &gm::Record,
        seat: Seat,
        form: &FormData,
    ) -> ApiResult<Option<FormOrders>>;
    /// A refusal as HTML (escaped), the rules it cites linked to the game's help page.
    fn refusal_html(&self, text: &str) -> String {
        super::sentence::Sentence::plain(text).to_string()
    }
}

/// The error an order form comes back with, in the reader's `lang` when the rules gave it
/// (the refusal of what was `sent`, quoting the player's words as typed); any other error
/// as it is.
pub fn refusal(
    record: &gm::Record,
    seat: Seat,
    sent: Option<&gm::Submission>,
    error: &crate::error::ApiError,
    lang: game_api::Lang,
) -> String {
    let english = error.to_string();
    let Some(sent) = sent else {
        return super::in_words(&error.text(lang));
    };
    // Only the refusal the rules gave: the same words in English as the error shown.
    if record.refusal(seat, sent, game_api::Lang::EN).as_ref() != Some(&english) {
        return super::in_words(&error.text(lang));
    }
    super::in_words(&record.refusal(seat, sent, lang).unwrap_or(english))
}

/// Every game's pieces.
pub const PIECES: [&dyn Pieces; 2] = [&super::breaking_away::Race, &super::backpacks::Day];

/// The pieces of a game that brings none of its own: its orders (and line-up, before play
/// begins in a game that has one) typed as text, with the game's first-orders help; no
/// console tools.
#[derive(Debug)]
struct TextOnly;

#[derive(Debug, askama::Template)]
#[template(path = "game/text_orders.html")]
struct TextOrders<'a> {
    lang: Lang,
    id: i64,
    csrf: &'a str,
    turn: u16,
    lineup: bool,
    typed_lineup: &'a str,
    typed_orders: &'a str,
    help: Option<String>,
}

impl Pieces for TextOnly {
    fn game(&self) -> &'static str {
        ""
    }
    fn order_form(&self, cx: &FormContext<'_>) -> Option<askama::Result<String>> {
        use askama::Template as _;
        let typed = |name| cx.typed.and_then(|f| f.get(name)).unwrap_or_default();
        let (lineup, orders) = cx.record.sealed(cx.seat);
        let form = TextOrders {
            lang: cx.lang,
            id: cx.id,
            csrf: &cx.csrf,
            turn: cx.record.turn(),
            lineup: !cx.record.started(),
            typed_lineup: cx
                .typed
                .map_or(lineup.as_deref().unwrap_or_default(), |_| typed("lineup")),
            typed_orders: cx
                .typed
                .map_or(orders.as_deref().unwrap_or_default(), |_| typed("orders")),
            help: cx.record.first_orders_help(cx.lang),
        };
        Some(form.render())
    }
    fn orders_from_form(
        &self,
        _: &gm::Record,
        _: Seat,
        _: &FormData,
    ) -> ApiResult<Option<FormOrders>> {
        Ok(None)
    }
}

/// The pieces of the game called `game`: its own, or the text form's.
pub fn of(game: &str) -> &'static dyn Pieces {
    PIECES
        .iter()
        .copied()
        .find(|p| p.game() == game)
        .unwrap_or(&TextOnly)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_belong_to_games_and_no_game_has_two() {
        for info in gm::GAMES {
            let found = PIECES.iter().filter(|p| p.game() == info.name).count();
            assert!(found <= 1, "{}", info.name);
        }
        for pieces in PIECES {
            assert!(gm::game_info(pieces.game()).is_ok(), "{}", pieces.game());
        }
    }
}
