//! Breaking Away's own page pieces: the order form (before the race a line-up builder that
//! shows each rider's limits and running total, taken from the rules code, with turn 1's
//! cards; during it one menu per rider, of the cards in its hand, shown beside it), the help
//! page a first-timer plays from (`/help/breaking-away`, an anchor per rule, and the rule
//! numbers of messages linked to it), and the GM console's riders (postal 10.1's dropped
//! rider, the board game's retirement), built from the race's typed view.

use askama::Template;
use axum::http::StatusCode;
use axum::response::Response;
use game_api::{Lang, Seat, Viewer};
use game_breaking_away::rules::LINEUP_CARD_RANGE;
use game_breaking_away::{BreakingAway, Grade, Limits, Lineup, RuleSet, Rules, rider_name};
use locale::{phrase, tr};

use super::form::FormData;
use super::frame::{Visitor, error_page, page};
use super::pieces::{FormContext, FormOrders, Pieces};
use super::sentence::{LINK, Piece, Sentence};
use crate::error::{ApiError, ApiResult};

/// Breaking Away's pieces.
#[derive(Debug)]
pub struct Race;

impl Pieces for Race {
    fn game(&self) -> &'static str {
        <BreakingAway as game_api::Game>::NAME
    }
    fn refusal_html(&self, text: &str) -> String {
        rule_links(text)
    }

    fn order_form(&self, cx: &FormContext<'_>) -> Option<askama::Result<String>> {
        order_form(cx).map(|f| f.render())
    }

    fn orders_from_form(
        &self,
        record: &gm::Record,
        seat: Seat,
        form: &FormData,
    ) -> ApiResult<Option<FormOrders>> {
        from_form(record, seat, form)
    }
}

/// The rule a line-up limit comes from, as messages cite it in `lang` (`postal 3.1.1`,
/// `郵便ルール3.1.1`, `board: set-up`).
fn lineup_rule(lang: Lang, set: RuleSet, grade: Grade) -> String {
    let postal = match grade {
        Grade::A => "3.1.5",
        Grade::B => "3.1.1",
        Grade::C => "3.1.2",
        Grade::D => "3.1.3",
    };
    game_breaking_away::mistake::cite_in(lang, &set.cite(postal, "set-up"))
}

/// One rider of the line-up builder.
#[derive(Debug)]
pub struct LineupRider {
    pub letter: char,
    pub name: String,
    /// What is in each card's box (as many boxes as the rider may take cards).
    pub cards: Vec<String>,
    /// The boxes after this many are optional (rider A's fourth card).
    pub fewest: usize,
    pub limits: String,
    pub rule: String,
    pub total: u32,
    pub most_total: u32,
    pub exact: bool,
    /// The cards typed break the limits (shown when the form comes back).
    pub wrong: bool,
    /// Turn 1's card, as typed.
    pub first: String,
}

/// The line-up builder and turn 1, before the race.
#[derive(Debug)]
pub struct LineupForm {
    /// The builder's opening sentence (it links to the line-up rules).
    pub lead: Sentence,
    pub riders: Vec<LineupRider>,
    pub low: u16,
    pub high: u16,
    pub example: String,
    pub postal: bool,
    /// The line-up and orders as text, for the typed form.
    pub lineup: String,
    pub orders: String,
}

/// A card in a rider's menu.
#[derive(Debug)]
pub struct CardChoice {
    pub card: u16,
    pub selected: bool,
}

/// One rider's menu during the race.
#[derive(Debug)]
pub struct RiderField {
    pub letter: char,
    pub name: String,
    pub square: i32,
    pub points: String,
    /// Its hand, highest first (repeats kept).
    pub hand: Vec<u16>,
    /// The card a rider without an order plays (postal 9.1).
    pub highest: Option<u16>,
    pub cards: Vec<CardChoice>,
}

/// The order form: the line-up builder before the race, the riders' menus during it.
#[derive(Debug, Template)]
#[template(path = "breaking_away/orders.html")]
pub struct OrderForm {
    pub lang: Lang,
    pub id: i64,
    pub turn: u16,
    pub csrf: String,
    pub lineup: Option<LineupForm>,
    pub riders: Vec<RiderField>,
    /// Postal rules (the NMR rule 9.1 is cited).
    pub postal: bool,
}

