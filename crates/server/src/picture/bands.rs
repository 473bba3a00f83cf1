//! A picture's PNG written in bands of rows, each deflated on its own, so that the seats of a
//! game share what their pictures have in common: a seat's picture is the game's with its
//! own marks drawn over a few rows, and only the bands those rows fall in are deflated again,
//! each run of them as one (docs/performance.md, "Mail out").
//!
//! Each band (or run) is filtered without reference to the rows above it (its first row
//! `Sub`, the rest `Up`: the pictures are mostly flat, and `Up` deflates them as small as
//! adaptive filtering) and deflated ending with a full flush, so that its bytes decode after
//! any other band's. The zlib stream's checksum is combined from the bands'.

use flate2::{Compress, Compression, FlushCompress, Status};
use resvg::tiny_skia::Pixmap;
use std::sync::Arc;

/// Rows a band: small enough that a seat's marks touch few bands, large enough that a band
/// deflates nearly as well as the whole (16: 96.5 KB against 95.7 KB for a close-up).
pub const ROWS: u32 = 16;

/// One band's filtered rows, deflated; their Adler-32 and length for the stream's checksum.
#[derive(Clone, Debug)]
struct Band {
    /// Shared by the pictures whose band it is (a game's seats').
    deflated: Arc<[u8]>,
    adler: u32,
    len: u64,
}

impl Band {
    /// A band written with the one before it (a seat's strip is deflated as one).
    fn empty() -> Band {
        Band {
            deflated: Arc::new([]),
            adler: 1,
            len: 0,
        }
    }
}

/// Rows of a picture drawn again, from the start of band `first_band`.
pub struct Strip {
    pub first_band: u32,
    pub rows: Rgb,
}

/// Opaque pixels as RGB, as a PNG holds them: a game's picture is turned into RGB once, and
/// a seat's strips are copied from it and pasted on as they are.
pub struct Rgb {
    width: u32,
    data: Vec<u8>,
}

impl Rgb {
    /// `pixmap`'s pixels (opaque: their alpha is dropped).
    pub fn of(pixmap: &Pixmap) -> Rgb {
        let mut data = Vec::new();
        rgb(pixmap.data(), &mut data);
        Rgb {
            width: pixmap.width(),
            data,
        }
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        (self.data.len() / (self.width as usize * 3).max(1)) as u32
    }

    /// The pixels, row after row, three bytes each.
    pub fn data_mut(&mut self) -> &mut [u8] {
        &mut self.data
    }

    /// A copy of rows `rows`.
    pub fn rows(&self, rows: std::ops::Range<u32>) -> Rgb {
        let stride = self.width as usize * 3;
        Rgb {
            width: self.width,
            data: self.data[rows.start as usize * stride..rows.end as usize * stride].to_vec(),
        }
    }

    /// As an opaque RGBA pixmap, for resvg to draw on.
    pub fn to_pixmap(&self) -> Option<Pixmap> {
        let mut rgba = Vec::with_capacity(self.data.len() / 3 * 4);
        for pixel in self.data.chunks_exact(3) {
            rgba.extend_from_slice(&[pixel[0], pixel[1], pixel[2], 255]);
        }
        Pixmap::from_vec(
            rgba,
            resvg::tiny_skia::IntSize::from_wh(self.width, self.height())?,
        )
    }
}

/// A picture's bands, in order.
#[derive(Clone, Debug)]
pub struct Bands {
    width: u32,
    height: u32,
    bands: Vec<Band>,
}

impl Bands {
    /// Every band of `picture`.
    pub fn of(picture: &Rgb) -> Bands {
        let mut deflate = Deflate::new(Effort::Game);
        let height = picture.height();
        let bands = (0..height.div_ceil(ROWS))
            .map(|b| deflate.rows(picture, b * ROWS..((b + 1) * ROWS).min(height)))
            .collect();
        Bands {
            width: picture.width,
            height,
            bands,
        }
    }

    /// These bands with those the strips cover deflated again from them: each strip a run of
    /// whole bands (the last may be short, at the picture's foot) of a picture of the same
    /// width that differs from this one only there. A strip is deflated as one: its bytes
    /// stand for its first band, and its other bands are empty.
    pub fn redone(&self, strips: &[Strip]) -> Bands {
        let mut bands = self.bands.clone();
        let mut deflate = Deflate::new(Effort::Seat);
        for strip in strips {
            assert_eq!(strip.rows.width, self.width);
            let first = strip.first_band as usize;
            let height = strip.rows.height();
            let covered = height.div_ceil(ROWS) as usize;
            bands[first] = deflate.rows(&strip.rows, 0..height);
            bands[first + 1..first + covered].fill(Band::empty());
        }
        Bands { bands, ..*self }
    }

