//! A picture with a seat's layer ([`SEAT_LAYER`]): all but the layer (and the `<title>`s,
//! which are not drawn) is the game's picture, the same for each seat, drawn once and kept
//! with its PNG's bands for the other seats (the last few games'); the seat's layer is drawn
//! only into the bands its shapes fall in, copied from the game's picture, and only those
//! are deflated again.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use game_api::picture::SEAT_LAYER;
use resvg::tiny_skia::Transform;

use super::bands::{Bands, ROWS, Rgb, Strip};
use super::sprites::{Marks, Split};

/// The games' pictures kept: a deadline's mails go out game by game, a game's seats together.
const KEPT: usize = 16;

/// A picture split into the game's part and the seat's layer, each a whole SVG.
pub struct Layers {
    game: String,
    seat: String,
}

/// A game's picture, drawn (as RGB, as its PNG holds it), and its PNG's bands.
struct Drawn {
    rgb: Rgb,
    bands: Bands,
}

impl Layers {
    /// `svg`'s layers; `None` if it has no seat layer.
    pub fn of(svg: &str) -> Option<Layers> {
        let layer = svg.rfind(SEAT_LAYER)?;
        let end = svg.rfind("</svg>").filter(|&end| end > layer)?;
        let root = svg.find("<svg")?;
        let open = &svg[root..root + svg[root..].find('>')? + 1];
        let style = svg
            .find("<style")
            .and_then(|s| Some(&svg[s..s + svg[s..].find("</style>")? + "</style>".len()]))
            .unwrap_or_default();
        let seat = &svg[layer..end];
        Some(Layers {
            game: format!("{}</svg>\n", without_titles(&svg[..layer])),
            seat: format!("{open}{}{seat}</svg>\n", rules_for(style, seat)),
        })
    }

    /// The PNG: the game's picture with the seat's layer drawn over it. The layer is drawn
    /// only into the bands its marks fall in, each run of them a strip copied from the
    /// game's picture; the other bands are the game's. A layer of texts and rectangles is
    /// pasted from sprites; any other is drawn by resvg, shape by shape, its texts pasted.
    pub fn png(&self) -> Result<Vec<u8>, String> {
        let game = game_picture(&self.game)?;
        let size = (game.rgb.width(), game.rgb.height());
        let wrong_size = || Err("picture: the seat's layer is not the picture's size".into());
        let strips = match Marks::of(&self.seat) {
            Some(marks) => {
                let marks = marks?;
                if marks.size() != size {
                    return wrong_size();
                }
                strips(&game.rgb, marks.rows(), |strip, top| {
                    marks.paste(strip, top);
                    Ok(())
                })?
            }
            None => {
                // Its texts pasted from sprites, as the game's are, where they can be.
                let layer = match Split::of(&self.seat) {
                    Some(split) => split?,
                    None => Split::whole(&self.seat)?,
                };
                if super::draw::size(&layer.tree) != size {
                    return wrong_size();
                }
                let shapes = shapes(&layer);
                let rows = shapes.iter().map(|s| s.rows.clone());
                strips(&game.rgb, rows.chain(layer.text_rows()), |strip, top| {
                    let mut pixmap = strip
                        .to_pixmap()
                        .ok_or("picture: a strip of the seat's layer")?;
                    let at = Transform::from_scale(layer.scale, layer.scale)
                        .post_translate(0.0, -top as f32);
                    // Each shape drawn into the strips it falls in, not stroked again for
                    // the others.
                    let strip_rows = top..top + pixmap.height() as i32;
                    for shape in &shapes {
                        if shape.rows.start < strip_rows.end && strip_rows.start < shape.rows.end {
                            resvg::render_node(
                                shape.node,
                                at.pre_concat(shape.at),
                                &mut pixmap.as_mut(),
                            );
                        }
                    }
                    layer.paste(&mut pixmap, top);
                    *strip = Rgb::of(&pixmap);
                    Ok(())
                })?
            }
        };
        Ok(game.bands.redone(&strips).png())
    }
}

