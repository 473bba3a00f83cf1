//! A season in a stage's report and pictures: the standings after the stage (a short form —
//! each classification's first lines and the reader's own — with movements and the jersey
//! holders), the winners crowned after the season's last stage, and the jerseys worn during
//! the stage, which its pictures mark. Read from the stages' kept results and the stage's own
//! record (which ends the stage before its result is kept), never by replaying a game.

use askama::Template;
use game_api::season::{SeasonNouns, Worn};
use gm::season::{Standings, standings};

use crate::text::filters;
use locale::{Lang, tr};
use store::seasons::{SeasonTable, StageOf, load_season, season_of};
use store::{StoreError, StoreResult, Table};

/// How many lines of each classification a stage's report shows (and the reader's own).
pub const TOP_LINES: usize = 3;

/// A stage's season: which stage, the standings before it (the jerseys worn during it) and,
/// once it is over, after it.
#[derive(Debug)]
pub struct StageSeason {
    pub of: StageOf,
    pub season: SeasonTable,
    pub nouns: SeasonNouns,
    pub before: Option<Standings>,
    pub after: Option<Standings>,
    /// The season's last stage: its report crowns the winners.
    pub last: bool,
}

/// The season of the game read as `table`, if it is a stage of one.
pub async fn stage_season(
    state: &crate::state::AppState,
    table: &Table,
) -> StoreResult<Option<StageSeason>> {
    let Some(of) = season_of(state, table.row.id).await? else {
        return Ok(None);
    };
    let season = load_season(state, of.season).await?;
    let nouns = season.row.season.check()?;
    let seats = season.seat_names();
    let earlier: Vec<serde_json::Value> = season
        .stages
        .iter()
        .filter(|s| s.stage < of.stage)
        .filter_map(|s| s.result.clone())
        .collect();
    let count = |results: &[serde_json::Value]| -> StoreResult<Option<Standings>> {
        if results.is_empty() {
            return Ok(None);
        }
        standings(&season.row.season, &seats, results)
            .map(Some)
            .map_err(|e| StoreError::Internal(format!("season {}: {e}", of.season)))
    };
    let before = count(&earlier)?;
    let after = match table.record.stage() {
        Some(result) => {
            let mut results = earlier;
            results.push(result);
            count(&results)?
        }
        None => None,
    };
    let last = season.row.planned_stages == Some(of.stage)
        || (season.row.finished_at.is_some()
            && season.stages.last().map(|s| s.stage) == Some(of.stage));
    Ok(Some(StageSeason {
        of,
        season,
        nouns,
        before,
        after,
        last,
    }))
}

impl StageSeason {
    /// The jerseys worn during the stage (the standings after the one before), for its pictures.
    pub fn worn(&self) -> Vec<Worn> {
        self.before
            .as_ref()
            .map(Standings::worn)
            .unwrap_or_default()
    }

    /// `the standings after stage 2 of 3`.
    fn heading(&self, lang: Lang) -> String {
        let name = self.season.row.season.name.as_str();
        match self.season.row.planned_stages {
            Some(planned) => tr!(
                lang,
                "season-report-heading-planned",
                season = name,
                stage = self.nouns.stage,
                n = self.of.stage,
                planned = planned
            ),
            None => tr!(
                lang,
                "season-report-heading",
                season = name,
                stage = self.nouns.stage,
                n = self.of.stage
            ),
        }
    }

    /// The standings after the stage, in `lang`.
    fn after_in(&self, lang: Lang) -> Option<Standings> {
        let mut after = self.after.clone()?;
        after.localize(&self.season.row.season.game, lang);
        Some(after)
    }

    /// The standings after the stage as the text report and mail carry them (`own`: the
    /// reader's seat, whose lines are shown too), in `lang`; `None` before the stage is over.
    pub fn text(&self, own: Option<usize>, lang: Lang) -> Option<String> {
        let after = self.after_in(lang)?;
        let seats = self.season.seat_names();
        let mut out = format!("{}\n\n", self.heading(lang));
        if self.last {
            out.push_str(&format!("{}\n", tr!(lang, "season-report-winners")));
            for (title, names) in after.winners(&seats) {
                out.push_str(&format!("  {title}: {}\n", lang.separated(&names)));
            }
            out.push('\n');
        }
        out.push_str(&after.text(&seats, Some(TOP_LINES), own, lang));
        Some(out)
    }

    /// The same as HTML (the report on the page and in the mail's HTML part).
    pub fn html(&self, own: Option<usize>, lang: Lang) -> Option<String> {
        let after = self.after_in(lang)?;
        let seats = self.season.seat_names();
        let view = StandingsHtml {
            heading: self.heading(lang),
            winners_heading: tr!(lang, "season-report-winners"),
            winners: self.last.then(|| {
                after
                    .winners(&seats)
                    .into_iter()
                    .map(|(title, names)| (title, lang.separated(&names)))
                    .collect()
            }),
            jerseys: after
                .jerseys
                .iter()
                .map(|h| JerseyLine {
                    colour: &h.jersey.colour,
                    name: &h.jersey.name,
                    piece: &h.piece,
                    why: if h.stand_in {
                        lang.t("season-report-stand-in")
                    } else {
                        String::new()
                    },
                })
                .collect(),
            level_lines: after.level_lines(lang),
            classes: after
                .classifications
                .iter()
                .map(|class| ClassTable {
                    caption: tr!(
                        lang,
                        "season-class-line",
                        title = class.title.as_str(),
                        of = class.of.as_str(),
                        unit = class.unit.as_str()
                    ),
                    rows: class
                        .rows
                        .iter()
                        .enumerate()
                        .filter(|(i, row)| *i < TOP_LINES || Some(row.seat) == own)
                        .map(|(_, row)| ClassRow {
                            mine: Some(row.seat) == own,
                            rank: row.rank,
                            movement: gm::season::movement(row.movement),
                            name: Standings::name(&seats, row),
                            total: &row.total,
                        })
                        .collect(),
                })
                .collect(),
            movement: tr!(lang, "season-report-movement"),
            who: tr!(lang, "season-report-who"),
            total: tr!(lang, "season-report-total"),
        };
        view.render()
            .inspect_err(|e| tracing::error!(error = %e, "drawing the season standings"))
            .ok()
    }
}

/// The standings after a stage as HTML (`templates/season_standings.html`).
#[derive(Template)]
#[template(path = "season_standings.html")]
struct StandingsHtml<'a> {
    heading: String,
    winners_heading: String,
    /// After the season's last stage: each classification's title and its winners.
    winners: Option<Vec<(String, String)>>,
    jerseys: Vec<JerseyLine<'a>>,
    level_lines: Vec<String>,
    classes: Vec<ClassTable<'a>>,
    movement: String,
    who: String,
    total: String,
}

struct JerseyLine<'a> {
    colour: &'a str,
    name: &'a str,
    piece: &'a str,
    why: String,
}

struct ClassTable<'a> {
    caption: String,
    rows: Vec<ClassRow<'a>>,
}

/// A classification's line: one of its first, or the reader's own.
struct ClassRow<'a> {
    mine: bool,
    rank: u16,
    movement: String,
    name: String,
    total: &'a str,
}
