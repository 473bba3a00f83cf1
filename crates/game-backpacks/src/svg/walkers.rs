//! The walkers on the map: the last round's walks as arrows, each walker's chip (its colour
//! and letter, the reader's ringed) where it stands, those sharing a space stacked above it,
//! with its name beside it on the whole map; and the walkers' legend (letter, name, points).

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::{COLOURS, TeamColours, light, team_letters};
use game_api::{Lang, Seat};
use locale::tr;

use super::labels::Rect;
use super::{FONT, Geometry, ROW, drawn_at};
use crate::day::Day;
use crate::map::{Map, SpaceId};

/// Where the `j`th walker on a space at `at` stands: in columns of six above it.
pub(super) fn marker_at(at: (f64, f64), j: usize) -> (f64, f64) {
    (
        at.0 - 10.0 + (j / 6) as f64 * 110.0,
        at.1 - 42.0 - (j % 6) as f64 * ROW,
    )
}

/// The walkers drawn, space by space, in seat order on each.
pub(super) fn stacks(map: &Map, day: &Day) -> std::collections::BTreeMap<SpaceId, Vec<usize>> {
    let mut stacks: std::collections::BTreeMap<SpaceId, Vec<usize>> = Default::default();
    for (w, walker) in day.walkers.iter().enumerate() {
        if let Some(s) = drawn_at(map, walker) {
            stacks.entry(s).or_default().push(w);
        }
    }
    stacks
}

/// One walker's chip where it is drawn: the walker, its space's centre, the chip's top-left
/// corner, where its stack would have put it, and the box it takes (its ring, and on the
/// whole map its name beside it).
#[derive(Clone, Copy, Debug)]
pub(super) struct Chip {
    pub(super) walker: usize,
    pub(super) space: (f64, f64),
    pub(super) at: (f64, f64),
    stacked: (f64, f64),
    pub(super) rect: Rect,
}

impl Chip {
    /// Whether it stands away from its place in its stack: then a line ties it to its space.
    fn moved(&self) -> bool {
        (self.at.0 - self.stacked.0).abs() + (self.at.1 - self.stacked.1).abs() > 1.0
    }
}

/// The box a chip at `(px, py)` takes: its ring, and `name` columns of its name beside it.
fn chip_box((px, py): (f64, f64), name: usize) -> Rect {
    Rect {
        x0: px - 3.0,
        y0: py - 3.0,
        x1: px
            + 23.0
            + if name > 0 {
                name as f64 * FONT * 0.62 + 4.0
            } else {
                0.0
            },
        y1: py + 21.0,
    }
}

/// Each drawn walker's chip, space by space: first where its stack puts it (above its space),
/// else the nearest place around its space that overlaps no chip placed before and no
/// location's symbol (nor any box in `avoid`), inside the picture — so that stacks on
/// neighbouring places, drawn small on a close-up, stand apart. With `names`, each chip's name
/// beside it takes room too.
pub(super) fn chips(
    map: &Map,
    g: &Geometry,
    day: &Day,
    names: Option<&[String]>,
    avoid: &[Rect],
) -> Vec<Chip> {
    let mut symbols: Vec<Rect> = map
        .locations
        .iter()
        .map(|l| {
            let (x, y) = g.space(map, l.space);
            Rect::around(x, y, 15.0)
        })
        .collect();
    symbols.extend_from_slice(avoid);
    let frame = [0.0, 0.0, g.width, g.map_height];
    let mut out: Vec<Chip> = Vec::new();
    for (&s, here) in &stacks(map, day) {
        let space = g.space(map, s);
        for (j, &w) in here.iter().enumerate() {
            let name = names.map_or(0, |n| locale::width(&cut(&n[w], 8)));
            let first = marker_at(space, j);
            // A chip's box holds its ring and a margin: boxes that touch leave chips apart.
            let clear = |at: (f64, f64)| {
                let r = chip_box(at, name);
                r.inside(frame)
                    && out.iter().all(|c| c.rect.overlap(&r) == 0.0)
                    && symbols.iter().all(|t| t.overlap(&r) == 0.0)
            };
            let mut spots: Vec<(f64, f64)> = (-12..=12)
                .flat_map(|i| (-12..=12).map(move |k| (i, k)))
                .map(|(i, k)| (first.0 + f64::from(i) * 14.0, first.1 + f64::from(k) * 13.0))
                .collect();
            let far = |p: &(f64, f64)| (p.0 - first.0).powi(2) + (p.1 - first.1).powi(2);
            spots.sort_by(|a, b| far(a).total_cmp(&far(b)));
            let at = spots.into_iter().find(|&p| clear(p)).unwrap_or(first);
            out.push(Chip {
                walker: w,
                space,
                at,
                stacked: first,
                rect: chip_box(at, name),
            });
        }
    }
    out
}

