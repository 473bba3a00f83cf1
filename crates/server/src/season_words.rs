//! A season's classifications, units and jerseys in the reader's language. A game names them
//! in English (`General classification`, `yellow jersey`); a language names them again by the
//! game and the classification's key (`season-class`, `season-unit`, `season-jersey`), and
//! keeps the game's own words where it has none.

use gm::season::Standings;
use locale::{Lang, tr};

/// `standings` with their words in `lang`, for a season of `game`.
pub fn localize(standings: &mut Standings, game: &str, lang: Lang) {
    let jersey = |name: &str| {
        tr!(
            lang,
            "season-jersey",
            key = name.replace(' ', "-"),
            name = name
        )
    };
    for c in &mut standings.classifications {
        let key = format!("{game}-{}", c.key);
        c.title = tr!(
            lang,
            "season-class",
            key = key.as_str(),
            title = c.title.as_str()
        );
        c.unit = tr!(
            lang,
            "season-unit",
            key = key.as_str(),
            unit = c.unit.as_str()
        );
        if let Some(j) = &mut c.jersey {
            j.name = jersey(&j.name);
        }
    }
    for j in &mut standings.jerseys {
        j.jersey.name = jersey(&j.jersey.name);
    }
}
