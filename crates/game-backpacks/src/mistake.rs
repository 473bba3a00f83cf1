//! What is wrong with a walker's orders, typed, and said in the reader's language: English
//! (the `Display`, the wording every test pins) or any other of `locale`'s. The order words
//! (`walk`, `ferry`) and the map's ids stay as the player types them in every language.

use std::fmt;

use locale::{Lang, tr};

/// One mistake in a round's orders: where it is (the turn, the order word) and what it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderMistake {
    /// The turn of the round (1 or 2) the statement is for, when the message names it.
    pub turn: Option<usize>,
    /// The order word the statement starts with (`walk`, `vote`), when the message names it.
    pub verb: Option<String>,
    pub what: What,
}

/// A path space written from its other end that means two spaces (boxed in [`What`]: the
/// largest mistake, and every result of the engine carries one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OtherEnd {
    pub word: String,
    pub from: String,
    pub to: String,
    pub same: String,
    pub counted_back: String,
}

/// A statement that is given once per turn, or once per round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Once {
    BuyChocolate,
    Rucksack,
    Finish,
    Discard,
    Replace,
    Weather,
    Vote,
}

/// What the mistake is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum What {
    /// A turn prefix other than 1 or 2 (the statement as written).
    BadTurn(String),
    /// A statement given twice in one turn (rule 11.2), or twice in the round.
    Twice {
        once: Once,
        statement: String,
    },
    /// A second move for one turn.
    TwoMoves(String),
    WhichCard,
    NotACard(String),
    /// A path space written from its other end that means two spaces.
    SpaceFromOtherEnd(Box<OtherEnd>),
    NotASpace(String),
    TeaForm,
    /// `ferry` or `bus` with no stop.
    WhereTo(String),
    NotALocation(String),
    ExpectedSwap(String),
    /// `give` or `take` without `rucksack`.
    WriteRucksack(String),
    RucksackForm,
    NotAWalker {
        word: String,
        walkers: Vec<String>,
    },
    NameOneCard,
    WeatherForm,
    NameOneWalker,
    NotAnOrder(String),
}

impl OrderMistake {
    /// A mistake named by its turn and order word.
    pub fn at(turn: usize, verb: &str, what: What) -> OrderMistake {
        OrderMistake {
            turn: Some(turn + 1),
            verb: Some(verb.to_owned()),
            what,
        }
    }

    /// The mistake in `lang`, on one line.
    pub fn text(&self, lang: Lang) -> String {
        let mut text = self.what.text(lang);
        if let Some(verb) = &self.verb {
            text = tr!(lang, "bb-orders-verb", verb = verb.as_str(), text = text);
        }
        if let Some(turn) = self.turn {
            text = tr!(lang, "bb-orders-turn", turn = turn.to_string(), text = text);
        }
        text
    }
}

impl From<What> for OrderMistake {
    fn from(what: What) -> OrderMistake {
        OrderMistake {
            turn: None,
            verb: None,
            what,
        }
    }
}

impl fmt::Display for OrderMistake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::EN))
    }
}

impl Once {
    fn text(self, lang: Lang) -> String {
        match self {
            Once::BuyChocolate => tr!(lang, "bb-orders-once-buy"),
            Once::Rucksack => tr!(lang, "bb-orders-once-rucksack"),
            Once::Finish => "finish".into(),
            Once::Discard => "discard".into(),
            Once::Replace => "replace".into(),
            Once::Weather => "weather".into(),
            Once::Vote => "vote".into(),
        }
    }

    fn per_round(self) -> bool {
        matches!(self, Once::Weather | Once::Vote)
    }
}

