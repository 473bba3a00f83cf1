//! Where the places' names go: each label beside its location's symbol, clear of the symbols,
//! the walkers' chips and the labels placed before it. On the whole map every location is
//! labelled (id, name, points and tags); on the close-up the places that matter (the walkers',
//! the targets, the menu's) are labelled by name first, and one whose name finds no clear
//! place inside the frame gets a numbered badge instead, its name listed under the map.

use game_api::Lang;
use locale::tr;

use super::FONT;
use crate::map::{Location, LocationId, Map};

/// A box on the picture, for keeping labels apart.
#[derive(Clone, Copy, Debug)]
pub(super) struct Rect {
    pub(super) x0: f64,
    pub(super) y0: f64,
    pub(super) x1: f64,
    pub(super) y1: f64,
}

impl Rect {
    pub(super) fn around(x: f64, y: f64, r: f64) -> Rect {
        Rect {
            x0: x - r,
            y0: y - r,
            x1: x + r,
            y1: y + r,
        }
    }

    pub(super) fn overlap(&self, other: &Rect) -> f64 {
        let w = (self.x1.min(other.x1) - self.x0.max(other.x0)).max(0.0);
        let h = (self.y1.min(other.y1) - self.y0.max(other.y0)).max(0.0);
        w * h
    }

    fn area(&self) -> f64 {
        (self.x1 - self.x0) * (self.y1 - self.y0)
    }

    /// Whether it lies wholly inside `frame` (`[x, y, w, h]`).
    pub(super) fn inside(&self, [fx, fy, fw, fh]: [f64; 4]) -> bool {
        self.x0 >= fx && self.x1 <= fx + fw && self.y0 >= fy && self.y1 <= fy + fh
    }

    /// How much of the line from `a` to `b` runs through it, in px (Liang–Barsky clipping).
    pub(super) fn crossed(&self, (a, b): Line) -> f64 {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let (mut t0, mut t1) = (0.0_f64, 1.0_f64);
        for (p, q) in [
            (-dx, a.0 - self.x0),
            (dx, self.x1 - a.0),
            (-dy, a.1 - self.y0),
            (dy, self.y1 - a.1),
        ] {
            if p == 0.0 {
                if q < 0.0 {
                    return 0.0;
                }
            } else if p < 0.0 {
                t0 = t0.max(q / p);
            } else {
                t1 = t1.min(q / p);
            }
        }
        (t1 - t0).max(0.0) * dx.hypot(dy)
    }
}

/// A straight line drawn on the map (a path, a bus route's leg), from one point to another.
pub(super) type Line = ((f64, f64), (f64, f64));

/// How a location is named on a picture.
#[derive(Clone, Copy, Debug)]
pub(super) enum Mark {
    /// A label: its anchor point, its `text-anchor` and the box it takes.
    Label(f64, f64, &'static str, Rect),
    /// A numbered badge (the `n`th, from 1) whose box is this; the name is listed under the map.
    Badge(usize, Rect),
    /// Not named (a place of no concern to the close-up's reader, with no room for its name).
    Unnamed,
}

/// What a close-up asks of its labels: the frame they must lie in, and the places that must
/// be named.
pub(super) struct Phone<'a> {
    pub(super) frame: [f64; 4],
    pub(super) named: &'a [LocationId],
}

