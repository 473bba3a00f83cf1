//! The map as an SVG picture, for a GM checking a map file, the game page and the mail:
//! locations (circles and triangles, with points, cafés, ferry stops and bus routes), paths with
//! their small spaces (black ones filled), and, given a day, every walker by letter, colour and
//! name where they stand, the last round's walks as arrows, and the walkers' legend. The
//! close-up for a phone frames the reader's walker (or the walkers) and holds its own legend.

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::{self, COLOURS, Picture, TeamColours, light, team_letters};
use game_api::{Lang, Seat};
use locale::tr;

use crate::day::{Day, Place, Walker};
use crate::map::{LocationId, Map, Shape, SpaceId};

const SCALE: f64 = 110.0;
const MARGIN: f64 = 70.0;
/// Every text's size on the map: 14, at least 12 px on a phone showing the close-up.
const FONT: f64 = 14.0;
/// The close-up's width (so that 14-px text is 12 px at 390 px) and its map's height.
const FRAME_W: f64 = 448.0;
const FRAME_H: f64 = 470.0;
/// One walker's row (on the map and in the legend).
const ROW: f64 = 24.0;
const BUS_COLOURS: [&str; 6] = [
    "#e6550d", "#31a354", "#756bb1", "#636363", "#3182bd", "#de2d26",
];

/// The map's own colours beyond the shared ones (class, property, light, dark).
const STYLE: [(&str, &str, &str, &str); 6] = [
    ("pr-bp-path", "stroke", "#8A7F6A", "#8A8F9A"),
    ("pr-bp-loc", "fill", "#E8E0C8", "#4A4536"),
    ("pr-bp-space", "fill", "#FFFFFF", "#CFCFCF"),
    ("pr-bp-ferry", "stroke", "#1F6FB4", "#56B4E9"),
    ("pr-bp-target", "stroke", "#C0392B", "#FF7B6B"),
    ("pr-bp-star", "fill", "#A0281C", "#FF9B8B"),
];

fn colour(class: &str) -> &'static str {
    STYLE
        .iter()
        .find(|s| s.0 == class)
        .map_or_else(|| light(class), |s| s.2)
}

/// Where the map's points are drawn.
struct Geometry {
    min_x: f64,
    max_y: f64,
    width: f64,
    map_height: f64,
}

impl Geometry {
    fn of(map: &Map) -> Geometry {
        let xs = map.spaces.iter().map(|s| s.at.0);
        let ys = map.spaces.iter().map(|s| s.at.1);
        let (min_x, max_x) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (min_y, max_y) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
        Geometry {
            min_x,
            max_y,
            // Labels stand to the right of their location: room for them on the right.
            width: (max_x - min_x) * SCALE + 2.0 * MARGIN + 280.0,
            map_height: (max_y - min_y) * SCALE + 2.0 * MARGIN,
        }
    }

    fn pos(&self, at: (f64, f64)) -> (f64, f64) {
        (
            (at.0 - self.min_x) * SCALE + MARGIN,
            (self.max_y - at.1) * SCALE + MARGIN,
        )
    }

    fn space(&self, map: &Map, space: SpaceId) -> (f64, f64) {
        self.pos(map.spaces[usize::from(space)].at)
    }
}

/// Where a walker is drawn: its space, or Keswick once finished; nowhere when lost or on the
/// launch.
fn drawn_at(map: &Map, walker: &Walker) -> Option<SpaceId> {
    if walker.lost {
        return None;
    }
    if walker.finished.is_some() {
        return Some(map.home_space());
    }
    match walker.place {
        Place::At(s) => Some(s),
        Place::Lake { .. } => None,
    }
}

/// Where the `j`th walker on a space at `at` stands: in columns of six above it.
fn marker_at(at: (f64, f64), j: usize) -> (f64, f64) {
    (
        at.0 - 10.0 + (j / 6) as f64 * 110.0,
        at.1 - 42.0 - (j % 6) as f64 * ROW,
    )
}

/// The place of walker `w`'s marker, if it is drawn: its space's and its place in the stack.
fn marker_of(map: &Map, g: &Geometry, day: &Day, w: usize) -> Option<(f64, f64)> {
    let s = drawn_at(map, &day.walkers[w])?;
    let j = day.walkers[..w]
        .iter()
        .filter(|o| drawn_at(map, o) == Some(s))
        .count();
    let (px, py) = marker_at(g.space(map, s), j);
    Some((px + 10.0, py + 9.0))
}

/// Draws the map; with `day` and the walkers' names, also where each walker is.
pub fn map_svg(lang: Lang, map: &Map, day: Option<(&Day, &[String])>) -> String {
    draw(lang, map, day.map(|(d, n)| (d, None, n)), None, None)
}

