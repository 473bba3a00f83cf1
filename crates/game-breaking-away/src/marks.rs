//! How a Breaking Away picture marks what it shows, shared by the whole track (`svg`) and the
//! race at a glance (`glance`): the drawing's scale, each rider's token (its team's colour and
//! letter with its grade, the reader's own ringed, a jersey's band), the legend, the finishers'
//! lines and the lines' names.

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::{TeamColours, fit_bold, light, team_letters};
use game_api::season::Worn;
use game_api::{Lang, Seat};
use locale::tr;

use crate::position::Status;
use crate::rules::Line;
use crate::view::{RiderView, View};

/// Every text's size: 14 px, at least 12 px on a phone showing the close-up.
pub(crate) const FONT: i32 = 14;
/// One square's width.
pub(crate) const CELL: i32 = 28;
/// One rider's row in a stack.
pub(crate) const ROW: i32 = 26;
/// A rider's chip, and the room its two letters have inside the chip's edge: a wider pair
/// ("WD" is 27 px in bold DejaVu Sans) is pressed into it rather than spilling over.
pub(crate) const CHIP: i32 = 24;
const CHIP_ROOM: f32 = (CHIP - 4) as f32;
/// The close-up's width: sixteen squares, so that 14-px text is 12 px at 390 px.
pub(crate) const FRAME: i32 = 16 * CELL;
/// The picture's own colours beyond the shared ones: the road and the finish line.
pub(crate) const STYLE: [(&str, &str, &str, &str); 3] = [
    ("pr-road", "fill", "#DEDBD0", "#2B2E35"),
    ("pr-finish", "stroke", "#1D1D1D", "#EDEDED"),
    ("pr-sprint", "stroke", "#1B6B1B", "#8FD98F"),
];

/// A name cut to `chars` characters (an ellipsis marks the cut).
pub(crate) fn cut(name: &str, chars: usize) -> String {
    if name.chars().count() <= chars {
        name.to_string()
    } else {
        let mut short: String = name.chars().take(chars - 1).collect();
        short.push('…');
        short
    }
}

/// The message naming `line`.
pub(crate) fn line_message(line: Line) -> &'static str {
    match line {
        Line::Sprint1 => "pic-ba-sprint-1",
        Line::Sprint2 => "pic-ba-sprint-2",
        Line::Finish => "pic-ba-finish",
    }
}

/// The riders who have finished, in the order they crossed.
pub(crate) fn finishers(view: &View) -> Vec<&RiderView> {
    let mut finishers: Vec<&RiderView> = view
        .riders
        .iter()
        .filter(|r| matches!(r.status, Status::Finished(_)))
        .collect();
    finishers.sort_by_key(|r| match r.status {
        Status::Finished(place) => (place, r.arrival),
        _ => (u16::MAX, 0),
    });
    finishers
}