/// A name cut to `chars` characters (an ellipsis marks the cut).
pub(super) fn cut(name: &str, chars: usize) -> String {
    if name.chars().count() <= chars {
        name.to_string()
    } else {
        let mut short: String = name.chars().take(chars - 1).collect();
        short.push('…');
        short
    }
}

/// What the walkers are drawn with: the day, the one before (for the walks), the names, the
/// reader's seat, and whether their names stand beside their chips (the whole map).
pub(super) struct Walkers<'a> {
    pub(super) day: &'a Day,
    pub(super) before: Option<&'a Day>,
    pub(super) names: &'a [String],
    pub(super) own: Option<Seat>,
    pub(super) named: bool,
}

/// Draws the last round's walks and each walker's chip where [`chips`] `placed` it.
pub(super) fn draw_walkers(
    lang: Lang,
    svg: &mut String,
    map: &Map,
    g: &Geometry,
    k: &Walkers,
    placed: &[Chip],
) {
    let Walkers {
        day,
        before,
        names,
        own,
        named,
    } = *k;
    let letters = team_letters(names);
    let colours = TeamColours::of(names);
    let is_own = |w: usize| own.is_some_and(|s| s.index() == w);
    if let Some(before) = before {
        for (w, walker) in day.walkers.iter().enumerate() {
            let (Some(to), Some(from)) = (
                drawn_at(map, walker),
                before.walkers.get(w).and_then(|b| drawn_at(map, b)),
            ) else {
                continue;
            };
            if to == from {
                continue;
            }
            let ((x1, y1), (x2, y2)) = (g.space(map, from), g.space(map, to));
            let length = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt().max(1.0);
            let (ux, uy) = ((x2 - x1) / length, (y2 - y1) / length);
            // From the edge of the old space's symbol to the edge of the new one's.
            let (ax, ay) = (x1 + ux * 10.0, y1 + uy * 10.0);
            let (bx, by) = (x2 - ux * 16.0, y2 - uy * 16.0);
            let c = colours.class(w as u8);
            let _ = writeln!(
                svg,
                r#"<g class="pr-move"><title>{}</title><line class="pr-ts{c}" x1="{ax:.1}" y1="{ay:.1}" x2="{bx:.1}" y2="{by:.1}" stroke="{}" stroke-width="{}" stroke-linecap="round"/><polygon class="pr-t{c}" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{}"/></g>"#,
                esc(&tr!(
                    lang,
                    "pic-bb-walked",
                    walker = names[w].as_str(),
                    from = map.space_id(from),
                    to = map.space_id(to)
                )),
                colours.line(w as u8),
                if is_own(w) { 4 } else { 3 },
                bx + ux * 6.0,
                by + uy * 6.0,
                bx - ux * 6.0 - uy * 6.0,
                by - uy * 6.0 + ux * 6.0,
                bx - ux * 6.0 + uy * 6.0,
                by - uy * 6.0 - ux * 6.0,
                colours.fill(w as u8)
            );
        }
    }
    // A chip moved away from its space is tied to it by a short line, drawn under the chips.
    for c in placed.iter().filter(|c| c.moved()) {
        let (x, y) = c.space;
        let (px, py) = c.at;
        let (ex, ey) = (x.clamp(px, px + 20.0), y.clamp(py, py + 18.0));
        let _ = writeln!(
            svg,
            r#"<line class="pr-edge" x1="{x:.1}" y1="{y:.1}" x2="{ex:.1}" y2="{ey:.1}" stroke="{}" stroke-width="1.5"/>"#,
            light("pr-edge")
        );
    }
    for c in placed {
        let (w, s) = (
            c.walker,
            drawn_at(map, &day.walkers[c.walker]).expect("drawn"),
        );
        let (px, py) = c.at;
        let c = colours.class(w as u8);
        let letter = letters.get(w).copied().unwrap_or('?');
        let letter_text = format!(
            r#"<text class="pr-tk{c}" x="{:.1}" y="{:.1}" text-anchor="middle" fill="{}" font-weight="bold">{letter}</text>"#,
            px + 10.0,
            py + 14.0,
            colours.text(w as u8)
        );
        let name_text = if named {
            format!(
                r#"<text class="pr-ink pr-halo" x="{:.1}" y="{:.1}" fill="{}" stroke="{}" stroke-width="3" paint-order="stroke"{}>{}</text>"#,
                px + 24.0,
                py + 14.0,
                light("pr-ink"),
                light("pr-halo"),
                if is_own(w) {
                    r#" font-weight="bold""#
                } else {
                    ""
                },
                esc(&cut(&names[w], 8))
            )
        } else {
            String::new()
        };
        let mine = if is_own(w) {
            format!(
                r#"<rect class="pr-mine" x="{:.1}" y="{:.1}" width="26" height="24" rx="7" fill="none" stroke="{}" stroke-width="2.5"/>"#,
                px - 3.0,
                py - 3.0,
                light("pr-mine")
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            svg,
            r#"<g class="pr-walker" data-walker="{w}"><title>{}</title>{mine}<rect class="pr-t{c} pr-edge" x="{px:.1}" y="{py:.1}" width="20" height="18" rx="5" fill="{}" stroke="{}"/>{letter_text}{name_text}</g>"#,
            esc(&tr!(
                lang,
                "pic-bb-walker-at",
                walker = names[w].as_str(),
                space = map.space_id(s),
                yours = if is_own(w) { "yes" } else { "no" }
            )),
            colours.fill(w as u8),
            light("pr-edge"),
        );
    }
}

/// Draws the walkers' legend: `columns` entries a row from `(x, y)`, `step` apart.
pub(super) fn draw_legend(
    lang: Lang,
    svg: &mut String,
    k: &Walkers,
    (x, y): (f64, f64),
    columns: usize,
    step: f64,
) {
    let letters = team_letters(k.names);
    let colours = TeamColours::of(k.names);
    for (w, name) in k.names.iter().enumerate() {
        let own = k.own.is_some_and(|s| s.index() == w);
        let points = k.day.walkers.get(w).map_or(0, |walker| walker.points);
        let at = (
            x + (w % columns) as f64 * step,
            y + (w / columns) as f64 * ROW,
        );
        let c = colours.class(w as u8);
        let _ = writeln!(
            svg,
            r#"<g class="pr-key" data-seat="{w}"><rect class="pr-t{c} pr-edge" x="{:.1}" y="{:.1}" width="20" height="18" rx="5" fill="{}" stroke="{}"/><text class="pr-tk{c}" x="{:.1}" y="{:.1}" text-anchor="middle" fill="{}" font-weight="bold">{}</text><text class="pr-ink" x="{:.1}" y="{:.1}" fill="{}"{}>{}{}{}</text></g>"#,
            at.0,
            at.1 - 14.0,
            COLOURS[c].fill,
            light("pr-edge"),
            at.0 + 10.0,
            at.1,
            COLOURS[c].text,
            letters[w],
            at.0 + 26.0,
            at.1,
            light("pr-ink"),
            if own { r#" font-weight="bold""# } else { "" },
            esc(&cut(name, if own { 7 } else { 11 })),
            if own {
                lang.t("pic-you")
            } else {
                String::new()
            },
            tr!(lang, "pic-bb-points", n = points),
        );
    }
}

/// The whole map's band of walkers (three to a row): its height for `walkers` walkers.
pub(super) fn band_height(walkers: usize) -> f64 {
    if walkers == 0 {
        0.0
    } else {
        walkers.div_ceil(3) as f64 * ROW + 16.0
    }
}