/// The map with the day's walkers, the last round's walks (from `before`), `own`'s walker
/// marked, and the close-up for a phone, labelled in `lang` (place names stay the map's own).
pub fn map_picture(
    lang: Lang,
    map: &Map,
    day: &Day,
    before: Option<&Day>,
    names: &[String],
    own: Option<Seat>,
) -> Picture {
    let svg = draw(lang, map, Some((day, before, names)), own, None);
    let close_up = map_focus(map, day, names.len(), own).map(|frame| {
        game_api::with_view_box(
            &draw(lang, map, Some((day, before, names)), own, Some(frame)),
            frame,
        )
    });
    Picture { svg, close_up }
}

/// The walkers' legend's height for `walkers` walkers (two to a row).
fn panel_height(walkers: usize) -> f64 {
    walkers.div_ceil(2) as f64 * ROW + 12.0
}

/// The close-up of the map for a phone, as a `viewBox`: around the reader's walker, or the
/// walkers when they fit, or the one with most points, or Keswick; the legend of the walkers
/// under it. `None` when the whole map is hardly wider.
pub fn map_focus(map: &Map, day: &Day, walkers: usize, own: Option<Seat>) -> Option<[f64; 4]> {
    let g = Geometry::of(map);
    if g.width <= FRAME_W * 1.2 {
        return None;
    }
    let spot = |w: &Walker| drawn_at(map, w).map(|s| g.space(map, s));
    let out: Vec<(f64, f64)> = day.walkers.iter().filter_map(spot).collect();
    let (x0, x1) = out
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = out
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let leader = day
        .walkers
        .iter()
        .filter(|w| spot(w).is_some())
        .max_by_key(|w| w.points);
    let centre = own
        .filter(|s| s.index() < day.walkers.len())
        .and_then(|s| marker_of(map, &g, day, s.index()))
        .or_else(|| {
            (!out.is_empty() && x1 - x0 < FRAME_W - 200.0 && y1 - y0 < FRAME_H - 160.0)
                .then(|| ((x0 + x1) / 2.0, (y0 + y1) / 2.0))
        })
        .or_else(|| leader.and_then(spot))
        .unwrap_or_else(|| g.space(map, map.home_space()));
    let height = FRAME_H + panel_height(walkers);
    let whole_height = g.map_height + walkers_height(walkers) + LEGEND_HEIGHT;
    // The walkers stand above their space: the frame a little higher than its centre.
    let x = (centre.0 - FRAME_W / 2.0).clamp(0.0, g.width - FRAME_W);
    let y = (centre.1 - FRAME_H / 2.0).clamp(0.0, (whole_height - height).max(0.0));
    Some([x.round(), y.round(), FRAME_W, height.round()])
}

/// The band under the whole map where the walkers' legend stands.
fn walkers_height(walkers: usize) -> f64 {
    if walkers == 0 {
        0.0
    } else {
        walkers.div_ceil(3) as f64 * ROW + 16.0
    }
}

/// A name cut to `chars` characters (an ellipsis marks the cut).
fn cut(name: &str, chars: usize) -> String {
    if name.chars().count() <= chars {
        name.to_string()
    } else {
        let mut short: String = name.chars().take(chars - 1).collect();
        short.push('…');
        short
    }
}

/// One walker's legend entry: letter, name (the reader's named so) and points.
struct Key<'a> {
    w: usize,
    name: &'a str,
    letter: char,
    /// The walker's colour (index into [`COLOURS`]).
    colour: usize,
    points: i32,
    own: bool,
}