    /// The PNG: signature, header, the bands as one IDAT chunk, end.
    pub fn png(&self) -> Vec<u8> {
        let deflated: usize = self.bands.iter().map(|b| b.deflated.len()).sum();
        let mut idat = Vec::with_capacity(deflated + 8);
        // zlib's header: deflate, a 32 KB window, a fast level (a multiple of 31).
        idat.extend_from_slice(&[0x78, 0x01]);
        let mut adler = 1;
        for band in &self.bands {
            idat.extend_from_slice(&band.deflated);
            adler = adler32_combine(adler, band.adler, band.len);
        }
        // The last block: empty, fixed codes, final (BFINAL 1, BTYPE 01, end-of-block 0000000).
        idat.extend_from_slice(&[0x03, 0x00]);
        idat.extend_from_slice(&adler.to_be_bytes());
        let mut header = Vec::with_capacity(13);
        header.extend_from_slice(&self.width.to_be_bytes());
        header.extend_from_slice(&self.height.to_be_bytes());
        // 8 bits a channel, RGB, deflate, adaptive filtering's set, not interlaced.
        header.extend_from_slice(&[8, 2, 0, 0, 0]);
        let mut png = Vec::with_capacity(idat.len() + 64);
        png.extend_from_slice(b"\x89PNG\r\n\x1a\n");
        chunk(&mut png, b"IHDR", &header);
        chunk(&mut png, b"IDAT", &idat);
        chunk(&mut png, b"IEND", &[]);
        png
    }
}

/// How hard a band is deflated: the game's bands are written once for its seats, a seat's
/// for each mail.
#[derive(Clone, Copy)]
enum Effort {
    /// zlib's level 2 (Huffman codes fitted to each band): a close-up's PNG 13% smaller
    /// than miniz_oxide's level 1, and faster.
    Game,
    /// zlib's level 1 (deflate's fixed codes, the quick strategy): 1.8 times as fast as level 2
    /// and a fifth larger.
    Seat,
}

/// The deflater and the buffer of one picture's bands.
struct Deflate {
    compressor: Compress,
    filtered: Vec<u8>,
}

impl Deflate {
    /// Raw deflate (no zlib header: `Bands::png` writes it).
    fn new(effort: Effort) -> Deflate {
        let level = match effort {
            Effort::Game => 2,
            Effort::Seat => 1,
        };
        Deflate {
            compressor: Compress::new(Compression::new(level), false),
            filtered: Vec::new(),
        }
    }

    /// Rows `rows` of `picture`, filtered and deflated.
    fn rows(&mut self, picture: &Rgb, rows: std::ops::Range<u32>) -> Band {
        let stride = picture.width as usize * 3;
        let row = |y: u32| &picture.data[y as usize * stride..(y as usize + 1) * stride];
        let filtered = &mut self.filtered;
        filtered.clear();
        // Room for all of them at once: grown row by row, a seat's strip was copied as it grew.
        filtered.reserve((rows.end - rows.start) as usize * (stride + 1));
        for y in rows.clone() {
            let row = row(y);
            if y == rows.start {
                // Sub: each byte less the same channel of the pixel before it.
                filtered.push(1);
                filtered.extend_from_slice(&row[..3]);
                filtered.extend(
                    row[3..]
                        .iter()
                        .zip(row)
                        .map(|(x, left)| x.wrapping_sub(*left)),
                );
            } else {
                // Up: each byte less the byte above it.
                let above = &picture.data[(y as usize - 1) * stride..y as usize * stride];
                filtered.push(2);
                filtered.extend(row.iter().zip(above).map(|(x, up)| x.wrapping_sub(*up)));
            }
        }
        // Room for the rows stored whole, and the flush's marker: deflate never needs more.
        let mut deflated = Vec::with_capacity(filtered.len() + filtered.len() / 1000 + 64);
        let read = self.compressor.total_in();
        let status = self
            .compressor
            .compress_vec(filtered, &mut deflated, FlushCompress::Full);
        let taken = self.compressor.total_in() - read;
        assert!(
            matches!(status, Ok(Status::Ok)) && taken == filtered.len() as u64,
            "deflate: {status:?}, {taken} of {} bytes",
            filtered.len()
        );
        let mut adler = simd_adler32::Adler32::new();
        adler.write(filtered);
        Band {
            deflated: deflated.into(),
            adler: adler.finish(),
            len: filtered.len() as u64,
        }
    }
}