/// A rider's line-up limits in words: `3 or 4 cards, adding up to at most 30`.
fn limits_text(lang: Lang, limits: Limits) -> String {
    let count = if limits.fewest == limits.most {
        tr!(lang, "ba-form-limits-cards", n = limits.fewest.to_string())
    } else {
        tr!(
            lang,
            "ba-form-limits-cards-or",
            fewest = limits.fewest.to_string(),
            most = limits.most.to_string()
        )
    };
    let total = limits.total.to_string();
    if limits.exact {
        tr!(lang, "ba-form-limits-exactly", cards = count, total = total)
    } else {
        tr!(lang, "ba-form-limits-at-most", cards = count, total = total)
    }
}

/// The builder's box for card `k` (from 1) of `grade`.
fn lineup_field(grade: Grade, k: usize) -> String {
    format!("lineup_{}_{k}", grade.letter())
}

/// The order form of `cx.seat`, keeping what was typed (sent back with an error, or to check
/// the totals) or else what is sealed.
pub fn order_form(cx: &FormContext<'_>) -> Option<OrderForm> {
    let race = cx.record.downcast::<BreakingAway>()?;
    let rules = *race.settings();
    let typed = |name: &str| cx.typed.and_then(|f| f.get(name)).map(str::to_string);
    let lang = cx.lang;
    let mut form = OrderForm {
        lang,
        id: cx.id,
        turn: cx.record.turn(),
        csrf: cx.csrf.clone(),
        lineup: None,
        riders: Vec::new(),
        postal: rules.set == RuleSet::Postal22,
    };
    let Some(position) = race.state() else {
        let (sealed_lineup, sealed_orders) = cx.record.sealed(cx.seat);
        let sealed = race.table().sealed[cx.seat.index()].lineup.clone();
        let built = cx
            .typed
            .is_some_and(|f| f.0.iter().any(|(k, _)| k.starts_with("lineup_")));
        // The boxes hold what was typed in them, or else the line-up typed as text or sealed.
        let text_lineup = typed("lineup").or(sealed_lineup);
        let from_text: Option<Lineup> = match &text_lineup {
            Some(t) if !built => game_breaking_away::orders::parse_lineup(t).ok(),
            _ if !built => sealed,
            _ => None,
        };
        let sealed_cards = race.sealed_orders(cx.seat).copied();
        let riders = Grade::ALL
            .iter()
            .map(|&grade| {
                let limits = Limits::of(rules, grade);
                let cards: Vec<String> = (1..=limits.most)
                    .map(|k| match &from_text {
                        Some(l) => l
                            .cards(grade)
                            .get(k - 1)
                            .map(u16::to_string)
                            .unwrap_or_default(),
                        None => typed(&lineup_field(grade, k)).unwrap_or_default(),
                    })
                    .collect();
                let numbers: Vec<u16> =
                    cards.iter().filter_map(|c| c.trim().parse().ok()).collect();
                let filled = cards.iter().filter(|c| !c.trim().is_empty()).count();
                LineupRider {
                    letter: grade.letter(),
                    name: rider_name(race.seats(), cx.seat.0, grade),
                    fewest: limits.fewest,
                    limits: limits_text(lang, limits),
                    rule: lineup_rule(lang, rules.set, grade),
                    total: numbers.iter().map(|&c| u32::from(c)).sum(),
                    most_total: limits.total,
                    exact: limits.exact,
                    wrong: filled > 0 && (numbers.len() < filled || !limits.fits(&numbers)),
                    first: typed(&format!("card_{}", grade.letter()))
                        .or_else(|| {
                            sealed_cards
                                .and_then(|o| o.card(grade))
                                .map(|c| c.to_string())
                        })
                        .unwrap_or_default(),
                    cards,
                }
            })
            .collect();
        let anchor = if form.postal {
            "rule-3-1"
        } else {
            "board-set-up"
        };
        let rules_link = Piece::link(
            format!("/help/breaking-away#{anchor}"),
            tr!(lang, "ba-form-lineup-rules"),
        );
        form.lineup = Some(LineupForm {
            lead: Sentence::new(
                &tr!(
                    lang,
                    "ba-form-lineup-lead",
                    low = LINEUP_CARD_RANGE.start().to_string(),
                    high = LINEUP_CARD_RANGE.end().to_string(),
                    rules = LINK
                ),
                &[(LINK, rules_link)],
            ),
            riders,
            low: *LINEUP_CARD_RANGE.start(),
            high: *LINEUP_CARD_RANGE.end(),
            example: game_breaking_away::default_lineup().to_string(),
            postal: form.postal,
            lineup: text_lineup.unwrap_or_default(),
            orders: typed("orders").or(sealed_orders).unwrap_or_default(),
        });
        return Some(form);
    };
    let sealed = race.sealed_orders(cx.seat);
    let set = rules.set;
    let Seat(team) = cx.seat;
    for r in position.view(Viewer::Seat(cx.seat)).riders {
        if r.team != team || !r.on_track() {
            continue;
        }
        let letter = r.grade.letter();
        let chosen: Option<u16> = cx
            .typed
            .and_then(|f| f.get(&format!("card_{letter}")))
            .and_then(|c| c.trim().parse().ok())
            .or_else(|| sealed.and_then(|o| o.card(r.grade)));
        let mut hand = r.hand.map(|h| h.ascending()).unwrap_or_default();
        hand.reverse();
        let mut cards = hand.clone();
        cards.dedup();
        form.riders.push(RiderField {
            letter,
            name: rider_name(race.seats(), r.team, r.grade),
            square: set.square(r.distance),
            points: r.points.to_string(),
            highest: cards.first().copied(),
            hand,
            cards: cards
                .into_iter()
                .map(|card| CardChoice {
                    card,
                    selected: chosen == Some(card),
                })
                .collect(),
        });
    }
    Some(form)
}

