//! A turn's report as a typed view for the page: a bulletin (a headline, a few sentences and
//! what happened to the reader's own pieces), tables of what happened, the reader's own rows
//! marked, the standings, and a winner's banner and podium once the game is over. Each game
//! builds one from the same resolution its plain-text report (for mail) is made from, and both
//! carry the same bulletin ([`bulletin_text`] is its text form); the HTML comes from one
//! compile-checked template (`templates/report.html`), escaped throughout.
//!
//! The HTML uses these classes besides the shared ones (`.mine`, `.table-scroll`, `.muted`):
//! `.bulletin` (the headline `.headline`, the sentences `.story`, the reader's own `.yours`),
//! `.nowrap` (a rider's or walker's name: never broken across lines), `.hand` and `.chip` (a
//! hand of cards, one chip per card), `.key` (the notes that explain a table's marks),
//! `.banner` and `.podium`.

use askama::Template;

/// A piece of a cell or a note.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Span {
    Text(String),
    /// A rider's or walker's name, never broken across lines.
    Name(String),
    /// A hand of cards, lowest first, drawn as chips.
    Cards(Vec<String>),
    /// A rule's number, linked to where the rule is explained (`/help/breaking-away#rule-8-2-5`).
    Rule {
        text: String,
        href: String,
    },
}

/// The words of a cell or a note: text, names, cards and rule numbers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Phrase(pub Vec<Span>);

impl Phrase {
    pub fn text(text: impl Into<String>) -> Phrase {
        Phrase(vec![Span::Text(text.into())])
    }

    pub fn name(name: impl Into<String>) -> Phrase {
        Phrase(vec![Span::Name(name.into())])
    }

    pub fn cards<T: ToString>(cards: &[T]) -> Phrase {
        Phrase(vec![Span::Cards(cards.iter().map(T::to_string).collect())])
    }

    /// `self` followed by `span`.
    pub fn then(mut self, span: Span) -> Phrase {
        self.0.push(span);
        self
    }

    /// The words as plain text (cards separated by spaces), as the text report writes them.
    pub fn plain(&self) -> String {
        self.0
            .iter()
            .map(|s| match s {
                Span::Text(t) | Span::Name(t) | Span::Rule { text: t, .. } => t.clone(),
                Span::Cards(cards) => cards.join(" "),
            })
            .collect()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|s| match s {
            Span::Text(t) | Span::Name(t) | Span::Rule { text: t, .. } => t.is_empty(),
            Span::Cards(cards) => cards.is_empty(),
        })
    }
}

impl From<String> for Phrase {
    fn from(text: String) -> Phrase {
        Phrase::text(text)
    }
}

impl From<&str> for Phrase {
    fn from(text: &str) -> Phrase {
        Phrase::text(text)
    }
}

/// One row of a table; `own` marks the reader's own riders or walker.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub cells: Vec<Phrase>,
    pub own: bool,
}

/// A titled table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Section {
    pub heading: String,
    pub head: Vec<String>,
    pub rows: Vec<Row>,
    /// Lines under the table (a Rucksack changing hands).
    pub notes: Vec<Phrase>,
    /// What the table's marks mean (`together: … (postal 8.2.5)`), once rather than on each row.
    pub key: Vec<Phrase>,
}

/// A place on the podium.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Podium {
    pub place: usize,
    pub name: String,
    pub detail: String,
    pub own: bool,
}

/// The end of the game: who won, the first three, and the reader's own place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Over {
    pub banner: String,
    pub podium: Vec<Podium>,
    /// The reader's place as the standings show it; `None` for a reader without a seat, or
    /// whose row shows no place (a Backpacks walker not back has lost the day, 5.2).
    pub yours: Option<OwnPlace>,
}

/// A seat's place at the end, and whether another seat shares it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnPlace {
    pub place: usize,
    pub shared: bool,
}

impl OwnPlace {
    /// The place of `viewer`'s seat among `places` (each seat's, 1 the best, equal places
    /// shared); `None` for a viewer without a seat.
    pub fn of<P: Copy + Into<usize>>(places: &[P], viewer: crate::Viewer) -> Option<OwnPlace> {
        let crate::Viewer::Seat(seat) = viewer else {
            return None;
        };
        let place = (*places.get(seat.index())?).into();
        let shared = places.iter().filter(|&&p| p.into() == place).count() > 1;
        Some(OwnPlace { place, shared })
    }
}

/// A turn's report, as one viewer may read it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Template)]
#[template(path = "report.html")]
pub struct ReportView {
    /// `Turn 8`, `Round 3 (10:40 and 11:00)`.
    pub title: String,
    /// What the turn comes to in a line (`red-C breaks away by 4`): the same for every viewer.
    pub headline: String,
    /// Two to four sentences of the turn's own events (line winners, breakaways, seats that
    /// sent nothing, the leader's margin, a finish): the same for every viewer.
    pub story: Vec<String>,
    /// What happened to the reader's own riders or walker, in a sentence (a seat's report only).
    pub yours: Option<String>,
    /// Lines before the tables (the first team drawn, the seats that sent nothing).
    pub notes: Vec<Phrase>,
    pub sections: Vec<Section>,
    pub standings: Section,
    pub over: Option<Over>,
    /// SHA-256 of the turn's public report, as the game's record keeps it (`gm::draws`):
    /// what ties a report a player received to the record `postrider verify` checks.
    pub digest: Option<String>,
    /// The words before the digest at the report's foot (`report digest`), in the reader's
    /// language.
    pub digest_label: String,
}

