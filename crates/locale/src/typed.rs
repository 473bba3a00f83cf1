//! Text a player typed, read the way the order parsers expect: a Japanese keyboard gives
//! full-width letters and digits (`Ｃ１ ５`), `ー` or `−` for a minus, ideographic spaces and
//! punctuation (`、`); a phone may give non-breaking spaces. NFKC folds most of these; a few
//! Japanese marks are mapped by hand. The text keeps, for each byte, where the player typed it,
//! so that an error can point into what they wrote.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::canonical_combining_class;

/// The normalised text and, for each of its bytes, the offset of the typed character it came
/// from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Typed {
    text: String,
    from: Vec<usize>,
}

impl Typed {
    pub fn new(typed: &str) -> Typed {
        let mut text = String::with_capacity(typed.len());
        let mut from = Vec::with_capacity(typed.len() + 1);
        let mut previous: Option<char> = None;
        for (start, chunk) in chunks(typed) {
            let folded = fold(chunk, previous);
            previous = chunk.chars().last();
            from.extend(std::iter::repeat_n(start, folded.len()));
            text.push_str(&folded);
        }
        from.push(typed.len());
        Typed { text, from }
    }

    pub fn as_str(&self) -> &str {
        &self.text
    }

    /// What was typed for bytes `start..end` of the normalised text.
    pub fn typed<'a>(&self, typed: &'a str, start: usize, end: usize) -> &'a str {
        &typed[self.typed_offset(start)..self.typed_offset(end)]
    }

    /// An error about the normalised text, with each word it quotes (`"X1" is not a rider`,
    /// or in Japanese `「X1」は選手…`) written back as the player typed it (`"Ｘ１" is not a
    /// rider`). `typed` is the text this was made from.
    pub fn in_typed_words(&self, typed: &str, message: &str) -> String {
        if typed == self.text {
            return message.to_owned();
        }
        let mut out = String::with_capacity(message.len());
        let mut rest = message;
        while let Some((open, mark)) = rest.char_indices().find(|(_, c)| matches!(c, '"' | '「')) {
            let close = if mark == '"' { '"' } else { '」' };
            out.push_str(&rest[..open + mark.len_utf8()]);
            rest = &rest[open + mark.len_utf8()..];
            let Some(end) = rest.find(close) else { break };
            let quoted = &rest[..end];
            match self.text.find(quoted).filter(|_| !quoted.is_empty()) {
                Some(at) => out.push_str(self.typed(typed, at, at + quoted.len())),
                None => out.push_str(quoted),
            }
            out.push(close);
            rest = &rest[end + close.len_utf8()..];
        }
        out.push_str(rest);
        out
    }

    /// Where byte `at` of the normalised text was typed (a byte offset into the original).
    pub fn typed_offset(&self, at: usize) -> usize {
        self.from[at.min(self.from.len() - 1)]
    }
}

/// The typed text cut before each character that does not attach to the one before it
/// (combining marks and half-width voicing marks stay with their base: `ｶﾞ` is one `ガ`).
fn chunks(typed: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut starts: Vec<usize> = typed
        .char_indices()
        .filter(|&(_, c)| !attaches(c))
        .map(|(i, _)| i)
        .collect();
    if starts.first() != Some(&0) && !typed.is_empty() {
        starts.insert(0, 0);
    }
    let ends: Vec<usize> = starts
        .iter()
        .skip(1)
        .copied()
        .chain([typed.len()])
        .collect();
    starts
        .into_iter()
        .zip(ends)
        .map(move |(s, e)| (s, &typed[s..e]))
}

fn attaches(c: char) -> bool {
    matches!(c, '\u{FF9E}' | '\u{FF9F}' | '\u{3099}' | '\u{309A}')
        || canonical_combining_class(c) != 0
}

/// One typed character (with its marks) as the parsers read it.
fn fold(chunk: &str, previous: Option<char>) -> String {
    let mut chars = chunk.chars();
    if let (Some(c), None) = (chars.next(), chars.next()) {
        match c {
            // A long-vowel mark after kana is part of a word (`ルーラー`); elsewhere it is
            // the minus a Japanese keyboard gives.
            'ー' | 'ｰ' if previous.is_some_and(is_kana) => {
                return c.to_string().nfkc().collect();
            }
            'ー' | 'ｰ' | '−' | '‐' | '‑' | '‒' | '–' => return "-".into(),
            '、' | '､' => return ",".into(),
            '。' | '｡' => return ".".into(),
            '\u{200B}' | '\u{FEFF}' => return String::new(),
            _ => {}
        }
    }
    chunk.nfkc().collect()
}

fn is_kana(c: char) -> bool {
    matches!(c, '\u{3041}'..='\u{30FF}' | '\u{FF66}'..='\u{FF9F}')
}