/// Draws a walker's legend entry at `(x, y)`.
fn key(lang: Lang, svg: &mut String, (x, y): (f64, f64), k: Key) {
    let Key {
        w,
        name,
        letter,
        colour: c,
        points,
        own,
    } = k;
    let _ = writeln!(
        svg,
        r#"<g class="pr-key" data-seat="{w}"><rect class="pr-t{c} pr-edge" x="{x:.1}" y="{:.1}" width="20" height="18" rx="5" fill="{}" stroke="{}"/><text class="pr-tk{c}" x="{:.1}" y="{y:.1}" text-anchor="middle" fill="{}" font-weight="bold">{letter}</text><text class="pr-ink" x="{:.1}" y="{y:.1}" fill="{}"{}>{}{}{}</text></g>"#,
        y - 14.0,
        COLOURS[c].fill,
        light("pr-edge"),
        x + 10.0,
        COLOURS[c].text,
        x + 26.0,
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

/// Draws the map (see [`map_svg`], [`map_picture`]); with `frame`, the close-up: labels kept
/// whole inside it or wholly out of it, and the walkers' legend inside it.
fn draw(
    lang: Lang,
    map: &Map,
    day: Option<(&Day, Option<&Day>, &[String])>,
    own: Option<Seat>,
    frame: Option<[f64; 4]>,
) -> String {
    let g = Geometry::of(map);
    let walkers = day.map_or(0, |(_, _, n)| n.len());
    let width = g.width;
    let map_height = g.map_height;
    let height = map_height + walkers_height(walkers) + LEGEND_HEIGHT;
    let pos = |at: (f64, f64)| g.pos(at);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="DejaVu Sans, sans-serif" font-size="{FONT}" role="img" aria-label="{}">"#,
        esc(&tr!(lang, "pic-bb-label", map = map.name.as_str()))
    );
    svg.push_str(&picture::style(&STYLE));
    let _ = writeln!(
        svg,
        r#"<rect class="pr-bg" x="0" y="0" width="{width:.0}" height="{height:.0}" fill="{}"/><title>{}</title>"#,
        light("pr-bg"),
        esc(&map.name)
    );
    let targets: Vec<LocationId> = day.map(|(d, _, _)| d.targets.clone()).unwrap_or_default();
    // Bus routes, faint, stop to stop.
    for (k, route) in map.buses.iter().enumerate() {
        let colour = BUS_COLOURS[k % BUS_COLOURS.len()];
        let points: Vec<String> = route
            .stops
            .iter()
            .map(|&l| {
                let (x, y) = pos(map.spaces[usize::from(map.locations[usize::from(l)].space)].at);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let _ = writeln!(
            svg,
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="3" stroke-opacity="0.35" stroke-dasharray="8 6"><title>{}</title></polyline>"#,
            points.join(" "),
            esc(&tr!(
                lang,
                "pic-bb-bus-route",
                number = route.number,
                name = route.name.as_str()
            ))
        );
    }
    // Paths and their small spaces.
    for path in &map.paths {
        let a = pos(map.spaces[usize::from(map.locations[usize::from(path.ends[0])].space)].at);
        let b = pos(map.spaces[usize::from(map.locations[usize::from(path.ends[1])].space)].at);
        let _ = writeln!(
            svg,
            r#"<line class="pr-bp-path" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="{}" stroke-width="1.5"/>"#,
            a.0,
            a.1,
            b.0,
            b.1,
            colour("pr-bp-path")
        );
        for &s in &path.spaces {
            let space = &map.spaces[usize::from(s)];
            let (x, y) = pos(space.at);
            let (class, fill) = if space.black {
                ("pr-ink", light("pr-ink"))
            } else {
                ("pr-bp-space", colour("pr-bp-space"))
            };
            let _ = match space.shape {
                Shape::Circle => writeln!(
                    svg,
                    r#"<circle class="{class} pr-edge" cx="{x:.1}" cy="{y:.1}" r="4.5" fill="{fill}" stroke="{}"><title>{}</title></circle>"#,
                    light("pr-edge"),
                    esc(&space.id)
                ),
                Shape::Triangle => writeln!(
                    svg,
                    r#"<polygon class="{class} pr-edge" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{}"><title>{}</title></polygon>"#,
                    x,
                    y - 5.5,
                    x - 5.0,
                    y + 4.0,
                    x + 5.0,
                    y + 4.0,
                    light("pr-edge"),
                    esc(&space.id)
                ),
            };
        }
    }
    // Locations.
    let labels = layout_labels(lang, map, &pos, &targets, frame);
    for (k, l) in map.locations.iter().enumerate() {
        let space = &map.spaces[usize::from(l.space)];
        let (x, y) = pos(space.at);
        let (class, fill) = if usize::from(map.home) == k {
            ("pr-bp-home", "#FFD54F")
        } else {
            ("pr-bp-loc", colour("pr-bp-loc"))
        };
        let _ = match space.shape {
            Shape::Circle => writeln!(
                svg,
                r#"<circle class="{class} pr-edge" cx="{x:.1}" cy="{y:.1}" r="12" fill="{fill}" stroke="{}" stroke-width="1.5"/>"#,
                light("pr-edge")
            ),
            Shape::Triangle => writeln!(
                svg,
                r#"<polygon class="{class} pr-edge" points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="{}" stroke-width="1.5"/>"#,
                x,
                y - 14.0,
                x - 13.0,
                y + 9.0,
                x + 13.0,
                y + 9.0,
                light("pr-edge")
            ),
        };
        if l.ferry {
            let _ = writeln!(
                svg,
                r#"<circle class="pr-bp-ferry" cx="{x:.1}" cy="{y:.1}" r="16" fill="none" stroke="{}" stroke-width="2"/>"#,
                colour("pr-bp-ferry")
            );
        }
        let target = targets.contains(&(k as LocationId));
        if target {
            let _ = writeln!(
                svg,
                r#"<circle class="pr-bp-target" cx="{x:.1}" cy="{y:.1}" r="21" fill="none" stroke="{}" stroke-width="3" stroke-dasharray="5 3"><title>{}</title></circle>"#,
                colour("pr-bp-target"),
                esc(&tr!(lang, "pic-bb-target", id = l.id.as_str()))
            );
        }
        let (lx, ly, anchor, rect) = labels[k];
        // A close-up leaves out a label it would cut (one of a place at or beyond its edge).
        let cut_by_frame = frame.is_some_and(|[fx, fy, fw, fh]| {
            let outside =
                rect.x1 <= fx || rect.x0 >= fx + fw || rect.y1 <= fy || rect.y0 >= fy + fh;
            let inside = rect.x0 >= fx && rect.x1 <= fx + fw && rect.y0 >= fy && rect.y1 <= fy + fh;
            !outside && !inside
        });
        if cut_by_frame {
            continue;
        }
        let (id_class, id_fill) = if target {
            ("pr-bp-star", colour("pr-bp-star"))
        } else {
            ("pr-ink", light("pr-ink"))
        };
        let _ = writeln!(
            svg,
            r#"<text class="pr-ink pr-halo" x="{lx:.1}" y="{ly:.1}" text-anchor="{anchor}" fill="{}" stroke="{}" stroke-width="3" paint-order="stroke"><tspan class="{id_class}" font-weight="bold" fill="{id_fill}">{}{}</tspan> {}</text>"#,
            light("pr-ink"),
            light("pr-halo"),
            if target { "★ " } else { "" },
            esc(&l.id),
            esc(&label_tail(lang, l, frame.is_none()))
        );
    }
    // Walkers: the last round's walks, then each walker where they stand (those sharing a
    // space stacked above it), then the legend.
    if let Some((day, before, names)) = day {
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
        let mut stacks: std::collections::BTreeMap<SpaceId, Vec<usize>> = Default::default();
        for (w, walker) in day.walkers.iter().enumerate() {
            if let Some(s) = drawn_at(map, walker) {
                stacks.entry(s).or_default().push(w);
            }
        }
        for (&s, here) in &stacks {
            let (x, y) = g.space(map, s);
            for (j, &w) in here.iter().enumerate() {
                let (px, py) = marker_at((x, y), j);
                let c = colours.class(w as u8);
                let letter = letters.get(w).copied().unwrap_or('?');
                let name = cut(&names[w], 8);
                // The name beside the marker, on the side that keeps it inside the close-up.
                let name_width = locale::width(&name) as f64 * FONT * 0.7;
                let right =
                    frame.is_none_or(|[fx, _, fw, _]| px + 24.0 + name_width <= fx + fw - 2.0);
                let (nx, anchor) = if right {
                    (px + 24.0, "start")
                } else {
                    (px - 4.0, "end")
                };
                // In a close-up, no text the frame would cut: a walker at its edge keeps only
                // its marker (the legend names it).
                let cut_by_frame = |x0: f64, y0: f64, x1: f64, y1: f64| {
                    frame.is_some_and(|[fx, fy, fw, fh]| {
                        let outside = x1 <= fx || x0 >= fx + fw || y1 <= fy || y0 >= fy + fh;
                        let inside = x0 >= fx && x1 <= fx + fw && y0 >= fy && y1 <= fy + fh;
                        !outside && !inside
                    })
                };
                let (name_x0, name_x1) = if right {
                    (nx, nx + name_width)
                } else {
                    (nx - name_width, nx)
                };
                let marker_cut = cut_by_frame(px, py - 2.0, px + 20.0, py + 20.0);
                let letter_text = if marker_cut {
                    String::new()
                } else {
                    format!(
                        r#"<text class="pr-tk{c}" x="{:.1}" y="{:.1}" text-anchor="middle" fill="{}" font-weight="bold">{letter}</text>"#,
                        px + 10.0,
                        py + 14.0,
                        colours.text(w as u8)
                    )
                };
                let name_text = if marker_cut || cut_by_frame(name_x0, py - 2.0, name_x1, py + 20.0)
                {
                    String::new()
                } else {
                    format!(
                        r#"<text class="pr-ink pr-halo" x="{nx:.1}" y="{:.1}" text-anchor="{anchor}" fill="{}" stroke="{}" stroke-width="3" paint-order="stroke"{}>{}</text>"#,
                        py + 14.0,
                        light("pr-ink"),
                        light("pr-halo"),
                        if is_own(w) {
                            r#" font-weight="bold""#
                        } else {
                            ""
                        },
                        esc(&name)
                    )
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
                    r#"<g><title>{}</title>{mine}<rect class="pr-t{c} pr-edge" x="{px:.1}" y="{py:.1}" width="20" height="18" rx="5" fill="{}" stroke="{}"/>{letter_text}{name_text}</g>"#,
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
        match frame {
            // The close-up: the legend in a panel along the frame's foot.
            Some([fx, fy, fw, fh]) => {
                let top = fy + fh - panel_height(names.len());
                let _ = writeln!(
                    svg,
                    r#"<rect class="pr-panel pr-edge" x="{fx:.1}" y="{top:.1}" width="{fw:.1}" height="{:.1}" fill="{}" stroke="{}"/>"#,
                    panel_height(names.len()),
                    light("pr-panel"),
                    light("pr-edge")
                );
                for (w, name) in names.iter().enumerate() {
                    let points = day.walkers.get(w).map_or(0, |k| k.points);
                    let x = fx + 8.0 + (w % 2) as f64 * (fw / 2.0);
                    let y = top + 24.0 + (w / 2) as f64 * ROW;
                    let k = Key {
                        w,
                        name,
                        letter: letters[w],
                        colour: colours.class(w as u8),
                        points,
                        own: is_own(w),
                    };
                    key(lang, &mut svg, (x, y), k);
                }
            }
            None => {
                for (w, name) in names.iter().enumerate() {
                    let points = day.walkers.get(w).map_or(0, |k| k.points);
                    let x = MARGIN + (w % 3) as f64 * 250.0;
                    let y = map_height + 14.0 + (w / 3) as f64 * ROW;
                    let k = Key {
                        w,
                        name,
                        letter: letters[w],
                        colour: colours.class(w as u8),
                        points,
                        own: is_own(w),
                    };
                    key(lang, &mut svg, (x, y), k);
                }
            }
        }
    }
    legend(lang, &mut svg, map_height + walkers_height(walkers));
    let _ = writeln!(svg, "</svg>");
    svg
}

/// A location's label after its id: its name and points, and on the whole map its tags.
fn label_tail(lang: Lang, l: &crate::map::Location, tags: bool) -> String {
    format!(
        "{} ({}){}",
        l.name,
        l.points,
        if tags {
            location_tags(lang, l)
        } else {
            String::new()
        }
    )
}

const LEGEND_HEIGHT: f64 = 100.0;

/// The key to the map's symbols, in a band at `top`.
fn legend(lang: Lang, svg: &mut String, top: f64) {
    let x = MARGIN;
    let row = |k: usize| top + 18.0 + k as f64 * 22.0;
    let col = |k: usize| x + k as f64 * 320.0;
    let _ = writeln!(
        svg,
        r#"<g class="pr-ink" font-size="14" fill="{}"><text x="{x:.1}" y="{:.1}" font-weight="bold">{}</text>"#,
        light("pr-ink"),
        top + 2.0,
        lang.t("pic-bb-key")
    );
    let items: [(usize, usize, String, String); 9] = [
        (
            0,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="8" class="pr-bp-loc pr-edge" fill="#E8E0C8" stroke="#222222"/>"##,
                col(0) + 8.0,
                row(0) - 4.0
            ),
            lang.t("pic-bb-key-circle"),
        ),
        (
            0,
            1,
            format!(
                r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" class="pr-bp-loc pr-edge" fill="#E8E0C8" stroke="#222222"/>"##,
                col(0) + 8.0,
                row(1) - 13.0,
                col(0),
                row(1) + 2.0,
                col(0) + 16.0,
                row(1) + 2.0
            ),
            lang.t("pic-bb-key-triangle"),
        ),
        (
            0,
            2,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="8" fill="#FFD54F" class="pr-edge" stroke="#222222"/>"##,
                col(0) + 8.0,
                row(2) - 4.0
            ),
            lang.t("pic-bb-key-keswick"),
        ),
        (
            1,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="4.5" class="pr-bp-space pr-edge" fill="#FFFFFF" stroke="#222222"/>"##,
                col(1) + 8.0,
                row(0) - 4.0
            ),
            lang.t("pic-bb-key-space"),
        ),
        (
            1,
            1,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="4.5" class="pr-ink pr-edge" fill="#1D1D1D" stroke="#222222"/>"##,
                col(1) + 8.0,
                row(1) - 4.0
            ),
            lang.t("pic-bb-key-viewpoint"),
        ),
        (
            1,
            2,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="9" fill="none" class="pr-bp-target" stroke="#C0392B" stroke-width="3" stroke-dasharray="5 3"/>"##,
                col(1) + 8.0,
                row(2) - 4.0
            ),
            lang.t("pic-bb-key-target"),
        ),
        (
            2,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="9" fill="none" class="pr-bp-ferry" stroke="#1F6FB4" stroke-width="2"/>"##,
                col(2) + 8.0,
                row(0) - 4.0
            ),
            lang.t("pic-bb-key-ferry"),
        ),
        (
            2,
            1,
            format!(
                r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#e6550d" stroke-width="3" stroke-opacity="0.5" stroke-dasharray="8 6"/>"##,
                col(2),
                row(1) - 4.0,
                col(2) + 18.0,
                row(1) - 4.0
            ),
            lang.t("pic-bb-key-bus"),
        ),
        (
            2,
            2,
            format!(
                r##"<rect x="{:.1}" y="{:.1}" width="20" height="18" rx="5" class="pr-panel pr-edge" fill="{}" stroke="{}"/>"##,
                col(2) - 2.0,
                row(2) - 14.0,
                light("pr-panel"),
                light("pr-edge")
            ),
            lang.t("pic-bb-key-walker"),
        ),
    ];
    for (c, r, symbol, label) in items {
        let _ = writeln!(
            svg,
            r##"{symbol}<text x="{:.1}" y="{:.1}">{}</text>"##,
            col(c) + 24.0,
            row(r),
            esc(&label)
        );
    }
    let _ = writeln!(
        svg,
        r##"<text x="{x:.1}" y="{:.1}">{}</text></g>"##,
        row(3) + 4.0,
        esc(&lang.t("pic-bb-key-labels"))
    );
}

