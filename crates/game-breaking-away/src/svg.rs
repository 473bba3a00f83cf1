//! The track as an SVG picture, for the game page and the mail: the road as a strip of squares
//! from the start to the finish with its sprint lines, every rider on it as a marker in its
//! team's colour with its team's letter and its grade (riders who share a square stacked in the
//! order they arrived), the last turn's moves as arrows from where each rider was, the legend
//! and the finishers, drawn at its natural size for a phone's scrolling frame, which opens on
//! the sixteen squares around the reader's riders (or the front of the race), where the legend
//! stands. The close-up a phone shows first is the race at a glance (`glance`). Drawn from the
//! public view: the reader changes only which riders are marked as theirs.

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::{self, Picture, TeamColours, light};
use game_api::season::Worn;
use game_api::{Lang, Seat};
use locale::tr;

use crate::marks::{
    CELL, FONT, FRAME, ROW, STYLE, Token, finishers, legend, line_message, place_text,
};
use crate::position::Status;
use crate::rules::{Grade, Line};
use crate::view::{RiderView, View};

/// The margin before the first square: one square, so that every frame edge is a square's edge.
const LEFT: i32 = CELL;
/// The road's top (the lines' names and the square numbers above it).
const TOP: i32 = 48;
/// The band under the road where the last turn's moves are drawn.
const MOVES: i32 = 44;

/// The whole track and its close-up, `own`'s riders marked; `before` the view a turn earlier
/// (its moves are drawn), `teams` the teams' names.
pub fn track_picture(
    view: &View,
    before: Option<&View>,
    teams: &[String],
    own: Option<Seat>,
) -> Picture {
    track_picture_worn(Lang::EN, view, before, teams, own, &[])
}

/// [`track_picture`] with a season's jerseys: each wearer's token carries its jersey's colour
/// as a band, and a finisher's line a square of it; labelled in `lang`.
pub fn track_picture_worn(
    lang: Lang,
    view: &View,
    before: Option<&View>,
    teams: &[String],
    own: Option<Seat>,
    jerseys: &[Worn],
) -> Picture {
    let svg = draw(lang, view, before, teams, own, jerseys);
    let close_up = Some(crate::glance::glance(lang, view, teams, own, jerseys));
    Picture { svg, close_up }
}

/// The whole track (see [`track_picture`]).
pub fn track_svg(view: &View, teams: &[String]) -> String {
    draw(Lang::EN, view, None, teams, None, &[])
}

/// The first distance drawn (the start squares).
fn start_of(view: &View) -> i32 {
    Grade::ALL
        .iter()
        .map(|g| g.start_distance(view.rules))
        .min()
        .unwrap_or(0)
}

fn x_of(start: i32, distance: i32) -> i32 {
    LEFT + (distance - start) * CELL
}

/// The close-up's left edge: around the reader's riders on the road (everybody's when the
/// reader has none there), centred when they fit in its sixteen squares, else the front of
/// them with a square and a half ahead; the finish once the road is empty. On a square's edge,
/// so that no square number is cut.
fn frame_left(view: &View, own: Option<Seat>, width: i32) -> i32 {
    let start = start_of(view);
    let finish = view.rules.set.line_distance(Line::Finish);
    let on_track = |r: &&RiderView| r.on_track();
    let mine: Vec<i32> = view
        .riders
        .iter()
        .filter(on_track)
        .filter(|r| own.is_some_and(|s| s.0 == r.team))
        .map(|r| r.distance)
        .collect();
    let all: Vec<i32> = view
        .riders
        .iter()
        .filter(on_track)
        .map(|r| r.distance)
        .collect();
    let keys = if mine.is_empty() { all } else { mine };
    let squares = FRAME / CELL;
    let first = match (keys.iter().min(), keys.iter().max()) {
        (Some(&low), Some(&high)) if high - low < squares - 2 => (low + high + 1) / 2 - squares / 2,
        (Some(_), Some(&high)) => high + 2 - squares,
        _ => finish + 3 - squares,
    };
    let left = x_of(start, first);
    left.clamp(0, (width - FRAME).max(0))
}

