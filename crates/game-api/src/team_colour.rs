//! Each team's colour, from the teams' names: a team (or walker) named after a colour wears the
//! colour-blind-safe shade of it (Okabe–Ito's vermilion for red, its blue, bluish green and so
//! on), whatever its seat; a palette fills in for the other names and never hands out a colour
//! another team is named after. A player called "Blue" looks for blue chips.

/// Colours close enough that a palette team in one beside a team named after the other would
/// be taken for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Family {
    Red,
    Orange,
    Yellow,
    Green,
    Blue,
    Purple,
    Neutral,
}

/// One colour a team can wear: its fill and the text drawn on it, and the colour of its lines
/// (the moves' arrows), in the light and the dark theme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Colour {
    /// The colour's English name (for tests and messages; a reader sees the team's name).
    pub name: &'static str,
    family: Family,
    pub fill: &'static str,
    pub fill_dark: &'static str,
    pub text: &'static str,
    pub text_dark: &'static str,
    pub line: &'static str,
    pub line_dark: &'static str,
}

const fn colour(
    name: &'static str,
    family: Family,
    [fill, fill_dark]: [&'static str; 2],
    [text, text_dark]: [&'static str; 2],
) -> Colour {
    Colour {
        name,
        family,
        fill,
        fill_dark,
        text,
        text_dark,
        line: fill,
        line_dark: fill_dark,
    }
}

/// Every colour, in the order the palette hands them out: Okabe–Ito's eight, then a lighter
/// reddish purple for pink, grey and white. Black and white stay black and white in both
/// themes (a chip's edge outlines them); only their lines turn grey where they would vanish.
pub const COLOURS: [Colour; 11] = [
    colour(
        "blue",
        Family::Blue,
        ["#0072B2", "#3D9BE0"],
        ["#FFFFFF", "#000000"],
    ),
    colour(
        "orange",
        Family::Orange,
        ["#E69F00", "#E69F00"],
        ["#000000", "#000000"],
    ),
    colour(
        "green",
        Family::Green,
        ["#009E73", "#009E73"],
        ["#000000", "#000000"],
    ),
    colour(
        "red",
        Family::Red,
        ["#D55E00", "#D55E00"],
        ["#000000", "#000000"],
    ),
    colour(
        "sky blue",
        Family::Blue,
        ["#56B4E9", "#56B4E9"],
        ["#000000", "#000000"],
    ),
    colour(
        "purple",
        Family::Purple,
        ["#CC79A7", "#CC79A7"],
        ["#000000", "#000000"],
    ),
    colour(
        "yellow",
        Family::Yellow,
        ["#F0E442", "#F0E442"],
        ["#000000", "#000000"],
    ),
    Colour {
        line_dark: "#8C8C8C",
        ..colour(
            "black",
            Family::Neutral,
            ["#000000", "#000000"],
            ["#FFFFFF", "#FFFFFF"],
        )
    },
    colour(
        "pink",
        Family::Purple,
        ["#E8A5C8", "#E8A5C8"],
        ["#000000", "#000000"],
    ),
    colour(
        "grey",
        Family::Neutral,
        ["#999999", "#999999"],
        ["#000000", "#000000"],
    ),
    Colour {
        line: "#9A9A9A",
        ..colour(
            "white",
            Family::Neutral,
            ["#FFFFFF", "#FFFFFF"],
            ["#000000", "#000000"],
        )
    },
];

/// The words that name each colour (by its index in [`COLOURS`]), English and Japanese,
/// lower case.
const WORDS: &[(&str, usize)] = &[
    ("blue", 0),
    ("navy", 0),
    ("青", 0),
    ("藍", 0),
    ("紺", 0),
    ("ブルー", 0),
    ("orange", 1),
    ("橙", 1),
    ("オレンジ", 1),
    ("green", 2),
    ("緑", 2),
    ("翠", 2),
    ("グリーン", 2),
    ("red", 3),
    ("vermilion", 3),
    ("scarlet", 3),
    ("crimson", 3),
    ("赤", 3),
    ("紅", 3),
    ("朱", 3),
    ("レッド", 3),
    ("sky", 4),
    ("light blue", 4),
    ("cyan", 4),
    ("水色", 4),
    ("空色", 4),
    ("スカイ", 4),
    ("purple", 5),
    ("violet", 5),
    ("magenta", 5),
    ("紫", 5),
    ("パープル", 5),
    ("yellow", 6),
    ("gold", 6),
    ("黄", 6),
    ("イエロー", 6),
    ("black", 7),
    ("黒", 7),
    ("ブラック", 7),
    ("pink", 8),
    ("rose", 8),
    ("ピンク", 8),
    ("桃", 8),
    ("grey", 9),
    ("gray", 9),
    ("silver", 9),
    ("灰", 9),
    ("銀", 9),
    ("グレー", 9),
    ("グレイ", 9),
    ("white", 10),
    ("白", 10),
    ("ホワイト", 10),
];

/// The colour (index into [`COLOURS`]) a name is named after, if any: the colour word that
/// comes first in it (the longer at the same place: "Sky Blue" is sky blue), case-insensitive.
/// An English word counts whole ("Reds" is red, "Redwood" is not); a Japanese one anywhere,
/// as Japanese does not space its words.
pub fn named_colour(name: &str) -> Option<usize> {
    // Lower case, every run of other characters one space, so that "Light-Blue" reads as
    // "light blue"; spaces around the whole for the word edges.
    let mut words = String::from(" ");
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_alphanumeric() {
            words.push(c);
        } else if !words.ends_with(' ') {
            words.push(' ');
        }
    }
    words.push(' ');
    // An ASCII name holds no Japanese colour word.
    let ascii = words.is_ascii();
    let mut best: Option<(usize, usize, usize)> = None;
    for &(word, k) in WORDS {
        let found = if word.is_ascii() {
            whole_word(&words, word)
        } else if ascii {
            None
        } else {
            words.find(word)
        };
        if let Some(at) = found {
            let better = best.is_none_or(|(b, len, _)| at < b || (at == b && word.len() > len));
            if better {
                best = Some((at, word.len(), k));
            }
        }
    }
    best.map(|(_, _, k)| k)
}

/// Where ASCII `word` stands whole in `words` (spaced and in lower case, as `named_colour`
/// writes them), or with an `s` after it: the place of the space before it. Each mail's
/// pictures name the teams' colours several times: this walks the words' starts, where a
/// search for " {word} " and " {word}s " wrote and searched two strings a colour word.
fn whole_word(words: &str, word: &str) -> Option<usize> {
    let bytes = words.as_bytes();
    (1..bytes.len()).find_map(|at| {
        // After a space, so `at` is a character's start.
        let rest = (bytes[at - 1] == b' ').then(|| words[at..].strip_prefix(word))??;
        (rest.starts_with(' ') || rest.starts_with("s ")).then_some(at - 1)
    })
}

/// Each seat's colour (index into [`COLOURS`]), from the seats' names. A seat named after a
/// colour wears it (two teams named after one colour both do; their letters tell them apart).
/// Every other seat gets the first palette colour that no team is named after and none wears
/// yet, keeping away from the families of the named colours (no sky blue beside a team called
/// Blue) while it can; a palette used up is used again, least-worn first.
pub fn team_colours(names: &[String]) -> Vec<usize> {
    let named: Vec<Option<usize>> = names.iter().map(|n| named_colour(n)).collect();
    let mut worn = [0usize; COLOURS.len()];
    for &k in named.iter().flatten() {
        worn[k] += 1;
    }
    let is_named = |k: usize| named.contains(&Some(k));
    let near_named = |k: usize| {
        named
            .iter()
            .flatten()
            .any(|&n| COLOURS[n].family == COLOURS[k].family)
    };
    let free: Vec<usize> = (0..COLOURS.len()).filter(|&k| !is_named(k)).collect();
    let choices = if free.is_empty() {
        (0..COLOURS.len()).collect()
    } else {
        free
    };
    named
        .iter()
        .map(|own| {
            own.unwrap_or_else(|| {
                let k = choices
                    .iter()
                    .copied()
                    .min_by_key(|&k| (worn[k], near_named(k), k))
                    .unwrap_or(0);
                worn[k] += 1;
                k
            })
        })
        .collect()
}

/// The hue (degrees, 0–360) of a `#RRGGBB` colour; `None` for a grey.
pub fn hue(hex: &str) -> Option<f64> {
    let channel = |k: usize| {
        hex.get(1 + 2 * k..3 + 2 * k)
            .and_then(|h| u8::from_str_radix(h, 16).ok())
            .map_or(0.0, f64::from)
    };
    let (r, g, b) = (channel(0), channel(1), channel(2));
    let (max, min) = (r.max(g).max(b), r.min(g).min(b));
    let d = max - min;
    if d < 1.0 {
        return None;
    }
    let h = if max == r {
        60.0 * ((g - b) / d)
    } else if max == g {
        60.0 * ((b - r) / d + 2.0)
    } else {
        60.0 * ((r - g) / d + 4.0)
    };
    Some(h.rem_euclid(360.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &[&str]) -> Vec<String> {
        list.iter().map(|s| s.to_string()).collect()
    }

    /// Issue 51: the hues a name's colour may have (degrees), `None` for black, grey and
    /// white; and how light it must be.
    fn expected(word: &str) -> (Option<(f64, f64)>, &'static str) {
        match word {
            "red" => (Some((0.0, 30.0)), "#D55E00"),
            "orange" => (Some((30.0, 50.0)), "#E69F00"),
            "yellow" => (Some((50.0, 70.0)), "#F0E442"),
            "green" => (Some((90.0, 170.0)), "#009E73"),
            "blue" | "sky blue" => (Some((190.0, 250.0)), ""),
            "purple" | "pink" => (Some((270.0, 345.0)), ""),
            _ => (None, ""),
        }
    }

    /// Issue 51: a team named after a colour is drawn in a colour of that hue, in English and
    /// in Japanese, whatever its seat and case.
    #[test]
    fn a_team_named_after_a_colour_wears_its_hue() {
        let cases = [
            ("Red", "red"),
            ("team RED", "red"),
            ("The Reds", "red"),
            ("赤", "red"),
            ("チーム赤", "red"),
            ("Blue", "blue"),
            ("青チーム", "blue"),
            ("ブルー", "blue"),
            ("Green", "green"),
            ("緑", "green"),
            ("yellow jerseys", "yellow"),
            ("黄色", "yellow"),
            ("Orange", "orange"),
            ("オレンジ", "orange"),
            ("Purple", "purple"),
            ("紫", "purple"),
            ("Pink", "pink"),
            ("ピンク", "pink"),
            ("Sky Blue", "sky blue"),
            ("light-blue", "sky blue"),
            ("スカイブルー", "sky blue"),
            ("水色", "sky blue"),
            ("Black", "black"),
            ("黒", "black"),
            ("White", "white"),
            ("白", "white"),
            ("Grey", "grey"),
        ];
        for (name, word) in cases {
            let k = named_colour(name).unwrap_or_else(|| panic!("{name} names no colour"));
            assert_eq!(COLOURS[k].name, word, "{name}");
            // Last of four seats, after three palette teams: the name decides, not the seat.
            let seats = names(&["Alpha", "Beta", "Gamma", name]);
            let drawn = COLOURS[team_colours(&seats)[3]];
            let (hues, exact) = expected(word);
            match hues {
                Some((low, high)) => {
                    for fill in [drawn.fill, drawn.fill_dark] {
                        let h = hue(fill).unwrap();
                        assert!(low <= h && h < high, "{name}: {fill} has hue {h:.0}");
                    }
                }
                None => assert!(hue(drawn.fill).is_none(), "{name}: {}", drawn.fill),
            }
            if !exact.is_empty() {
                assert_eq!(drawn.fill, exact, "{name}: Okabe–Ito's shade");
            }
        }
        assert_eq!(COLOURS[named_colour("Black").unwrap()].fill_dark, "#000000");
        assert_eq!(COLOURS[named_colour("White").unwrap()].fill_dark, "#FFFFFF");
        let (pink, purple) = (
            COLOURS[named_colour("Pink").unwrap()],
            COLOURS[named_colour("Purple").unwrap()],
        );
        assert!(
            crate::picture::contrast(pink.fill, "#FFFFFF")
                < crate::picture::contrast(purple.fill, "#FFFFFF"),
            "pink is the lighter"
        );
    }

    #[test]
    fn other_names_name_no_colour() {
        for name in [
            "Alpha",
            "Redwood",
            "Bluebell",
            "Whitehaven",
            "",
            "Les Rouges",
        ] {
            assert_eq!(named_colour(name), None, "{name}");
        }
        assert_eq!(
            COLOURS[named_colour("Blue and White").unwrap()].name,
            "blue"
        );
        assert_eq!(COLOURS[named_colour("白と青").unwrap()].name, "white");
    }

    /// Issue 51: the palette fills in only for names that are not colours, never with a colour
    /// another team is named after, nor with one a palette team already wears while others are
    /// left.
    #[test]
    fn the_palette_never_takes_a_named_colour() {
        let seats = names(&["Alpha", "Blue", "Beta", "Red", "Gamma", "Delta"]);
        let colours = team_colours(&seats);
        assert_eq!(COLOURS[colours[1]].name, "blue");
        assert_eq!(COLOURS[colours[3]].name, "red");
        let palette = [colours[0], colours[2], colours[4], colours[5]];
        for k in palette {
            assert!(!["blue", "red", "sky blue"].contains(&COLOURS[k].name));
        }
        let mut distinct = palette.to_vec();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), 4, "{palette:?}");
        // Sixteen teams, ten of them named: the named colours go to their teams only.
        let seats = names(&[
            "Red", "Orange", "Yellow", "Green", "Blue", "Sky", "Purple", "Pink", "Black", "White",
            "A", "B", "C", "D", "E", "F",
        ]);
        let colours = team_colours(&seats);
        for (seat, &k) in colours.iter().enumerate().skip(10) {
            assert_eq!(COLOURS[k].name, "grey", "seat {seat}");
        }
        // Every colour named: the others share, least-worn first.
        let mut all: Vec<String> = COLOURS.iter().map(|c| c.name.to_string()).collect();
        all.push("Zeta".into());
        assert_eq!(team_colours(&all).len(), 12);
    }

    #[test]
    fn hue_of_the_palette() {
        assert_eq!(hue("#000000"), None);
        assert!((hue("#FF0000").unwrap() - 0.0).abs() < 1e-9);
        assert!((hue("#0000FF").unwrap() - 240.0).abs() < 1e-9);
    }
}
