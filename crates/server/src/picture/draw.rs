//! Drawing an SVG with resvg: the fonts it is drawn in (DejaVu Sans loaded from its files:
//! resvg draws no text without a font, and the pictures ask for DejaVu Sans; a Japanese font
//! after it, for the characters DejaVu lacks), and the size it is drawn at.

use std::sync::{Arc, OnceLock};

use resvg::tiny_skia;
use resvg::usvg::{self, fontdb};

/// Where Debian's fonts-dejavu-core (and most distributions) put DejaVu Sans.
pub(super) const FONT_DIRS: [&str; 3] = [
    "/usr/share/fonts/truetype/dejavu",
    "/usr/share/fonts/dejavu",
    "/usr/share/fonts/TTF",
];

/// Japanese fonts, the first found loaded: Debian's fonts-ipaexfont-gothic (the package's
/// dependency), then others a system may have. resvg falls back to it for each character
/// DejaVu Sans has no glyph for.
pub(super) const CJK_FONTS: [&str; 4] = [
    "/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
    "/usr/share/fonts/truetype/vlgothic/VL-Gothic-Regular.ttf",
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
];

/// The widest PNG drawn (pixels): a mail is read on a phone as often as not.
pub const MAX_WIDTH: f32 = 1200.0;

/// The fonts: every DejaVu Sans file found, sans-serif meaning DejaVu Sans.
pub(super) fn fonts() -> Arc<fontdb::Database> {
    static FONTS: OnceLock<Arc<fontdb::Database>> = OnceLock::new();
    FONTS
        .get_or_init(|| {
            let mut db = fontdb::Database::new();
            for dir in FONT_DIRS {
                let Ok(entries) = std::fs::read_dir(dir) else {
                    continue;
                };
                for entry in entries.flatten() {
                    let name = entry.file_name().to_string_lossy().into_owned();
                    if name.starts_with("DejaVuSans")
                        && name.ends_with(".ttf")
                        && let Ok(data) = std::fs::read(entry.path())
                    {
                        db.load_font_data(data);
                    }
                }
            }
            if db.is_empty() {
                tracing::warn!(
                    "no DejaVu Sans font found (apt-get install fonts-dejavu-core): mail pictures have no text"
                );
            }
            match CJK_FONTS.iter().find_map(|path| std::fs::read(path).ok()) {
                Some(data) => db.load_font_data(data),
                None => tracing::warn!(
                    "no Japanese font found (apt-get install fonts-ipaexfont-gothic): Japanese labels in mail pictures have no text"
                ),
            }
            db.set_sans_serif_family("DejaVu Sans");
            Arc::new(db)
        })
        .clone()
}

/// `svg` drawn on white, at most [`MAX_WIDTH`] pixels wide (twice its size if smaller).
pub(super) fn draw(svg: &str) -> Result<tiny_skia::Pixmap, String> {
    draw_tree(&tree(svg)?)
}

/// `tree` drawn on white, at [`scale`].
pub(super) fn draw_tree(tree: &usvg::Tree) -> Result<tiny_skia::Pixmap, String> {
    let scale = scale(tree);
    let (width, height) = size(tree);
    let mut pixmap = tiny_skia::Pixmap::new(width, height)
        .ok_or_else(|| format!("picture: {width}×{height} pixels"))?;
    pixmap.fill(tiny_skia::Color::WHITE);
    resvg::render(
        tree,
        tiny_skia::Transform::from_scale(scale, scale),
        &mut pixmap.as_mut(),
    );
    Ok(pixmap)
}

pub(super) fn tree(svg: &str) -> Result<usvg::Tree, String> {
    let options = usvg::Options {
        fontdb: fonts(),
        ..usvg::Options::default()
    };
    usvg::Tree::from_str(svg, &options).map_err(|e| format!("picture: {e}"))
}

/// The pixels `tree` is drawn in (width, height).
pub(super) fn size(tree: &usvg::Tree) -> (u32, u32) {
    size_of(tree.size().width(), tree.size().height())
}

/// The pixels a picture `width` by `height` is drawn in (width, height).
pub(super) fn size_of(width: f32, height: f32) -> (u32, u32) {
    let scale = scale_of(width);
    (
        (width * scale).ceil() as u32,
        (height * scale).ceil() as u32,
    )
}

/// How much larger than its SVG a picture is drawn.
pub(super) fn scale(tree: &usvg::Tree) -> f32 {
    scale_of(tree.size().width())
}

/// How much larger than its SVG a picture `width` wide is drawn.
pub(super) fn scale_of(width: f32) -> f32 {
    (MAX_WIDTH / width).min(2.0)
}
