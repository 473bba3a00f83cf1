//! The race at a glance: the picture a phone shows first, as cycling television shows a long
//! road. The riders on the road fall into groups (a square left empty between two riders
//! parts them): the breakaway, the chasers, the peloton (the largest group), the stragglers.
//! Each group is a row, front of the race at the top, with its squares and its gap to the
//! group ahead written; the sprint and finish lines still ahead stand between the groups where
//! they fall, with how far they are; every rider on the road is in it, the reader's own marked,
//! and the finishers and the legend close it. Its width is the phone close-up's, so that every
//! text is at least 12 px at 390 px, however many groups there are: it grows downwards.

use std::fmt::Write as _;

use game_api::escape_markup as esc;
use game_api::picture::{self, SEAT_LAYER, light};
use game_api::season::Worn;
use game_api::{Lang, Seat};
use locale::tr;

use crate::marks::{
    FONT, FRAME, ROW, STYLE, Token, cover, finishers, legend, line_message, own_key, place_text,
};
use crate::rules::Line;
use crate::view::{RiderView, View};

/// The picture's width: the phone close-up's (14-px text is 12 px at 390 px).
pub(crate) const WIDTH: i32 = FRAME;
/// The column of a group's name, squares and gap; its riders stand to its right.
const LABEL: i32 = 160;
/// One rider's place in a group's row: a ringed chip clear of the next.
const SLOT: i32 = 30;
/// The line of text a label takes.
const LINE: i32 = 18;

/// What a group is called, from its place in the race.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Role {
    /// Everybody on the road rides together.
    Together,
    Breakaway,
    Chasers,
    Peloton,
    Stragglers,
}

/// Riders on the road with no empty square between them, front first.
struct Group<'a> {
    role: Role,
    /// The riders, front first (on a square: in the order they arrived).
    riders: Vec<&'a RiderView>,
    front: i32,
    back: i32,
}

/// The groups of the riders on the road, front of the race first.
fn groups(view: &View) -> Vec<Group<'_>> {
    let mut riders: Vec<&RiderView> = view.riders.iter().filter(|r| r.on_track()).collect();
    riders.sort_by_key(|r| (std::cmp::Reverse(r.distance), r.arrival));
    let mut groups: Vec<Group> = Vec::new();
    for r in riders {
        match groups.last_mut() {
            Some(g) if g.back - r.distance <= 1 => {
                g.back = r.distance;
                g.riders.push(r);
            }
            _ => groups.push(Group {
                role: Role::Together,
                riders: vec![r],
                front: r.distance,
                back: r.distance,
            }),
        }
    }
    // The peloton: the largest group (the rearmost of equals: the bunch that sets the pace).
    let peloton = groups
        .iter()
        .enumerate()
        .max_by_key(|(k, g)| (g.riders.len(), *k))
        .map(|(k, _)| k);
    if groups.len() > 1
        && let Some(p) = peloton
    {
        for (k, g) in groups.iter_mut().enumerate() {
            g.role = match k {
                _ if k == p => Role::Peloton,
                0 => Role::Breakaway,
                _ if k < p => Role::Chasers,
                _ => Role::Stragglers,
            };
        }
    }
    groups
}