/// What a location's label says after its name: ` · café · ferry · bus 1,2`.
fn location_tags(lang: Lang, l: &crate::map::Location) -> String {
    let mut tags = Vec::new();
    if l.cafe {
        tags.push(lang.t("pic-bb-cafe"));
    }
    if l.ferry {
        tags.push(lang.t("pic-bb-ferry"));
    }
    if !l.buses.is_empty() {
        tags.push(tr!(
            lang,
            "pic-bb-buses",
            routes = l
                .buses
                .iter()
                .map(u16::to_string)
                .collect::<Vec<_>>()
                .join(",")
        ));
    }
    if tags.is_empty() {
        String::new()
    } else {
        format!(" · {}", tags.join(" · "))
    }
}

/// Every location's label place, in location order (see [`place_label`]): the symbols are
/// kept clear, and each label of the ones placed before it.
fn layout_labels(
    lang: Lang,
    map: &Map,
    pos: &dyn Fn((f64, f64)) -> (f64, f64),
    targets: &[LocationId],
    frame: Option<[f64; 4]>,
) -> Vec<(f64, f64, &'static str, Rect)> {
    let mut taken: Vec<Rect> = map
        .locations
        .iter()
        .map(|l| {
            let (x, y) = pos(map.spaces[usize::from(l.space)].at);
            Rect::around(x, y, 17.0)
        })
        .collect();
    let mut labels = Vec::new();
    for (k, l) in map.locations.iter().enumerate() {
        let (x, y) = pos(map.spaces[usize::from(l.space)].at);
        let star = if targets.contains(&(k as LocationId)) {
            "★ "
        } else {
            ""
        };
        let text = format!("{star}{} {}", l.id, label_tail(lang, l, frame.is_none()));
        let placed = place_label(x, y, &text, &taken, frame);
        taken.push(placed.3);
        labels.push(placed);
    }
    labels
}

