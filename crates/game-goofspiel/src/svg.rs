//! The table drawn as SVG, 390 px wide so that a phone shows it whole: the round and the prize
//! face up, then a row per seat (its mark and name, score, the prizes taken, the last bid and
//! the cards left in its hand), the reader's own row marked. Only what everybody has seen is
//! drawn: never the face-down prizes.

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::{PHONE_WIDTH, Picture, TeamColours, light, style, team_letters};
use game_api::{Lang, Seat};
use locale::tr;

use crate::position::Position;

/// The picture's width: a phone's, so that the whole reads there and needs no close-up.
const WIDTH: f64 = PHONE_WIDTH;
/// The band at the top: the round, the prize face up, the prizes face down and discarded.
const HEADER: f64 = 96.0;
/// One seat's row.
const ROW: f64 = 80.0;
/// A card in a hand, and the gap after it.
const CARD_W: f64 = 24.0;
const CARD_GAP: f64 = 3.0;

/// A name cut to `chars` characters (an ellipsis marks the cut).
fn cut(name: &str, chars: usize) -> String {
    if name.chars().count() <= chars {
        name.to_string()
    } else {
        let mut short: String = name.chars().take(chars - 1).collect();
        short.push('…');
        short
    }
}

fn cards_text(cards: &[u8]) -> String {
    let cards: Vec<String> = cards.iter().map(u8::to_string).collect();
    cards.join(" ")
}

/// The card seat `seat` bid in the round from `before` to `now`: the card it no longer holds.
fn last_bid(before: &Position, now: &Position, seat: usize) -> Option<u8> {
    let (was, is) = (before.players.get(seat)?.hand, now.players.get(seat)?.hand);
    was.cards().find(|&c| !is.contains(c))
}

/// The table after a round (`before`: the position the round was played from), for `own`'s
/// eyes (their row marked), labelled in `lang`. The whole is a phone's width, so there is no
/// close-up.
pub fn table_picture(
    lang: Lang,
    position: &Position,
    before: Option<&Position>,
    names: &[String],
    own: Option<Seat>,
) -> Picture {
    Picture {
        svg: draw(lang, position, before, names, own),
        close_up: None,
    }
}