impl ReportView {
    /// The story's sentences run on as the text report runs them (no space after `。`).
    pub fn story_text(&self) -> String {
        sentences(&self.story)
    }

    /// The digest's first twelve hex digits, for the report's foot (the whole in its title).
    pub fn digest_short(&self) -> &str {
        self.digest.as_deref().map_or("", |d| &d[..d.len().min(12)])
    }

    /// The report as HTML (a fragment: a `<section>`).
    pub fn html(&self) -> String {
        self.render()
            .unwrap_or_else(|e| format!("<p>the report could not be drawn: {e}</p>"))
    }
}

/// The width the text reports wrap their sentences at.
pub const TEXT_WIDTH: usize = 72;

/// The bulletin as the text report writes it: the headline, the sentences as one paragraph
/// and the reader's own sentence as another, wrapped at [`TEXT_WIDTH`], ending in a blank line.
pub fn bulletin_text(headline: &str, story: &[String], yours: Option<&str>) -> String {
    let mut out = format!("{headline}\n{}\n\n", "-".repeat(locale::width(headline)));
    if !story.is_empty() {
        out.push_str(&wrap(&sentences(story), TEXT_WIDTH));
        out.push('\n');
    }
    if let Some(yours) = yours {
        out.push_str(&wrap(yours, TEXT_WIDTH));
        out.push('\n');
    }
    out
}

/// Sentences run on: after a space in English, straight on after Japanese `。`.
fn sentences(story: &[String]) -> String {
    let mut out = String::new();
    for s in story {
        if !out.is_empty() && !out.ends_with('。') {
            out.push(' ');
        }
        out.push_str(s);
    }
    out
}

/// `text` broken into lines of at most `width` columns ([`locale::wrap`]: at spaces, and
/// between the characters of Japanese text), each line ending in a newline.
pub fn wrap(text: &str, width: usize) -> String {
    locale::wrap(text, width)
}

/// `a`, `a and b`, `a, b and c` ([`locale::Lang::and_list`] in English).
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    locale::Lang::EN.and_list(items)
}

/// `1st`, `2nd`, `3rd`, `11th` ([`locale::Lang::place`] in English).
pub fn ordinal(n: usize) -> String {
    locale::Lang::EN.place(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrap_breaks_at_spaces_and_counts_characters_not_bytes() {
        assert_eq!(wrap("aa bb cc", 5), "aa bb\ncc\n");
        // `½` and `→` are two and three bytes: counted as one character each.
        assert_eq!(wrap("4½ → 52 x", 9), "4½ → 52 x\n");
        assert_eq!(wrap("a-very-long-word b", 4), "a-very-long-word\nb\n");
    }

    #[test]
    fn a_seat_s_own_place_is_shared_when_another_has_it() {
        let places: [u8; 5] = [1, 2, 3, 4, 4];
        let seat = |s| crate::Viewer::Seat(crate::Seat(s));
        let own = |place, shared| Some(OwnPlace { place, shared });
        assert_eq!(OwnPlace::of(&places, seat(0)), own(1, false));
        assert_eq!(OwnPlace::of(&places, seat(4)), own(4, true));
        assert_eq!(OwnPlace::of(&places, crate::Viewer::Public), None);
        assert_eq!(OwnPlace::of(&places, seat(5)), None);
    }

    #[test]
    fn and_list_joins_the_last_with_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b", "c"]), "a, b and c");
    }

    #[test]
    fn names_never_wrap_hands_are_chips_and_rules_are_links_in_the_html() {
        let view = ReportView {
            title: "Turn 2".into(),
            headline: "red-A breaks away".into(),
            story: vec!["One.".into(), "Two.".into()],
            yours: Some("Your riders: red-A played 9.".into()),
            sections: vec![Section {
                heading: "Moves".into(),
                head: vec!["Rider".into(), "Hand".into()],
                rows: vec![Row {
                    cells: vec![Phrase::name("red-A"), Phrase::cards(&[3, 10, 10])],
                    own: true,
                }],
                key: vec![Phrase::text("together: see ").then(Span::Rule {
                    text: "postal 8.2.5".into(),
                    href: "/help/breaking-away#rule-8-2-5".into(),
                })],
                ..Section::default()
            }],
            ..ReportView::default()
        };
        let html = view.html();
        for part in [
            r#"<p class="headline"><strong>red-A breaks away</strong></p>"#,
            r#"<p class="story">One. Two.</p>"#,
            r#"<p class="yours">Your riders: red-A played 9.</p>"#,
            r#"<tr class="mine"><td><span class="nowrap">red-A</span></td>"#,
            r#"<span class="hand"><span class="chip">3</span> <span class="chip">10</span> <span class="chip">10</span></span>"#,
            r#"<p class="report-note key">together: see <a href="/help/breaking-away#rule-8-2-5">postal 8.2.5</a></p>"#,
        ] {
            assert!(html.contains(part), "{part} missing from:\n{html}");
        }
    }
}