impl What {
    fn text(&self, lang: Lang) -> String {
        match self {
            What::BadTurn(s) => tr!(lang, "bb-orders-bad-turn", statement = quoted(s)),
            What::Twice { once, statement } if once.per_round() => tr!(
                lang,
                "bb-orders-twice-in-round",
                what = once.text(lang),
                statement = quoted(statement)
            ),
            What::Twice { once, statement } => tr!(
                lang,
                "bb-orders-twice",
                what = once.text(lang),
                statement = quoted(statement)
            ),
            What::TwoMoves(s) => tr!(lang, "bb-orders-two-moves", statement = quoted(s)),
            What::WhichCard => tr!(lang, "bb-orders-which-card"),
            What::NotACard(w) => tr!(lang, "bb-orders-not-a-card", word = quoted(w)),
            What::SpaceFromOtherEnd(end) => {
                let OtherEnd {
                    word,
                    from,
                    to,
                    same,
                    counted_back,
                } = &**end;
                let mut args = locale::Args::new();
                args.set("word", quoted(word));
                args.set("from", from.as_str());
                args.set("to", to.as_str());
                args.set("same", same.as_str());
                args.set("counted-back", counted_back.as_str());
                lang.t_with("bb-orders-space-from-other-end", &args)
            }
            What::NotASpace(w) => tr!(lang, "bb-orders-not-a-space", word = quoted(w)),
            What::TeaForm => tr!(lang, "bb-orders-tea-form"),
            What::WhereTo(verb) => tr!(lang, "bb-orders-where-to", verb = verb.as_str()),
            What::NotALocation(w) => tr!(lang, "bb-orders-not-a-location", word = quoted(w)),
            What::ExpectedSwap(w) => tr!(lang, "bb-orders-expected-swap", words = quoted(w)),
            What::WriteRucksack(verb) => {
                tr!(lang, "bb-orders-write-rucksack", verb = verb.as_str())
            }
            What::RucksackForm => tr!(lang, "bb-orders-rucksack-form"),
            What::NotAWalker { word, walkers } => tr!(
                lang,
                "bb-orders-not-a-walker",
                word = quoted(word),
                walkers = lang.separated(walkers)
            ),
            What::NameOneCard => tr!(lang, "bb-orders-name-one-card"),
            What::WeatherForm => tr!(lang, "bb-orders-weather-form"),
            What::NameOneWalker => tr!(lang, "bb-orders-name-one-walker"),
            What::NotAnOrder(w) => tr!(lang, "bb-orders-not-an-order", word = quoted(w)),
        }
    }
}

/// A word as Rust's `{:?}` writes it inside its quotes (the messages add the quotes, so that
/// a language may use its own).
fn quoted(word: &str) -> String {
    let debug = format!("{word:?}");
    debug[1..debug.len() - 1].to_owned()
}

#[cfg(test)]
mod tests {
    use crate::map::Map;
    use crate::orders::parse_round_orders;
    use locale::Lang;

    fn parse(text: &str) -> crate::BackpacksError {
        parse_round_orders(text, &Map::keswick(), &["ann".into(), "bob".into()]).unwrap_err()
    }

    /// Issue 36: orders typed on a Japanese keyboard are refused in Japanese, quoting the
    /// words as the player typed them; the English is word for word as before.
    #[test]
    fn a_full_width_mistake_reads_in_japanese_quoted_as_typed() {
        let ja = Lang::from_code("ja").unwrap();
        let typed = "１：ｗａｌｋ　４＋２　ＸＹＺ";
        let read = locale::Typed::new(typed);
        let e = parse(read.as_str());
        assert_eq!(
            e.to_string(),
            "turn 1: walk: \"XYZ\" is not a space or location of the map"
        );
        assert_eq!(
            read.in_typed_words(typed, &e.text(ja)),
            "第1ターン：walk：「ＸＹＺ」は地図のマスでも場所でもありません"
        );
        assert_eq!(
            parse("1: rest; 2: rest; vote ann; vote bob").text(ja),
            "voteがラウンド中に2度書かれています（「vote bob」）。2ターン分で1つの文です"
        );
    }

    /// Every mistake's English is its message in `en`, with no message id left unread.
    #[test]
    fn every_mistake_reads_in_both_languages() {
        let ja = Lang::from_code("ja").unwrap();
        for text in [
            "3: rest",
            "buy chocolate; buy chocolate",
            "rest; rest",
            "walk",
            "walk 9x",
            "walk 3+3 FRI-KES.1",
            "tea now",
            "ferry",
            "bus XYZ",
            "ferry LOD swap",
            "give",
            "give rucksack to ann now",
            "give rucksack to zed",
            "discard",
            "weather rainy",
            "vote",
            "jump",
        ] {
            let e = parse(text);
            let (en, jp) = (e.text(Lang::EN), e.text(ja));
            assert_eq!(en, e.to_string(), "{text}");
            assert!(
                !en.contains("bb-orders") && !jp.contains("bb-orders"),
                "{text}: {jp}"
            );
            assert!(jp.chars().any(|c| c > '\u{3000}'), "{text}: {jp}");
        }
    }
}
