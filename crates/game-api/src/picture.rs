//! What the games' pictures share: the scene a picture is drawn of, the picture and its
//! close-up for a phone, each team's mark (the colour its name gives it, `team_colour`, and a
//! letter of its own) and the SVG's own style sheet (light, with a `prefers-color-scheme: dark`
//! override; every element also carries its light colour as an attribute, which is what resvg
//! draws for mail).

use std::fmt::Write as _;

use crate::{Game, Seat, Viewer};

/// The width (CSS px) a phone shows a picture at: text in a close-up is at least
/// [`PHONE_TEXT`] px there.
pub const PHONE_WIDTH: f64 = 390.0;
/// The smallest text (CSS px) a picture may show on a phone.
pub const PHONE_TEXT: f64 = 12.0;

/// Opens a picture's seat layer: the reader's own marks, the picture's last element, painted
/// over the rest. A picture with one is, but for that layer and its `<title>`s, the same for
/// every seat, so a mail's PNG draws that part once a game and the layer once a seat
/// (docs/performance.md, "Mail out").
pub const SEAT_LAYER: &str = r#"<g class="pr-seat">"#;

/// What a picture is drawn of: the position after a turn, the one before it (the turn's moves
/// are drawn from one to the other), and for whom (their own pieces are marked). Only what
/// everybody may see is drawn; the viewer changes the marks, never what is shown.
pub struct Scene<'a, G: Game> {
    pub state: &'a G::State,
    pub before: Option<&'a G::State>,
    pub viewer: Viewer,
    /// The jerseys of a season its pieces wear (`gm::season`), marked in the picture.
    pub jerseys: &'a [crate::season::Worn],
}

impl<G: Game> Clone for Scene<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Scene<'_, G> {}

impl<G: Game> std::fmt::Debug for Scene<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Scene")
            .field("state", self.state)
            .field("before", &self.before)
            .field("viewer", &self.viewer)
            .field("jerseys", &self.jerseys)
            .finish()
    }
}

impl<G: Game> Scene<'_, G> {
    /// The seat whose pieces are marked, if the viewer is a seat.
    pub fn own_seat(&self) -> Option<Seat> {
        match self.viewer {
            Viewer::Seat(seat) => Some(seat),
            Viewer::Gm | Viewer::Public => None,
        }
    }
}

/// A game's picture: the whole, and a close-up framed for a phone (where the reader's pieces
/// are, with its own legend inside its frame) when the whole is too wide to read there.
#[derive(Clone, Debug, PartialEq)]
pub struct Picture {
    pub svg: String,
    pub close_up: Option<String>,
}

pub use crate::team_colour::{COLOURS, Colour, hue, named_colour, team_colours};

/// The teams' colours seat by seat, from their names ([`team_colours`]): the `pr-tK` class
/// index of each, and its light colours (what an element carries as its attributes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamColours(Vec<usize>);

impl TeamColours {
    pub fn of(names: &[String]) -> Self {
        Self(team_colours(names))
    }

    /// The colour (index into [`COLOURS`], the `K` of `pr-tK`) of seat `seat`.
    pub fn class(&self, seat: u8) -> usize {
        self.0.get(usize::from(seat)).copied().unwrap_or(0)
    }

    pub fn colour(&self, seat: u8) -> &'static Colour {
        &COLOURS[self.class(seat)]
    }

    /// The fill of seat `seat`'s chips (light theme).
    pub fn fill(&self, seat: u8) -> &'static str {
        self.colour(seat).fill
    }

    /// The text on seat `seat`'s chips (light theme).
    pub fn text(&self, seat: u8) -> &'static str {
        self.colour(seat).text
    }

    /// The colour of seat `seat`'s lines (light theme).
    pub fn line(&self, seat: u8) -> &'static str {
        self.colour(seat).line
    }
}

