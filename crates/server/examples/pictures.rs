//! The pictures as a person sees them, to look at: a random Breaking Away race and a random
//! Backpacks day, early, late and at the end, drawn for a seat into `target/tmp/pictures/`
//! (each close-up and whole picture as SVG, an HTML page inlining them 390 px wide for
//! `chromium --headless --screenshot --window-size=390,844`, and the mail's PNG).
//!
//! `cargo run -p server --example pictures`, then for each `NAME.html`:
//! `chromium --headless --screenshot=NAME-light.png --window-size=390,844 NAME.html` (and
//! `--force-dark-mode` for the dark theme).

use std::sync::Arc;

use askama::Template;

use game_api::picture::Picture;
use game_api::{Seat, Seed, Viewer};
use game_backpacks::orders::{RoundOrders, TurnOrders};
use game_backpacks::{Day, Deck, Map};
use game_breaking_away::{Hand, Position, Rules};

/// A picture alone on a page as wide as the window, light or dark as the browser asks.
#[derive(Template)]
#[template(path = "examples/picture.html")]
struct Page<'a> {
    svg: &'a str,
}

fn main() -> std::io::Result<()> {
    let out = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/tmp/pictures");
    std::fs::create_dir_all(&out)?;
    let write = |name: &str, picture: &Picture| -> std::io::Result<()> {
        let close_up = picture.close_up.as_deref().unwrap_or(&picture.svg);
        std::fs::write(out.join(format!("{name}-close-up.svg")), close_up)?;
        std::fs::write(out.join(format!("{name}-whole.svg")), &picture.svg)?;
        let page = Page { svg: close_up }
            .render()
            .map_err(std::io::Error::other)?;
        std::fs::write(out.join(format!("{name}.html")), page)?;
        let png = server::picture::png(close_up).map_err(std::io::Error::other)?;
        std::fs::write(out.join(format!("{name}-mail.png")), png)
    };

    // Breaking Away: five teams, random line-ups and cards.
    let mut rng = Seed(29).rng(0);
    let teams: Vec<String> = ["Red", "Rouge", "Blue", "Black", "Tour of the Fells"]
        .map(String::from)
        .into();
    let lineups: Vec<[Hand; 4]> = (0..teams.len())
        .map(|_| game_breaking_away::random::lineup(&mut rng))
        .collect();
    let mut race = vec![Position::start(Rules::postal(), &lineups)];
    let mut orders = Vec::new();
    while !race.last().unwrap().is_over() {
        let now = race.last().unwrap();
        game_breaking_away::random::orders(now, &mut orders, &mut rng);
        race.push(game_breaking_away::turn::resolve(now, &orders).unwrap().0);
    }
    let last = race.len() - 1;
    for (stage, turn) in [("early", 2), ("late", last * 2 / 3), ("finished", last)] {
        let view = race[turn].view(Viewer::Public);
        let before = race[turn - 1].view(Viewer::Public);
        let picture =
            game_breaking_away::svg::track_picture(&view, Some(&before), &teams, Some(Seat(2)));
        write(&format!("track-{stage}"), &picture)?;
    }

    // Backpacks: four walkers, random walks.
    let map = Map::keswick();
    let deck = Deck::keswick(&map);
    let names: Vec<String> = ["ann", "bob", "cyrilla", "dee"].map(String::from).into();
    let mut days = vec![Day::new(
        Arc::new(map),
        Arc::new(deck),
        names.len(),
        &mut rng,
    )];
    while !days.last().unwrap().is_over() {
        let now = days.last().unwrap();
        let orders: Vec<RoundOrders> = (0..names.len())
            .map(|w| RoundOrders {
                turns: [
                    game_backpacks::random::turn_orders(now, w, &mut rng),
                    TurnOrders::default(),
                ],
                ..RoundOrders::default()
            })
            .collect();
        days.push(now.resolve_round(&orders, &mut rng).0);
    }
    let last = days.len() - 1;
    for (stage, round) in [("early", 1), ("late", last * 2 / 3), ("finished", last)] {
        let day = &days[round];
        let picture = game_backpacks::svg::map_picture(
            game_api::Lang::EN,
            &day.map,
            day,
            Some(&days[round - 1]),
            &names,
            Some(Seat(2)),
        );
        write(&format!("map-{stage}"), &picture)?;
    }
    println!("{}", out.display());
    Ok(())
}
