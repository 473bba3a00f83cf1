//! The map as an SVG picture, for a GM checking a map file and for reports: locations (circles
//! and triangles, with points, cafés, ferry stops and bus routes), paths with their small spaces
//! (black ones filled), and, given a day, where each walker stands.

use std::fmt::Write as _;

use game_api::escape_markup as esc;

use crate::day::{Day, Place};
use crate::map::{LocationId, Map, Shape};

const SCALE: f64 = 90.0;
const MARGIN: f64 = 60.0;
const WALKER_COLOURS: [&str; 8] = [
    "#d62728", "#1f77b4", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf",
];
const BUS_COLOURS: [&str; 6] = [
    "#e6550d", "#31a354", "#756bb1", "#636363", "#3182bd", "#de2d26",
];

/// Draws the map; with `day` and the walkers' names, also where each walker is.
pub fn map_svg(map: &Map, day: Option<(&Day, &[String])>) -> String {
    let xs = map.spaces.iter().map(|s| s.at.0);
    let ys = map.spaces.iter().map(|s| s.at.1);
    let (min_x, max_x) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (min_y, max_y) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    // Labels stand to the right of their location: room for them on the right.
    let width = (max_x - min_x) * SCALE + 2.0 * MARGIN + 240.0;
    let map_height = (max_y - min_y) * SCALE + 2.0 * MARGIN;
    // Below the map: the walkers (given a day), then the legend of the symbols.
    let walkers_height = if day.is_some() { 40.0 } else { 0.0 };
    let height = map_height + walkers_height + LEGEND_HEIGHT;
    let pos = |at: (f64, f64)| {
        (
            (at.0 - min_x) * SCALE + MARGIN,
            (max_y - at.1) * SCALE + MARGIN,
        )
    };
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="DejaVu Sans, sans-serif" role="img" aria-label="The map: {}">"#,
        esc(&map.name)
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#f4f1e6"/><title>{}</title>"##,
        esc(&map.name)
    );
    let targets: Vec<LocationId> = day.map(|(d, _)| d.targets.clone()).unwrap_or_default();
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
            r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="3" stroke-opacity="0.35" stroke-dasharray="8 6"><title>bus {} {}</title></polyline>"#,
            points.join(" "),
            route.number,
            esc(&route.name)
        );
    }
    // Paths and their small spaces.
    for path in &map.paths {
        let a = pos(map.spaces[usize::from(map.locations[usize::from(path.ends[0])].space)].at);
        let b = pos(map.spaces[usize::from(map.locations[usize::from(path.ends[1])].space)].at);
        let _ = writeln!(
            svg,
            r##"<line x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#8a7f6a" stroke-width="1.5"/>"##,
            a.0, a.1, b.0, b.1
        );
        for &s in &path.spaces {
            let space = &map.spaces[usize::from(s)];
            let (x, y) = pos(space.at);
            let fill = if space.black { "#111" } else { "#fff" };
            let _ = match space.shape {
                Shape::Circle => writeln!(
                    svg,
                    r##"<circle cx="{x:.1}" cy="{y:.1}" r="4.5" fill="{fill}" stroke="#333"><title>{}</title></circle>"##,
                    esc(&space.id)
                ),
                Shape::Triangle => writeln!(
                    svg,
                    r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="#333"><title>{}</title></polygon>"##,
                    x,
                    y - 5.5,
                    x - 5.0,
                    y + 4.0,
                    x + 5.0,
                    y + 4.0,
                    esc(&space.id)
                ),
            };
        }
    }
    // Locations.
    let labels = layout_labels(map, &pos, &targets);
    for (k, l) in map.locations.iter().enumerate() {
        let space = &map.spaces[usize::from(l.space)];
        let (x, y) = pos(space.at);
        let fill = if usize::from(map.home)
            == map.locations.iter().position(|m| m.id == l.id).unwrap_or(0)
        {
            "#ffd54f"
        } else {
            "#e8e0c8"
        };
        let _ = match space.shape {
            Shape::Circle => writeln!(
                svg,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="12" fill="{fill}" stroke="#333" stroke-width="1.5"/>"##
            ),
            Shape::Triangle => writeln!(
                svg,
                r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="{fill}" stroke="#333" stroke-width="1.5"/>"##,
                x,
                y - 14.0,
                x - 13.0,
                y + 9.0,
                x + 13.0,
                y + 9.0
            ),
        };
        if l.ferry {
            let _ = writeln!(
                svg,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="16" fill="none" stroke="#1f6fb4" stroke-width="2"/>"##
            );
        }
        let tags = location_tags(l);
        let target = targets.contains(&(k as LocationId));
        if target {
            let _ = writeln!(
                svg,
                r##"<circle cx="{x:.1}" cy="{y:.1}" r="21" fill="none" stroke="#c0392b" stroke-width="3" stroke-dasharray="5 3"><title>target: {}</title></circle>"##,
                esc(&l.id)
            );
        }
        let (lx, ly, anchor, _) = labels[k];
        let _ = writeln!(
            svg,
            r##"<text x="{lx:.1}" y="{ly:.1}" text-anchor="{anchor}" font-size="11" fill="#222" stroke="#f4f1e6" stroke-width="3" paint-order="stroke"><tspan font-weight="bold"{}>{}{}</tspan> {} ({}){}</text>"##,
            if target { r##" fill="#a0281c""## } else { "" },
            if target { "★ " } else { "" },
            esc(&l.id),
            esc(&l.name),
            l.points,
            esc(&tags)
        );
    }
    // Walkers.
    if let Some((day, names)) = day {
        for (w, walker) in day.walkers.iter().enumerate() {
            let Place::At(s) = walker.place else { continue };
            if !walker.is_out() {
                continue;
            }
            let (x, y) = pos(map.spaces[usize::from(s)].at);
            let (dx, dy) = (((w % 4) as f64 - 1.5) * 9.0, -18.0 - (w / 4) as f64 * 9.0);
            let colour = WALKER_COLOURS[w % WALKER_COLOURS.len()];
            let _ = writeln!(
                svg,
                r##"<circle cx="{:.1}" cy="{:.1}" r="6" fill="{colour}" stroke="#000"><title>{} at {}</title></circle>"##,
                x + dx,
                y + dy,
                esc(&names[w]),
                esc(map.space_id(s))
            );
        }
        for (w, name) in names.iter().enumerate() {
            let colour = WALKER_COLOURS[w % WALKER_COLOURS.len()];
            let (lx, ly) = (
                MARGIN + (w % 6) as f64 * 110.0,
                map_height + 10.0 + (w / 6) as f64 * 16.0,
            );
            let _ = writeln!(
                svg,
                r##"<circle cx="{lx:.1}" cy="{ly:.1}" r="6" fill="{colour}" stroke="#000"/><text x="{:.1}" y="{:.1}" font-size="12">{}</text>"##,
                lx + 10.0,
                ly + 4.0,
                esc(name)
            );
        }
    }
    legend(&mut svg, map_height + walkers_height);
    let _ = writeln!(svg, "</svg>");
    svg
}

