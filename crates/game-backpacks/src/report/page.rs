//! A resolved round as a typed view for the page ([`game_api::report::ReportView`]).

use game_api::Viewer;
use game_api::report::Phrase;
use locale::tr;

use crate::bulletin::Bulletin;
use crate::clock;

use super::turn::turn_lines;
use super::words::{location_name, points_words};
use super::{
    Outing, OutingTable, RoundRecord, clock_line, rank, silent, silent_note, standing_status, told,
};

/// The report of one resolved round as a typed view for the page, as `viewer` may read it: the
/// same diary and facts as [`round_report`](super::round_report) (each turn's walkers, scores
/// and notes; the standings; the winner when the day is over), the reader's own walker marked.
pub fn round_view(
    outing: &Outing,
    record: &RoundRecord,
    viewer: Viewer,
) -> game_api::report::ReportView {
    use game_api::report::{Over, OwnPlace, Podium, ReportView, Row, Section};
    let names = outing.walkers();
    let lang = outing.lang;
    let first = record.before.turn;
    let mine = |w: usize| matches!(viewer, Viewer::Seat(s) if s.index() == w);
    let nmr = silent(outing, record);
    let Bulletin {
        headline,
        story,
        yours,
    } = told(outing, record, &nmr, viewer);
    let notes: Vec<Phrase> = silent_note(lang, names, &nmr)
        .into_iter()
        .map(Phrase::text)
        .collect();
    let mut sections = Vec::new();
    let mut before = record.before.clone();
    for (k, outcome) in record.events.iter().enumerate() {
        let (heading, lines, turn_notes) = turn_lines(outing, &before, outcome, viewer, &nmr);
        sections.push(Section {
            heading,
            head: vec![
                lang.t("bb-col-walker"),
                lang.t("bb-col-did"),
                lang.t("bb-col-scores-notes"),
            ],
            rows: lines
                .into_iter()
                .map(|l| Row {
                    cells: vec![
                        Phrase::name(names[l.walker].clone()),
                        l.what.into(),
                        l.details.join(&lang.t("bb-details-separator")).into(),
                    ],
                    own: mine(l.walker),
                })
                .collect(),
            notes: turn_notes.into_iter().map(Phrase::text).collect(),
            key: Vec::new(),
        });
        if k == 0 {
            for (w, t) in outcome.walkers.iter().enumerate() {
                before.walkers[w].place = t.to;
            }
        }
    }
    let day = &record.after;
    let map = &day.map;
    let view = day.view(viewer);
    let order = day.ranking();
    let points = |w: usize| points_words(lang, day.final_points(w));
    let places = day.places();
    let mut standings = Section {
        heading: lang.t("bb-standings"),
        head: vec![
            "#".to_string(),
            lang.t("bb-col-walker"),
            lang.t("bb-col-points"),
            lang.t("bb-col-where"),
            lang.t("bb-col-targets"),
        ],
        ..Section::default()
    };
    for &w in &order {
        let walker = &view.walkers[w];
        let reached: Vec<&str> = day
            .targets
            .iter()
            .enumerate()
            .filter(|(k, _)| walker.reached & (1 << k) != 0)
            .map(|(_, &t)| location_name(map, t))
            .collect();
        let status = standing_status(lang, day, walker.lost, walker.finished, walker.place);
        standings.rows.push(Row {
            cells: vec![
                rank(lang, day, &places, w).into(),
                Phrase::name(names[w].clone()),
                points(w).into(),
                status.into(),
                reached.join(&lang.t("bb-list-separator")).into(),
            ],
            own: mine(w),
        });
    }
    standings.notes.push(Phrase::text(clock_line(lang, day)));
    let over = day.is_over().then(|| Over {
        banner: {
            let first: Vec<&str> = day.winners().iter().map(|&w| names[w].as_str()).collect();
            match first.as_slice() {
                [] => lang.t("bb-banner-nobody"),
                [one] => tr!(lang, "bb-banner-wins", walker = *one),
                many => tr!(lang, "bb-banner-share", walkers = lang.and_list(many)),
            }
        },
        // The first three back in Keswick: a walker not back has lost the day (5.2).
        podium: order
            .iter()
            .filter(|&&w| !day.walkers[w].lost)
            .take(3)
            .map(|&w| Podium {
                place: usize::from(places[w]),
                name: names[w].clone(),
                detail: points(w),
                own: mine(w),
            })
            .collect(),
        // A walker not back has no place (its row shows a dash, 5.2).
        yours: OwnPlace::of(&places, viewer)
            .filter(|_| !matches!(viewer, Viewer::Seat(s) if day.walkers[s.index()].lost)),
    });
    ReportView {
        // The turns actually played (a day can end after a round's first turn).
        title: tr!(
            lang,
            "bb-view-title",
            round = clock::round(first),
            times = lang.and_list(
                &record
                    .events
                    .iter()
                    .map(|e| clock::time_text(e.turn))
                    .collect::<Vec<_>>()
            )
        ),
        headline,
        story,
        yours,
        notes,
        sections,
        standings,
        over,
        digest: None,
        digest_label: String::new(),
    }
}
