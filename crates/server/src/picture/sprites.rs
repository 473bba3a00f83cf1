//! A picture's texts pasted from sprites: most of the time resvg takes over a close-up is its
//! text (each run shaped anew, its glyphs filled), and a deadline's pictures say the same
//! words again and again ("Peloton (8)", "RA", "square 12"). So the picture is drawn without
//! its texts, and each text is drawn once per process into a sprite of its own, kept, and
//! pasted where it stands (docs/performance.md, "Mail out"). A seat's layer, all texts and
//! rectangles, is pasted whole from sprites ([`Marks`]): its rings are the same few shapes
//! in every mail.
//!
//! Texts are pasted after the rest, which is the picture as drawn whole only where no shape
//! is drawn over a text: [`SEAT_LAYER`](game_api::picture::SEAT_LAYER)'s pictures promise
//! that, and only they are drawn this way. A sprite is keyed by its element but for its
//! place (and by where it falls within a pixel), the picture's fonts and style sheet.
//! A pasted sprite differs from the mark drawn in place by 1 or 2 levels of 255 in its edge
//! pixels (blending rounds where drawing does not), and now and then a pixel by more (a glyph
//! rasterised at another place: 9 levels at most in the tests' 24 close-ups).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, OnceLock};

use game_api::escape_markup;
use resvg::tiny_skia::{Pixmap, Transform};

use super::bands::Rgb;

/// The sprites kept: a season's words in a few languages, a few MB.
const KEPT: usize = 4096;

/// A text (or rectangle) drawn alone, and where its pixmap's corner stands from its anchor's
/// pixel.
struct Sprite {
    pixmap: Option<Pixmap>,
    left: i32,
    top: i32,
}

/// A text or rectangle of the picture: its sprite's key and its anchor.
struct Mark {
    /// The element with `x` and `y` taken out.
    element: String,
    x: f32,
    y: f32,
}

/// `svg` drawn, its texts pasted from sprites; `None` if a text is not one this can paste (a
/// text inside a group with more than a class, or placed other than by `x` and `y`).
pub fn draw(svg: &str) -> Option<Result<Pixmap, String>> {
    let split = match Split::of(svg)? {
        Ok(split) => split,
        Err(e) => return Some(Err(e)),
    };
    let mut pixmap = match super::draw::draw_tree(&split.tree) {
        Ok(pixmap) => pixmap,
        Err(e) => return Some(Err(e)),
    };
    split.paste(&mut pixmap, 0);
    Some(Ok(pixmap))
}

/// A picture as resvg draws it without its texts, and its texts as sprites placed on its
/// pixels.
pub struct Split {
    pub tree: resvg::usvg::Tree,
    pub scale: f32,
    texts: Vec<Placed>,
}

/// A mark's sprite and where its corner falls on the picture's pixels.
struct Placed {
    sprite: Arc<Sprite>,
    x: i32,
    y: i32,
}

impl Split {
    /// `svg` split; `None` if a text is not one this can paste.
    pub fn of(svg: &str) -> Option<Result<Split, String>> {
        let (rest, texts, context) = split(svg)?;
        let tree = match super::draw::tree(&rest) {
            Ok(tree) => tree,
            Err(e) => return Some(Err(e)),
        };
        let scale = super::draw::scale(&tree);
        let texts = texts.iter().map(|text| place(&context, text, scale));
        Some(
            texts
                .collect::<Result<_, _>>()
                .map(|texts| Split { tree, scale, texts }),
        )
    }

    /// `svg` whole, its texts drawn by resvg.
    pub fn whole(svg: &str) -> Result<Split, String> {
        let tree = super::draw::tree(svg)?;
        Ok(Split {
            scale: super::draw::scale(&tree),
            tree,
            texts: Vec::new(),
        })
    }

    /// The rows of pixels each text's sprite covers.
    pub fn text_rows(&self) -> impl Iterator<Item = std::ops::Range<i32>> + '_ {
        rows(&self.texts)
    }

    /// The texts pasted on `pixmap`, whose first row is the picture's row `top`.
    pub fn paste(&self, pixmap: &mut Pixmap, top: i32) {
        let width = pixmap.width();
        paste_all(&self.texts, pixmap.data_mut(), width, 4, top);
    }
}

/// A picture drawn wholly from sprites: one whose every element drawn is a text or a
/// rectangle in groups with only a class, as a seat's layer is (its riders' rings, the covers
/// and its legend entry). Its marks are pasted in the order they are drawn, so that it needs
/// no drawing of its own: reading a layer's SVG with usvg and stroking its rings cost a mail
/// more than the marks' lookups.
pub struct Marks {
    size: (u32, u32),
    placed: Vec<Placed>,
}

