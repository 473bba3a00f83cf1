//! Plain text for a monospace page (mail, the command line) in any script: widths counted in
//! columns (a kanji takes two), lists joined as the language joins them, and lines wrapped at
//! spaces or, in text without them, between characters, never before closing punctuation.

use unicode_width::UnicodeWidthStr;

use crate::Lang;

/// The columns `s` takes in a monospace font.
pub fn width(s: &str) -> usize {
    // Printable ASCII, most of what is measured, takes a column a byte.
    if s.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        s.len()
    } else {
        s.width()
    }
}

/// `s` padded with spaces to `columns` (left-aligned); wider text is left as it is.
pub fn pad(s: &str, columns: usize) -> String {
    let spaces = columns.saturating_sub(width(s));
    let mut out = String::with_capacity(s.len() + spaces);
    out.push_str(s);
    out.extend(std::iter::repeat_n(' ', spaces));
    out
}

/// `s` padded on the left to `columns` (right-aligned).
pub fn pad_left(s: &str, columns: usize) -> String {
    format!("{}{s}", " ".repeat(columns.saturating_sub(width(s))))
}

impl Lang {
    /// Clauses listed: `a and b`, `a, b and c` in English; `a、b` in Japanese, where `と`
    /// would join the clauses' own nouns.
    pub fn clause_list<S: AsRef<str>>(self, items: &[S]) -> String {
        self.list(items, "clause-list")
    }

    /// `a`, `a and b`, `a, b and c`; in Japanese `aとb`, `a、b、c`.
    pub fn and_list<S: AsRef<str>>(self, items: &[S]) -> String {
        match items {
            [a, b] => crate::tr!(self, "list-two", a = a.as_ref(), b = b.as_ref()),
            _ => self.list(items, "list-many"),
        }
    }

    /// Items side by side, with no `and`: `a, b, c` in English, `a、b、c` in Japanese (a list
    /// of names to choose from, a hand of cards).
    pub fn separated<S: AsRef<str>>(self, items: &[S]) -> String {
        let items: Vec<&str> = items.iter().map(AsRef::as_ref).collect();
        items.join(&self.t("list-separator"))
    }

    /// `items` joined by the language's separator, the last by the message `last`.
    fn list<S: AsRef<str>>(self, items: &[S], last: &str) -> String {
        match items {
            [] => String::new(),
            [one] => one.as_ref().to_string(),
            [init @ .., end] => {
                let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
                let mut args = crate::Args::new();
                args.set("init", init.join(&self.t("list-separator")));
                args.set("last", end.as_ref().to_string());
                self.t_with(last, &args)
            }
        }
    }
}

/// Marks a line must not start with (Japanese line-breaking rules, kinsoku).
const NO_LINE_START: &str = "。、，．・：；？！」』）〕］｝〉》ー々ゃゅょっャュョッ,.)!?:;";

/// `text` broken into lines of at most `columns` columns, each ending in a newline: at spaces,
/// and in Japanese text also between characters (never before closing punctuation, never
/// inside a run of Latin letters and digits such as `red-A`); a Latin word wider than a line
/// stands alone on its line.
pub fn wrap(text: &str, columns: usize) -> String {
    if text.bytes().all(|b| (b' '..=b'~').contains(&b)) {
        wrap_ascii(text, columns)
    } else {
        wrap_units(text, columns)
    }
}

/// [`wrap`] of any text, a word cut into the units a line may break between.
fn wrap_units(text: &str, columns: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    // One buffer for every word's units: a report wraps hundreds of words at each deadline.
    let mut units = Vec::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        cut(word, &mut units);
        let first = units.first().map_or(0, |u| width(u));
        let whole = width(word);
        let flows = units.len() > 1;
        // A word of Japanese text flows on from where the line is; a Latin word moves whole.
        let fits = if flows {
            line + 1 + first <= columns
        } else {
            line + 1 + whole <= columns
        };
        if line > 0 && !fits {
            out.push('\n');
            line = 0;
        }
        if line > 0 {
            out.push(' ');
            line += 1;
        }
        for &unit in &units {
            let w = width(unit);
            let starts_badly = unit
                .chars()
                .next()
                .is_some_and(|c| NO_LINE_START.contains(c));
            if line > 0 && line + w > columns && !starts_badly {
                out.push('\n');
                line = 0;
            }
            out.push_str(unit);
            line += w;
        }
    }
    out.push('\n');
    out
}

/// [`wrap`] of printable ASCII, where every word is one unit a column a byte: the plain
/// greedy break at spaces (a report's English bulletin, at every deadline).
fn wrap_ascii(text: &str, columns: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / columns.max(1) + 1);
    let mut line = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        if line > 0 && line + 1 + word.len() > columns {
            out.push('\n');
            line = 0;
        }
        if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(word);
        line += word.len();
    }
    out.push('\n');
    out
}

/// `word` cut into `units` where a line may break: each wide character alone, each run of
/// narrow ones whole.
fn cut<'a>(word: &'a str, units: &mut Vec<&'a str>) {
    units.clear();
    let mut start = 0;
    let mut narrow_run = false;
    for (i, c) in word.char_indices() {
        let wide = !c.is_ascii() && width(c.encode_utf8(&mut [0; 4])) > 1;
        if i > start && (wide || !narrow_run) {
            units.push(&word[start..i]);
            start = i;
        }
        narrow_run = !wide;
    }
    if start < word.len() {
        units.push(&word[start..]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII path breaks where the general one does, over every width: words of every
    /// length, runs of spaces, punctuation that may not start a line.
    #[test]
    fn ascii_text_wraps_as_any_text_does() {
        let texts = [
            "At the front, Red-A, Blue-A, Green-A and Black-A ride level, 111 squares from the \
             finish. Teams Red, Blue, Green and Black sent no moves.",
            "a  bb   ccc dddd eeeee ffffff ggggggg hhhhhhhh iiiiiiiii jjjjjjjjjj , . ) ! ? : ;",
            " leading and trailing  ",
            "",
            "x",
            "a-very-long-word-wider-than-any-line b c",
        ];
        for text in texts {
            for columns in 0..=80 {
                assert_eq!(
                    wrap_ascii(text, columns),
                    wrap_units(text, columns),
                    "{text:?} at {columns}"
                );
            }
        }
    }
}
