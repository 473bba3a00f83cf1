//! A picture with a seat's layer ([`SEAT_LAYER`]): all but the layer (and the `<title>`s,
//! which are not drawn) is the game's picture, the same for each seat, drawn once and kept
//! with its PNG's bands for the other seats (the last few games'); the seat's layer is drawn
//! over a copy, and only the bands whose rows it changed are deflated again.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use game_api::picture::SEAT_LAYER;
use resvg::tiny_skia::{Pixmap, Transform};

use super::bands::{Bands, ROWS};

/// The games' pictures kept: a deadline's mails go out game by game, a game's seats together.
const KEPT: usize = 16;

/// A picture split into the game's part and the seat's layer, each a whole SVG.
pub struct Layers {
    game: String,
    seat: String,
}

/// A game's picture, drawn, and its PNG's bands.
struct Drawn {
    pixmap: Pixmap,
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
        Some(Layers {
            game: format!("{}</svg>\n", without_titles(&svg[..layer])),
            seat: format!("{open}{style}{}</svg>\n", &svg[layer..end]),
        })
    }

    /// The PNG: the game's picture with the seat's layer drawn over it.
    pub fn png(&self) -> Result<Vec<u8>, String> {
        let game = game_picture(&self.game)?;
        let tree = super::draw::tree(&self.seat)?;
        let scale = super::draw::scale(&tree);
        let mut pixmap = game.pixmap.clone();
        resvg::render(
            &tree,
            Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        if (pixmap.width(), pixmap.height()) != (game.pixmap.width(), game.pixmap.height()) {
            return Err("picture: the seat's layer is not the picture's size".into());
        }
        let row = pixmap.width() as usize * 4;
        let band = row * ROWS as usize;
        let changed = |b: u32| {
            let rows = b as usize * band..((b as usize + 1) * band).min(pixmap.data().len());
            pixmap.data()[rows.clone()] != game.pixmap.data()[rows]
        };
        Ok(game.bands.redone(&pixmap, changed).png())
    }
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
        Ok(Arc::new(Drawn {
            bands: Bands::of(&pixmap),
            pixmap,
        }))
    })
    .clone()
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

    const PICTURE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 80" width="100" height="80"><style>.pr-mine{stroke:#1D1D1D}</style><rect x="0" y="0" width="100" height="80" fill="#F7F7F2"/><g><title>Red-A, yours</title><rect x="10" y="50" width="20" height="10" fill="#D55E00"/></g>
<g class="pr-seat"><rect class="pr-mine" x="8" y="48" width="24" height="14" fill="none" stroke="#1D1D1D" stroke-width="2"/></g>
</svg>
"##;

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
        let whole = Bands::of(&super::super::draw::draw(PICTURE).unwrap()).png();
        let (layers, whole) = (
            Pixmap::decode_png(&layers).unwrap(),
            Pixmap::decode_png(&whole).unwrap(),
        );
        assert_eq!(layers.data(), whole.data());
        // And the ring is there: the pixel under its top edge is dark.
        let p = layers.pixel(40, 96).unwrap();
        assert!(p.red() < 80, "{p:?}");
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
