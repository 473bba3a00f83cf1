//! The close-up a phone shows first: the map drawn for a 390-px screen, not cut out of the
//! whole. It holds every walker still out, the reader's walker, the day's targets and every
//! place the reader's order menu names (where each legal move ends; a space of a path names
//! both ends of its path), at the map's own scale when they fit in the frame, else at the
//! scale that fits them all. Text keeps its size (14 px, 12 px on a phone): the places that
//! matter are named by name, each beside its symbol where there is room, else by a numbered
//! badge whose name is listed under the map, beside the walkers' legend; other places are
//! named only where there is room.

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::light;
use game_api::{Seat, Viewer};

use super::labels::{Mark, Rect, phone_label};
use super::walkers::stacks;
use super::{FONT, Geometry, ROW, SCALE, drawn_at};
use crate::day::Day;
use crate::map::{LocationId, Map, SpaceId};
use crate::moves::{Standing, legal_moves};

/// The close-up's width: 14-px text is 12.2 px when it is shown 390 px wide.
pub const FRAME_W: f64 = 448.0;
/// The close-up map's height: at least this, at most [`MAX_MAP_H`].
const MIN_MAP_H: f64 = 360.0;
const MAX_MAP_H: f64 = 560.0;
/// Room around the places shown: a label's start on either side, a target's ring below.
const SIDE: f64 = 40.0;
const FOOT: f64 = 40.0;

/// How the close-up is drawn: where the map's points go, and the places it must name.
pub(super) struct CloseUp {
    pub(super) geometry: Geometry,
    pub(super) named: Vec<LocationId>,
}

/// The places the reader's order menu names for its coming turn: where each legal move ends
/// (a location, or both ends of the path a space lies on). None for another viewer, or a
/// walker whose day is over.
pub fn menu_places(map: &Map, day: &Day, own: Option<Seat>) -> Vec<LocationId> {
    let Some(seat) = own.filter(|s| s.index() < day.walkers.len()) else {
        return Vec::new();
    };
    let Some(standing) = Standing::from_view(&day.view(Viewer::Seat(seat))) else {
        return Vec::new();
    };
    let mut places = Vec::new();
    for end in legal_moves(map, &standing).iter().filter_map(|m| m.end) {
        places.extend(named_by(map, end));
    }
    places.sort_unstable();
    places.dedup();
    places
}

/// The locations naming a space: its own, or its path's two ends.
fn named_by(map: &Map, space: SpaceId) -> Vec<LocationId> {
    match map.spaces[usize::from(space)].location {
        Some(l) => vec![l],
        None => map
            .on_path(space)
            .map(|(path, _)| path.ends.to_vec())
            .unwrap_or_default(),
    }
}

/// The close-up for `own` (or for a viewer with no walker): what it holds and at what scale.
pub(super) fn close_up(map: &Map, day: &Day, own: Option<Seat>) -> CloseUp {
    let out: Vec<SpaceId> = day
        .walkers
        .iter()
        .filter_map(|w| drawn_at(map, w))
        .collect();
    let mut named: Vec<LocationId> = day.targets.clone();
    named.extend(menu_places(map, day, own));
    for &s in &out {
        named.extend(named_by(map, s));
    }
    named.sort_unstable();
    named.dedup();
    let mut spaces: Vec<SpaceId> = out;
    spaces.extend(named.iter().map(|&l| map.locations[usize::from(l)].space));
    if spaces.is_empty() {
        spaces.push(map.home_space());
    }
    let at = |s: &SpaceId| map.spaces[usize::from(*s)].at;
    let (x0, x1) = spaces
        .iter()
        .map(at)
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.0), b.max(p.0)));
    let (y0, y1) = spaces
        .iter()
        .map(at)
        .fold((f64::MAX, f64::MIN), |(a, b), p| (a.min(p.1), b.max(p.1)));
    // The walkers stand in columns of six above their space: room above for the tallest
    // stack, and on the right for its further columns.
    let tallest = stacks(map, day).values().map(Vec::len).max().unwrap_or(0);
    let top = 50.0 + tallest.clamp(1, 6).saturating_sub(1) as f64 * ROW;
    let right = SIDE + tallest.saturating_sub(1).div_euclid(6) as f64 * 110.0;
    let (room_w, room_h) = (FRAME_W - SIDE - right, MAX_MAP_H - top - FOOT);
    let (span_w, span_h) = (x1 - x0, y1 - y0);
    let fit = |room: f64, span: f64| if span > 0.0 { room / span } else { f64::MAX };
    let scale = SCALE.min(fit(room_w, span_w)).min(fit(room_h, span_h));
    let map_height = (span_h * scale + top + FOOT).max(MIN_MAP_H);
    CloseUp {
        geometry: Geometry {
            min_x: x0,
            max_y: y1,
            scale,
            dx: SIDE + (room_w - span_w * scale) / 2.0,
            dy: top + (map_height - top - FOOT - span_h * scale) / 2.0,
            width: FRAME_W,
            map_height,
        },
        named,
    }
}

/// The panel under the close-up's map: the walkers' legend (two to a row), then the places
/// named by badge, one to a row. Its height.
pub(super) fn panel_height(walkers: usize, badges: usize) -> f64 {
    walkers.div_ceil(2) as f64 * ROW + badges as f64 * ROW + 12.0
}

/// Draws a badge on the map: its number in a small box.
pub(super) fn draw_badge(svg: &mut String, n: usize, r: Rect, title: &str) {
    let _ = writeln!(
        svg,
        r#"<g class="pr-badge"><title>{}</title><rect class="pr-panel pr-edge" x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}" rx="4" fill="{}" stroke="{}"/><text class="pr-ink" x="{:.1}" y="{:.1}" text-anchor="middle" font-weight="bold" fill="{}">{n}</text></g>"#,
        esc(title),
        r.x0,
        r.y0,
        r.x1 - r.x0,
        r.y1 - r.y0,
        light("pr-panel"),
        light("pr-edge"),
        (r.x0 + r.x1) / 2.0,
        r.y1 - 3.5,
        light("pr-ink"),
    );
}

/// Lists the places named by badge from `top`, one to a row: the badge's number, then the
/// place's name and points (a target starred).
pub(super) fn draw_badge_list(
    svg: &mut String,
    map: &Map,
    marks: &[Mark],
    targets: &[LocationId],
    (x, top): (f64, f64),
) {
    let mut listed: Vec<(usize, usize)> = marks
        .iter()
        .enumerate()
        .filter_map(|(k, m)| match m {
            Mark::Badge(n, _) => Some((*n, k)),
            _ => None,
        })
        .collect();
    listed.sort_unstable();
    for (row, (n, k)) in listed.into_iter().enumerate() {
        let y = top + row as f64 * ROW;
        let l = &map.locations[k];
        let star = if targets.contains(&(k as LocationId)) {
            "★ "
        } else {
            ""
        };
        let r = Rect {
            x0: x,
            y0: y - 14.0,
            x1: x + if n > 9 { 29.0 } else { 20.0 },
            y1: y + 4.0,
        };
        draw_badge(svg, n, r, &l.name);
        let _ = writeln!(
            svg,
            r#"<text class="pr-ink" x="{:.1}" y="{y:.1}" fill="{}">{}{}</text>"#,
            r.x1 + 8.0,
            light("pr-ink"),
            star,
            esc(&super::walkers::cut(
                &phone_label(l),
                ((FRAME_W - 60.0) / (FONT * 0.62)) as usize
            )),
        );
    }
}
