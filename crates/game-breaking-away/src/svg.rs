//! The track as an SVG picture, for the turn reports on the web: the road as a strip of
//! squares from the start to the finish with its sprint lines, every rider on the track as a
//! disc in its team's colour (riders who share a square stacked in the order they arrived),
//! and the finishers in the order they crossed. Drawn from a [`View`]: only what the viewer
//! may see, and nothing here is secret.

use std::fmt::Write as _;

use game_api::escape_markup as esc;

use crate::position::Status;
use crate::rules::{Grade, Line};
use crate::view::{RiderView, View};

const CELL: i32 = 14;
const LEFT: i32 = 40;
const TOP: i32 = 34;
const DISC: i32 = 12;

pub use game_api::chart::seat_colour as team_colour;

/// The close-up of the track for a small screen, as a `viewBox`: the squares where the riders
/// are (at least 30 wide; the 45 squares behind the front of the race when they are spread
/// wider), or the finish and the finishers once the road is empty. The whole height is kept.
pub fn track_focus(view: &View, teams: &[String]) -> Option<[f64; 4]> {
    let svg = track_svg(view, teams);
    // The whole picture's size, as drawn.
    let size = |name: &str| -> Option<f64> {
        let at = svg.find(&format!(" {name}=\""))? + name.len() + 3;
        svg[at..].split('"').next()?.parse().ok()
    };
    let (width, height) = (size("width")?, size("height")?);
    let start = Grade::ALL
        .iter()
        .map(|g| g.start_distance(view.rules))
        .min()
        .unwrap_or(0);
    let finish = view.rules.set.line_distance(Line::Finish);
    let x_of = |distance: i32| f64::from(LEFT + (distance - start) * CELL);
    let on_track: Vec<i32> = view
        .riders
        .iter()
        .filter(|r| r.on_track())
        .map(|r| r.distance)
        .collect();
    let (low, high) = match (on_track.iter().min(), on_track.iter().max()) {
        (Some(&low), Some(&high)) if high - low <= 45 => (low - 3, high + 3),
        (Some(_), Some(&high)) => (high - 42, high + 3),
        // The road is empty: the finish and the finishers' list.
        _ => (finish - 20, finish + 1),
    };
    let (low, high) = if high - low < 30 {
        let mid = (low + high) / 2;
        (mid - 15, mid + 15)
    } else {
        (low, high)
    };
    let x0 = (x_of(low) - 30.0).max(0.0);
    // Room on the right for the finishers' list when the finish is in the frame.
    let x1 = if high + 1 >= finish {
        width
    } else {
        (x_of(high + 1) + 20.0).min(width)
    };
    (x1 - x0 < width).then_some([x0, 0.0, x1 - x0, height])
}