fn draw(
    lang: Lang,
    position: &Position,
    before: Option<&Position>,
    names: &[String],
    own: Option<Seat>,
) -> String {
    let seats = position.players.len();
    let height = HEADER + seats as f64 * ROW + 4.0;
    // As a heading, and inside the picture's label (lower case where the language has it).
    let (round_text, round_words) = if position.is_over() {
        (
            tr!(lang, "pic-gs-over", cards = position.cards),
            tr!(lang, "pic-gs-over-words", cards = position.cards),
        )
    } else {
        (
            tr!(
                lang,
                "pic-gs-round",
                round = position.round,
                cards = position.cards
            ),
            tr!(
                lang,
                "pic-gs-round-words",
                round = position.round,
                cards = position.cards
            ),
        )
    };
    let label = match position.prize {
        Some(prize) => tr!(
            lang,
            "pic-gs-label-prize",
            when = round_words,
            prize = prize
        ),
        None => tr!(lang, "pic-gs-label", when = round_words),
    };
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH:.0} {height:.0}" width="{WIDTH:.0}" height="{height:.0}" font-family="DejaVu Sans, sans-serif" font-size="14" role="img" aria-label="{}">{}"#,
        esc(&label),
        style(&[])
    );
    let _ = writeln!(
        svg,
        r#"<rect class="pr-bg" x="0" y="0" width="{WIDTH:.0}" height="{height:.0}" fill="{}"/>"#,
        light("pr-bg")
    );
    // The header: the round, the prizes face down and discarded, the prize face up.
    let _ = writeln!(
        svg,
        r#"<text class="pr-ink" x="12" y="28" font-size="16" font-weight="bold" fill="{}">{}</text>"#,
        light("pr-ink"),
        esc(&round_text)
    );
    let face_down = position.pile.len();
    let _ = writeln!(
        svg,
        r#"<text class="pr-muted" x="12" y="52" fill="{}">{}</text>"#,
        light("pr-muted"),
        tr!(lang, "pic-gs-face-down", n = face_down)
    );
    if !position.discarded.is_empty() {
        let _ = writeln!(
            svg,
            r#"<text class="pr-muted" x="12" y="74" fill="{}">{}</text>"#,
            light("pr-muted"),
            tr!(
                lang,
                "pic-gs-discarded",
                cards = cards_text(&position.discarded)
            )
        );
    }
    let (cx, cy, cw, ch) = (WIDTH - 72.0, 10.0, 58.0, 76.0);
    let _ = writeln!(
        svg,
        r#"<rect class="pr-panel pr-edge" x="{cx:.0}" y="{cy:.0}" width="{cw:.0}" height="{ch:.0}" rx="6" fill="{}" stroke="{}" stroke-width="1.5"/><text class="pr-muted" x="{:.0}" y="{:.0}" text-anchor="middle" fill="{}">{}</text>"#,
        light("pr-panel"),
        light("pr-edge"),
        cx + cw / 2.0,
        cy + 18.0,
        light("pr-muted"),
        lang.t("pic-gs-prize")
    );
    let _ = writeln!(
        svg,
        r#"<text class="pr-accent" x="{:.0}" y="{:.0}" text-anchor="middle" font-size="{}" font-weight="bold" fill="{}">{}</text>"#,
        cx + cw / 2.0,
        cy + 58.0,
        if position.prize.is_some() { 28 } else { 14 },
        light("pr-accent"),
        position
            .prize
            .map_or_else(|| lang.t("pic-gs-prize-over"), |p| p.to_string())
    );
    // A row per seat.
    let letters = team_letters(names);
    let colours = TeamColours::of(names);
    for (s, player) in position.players.iter().enumerate() {
        let y0 = HEADER + s as f64 * ROW;
        let mine = own.is_some_and(|o| o.index() == s);
        let name = names.get(s).map_or("?", String::as_str);
        if mine {
            let _ = writeln!(
                svg,
                r#"<rect class="pr-mine" x="4" y="{:.0}" width="{:.0}" height="{:.0}" rx="8" fill="none" stroke="{}" stroke-width="2.5"><title>{}</title></rect>"#,
                y0 - 2.0,
                WIDTH - 8.0,
                ROW - 4.0,
                light("pr-mine"),
                esc(&tr!(lang, "pic-name-yours", name = name))
            );
        }
        let c = colours.class(s as u8);
        let _ = writeln!(
            svg,
            r#"<g class="pr-key" data-seat="{s}"><rect class="pr-t{c} pr-edge" x="12" y="{:.0}" width="22" height="20" rx="5" fill="{}" stroke="{}"/><text class="pr-tk{c}" x="23" y="{:.0}" text-anchor="middle" font-size="14" font-weight="bold" fill="{}">{}</text><text class="pr-ink" x="42" y="{:.0}" font-size="14" fill="{}"{}>{}{}{}</text></g>"#,
            y0 + 8.0,
            colours.fill(s as u8),
            light("pr-edge"),
            y0 + 23.0,
            colours.text(s as u8),
            letters.get(s).copied().unwrap_or('?'),
            y0 + 23.0,
            light("pr-ink"),
            if mine { r#" font-weight="bold""# } else { "" },
            esc(&cut(name, 12)),
            if mine {
                lang.t("pic-you")
            } else {
                String::new()
            },
            tr!(lang, "pic-gs-score", n = player.score)
        );
        let taken = if player.taken.is_empty() {
            lang.t("pic-gs-took-nothing")
        } else {
            tr!(lang, "pic-gs-took", cards = cards_text(&player.taken))
        };
        let _ = writeln!(
            svg,
            r#"<text class="pr-muted" x="12" y="{:.0}" fill="{}">{taken}</text>"#,
            y0 + 44.0,
            light("pr-muted")
        );
        if let Some(bid) = before.and_then(|b| last_bid(b, position, s)) {
            let _ = writeln!(
                svg,
                r#"<text class="pr-ink" x="{:.0}" y="{:.0}" text-anchor="end" fill="{}">{}</text>"#,
                WIDTH - 12.0,
                y0 + 44.0,
                light("pr-ink"),
                tr!(lang, "pic-gs-bid", bid = bid)
            );
        }
        for (k, card) in player.hand.cards().enumerate() {
            let x = 12.0 + k as f64 * (CARD_W + CARD_GAP);
            let _ = writeln!(
                svg,
                r#"<rect class="pr-panel pr-edge" x="{x:.0}" y="{:.0}" width="{CARD_W:.0}" height="20" rx="3" fill="{}" stroke="{}"/><text class="pr-ink" x="{:.0}" y="{:.0}" text-anchor="middle" fill="{}">{card}</text>"#,
                y0 + 52.0,
                light("pr-panel"),
                light("pr-edge"),
                x + CARD_W / 2.0,
                y0 + 67.0,
                light("pr-ink")
            );
        }
    }
    svg.push_str("</svg>\n");
    svg
}