/// The glance at `view` for `own` (whose riders are marked), labelled in `lang`.
pub(crate) fn glance(
    lang: Lang,
    view: &View,
    teams: &[String],
    own: Option<Seat>,
    jerseys: &[Worn],
) -> String {
    let set = view.rules.set;
    let groups = groups(view);
    let token = Token::new(lang, view, teams, own, jerseys);
    let per_row = ((WIDTH - LABEL - 8) / SLOT).max(1) as usize;
    let mut body = String::new();
    // The reader's marks, drawn last over the rest (picture::SEAT_LAYER): their riders'
    // rings, their finishers and their team in the legend, in bold.
    let mut seat = String::new();
    let mut y = 8;
    // The lines still ahead of someone, nearest the front first.
    let mut lines: Vec<Line> = Line::ALL
        .into_iter()
        .filter(|l| groups.iter().any(|g| g.front <= set.line_distance(*l)))
        .collect();
    lines.sort_by_key(|l| std::cmp::Reverse(set.line_distance(*l)));
    let mut ahead = lines.into_iter().peekable();
    for (k, group) in groups.iter().enumerate() {
        // The lines the group has still to cross that the group before it has crossed.
        while let Some(line) = ahead.next_if(|l| group.front <= set.line_distance(*l)) {
            let to_go = set.line_distance(line) + 1 - group.front;
            y = line_rule(
                &mut body,
                lang,
                line,
                set.square(set.line_distance(line)),
                to_go,
                y,
            );
        }
        let rows = group.riders.len().div_ceil(per_row) as i32;
        let label_lines = if k == 0 { 2 } else { 3 };
        let height = (rows * SLOT).max(label_lines * LINE) + 8;
        let name = lang.t(match group.role {
            Role::Together => "pic-ba-group-together",
            Role::Breakaway => "pic-ba-group-breakaway",
            Role::Chasers => "pic-ba-group-chasers",
            Role::Peloton => "pic-ba-group-peloton",
            Role::Stragglers => "pic-ba-group-stragglers",
        });
        let squares = if group.front == group.back {
            tr!(
                lang,
                "pic-ba-group-square",
                square = set.square(group.front)
            )
        } else {
            tr!(
                lang,
                "pic-ba-group-squares",
                back = set.square(group.back),
                front = set.square(group.front)
            )
        };
        let _ = writeln!(
            body,
            r#"<g class="pr-group"><rect class="pr-panel" x="4" y="{y}" width="{}" height="{height}" rx="6" fill="{}"/><text class="pr-ink" x="12" y="{}" fill="{}" font-weight="bold">{}</text><text class="pr-muted" x="12" y="{}" fill="{}">{}</text>"#,
            WIDTH - 8,
            light("pr-panel"),
            y + LINE,
            light("pr-ink"),
            // The names are the game's own and fit the label's column whole, count and all
            // ("All together (16)" is 131 px of its 144).
            esc(&tr!(
                lang,
                "pic-ba-group-name",
                group = name,
                riders = group.riders.len()
            )),
            y + 2 * LINE,
            light("pr-muted"),
            esc(&squares)
        );
        if let Some(before) = k.checked_sub(1).map(|b| &groups[b]) {
            let _ = writeln!(
                body,
                r#"<text class="pr-muted" x="12" y="{}" fill="{}">{}</text>"#,
                y + 3 * LINE,
                light("pr-muted"),
                esc(&tr!(
                    lang,
                    "pic-ba-group-gap",
                    squares = before.back - group.front
                ))
            );
        }
        for (n, r) in group.riders.iter().enumerate() {
            let cx = LABEL + (n % per_row) as i32 * SLOT + SLOT / 2;
            let cy = y + 4 + (n / per_row) as i32 * SLOT + ROW / 2;
            token.draw_unringed(&mut body, r, cx, cy);
            seat.push_str(&token.ring(r, cx, cy));
        }
        body.push_str("</g>\n");
        y += height + 6;
    }
    let finishers = finishers(view);
    if !finishers.is_empty() {
        y += 8;
        let _ = writeln!(
            body,
            r#"<text class="pr-ink" x="12" y="{}" fill="{}" font-weight="bold">{}</text>"#,
            y + 14,
            light("pr-ink"),
            lang.t("pic-ba-finished")
        );
        y += 22;
        for (k, r) in finishers.iter().enumerate() {
            let (x, baseline) = (
                12 + (k % 3) as i32 * (WIDTH / 3),
                y + 16 + (k / 3) as i32 * 22,
            );
            let line = |svg: &mut String, weight: &str| {
                let _ = writeln!(
                    svg,
                    r#"<text class="pr-ink" x="{x}" y="{baseline}" fill="{}"{weight}>{}</text>"#,
                    light("pr-ink"),
                    place_text(lang, r, teams, jerseys)
                );
            };
            line(&mut body, "");
            if token.is_mine(r) {
                cover(&mut seat, x - 2, baseline - 16, WIDTH / 3 - 4, 21);
                line(&mut seat, r#" font-weight="bold""#);
            }
        }
        y += finishers.len().div_ceil(3) as i32 * 22 + 8;
    }
    y += 24;
    let legend_rows = legend(&mut body, lang, teams, None, 0, y);
    if let Some(own) = own {
        own_key(&mut seat, lang, teams, own, 0, y);
    }
    let height = y + legend_rows * ROW;
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" font-family="DejaVu Sans, sans-serif" font-size="{FONT}" role="img" aria-label="{}">"#,
        esc(&tr!(
            lang,
            "pic-ba-glance-label",
            turn = view.turn.saturating_sub(1)
        ))
    );
    svg.push_str(&picture::style(&STYLE));
    let _ = writeln!(
        svg,
        r#"<rect class="pr-bg" x="0" y="0" width="{WIDTH}" height="{height}" fill="{}"/>"#,
        light("pr-bg")
    );
    svg.push_str(&body);
    if own.is_some() {
        let _ = writeln!(svg, "{SEAT_LAYER}{seat}</g>");
    }
    svg.push_str("</svg>\n");
    svg
}