/// A box on the picture, for keeping labels apart.
#[derive(Clone, Copy, Debug)]
struct Rect {
    x0: f64,
    y0: f64,
    x1: f64,
    y1: f64,
}

impl Rect {
    fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        }
    }

    fn overlap(&self, other: &Rect) -> f64 {
        let w = (self.x1.min(other.x1) - self.x0.max(other.x0)).max(0.0);
        let h = (self.y1.min(other.y1) - self.y0.max(other.y0)).max(0.0);
        w * h
    }
}

/// Where a location's label goes: right of its symbol, else left, below or above, or a little
/// higher or lower on either side — the first place that overlaps no symbol and no label placed
/// before, or the one that overlaps least; in a close-up, never one cut by the `frame`. Gives the text's anchor point, its `text-anchor`, and
/// the box it takes.
fn place_label(
    x: f64,
    y: f64,
    text: &str,
    taken: &[Rect],
    frame: Option<[f64; 4]>,
) -> (f64, f64, &'static str, Rect) {
    // About 8.7 px a character at 14 px, a little more for the bold id.
    // Columns, not characters: a Japanese character is as wide as two.
    let w = locale::width(text) as f64 * FONT * 0.62 + 8.0;
    let h = FONT + 3.0;
    let candidates = [
        (x + 19.0, y + 4.0, "start"),
        (x - 19.0, y + 4.0, "end"),
        (x, y + 34.0, "middle"),
        (x, y - 24.0, "middle"),
        (x + 19.0, y + 21.0, "start"),
        (x + 19.0, y - 12.0, "start"),
        (x - 19.0, y + 21.0, "end"),
        (x - 19.0, y - 12.0, "end"),
    ];
    let rect_of = |&(lx, ly, anchor): &(f64, f64, &str)| {
        let x0 = match anchor {
            "start" => lx,
            "end" => lx - w,
            _ => lx - w / 2.0,
        };
        Rect {
            x0,
            y0: ly - h + 2.0,
            x1: x0 + w,
            y1: ly + 5.0,
        }
    };
    // A location's own symbol is in `taken` too: it overlaps none of its own candidates.
    let mut best = (f64::MAX, candidates[0]);
    for c in &candidates {
        let r = rect_of(c);
        let cut_by_frame = frame.is_some_and(|[fx, fy, fw, fh]| {
            let f = Rect {
                x0: fx,
                y0: fy,
                x1: fx + fw,
                y1: fy + fh,
            };
            let o = f.overlap(&r);
            o > 0.0 && o < (r.x1 - r.x0) * (r.y1 - r.y0)
        });
        let clash: f64 =
            taken.iter().map(|t| t.overlap(&r)).sum::<f64>() + if cut_by_frame { 1e9 } else { 0.0 };
        if clash == 0.0 {
            return (c.0, c.1, c.2, r);
        }
        if clash < best.0 {
            best = (clash, *c);
        }
    }
    let c = best.1;
    (c.0, c.1, c.2, rect_of(&c))
}

