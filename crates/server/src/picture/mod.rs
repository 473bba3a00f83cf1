//! A game's picture (SVG) as PNG for mail, which mail clients show where they show no SVG,
//! drawn by resvg (`draw`). A picture with a seat's layer is drawn as the game's picture, its
//! texts pasted from sprites (`sprites`), kept for the other seats, with the seat's marks
//! drawn into the bands they fall in (`layers`); its PNG is written in bands the seats share
//! (`bands`).
//! docs/performance.md ("Mail out") has what each part saves.

mod bands;
mod draw;
mod layers;
mod sprites;

pub use draw::MAX_WIDTH;

/// `svg` drawn as PNG, at most [`MAX_WIDTH`] pixels wide (twice the SVG's size if smaller).
pub fn png(svg: &str) -> Result<Vec<u8>, String> {
    match layers::Layers::of(svg) {
        Some(layers) => layers.png(),
        None => Ok(bands::Bands::of(&bands::Rgb::of(&draw::draw(svg)?)).png()),
    }
}

/// The PNG of game `game`'s picture after `turn`, or none (told in the log) if it cannot be
/// drawn. It takes milliseconds of a core: the caller draws it off the async threads.
pub fn turn_png(game: i64, turn: u16, svg: &str) -> Option<Vec<u8>> {
    png(svg)
        .inspect_err(|e| tracing::warn!(game, turn, "picture: {e}"))
        .ok()
}

#[cfg(test)]
mod tests {
    use super::draw::{CJK_FONTS, FONT_DIRS, fonts};
    use super::*;
    use resvg::{tiny_skia, usvg};

    #[test]
    fn an_svg_becomes_a_png_with_its_text() {
        let blank = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50"></svg>"#;
        let text = r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" font-family="DejaVu Sans, sans-serif"><text x="10" y="30" font-size="20">Turn 3</text></svg>"#;
        let (blank, text) = (png(blank).unwrap(), png(text).unwrap());
        assert_eq!(&text[1..4], b"PNG");
        // 400×100 pixels (twice the SVG's size).
        assert_eq!(u32::from_be_bytes(text[16..20].try_into().unwrap()), 400);
        assert_eq!(u32::from_be_bytes(text[20..24].try_into().unwrap()), 100);
        // Where DejaVu Sans is installed (Debian's fonts-dejavu-core), the text is drawn.
        if std::path::Path::new(FONT_DIRS[0])
            .join("DejaVuSans.ttf")
            .exists()
        {
            assert!(!fonts().is_empty());
            assert_ne!(blank, text);
        }
        assert!(png("<svg").is_err());
    }

