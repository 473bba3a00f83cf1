//! The orders players type: one bid a round, `bid 7` or just `7` (rule 2); echoed as `bid 7`.

use std::fmt;

use crate::error::GoofspielError;
use crate::position::Position;
use crate::settings::Settings;
use game_api::Seat;

/// One seat's sealed bid for the round: a card from its hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid(pub u8);

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bid {}", self.0)
    }
}

/// Reads a bid: `bid 7`, `BID 7` or `7`, spaces and line breaks around it ignored; the card
/// must be one the game is played with.
pub fn parse_bid(settings: &Settings, text: &str) -> Result<Bid, GoofspielError> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let number = match words.as_slice() {
        [] => return Err(GoofspielError::NoBid),
        [word] if word.eq_ignore_ascii_case("bid") => return Err(GoofspielError::NoBid),
        [number] => number,
        [word, number] if word.eq_ignore_ascii_case("bid") => number,
        _ => return Err(GoofspielError::NotOneBid(words.join(" "))),
    };
    let card: u8 = number
        .parse()
        .map_err(|_| GoofspielError::NotANumber(number.to_string()))?;
    if card == 0 || card > settings.cards {
        return Err(GoofspielError::NoSuchCard {
            card,
            cards: settings.cards,
        });
    }
    Ok(Bid(card))
}

/// Rule 2: the bid card must be in the seat's hand.
pub fn check_bid(position: &Position, seat: Seat, bid: Bid) -> Result<(), GoofspielError> {
    if position.is_over() {
        return Err(GoofspielError::Over);
    }
    let hand = position.players[seat.index()].hand;
    if hand.contains(bid.0) {
        Ok(())
    } else {
        Err(GoofspielError::NotInHand {
            card: bid.0,
            hand: hand.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Bid, String> {
        parse_bid(&Settings::default(), text).map_err(|e| e.to_string())
    }

    /// Rule 2: `bid 7` or just `7`; the echo is `bid 7` and reads back the same.
    #[test]
    fn rule_2_a_bid_reads_as_bid_7_or_7_and_echoes_as_bid_7() {
        for text in ["bid 7", "7", "  BID   7\n", "Bid 7"] {
            let bid = parse(text).unwrap();
            assert_eq!(bid, Bid(7), "{text:?}");
            assert_eq!(bid.to_string(), "bid 7");
        }
        for card in 1..=13 {
            let echo = Bid(card).to_string();
            assert_eq!(parse(&echo).unwrap(), Bid(card));
        }
    }

    /// Rule 11: bad orders give one line naming the value.
    #[test]
    fn rule_11_bad_orders_give_one_line_naming_the_value() {
        for (text, error) in [
            ("", "orders: no bid given (send `bid 7` or just `7`)"),
            ("bid", "orders: no bid given (send `bid 7` or just `7`)"),
            ("bid seven", "bid: \"seven\" is not a card number"),
            ("-3", "bid: \"-3\" is not a card number"),
            ("14", "bid: 14 is not a card of this game (1 to 13)"),
            ("bid 0", "bid: 0 is not a card of this game (1 to 13)"),
            (
                "bid 7 bid 8",
                "orders: \"bid 7 bid 8\" is not one bid (send `bid 7` or just `7`)",
            ),
            (
                "raise 7",
                "orders: \"raise 7\" is not one bid (send `bid 7` or just `7`)",
            ),
        ] {
            let got = parse(text).unwrap_err();
            assert_eq!(got, error, "{text:?}");
            assert!(!got.contains('\n'));
        }
        let five = Settings { cards: 5 };
        assert_eq!(
            parse_bid(&five, "9").unwrap_err().to_string(),
            "bid: 9 is not a card of this game (1 to 5)"
        );
    }

    /// Issue 36: the English of each refusal is its message in `en`; a bid typed on a
    /// Japanese keyboard is refused in Japanese, quoting the bid as typed.
    #[test]
    fn rule_11_a_bad_bid_reads_in_japanese_quoting_what_was_typed() {
        let ja = locale::Lang::from_code("ja").unwrap();
        for text in ["", "bid seven", "14", "bid 7 bid 8"] {
            let e = parse_bid(&Settings::default(), text).unwrap_err();
            assert_eq!(e.text(locale::Lang::EN), e.to_string(), "{text:?}");
        }
        let typed = "ｂｉｄ　セブン";
        let read = locale::Typed::new(typed);
        let e = parse_bid(&Settings::default(), read.as_str()).unwrap_err();
        assert_eq!(
            read.in_typed_words(typed, &e.text(ja)),
            "入札：「セブン」はカードの数字ではありません"
        );
        let e = parse_bid(&Settings::default(), "14").unwrap_err();
        assert_eq!(
            e.text(ja),
            "入札：14はこのゲームのカードではありません（1〜13）"
        );
    }
}