/// A location's label after its id: its name and points, and on the whole map its tags.
pub(super) fn label_tail(lang: Lang, l: &Location, tags: bool) -> String {
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

/// A location's label on a close-up: its name and points.
pub(super) fn phone_label(l: &Location) -> String {
    format!("{} ({})", l.name, l.points)
}

/// What a location's label says after its name: ` · café · ferry · bus 1,2`.
fn location_tags(lang: Lang, l: &Location) -> String {
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

/// Every location's mark, in location order, clear of the walkers' `chips` where it can be:
/// on the whole map (no `phone`) a label each,
/// placed in location order; on a close-up the places it must name first (a label, or a
/// badge when no label fits clear), then the others where a label fits clear. Of the clear
/// places a label could take, it takes the one the map's `lines` cross least.
pub(super) fn layout_labels(
    lang: Lang,
    map: &Map,
    pos: &dyn Fn((f64, f64)) -> (f64, f64),
    targets: &[LocationId],
    chips: &[Rect],
    phone: Option<&Phone>,
) -> Vec<Mark> {
    let lines = lines(map, pos);
    let at = |l: &Location| pos(map.spaces[usize::from(l.space)].at);
    let mut taken: Vec<Rect> = map
        .locations
        .iter()
        .map(|l| {
            let (x, y) = at(l);
            Rect::around(x, y, 17.0)
        })
        .collect();
    // Labels and badges keep clear of the walkers' chips (and, on the whole map, their names).
    taken.extend_from_slice(chips);
    let star = |k: usize| {
        if targets.contains(&(k as LocationId)) {
            "★ "
        } else {
            ""
        }
    };
    let mut marks = vec![Mark::Unnamed; map.locations.len()];
    let Some(phone) = phone else {
        for (k, l) in map.locations.iter().enumerate() {
            let (x, y) = at(l);
            let text = format!("{}{} {}", star(k), l.id, label_tail(lang, l, true));
            let (c, _) = place_label(x, y, &text, &taken, &lines, None);
            taken.push(c.3);
            marks[k] = Mark::Label(c.0, c.1, c.2, c.3);
        }
        return marks;
    };
    let named = |k: usize| phone.named.contains(&(k as LocationId));
    let order = (0..map.locations.len())
        .filter(|&k| named(k))
        .chain((0..map.locations.len()).filter(|&k| !named(k)));
    let mut badges = 0;
    for k in order {
        let l = &map.locations[k];
        let (x, y) = at(l);
        let text = format!("{}{}", star(k), phone_label(l));
        let (c, clash) = place_label(x, y, &text, &taken, &lines, Some(phone.frame));
        if clash == 0.0 {
            taken.push(c.3);
            marks[k] = Mark::Label(c.0, c.1, c.2, c.3);
        } else if named(k) && Rect::around(x, y, 1.0).inside(phone.frame) {
            badges += 1;
            // Beside the symbol first, then further out, where no chip or label stands.
            let near = [
                (x + 12.0, y - 26.0),
                (x - 32.0, y - 26.0),
                (x + 12.0, y + 8.0),
                (x - 32.0, y + 8.0),
                (x - 10.0, y + 16.0),
                (x - 10.0, y - 36.0),
            ];
            let mut ring: Vec<(f64, f64)> = (-6..=6)
                .flat_map(|i| (-6..=6).map(move |k| (i, k)))
                .map(|(i, k)| {
                    (
                        x - 10.0 + f64::from(i) * 16.0,
                        y - 9.0 + f64::from(k) * 14.0,
                    )
                })
                .collect();
            let far = |p: &(f64, f64)| (p.0 + 10.0 - x).powi(2) + (p.1 + 9.0 - y).powi(2);
            ring.sort_by(|a, b| far(a).total_cmp(&far(b)));
            let spots: Vec<(f64, f64)> = near.into_iter().chain(ring).collect();
            let clash = |r: &Rect| taken.iter().map(|t| t.overlap(r)).sum::<f64>();
            let rect = spots
                .iter()
                .map(|&(bx, by)| Rect {
                    x0: bx,
                    y0: by,
                    x1: bx + 20.0 + if badges > 9 { 9.0 } else { 0.0 },
                    y1: by + 18.0,
                })
                .filter(|r| r.inside(phone.frame))
                // The first clear spot, else the one that overlaps least.
                .fold(None, |best: Option<Rect>, r| match best {
                    Some(b) if clash(&b) <= clash(&r) => Some(b),
                    _ => Some(r),
                })
                .unwrap_or(Rect::around(x, y, 9.0));
            taken.push(rect);
            marks[k] = Mark::Badge(badges, rect);
        }
    }
    marks
}

/// One label's place: its anchor point, `text-anchor` and box.
type Candidate = (f64, f64, &'static str, Rect);

/// The lines drawn under the labels: each path, end to end, and each bus route's legs.
fn lines(map: &Map, pos: &dyn Fn((f64, f64)) -> (f64, f64)) -> Vec<Line> {
    let at = |l: LocationId| pos(map.spaces[usize::from(map.locations[usize::from(l)].space)].at);
    let paths = map.paths.iter().map(|p| (at(p.ends[0]), at(p.ends[1])));
    let legs = map
        .buses
        .iter()
        .flat_map(|r| r.stops.windows(2).map(|w| (at(w[0]), at(w[1]))));
    paths.chain(legs).collect()
}

/// Where a location's label goes: right of its symbol, else left, below or above, or a little
/// higher or lower on either side. Of the places that overlap no symbol and no label placed
/// before, the one the `lines` cross least (the first of equals), for a line through a name
/// makes it hard to read; with none clear, the one that overlaps least; in a close-up, never
/// one the `frame` cuts or hides. Gives the place and how much it overlaps (0: clear).
pub(super) fn place_label(
    x: f64,
    y: f64,
    text: &str,
    taken: &[Rect],
    lines: &[Line],
    frame: Option<[f64; 4]>,
) -> (Candidate, f64) {
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
    let rect_of = |&(lx, ly, anchor): &(f64, f64, &'static str)| {
        let x0 = match anchor {
            "start" => lx,
            "end" => lx - w,
            _ => lx - w / 2.0,
        };
        (
            lx,
            ly,
            anchor,
            Rect {
                x0,
                y0: ly - h + 2.0,
                x1: x0 + w,
                y1: ly + 5.0,
            },
        )
    };
    // A location's own symbol is in `taken` too: it overlaps none of its own candidates.
    let mut best = (f64::MAX, rect_of(&candidates[0]));
    let mut clear: Option<(f64, Candidate)> = None;
    for c in &candidates {
        let c = rect_of(c);
        let r = c.3;
        let off_frame = frame.is_some_and(|f| !r.inside(f));
        let clash: f64 = taken.iter().map(|t| t.overlap(&r)).sum::<f64>()
            + if off_frame { 1e9 + r.area() } else { 0.0 };
        if clash == 0.0 {
            let crossed: f64 = lines.iter().map(|&l| r.crossed(l)).sum();
            if clear.is_none_or(|(least, _)| crossed < least) {
                clear = Some((crossed, c));
            }
        } else if clash < best.0 {
            best = (clash, c);
        }
    }
    match clear {
        Some((_, c)) => (c, 0.0),
        None => (best.1, best.0),
    }
}