impl Marks {
    /// `svg`'s marks; `None` if it draws anything else, or is not sized in plain numbers by
    /// its `width` and `height` (its `viewBox`, if it has one, the same).
    pub fn of(svg: &str) -> Option<Result<Marks, String>> {
        let doc = roxmltree::Document::parse(svg).ok()?;
        let root = doc.root_element();
        let number = |name| root.attribute(name)?.parse::<f32>().ok();
        let (width, height) = (number("width")?, number("height")?);
        if let Some(view_box) = root.attribute("viewBox") {
            let numbers: Vec<f32> = view_box
                .split([' ', ','])
                .filter(|n| !n.is_empty())
                .map(|n| n.parse().ok())
                .collect::<Option<_>>()?;
            if numbers != [0.0, 0.0, width, height] {
                return None;
            }
        }
        let scale = super::draw::scale_of(width);
        let context = context(&doc, svg);
        let mut placed = Vec::new();
        for node in root.descendants().skip(1).filter(|n| n.is_element()) {
            match node.tag_name().name() {
                // A group's attributes are checked with its marks'; a title is not drawn.
                "g" | "style" | "title" => {}
                "text" | "rect" => match place(&context, &mark(node, svg)?, scale) {
                    Ok(mark) => placed.push(mark),
                    Err(e) => return Some(Err(e)),
                },
                _ if node.ancestors().any(|a| a.has_tag_name("text")) => {}
                _ => return None,
            }
        }
        let size = super::draw::size_of(width, height);
        Some(Ok(Marks { size, placed }))
    }

    /// The pixels the picture is drawn in (width, height).
    pub fn size(&self) -> (u32, u32) {
        self.size
    }

    /// The rows of pixels each mark covers.
    pub fn rows(&self) -> impl Iterator<Item = std::ops::Range<i32>> + '_ {
        rows(&self.placed)
    }

    /// The marks pasted on `rows`, in order, whose first row is the picture's row `top`.
    pub fn paste(&self, rows: &mut Rgb, top: i32) {
        let width = rows.width();
        paste_all(&self.placed, rows.data_mut(), width, 3, top);
    }
}

/// The rows of pixels each of `placed`'s sprites covers.
fn rows(placed: &[Placed]) -> impl Iterator<Item = std::ops::Range<i32>> + '_ {
    placed.iter().filter_map(|mark| {
        let image = mark.sprite.pixmap.as_ref()?;
        Some(mark.y..mark.y + image.height() as i32)
    })
}

/// `placed` pasted in order on opaque pixels `data` (`width` a row, `bytes` each, RGB
/// first), whose first row is the picture's row `top`.
fn paste_all(placed: &[Placed], data: &mut [u8], width: u32, bytes: usize, top: i32) {
    for mark in placed {
        if let Some(image) = &mark.sprite.pixmap {
            paste(data, width, bytes, image, mark.x, mark.y - top);
        }
    }
}

/// What every sprite of a picture is drawn with: its root's fonts and its style sheet.
struct Context {
    open: String,
    style: String,
    key: u64,
}