    /// Issue 36: a Japanese label is drawn with the Japanese font's glyphs. Two labels of the
    /// same length that differ in every character must differ in their pixels and both carry
    /// ink: a font without the glyphs draws nothing, or the same empty box for each.
    #[test]
    fn a_japanese_label_is_drawn_in_glyphs() {
        if !CJK_FONTS
            .iter()
            .any(|path| std::path::Path::new(path).exists())
        {
            eprintln!("no Japanese font installed: skipped (.ci/run installs one)");
            return;
        }
        let label = |text: &str| {
            let svg = format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" width="200" height="50" font-family="DejaVu Sans, sans-serif"><text x="10" y="34" font-size="24">{text}</text></svg>"#
            );
            let pixmap = tiny_skia::Pixmap::decode_png(&png(&svg).unwrap()).unwrap();
            let ink: Vec<bool> = pixmap
                .pixels()
                .iter()
                .map(|p| p.red() < 128 && p.green() < 128 && p.blue() < 128)
                .collect();
            ink
        };
        let (standings, points) = (label("順位表"), label("得点差"));
        let count = |ink: &[bool]| ink.iter().filter(|&&i| i).count();
        // Three 48-pixel glyphs (the PNG is drawn at twice the size) each hold a few hundred
        // dark pixels.
        assert!(count(&standings) > 600, "{} dark pixels", count(&standings));
        assert!(count(&points) > 600, "{} dark pixels", count(&points));
        assert_ne!(standings, points, "different characters, different glyphs");
    }

    /// What a reader sees of a chip: its letters inside its box. Teams whose letters are the
    /// widest (W, M) with every grade on the road, at the start and in the close-up, drawn in
    /// the fonts the PNG uses: each chip's and each legend key's ink lies within its edge.
    #[test]
    fn every_chip_s_letters_stay_inside_it() {
        use game_api::{Seat, Viewer};
        use game_breaking_away::{Hand, Position, Rules};
        use usvg::{Node, Rect};
        if fonts().is_empty() {
            eprintln!("no DejaVu Sans installed: skipped (.ci/run installs it)");
            return;
        }
        let team = [10, 9, 8, 7].map(|c| Hand::new(&[c, c, c]).unwrap());
        let position = Position::start(Rules::postal(), &[team; 4]);
        let names: Vec<String> = ["White", "Mauve", "Wolves", "Moss"]
            .map(String::from)
            .into();
        let picture = game_breaking_away::svg::track_picture(
            &position.view(Viewer::Public),
            None,
            &names,
            Some(Seat(0)),
        );
        fn walk(group: &usvg::Group, boxes: &mut Vec<Rect>, labels: &mut Vec<(String, Rect)>) {
            for node in group.children() {
                match node {
                    Node::Group(g) => walk(g, boxes, labels),
                    Node::Path(p) => {
                        let b = p.abs_bounding_box();
                        if (17.5..=18.5).contains(&b.height()) && (19.0..=25.0).contains(&b.width())
                        {
                            boxes.push(b);
                        }
                    }
                    Node::Text(t) => {
                        let text: String = t.chunks().iter().map(|c| c.text()).collect();
                        if (1..=2).contains(&text.chars().count())
                            && text.chars().all(|c| c.is_ascii_uppercase())
                        {
                            labels.push((text, t.flattened().abs_bounding_box()));
                        }
                    }
                    Node::Image(_) => {}
                }
            }
        }
        for svg in [picture.svg, picture.close_up.unwrap()] {
            let options = usvg::Options {
                fontdb: fonts(),
                ..usvg::Options::default()
            };
            let tree = usvg::Tree::from_str(&svg, &options).unwrap();
            let (mut boxes, mut labels) = (Vec::new(), Vec::new());
            walk(tree.root(), &mut boxes, &mut labels);
            assert!(labels.iter().any(|(t, _)| t == "WD"), "{labels:?}");
            assert!(labels.len() >= 16, "{} chips", labels.len());
            for (text, ink) in labels {
                let (x, y) = (ink.x() + ink.width() / 2.0, ink.y() + ink.height() / 2.0);
                let chip = boxes
                    .iter()
                    .find(|b| b.left() < x && x < b.right() && b.top() < y && y < b.bottom())
                    .unwrap_or_else(|| panic!("{text}: no chip around it"));
                assert!(
                    chip.left() <= ink.left() && ink.right() <= chip.right(),
                    "{text}: ink {:.1}–{:.1}, chip {:.1}–{:.1}",
                    ink.left(),
                    ink.right(),
                    chip.left(),
                    chip.right()
                );
            }
        }
    }

    /// Issue 29: a real close-up (a race's start, a team's riders marked) comes out of resvg
    /// in the light theme's colours — the picture's `<style>` dark override is not applied —
    /// and is not blank: the background, the road and the teams' colours are all there.
    #[test]
    fn a_close_up_becomes_a_light_png_that_is_not_blank() {
        use game_api::{Seat, Viewer};
        use game_breaking_away::{Hand, Position, Rules};
        let team = [10, 9, 8, 7].map(|c| Hand::new(&[c, c, c]).unwrap());
        let position = Position::start(Rules::postal(), &[team; 4]);
        let names: Vec<String> = ["Red", "Blue", "Black", "Grey"].map(String::from).into();
        let picture = game_breaking_away::svg::track_picture(
            &position.view(Viewer::Public),
            None,
            &names,
            Some(Seat(1)),
        );
        let png = png(&picture.close_up.unwrap()).unwrap();
        let pixmap = tiny_skia::Pixmap::decode_png(&png).unwrap();
        let colours: std::collections::BTreeSet<[u8; 3]> = pixmap
            .pixels()
            .iter()
            .map(|p| [p.red(), p.green(), p.blue()])
            .collect();
        let hex = |h: &str| {
            let v = |k: usize| u8::from_str_radix(&h[1 + 2 * k..3 + 2 * k], 16).unwrap();
            [v(0), v(1), v(2)]
        };
        assert!(colours.len() > 20, "{} colours", colours.len());
        let corner = pixmap.pixel(1, 1).unwrap();
        assert_eq!(
            [corner.red(), corner.green(), corner.blue()],
            hex(game_api::picture::light("pr-bg")),
            "the light background"
        );
        // Issue 51: each team in the colour its name says (Red in vermilion, Blue in blue,
        // Black in black, Grey in grey), the mail's PNG like the page's SVG.
        let teams = game_api::picture::TeamColours::of(&names);
        for (k, name) in names.iter().enumerate() {
            let fill = teams.fill(k as u8);
            assert_eq!(
                game_api::picture::COLOURS[teams.class(k as u8)].name,
                name.to_lowercase()
            );
            assert!(colours.contains(&hex(fill)), "{name}'s colour {fill}");
        }
        assert!(
            !colours.contains(&hex(game_api::picture::THEME[0].3)),
            "no dark background"
        );
    }
}
