//! Backpacks & Blisters' help page, in the reader's language: how a day works (the rules,
//! an anchor per rule, that refusals link to), then how to write orders.

use askama::Template;
use game_api::Lang;

use crate::pages::sentence::{Piece, Sentence};
use crate::text::filters;

/// How a day works, by the play-by-mail rules 2.1: one template per language, as the page is
/// prose (a translator writes whole paragraphs, with their links and rule numbers).
#[derive(Debug, Template)]
#[template(path = "backpacks/rules.en.html")]
pub struct Rules;

/// How a day works, in Japanese.
#[derive(Debug, Template)]
#[template(path = "backpacks/rules.ja.html")]
pub struct RulesJa;

/// The orders help, served by the site: one template per language, as the page is prose.
#[derive(Debug, Template)]
#[template(path = "backpacks/help.en.html")]
pub struct Help;

/// The orders help in Japanese (the order words and the map's places stay as typed).
#[derive(Debug, Template)]
#[template(path = "backpacks/help.ja.html")]
pub struct HelpJa;

/// The whole help page: how a day works, then the orders under their heading.
#[derive(Debug, Template)]
#[template(path = "backpacks/help_page.html")]
struct HelpPage {
    lang: Lang,
    /// The language's own pages (HTML).
    rules: String,
    orders: String,
}

/// The help in `lang` (English for a language without its own page): how a day works, then
/// the orders.
pub fn help(lang: Lang) -> askama::Result<String> {
    let (rules, orders) = match lang.code() {
        "ja" => (RulesJa.render()?, HelpJa.render()?),
        _ => (Rules.render()?, Help.render()?),
    };
    HelpPage {
        lang,
        rules,
        orders,
    }
    .render()
}

/// The anchors of the rules on the help page (`rule-8-3` for 8.3).
pub const RULE_ANCHORS: &[&str] = &[
    "rule-1-3",
    "rule-2-1",
    "rule-3-1",
    "rule-3-1-2",
    "rule-4-1",
    "rule-4-2",
    "rule-4-4",
    "rule-4-5",
    "rule-5-1",
    "rule-5-1-3",
    "rule-5-1-12",
    "rule-5-2",
    "rule-6-2",
    "rule-6-3",
    "rule-6-4",
    "rule-7",
    "rule-8-2",
    "rule-8-3",
    "rule-8-4",
    "rule-8-5",
    "rule-9-1",
    "rule-9-2",
    "rule-10-1",
    "rule-10-2",
    "rule-10-4",
    "rule-10-5",
    "rule-11-1",
];

/// The anchor of rule `number` (`8.3`), or of the nearest rule above it that the page
/// explains (`5.1.8` → `5.1`, `7.2` → `7`).
fn anchor(number: &str) -> Option<&'static str> {
    let mut number = number;
    loop {
        let id = format!("rule-{}", number.replace('.', "-"));
        if let Some(found) = RULE_ANCHORS.iter().find(|a| **a == id) {
            return Some(found);
        }
        number = &number[..number.rfind('.')?];
    }
}

/// A refusal as HTML (escaped), each rule it cites in brackets (`(8.3)`, `（10.1、10.2）`,
/// `(10.4, B&B-18)`) linked to the rule on the help page.
pub fn rule_links(text: &str) -> String {
    let mut out = Sentence::default();
    let mut depth = 0usize;
    let mut before = ' ';
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        let starts_number = c.is_ascii_digit() && depth > 0 && "(（ ,、".contains(before);
        if starts_number {
            let len = rest
                .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                .unwrap_or(rest.len());
            let number = rest[..len].trim_end_matches('.');
            let after = rest[number.len()..].chars().next();
            let ends = after.is_none_or(|a| ")）,、 ;".contains(a));
            if let Some(id) = anchor(number).filter(|_| ends) {
                out.push(Piece::link(format!("/help/backpacks#{id}"), number));
                before = number.chars().last().unwrap_or(c);
                rest = &rest[number.len()..];
                continue;
            }
        }
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ => {}
        }
        out.text(&rest[..c.len_utf8()]);
        before = c;
        rest = &rest[c.len_utf8()..];
    }
    out.to_string()
}
