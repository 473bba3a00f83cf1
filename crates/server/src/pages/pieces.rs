//! What a game may bring to the pages: an order form of menus, and how that form's menus
//! become orders (a game that brings none gets the text form). The order page is written once
//! and asks the game's [`Pieces`]; `order_forms::PIECES` is the one list of them, as
//! `gm::games` is the one list of games (pictures, reports and views come through
//! `gm::Record`).

use game_api::{Lang, Seat};

use super::form::FormData;
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
        return super::frame::in_words(&error.text(lang));
    };
    // Only the refusal the rules gave: the same words in English as the error shown.
    if record.refusal(seat, sent, game_api::Lang::EN).as_ref() != Some(&english) {
        return super::frame::in_words(&error.text(lang));
    }
    super::frame::in_words(&record.refusal(seat, sent, lang).unwrap_or(english))
}
