//! The report of a turn as a typed view for the page (rendered by `ReportView::html`).

use game_api::Viewer;
use game_api::report::{Phrase, Span};
use locale::tr;

use super::{
    Race, RaceTable, TurnRecord, line_results, line_title, ordinal, placing_points, rule,
    silent_team_names, told, unknown_note, why_text,
};
use crate::bulletin::{Bulletin, bulletin};
use crate::turn::Source;

/// The report of one resolved turn as a typed view for the page, as `viewer` may read it: the
/// same bulletin and facts as [`super::turn_report`] (moves, every place taken at the lines crossed,
/// replacement cards to their owners, the standings, the result), the reader's own riders
/// marked, what a move's mark means said once under the table.
pub fn turn_view(race: &Race, record: &TurnRecord, viewer: Viewer) -> game_api::report::ReportView {
    use game_api::report::{Over, OwnPlace, Podium, ReportView, Row, Section};
    let set = race.rules().set;
    let outcome = &record.events[0];
    let name = |i: usize| {
        let r = &record.before.riders[i];
        race.rider_name(r.team, r.grade)
    };
    let names = |riders: &[usize]| {
        let mut phrase = Phrase::default();
        for (k, &r) in riders.iter().enumerate() {
            if k > 0 {
                phrase = phrase.then(Span::Text(" = ".into()));
            }
            phrase = phrase.then(Span::Name(name(r)));
        }
        phrase
    };
    let own = |i: usize| match viewer {
        Viewer::Seat(s) => record.before.riders[i].team == s.0,
        _ => false,
    };
    let turn = told(race, record);
    let Bulletin {
        headline,
        story,
        yours,
    } = bulletin(&turn, viewer);
    let lang = race.lang;
    let heads = |ids: &[&str]| ids.iter().map(|id| lang.t(id)).collect::<Vec<_>>();
    // A key to a mark: its words, then the rule in parentheses, linked.
    let key = |id: &str, number: &str| {
        Phrase::text(lang.t(id))
            .then(Span::Text(lang.t("ba-key-open")))
            .then(rule(lang, number))
            .then(Span::Text(lang.t("ba-key-close")))
    };
    let mut notes: Vec<Phrase> = Vec::new();
    if let Some(first) = outcome.first_team {
        let team = race.teams()[usize::from(first)].as_str();
        notes.push(Phrase::text(tr!(lang, "ba-first-team", team = team)));
    }
    let nmr = silent_team_names(race, &turn);
    if !nmr.is_empty() {
        let teams = nmr.join(&lang.t("list-separator"));
        notes.push(Phrase::text(tr!(lang, "ba-no-moves-from", teams = teams)));
    }
    let mut moves = Section {
        heading: lang.t("ba-moves"),
        head: heads(&[
            "ba-col-rider",
            "ba-col-card",
            "ba-col-from",
            "ba-col-to",
            "ba-col-note",
        ]),
        ..Section::default()
    };
    // Marks in the note column, explained once under the table.
    let (mut nmr_mark, mut highest_mark, mut dropped_mark, mut together_mark) =
        (false, false, false, false);
    for m in &outcome.moves {
        let together = outcome.moves.iter().filter(|o| o.group == m.group).count() > 1;
        let mut note = Vec::new();
        match m.source {
            Source::Ordered => {}
            // The team sent orders that named no card for this rider: its choice, no NMR.
            Source::Nmr if turn.sent_orders(m.rider) => {
                note.push(lang.t("ba-mark-highest"));
                highest_mark = true;
            }
            Source::Nmr => {
                note.push(lang.t("ba-mark-no-orders"));
                nmr_mark = true;
            }
            Source::Dropped => {
                note.push(lang.t("ba-mark-dropped"));
                dropped_mark = true;
            }
        }
        if together {
            note.push(lang.t("ba-mark-together"));
            together_mark = true;
        }
        moves.rows.push(Row {
            cells: vec![
                Phrase::name(name(m.rider)),
                m.card.to_string().into(),
                m.from.to_string().into(),
                m.to.to_string().into(),
                note.join(&lang.t("list-separator")).into(),
            ],
            own: own(m.rider),
        });
    }
    if nmr_mark {
        moves.key.push(key("ba-mark-key-no-orders", "9.1"));
    }
    if highest_mark {
        moves.key.push(key("ba-mark-key-highest", "9.1"));
    }
    if dropped_mark {
        moves.key.push(key("ba-mark-key-dropped", "10.1"));
    }
    if together_mark {
        moves.key.push(key("ba-mark-key-together", "8.2.5"));
    }
    let mut sections = vec![moves];
    for result in line_results(race, record) {
        let mut section = Section {
            heading: line_title(race.lang, set, result.line),
            head: heads(&[
                "ba-col-place",
                "ba-col-rider",
                "ba-col-points",
                "ba-col-turn",
            ]),
            ..Section::default()
        };
        for p in &result.placings {
            section.rows.push(Row {
                cells: vec![
                    ordinal(race.lang, p.place).into(),
                    names(&p.riders),
                    placing_points(race.lang, p).into(),
                    p.turn.to_string().into(),
                ],
                own: p.riders.iter().any(|&r| own(r)),
            });
        }
        section
            .notes
            .extend(unknown_note(race.lang, result.unknown).map(Phrase::text));
        sections.push(section);
    }
    let view = record.after.view(viewer);
    let mut replacements = Section {
        heading: lang.t("ba-replacements"),
        head: heads(&[
            "ba-col-rider",
            "ba-col-card",
            "ba-col-why",
            "ba-col-hand-now",
        ]),
        ..Section::default()
    };
    for (i, rep) in outcome.replacements.iter().enumerate() {
        let Some(rep) = rep else { continue };
        let Some(hand) = view.riders[i].hand else {
            continue;
        };
        replacements.rows.push(Row {
            cells: vec![
                Phrase::name(name(i)),
                rep.card.to_string().into(),
                why_text(race.lang, rep.why).into(),
                Phrase::cards(&hand.ascending()),
            ],
            own: own(i),
        });
    }
    if !replacements.rows.is_empty() {
        sections.push(replacements);
    }
    let position = &record.after;
    let points = position.team_points();
    let best = position.team_best_place();
    let mine = |t: usize| matches!(viewer, Viewer::Seat(s) if s.index() == t);
    let mut standings = Section {
        heading: lang.t("ba-team-standings"),
        head: ["#".to_string()]
            .into_iter()
            .chain(heads(&[
                "ba-col-team",
                "ba-col-points",
                "ba-col-best-finisher",
            ]))
            .collect(),
        ..Section::default()
    };
    let order = position.standings();
    let places = position.places();
    for &t in &order {
        let t = usize::from(t);
        standings.rows.push(Row {
            cells: vec![
                tr!(lang, "ba-rank", rank = places[t]).into(),
                Phrase::name(race.teams()[t].clone()),
                crate::bulletin::points(lang, points[t]).into(),
                best[t]
                    .map(|p| ordinal(race.lang, p))
                    .unwrap_or_default()
                    .into(),
            ],
            own: mine(t),
        });
    }
    let over = outcome.race_over.then(|| Over {
        banner: match crate::bulletin::winners(race.teams(), position).as_slice() {
            [one] => tr!(lang, "ba-banner", team = *one),
            many => tr!(lang, "ba-banner-shared", teams = lang.and_list(many)),
        },
        podium: order
            .iter()
            .take(3)
            .map(|&t| {
                let t = usize::from(t);
                Podium {
                    place: usize::from(places[t]),
                    name: race.teams()[t].clone(),
                    detail: crate::bulletin::points(lang, points[t]),
                    own: mine(t),
                }
            })
            .collect(),
        yours: OwnPlace::of(&places, viewer),
    });
    ReportView {
        title: tr!(lang, "ba-view-title", turn = outcome.turn),
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