/// A line still ahead, drawn across the picture with its name, its square and how far the
/// group under it has to go; the next row's top.
fn line_rule(svg: &mut String, lang: Lang, line: Line, square: i32, to_go: i32, y: i32) -> i32 {
    let (class, colour, text) = if line == Line::Finish {
        ("pr-finish", STYLE[1].2, "pr-ink")
    } else {
        ("pr-sprint", STYLE[2].2, "pr-accent")
    };
    let name = lang.t(line_message(line));
    let _ = writeln!(
        svg,
        r#"<g class="pr-line"><line class="{class}" x1="4" y1="{}" x2="{}" y2="{}" stroke="{colour}" stroke-width="3"/><text class="{text}" x="12" y="{}" fill="{}" font-weight="bold">{}</text></g>"#,
        y + 24,
        WIDTH - 4,
        y + 24,
        y + 16,
        light(text),
        esc(&tr!(
            lang,
            "pic-ba-line-ahead",
            line = name,
            square = square,
            squares = to_go
        ))
    );
    y + 32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::{Hand, Position};
    use crate::rules::Rules;
    use game_api::Viewer;

    fn at(distances: &[i32]) -> View {
        let hand = |cards: &[u16]| Hand::new(cards).unwrap();
        let team = [
            hand(&[10, 10, 10]),
            hand(&[8, 8, 9]),
            hand(&[3, 8, 9]),
            hand(&[5, 5, 6]),
        ];
        // Four riders a team, as many teams as the distances fill.
        let teams = vec![team; distances.len().div_ceil(4)];
        let mut position = Position::start(Rules::postal(), &teams);
        for (rider, d) in position.riders.iter_mut().zip(distances) {
            rider.distance = *d;
        }
        position.view(Viewer::Public)
    }

    /// Issue 51: a square left empty parts two groups; the largest is the peloton, the front
    /// one ahead of it the breakaway, those between the chasers, those behind the stragglers.
    #[test]
    fn the_road_falls_into_named_groups() {
        let view = at(&[50, 49, 44, 30, 30, 29, 31, 20]);
        let roles: Vec<(Role, usize, i32, i32)> = groups(&view)
            .iter()
            .map(|g| (g.role, g.riders.len(), g.front, g.back))
            .collect();
        assert_eq!(
            roles,
            [
                (Role::Breakaway, 2, 50, 49),
                (Role::Chasers, 1, 44, 44),
                (Role::Peloton, 4, 31, 29),
                (Role::Stragglers, 1, 20, 20)
            ]
        );
        let together = at(&[10, 10, 11, 12, 9, 9, 10, 11]);
        assert_eq!(groups(&together).len(), 1);
        assert_eq!(groups(&together)[0].role, Role::Together);
    }

    /// The gaps are written between the groups, the lines ahead stand where they fall (postal
    /// 4.3: a line lies between two squares, "after square 40"), and nothing is said in a code.
    #[test]
    fn gaps_and_lines_are_written() {
        let view = at(&[50, 49, 44, 30, 30, 29, 31, 20]);
        let svg = glance(
            Lang::EN,
            &view,
            &["Red".into(), "Blue".into()],
            Some(Seat(1)),
            &[],
        );
        assert!(svg.contains(">Breakaway (2)</text>"), "{svg}");
        assert!(svg.contains(">squares 49–50</text>"), "{svg}");
        assert!(svg.contains(">5 squares behind</text>"), "{svg}");
        assert!(svg.contains(">Peloton (4)</text>"), "{svg}");
        assert!(
            svg.contains(">Sprint 2 after square 80: 31 to go</text>"),
            "{svg}"
        );
        // Sprint 1 (after square 40) lies between the chasers and the peloton.
        let sprint = svg
            .find("Sprint 1 after square 40: 10 to go")
            .expect("sprint 1");
        assert!(svg.find("Chasers").unwrap() < sprint && sprint < svg.find("Peloton").unwrap());
        assert!(!svg.contains("sprint-1"), "{svg}");
        // A group's name is never cut: its count is whole however many ride in it.
        let together = glance(
            Lang::EN,
            &at(&[10, 10, 11, 12, 9, 9, 10, 11, 10, 10, 11, 12, 9, 9, 10, 11]),
            &["Red".into(), "Blue".into(), "Black".into(), "Grey".into()],
            None,
            &[],
        );
        assert!(together.contains(">All together (16)</text>"), "{together}");
        assert!(!together.contains('…'), "{together}");
    }
}