/// The line-up and orders the form describes (`None`: the typed form). The builder's boxes
/// become the line-up's text (the rules check it when it is sealed); a rider left on its
/// default is left out of the orders (it plays its highest card, postal 9.1), but a form that
/// leaves every rider there, or the "play my highest cards" button, orders each rider's
/// highest card: "play the defaults" seals the team's orders rather than being refused.
fn from_form(record: &gm::Record, seat: Seat, form: &FormData) -> ApiResult<Option<FormOrders>> {
    let Some(race) = record.downcast::<BreakingAway>() else {
        return Ok(None);
    };
    let field = |g: Grade| form.get(&format!("card_{}", g.letter()));
    let built = form.0.iter().any(|(k, _)| k.starts_with("lineup_"));
    let highest_asked = form.get("highest").is_some();
    if !built && !highest_asked && !Grade::ALL.iter().any(|&g| field(g).is_some()) {
        return Ok(None);
    }
    let lineup = if built {
        lineup_from_boxes(race.settings(), form)?
    } else {
        None
    };
    // The cards each rider holds: its hand in the race, the line-up's before it.
    let holds = |grade: Grade| -> Option<u16> {
        match race.state() {
            Some(position) => position
                .view(Viewer::Seat(seat))
                .riders
                .iter()
                .find(|r| r.team == seat.0 && r.grade == grade && r.on_track())
                .and_then(|r| r.hand)
                .and_then(|h| h.highest()),
            None => {
                let sealed = race.table().sealed[seat.index()].lineup.clone();
                let typed = lineup
                    .as_deref()
                    .and_then(|t| game_breaking_away::orders::parse_lineup(t).ok());
                typed.or(sealed)?.cards(grade).iter().copied().max()
            }
        }
    };
    let chosen: Vec<(Grade, &str)> = if highest_asked {
        Vec::new()
    } else {
        Grade::ALL
            .iter()
            .filter_map(|&g| {
                field(g)
                    .map(str::trim)
                    .filter(|c| !c.is_empty())
                    .map(|c| (g, c))
            })
            .collect()
    };
    let cards: Vec<String> = if chosen.is_empty() {
        Grade::ALL
            .iter()
            .filter_map(|&g| holds(g).map(|c| format!("{} {c}", g.letter())))
            .collect()
    } else {
        chosen
            .iter()
            .map(|(g, c)| format!("{} {c}", g.letter()))
            .collect()
    };
    if built && lineup.is_none() && race.table().sealed[seat.index()].lineup.is_none() {
        return Err(ApiError::Bad(phrase!(
            "error-lineup-form-missing",
            default_lineup = game_breaking_away::default_lineup().to_string()
        )));
    }
    Ok(Some(FormOrders {
        lineup,
        orders: (!cards.is_empty()).then(|| cards.join(" ")),
    }))
}