/// The picture's own colours, light and dark: `(class, property, light, dark)`.
pub const THEME: [(&str, &str, &str, &str); 9] = [
    ("pr-bg", "fill", "#F7F7F2", "#17191E"),
    ("pr-ink", "fill", "#1D1D1D", "#EDEDED"),
    ("pr-muted", "fill", "#555555", "#B4B4B4"),
    ("pr-panel", "fill", "#FFFFFF", "#23262D"),
    ("pr-edge", "stroke", "#222222", "#EDEDED"),
    ("pr-mine", "stroke", "#1D1D1D", "#FFFFFF"),
    ("pr-halo", "stroke", "#F7F7F2", "#17191E"),
    ("pr-rule", "stroke", "#9A9A90", "#5A5F69"),
    ("pr-accent", "fill", "#1B6B1B", "#8FD98F"),
];

/// The light colour of a theme class (what an element carries as its attribute).
pub fn light(class: &str) -> &'static str {
    THEME
        .iter()
        .find(|t| t.0 == class)
        .map_or("#000000", |t| t.2)
}

/// DejaVu Sans Bold's advances (units of 1/2048 em) for the digits, then `A`–`Z`: the font the
/// pictures ask for and the mail's PNG is drawn in.
const BOLD_DIGIT: u16 = 1425;
const BOLD_LETTERS: [u16; 26] = [
    1585, 1561, 1503, 1700, 1399, 1399, 1681, 1714, 762, 762, 1587, 1305, 2038, 1714, 1741, 1501,
    1741, 1577, 1475, 1397, 1663, 1585, 2259, 1579, 1483, 1485,
];

/// How wide `text` is in bold DejaVu Sans at `size` px, kerning aside (an upper bound for the
/// letters and digits chips carry); any other character counts as one em.
pub fn bold_width(text: &str, size: f32) -> f32 {
    let units: u32 = text
        .chars()
        .map(|c| match c {
            '0'..='9' => u32::from(BOLD_DIGIT),
            'A'..='Z' => u32::from(BOLD_LETTERS[usize::from(c as u8 - b'A')]),
            _ => 2048,
        })
        .sum();
    units as f32 * size / 2048.0
}

/// The attributes that press bold `text` at `size` px into `room` px if it is wider (a chip's
/// "WD" is 27 px at 14 px, its box 24): the renderer narrows its glyphs rather than letting
/// them spill over the chip's edge. Empty when it fits.
pub fn fit_bold(text: &str, size: f32, room: f32) -> String {
    if bold_width(text, size) > room {
        format!(r#" textLength="{room}" lengthAdjust="spacingAndGlyphs""#)
    } else {
        String::new()
    }
}

/// One letter per team, all different: the name's first letter if free, else its next free
/// letter, else the first free letter of the alphabet (then digits).
pub fn team_letters(names: &[String]) -> Vec<char> {
    let mut taken: Vec<char> = Vec::new();
    for name in names {
        let own = name
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_uppercase());
        let spare = ('A'..='Z').chain('0'..='9');
        let letter = own.chain(spare).find(|c| !taken.contains(c)).unwrap_or('?');
        taken.push(letter);
    }
    taken
}

/// The `<style>` element of a picture: the theme's classes, each team's `pr-tK` (fill),
/// `pr-tkK` (text on it) and `pr-tsK` (stroke), `K` a colour of [`COLOURS`], then `extra` rules (light, dark) of the game's
/// own; the dark colours under `prefers-color-scheme: dark`.
pub fn style(extra: &[(&str, &str, &str, &str)]) -> String {
    let mut light = String::new();
    let mut dark = String::new();
    for (class, property, l, d) in THEME.iter().chain(extra) {
        let _ = write!(light, ".{class}{{{property}:{l}}}");
        let _ = write!(dark, ".{class}{{{property}:{d}}}");
    }
    for (k, c) in COLOURS.iter().enumerate() {
        let _ = write!(
            light,
            ".pr-t{k}{{fill:{}}}.pr-tk{k}{{fill:{}}}.pr-ts{k}{{stroke:{}}}",
            c.fill, c.text, c.line
        );
        let _ = write!(
            dark,
            ".pr-t{k}{{fill:{}}}.pr-tk{k}{{fill:{}}}.pr-ts{k}{{stroke:{}}}",
            c.fill_dark, c.text_dark, c.line_dark
        );
    }
    format!("<style>{light}@media (prefers-color-scheme: dark){{{dark}}}</style>")
}

