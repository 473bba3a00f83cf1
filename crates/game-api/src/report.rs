//! A turn's report as a typed view for the page: tables of what happened, the reader's own
//! rows marked, the standings, and a winner's banner and podium once the game is over. Each game
//! builds one from the same resolution its plain-text report (for mail) is made from; the HTML
//! comes from one compile-checked template (`templates/report.html`), escaped throughout.

use askama::Template;

/// One row of a table; `own` marks the reader's own riders or walker.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    pub cells: Vec<String>,
    pub own: bool,
}

/// A titled table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Section {
    pub heading: String,
    pub head: Vec<String>,
    pub rows: Vec<Row>,
    /// Lines under the table (a Rucksack changing hands, a rule's note).
    pub notes: Vec<String>,
}

/// A place on the podium.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Podium {
    pub place: usize,
    pub name: String,
    pub detail: String,
    pub own: bool,
}

/// The end of the game: who won, and the first three.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Over {
    pub banner: String,
    pub podium: Vec<Podium>,
}

/// A turn's report, as one viewer may read it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Template)]
#[template(path = "report.html")]
pub struct ReportView {
    /// `Turn 8`, `Round 3 (10:40 and 11:00)`.
    pub title: String,
    /// Lines before the tables (the first team drawn, the seats that sent nothing).
    pub notes: Vec<String>,
    pub sections: Vec<Section>,
    pub standings: Section,
    pub over: Option<Over>,
    /// SHA-256 of the turn's public report, as the game's record keeps it (`gm::draws`):
    /// what ties a report a player received to the record `postrider verify` checks.
    pub digest: Option<String>,
}

impl ReportView {
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

/// `1st`, `2nd`, `3rd`, `11th`.
pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