const LEGEND_HEIGHT: f64 = 100.0;

/// The key to the map's symbols, in a band at `top`.
fn legend(svg: &mut String, top: f64) {
    let x = MARGIN;
    let row = |k: usize| top + 16.0 + k as f64 * 20.0;
    let col = |k: usize| x + k as f64 * 250.0;
    let _ = writeln!(
        svg,
        r##"<g font-size="11" fill="#222"><text x="{x:.1}" y="{:.1}" font-weight="bold">Key</text>"##,
        top + 2.0
    );
    let items: [(usize, usize, String, &str); 9] = [
        (
            0,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="8" fill="#e8e0c8" stroke="#333"/>"##,
                col(0) + 8.0,
                row(0) - 4.0
            ),
            "location entered with a circle",
        ),
        (
            0,
            1,
            format!(
                r##"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}" fill="#e8e0c8" stroke="#333"/>"##,
                col(0) + 8.0,
                row(1) - 13.0,
                col(0),
                row(1) + 2.0,
                col(0) + 16.0,
                row(1) + 2.0
            ),
            "location entered with a triangle",
        ),
        (
            0,
            2,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="8" fill="#ffd54f" stroke="#333"/>"##,
                col(0) + 8.0,
                row(2) - 4.0
            ),
            "Keswick: start and finish",
        ),
        (
            1,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="4.5" fill="#fff" stroke="#333"/>"##,
                col(1) + 8.0,
                row(0) - 4.0
            ),
            "small space (○ or △ to enter)",
        ),
        (
            1,
            1,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="4.5" fill="#111" stroke="#333"/>"##,
                col(1) + 8.0,
                row(1) - 4.0
            ),
            "beauty spot or viewpoint: 1 point",
        ),
        (
            1,
            2,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="9" fill="none" stroke="#c0392b" stroke-width="3" stroke-dasharray="5 3"/>"##,
                col(1) + 8.0,
                row(2) - 4.0
            ),
            "★ one of the day's targets",
        ),
        (
            2,
            0,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="9" fill="none" stroke="#1f6fb4" stroke-width="2"/>"##,
                col(2) + 8.0,
                row(0) - 4.0
            ),
            "ferry stop",
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
            "bus route (numbered at its stops)",
        ),
        (
            2,
            2,
            format!(
                r##"<circle cx="{:.1}" cy="{:.1}" r="6" fill="#d62728" stroke="#000"/>"##,
                col(2) + 8.0,
                row(2) - 4.0
            ),
            "a walker (colours below the map)",
        ),
    ];
    for (c, r, symbol, label) in items {
        let _ = writeln!(
            svg,
            r##"{symbol}<text x="{:.1}" y="{:.1}">{}</text>"##,
            col(c) + 24.0,
            row(r),
            esc(label)
        );
    }
    let _ = writeln!(
        svg,
        r##"<text x="{x:.1}" y="{:.1}">Labels: ID name (points for ending a turn there) · café · ferry · bus routes</text></g>"##,
        row(3) + 4.0
    );
}

