//! What is wrong with a team's orders or line-up, typed, and said in the reader's language:
//! English (the `Display`, the wording every test pins) or any other of `locale`'s.

use std::fmt;

use locale::{Lang, tr};

use crate::rules::Grade;

/// One mistake in the orders or the line-up a player typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mistake {
    /// A word that is neither a grade letter nor a number.
    NotRiderOrCard(String),
    CardTooLarge(u32),
    RiderTwice(Grade),
    CardBeforeRider(u16),
    NoOrders,
    NoCard(Grade),
    CardsPerTurn {
        grade: Grade,
        got: usize,
    },
    NoLineupCards(Grade),
    /// Too few or too many starting cards (`cite`: the rule, `postal 3.1.4`).
    CardCount {
        grade: Grade,
        count: usize,
        fewest: usize,
        most: usize,
        cite: String,
    },
    /// A starting card outside 1–15.
    CardOutside {
        grade: Grade,
        card: u16,
        cite: String,
    },
    /// Postal 3.1.1–3.1.5: the starting cards sum to more than the grade's total.
    SumOver {
        grade: Grade,
        sum: u32,
        most: u32,
        cite: String,
    },
    /// The board's set-up: the starting cards must sum to the grade's total exactly.
    SumNotExact {
        grade: Grade,
        sum: u32,
        total: u32,
    },
}

/// Every mistake found on a line, in the order found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mistakes(pub Vec<Mistake>);

impl Mistake {
    /// The mistake in `lang`, one clause naming the rider, card or word.
    pub fn text(&self, lang: Lang) -> String {
        match self {
            Mistake::NotRiderOrCard(word) => {
                tr!(lang, "ba-orders-not-rider-or-card", word = quoted(word))
            }
            Mistake::CardTooLarge(n) => tr!(lang, "ba-orders-card-too-large", card = n.to_string()),
            Mistake::RiderTwice(g) => tr!(lang, "ba-orders-rider-twice", rider = g.to_string()),
            Mistake::CardBeforeRider(n) => {
                tr!(lang, "ba-orders-card-before-rider", card = n.to_string())
            }
            Mistake::NoOrders => tr!(lang, "ba-orders-none"),
            Mistake::NoCard(g) => tr!(lang, "ba-orders-no-card", rider = g.to_string()),
            Mistake::CardsPerTurn { grade, got } => tr!(
                lang,
                "ba-orders-one-card-per-turn",
                rider = grade.to_string(),
                got = got.to_string()
            ),
            Mistake::NoLineupCards(g) => {
                tr!(lang, "ba-orders-no-lineup-cards", rider = g.to_string())
            }
            Mistake::CardCount {
                grade,
                count,
                fewest,
                most,
                cite,
            } if fewest == most => tr!(
                lang,
                "ba-orders-card-count-exactly",
                rider = grade.to_string(),
                count = count.to_string(),
                allowed = fewest.to_string(),
                rule = cite_in(lang, cite)
            ),
            Mistake::CardCount {
                grade,
                count,
                fewest,
                most,
                cite,
            } => tr!(
                lang,
                "ba-orders-card-count",
                rider = grade.to_string(),
                count = count.to_string(),
                fewest = fewest.to_string(),
                most = most.to_string(),
                rule = cite_in(lang, cite)
            ),
            Mistake::CardOutside { grade, card, cite } => tr!(
                lang,
                "ba-orders-card-outside",
                rider = grade.to_string(),
                card = card.to_string(),
                rule = cite_in(lang, cite)
            ),
            Mistake::SumOver {
                grade,
                sum,
                most,
                cite,
            } => tr!(
                lang,
                "ba-orders-sum-over",
                rider = grade.to_string(),
                sum = sum.to_string(),
                most = most.to_string(),
                rule = cite_in(lang, cite)
            ),
            Mistake::SumNotExact { grade, sum, total } => tr!(
                lang,
                "ba-orders-sum-not-exact",
                rider = grade.to_string(),
                number = (grade.index() + 1).to_string(),
                sum = sum.to_string(),
                total = total.to_string(),
                values = if *grade == Grade::A { "four" } else { "three" }
            ),
        }
    }
}

impl Mistakes {
    /// Every mistake in `lang`, joined on one line.
    pub fn text(&self, lang: Lang) -> String {
        let texts: Vec<String> = self.0.iter().map(|m| m.text(lang)).collect();
        texts.join(&tr!(lang, "ba-orders-separator"))
    }
}

impl fmt::Display for Mistakes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::EN))
    }
}

/// A word as Rust's `{:?}` writes it inside its quotes (the messages add the quotes, so that
/// a language may use its own).
/// A rule as cited (`postal 3.1.4`, `board: set-up`: [`crate::RuleSet::cite`]) in `lang`'s
/// words (`郵便ルール3.1.4`, `ボードゲームのルール「セットアップ」`); English keeps the citation.
pub fn cite_in(lang: Lang, cite: &str) -> String {
    if let Some(number) = cite.strip_prefix("postal ") {
        tr!(lang, "ba-rule", number = number)
    } else if cite == "board: set-up" {
        lang.t("ba-lineup-rule-board")
    } else {
        cite.to_owned()
    }
}

fn quoted(word: &str) -> String {
    let debug = format!("{word:?}");
    debug[1..debug.len() - 1].to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::orders::parse_orders;

    fn ja() -> Lang {
        Lang::from_code("ja").unwrap()
    }

    #[test]
    fn every_mistake_reads_in_japanese_and_names_the_rider() {
        let e = parse_orders("A 3 4 B 5 B 6 E 2").unwrap_err();
        let text = e.text(ja());
        assert_eq!(
            text,
            "「E」は選手（A、B、C、D）でもカードでもありません。選手Bが2度指定されています。選手A：1ターンに出せるカードは1枚です（2枚指定されています）"
        );
    }

    /// Issue 36: orders typed on a Japanese keyboard are refused in Japanese, quoting the
    /// words as the player typed them.
    #[test]
    fn a_full_width_mistake_is_quoted_as_typed() {
        let typed = "Ａ１２　Ｘ３";
        let read = locale::Typed::new(typed);
        let e = parse_orders(read.as_str()).unwrap_err();
        assert_eq!(
            read.in_typed_words(typed, &e.text(ja())),
            "「Ｘ３」は選手（A、B、C、D）でもカードでもありません"
        );
        assert_eq!(
            read.in_typed_words(typed, &e.to_string()),
            "\"Ｘ３\" is not a rider (A, B, C or D) or a card"
        );
    }

    /// Issue 57: a line-up refusal cites the rule in the reader's words, English keeping
    /// the citation the help page's links read.
    #[test]
    fn a_line_up_mistake_cites_its_rule_in_the_readers_words() {
        let mistake = Mistake::CardCount {
            grade: Grade::A,
            count: 5,
            fewest: 3,
            most: 4,
            cite: crate::RuleSet::Postal22.cite("3.1.4", "set-up"),
        };
        assert_eq!(
            mistake.text(ja()),
            "選手A：カードが5枚です。3枚か4枚にしてください（郵便ルール3.1.4）"
        );
        assert!(mistake.text(Lang::EN).ends_with("(postal 3.1.4)"));
        assert_eq!(
            cite_in(ja(), &crate::RuleSet::Board.cite("3.1", "set-up")),
            "ボードゲームのルール「セットアップ」"
        );
    }
}