/// The strips of `game`'s picture that `rows` fall in (whole bands, each run of them one
/// strip), each copied and drawn on by `draw` (given its first row in the picture).
fn strips(
    game: &Rgb,
    rows: impl Iterator<Item = std::ops::Range<i32>>,
    draw: impl Fn(&mut Rgb, i32) -> Result<(), String>,
) -> Result<Vec<Strip>, String> {
    let height = game.height();
    let mut strips = Vec::new();
    for bands in runs(&bands_of(rows, height)) {
        let rows = bands.start * ROWS..(bands.end * ROWS).min(height);
        let top = rows.start as i32;
        let mut strip = game.rows(rows);
        draw(&mut strip, top)?;
        strips.push(Strip {
            first_band: bands.start,
            rows: strip,
        });
    }
    Ok(strips)
}

/// A shape of a seat's layer (drawn alone: a path, a text, or a group drawn through a layer
/// of its own), and the rows of pixels it may change.
struct Shape<'a> {
    node: &'a resvg::usvg::Node,
    /// What `resvg::render_node` is given after the picture's scale to draw it in place.
    at: Transform,
    rows: std::ops::Range<i32>,
}

/// `layer`'s shapes, each with the rows of its box with its stroke (a group with a filter,
/// mask, clip or opacity: what its layer covers), and a pixel either side for the edges'
/// blending.
fn shapes(layer: &Split) -> Vec<Shape<'_>> {
    use resvg::usvg::{Group, Node};
    fn walk<'a>(group: &'a Group, scale: f32, out: &mut Vec<Shape<'a>>) {
        for node in group.children() {
            let covered = match node {
                Node::Group(g) if !g.should_isolate() => {
                    walk(g, scale, out);
                    continue;
                }
                Node::Group(g) => g.abs_layer_bounding_box().to_rect(),
                _ => node.abs_stroke_bounding_box(),
            };
            // Nothing drawn (a line with no stroke): `render_node` draws nothing either.
            let Some(corner) = node.abs_layer_bounding_box() else {
                continue;
            };
            out.push(Shape {
                node,
                // `render_node` draws a node with its box's corner at the pixmap's: put it
                // back where it stands.
                at: group.abs_transform().pre_translate(corner.x(), corner.y()),
                rows: (covered.top() * scale).floor() as i32 - 1
                    ..(covered.bottom() * scale).ceil() as i32 + 2,
            });
        }
    }
    let mut shapes = Vec::new();
    walk(layer.tree.root(), layer.scale, &mut shapes);
    shapes
}

/// The bands (of [`ROWS`] rows) that rows of pixels fall in, in order, each once.
fn bands_of(rows: impl Iterator<Item = std::ops::Range<i32>>, height: u32) -> Vec<u32> {
    let mut bands: Vec<u32> = rows
        .filter_map(|rows| {
            let first = rows.start.max(0) as u32;
            let end = (rows.end.max(0) as u32).min(height);
            (first < end).then(|| first / ROWS..=(end - 1) / ROWS)
        })
        .flatten()
        .collect();
    bands.sort_unstable();
    bands.dedup();
    bands
}

/// Sorted band numbers as runs of consecutive ones.
fn runs(bands: &[u32]) -> Vec<std::ops::Range<u32>> {
    let mut runs: Vec<std::ops::Range<u32>> = Vec::new();
    for &b in bands {
        match runs.last_mut() {
            Some(run) if run.end == b => run.end += 1,
            _ => runs.push(b..b + 1),
        }
    }
    runs
}

/// The game's picture `svg`, drawn once per process (the last [`KEPT`] kept). A game's
/// seats' mails go out side by side: the first draws it, the others wait for it.
fn game_picture(svg: &str) -> Result<Arc<Drawn>, String> {
    type Cell = Arc<OnceLock<Result<Arc<Drawn>, String>>>;
    static KEPT_GAMES: OnceLock<Mutex<Vec<(u64, Cell)>>> = OnceLock::new();
    let kept = KEPT_GAMES.get_or_init(Mutex::default);
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    svg.hash(&mut hasher);
    let key = hasher.finish();
    let cell = {
        let mut kept = kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        match kept.iter().find(|(k, _)| *k == key) {
            Some((_, cell)) => cell.clone(),
            None => {
                if kept.len() >= KEPT {
                    kept.remove(0);
                }
                let cell = Cell::default();
                kept.push((key, cell.clone()));
                cell
            }
        }
    };
    cell.get_or_init(|| {
        let pixmap = super::sprites::draw(svg).unwrap_or_else(|| super::draw::draw(svg))?;
        let rgb = Rgb::of(&pixmap);
        Ok(Arc::new(Drawn {
            bands: Bands::of(&rgb),
            rgb,
        }))
    })
    .clone()
}

