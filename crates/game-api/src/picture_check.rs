//! A picture read back as a person with a phone sees it, for the games' tests (feature
//! `picture-check`): every text's size when the picture is 390 px wide, whether it lies inside
//! the frame or is cut by it, the legend's teams and the reader's marked pieces.

use crate::picture::{COLOURS, PHONE_TEXT, PHONE_WIDTH, hue, named_colour};

/// One `<text>`: what it says, its size and the box it takes (estimated from DejaVu Sans's
/// average advance, a little generous).
#[derive(Clone, Debug)]
pub struct Text {
    pub content: String,
    pub size: f64,
    pub x0: f64,
    pub x1: f64,
    pub y0: f64,
    pub y1: f64,
}

/// One legend entry: the seat, its colour class index and fill, its letter and the entry's text.
#[derive(Clone, Debug)]
pub struct Key {
    pub seat: usize,
    pub colour: usize,
    /// The chip's `fill` (its light colour).
    pub fill: String,
    pub letter: String,
    pub text: Text,
}

/// A picture as read.
#[derive(Clone, Debug)]
pub struct Reading {
    /// The `viewBox`.
    pub frame: [f64; 4],
    pub texts: Vec<Text>,
    pub keys: Vec<Key>,
    /// How many elements carry the reader's mark (`pr-mine`).
    pub mine: usize,
    /// How many from→to arrows (`pr-move`).
    pub moves: usize,
    /// The background's box.
    pub background: Option<[f64; 4]>,
}

fn attr_up(node: roxmltree::Node<'_, '_>, name: &str) -> Option<String> {
    node.ancestors()
        .find_map(|n| n.attribute(name))
        .map(str::to_string)
}

fn number(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    node.attribute(name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

fn has_class(node: roxmltree::Node<'_, '_>, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|k| k == class))
}

fn text_of(node: roxmltree::Node<'_, '_>) -> Text {
    let size: f64 = attr_up(node, "font-size")
        .and_then(|s| s.parse().ok())
        .unwrap_or(16.0);
    let bold = attr_up(node, "font-weight").is_some_and(|w| w == "bold");
    let content: String = node
        .descendants()
        .filter(|n| n.is_text())
        .filter_map(|n| n.text())
        .collect();
    let width = content.chars().count() as f64 * size * if bold { 0.68 } else { 0.62 };
    let (x, y) = (number(node, "x"), number(node, "y"));
    let x0 = match attr_up(node, "text-anchor").as_deref() {
        Some("middle") => x - width / 2.0,
        Some("end") => x - width,
        _ => x,
    };
    Text {
        content,
        size,
        x0,
        x1: x0 + width,
        y0: y - 0.8 * size,
        y1: y + 0.25 * size,
    }
}

/// Reads `svg`; the error says what is wrong with it.
pub fn read(svg: &str) -> Result<Reading, String> {
    let doc = roxmltree::Document::parse(svg).map_err(|e| e.to_string())?;
    let root = doc.root_element();
    let frame: Vec<f64> = root
        .attribute("viewBox")
        .ok_or("no viewBox")?
        .split_whitespace()
        .filter_map(|v| v.parse().ok())
        .collect();
    let frame: [f64; 4] = frame.try_into().map_err(|_| "a viewBox of four numbers")?;
    let texts = doc
        .descendants()
        .filter(|n| n.has_tag_name("text"))
        .map(text_of)
        .collect();
    let keys = doc
        .descendants()
        .filter(|n| n.has_tag_name("g") && has_class(*n, "pr-key"))
        .map(|g| {
            let seat = g
                .attribute("data-seat")
                .and_then(|s| s.parse().ok())
                .unwrap_or(usize::MAX);
            let colour = g
                .descendants()
                .filter_map(|n| n.attribute("class"))
                .flat_map(str::split_whitespace)
                .find_map(|c| c.strip_prefix("pr-t")?.parse().ok())
                .unwrap_or(usize::MAX);
            let fill = g
                .descendants()
                .find(|n| n.has_tag_name("rect"))
                .and_then(|r| r.attribute("fill"))
                .unwrap_or_default()
                .to_string();
            let texts: Vec<Text> = g
                .descendants()
                .filter(|n| n.has_tag_name("text"))
                .map(text_of)
                .collect();
            let letter = texts.first().map(|t| t.content.clone()).unwrap_or_default();
            let text = texts.last().cloned().unwrap_or(Text {
                content: String::new(),
                size: 0.0,
                x0: 0.0,
                x1: 0.0,
                y0: 0.0,
                y1: 0.0,
            });
            Key {
                seat,
                colour,
                fill,
                letter,
                text,
            }
        })
        .collect();
    let mine = doc
        .descendants()
        .filter(|n| has_class(*n, "pr-mine"))
        .count();
    let moves = doc
        .descendants()
        .filter(|n| has_class(*n, "pr-move"))
        .count();
    let background = doc
        .descendants()
        .find(|n| n.has_tag_name("rect") && has_class(*n, "pr-bg"))
        .map(|r| {
            [
                number(r, "x"),
                number(r, "y"),
                number(r, "width"),
                number(r, "height"),
            ]
        });
    Ok(Reading {
        frame,
        texts,
        keys,
        mine,
        moves,
        background,
    })
}