/// The builder's boxes as a line-up's text (`A 10 10 10 B 8 8 9 …`), `None` if all are empty.
fn lineup_from_boxes(rules: &Rules, form: &FormData) -> ApiResult<Option<String>> {
    let mut parts = Vec::new();
    let mut any = false;
    for grade in Grade::ALL {
        let mut cards = Vec::new();
        for k in 1..=Limits::of(*rules, grade).most {
            let Some(v) = form.get(&lineup_field(grade, k)).map(str::trim) else {
                continue;
            };
            if v.is_empty() {
                continue;
            }
            any = true;
            let card: u16 = v.parse().map_err(|_| {
                ApiError::Bad(phrase!(
                    "error-lineup-form-card",
                    grade = grade.to_string(),
                    k = k,
                    v = v
                ))
            })?;
            cards.push(card.to_string());
        }
        parts.push(format!("{grade} {}", cards.join(" ")));
    }
    Ok(any.then(|| parts.join(" ")))
}

/// The line-up builder's optional script: each rider's total as the boxes are typed in,
/// flagged when it breaks the limits (the server checks the line-up either way).
pub async fn lineup_script() -> axum::response::Response {
    use axum::response::IntoResponse;
    (
        [(
            axum::http::header::CONTENT_TYPE,
            "text/javascript; charset=utf-8",
        )],
        include_str!("../../templates/breaking_away/lineup.js"),
    )
        .into_response()
}

/// The rule help, served by the site: one template per language, as the page is prose (a
/// translator writes whole paragraphs, with their links and rule numbers, not fragments).
#[derive(Debug, Template)]
#[template(path = "breaking_away/help.en.html")]
pub struct Help;

/// The rule help in Japanese, in the board game's own terms and quoting its rules.
#[derive(Debug, Template)]
#[template(path = "breaking_away/help.ja.html")]
pub struct HelpJa;

/// How to send a turn's orders and the line-up by mail (`A 12 B 3 C 9 D 7`), the help page's
/// last section.
#[derive(Debug, Template)]
#[template(path = "breaking_away/mail.en.html")]
pub struct MailHelp;

/// The same in Japanese.
#[derive(Debug, Template)]
#[template(path = "breaking_away/mail.ja.html")]
pub struct MailHelpJa;

/// The rule help in `lang` (English for a language without its own page), then how to send
/// orders by mail.
pub fn help(lang: Lang) -> askama::Result<String> {
    match lang.code() {
        "ja" => Ok(HelpJa.render()? + &MailHelpJa.render()?),
        _ => Ok(Help.render()? + &MailHelp.render()?),
    }
}

/// The anchors of the help page, one per rule (`rule-8-2-5` for postal 8.2.5, `board-set-up`
/// for the board game's set-up): a test holds them to the page.
pub const RULE_ANCHORS: &[&str] = &[
    "rule-2-2",
    "rule-3-1",
    "rule-3-1-1",
    "rule-3-1-2",
    "rule-3-1-3",
    "rule-3-1-4",
    "rule-3-1-5",
    "rule-3-2",
    "rule-4-1",
    "rule-4-3",
    "rule-4-4",
    "rule-5",
    "rule-5-1",
    "rule-6-2",
    "rule-6-3",
    "rule-6-4",
    "rule-7-2",
    "rule-7-3",
    "rule-7-4",
    "rule-7-5",
    "rule-7-6",
    "rule-7-8",
    "rule-7-9",
    "rule-8",
    "rule-8-1",
    "rule-8-2-1",
    "rule-8-2-2",
    "rule-8-2-3",
    "rule-8-2-4",
    "rule-8-2-5",
    "rule-9-1",
    "rule-10-1",
    "board-set-up",
    "board-turn-1",
    "board-inside-first",
    "board-sprint-line",
    "board-staggered-start",
    "board-by-agreement",
];