/// Where a label `half` wide either side of `x` goes: inside the frame when `x` is, wholly
/// outside it when not, so that the close-up never cuts it.
fn keep_whole(x: i32, half: i32, frame: (i32, i32)) -> i32 {
    let (f0, f1) = frame;
    if (f0..=f1).contains(&x) {
        x.clamp(f0 + half + 2, f1 - half - 2)
    } else if x < f0 && x + half > f0 {
        f0 - half
    } else if x > f1 && x - half < f1 {
        f1 + half
    } else {
        x
    }
}

/// Draws the whole track, its legend and finishers where a phone's scrolling frame opens
/// (`data-focus`: the left edge of the sixteen squares around the reader's riders).
fn draw(
    lang: Lang,
    view: &View,
    before: Option<&View>,
    teams: &[String],
    own: Option<Seat>,
    jerseys: &[Worn],
) -> String {
    let set = view.rules.set;
    let start = start_of(view);
    let finish = set.line_distance(Line::Finish);
    let colours = TeamColours::of(teams);
    let is_mine = |r: &RiderView| own.is_some_and(|s| s.0 == r.team);
    let x_of = |d: i32| x_of(start, d);
    // Riders who share a square stand in the order they arrived (the first to arrive on top).
    let mut stacks: std::collections::BTreeMap<i32, Vec<&RiderView>> = Default::default();
    for r in view.riders.iter().filter(|r| r.on_track()) {
        stacks.entry(r.distance).or_default().push(r);
    }
    for stack in stacks.values_mut() {
        stack.sort_by_key(|r| r.arrival);
    }
    let deepest = stacks.values().map(Vec::len).max().unwrap_or(1).max(3) as i32;
    let road_height = deepest * ROW + 8;
    let road_bottom = TOP + road_height;
    let finishers = finishers(view);
    // The last turn's moves: from where each rider stood to where it stands (or the line).
    let moves: Vec<(&RiderView, i32, i32)> = before
        .map(|b| {
            view.riders
                .iter()
                .filter_map(|r| {
                    let was = b
                        .riders
                        .iter()
                        .find(|p| p.team == r.team && p.grade == r.grade && p.on_track())?;
                    let now = if r.on_track() {
                        r.distance
                    } else if matches!(r.status, Status::Finished(_)) {
                        r.distance.min(finish + 1)
                    } else {
                        return None;
                    };
                    (now != was.distance).then_some((r, was.distance, now))
                })
                .collect()
        })
        .unwrap_or_default();
    let moves_height = if moves.is_empty() { 12 } else { MOVES };
    let squares = finish - start + 1;
    // Ending on a square's edge, as the close-up's frame does.
    let width = LEFT + (squares + 3) * CELL;
    let fx = frame_left(view, own, width);
    let frame = (fx, fx + FRAME);
    // Under the road, inside the close-up's frame: the legend, then the finishers.
    let legend_top = road_bottom + moves_height + 24;
    let legend_rows = teams.len().div_ceil(2) as i32;
    let finish_top = legend_top + legend_rows * ROW + 16;
    let finish_rows = finishers.len().div_ceil(3) as i32;
    let height = if finishers.is_empty() {
        legend_top + legend_rows * ROW
    } else {
        finish_top + 8 + finish_rows * 22 + 8
    };

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, sans-serif" font-size="{FONT}" role="img" data-focus="{fx}" aria-label="{}">"#,
        esc(&tr!(
            lang,
            "pic-ba-label",
            turn = view.turn.saturating_sub(1)
        ))
    );
    svg.push_str(&picture::style(&STYLE));
    let _ = writeln!(
        svg,
        r#"<rect class="pr-bg" x="0" y="0" width="{width}" height="{height}" fill="{}"/><rect class="pr-road" x="{}" y="{TOP}" width="{}" height="{road_height}" fill="{}"/>"#,
        light("pr-bg"),
        x_of(start),
        squares * CELL,
        STYLE[0].2
    );
    // Every square's edge; every fifth square numbered (on the board's loop, its number).
    for d in start..=finish {
        let x = x_of(d);
        let _ = writeln!(
            svg,
            r#"<line class="pr-rule" x1="{x}" y1="{TOP}" x2="{x}" y2="{road_bottom}" stroke="{}" stroke-width="0.5"/>"#,
            light("pr-rule")
        );
        if d % 5 == 0 {
            let _ = writeln!(
                svg,
                r#"<text class="pr-muted" x="{}" y="{}" text-anchor="middle" fill="{}">{}</text>"#,
                x + CELL / 2,
                TOP - 6,
                light("pr-muted"),
                set.square(d)
            );
        }
    }
    for line in Line::ALL {
        let x = x_of(set.line_distance(line) + 1);
        let (class, colour, text) = if line == Line::Finish {
            ("pr-finish", STYLE[1].2, "pr-ink")
        } else {
            ("pr-sprint", STYLE[2].2, "pr-accent")
        };
        let name = lang.t(line_message(line));
        // Columns, not characters: a Japanese character is as wide as two.
        let half = (locale::width(&name) as f64 * f64::from(FONT) * 0.35).ceil() as i32;
        let _ = writeln!(
            svg,
            r#"<line class="{class}" x1="{x}" y1="{}" x2="{x}" y2="{}" stroke="{colour}" stroke-width="3"/><text class="{text}" x="{}" y="{}" text-anchor="middle" fill="{}" font-weight="bold">{}</text>"#,
            TOP - 24,
            road_bottom + 4,
            keep_whole(x, half, frame),
            TOP - 26,
            light(text),
            esc(&name)
        );
    }
    // The moves, as arcs under the road from the old square to the new, an arrowhead at the
    // new one; the reader's own drawn thicker.
    let band = road_bottom + 4;
    for &(r, was, now) in &moves {
        let (x1, x2) = (x_of(was) + CELL / 2, x_of(now) + CELL / 2);
        let depth = (8 + 2 * (now - was).abs()).min(MOVES - 10);
        let k = colours.class(r.team);
        let team = teams.get(usize::from(r.team)).map_or("?", String::as_str);
        let _ = writeln!(
            svg,
            r#"<g class="pr-move"><title>{}</title><path class="pr-ts{k}" d="M{x1},{band} Q{},{} {x2},{}" fill="none" stroke="{}" stroke-width="{}" stroke-opacity="{}"/><polygon class="pr-t{k}" points="{x2},{band} {},{} {},{}" fill="{}"/></g>"#,
            esc(&tr!(
                lang,
                "pic-ba-moved",
                rider = format!("{team}-{}", r.grade.letter()),
                from = set.square(was),
                to = set.square(now)
            )),
            (x1 + x2) / 2,
            band + 2 * depth,
            band + 6,
            colours.line(r.team),
            if is_mine(r) { 3.0 } else { 1.5 },
            if is_mine(r) || own.is_none() {
                1.0
            } else {
                0.55
            },
            x2 - 5,
            band + 9,
            x2 + 5,
            band + 9,
            colours.fill(r.team)
        );
    }
    // The riders.
    let token = Token::new(lang, view, teams, own, jerseys);
    for (distance, stack) in &stacks {
        for (k, r) in stack.iter().enumerate() {
            token.draw(
                &mut svg,
                r,
                x_of(*distance) + CELL / 2,
                TOP + 4 + k as i32 * ROW + ROW / 2,
            );
        }
    }
    legend(&mut svg, lang, teams, own, fx, legend_top);
    // The finishers, in the order they crossed.
    if !finishers.is_empty() {
        let _ = writeln!(
            svg,
            r#"<text class="pr-ink" x="{}" y="{finish_top}" fill="{}" font-weight="bold">{}</text>"#,
            fx + 8,
            light("pr-ink"),
            lang.t("pic-ba-finished")
        );
    }
    for (k, r) in finishers.iter().enumerate() {
        let _ = writeln!(
            svg,
            r#"<text class="pr-ink" x="{}" y="{}" fill="{}"{}>{}</text>"#,
            fx + 8 + (k % 3) as i32 * (FRAME / 3),
            finish_top + 22 + (k / 3) as i32 * 22,
            light("pr-ink"),
            if is_mine(r) {
                r#" font-weight="bold""#
            } else {
                ""
            },
            place_text(lang, r, teams, jerseys)
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
    use game_api::picture::team_letters;
    use game_api::picture_check::read;

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

    /// Every position of a random race of `teams` teams, from the start to the finish.
    fn race(teams: usize, seed: u64) -> Vec<Position> {
        crate::random::race(teams, 200, &mut game_api::Seed(seed).rng(0))
    }

    fn names(teams: usize) -> Vec<String> {
        let all = [
            "Red",
            "Rouge",
            "Blue",
            "Black",
            "Yellow",
            "Green",
            "Grey",
            "Tour of the Fells",
            "Orange",
            "Olive",
            "Pink",
            "Purple",
            "Plum",
            "Peach",
            "Rose",
            "Ruby",
        ];
        all[..teams].iter().map(|s| s.to_string()).collect()
    }

    /// Issues 29 and 51: the close-up — the race at a glance — as a phone shows it (390 px
    /// wide), early, late and once the race is over, for the public and for a team: every text
    /// at least 12 px and none cut by the frame, the background filling it, the legend naming
    /// every team inside it (the reader's own included), no two teams sharing colour and
    /// letter, every rider on the road drawn inside it and the reader's marked.
    #[test]
    fn the_close_up_reads_on_a_phone_at_every_stage() {
        for (teams, seed) in [(2, 1), (5, 2), (9, 3), (16, 4)] {
            let positions = race(teams, seed);
            let names = names(teams);
            let last = positions.len() - 1;
            for turn in [0, 1, 2, last / 2, last - 1, last] {
                let view = positions[turn].view(Viewer::Public);
                let before = turn
                    .checked_sub(1)
                    .map(|t| positions[t].view(Viewer::Public));
                for own in [None, Some(Seat(0)), Some(Seat(teams as u8 - 1))] {
                    let what = format!("{teams} teams, turn {turn}, {own:?}");
                    let picture = track_picture(&view, before.as_ref(), &names, own);
                    let close_up = picture.close_up.expect("a close-up");
                    let reading = read(&close_up).unwrap();
                    assert_eq!(reading.problems(), Vec::<String>::new(), "{what}");
                    let mut marks = Vec::new();
                    let mut fills = Vec::new();
                    for (t, name) in names.iter().enumerate() {
                        let key = reading
                            .key_inside(t)
                            .unwrap_or_else(|| panic!("{what}: team {t} not in the legend"));
                        assert!(key.text.content.starts_with(&name[..2]), "{what}");
                        marks.push((key.colour, key.letter.clone()));
                        fills.push(key.fill.clone());
                    }
                    assert_eq!(
                        game_api::picture_check::colour_problems(&names, &fills),
                        Vec::<String>::new(),
                        "{what}: colours that match the names"
                    );
                    marks.sort();
                    marks.dedup();
                    assert_eq!(marks.len(), teams, "{what}: colour and letter shared");
                    let fills: Vec<String> = (0..teams)
                        .map(|t| reading.key_inside(t).unwrap().fill.clone())
                        .collect();
                    assert_eq!(
                        game_api::picture_check::colour_problems(&names, &fills),
                        Vec::<String>::new(),
                        "{what}: colours that match the names"
                    );
                    let on_track = view.riders.iter().filter(|r| r.on_track()).count();
                    assert_eq!(close_up.matches("<title>").count(), on_track, "{what}");
                    let own_on_track = view
                        .riders
                        .iter()
                        .filter(|r| r.on_track() && own.is_some_and(|s| s.0 == r.team))
                        .count();
                    assert_eq!(reading.mine, own_on_track, "{what}: the reader's riders");
                    if let Some(seat) = own {
                        let key = reading.key_inside(seat.index()).unwrap();
                        assert!(key.text.content.ends_with("(you)"), "{what}");
                    }
                    // The whole track keeps the turn's moves.
                    if turn > 0 && turn < last {
                        assert!(read(&picture.svg).unwrap().moves > 0, "{what}: the moves");
                    }
                }
            }
        }
    }

    /// Issue 51: the first picture left riders out (18 of 30 turns in a race of four teams).
    /// At every turn of whole races, every rider still on the road is in the glance, its letter
    /// inside the frame at 12 px or more on a phone, whoever reads it.
    #[test]
    fn every_rider_on_the_road_is_in_the_glance_at_every_turn() {
        for (teams, seed) in [(4, 5), (4, 6), (8, 7), (16, 8)] {
            let names = names(teams);
            for position in race(teams, seed) {
                let view = position.view(Viewer::Public);
                let on_track: Vec<&RiderView> =
                    view.riders.iter().filter(|r| r.on_track()).collect();
                for own in [None, Some(Seat(1))] {
                    let glance = track_picture(&view, None, &names, own).close_up.unwrap();
                    let reading = read(&glance).unwrap();
                    assert_eq!(reading.problems(), Vec::<String>::new());
                    let letters = team_letters(&names);
                    for r in &on_track {
                        let label = format!("{}{}", letters[usize::from(r.team)], r.grade.letter());
                        let title = format!(
                            "<title>{}-{} on square {}",
                            names[usize::from(r.team)],
                            r.grade.letter(),
                            view.rules.set.square(r.distance)
                        );
                        assert!(glance.contains(&title), "turn {}: {title}", view.turn);
                        let drawn = reading
                            .texts
                            .iter()
                            .find(|t| t.content == label)
                            .unwrap_or_else(|| panic!("turn {}: {label} drawn", view.turn));
                        assert!(reading.inside(drawn) && reading.phone_size(drawn) >= 12.0);
                    }
                }
            }
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
        assert_eq!(svg.matches("<title>").count(), 8, "8 riders");
        // Issue 51: Red is drawn in Okabe–Ito's vermilion, whatever its seat.
        assert_eq!(svg.matches(r##"fill="#D55E00""##).count(), 5);
        assert!(svg.contains("Blue&lt;-A on square 0"), "names are escaped");
        for line in [">Sprint 1<", ">Sprint 2<", ">Finish<"] {
            assert!(svg.contains(line), "{line} is drawn");
        }
        assert!(svg.contains("@media (prefers-color-scheme: dark)"));
    }

    /// The picture is drawn from the public view: the reader's own picture of a position
    /// does not change when any hand does (nothing secret in it).
    #[test]
    fn the_picture_shows_nothing_secret() {
        let position = start();
        let mut other = position.clone();
        for rider in &mut other.riders {
            rider.hand = Hand::new(&[1, 2, 3]).unwrap();
        }
        let teams = ["Red".to_string(), "Blue".to_string()];
        let draw =
            |p: &Position| track_picture(&p.view(Viewer::Public), None, &teams, Some(Seat(0)));
        assert_eq!(draw(&position), draw(&other));
    }

    #[test]
    fn a_season_s_jersey_wearer_carries_its_colour_and_its_name() {
        let position = start();
        let teams = ["red".to_string(), "blue".to_string()];
        let jerseys = [Worn {
            piece: "blue-B".into(),
            jersey: game_api::season::Jersey {
                name: "yellow jersey".into(),
                colour: "#f2c500".into(),
                prestige: 1,
            },
        }];
        let picture = track_picture_worn(
            Lang::EN,
            &position.view(Viewer::Public),
            None,
            &teams,
            None,
            &jerseys,
        );
        assert!(picture.svg.contains("blue-B on square"));
        assert!(
            picture.svg.contains(", yellow jersey</title>"),
            "the wearer's title names it"
        );
        assert_eq!(picture.svg.matches(r#"class="pr-jersey""#).count(), 1);
        assert!(picture.svg.contains(r##"fill="#f2c500""##));
        let plain = track_picture(&position.view(Viewer::Public), None, &teams, None);
        assert!(!plain.svg.contains("pr-jersey"));
    }

    /// Issue 36: a Japanese reader's track is labelled in Japanese: the lines, the riders'
    /// titles, the reader's own team in the legend.
    #[test]
    fn a_japanese_readers_track_is_labelled_in_japanese() {
        let position = start();
        let teams = ["red".to_string(), "blue".to_string()];
        let ja = Lang::from_code("ja").unwrap();
        let picture = track_picture_worn(
            ja,
            &position.view(Viewer::Public),
            None,
            &teams,
            Some(Seat(1)),
            &[],
        );
        let svg = &picture.svg;
        assert!(svg.contains(">スプリント1</text>"), "{svg}");
        assert!(svg.contains(">ゴール</text>"));
        assert!(svg.contains("blue（あなた）</text>"));
        assert!(svg.contains("マス目（あなたの選手）</title>"));
        for english in [
            "sprint-1",
            ">finish<",
            "on square",
            "(you)",
            "yours",
            "The track",
        ] {
            assert!(!svg.contains(english), "{english:?} in {svg}");
        }
    }
}
