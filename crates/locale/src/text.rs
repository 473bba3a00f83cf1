//! Plain text for a monospace page (mail, the command line) in any script: widths counted in
//! columns (a kanji takes two), lists joined as the language joins them, and lines wrapped at
//! spaces or, in text without them, between characters, never before closing punctuation.

use unicode_width::UnicodeWidthStr;

use crate::Lang;

/// The columns `s` takes in a monospace font.
pub fn width(s: &str) -> usize {
    s.width()
}

/// `s` padded with spaces to `columns` (left-aligned); wider text is left as it is.
pub fn pad(s: &str, columns: usize) -> String {
    format!("{s}{}", " ".repeat(columns.saturating_sub(width(s))))
}

/// `s` padded on the left to `columns` (right-aligned).
pub fn pad_left(s: &str, columns: usize) -> String {
    format!("{}{s}", " ".repeat(columns.saturating_sub(width(s))))
}

impl Lang {
    /// `a`, `a and b`, `a, b and c`; in Japanese `aとb`, `a、b、c`.
    pub fn and_list<S: AsRef<str>>(self, items: &[S]) -> String {
        match items {
            [] => String::new(),
            [one] => one.as_ref().to_string(),
            [a, b] => crate::tr!(self, "list-two", a = a.as_ref(), b = b.as_ref()),
            [init @ .., last] => {
                let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
                let init = init.join(&self.t("list-separator"));
                crate::tr!(self, "list-many", init = init, last = last.as_ref())
            }
        }
    }
}

/// Marks a line must not start with (Japanese line-breaking rules, kinsoku).
const NO_LINE_START: &str = "。、，．・：；？！」』）〕］｝〉》ー々ゃゅょっャュョッ,.)!?:;";

/// `text` broken into lines of at most `columns` columns, each ending in a newline: at spaces;
/// a word wider than a line is broken between characters if it holds wide (CJK) text, and
/// otherwise stands alone on its line.
pub fn wrap(text: &str, columns: usize) -> String {
    let mut out = String::new();
    let mut line = 0;
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let w = width(word);
        if line > 0 && line + 1 + w > columns {
            out.push('\n');
            line = 0;
        }
        if line > 0 {
            out.push(' ');
            line += 1;
        }
        if line + w <= columns || word.chars().count() == w {
            out.push_str(word);
            line += w;
            continue;
        }
        for c in word.chars() {
            let cw = width(c.encode_utf8(&mut [0; 4]));
            if line + cw > columns && line > 0 && !NO_LINE_START.contains(c) {
                out.push('\n');
                line = 0;
            }
            out.push(c);
            line += cw;
        }
    }
    out.push('\n');
    out
}