/// WCAG's contrast ratio of two `#RRGGBB` colours.
pub fn contrast(a: &str, b: &str) -> f64 {
    fn luminance(hex: &str) -> f64 {
        let channel = |k: usize| {
            let v =
                f64::from(u8::from_str_radix(&hex[1 + 2 * k..3 + 2 * k], 16).unwrap_or(0)) / 255.0;
            if v <= 0.03928 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2)
    }
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 29: text on a team's colour, and the picture's text on its background, reads at
    /// 4.5:1 or better in both themes (white on orange was 2.5:1).
    #[test]
    fn every_text_colour_has_contrast_in_both_themes() {
        for c in COLOURS {
            assert!(contrast(c.fill, c.text) >= 4.5, "{} light", c.name);
            assert!(contrast(c.fill_dark, c.text_dark) >= 4.5, "{} dark", c.name);
        }
        let theme = |class: &str| *THEME.iter().find(|t| t.0 == class).unwrap();
        for text in ["pr-ink", "pr-muted", "pr-accent"] {
            for bg in ["pr-bg", "pr-panel"] {
                let (t, b) = (theme(text), theme(bg));
                assert!(contrast(t.2, b.2) >= 4.5, "{text} on {bg} light");
                assert!(contrast(t.3, b.3) >= 4.5, "{text} on {bg} dark");
            }
        }
    }

    /// A chip's two bold letters at 14 px: the wide pairs are pressed into the room, the narrow
    /// ones left as the font draws them.
    #[test]
    fn wide_chip_letters_are_pressed_to_fit() {
        assert_eq!(bold_width("WD", 14.0).round(), 27.0);
        assert_eq!(bold_width("IA", 14.0).round(), 16.0);
        assert_eq!(
            fit_bold("WD", 14.0, 20.0),
            r#" textLength="20" lengthAdjust="spacingAndGlyphs""#
        );
        assert_eq!(fit_bold("IA", 14.0, 20.0), "");
        // Outside the table a character counts as one em.
        assert_eq!(bold_width("?", 14.0), 14.0);
    }

    /// Issue 29: no two of sixteen teams share colour and letter, even when their names start
    /// alike.
    #[test]
    fn no_two_teams_share_colour_and_letter() {
        let names: Vec<String> = [
            "Red", "Rouge", "Blue", "Black", "Bianchi", "B", "Green", "Gold", "Grey", "Orange",
            "Olive", "Pink", "Purple", "Plum", "Peach", "Red2",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let letters = team_letters(&names);
        assert_eq!(letters[0], 'R');
        assert_eq!(letters[1], 'O', "Rouge's next free letter");
        let colours = TeamColours::of(&names);
        let mut marks: Vec<(usize, char)> = letters
            .iter()
            .enumerate()
            .map(|(k, &l)| (colours.class(k as u8), l))
            .collect();
        marks.sort();
        marks.dedup();
        assert_eq!(marks.len(), 16);
        let mut unique = letters.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), 16, "{letters:?}");
    }

    #[test]
    fn the_style_has_a_dark_override() {
        let style = style(&[("pr-road", "fill", "#DDDDDD", "#333333")]);
        assert!(style.contains(".pr-road{fill:#DDDDDD}"));
        let dark = &style[style.find("@media (prefers-color-scheme: dark)").unwrap()..];
        assert!(dark.contains(".pr-road{fill:#333333}"));
        assert!(
            dark.contains(".pr-t0{fill:#3D9BE0}"),
            "blue lightened on a dark page"
        );
        assert!(dark.contains(".pr-t7{fill:#000000}"), "black stays black");
    }
}
