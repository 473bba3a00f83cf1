//! Why Goofspiel refuses something: one enum, one line each, naming the field or the value.

/// What the rules refused: a set-up, orders, what the game does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GoofspielError {
    /// A number of cards other than 5, 9 or 13 (rule 1).
    #[error("cards: {0:?} is not a number of cards Goofspiel is played with (5, 9 or 13)")]
    Cards(String),
    /// Orders with no bid in them.
    #[error("orders: no bid given (send `bid 7` or just `7`)")]
    NoBid,
    /// Orders that are not one bid.
    #[error("orders: {0:?} is not one bid (send `bid 7` or just `7`)")]
    NotOneBid(String),
    /// A bid that is not a number.
    #[error("bid: {0:?} is not a card number")]
    NotANumber(String),
    /// A bid of a card the game is not played with.
    #[error("bid: {card} is not a card of this game (1 to {cards})")]
    NoSuchCard { card: u8, cards: u8 },
    /// A bid of a card the seat no longer holds (rule 2).
    #[error("bid: {card} is not in your hand ({hand})")]
    NotInHand { card: u8, hand: String },
    /// Orders after the last prize (rule 6).
    #[error("orders: the game is over")]
    Over,
    /// What the game does not have: line-ups, a scenario notation, actions on its pieces.
    #[error(transparent)]
    Lacks(#[from] game_api::Lacks),
}

impl GoofspielError {
    /// The refusal in `lang`: a player's bid (read on the order page and in the mail's echo)
    /// in their language, and a set-up's and what the game lacks.
    pub fn text(&self, lang: locale::Lang) -> String {
        use locale::tr;
        match self {
            GoofspielError::NoBid => tr!(lang, "gs-orders-no-bid"),
            GoofspielError::NotOneBid(text) => {
                tr!(
                    lang,
                    "gs-orders-not-one-bid",
                    text = inner(&format!("{text:?}"))
                )
            }
            GoofspielError::NotANumber(word) => {
                tr!(
                    lang,
                    "gs-orders-not-a-number",
                    word = inner(&format!("{word:?}"))
                )
            }
            GoofspielError::NoSuchCard { card, cards } => tr!(
                lang,
                "gs-orders-no-such-card",
                card = card.to_string(),
                cards = cards.to_string()
            ),
            GoofspielError::NotInHand { card, hand } => tr!(
                lang,
                "gs-orders-not-in-hand",
                card = card.to_string(),
                hand = hand.as_str()
            ),
            GoofspielError::Over => tr!(lang, "gs-orders-over"),
            GoofspielError::Cards(given) => tr!(lang, "gs-setup-cards", cards = given.as_str()),
            GoofspielError::Lacks(lacks) => lacks.text(lang),
        }
    }
}

/// A `{:?}`-quoted text without its quotes (the messages quote in the reader's way).
fn inner(debug: &str) -> String {
    debug[1..debug.len() - 1].to_owned()
}