/// `style` (a `<style>` element) with, of its plain class rules (`.name{…}`), only those whose
/// class `layer` uses: a seat's layer is read for each mail, and the picture's style sheet
/// names every team's colours. Any other rule is kept as it is.
fn rules_for(style: &str, layer: &str) -> String {
    let (Some(open), Some(close)) = (style.find('>'), style.rfind("</style>")) else {
        return style.to_string();
    };
    let used: std::collections::HashSet<&str> = layer
        .split("class=\"")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .flat_map(str::split_whitespace)
        .collect();
    let mut kept = String::from(&style[..=open]);
    let mut rest = &style[open + 1..close];
    while let Some(brace) = rest.find('{') {
        // The rule's block, to its closing brace (an `@media` block holds rules of its own).
        let mut depth = 0;
        let end = rest[brace..].char_indices().find_map(|(i, c)| {
            depth += match c {
                '{' => 1,
                '}' => -1,
                _ => 0,
            };
            (depth == 0).then_some(brace + i + 1)
        });
        let Some(end) = end else { break };
        let plain = rest[..brace].trim().strip_prefix('.').filter(|name| {
            name.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        });
        if plain.is_none_or(|name| used.contains(name)) {
            kept.push_str(&rest[..end]);
        }
        rest = &rest[end..];
    }
    kept.push_str(rest);
    kept.push_str(&style[close..]);
    kept
}

