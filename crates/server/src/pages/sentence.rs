//! A localized sentence with HTML in it (a name in bold, a link, a code sample): the message
//! holds a stand-in where each goes, each language placing it where its sentence wants it, and
//! `templates/sentence.html` writes the pieces, every one escaped.

use crate::text::filters;

/// Stand-ins in a message's text for what the page puts there (`start = LINK`).
pub const LINK: &str = "\u{1}";
pub const MARK: &str = "\u{2}";
pub const MARK2: &str = "\u{3}";

/// One piece of a sentence, as text: the template writes the HTML around it.
#[derive(Debug, Clone)]
pub enum Piece {
    Text(String),
    /// A name in bold.
    Strong(String),
    /// Something to type, set as code.
    Code(String),
    Link {
        href: String,
        text: String,
    },
}

impl Piece {
    /// A name in bold.
    pub fn strong(name: &str) -> Self {
        Piece::Strong(name.to_string())
    }

    /// A link to `href` around `text`.
    pub fn link(href: impl Into<String>, text: impl Into<String>) -> Self {
        Piece::Link {
            href: href.into(),
            text: text.into(),
        }
    }
}

/// A sentence as HTML: its pieces in order (its `Display` is the HTML, for `{{ s|safe }}`).
#[derive(Debug, Clone, Default, askama::Template)]
#[template(path = "sentence.html")]
pub struct Sentence {
    pieces: Vec<Piece>,
}

impl Sentence {
    /// `text` (a message) with each stand-in of `insets` replaced by its piece.
    pub fn new(text: &str, insets: &[(&str, Piece)]) -> Self {
        let marks: Vec<&str> = insets.iter().map(|(mark, _)| *mark).collect();
        let mut sentence = Sentence::default();
        for (text, mark) in cut(text, &marks) {
            sentence.text(&text);
            if let Some((_, piece)) = mark.checked_sub(1).and_then(|at| insets.get(at)) {
                sentence.pieces.push(piece.clone());
            }
        }
        sentence
    }

    /// Text alone, escaped.
    pub fn plain(text: &str) -> Self {
        let mut sentence = Sentence::default();
        sentence.text(text);
        sentence
    }

    /// Adds text, to the text before it if any.
    pub fn text(&mut self, text: &str) {
        match self.pieces.last_mut() {
            Some(Piece::Text(before)) => before.push_str(text),
            _ if text.is_empty() => {}
            _ => self.pieces.push(Piece::Text(text.to_string())),
        }
    }

    /// Adds a piece.
    pub fn push(&mut self, piece: Piece) {
        self.pieces.push(piece);
    }
}

/// A message cut where `mark` stands (first), for a template to put its HTML between (more
/// than a [`Piece`]: a list of links, a link with an `id`).
pub fn around(text: &str, mark: &str) -> (String, String) {
    match text.split_once(mark) {
        Some((before, after)) => (before.to_string(), after.to_string()),
        None => (text.to_string(), String::new()),
    }
}

/// A message cut at its stand-ins: each piece of text with the stand-in that follows it (0:
/// none; else its place in `marks`, from 1).
fn cut(text: &str, marks: &[&str]) -> Vec<(String, usize)> {
    let mut pieces = Vec::new();
    let mut piece = String::new();
    for c in text.chars() {
        match marks.iter().position(|m| m.starts_with(c)) {
            Some(at) => pieces.push((std::mem::take(&mut piece), at + 1)),
            None => piece.push(c),
        }
    }
    pieces.push((piece, 0));
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_is_escaped_around_its_pieces() {
        let text = format!("Reset <{MARK}>'s password & {LINK}, {MARK} again");
        let sentence = Sentence::new(
            &text,
            &[
                (MARK, Piece::strong("A&B")),
                (LINK, Piece::link("/a?b=1&c=\"2\"", "<here>")),
            ],
        );
        assert_eq!(
            sentence.to_string(),
            "Reset &lt;<strong>A&amp;B</strong>&gt;&#39;s password &amp; \
             <a href=\"/a?b=1&amp;c=&quot;2&quot;\">&lt;here&gt;</a>, \
             <strong>A&amp;B</strong> again"
        );
        assert_eq!(Sentence::plain("").to_string(), "");
        let mut code = Sentence::plain("type ");
        code.push(Piece::Code("<b>".into()));
        assert_eq!(code.to_string(), "type <code>&lt;b&gt;</code>");
    }
}
