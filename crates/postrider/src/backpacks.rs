//! Backpacks & Blisters maps: draw one (with a game's walkers) and check a GM's map and deck.

use anyhow::{Context, Result, bail};
use game_backpacks::svg::map_svg;
use game_backpacks::{Deck, Map};

use crate::files::{emit, read_input};

pub fn map_show(map: Option<&str>, game: Option<&str>, lang: game_api::Lang) -> Result<()> {
    if let Some(game) = game {
        let file = crate::files::load(game)?;
        let record = file.record();
        if record.game().name != "backpacks" {
            bail!("--game: {game} is not a Backpacks & Blisters game");
        }
        return emit(
            &record
                .picture_svg(None, game_api::Viewer::Public, lang)
                .unwrap_or_default(),
        );
    }
    let map = match map {
        Some(file) => Map::from_toml(&read_input(file)?).with_context(|| file.to_string())?,
        None => Map::keswick(),
    };
    emit(&map_svg(lang, &map, None))
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