/// `svg` without its `<title>` elements (a seat's differ: "Red-A, yours").
fn without_titles(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(at) = rest.find("<title>") {
        out.push_str(&rest[..at]);
        match rest[at..].find("</title>") {
            Some(end) => rest = &rest[at + end + "</title>".len()..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::Pixmap;

    const PICTURE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 80" width="100" height="80"><style>.pr-mine{stroke:#1D1D1D}</style><rect x="0" y="0" width="100" height="80" fill="#F7F7F2"/><g><title>Red-A, yours</title><rect x="10" y="50" width="20" height="10" fill="#D55E00"/></g>
<g class="pr-seat"><rect class="pr-mine" x="8" y="48" width="24" height="14" fill="none" stroke="#1D1D1D" stroke-width="2"/></g>
</svg>
"##;

    #[test]
    fn a_seat_s_layer_keeps_the_rules_its_classes_use() {
        let style = "<style>.pr-bg{fill:#F7F7F2}.pr-mine{stroke:#1D1D1D}.pr-t3{fill:#D55E00}text{font-size:12px}@media (prefers-color-scheme: dark){.pr-bg{fill:#17191E}}</style>";
        let layer =
            r#"<g class="pr-seat"><rect class="pr-mine" x="1"/><rect class="pr-t3 pr-edge"/></g>"#;
        assert_eq!(
            rules_for(style, layer),
            "<style>.pr-mine{stroke:#1D1D1D}.pr-t3{fill:#D55E00}text{font-size:12px}@media (prefers-color-scheme: dark){.pr-bg{fill:#17191E}}</style>"
        );
        // Nothing to read: as it was.
        assert_eq!(rules_for("", layer), "");
    }

    #[test]
    fn a_picture_splits_into_the_games_part_and_the_seats_layer() {
        let layers = Layers::of(PICTURE).unwrap();
        assert!(!layers.game.contains("title") && !layers.game.contains("pr-seat"));
        assert!(layers.game.contains(r##"fill="#D55E00""##));
        assert!(layers.seat.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 80" width="100" height="80"><style>"#));
        assert!(layers.seat.contains("pr-mine") && !layers.seat.contains("D55E00"));
        assert!(Layers::of(&PICTURE.replace("pr-seat", "pr-other")).is_none());
    }

    /// The PNG drawn by layers is the picture drawn whole, pixel for pixel.
    #[test]
    fn layers_draw_the_picture_drawn_whole() {
        let layers = Layers::of(PICTURE).unwrap().png().unwrap();
        let whole = Bands::of(&Rgb::of(&super::super::draw::draw(PICTURE).unwrap())).png();
        let (layers, whole) = (
            Pixmap::decode_png(&layers).unwrap(),
            Pixmap::decode_png(&whole).unwrap(),
        );
        assert_eq!(layers.data(), whole.data());
        // And the ring is there: the pixel under its top edge is dark.
        let p = layers.pixel(40, 96).unwrap();
        assert!(p.red() < 80, "{p:?}");
    }

    /// A close-up's seat layer (its riders' rings, the covers, its legend entry) is texts and
    /// rectangles only: pasted whole from sprites, in order. A layer with any other shape, or
    /// a rectangle placed by a transform, is drawn by resvg.
    #[test]
    fn a_close_up_s_seat_layer_is_pasted_from_sprites() {
        use game_api::{Seat, Seed, Viewer};
        let names: Vec<String> = ["Red", "Blue", "Green", "White"].map(String::from).into();
        let race = game_breaking_away::random::race(4, 12, &mut Seed(5).rng(0));
        let view = race[8].view(Viewer::Public);
        let picture = game_breaking_away::svg::track_picture_worn(
            game_api::Lang::EN,
            &view,
            None,
            &names,
            Some(Seat(0)),
            &[],
        );
        let layers = Layers::of(&picture.close_up.unwrap()).unwrap();
        let marks = Marks::of(&layers.seat)
            .expect("texts and rectangles")
            .unwrap();
        // Four rings at least (a team's riders) and the legend entry's chip and two texts.
        assert!(marks.rows().count() >= 7, "{} marks", marks.rows().count());
        let circle = PICTURE.replace(
            r#"<rect class="pr-mine""#,
            r#"<circle cx="20" cy="55" r="9"/><rect class="pr-mine""#,
        );
        assert!(Marks::of(&Layers::of(&circle).unwrap().seat).is_none());
        let moved = PICTURE.replace(
            r#"<g class="pr-seat">"#,
            r#"<g class="pr-seat"><g transform="translate(2 0)"><rect x="1" y="1" width="2" height="2"/></g>"#,
        );
        assert!(Marks::of(&Layers::of(&moved).unwrap().seat).is_none());
        // Drawn either way, the same picture.
        for svg in [circle, moved] {
            let drawn = Pixmap::decode_png(&Layers::of(&svg).unwrap().png().unwrap()).unwrap();
            let whole = super::super::draw::draw(&svg).unwrap();
            assert_eq!(drawn.data(), whole.data());
        }
    }

    /// A real close-up (Breaking Away's glance), for each seat of races at several turns, in
    /// English and in Japanese: the PNG drawn by layers (its texts from sprites) is the picture drawn whole by resvg, but
    /// for rounding: under 2% of its bytes differ, by 1 or 2 levels of 255 but for a few
    /// (2 bytes by 9 in 24 pictures).
    #[test]
    fn a_race_s_close_ups_by_layers_are_the_close_ups_drawn_whole() {
        use game_api::{Seat, Seed, Viewer};
        let names: Vec<String> = ["Red", "Blue", "Green", "White"].map(String::from).into();
        for seed in [3, 4] {
            let race = game_breaking_away::random::race(4, 40, &mut Seed(seed).rng(0));
            // The second race in Japanese: its labels in the Japanese font's glyphs.
            let lang = match seed {
                3 => game_api::Lang::EN,
                _ => game_api::Lang::from_code("ja").unwrap(),
            };
            for turn in [1, race.len() / 2, race.len() - 1] {
                let view = race[turn].view(Viewer::Public);
                for seat in 0..4 {
                    let picture = game_breaking_away::svg::track_picture_worn(
                        lang,
                        &view,
                        None,
                        &names,
                        Some(Seat(seat)),
                        &[],
                    );
                    let svg = picture.close_up.unwrap();
                    let layers = Layers::of(&svg).expect("a seat layer");
                    let drawn = Pixmap::decode_png(&layers.png().unwrap()).unwrap();
                    let whole = super::super::draw::draw(&svg).unwrap();
                    // Texts pasted from sprites round their edges' blending apart, and
                    // a glyph drawn elsewhere is rasterised a hair differently.
                    let (mut differ, mut far, mut most) = (0, 0, 0);
                    for (a, b) in drawn.data().iter().zip(whole.data()) {
                        differ += usize::from(a != b);
                        far += usize::from(a.abs_diff(*b) > 2);
                        most = most.max(a.abs_diff(*b));
                    }
                    let what = format!("seed {seed}, turn {turn}, seat {seat}");
                    assert!(most <= 24, "{what}: a byte differs by {most}");
                    assert!(far <= 40, "{what}: {far} bytes differ by more than 2");
                    assert!(
                        differ * 50 < drawn.data().len(),
                        "{what}: {differ} bytes differ"
                    );
                }
            }
        }
    }
}