/// How each language cites a rule of the postal rules (`postal `, `郵便ルール`: the message
/// `ba-rule` before its number) and the board game's set-up (`board: set-up`,
/// `ボードゲームのルール「セットアップ」`), with the anchor each names on the help page (`None`:
/// the postal rule's number follows).
fn citations() -> Vec<(String, Option<&'static str>)> {
    let mut out: Vec<(String, Option<&'static str>)> = vec![("board: ".to_string(), None)];
    for lang in Lang::all() {
        out.push((tr!(lang, "ba-rule", number = ""), None));
        out.push((lang.t("ba-lineup-rule-board"), Some("board-set-up")));
    }
    out.sort();
    out.dedup();
    out
}

/// The anchor of a rule cited as `postal 8.2.5` or `board: set-up`, if the help page has it.
fn anchor(cited: &str) -> Option<String> {
    let id = if let Some(n) = cited.strip_prefix("postal ") {
        format!("rule-{}", n.replace('.', "-"))
    } else {
        let words = cited.strip_prefix("board: ")?;
        format!("board-{}", words.trim().replace(' ', "-"))
    };
    RULE_ANCHORS.contains(&id.as_str()).then_some(id)
}

/// A message as HTML (escaped), its rule citations (`postal 3.1.1`, `郵便ルール3.1.1`,
/// `board: set-up`) linked to the help page's rule.
pub fn rule_links(text: &str) -> String {
    let citations = citations();
    let mut out = Sentence::default();
    let mut rest = text;
    loop {
        // The first citation in the rest of the text (the longest where two start there).
        let found = citations
            .iter()
            .filter_map(|(prefix, whole)| rest.find(prefix.as_str()).map(|at| (at, prefix, whole)))
            .min_by_key(|(at, prefix, _)| (*at, std::cmp::Reverse(prefix.len())));
        let Some((at, prefix, whole)) = found else {
            break;
        };
        out.text(&rest[..at]);
        let tail = &rest[at..];
        let body = &tail[prefix.len()..];
        let (len, id) = match whole {
            Some(id) => (prefix.len(), Some(id.to_string())),
            None if prefix.as_str() == "board: " => {
                let len = body
                    .find(|c: char| {
                        !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == ' ' || c == '-')
                    })
                    .unwrap_or(body.len());
                let cited = tail[..prefix.len() + len].trim_end_matches(['.', ' ']);
                (cited.len(), anchor(cited))
            }
            None => {
                let len = body
                    .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                    .unwrap_or(body.len());
                let number = body[..len].trim_end_matches('.');
                let id = (!number.is_empty())
                    .then(|| anchor(&format!("postal {number}")))
                    .flatten();
                (prefix.len() + number.len(), id)
            }
        };
        let cited = &tail[..len];
        match id {
            Some(id) => out.push(Piece::link(format!("/help/breaking-away#{id}"), cited)),
            None => out.text(cited),
        }
        rest = &tail[len..];
    }
    out.text(rest);
    out.to_string()
}

/// The templates' filters: `rule_links`.
mod filters {
    #[askama::filter_fn]
    pub fn rule_links(
        text: impl std::fmt::Display,
        _: &dyn askama::Values,
    ) -> askama::Result<String> {
        Ok(super::rule_links(&text.to_string()))
    }
}

/// The Breaking Away rules help, served by the site.
pub async fn help_breaking_away(visitor: Visitor) -> Response {
    match help(visitor.lang) {
        Ok(body) => page(
            &visitor,
            StatusCode::OK,
            &tr!(visitor.lang, "help-ba-title"),
            &body,
        ),
        Err(e) => error_page(&visitor, &ApiError::Internal(e.to_string())),
    }
}

/// The routes of Breaking Away's help and its form's script.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::get;
    axum::Router::new()
        .route("/help/breaking-away", get(help_breaking_away))
        .route("/static/lineup.js", get(lineup_script))
}

#[cfg(test)]
mod tests;