/// What a location's label says after its name: ` · café · ferry · bus 1,2`.
fn location_tags(l: &crate::map::Location) -> String {
    let mut tags = Vec::new();
    if l.cafe {
        tags.push("café".to_string());
    }
    if l.ferry {
        tags.push("ferry".to_string());
    }
    if !l.buses.is_empty() {
        tags.push(format!(
            "bus {}",
            l.buses
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
    map: &Map,
    pos: &dyn Fn((f64, f64)) -> (f64, f64),
    targets: &[LocationId],
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
        let text = format!(
            "{star}{} {} ({}){}",
            l.id,
            l.name,
            l.points,
            location_tags(l)
        );
        let placed = place_label(x, y, &text, &taken);
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
/// before, or the one that overlaps least. Gives the text's anchor point, its `text-anchor`, and
/// the box it takes.
fn place_label(x: f64, y: f64, text: &str, taken: &[Rect]) -> (f64, f64, &'static str, Rect) {
    // About 6.4 px a character at 11 px, a little more for the bold id.
    let w = text.chars().count() as f64 * 6.4 + 6.0;
    let h = 13.0;
    let candidates = [
        (x + 19.0, y + 4.0, "start"),
        (x - 19.0, y + 4.0, "end"),
        (x, y + 30.0, "middle"),
        (x, y - 22.0, "middle"),
        (x + 19.0, y + 18.0, "start"),
        (x + 19.0, y - 10.0, "start"),
        (x - 19.0, y + 18.0, "end"),
        (x - 19.0, y - 10.0, "end"),
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
            y1: ly + 3.0,
        }
    };
    // A location's own symbol is in `taken` too: it overlaps none of its own candidates.
    let mut best = (f64::MAX, candidates[0]);
    for c in &candidates {
        let r = rect_of(c);
        let clash: f64 = taken.iter().map(|t| t.overlap(&r)).sum();
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
pub fn map_focus(map: &Map, day: &Day) -> Option<[f64; 4]> {
    let whole = map_svg(map, None);
    let size = |name: &str| -> Option<f64> {
        let at = whole.find(&format!(" {name}=\""))? + name.len() + 3;
        whole[at..].split('"').next()?.parse().ok()
    };
    let (width, _) = (size("width")?, size("height")?);
    let xs = map.spaces.iter().map(|s| s.at.0);
    let ys = map.spaces.iter().map(|s| s.at.1);
    let (min_x, _) = xs.fold((f64::MAX, f64::MIN), |(a, b), x| (a.min(x), b.max(x)));
    let (_, max_y) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let pos = |at: (f64, f64)| {
        (
            (at.0 - min_x) * SCALE + MARGIN,
            (max_y - at.1) * SCALE + MARGIN,
        )
    };
    let spots: Vec<(f64, f64)> = day
        .walkers
        .iter()
        .filter(|w| w.is_out())
        .filter_map(|w| w.space())
        .map(|s| pos(map.spaces[usize::from(s)].at))
        .collect();
    let spots = if spots.is_empty() {
        vec![pos(map.spaces[usize::from(map.home_space())].at)]
    } else {
        spots
    };
    let (x0, x1) = spots
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = spots
        .iter()
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    let side = (x1 - x0).max(y1 - y0) + 200.0;
    let side = side.max(600.0);
    if side >= width * 0.8 {
        return None;
    }
    let (cx, cy) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0);
    Some([
        (cx - side / 2.0).max(0.0),
        (cy - side / 2.0).max(0.0),
        side,
        side,
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::Deck;
    use game_api::Seed;
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
        let labels = layout_labels(&map, &pos, &day.targets);
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

    /// At the start every walker is in Keswick: the close-up is a square around it, smaller
    /// than the whole map, and still holds Keswick.
    #[test]
    fn the_close_up_is_centred_on_the_walkers() {
        let (map, day) = keswick_day();
        let [x, y, w, h] = map_focus(&map, &day).expect("a close-up");
        let svg = map_svg(&map, None);
        let width: f64 = svg
            .split(" width=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(w < width && w == h, "{w} of {width}");
        let xs = map.spaces.iter().map(|s| s.at.0);
        let ys = map.spaces.iter().map(|s| s.at.1);
        let min_x = xs.fold(f64::MAX, f64::min);
        let max_y = ys.fold(f64::MIN, f64::max);
        let home = map.spaces[usize::from(map.home_space())].at;
        let (hx, hy) = (
            (home.0 - min_x) * SCALE + MARGIN,
            (max_y - home.1) * SCALE + MARGIN,
        );
        assert!(x <= hx && hx <= x + w && y <= hy && hy <= y + h);
    }
}