/// Draws the track with the riders of `view`; `teams` names the teams (for the tooltips and
/// the legend).
pub fn track_svg(view: &View, teams: &[String]) -> String {
    let set = view.rules.set;
    let start = Grade::ALL
        .iter()
        .map(|g| g.start_distance(view.rules))
        .min()
        .unwrap_or(0);
    let finish = set.line_distance(Line::Finish);
    let on_track: Vec<&RiderView> = view.riders.iter().filter(|r| r.on_track()).collect();
    // Riders who share a square stand in the order they arrived (the first to arrive in front).
    let mut stacks: std::collections::BTreeMap<i32, Vec<&RiderView>> = Default::default();
    for &r in &on_track {
        stacks.entry(r.distance).or_default().push(r);
    }
    for stack in stacks.values_mut() {
        stack.sort_by_key(|r| r.arrival);
    }
    let deepest = stacks.values().map(Vec::len).max().unwrap_or(1).max(4) as i32;
    let squares = finish - start + 1;
    let road_height = deepest * DISC + 8;
    let mut finishers: Vec<&RiderView> = view
        .riders
        .iter()
        .filter(|r| matches!(r.status, Status::Finished(_)))
        .collect();
    finishers.sort_by_key(|r| match r.status {
        Status::Finished(place) => (place, r.arrival),
        _ => (u16::MAX, 0),
    });
    let legend_top = TOP + road_height + 40;
    let legend_rows = teams.len().div_ceil(4) as i32;
    let width = LEFT + squares * CELL + 150;
    let height = legend_top + legend_rows * 18 + 10;
    let x_of = |distance: i32| LEFT + (distance - start) * CELL;

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, sans-serif" font-size="10" role="img" aria-label="The track after turn {}">"#,
        view.turn.saturating_sub(1)
    );
    let _ = writeln!(
        svg,
        r##"<rect width="100%" height="100%" fill="#f7f7f2"/><rect x="{LEFT}" y="{TOP}" width="{}" height="{road_height}" fill="#d9d9d0"/>"##,
        squares * CELL
    );
    // Every fifth square is numbered (on the board's loop, by its square number).
    for d in start..=finish {
        let x = x_of(d);
        let _ = writeln!(
            svg,
            r##"<line x1="{x}" y1="{TOP}" x2="{x}" y2="{}" stroke="#bbb" stroke-width="0.5"/>"##,
            TOP + road_height
        );
        if d % 5 == 0 {
            let _ = writeln!(
                svg,
                r##"<text x="{}" y="{}" text-anchor="middle" fill="#555">{}</text>"##,
                x + CELL / 2,
                TOP - 4,
                set.square(d)
            );
        }
    }
    for line in Line::ALL {
        let x = x_of(set.line_distance(line) + 1);
        let colour = if line == Line::Finish {
            "#000"
        } else {
            "#2a7f2a"
        };
        let _ = writeln!(
            svg,
            r#"<line x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="{colour}" stroke-width="3"/><text x="{x}" y="{}" text-anchor="middle" fill="{colour}" font-weight="bold">{}</text>"#,
            TOP - 16,
            TOP + road_height + 4,
            TOP - 18,
            esc(line.name())
        );
    }
    for (distance, stack) in &stacks {
        for (k, r) in stack.iter().enumerate() {
            let cx = x_of(*distance) + CELL / 2;
            let cy = TOP + 4 + k as i32 * DISC + DISC / 2;
            let dropped = r.status == Status::Dropped;
            let team = teams.get(usize::from(r.team)).map_or("?", String::as_str);
            let _ = writeln!(
                svg,
                r##"<g><title>{}-{} on square {}{}{}</title><circle cx="{cx}" cy="{cy}" r="{}" fill="{}" fill-opacity="{}" stroke="#222" stroke-width="{}"/><text x="{cx}" y="{}" text-anchor="middle" fill="#fff" font-size="8" font-weight="bold">{}</text></g>"##,
                esc(team),
                r.grade.letter(),
                set.square(r.distance),
                if r.sole_leader { ", sole leader" } else { "" },
                if dropped { ", dropped" } else { "" },
                DISC / 2 - 1,
                team_colour(r.team),
                if dropped { "0.45" } else { "1" },
                if r.sole_leader { 2 } else { 1 },
                cy + 3,
                r.grade.letter()
            );
        }
    }
    // The finishers, in the order they crossed.
    let fx = x_of(finish + 1) + 20;
    if !finishers.is_empty() {
        let _ = writeln!(
            svg,
            r##"<text x="{fx}" y="{}" font-weight="bold">Finished</text>"##,
            TOP + 8
        );
    }
    for (k, r) in finishers.iter().enumerate() {
        let Status::Finished(place) = r.status else {
            continue;
        };
        let team = teams.get(usize::from(r.team)).map_or("?", String::as_str);
        let _ = writeln!(
            svg,
            r#"<text x="{fx}" y="{}"><tspan fill="{}">●</tspan> {place}. {}-{}</text>"#,
            TOP + 22 + k as i32 * 12,
            team_colour(r.team),
            esc(team),
            r.grade.letter()
        );
    }
    for (t, name) in teams.iter().enumerate() {
        let x = LEFT + (t % 4) as i32 * 160;
        let y = legend_top + (t / 4) as i32 * 18;
        let _ = writeln!(
            svg,
            r##"<circle cx="{}" cy="{}" r="5" fill="{}"/><text x="{}" y="{}" fill="#222">{}</text>"##,
            x + 5,
            y - 4,
            team_colour(t as u8),
            x + 14,
            y,
            esc(name)
        );
    }
    svg.push_str("</svg>\n");
    svg
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Hand, Position};
    use crate::rules::Rules;
    use game_api::Viewer;

    fn start() -> Position {
        let hand = |cards: &[u16]| Hand::new(cards).unwrap();
        let team = [
            hand(&[10, 10, 10]),
            hand(&[8, 8, 9]),
            hand(&[3, 8, 9]),
            hand(&[5, 5, 6]),
        ];
        Position::start(Rules::postal(), &[team, team])
    }

    /// Issue 15: the close-up of the track holds every rider and is narrower than the whole.
    #[test]
    fn the_close_up_frames_the_riders() {
        let view = start().view(Viewer::Public);
        let teams = ["Red".to_string(), "Blue".to_string()];
        let whole = track_svg(&view, &teams);
        let width: f64 = whole
            .split(" width=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let [x, _, w, _] = track_focus(&view, &teams).expect("a close-up at the start");
        assert!(w < width / 2.0, "{w} of {width}");
        let start = Grade::ALL
            .iter()
            .map(|g| g.start_distance(view.rules))
            .min()
            .unwrap();
        for r in &view.riders {
            let rx = f64::from(LEFT + (r.distance - start) * CELL);
            assert!(
                x <= rx && rx + f64::from(CELL) <= x + w,
                "rider at {} outside",
                r.distance
            );
        }
    }

    #[test]
    fn every_rider_on_the_track_is_drawn_with_its_team_colour() {
        let svg = track_svg(
            &start().view(Viewer::Public),
            &["Red".into(), "Blue<".into()],
        );
        assert!(svg.starts_with("<svg"));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(
            svg.matches("<circle cx").count(),
            8 + 2,
            "8 riders and 2 legend discs"
        );
        assert_eq!(svg.matches(team_colour(0)).count(), 5);
        assert!(svg.contains("Blue&lt;-A on square 0"), "names are escaped");
        for line in ["sprint-1", "sprint-2", "finish"] {
            assert!(svg.contains(line), "{line} is drawn");
        }
    }

    #[test]
    fn the_picture_shows_nothing_secret() {
        // The picture is drawn from a view; a seat's view and the public one draw the same.
        let position = start();
        let teams = ["Red".to_string(), "Blue".to_string()];
        assert_eq!(
            track_svg(&position.view(Viewer::Public), &teams),
            track_svg(&position.view(Viewer::Seat(game_api::Seat(0))), &teams)
        );
    }
}