/// An opaque RGBA row as RGB, into `rgb`.
fn rgb(rgba: &[u8], rgb: &mut Vec<u8>) {
    rgb.resize(rgba.len() / 4 * 3, 0);
    for (out, pixel) in rgb.chunks_exact_mut(3).zip(rgba.chunks_exact(4)) {
        out.copy_from_slice(&pixel[..3]);
    }
}

/// A PNG chunk: length, type, data, CRC of type and data.
fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let mut crc = crc32fast::Hasher::new();
    crc.update(kind);
    crc.update(data);
    png.extend_from_slice(&crc.finalize().to_be_bytes());
}

/// The Adler-32 of two byte strings end to end, from theirs and the second's length (zlib's
/// `adler32_combine`).
fn adler32_combine(first: u32, second: u32, second_len: u64) -> u32 {
    const BASE: u64 = 65521;
    let rem = second_len % BASE;
    let (a1, b1) = (u64::from(first & 0xffff), u64::from(first >> 16));
    let (a2, b2) = (u64::from(second & 0xffff), u64::from(second >> 16));
    let a = (a1 + a2 + BASE - 1) % BASE;
    let b = (rem * a1 + b1 + b2 + BASE - rem) % BASE;
    (a | (b << 16)) as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    use resvg::tiny_skia::{Color, Paint, PathBuilder, Rect, Transform};

    fn adler(data: &[u8]) -> u32 {
        let mut a = simd_adler32::Adler32::new();
        a.write(data);
        a.finish()
    }

    #[test]
    fn checksums_combine_as_one() {
        let data: Vec<u8> = (0..200_000u32).map(|i| (i * 7919 % 251) as u8).collect();
        for cut in [0, 1, 5552, 65521, 100_000, 200_000] {
            let (a, b) = data.split_at(cut);
            assert_eq!(
                adler32_combine(adler(a), adler(b), b.len() as u64),
                adler(&data),
                "cut at {cut}"
            );
        }
    }

    /// A picture of flat areas, an edge and a gradient, with a height not a whole number of
    /// bands.
    fn picture(width: u32, height: u32, mark: bool) -> Pixmap {
        let mut pixmap = Pixmap::new(width, height).unwrap();
        pixmap.fill(Color::from_rgba8(247, 247, 242, 255));
        let mut paint = Paint::default();
        for x in 0..width {
            paint.set_color_rgba8((x * 255 / width) as u8, 90, 200, 255);
            let rect = Rect::from_xywh(x as f32, 10.0, 1.0, 30.0).unwrap();
            pixmap.fill_rect(rect, &paint, Transform::identity(), None);
        }
        let mut circle = PathBuilder::new();
        circle.push_circle(60.5, 70.25, 21.3);
        paint.set_color_rgba8(213, 94, 0, 255);
        let circle = circle.finish().unwrap();
        pixmap.fill_path(
            &circle,
            &paint,
            Default::default(),
            Transform::identity(),
            None,
        );
        if mark {
            let ring = Rect::from_xywh(150.0, 52.0, 30.0, 20.0).unwrap();
            paint.set_color_rgba8(29, 29, 29, 255);
            pixmap.fill_rect(ring, &paint, Transform::identity(), None);
        }
        pixmap
    }

    /// The PNG decodes (with png's own decoder, which checks every CRC and the checksum) to
    /// the picture's pixels, whole or with one band's worth of marks redone.
    #[test]
    fn bands_decode_to_the_picture_and_share_what_is_alike() {
        let game = picture(211, 101, false);
        let bands = Bands::of(&Rgb::of(&game));
        assert_eq!(bands.bands.len(), 7);
        let decoded = Pixmap::decode_png(&bands.png()).unwrap();
        assert_eq!(decoded.data(), game.data());
        // A seat's marks on rows 52–72: bands 3 and 4 redone, the rest the game's.
        let seat = picture(211, 101, true);
        let touched = |b: u32| (b * ROWS..(b + 1) * ROWS).any(|y| (52..72).contains(&y));
        let mine = bands.redone(&[Strip {
            first_band: 3,
            rows: Rgb::of(&seat).rows(3 * ROWS..5 * ROWS),
        }]);
        let decoded = Pixmap::decode_png(&mine.png()).unwrap();
        assert_eq!(decoded.data(), seat.data());
        for (b, (ours, theirs)) in mine.bands.iter().zip(&bands.bands).enumerate() {
            assert_eq!(
                ours.deflated == theirs.deflated,
                !touched(b as u32),
                "band {b}"
            );
        }
        // Redoing no band is the game's picture.
        assert_eq!(bands.redone(&[]).png(), bands.png());
    }
}