impl Reading {
    /// The size of `text` on a phone, the picture drawn [`PHONE_WIDTH`] px wide.
    pub fn phone_size(&self, text: &Text) -> f64 {
        text.size * PHONE_WIDTH / self.frame[2]
    }

    /// Whether `text` lies wholly inside the frame.
    pub fn inside(&self, text: &Text) -> bool {
        let [x, y, w, h] = self.frame;
        text.x0 >= x && text.x1 <= x + w && text.y0 >= y && text.y1 <= y + h
    }

    /// Whether `text` lies wholly outside the frame.
    pub fn outside(&self, text: &Text) -> bool {
        let [x, y, w, h] = self.frame;
        text.x1 <= x || text.x0 >= x + w || text.y1 <= y || text.y0 >= y + h
    }

    /// What a reader with a phone would meet: text too small to read, text cut by the frame,
    /// a background that does not fill the frame. Empty when the picture reads well.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        for t in &self.texts {
            if self.outside(t) {
                continue;
            }
            if !self.inside(t) {
                problems.push(format!("{:?} is cut by the frame", t.content));
            }
            let size = self.phone_size(t);
            if size < PHONE_TEXT - 1e-9 {
                problems.push(format!("{:?} is {size:.1} px on a phone", t.content));
            }
        }
        let [x, y, w, h] = self.frame;
        match self.background {
            Some([bx, by, bw, bh])
                if bx <= x && by <= y && bx + bw >= x + w && by + bh >= y + h => {}
            other => problems.push(format!("the background {other:?} does not fill the frame")),
        }
        problems
    }

    /// The legend's entry for `seat`, if it is drawn inside the frame: the last drawn, which
    /// is what is seen (a seat layer draws the reader's own over the plain one).
    pub fn key_inside(&self, seat: usize) -> Option<&Key> {
        self.keys
            .iter()
            .rev()
            .find(|k| k.seat == seat && self.inside(&k.text))
    }
}

/// Issue 51: what is wrong with the teams' colours as drawn (`fills[seat]`, `#RRGGBB`) for
/// their `names`: a team named after a colour not drawn in a colour of its hue (black, grey
/// and white: in no hue, and dark, middling and light), a team with another name drawn in a
/// colour some team is named after. Empty when every colour matches its name.
pub fn colour_problems(names: &[String], fills: &[String]) -> Vec<String> {
    let named: Vec<Option<&str>> = names
        .iter()
        .map(|n| named_colour(n).map(|k| COLOURS[k].name))
        .collect();
    let mut problems = Vec::new();
    for (seat, (name, fill)) in names.iter().zip(fills).enumerate() {
        let fill = fill.to_ascii_uppercase();
        let grey = |c: &str| u8::from_str_radix(c.get(1..3).unwrap_or("00"), 16).unwrap_or(0);
        let fits = match named[seat] {
            Some(word) => match (word, hue(&fill)) {
                ("red", Some(h)) => !(30.0..345.0).contains(&h),
                ("orange", Some(h)) => (30.0..50.0).contains(&h),
                ("yellow", Some(h)) => (50.0..70.0).contains(&h),
                ("green", Some(h)) => (90.0..170.0).contains(&h),
                ("blue" | "sky blue", Some(h)) => (190.0..250.0).contains(&h),
                ("purple" | "pink", Some(h)) => (270.0..345.0).contains(&h),
                ("black", None) => grey(&fill) < 0x40,
                ("grey", None) => (0x40..0xC0).contains(&grey(&fill)),
                ("white", None) => grey(&fill) >= 0xC0,
                _ => false,
            },
            None => !names
                .iter()
                .zip(fills)
                .zip(&named)
                .any(|((_, f), n)| n.is_some() && f.eq_ignore_ascii_case(&fill)),
        };
        if !fits {
            problems.push(match named[seat] {
                Some(word) => format!("{name} (named {word}) is drawn {fill}"),
                None => format!("{name} is drawn {fill}, the colour of a team named after it"),
            });
        }
    }
    problems
}