/// A finisher's line: its place, its rider, its jersey's colour (as markup).
pub(crate) fn place_text(lang: Lang, r: &RiderView, teams: &[String], jerseys: &[Worn]) -> String {
    let Status::Finished(place) = r.status else {
        return String::new();
    };
    let team = teams.get(usize::from(r.team)).map_or("?", String::as_str);
    let name = crate::game::rider_name(teams, r.team, r.grade);
    format!(
        "{} {}-{}{}",
        tr!(lang, "pic-ba-place", place = place),
        esc(&cut(team, 8)),
        r.grade.letter(),
        jerseys
            .iter()
            .find(|w| w.piece == name)
            .map(|j| format!(r#" <tspan fill="{}">■</tspan>"#, esc(&j.jersey.colour)))
            .unwrap_or_default()
    )
}

/// The legend at `(x, top)`: every team, the reader's own named so; the rows it takes.
pub(crate) fn legend(
    svg: &mut String,
    lang: Lang,
    teams: &[String],
    own: Option<Seat>,
    x0: i32,
    top: i32,
) -> i32 {
    let legend = Legend::new(lang, teams, x0, top);
    for t in 0..teams.len() {
        legend.entry(svg, t, own.is_some_and(|s| usize::from(s.0) == t));
    }
    teams.len().div_ceil(2) as i32
}

/// The reader's own entry of a legend drawn for nobody at `(x, top)`, over the plain one
/// (its row's background first): for a picture's seat layer.
pub(crate) fn own_key(
    svg: &mut String,
    lang: Lang,
    teams: &[String],
    own: Seat,
    x0: i32,
    top: i32,
) {
    let t = usize::from(own.0);
    if t >= teams.len() {
        return;
    }
    let legend = Legend::new(lang, teams, x0, top);
    let (x, y) = legend.at(t);
    cover(svg, x - 2, y - 17, FRAME / 2 - 8, ROW - 2);
    legend.entry(svg, t, true);
}

/// A legend at `(x0, top)`: its teams with their letters and colours.
struct Legend<'a> {
    lang: Lang,
    teams: &'a [String],
    letters: Vec<char>,
    colours: TeamColours,
    x0: i32,
    top: i32,
}

impl<'a> Legend<'a> {
    fn new(lang: Lang, teams: &'a [String], x0: i32, top: i32) -> Legend<'a> {
        Legend {
            lang,
            teams,
            letters: team_letters(teams),
            colours: TeamColours::of(teams),
            x0,
            top,
        }
    }

    /// Where team `t`'s entry stands: its chip's left, its text's baseline.
    fn at(&self, t: usize) -> (i32, i32) {
        (
            self.x0 + 8 + (t % 2) as i32 * (FRAME / 2),
            self.top + (t / 2) as i32 * ROW,
        )
    }

    /// Team `t`'s entry, its name in bold with "(you)" if it is the reader's.
    fn entry(&self, svg: &mut String, t: usize, own_team: bool) {
        let (lang, teams, colours) = (self.lang, self.teams, &self.colours);
        let (x, y) = self.at(t);
        let c = colours.class(t as u8);
        let letter = self.letters.get(t).copied().unwrap_or('?');
        let _ = writeln!(
            svg,
            r#"<g class="pr-key" data-seat="{t}"><rect class="pr-t{c} pr-edge" x="{x}" y="{}" width="20" height="18" rx="5" fill="{}" stroke="{}"/><text class="pr-tk{c}" x="{}" y="{y}" text-anchor="middle" fill="{}" font-weight="bold">{letter}</text><text class="pr-ink" x="{}" y="{y}" fill="{}"{}>{}{}</text></g>"#,
            y - 14,
            colours.fill(t as u8),
            light("pr-edge"),
            x + 10,
            colours.text(t as u8),
            x + 26,
            light("pr-ink"),
            if own_team {
                r#" font-weight="bold""#
            } else {
                ""
            },
            esc(&cut(&teams[t], if own_team { 11 } else { 19 })),
            if own_team {
                lang.t("pic-you")
            } else {
                String::new()
            }
        );
    }
}

/// The picture's background over `(x, y, width, height)`: what a seat layer paints before
/// writing a text of its own where the picture has one.
pub(crate) fn cover(svg: &mut String, x: i32, y: i32, width: i32, height: i32) {
    let _ = write!(
        svg,
        r#"<rect class="pr-bg" x="{x}" y="{y}" width="{width}" height="{height}" fill="{}"/>"#,
        light("pr-bg")
    );
}

/// How a rider is drawn: its team's colour and letter with its grade, the reader's own ringed,
/// a jersey's colour as a band, the sole leader's edge thicker, a dropped rider's dashed.
pub(crate) struct Token<'a> {
    lang: Lang,
    view: &'a View,
    teams: &'a [String],
    letters: Vec<char>,
    colours: TeamColours,
    own: Option<Seat>,
    jerseys: &'a [Worn],
}

impl<'a> Token<'a> {
    pub(crate) fn new(
        lang: Lang,
        view: &'a View,
        teams: &'a [String],
        own: Option<Seat>,
        jerseys: &'a [Worn],
    ) -> Token<'a> {
        Token {
            lang,
            view,
            teams,
            letters: team_letters(teams),
            colours: TeamColours::of(teams),
            own,
            jerseys,
        }
    }

    pub(crate) fn is_mine(&self, r: &RiderView) -> bool {
        self.own.is_some_and(|s| s.0 == r.team)
    }

    /// Draws `r` centred on `(cx, cy)`, ringed if it is the reader's.
    pub(crate) fn draw(&self, svg: &mut String, r: &RiderView, cx: i32, cy: i32) {
        self.chip(svg, r, cx, cy, &self.ring(r, cx, cy));
    }

    /// Draws `r` centred on `(cx, cy)` without its ring (a seat layer draws that).
    pub(crate) fn draw_unringed(&self, svg: &mut String, r: &RiderView, cx: i32, cy: i32) {
        self.chip(svg, r, cx, cy, "");
    }

    /// The reader's ring around `r` centred on `(cx, cy)`; empty if `r` is not theirs.
    pub(crate) fn ring(&self, r: &RiderView, cx: i32, cy: i32) -> String {
        if !self.is_mine(r) {
            return String::new();
        }
        format!(
            r#"<rect class="pr-mine" x="{}" y="{}" width="{}" height="{}" rx="7" fill="none" stroke="{}" stroke-width="2.5"/>"#,
            cx - CHIP / 2 - 2,
            cy - ROW / 2 + 1,
            CHIP + 4,
            ROW - 2,
            light("pr-mine")
        )
    }

    fn chip(&self, svg: &mut String, r: &RiderView, cx: i32, cy: i32, mine: &str) {
        let lang = self.lang;
        let name = crate::game::rider_name(self.teams, r.team, r.grade);
        let worn = self
            .jerseys
            .iter()
            .find(|w| w.piece == name)
            .map(|w| &w.jersey);
        let team = self
            .teams
            .get(usize::from(r.team))
            .map_or("?", String::as_str);
        let c = self.colours.class(r.team);
        let letter = self
            .letters
            .get(usize::from(r.team))
            .copied()
            .unwrap_or('?');
        let dropped = r.status == Status::Dropped;
        let label = format!("{letter}{}", r.grade.letter());
        let _ = writeln!(
            svg,
            r#"<g><title>{}{}{}{}{}</title>{mine}<rect class="pr-t{c} pr-edge" x="{}" y="{}" width="{CHIP}" height="18" rx="5" fill="{}" stroke="{}" stroke-width="{}"{}/>{}<text class="pr-tk{c}" x="{cx}" y="{}" text-anchor="middle" fill="{}" font-weight="bold"{}>{label}</text></g>"#,
            esc(&tr!(
                lang,
                "pic-ba-rider-on",
                rider = format!("{team}-{}", r.grade.letter()),
                square = self.view.rules.set.square(r.distance)
            )),
            if self.is_mine(r) {
                lang.t("pic-ba-yours")
            } else {
                String::new()
            },
            worn.map(|j| tr!(lang, "pic-ba-jersey", jersey = esc(&j.name)))
                .unwrap_or_default(),
            if r.sole_leader {
                lang.t("pic-ba-sole-leader")
            } else {
                String::new()
            },
            if dropped {
                lang.t("pic-ba-dropped")
            } else {
                String::new()
            },
            cx - CHIP / 2,
            cy - 9,
            self.colours.fill(r.team),
            light("pr-edge"),
            if r.sole_leader { 2 } else { 1 },
            if dropped {
                r#" stroke-dasharray="3 2""#
            } else {
                ""
            },
            worn.map(|j| format!(
                r#"<rect class="pr-jersey" x="{}" y="{}" width="{CHIP}" height="5" rx="2" fill="{}" stroke="{}" stroke-width="0.5"/>"#,
                cx - CHIP / 2,
                cy - 13,
                esc(&j.colour),
                light("pr-edge")
            ))
            .unwrap_or_default(),
            cy + 5,
            self.colours.text(r.team),
            fit_bold(&label, FONT as f32, CHIP_ROOM),
        );
    }
}
