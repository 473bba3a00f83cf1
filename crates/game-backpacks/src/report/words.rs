//! The words a report says things in: places, the weather, cards, scores, notes and money,
//! each in the reader's language.

use game_api::Lang;
use locale::tr;

use crate::Weather;
use crate::day::{Day, Note, Place, Score};
use crate::deck::CardKind;
use crate::map::Map;
use crate::words::{scoring_space_words, space_words};

/// Where a walker stands as the API's JSON gives it: a space's id, or the lake (in English).
pub fn place_text(day: &Day, place: Place) -> String {
    match place {
        Place::At(s) => day.map.space_id(s).to_string(),
        Place::Lake { .. } => Lang::EN.t("bb-report-the-lake"),
    }
}

/// Where a walker stands as a noun, in `lang`: a location's name, a space of a path by where
/// it lies on it, or the lake.
pub(super) fn place_noun(lang: Lang, map: &Map, place: Place) -> String {
    match place {
        Place::At(s) => space_words(lang, map, s),
        Place::Lake { .. } => lang.t("bb-report-the-lake"),
    }
}

pub(super) fn location_name(map: &Map, location: u8) -> &str {
    &map.locations[usize::from(location)].name
}

pub(super) fn weather_text(lang: Lang, w: Weather) -> String {
    lang.t(match w {
        Weather::Sunny => "bb-report-sunny",
        Weather::Cloudy => "bb-report-cloudy",
    })
}

/// A card as a report names it: a walking card by its symbols (as orders write it), the others
/// by name.
pub(super) fn card_words(lang: Lang, card: CardKind) -> String {
    card.phrase().text(lang)
}

/// Why points were scored, in `lang`.
pub fn score_words(lang: Lang, map: &Map, score: Score) -> String {
    match score {
        Score::Space(s) => scoring_space_words(lang, map, s),
        Score::Target { location, order } => tr!(
            lang,
            "bb-score-target",
            location = location_name(map, location),
            place = lang.place(usize::from(order))
        ),
        Score::Ferry => lang.t("bb-score-ferry"),
        Score::Tea => lang.t("bb-score-tea"),
        Score::RucksackAtBreak => lang.t("bb-score-rucksack-at-break"),
        Score::Finish => lang.t("bb-score-finish"),
        Score::RucksackHome => lang.t("bb-score-rucksack-home"),
        Score::Money => lang.t("bb-score-money"),
    }
}

/// A refusal's text with each space code in it (`MAI-CAT.2`, the order text's words) said as
/// a player reads places (`the path from Mardale to Catbells, 2 of 5 steps`).
pub fn codes_in_words(lang: Lang, map: &Map, text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some((start, end)) = space_code(rest) {
        out.push_str(&rest[..start]);
        let code = &rest[start..end];
        match map.space(code) {
            Some(space) => out.push_str(&crate::words::space_words(lang, map, space)),
            None => out.push_str(code),
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    out
}

/// Where the first code of a path's space (`ABC-DEF.n`) lies in `text`, in bytes.
fn space_code(text: &str) -> Option<(usize, usize)> {
    let b = text.as_bytes();
    let upper = |r: &[u8]| r.iter().all(u8::is_ascii_uppercase);
    (0..b.len().saturating_sub(8)).find_map(|i| {
        let code = upper(&b[i..i + 3])
            && b[i + 3] == b'-'
            && upper(&b[i + 4..i + 7])
            && b[i + 7] == b'.'
            && b[i + 8].is_ascii_digit();
        code.then(|| {
            let digits = b[i + 8..].iter().take_while(|c| c.is_ascii_digit()).count();
            (i, i + 8 + digits)
        })
    })
}

/// A note on a walker's turn, in `lang`. The problem an order checker gave is quoted as it
/// gave it.
pub fn note_words(lang: Lang, map: &Map, note: &Note) -> String {
    match note {
        Note::NotCarriedOut { problem } => {
            tr!(
                lang,
                "bb-note-not-carried-out",
                problem = codes_in_words(lang, map, &problem.text(lang))
            )
        }
        Note::RouteCutShort { problem } => {
            tr!(
                lang,
                "bb-note-route-cut-short",
                problem = codes_in_words(lang, map, &problem.text(lang))
            )
        }
        Note::FinishAway => lang.t("bb-note-finish-away"),
        Note::NotBack => lang.t("bb-note-not-back"),
        Note::ChocolateNoCafe => lang.t("bb-note-chocolate-no-cafe"),
        Note::ChocolateNoMoney => lang.t("bb-note-chocolate-no-money"),
        Note::FerryNotLanded { to, contested } => tr!(
            lang,
            "bb-note-ferry-not-landed",
            location = location_name(map, *to),
            contested = if *contested { "yes" } else { "no" }
        ),
    }
}

/// Points as a standings cell: the number right-aligned in four columns, then the word.
pub(super) fn points_cell(lang: Lang, p: i32) -> String {
    tr!(
        lang,
        "bb-report-points",
        points = format!("{p:>4}"),
        count = p.abs()
    )
}

pub(super) fn points_words(lang: Lang, p: i32) -> String {
    tr!(
        lang,
        "bb-report-points",
        points = p.to_string(),
        count = p.abs()
    )
}

/// Money as players read it: the purse counts 50p pieces.
pub fn money_text(pieces: u8) -> String {
    format!(
        "£{}.{:02}",
        pieces / 2,
        if pieces % 2 == 1 { 50 } else { 0 }
    )
}
