//! The map as an SVG picture, for a GM checking a map file, the game page and the mail:
//! locations (circles and triangles, with points, cafés, ferry stops and bus routes), paths with
//! their small spaces (black ones filled), and, given a day, every walker by letter, colour and
//! name where they stand, the last round's walks as arrows, and the walkers' legend. The whole
//! map is drawn at its natural size (a phone scrolls it, opening at the reader's walker); the
//! close-up a phone shows first is drawn for it (`close_up.rs`). Labels in `labels.rs`, the
//! walkers in `walkers.rs`, the key to the symbols in `key.rs`.

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::{self, Picture, light};
use game_api::{Lang, Seat};
use locale::tr;

use crate::day::{Day, Place, Walker};
use crate::map::{LocationId, Map, Shape, SpaceId};

mod close_up;
mod key;
mod labels;
#[cfg(test)]
mod tests;
mod walkers;

pub use close_up::{FRAME_W, menu_places};
use labels::{Mark, Phone, label_tail, layout_labels};
use walkers::{Walkers, band_height, chips, draw_legend, draw_walkers};

/// The whole map's scale: px a kilometre.
const SCALE: f64 = 110.0;
const MARGIN: f64 = 70.0;
/// Every text's size on the map: 14, at least 12 px on a phone showing the close-up.
const FONT: f64 = 14.0;
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

/// How far from its place's centre a badge's nearest side may stand and still read as the
/// place's without a line to it (the symbols reach 14 px from their centre).
pub(super) const BADGE_BESIDE: f64 = 18.0;

fn colour(class: &str) -> &'static str {
    STYLE
        .iter()
        .find(|s| s.0 == class)
        .map_or_else(|| light(class), |s| s.2)
}

/// Where the map's points are drawn: `scale` px a kilometre, the west-most point `dx` from
/// the left, the north-most `dy` from the top; the map's width and height.
#[derive(Clone, Debug)]
struct Geometry {
    min_x: f64,
    max_y: f64,
    scale: f64,
    dx: f64,
    dy: f64,
    width: f64,
    map_height: f64,
}

impl Geometry {
    /// The whole map at its natural scale.
    fn of(map: &Map) -> Geometry {
        let xs = map.spaces.iter().map(|s| s.at.0);
        let ys = map.spaces.iter().map(|s| s.at.1);
        let (min_x, max_x) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
        let (min_y, max_y) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
        Geometry {
            min_x,
            max_y,
            scale: SCALE,
            dx: MARGIN,
            dy: MARGIN,
            // Labels stand to the right of their location: room for them on the right.
            width: (max_x - min_x) * SCALE + 2.0 * MARGIN + 280.0,
            map_height: (max_y - min_y) * SCALE + 2.0 * MARGIN,
        }
    }