/// The context of the picture `doc` read from `svg`.
fn context(doc: &roxmltree::Document, svg: &str) -> Context {
    let root = doc.root_element();
    let mut open = String::from(r#"<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1""#);
    for name in ["font-family", "font-size", "font-weight"] {
        if let Some(value) = root.attribute(name) {
            let _ = write!(open, r#" {name}="{}""#, escape_markup(value));
        }
    }
    open.push('>');
    let style = root
        .children()
        .find(|n| n.has_tag_name("style"))
        .map(|n| svg[n.range()].to_string())
        .unwrap_or_default();
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    (&open, &style).hash(&mut hasher);
    Context {
        open,
        style,
        key: hasher.finish(),
    }
}

/// `svg` without its texts, its texts, and their context.
fn split(svg: &str) -> Option<(String, Vec<Mark>, Context)> {
    let doc = roxmltree::Document::parse(svg).ok()?;
    let context = context(&doc, svg);
    let mut rest = String::with_capacity(svg.len());
    let mut texts = Vec::new();
    let mut from = 0;
    for node in doc.descendants().filter(|n| n.has_tag_name("text")) {
        let range = node.range();
        texts.push(mark(node, svg)?);
        rest.push_str(&svg[from..range.start]);
        from = range.end;
    }
    rest.push_str(&svg[from..]);
    Some((rest, texts, context))
}

/// `node`, a text or a rectangle, as a mark; `None` if it is inside a group with more than a
/// class, or placed other than by `x` and `y`.
fn mark(node: roxmltree::Node, svg: &str) -> Option<Mark> {
    let root = node.document().root_element();
    let plain_groups = node
        .ancestors()
        .skip(1)
        .take_while(|a| *a != root)
        .all(|a| {
            a.has_tag_name("g")
                && a.attributes()
                    .all(|at| at.name() == "class" || at.name().starts_with("data-"))
        });
    if !plain_groups || node.attribute("transform").is_some() {
        return None;
    }
    let (x, y) = (
        node.attribute("x")?.parse().ok()?,
        node.attribute("y")?.parse().ok()?,
    );
    let tag = node.tag_name().name();
    let mut element = format!("<{tag}");
    for at in node
        .attributes()
        .filter(|at| !matches!(at.name(), "x" | "y"))
    {
        let _ = write!(element, r#" {}="{}""#, at.name(), escape_markup(at.value()));
    }
    let source = &svg[node.range()];
    if node.has_children() {
        let inner = &source[source.find('>')? + 1..source.rfind("</")?];
        let _ = write!(element, ">{inner}</{tag}>");
    } else {
        element.push_str("/>");
    }
    Some(Mark { element, x, y })
}

/// `mark`'s sprite placed on a picture drawn at `scale`.
fn place(context: &Context, mark: &Mark, scale: f32) -> Result<Placed, String> {
    let (x, y) = (mark.x * scale, mark.y * scale);
    let (px, py) = (x.floor(), y.floor());
    // Where the mark falls within its pixel, to an eighth: a sprite is drawn there.
    let (fx, fy) = (
        ((x - px) * 8.0).round() / 8.0,
        ((y - py) * 8.0).round() / 8.0,
    );
    let sprite = sprite(context, &mark.element, fx, fy, scale)?;
    Ok(Placed {
        x: px as i32 + sprite.left,
        y: py as i32 + sprite.top,
        sprite,
    })
}

/// The sprite of `element` at `(fx, fy)` within its pixel, drawn once per process.
fn sprite(
    context: &Context,
    element: &str,
    fx: f32,
    fy: f32,
    scale: f32,
) -> Result<Arc<Sprite>, String> {
    type Kept = HashMap<(u64, String, u8, u8, u32), Arc<Sprite>>;
    static KEPT_SPRITES: OnceLock<Mutex<Kept>> = OnceLock::new();
    let kept = KEPT_SPRITES.get_or_init(Mutex::default);
    let key = (
        context.key,
        element.to_string(),
        (fx * 8.0) as u8,
        (fy * 8.0) as u8,
        scale.to_bits(),
    );
    let lock = || {
        kept.lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    };
    if let Some(sprite) = lock().get(&key) {
        return Ok(sprite.clone());
    }
    // The mark placed within its pixel: `x` and `y` after its tag's name.
    let name_end = element.find([' ', '/', '>']).unwrap_or(element.len());
    let svg = format!(
        r#"{}{}{} x="{}" y="{}"{}</svg>"#,
        context.open,
        context.style,
        &element[..name_end],
        fx / scale,
        fy / scale,
        &element[name_end..],
    );
    let tree = super::draw::tree(&svg)?;
    let bounds = tree.root().abs_layer_bounding_box();
    let sprite = Arc::new(match tree.root().has_children() {
        true => {
            // A pixel's margin around the ink: anti-aliasing reaches past the outline.
            let left = (bounds.left() * scale).floor() as i32 - 1;
            let top = (bounds.top() * scale).floor() as i32 - 1;
            let right = (bounds.right() * scale).ceil() as i32 + 1;
            let bottom = (bounds.bottom() * scale).ceil() as i32 + 1;
            let mut pixmap = Pixmap::new((right - left) as u32, (bottom - top) as u32)
                .ok_or("picture: a sprite of no size")?;
            resvg::render(
                &tree,
                Transform::from_scale(scale, scale).post_translate(-left as f32, -top as f32),
                &mut pixmap.as_mut(),
            );
            Sprite {
                pixmap: Some(pixmap),
                left,
                top,
            }
        }
        // Nothing drawn (an empty text, or no font for it).
        false => Sprite {
            pixmap: None,
            left: 0,
            top: 0,
        },
    });
    let mut kept = lock();
    if kept.len() >= KEPT {
        kept.clear();
    }
    kept.insert(key, sprite.clone());
    Ok(sprite)
}

/// `sprite` (premultiplied) blended over opaque pixels `data` (`width` a row, `bytes` each)
/// with its corner at `(x, y)`, clipped to them.
fn paste(data: &mut [u8], width: u32, bytes: usize, sprite: &Pixmap, x: i32, y: i32) {
    let width = width as i32;
    let height = (data.len() / (width as usize * bytes).max(1)) as i32;
    let sprite_width = sprite.width() as i32;
    let (x0, x1) = (x.max(0), (x + sprite_width).min(width));
    if x0 >= x1 {
        return;
    }
    for (row, source) in sprite
        .data()
        .chunks_exact(sprite_width as usize * 4)
        .enumerate()
    {
        let py = y + row as i32;
        if !(0..height).contains(&py) {
            continue;
        }
        let line = (py * width) as usize;
        let target = &mut data[(line + x0 as usize) * bytes..(line + x1 as usize) * bytes];
        let source = &source[((x0 - x) * 4) as usize..((x1 - x) * 4) as usize];
        for (d, s) in target.chunks_exact_mut(bytes).zip(source.chunks_exact(4)) {
            // Most of a sprite is clear (a text's, a ring's inside) or opaque (a cover).
            let alpha = u32::from(s[3]);
            match alpha {
                0 => continue,
                255 => {
                    d[..3].copy_from_slice(&s[..3]);
                    continue;
                }
                _ => {}
            }
            let keep = 255 - alpha;
            for c in 0..3 {
                d[c] = (u32::from(s[c]) + (u32::from(d[c]) * keep + 127) / 255) as u8;
            }
        }
    }
}
