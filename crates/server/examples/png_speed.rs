//! Where a report mail's picture costs (a measurement, not a test): the close-up of a random
//! four-team race after TURN turns, drawn N times as the outbox draws it (`picture::png`), then
//! stage by stage — reading the SVG with its text, drawing at most SCALE times its size, and
//! writing the PNG with several deflate settings.
//!
//! ```text
//! cargo run --release -p server --example png_speed -- [N 200] [TURN 8] [SCALE 2]
//! PNG_OUT=DIR …   also writes seat 0's and the public close-up, as SVG and PNG, to DIR
//! ```
//!
//! docs/performance.md ("Mail out") has the figures; `valgrind --tool=callgrind` on it counts
//! the instructions of each stage.

use std::time::Instant;

use game_api::{Seat, Seed, Viewer};
use resvg::{tiny_skia, usvg};

fn main() {
    let n: usize = std::env::args().nth(1).map_or(200, |a| a.parse().unwrap());
    let teams: Vec<String> = ["Red", "Blue", "Green", "White"].map(String::from).into();
    let turn: usize = std::env::args().nth(2).map_or(8, |a| a.parse().unwrap());
    let max_scale: f32 = std::env::args().nth(3).map_or(2.0, |a| a.parse().unwrap());
    let race = game_breaking_away::random::race(teams.len(), turn.max(1) + 1, &mut Seed(29).rng(0));
    let view = race[turn].view(Viewer::Public);
    let before = race[turn.max(1) - 1].view(Viewer::Public);
    let svgs: Vec<String> = (0..4)
        .map(|s| {
            game_breaking_away::svg::track_picture(&view, Some(&before), &teams, Some(Seat(s)))
                .close_up
                .unwrap()
        })
        .collect();
    let whole = server::picture::png(&svgs[0]).unwrap();
    if let Ok(dir) = std::env::var("PNG_OUT") {
        std::fs::write(format!("{dir}/seat0.png"), &whole).unwrap();
        std::fs::write(format!("{dir}/seat0.svg"), &svgs[0]).unwrap();
        let public = game_breaking_away::svg::track_picture(&view, Some(&before), &teams, None)
            .close_up
            .unwrap();
        std::fs::write(
            format!("{dir}/public.png"),
            server::picture::png(&public).unwrap(),
        )
        .unwrap();
        std::fs::write(format!("{dir}/public.svg"), &public).unwrap();
    }
    println!(
        "close-up: {} bytes of SVG, PNG {} bytes",
        svgs[0].len(),
        whole.len()
    );
    // As the outbox draws them: game by game, each game's four seats in turn (the game's
    // part drawn for the first and kept for the others), N/4 races at TURN.
    let games: Vec<Vec<String>> = (0..n.div_ceil(4) as u64)
        .map(|g| seats_at(Seed(1000 + g), turn, &teams))
        .collect();
    let t = Instant::now();
    for svg in games.iter().flatten() {
        server::picture::png(svg).unwrap();
    }
    println!(
        "picture::png, a seat's mail: {:.2} ms",
        t.elapsed().as_secs_f64() * 1e3 / (games.len() * 4) as f64
    );
    // The seat's share alone: one game's seats again and again (its part kept).
    let t = Instant::now();
    for k in 0..n {
        server::picture::png(&svgs[k % 4]).unwrap();
    }
    println!(
        "  of which the seat's layer: {:.2} ms",
        t.elapsed().as_secs_f64() * 1e3 / n as f64
    );
    let fonts = {
        let mut db = usvg::fontdb::Database::new();
        for f in ["DejaVuSans.ttf", "DejaVuSans-Bold.ttf"] {
            db.load_font_data(
                std::fs::read(format!("/usr/share/fonts/truetype/dejavu/{f}")).unwrap(),
            );
        }
        db.set_sans_serif_family("DejaVu Sans");
        std::sync::Arc::new(db)
    };
    let options = usvg::Options {
        fontdb: fonts,
        ..usvg::Options::default()
    };
    let (mut parse, mut draw) = (0.0, 0.0);
    let mut pixmaps = Vec::new();
    for k in 0..n {
        let t = Instant::now();
        let tree = usvg::Tree::from_str(&svgs[k % 4], &options).unwrap();
        parse += t.elapsed().as_secs_f64();
        let t = Instant::now();
        let size = tree.size();
        let scale = (1200.0 / size.width()).min(max_scale);
        let mut pixmap = tiny_skia::Pixmap::new(
            (size.width() * scale).ceil() as u32,
            (size.height() * scale).ceil() as u32,
        )
        .unwrap();
        pixmap.fill(tiny_skia::Color::WHITE);
        resvg::render(
            &tree,
            tiny_skia::Transform::from_scale(scale, scale),
            &mut pixmap.as_mut(),
        );
        draw += t.elapsed().as_secs_f64();
        if k < 4 {
            pixmaps.push(pixmap);
        }
    }
    println!(
        "parse {:.2} ms, draw {:.2} ms ({}x{})",
        parse * 1e3 / n as f64,
        draw * 1e3 / n as f64,
        pixmaps[0].width(),
        pixmaps[0].height()
    );
    for (name, deflate, filter) in [
        (
            "level 1, adaptive",
            png::DeflateCompression::Level(1),
            png::Filter::Adaptive,
        ),
        (
            "fdeflate, adaptive",
            png::DeflateCompression::FdeflateUltraFast,
            png::Filter::Adaptive,
        ),
        (
            "fdeflate, up",
            png::DeflateCompression::FdeflateUltraFast,
            png::Filter::Up,
        ),
        (
            "fdeflate, sub",
            png::DeflateCompression::FdeflateUltraFast,
            png::Filter::Sub,
        ),
        (
            "fdeflate, paeth",
            png::DeflateCompression::FdeflateUltraFast,
            png::Filter::Paeth,
        ),
    ] {
        let t = Instant::now();
        let mut size = 0;
        for k in 0..n {
            let pixmap = &pixmaps[k % 4];
            let rgb: Vec<u8> = pixmap
                .data()
                .chunks_exact(4)
                .flat_map(|p| [p[0], p[1], p[2]])
                .collect();
            let mut data = Vec::new();
            let mut encoder = png::Encoder::new(&mut data, pixmap.width(), pixmap.height());
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            encoder.set_deflate_compression(deflate);
            encoder.set_filter(filter);
            encoder
                .write_header()
                .unwrap()
                .write_image_data(&rgb)
                .unwrap();
            size = data.len();
        }
        println!(
            "encode {name}: {:.2} ms, {size} bytes",
            t.elapsed().as_secs_f64() * 1e3 / n as f64
        );
    }
}

/// The four seats' close-ups of a random race after `turn` turns.
fn seats_at(seed: Seed, turn: usize, teams: &[String]) -> Vec<String> {
    let race = game_breaking_away::random::race(teams.len(), turn + 1, &mut seed.rng(0));
    let view = race.last().expect("the start").view(Viewer::Public);
    (0..teams.len() as u8)
        .map(|s| {
            game_breaking_away::svg::track_picture(&view, None, teams, Some(Seat(s)))
                .close_up
                .unwrap()
        })
        .collect()
}
