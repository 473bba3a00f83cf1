//! The Backpacks & Blisters commands: a day out run from its game file, maps, and the demo.

use anyhow::{Context, Result, anyhow, bail};
use bots::breaking_away::BotKind;
use game_api::{Seat, Seed, Viewer};
use game_backpacks::outing::Outing;
use game_backpacks::report;
use game_backpacks::svg::map_svg;
use game_backpacks::{Deck, Map};

use crate::files::{emit, read_input, save, text_argument, viewer};

fn seat(outing: &Outing, walker: Option<&str>) -> Result<Option<u8>> {
    walker
        .map(|w| outing.walker_index(w))
        .transpose()
        .map_err(Into::into)
}

pub fn new(
    file: &str,
    walkers: Vec<String>,
    seed: Seed,
    map: Option<&str>,
    deck: Option<&str>,
) -> Result<()> {
    let map = map.map(read_input).transpose()?;
    let deck = deck.map(read_input).transpose()?;
    let outing = Outing::new(walkers, seed, map, deck)?;
    save(file, &outing.to_json())?;
    let day = outing.day();
    let targets: Vec<&str> = day
        .targets
        .iter()
        .map(|&t| day.map.location_id(t))
        .collect();
    emit(&format!(
        "New Backpacks & Blisters day for {} with seed {}: {file}.\nThe day's targets: {}. Next: each walker's orders for round 1 (postrider orders).\n",
        outing.walkers().join(", "),
        seed.0,
        targets.join(", ")
    ))
}

pub fn orders(
    file: &str,
    mut outing: Outing,
    walker: &str,
    words: &[String],
    bot: Option<&str>,
) -> Result<()> {
    let orders = match bot {
        None => outing.parse_orders(&text_argument(words)?)?,
        Some(kind) => {
            let kind: BotKind = kind.parse().map_err(|e: String| anyhow!("--bot: {e}"))?;
            let seat = outing.walker_index(walker)?;
            // The bot sees only the walker's view; its draws come from the game's seed.
            let mut rng = outing
                .seed()
                .rng(1 << 43 | u64::from(outing.day().turn) << 8 | u64::from(seat));
            bots::backpacks::round_orders(
                kind,
                &outing.day().view(Viewer::Seat(Seat(seat))),
                &mut rng,
            )
        }
    };
    outing.submit_orders(walker, orders.clone())?;
    save(file, &outing.to_json())?;
    emit(&format!(
        "Orders sealed for {walker}, as read:\n  {}\n",
        outing.describe(&orders).replace('\n', "\n  ")
    ))
}

pub fn resolve(file: &str, mut outing: Outing, walker: Option<&str>) -> Result<()> {
    let viewer = viewer(seat(&outing, walker)?, false);
    let record = outing.resolve()?.clone();
    save(file, &outing.to_json())?;
    emit(&report::round_report(&outing, &record, viewer))
}

pub fn report(
    outing: &Outing,
    walker: Option<&str>,
    public: bool,
    round: Option<u16>,
) -> Result<()> {
    let viewer = viewer(seat(outing, walker)?, public);
    match round {
        None => emit(&report::outing_report(outing, viewer)),
        Some(round) => {
            let Some(record) = outing.history().get(usize::from(round).wrapping_sub(1)) else {
                bail!(
                    "--round: round {round} has not been resolved (resolved: {})",
                    outing.history().len()
                );
            };
            emit(&report::round_report(outing, record, viewer))
        }
    }
}

pub fn map_show(map: Option<&str>, game: Option<&str>) -> Result<()> {
    if let Some(game) = game {
        let crate::files::GameFile::Outing(outing) = crate::files::load(game)? else {
            bail!("--game: {game} is not a Backpacks & Blisters game");
        };
        return emit(&map_svg(
            outing.map(),
            Some((outing.day(), outing.walkers())),
        ));
    }
    let map = match map {
        Some(file) => Map::from_toml(&read_input(file)?).with_context(|| file.to_string())?,
        None => Map::keswick(),
    };
    emit(&map_svg(&map, None))
}

pub fn map_check(file: &str, deck: Option<&str>) -> Result<()> {
    let map = Map::from_toml(&read_input(file)?).with_context(|| file.to_string())?;
    let mut text = format!(
        "{file}: {map}; {} ferry stops, {} bus routes.\n",
        map.ferry_stops.len(),
        map.buses.len()
    );
    if let Some(deck_file) = deck {
        let deck = Deck::from_toml(&read_input(deck_file)?, &map)
            .with_context(|| deck_file.to_string())?;
        text.push_str(&format!(
            "{deck_file}: {} ({} cards, starting money {} × 50p).\n",
            deck.name,
            deck.cards.len(),
            deck.starting_money
        ));
    }
    emit(&text)
}

const WALKER_NAMES: [&str; 8] = ["ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"];

pub fn demo(bots: &[String], seed: u64) -> Result<()> {
    let kinds = crate::files::bot_kinds(bots, &["heuristic", "heuristic", "heuristic", "random"])?;
    if kinds.len() > WALKER_NAMES.len() {
        bail!("--bots: at most {} walkers in a demo", WALKER_NAMES.len());
    }
    let names: Vec<String> = WALKER_NAMES[..kinds.len()]
        .iter()
        .map(|n| n.to_string())
        .collect();
    let seed = Seed(seed);
    let mut outing = Outing::new(names.clone(), seed, None, None)?;
    let day = outing.day();
    let mut out = format!(
        "A demonstration day: {} (seed {}). Targets: {}.\n\n",
        names
            .iter()
            .zip(&kinds)
            .map(|(n, k)| format!("{n} ({k})"))
            .collect::<Vec<_>>()
            .join(", "),
        seed.0,
        day.targets
            .iter()
            .map(|&t| day.map.location_id(t))
            .collect::<Vec<_>>()
            .join(", ")
    );
    while !outing.is_over() {
        for (w, kind) in kinds.iter().enumerate() {
            if !outing.day().walkers[w].is_out() {
                continue;
            }
            let view = outing.day().view(Viewer::Seat(Seat(w as u8)));
            let mut rng = seed.rng(1 << 42 | u64::from(outing.day().turn) << 8 | w as u64);
            let orders = bots::backpacks::round_orders(*kind, &view, &mut rng);
            outing.submit_orders(&names[w], orders)?;
        }
        let record = outing.resolve()?.clone();
        out.push_str(&report::round_report(&outing, &record, Viewer::Gm));
        out.push('\n');
    }
    emit(&out)
}