    fn pos(&self, at: (f64, f64)) -> (f64, f64) {
        (
            (at.0 - self.min_x) * self.scale + self.dx,
            (self.max_y - at.1) * self.scale + self.dy,
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

/// Draws the map; with `day` and the walkers' names, also where each walker is.
pub fn map_svg(lang: Lang, map: &Map, day: Option<(&Day, &[String])>) -> String {
    let walkers = day.map(|(day, names)| Walkers {
        day,
        before: None,
        names,
        own: None,
        named: true,
    });
    draw(lang, map, walkers.as_ref(), None)
}

/// The map with the day's walkers, the last round's walks (from `before`), `own`'s walker
/// marked, and the close-up a phone shows first, labelled in `lang` (place names stay the
/// map's own).
pub fn map_picture(
    lang: Lang,
    map: &Map,
    day: &Day,
    before: Option<&Day>,
    names: &[String],
    own: Option<Seat>,
) -> Picture {
    let walkers = |named| Walkers {
        day,
        before,
        names,
        own,
        named,
    };
    let svg = draw(lang, map, Some(&walkers(true)), None);
    let close = close_up::close_up(map, day, own);
    let close_up = Some(draw(lang, map, Some(&walkers(false)), Some(&close)));
    Picture { svg, close_up }
}

/// Where the walkers' chips and the places' names go. The close-up places the chips first and
/// its labels clear of them (a place with no room gets a badge); the whole map labels every
/// place first and sets the chips (with their names) clear of the labels.
fn place(
    lang: Lang,
    map: &Map,
    g: &Geometry,
    walkers: Option<&Walkers>,
    close: Option<&close_up::CloseUp>,
) -> (Vec<walkers::Chip>, Vec<Mark>) {
    let pos = |at: (f64, f64)| g.pos(at);
    let targets: Vec<LocationId> = walkers.map(|k| k.day.targets.clone()).unwrap_or_default();
    let place_chips = |avoid: &[labels::Rect]| -> Vec<walkers::Chip> {
        walkers.map_or_else(Vec::new, |k| {
            chips(map, g, k.day, k.named.then_some(k.names), avoid)
        })
    };
    match close {
        Some(c) => {
            let placed = place_chips(&[]);
            let boxes: Vec<labels::Rect> = placed.iter().map(|c| c.rect).collect();
            let phone = Phone {
                frame: [0.0, 0.0, g.width, g.map_height],
                named: &c.named,
            };
            let marks = layout_labels(lang, map, &pos, &targets, &boxes, Some(&phone));
            (placed, marks)
        }
        None => {
            let marks = layout_labels(lang, map, &pos, &targets, &[], None);
            let boxes: Vec<labels::Rect> = marks
                .iter()
                .filter_map(|m| match m {
                    Mark::Label(_, _, _, r) | Mark::Badge(_, r) => Some(*r),
                    Mark::Unnamed => None,
                })
                .collect();
            (place_chips(&boxes), marks)
        }
    }
}

/// Draws the map (see [`map_svg`], [`map_picture`]); with `close`, the close-up: its own
/// scale, labels kept whole inside it, the walkers' legend and the badges' list under it.
fn draw(
    lang: Lang,
    map: &Map,
    walkers: Option<&Walkers>,
    close: Option<&close_up::CloseUp>,
) -> String {
    let g = close.map_or_else(|| Geometry::of(map), |c| c.geometry.clone());
    let count = walkers.map_or(0, |k| k.names.len());
    let map_height = g.map_height;
    let pos = |at: (f64, f64)| g.pos(at);
    let mut svg = String::new();
    let targets: Vec<LocationId> = walkers.map(|k| k.day.targets.clone()).unwrap_or_default();
    let (placed, marks) = place(lang, map, &g, walkers, close);
    // On a close-up far from the map's own scale, the small spaces are drawn smaller.
    let space_r = if g.scale < SCALE / 2.0 { 3.0 } else { 4.5 };
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
                    r#"<circle class="{class} pr-edge" cx="{x:.1}" cy="{y:.1}" r="{space_r}" fill="{fill}" stroke="{}"><title>{}</title></circle>"#,
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
        let (lx, ly, anchor) = match marks[k] {
            Mark::Label(lx, ly, anchor, _) => (lx, ly, anchor),
            // Badges are drawn last, above the walkers and the other places' symbols; one that
            // had to stand away from its place is tied to it by a short line, from the
            // symbol's edge to the badge's nearest side.
            Mark::Badge(_, r) => {
                let (ex, ey) = (x.clamp(r.x0, r.x1), y.clamp(r.y0, r.y1));
                let (dx, dy) = (ex - x, ey - y);
                let d = dx.hypot(dy);
                if d > BADGE_BESIDE {
                    let _ = writeln!(
                        svg,
                        r#"<line class="pr-edge pr-badge-tie" x1="{:.1}" y1="{:.1}" x2="{ex:.1}" y2="{ey:.1}" stroke="{}" stroke-width="1.5"/>"#,
                        x + dx / d * 14.0,
                        y + dy / d * 14.0,
                        light("pr-edge")
                    );
                }
                continue;
            }
            Mark::Unnamed => continue,
        };
        let (id_class, id_fill) = if target {
            ("pr-bp-star", colour("pr-bp-star"))
        } else {
            ("pr-ink", light("pr-ink"))
        };
        // The whole map names a place by id, name, points and tags; the close-up by its name
        // and points, as the menus and reports do.
        let (bold, tail) = if close.is_some() {
            (l.name.clone(), format!("({})", l.points))
        } else {
            (l.id.clone(), label_tail(lang, l, true))
        };
        // Bold only where the label's box allows for it (the whole map's ids).
        let weight = if close.is_some() {
            ""
        } else {
            r#" font-weight="bold""#
        };
        let _ = writeln!(
            svg,
            r#"<text class="pr-ink pr-halo" x="{lx:.1}" y="{ly:.1}" text-anchor="{anchor}" fill="{}" stroke="{}" stroke-width="5" stroke-linejoin="round" paint-order="stroke"><tspan class="{id_class}"{weight} fill="{id_fill}">{}{}</tspan> {}</text>"#,
            light("pr-ink"),
            light("pr-halo"),
            if target { "★ " } else { "" },
            esc(&bold),
            esc(&tail)
        );
    }
    // Walkers: the last round's walks, then each walker where they stand, then the legend:
    // under the whole map three to a row, under the close-up two to a row with the list of
    // the places named by badge.
    let mut height = map_height;
    if let Some(k) = walkers {
        draw_walkers(lang, &mut svg, map, &g, k, &placed);
        for (l, mark) in map.locations.iter().zip(&marks) {
            if let Mark::Badge(n, r) = *mark {
                close_up::draw_badge(&mut svg, n, r, &l.name);
            }
        }
        match close {
            Some(_) => {
                let badges = marks
                    .iter()
                    .filter(|m| matches!(m, Mark::Badge(..)))
                    .count();
                let panel = close_up::panel_height(count, badges);
                let _ = writeln!(
                    svg,
                    r#"<rect class="pr-panel pr-edge" x="0" y="{map_height:.1}" width="{:.1}" height="{panel:.1}" fill="{}" stroke="{}"/>"#,
                    g.width,
                    light("pr-panel"),
                    light("pr-edge")
                );
                draw_legend(
                    lang,
                    &mut svg,
                    k,
                    (8.0, map_height + 24.0),
                    2,
                    g.width / 2.0,
                );
                let list_top = map_height + 24.0 + count.div_ceil(2) as f64 * ROW;
                close_up::draw_badge_list(&mut svg, map, &marks, &targets, (8.0, list_top));
                height += panel;
            }
            None => {
                draw_legend(lang, &mut svg, k, (MARGIN, map_height + 14.0), 3, 250.0);
                height += band_height(count);
            }
        }
    }
    if close.is_none() {
        key::legend(lang, &mut svg, height);
        height += key::LEGEND_HEIGHT;
    }
    let width = g.width;
    // The whole map opens scrolled to the reader's walker (or the leader, or Keswick):
    // `data-focus` and `data-focus-y`, the picture's top-left corner to scroll to.
    let focus = walkers.map_or_else(
        || g.space(map, map.home_space()),
        |k| {
            let seat = k.own.map(Seat::index).filter(|&w| {
                k.day
                    .walkers
                    .get(w)
                    .is_some_and(|w| drawn_at(map, w).is_some())
            });
            let leader = (0..k.day.walkers.len())
                .filter(|&w| drawn_at(map, &k.day.walkers[w]).is_some())
                .max_by_key(|&w| k.day.walkers[w].points);
            seat.or(leader)
                .and_then(|w| drawn_at(map, &k.day.walkers[w]))
                .map_or_else(|| g.space(map, map.home_space()), |s| g.space(map, s))
        },
    );
    let head = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="DejaVu Sans, sans-serif" font-size="{FONT}" role="img" aria-label="{}" data-focus="{:.0}" data-focus-y="{:.0}">
{}<rect class="pr-bg" x="0" y="0" width="{width:.0}" height="{height:.0}" fill="{}"/><title>{}</title>
"#,
        esc(&tr!(lang, "pic-bb-label", map = map.name.as_str())),
        (focus.0 - 180.0).max(0.0),
        (focus.1 - 240.0).max(0.0),
        picture::style(&STYLE),
        light("pr-bg"),
        esc(&map.name)
    );
    let _ = writeln!(svg, "</svg>");
    head + &svg
}
