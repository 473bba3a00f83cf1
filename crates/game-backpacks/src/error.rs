//! Why Backpacks & Blisters refuses something: one enum, one line each, naming the field or
//! value.

/// What the rules refused: a set-up, orders, what the game does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BackpacksError {
    /// Another rule set asked for: the game has one.
    #[error("rules: Backpacks & Blisters has one rule set, pbm-2.1")]
    OneRuleSet,
    /// A GM's map or deck that does not read or does not fit.
    #[error("{0}")]
    Data(locale::Phrase),
    /// What the game does not have (line-ups, a scenario notation, riders to drop).
    #[error(transparent)]
    Lacks(#[from] game_api::Lacks),
    /// Orders that do not read.
    #[error("{0}")]
    Orders(crate::mistake::OrderMistake),
    /// Orders that read but break the rules where the walker stands (the message cites the
    /// rule).
    #[error("{0}")]
    Refused(locale::Phrase),
}

impl BackpacksError {
    /// The refusal in `lang`: orders that do not read (a player's, on the order page and in
    /// the mail's echo), a refusal where the walker stands, a set-up's: all in `lang`.
    pub fn text(&self, lang: locale::Lang) -> String {
        match self {
            BackpacksError::Orders(m) => m.text(lang),
            BackpacksError::Refused(p) | BackpacksError::Data(p) => p.text(lang),
            BackpacksError::OneRuleSet => lang.t("bb-setup-one-rule-set"),
            BackpacksError::Lacks(lacks) => lacks.text(lang),
        }
    }
}