/// The close-up of the map for a small screen, as a `viewBox`: the walkers still out (at least
/// 600 px square around them), or the whole map when they are spread over most of it.
#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::Deck;
    use crate::orders::{RoundOrders, TurnOrders};
    use game_api::Seed;
    use game_api::picture_check::read;
    use std::sync::Arc;

    fn keswick_day() -> (Map, Day) {
        let map = Map::keswick();
        let deck = Deck::keswick(&map);
        let day = Day::new(
            Arc::new(map.clone()),
            Arc::new(deck),
            3,
            &mut Seed(7).rng(0),
        );
        (map, day)
    }

    /// Issue 15: the Keswick map's labels (ASG, ASB, SUR, LOD and the rest) overlap neither each
    /// other nor a location's symbol.
    #[test]
    fn no_two_labels_of_the_keswick_map_overlap() {
        let (map, day) = keswick_day();
        let xs = map.spaces.iter().map(|s| s.at.0);
        let ys = map.spaces.iter().map(|s| s.at.1);
        let min_x = xs.fold(f64::MAX, f64::min);
        let max_y = ys.fold(f64::MIN, f64::max);
        let pos = |at: (f64, f64)| {
            (
                (at.0 - min_x) * SCALE + MARGIN,
                (max_y - at.1) * SCALE + MARGIN,
            )
        };
        let labels = layout_labels(Lang::EN, &map, &pos, &day.targets, None);
        let symbols: Vec<Rect> = map
            .locations
            .iter()
            .map(|l| {
                let (x, y) = pos(map.spaces[usize::from(l.space)].at);
                Rect::around(x, y, 17.0)
            })
            .collect();
        for (i, a) in labels.iter().enumerate() {
            for (j, b) in labels.iter().enumerate().skip(i + 1) {
                assert_eq!(
                    a.3.overlap(&b.3),
                    0.0,
                    "labels of {} and {} overlap",
                    map.locations[i].id,
                    map.locations[j].id
                );
            }
            for (j, s) in symbols.iter().enumerate() {
                assert_eq!(
                    a.3.overlap(s),
                    0.0,
                    "the label of {} covers the symbol of {}",
                    map.locations[i].id,
                    map.locations[j].id
                );
            }
        }
    }

    #[test]
    fn the_map_marks_the_targets_and_has_a_key() {
        let (map, day) = keswick_day();
        let svg = map_svg(
            Lang::EN,
            &map,
            Some((&day, &["ann".into(), "bob".into(), "cy".into()])),
        );
        assert_eq!(svg.matches("<title>target: ").count(), 5);
        for t in &day.targets {
            assert!(svg.contains(&format!("<title>target: {}</title>", map.location_id(*t))));
        }
        assert!(svg.contains(">Key</text>"));
        assert!(
            svg.contains("one of the day&#39;s targets")
                || svg.contains("one of the day's targets")
        );
        assert!(svg.contains(r#"role="img" aria-label="The map: "#));
    }

    /// Every day of a random walk of `walkers` walkers, round by round, to the end.
    fn walk(walkers: usize, seed: u64) -> Vec<Day> {
        let map = Map::keswick();
        let deck = Deck::keswick(&map);
        let mut rng = Seed(seed).rng(0);
        let mut days = vec![Day::new(Arc::new(map), Arc::new(deck), walkers, &mut rng)];
        while !days.last().unwrap().is_over() && days.len() < 40 {
            let now = days.last().unwrap();
            let orders: Vec<RoundOrders> = (0..walkers)
                .map(|w| RoundOrders {
                    turns: [
                        crate::random::turn_orders(now, w, &mut rng),
                        TurnOrders::default(),
                    ],
                    ..RoundOrders::default()
                })
                .collect();
            let (next, _) = now.resolve_round(&orders, &mut rng);
            days.push(next);
        }
        days
    }

    fn names(walkers: usize) -> Vec<String> {
        let all = [
            "ann", "bob", "cy", "dee", "ed", "fran", "gus", "hal", "ivy", "jo", "kim", "lou",
            "meg", "ned", "oz", "pat",
        ];
        all[..walkers].iter().map(|s| s.to_string()).collect()
    }

    /// Issue 51: walkers named after colours are drawn in them, on the close-up's legend and the
    /// whole map's; the others never in a colour some walker is named after.
    #[test]
    fn walkers_named_after_colours_wear_them() {
        let days = walk(5, 7);
        let names: Vec<String> = ["ann", "Blue", "赤", "bob", "Green"]
            .map(String::from)
            .into();
        let day = days.last().unwrap();
        let picture = map_picture(Lang::EN, &day.map, day, None, &names, Some(Seat(1)));
        for svg in [picture.svg, picture.close_up.unwrap()] {
            let reading = read(&svg).unwrap();
            let fills: Vec<String> = (0..names.len())
                .map(|w| {
                    let key = reading.keys.iter().find(|k| k.seat == w).unwrap();
                    key.fill.clone()
                })
                .collect();
            assert_eq!(
                game_api::picture_check::colour_problems(&names, &fills),
                Vec::<String>::new()
            );
            assert_eq!(fills[2], "#D55E00", "赤 in vermilion");
        }
    }

    /// Issue 29: the close-up as a phone shows it (390 px wide), at the start, early, late and
    /// at the day's end, for the public and for a walker: every text at least 12 px and none cut
    /// by the frame ("ke (6)"), the background filling it, every walker named in the legend
    /// inside it, no two sharing colour and letter, the reader's walker marked and inside the
    /// frame, the last round's walks drawn.
    #[test]
    fn the_close_up_reads_on_a_phone_at_every_stage() {
        for (walkers, seed) in [(1, 1), (3, 2), (6, 3), (16, 4)] {
            let days = walk(walkers, seed);
            let names = names(walkers);
            let last = days.len() - 1;
            for round in [0, 1, 2, last / 2, last] {
                let day = &days[round];
                let before = round.checked_sub(1).map(|r| &days[r]);
                for own in [None, Some(Seat(0)), Some(Seat(walkers as u8 - 1))] {
                    let what = format!("{walkers} walkers, round {round}, {own:?}");
                    let picture = map_picture(Lang::EN, &day.map, day, before, &names, own);
                    let close_up = picture.close_up.expect("a close-up");
                    let reading = read(&close_up).unwrap();
                    assert_eq!(reading.problems(), Vec::<String>::new(), "{what}");
                    let mut marks = Vec::new();
                    for (w, name) in names.iter().enumerate() {
                        let key = reading
                            .key_inside(w)
                            .unwrap_or_else(|| panic!("{what}: walker {w} not in the legend"));
                        assert!(key.text.content.starts_with(name.as_str()), "{what}");
                        marks.push((key.colour, key.letter.clone()));
                    }
                    marks.sort();
                    marks.dedup();
                    assert_eq!(marks.len(), walkers, "{what}: colour and letter shared");
                    let drawn =
                        own.is_some_and(|s| drawn_at(&day.map, &day.walkers[s.index()]).is_some());
                    assert_eq!(
                        reading.mine,
                        usize::from(drawn),
                        "{what}: the reader's walker"
                    );
                    if let Some(seat) = own.filter(|_| drawn) {
                        let named = reading
                            .texts
                            .iter()
                            .find(|t| t.content == names[seat.index()])
                            .unwrap_or_else(|| panic!("{what}: the reader's walker unnamed"));
                        assert!(reading.inside(named), "{what}: the reader's walker outside");
                    }
                }
            }
            assert!(
                (1..=last).any(|r| read(
                    &map_picture(
                        Lang::EN,
                        &days[r].map,
                        &days[r],
                        Some(&days[r - 1]),
                        &names,
                        None
                    )
                    .svg
                )
                .unwrap()
                .moves
                    > 0),
                "{walkers} walkers: some walks drawn"
            );
        }
    }

    /// Issue 29: the walkers stand where they are, by letter and name, not as anonymous dots.
    #[test]
    fn the_walkers_are_named_on_the_map() {
        let (map, day) = keswick_day();
        let names = ["ann".to_string(), "bob".into(), "cy".into()];
        let svg = map_picture(Lang::EN, &map, &day, None, &names, Some(Seat(1))).svg;
        for name in &names {
            assert!(svg.contains(&format!(">{name}</text>")), "{name}");
        }
        assert!(svg.contains("<title>bob at KES, you</title>"));
    }

    /// Issue 36: a Japanese reader's map is labelled in Japanese (the key, the walkers' marks,
    /// the places' tags); the places keep the map's own names.
    #[test]
    fn a_japanese_readers_map_is_labelled_in_japanese() {
        let (map, day) = keswick_day();
        let names = ["ann".to_string(), "bob".into(), "cy".into()];
        let ja = Lang::from_code("ja").unwrap();
        let picture = map_picture(ja, &map, &day, None, &names, Some(Seat(1)));
        for svg in [&picture.svg, picture.close_up.as_ref().unwrap()] {
            assert!(svg.contains("<title>bob：KES（あなた）</title>"), "{svg}");
            assert!(svg.contains("（あなた）"));
            assert!(svg.contains(">凡例</text>"));
            assert!(svg.contains("Keswick"), "place names stay");
            for english in [
                ">Key<",
                " pt<",
                "(you)",
                ", you",
                "location entered",
                "café",
            ] {
                assert!(!svg.contains(english), "{english:?} in {svg}");
            }
        }
    }
}
