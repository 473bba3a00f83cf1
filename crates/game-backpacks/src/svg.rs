//! The map as an SVG picture, for a GM checking a map file and for reports: locations (circles
//! and triangles, with points, cafés, ferry stops and bus routes), paths with their small spaces
//! (black ones filled), and, given a day, where each walker stands.

use std::fmt::Write as _;

use game_api::escape_markup as esc;

use crate::day::{Day, Place};
use crate::map::{Map, Shape};

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
    let height = (max_y - min_y) * SCALE + 2.0 * MARGIN + 40.0;
    let pos = |at: (f64, f64)| {
        (
            (at.0 - min_x) * SCALE + MARGIN,
            (max_y - at.1) * SCALE + MARGIN,
        )
    };
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="DejaVu Sans, sans-serif">"#
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#f4f1e6"/><title>{}</title>"##,
        esc(&map.name)
    );
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
    for l in &map.locations {
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
        let tags = if tags.is_empty() {
            String::new()
        } else {
            format!(" · {}", tags.join(" · "))
        };
        let _ = writeln!(
            svg,
            r##"<text x="{:.1}" y="{:.1}" font-size="11" fill="#222" stroke="#f4f1e6" stroke-width="3" paint-order="stroke"><tspan font-weight="bold">{}</tspan> {} ({}){}</text>"##,
            x + 17.0,
            y + 4.0,
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
            let (lx, ly) = (MARGIN + w as f64 * 110.0, height - 20.0);
            let _ = writeln!(
                svg,
                r##"<circle cx="{lx:.1}" cy="{ly:.1}" r="6" fill="{colour}" stroke="#000"/><text x="{:.1}" y="{:.1}" font-size="12">{}</text>"##,
                lx + 10.0,
                ly + 4.0,
                esc(name)
            );
        }
    }
    let _ = writeln!(svg, "</svg>");
    svg
}
