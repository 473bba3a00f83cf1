//! The map's pictures read back: labels apart, targets marked, colours that match the
//! walkers' names, the close-up on a phone at every stage, in English and Japanese.

use super::labels::Rect;
use super::*;
use crate::deck::Deck;
use crate::orders::{RoundOrders, TurnOrders};
use game_api::Seed;
use game_api::picture_check::{Reading, read};
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
    let labels: Vec<(f64, f64, &str, Rect)> =
        layout_labels(Lang::EN, &map, &pos, &day.targets, &[], None)
            .into_iter()
            .map(|m| match m {
                Mark::Label(x, y, anchor, r) => (x, y, anchor, r),
                other => panic!("the whole map labels every place: {other:?}"),
            })
            .collect();
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
        svg.contains("one of the day&#39;s targets") || svg.contains("one of the day's targets")
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
        "ann", "bob", "cy", "dee", "ed", "fran", "gus", "hal", "ivy", "jo", "kim", "lou", "meg",
        "ned", "oz", "pat",
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
                    assert!(
                        chip_inside(&close_up, seat.index()),
                        "{what}: the reader's walker outside"
                    );
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
        assert!(
            svg.contains(">凡例</text>") == (svg == &picture.svg),
            "the key under the whole map"
        );
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

/// Whether walker `w`'s chip lies wholly inside the picture's frame (`data-walker`'s first
/// `rect` of class `pr-t…`, 20×18).
fn chip_inside(svg: &str, w: usize) -> bool {
    let frame = read(svg).unwrap().frame;
    let Some(at) = svg.find(&format!(r#"data-walker="{w}""#)) else {
        return false;
    };
    let chip = &svg[at..];
    let chip = &chip[chip.find(r#"<rect class="pr-t"#).unwrap()..];
    let number = |name: &str| -> f64 {
        let from = chip.find(&format!(r#" {name}=""#)).unwrap() + name.len() + 3;
        chip[from..from + chip[from..].find('"').unwrap()]
            .parse()
            .unwrap()
    };
    let (x, y) = (number("x"), number("y"));
    x >= frame[0]
        && y >= frame[1]
        && x + 20.0 <= frame[0] + frame[2]
        && y + 18.0 <= frame[1] + frame[3]
}

/// Whether `reading` names the place `name` in text wholly inside its frame.
fn names_inside(reading: &Reading, name: &str) -> bool {
    reading
        .texts
        .iter()
        .any(|t| reading.inside(t) && t.content.contains(name))
}

/// Issue 51: the close-up a phone shows first, over 18 random whole days of 2 to 16 walkers,
/// every round, read by every walker (the first six of sixteen) and by the public, in English
/// and Japanese: it reads on
/// a phone (every text at least 12 px at 390 px, none cut), and holds every walker still out
/// (its chip wholly inside), the reader's walker, the day's targets and every place the
/// reader's order menu names (each named in the picture, its symbol inside the map).
#[test]
fn the_close_up_holds_the_walkers_the_targets_and_the_menus_places() {
    let ja = Lang::from_code("ja").unwrap();
    let (mut badges, mut scaled, mut natural, mut menus, mut tied) = (0, 0, 0, 0, 0);
    for seed in 0..18u64 {
        let walkers = [2, 3, 4, 5, 6, 16][seed as usize % 6];
        let days = walk(walkers, 100 + seed);
        let names = names(walkers);
        for (round, day) in days.iter().enumerate() {
            let before = round.checked_sub(1).map(|r| &days[r]);
            let readers = (0..walkers.min(6))
                .map(|w| Some(Seat(w as u8)))
                .chain([None]);
            for own in readers {
                let lang = if (round + seed as usize).is_multiple_of(3) {
                    ja
                } else {
                    Lang::EN
                };
                let what = format!("day {seed}, {walkers} walkers, round {round}, {own:?}");
                let close_up = map_picture(lang, &day.map, day, before, &names, own)
                    .close_up
                    .unwrap();
                let reading = read(&close_up).unwrap();
                assert_eq!(reading.problems(), Vec::<String>::new(), "{what}");
                assert_eq!(reading.frame[2], FRAME_W, "{what}");
                for (w, walker) in day.walkers.iter().enumerate() {
                    if drawn_at(&day.map, walker).is_some() {
                        assert!(chip_inside(&close_up, w), "{what}: walker {w} outside");
                    }
                    assert!(
                        reading.key_inside(w).is_some(),
                        "{what}: {w} not in the legend"
                    );
                }
                let plan = close_up::close_up(&day.map, day, own);
                let menu = menu_places(&day.map, day, own);
                menus += usize::from(!menu.is_empty());
                for &l in day.targets.iter().chain(&menu) {
                    let place = &day.map.locations[usize::from(l)];
                    assert!(
                        names_inside(&reading, &place.name),
                        "{what}: {} not named: {close_up}",
                        place.name
                    );
                    let (x, y) = plan.geometry.space(&day.map, place.space);
                    assert!(
                        (0.0..=FRAME_W).contains(&x)
                            && (0.0..=plan.geometry.map_height).contains(&y),
                        "{what}: {} off the map",
                        place.name
                    );
                }
                badges += close_up.matches(r#"class="pr-badge""#).count();
                // The badges on the map (those in the list under it name the same places).
                let on_map = badges_drawn(&close_up)
                    .into_iter()
                    .filter(|(_, r)| r.1 < plan.geometry.map_height);
                for (name, r) in on_map {
                    let place = day
                        .map
                        .locations
                        .iter()
                        .find(|l| game_api::escape_markup(&l.name) == name)
                        .unwrap();
                    let (x, y) = plan.geometry.space(&day.map, place.space);
                    let (ex, ey) = (x.clamp(r.0, r.0 + r.2), y.clamp(r.1, r.1 + r.3));
                    if (ex - x).hypot(ey - y) > BADGE_BESIDE + 0.2 {
                        tied += 1;
                        assert!(
                            ties(&close_up)
                                .iter()
                                .any(|t| (t.0 - ex).abs() < 0.2 && (t.1 - ey).abs() < 0.2),
                            "{what}: the badge of {name} stands apart, untied"
                        );
                    }
                }
                if plan.geometry.scale < SCALE {
                    scaled += 1;
                } else {
                    natural += 1;
                }
            }
        }
    }
    // The targets lie across the map: most close-ups are the whole map made small.
    println!("badges {badges} ({tied} tied), scaled {scaled}, natural {natural}, menus {menus}");
    assert!(menus > 100 && scaled > 0 && badges > 0 && tied > 0);
}

/// Each badge drawn: the place it names (its title) and its box (x, y, width, height).
fn badges_drawn(svg: &str) -> Vec<(String, (f64, f64, f64, f64))> {
    svg.split(r#"<g class="pr-badge"><title>"#)
        .skip(1)
        .map(|rest| {
            let name = rest[..rest.find("</title>").unwrap()].to_string();
            let n = |attr: &str| number_after(rest, &format!(r#" {attr}=""#));
            (name, (n("x"), n("y"), n("width"), n("height")))
        })
        .collect()
}

/// Where each badge's tie line ends (on the badge's side).
fn ties(svg: &str) -> Vec<(f64, f64)> {
    svg.split(r#"class="pr-edge pr-badge-tie""#)
        .skip(1)
        .map(|rest| {
            (
                number_after(rest, r#" x2=""#),
                number_after(rest, r#" y2=""#),
            )
        })
        .collect()
}

/// The number in the first `attr…"` of `text`.
fn number_after(text: &str, attr: &str) -> f64 {
    let at = text.find(attr).unwrap() + attr.len();
    text[at..at + text[at..].find('"').unwrap()]
        .parse()
        .unwrap()
}

/// Issue 51: on the close-up (at the scale a 390-px phone shows it) and on the whole map, over
/// every round of random whole days of 2 to 16 walkers, in English and Japanese: no walker's
/// chip (with its ring, and its name on the whole map) overlaps another's, and none overlaps a
/// place's label or badge — the chips on neighbouring places stand aside.
#[test]
fn no_chip_overlaps_another_chip_a_label_or_a_badge() {
    let ja = Lang::from_code("ja").unwrap();
    let (mut pictures, mut chips_seen) = (0, 0);
    for seed in 0..12u64 {
        let walkers = [2, 3, 4, 5, 6, 16][seed as usize % 6];
        let days = walk(walkers, 200 + seed);
        let names = names(walkers);
        for (round, day) in days.iter().enumerate() {
            let map = &day.map;
            let lang = if (round + seed as usize).is_multiple_of(2) {
                ja
            } else {
                Lang::EN
            };
            let drawn = |named| Walkers {
                day,
                before: None,
                names: &names,
                own: None,
                named,
            };
            let mut views = vec![None];
            for own in [None, Some(Seat(0)), Some(Seat(walkers as u8 - 1))] {
                views.push(Some(close_up::close_up(map, day, own)));
            }
            for close in views {
                let view = if close.is_some() {
                    "close-up"
                } else {
                    "whole map"
                };
                let what = format!("day {seed}, {walkers} walkers, round {round}, {view}");
                let g = close
                    .as_ref()
                    .map_or_else(|| Geometry::of(map), |c| c.geometry.clone());
                let k = drawn(close.is_none());
                let (placed, marks) = place(lang, map, &g, Some(&k), close.as_ref());
                for (i, a) in placed.iter().enumerate() {
                    for b in &placed[i + 1..] {
                        assert_eq!(
                            a.rect.overlap(&b.rect),
                            0.0,
                            "{what}: chips of {} and {} overlap",
                            a.walker,
                            b.walker
                        );
                    }
                    for (l, mark) in map.locations.iter().zip(&marks) {
                        let r = match mark {
                            Mark::Label(_, _, _, r) | Mark::Badge(_, r) => r,
                            Mark::Unnamed => continue,
                        };
                        assert_eq!(
                            a.rect.overlap(r),
                            0.0,
                            "{what}: the chip of {} covers the label or badge of {}",
                            a.walker,
                            l.id
                        );
                    }
                }
                pictures += 1;
                chips_seen += placed.len();
            }
        }
    }
    println!("{pictures} pictures, {chips_seen} chips");
    assert!(pictures > 400 && chips_seen > 2000);
}

/// How much of a line runs through a box: through it, along an edge's inside, past it.
#[test]
fn a_line_through_a_box_is_measured_inside_it() {
    let r = Rect {
        x0: 0.0,
        y0: 0.0,
        x1: 10.0,
        y1: 4.0,
    };
    let crossed = |a, b| (r.crossed((a, b)) * 1e6).round() / 1e6;
    assert_eq!(crossed((-5.0, 2.0), (15.0, 2.0)), 10.0);
    assert_eq!(crossed((5.0, -10.0), (5.0, 10.0)), 4.0);
    assert_eq!(crossed((2.0, 1.0), (2.0, 3.0)), 2.0);
    assert_eq!(crossed((-5.0, -5.0), (15.0, 15.0)), 5.656854); // 4 √2
    assert_eq!(crossed((-5.0, 8.0), (15.0, 8.0)), 0.0);
    assert_eq!(crossed((20.0, 0.0), (30.0, 4.0)), 0.0);
}

/// A place's name goes where no path strikes it through when it has such a place: a path
/// leaving the symbol eastwards sends the label, which would stand right of it, to its left.
#[test]
fn a_label_stands_clear_of_the_paths_where_it_can() {
    let east = ((100.0, 100.0), (300.0, 104.0));
    let ((_, _, anchor, r), clash) =
        labels::place_label(100.0, 100.0, "Dodd (4)", &[], &[east], None);
    assert_eq!((anchor, clash), ("end", 0.0));
    assert_eq!(r.crossed(east), 0.0);
    // With no line near it, it stands right of its symbol, as every label does first.
    let ((_, _, anchor, _), _) = labels::place_label(100.0, 100.0, "Dodd (4)", &[], &[], None);
    assert_eq!(anchor, "start");
}
