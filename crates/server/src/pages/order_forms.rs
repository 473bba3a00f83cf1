//! Each game's order form: the one list of the games' [`Pieces`] and, for a game that brings
//! none, the text form (its orders, and its line-up before play begins, typed as text).

use game_api::{Lang, Seat};

use super::backpacks::Day;
use super::breaking_away::Race;
use super::form::FormData;
use super::pieces::{FormContext, FormOrders, Pieces};
use crate::error::ApiResult;

/// Every game's pieces.
pub const PIECES: [&dyn Pieces; 2] = [&Race, &Day];

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
