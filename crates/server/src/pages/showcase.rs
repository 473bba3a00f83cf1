//! The front page's two games, each shown by the picture of a sample game a few turns in
//! (heuristic bots play it from a fixed seed), drawn once per language and kept: a visitor
//! sees what a race and a walking day look like before reading a rule.

use std::sync::LazyLock;

use game_api::{Lang, Seat, Viewer};
use gm::{Event, Record, Setup};

/// A game the front page shows: its name, its sample's seats and how many turns are played.
struct Sample {
    game: &'static str,
    seats: &'static [&'static str],
    turns: u16,
}

const SAMPLES: [Sample; 2] = [
    Sample {
        game: "breaking-away",
        seats: &["Red", "Blue", "Green"],
        turns: 4,
    },
    Sample {
        game: "backpacks",
        seats: &["Ann", "Bob"],
        turns: 3,
    },
];

/// Each language's pictures, in the order of [`SAMPLES`] (`None`: the sample failed to draw,
/// and the page goes without its picture).
static PICTURES: LazyLock<Vec<(Lang, Vec<Option<String>>)>> = LazyLock::new(|| {
    Lang::all()
        .map(|lang| (lang, SAMPLES.iter().map(|s| picture(s, lang)).collect()))
        .collect()
});

/// The picture of the sample game `game` (`breaking-away`, `backpacks`) in `lang`.
pub(super) fn picture_of(game: &str, lang: Lang) -> Option<&'static str> {
    let index = SAMPLES.iter().position(|s| s.game == game)?;
    PICTURES
        .iter()
        .find(|(l, _)| *l == lang)
        .and_then(|(_, pictures)| pictures[index].as_deref())
}

/// Plays the sample with bots and draws it as the public sees it (the close-up a phone shows).
fn picture(sample: &Sample, lang: Lang) -> Option<String> {
    let setup = Setup {
        game: sample.game.to_string(),
        settings: Default::default(),
        seats: sample.seats.iter().map(|s| s.to_string()).collect(),
        seed: 7,
        secret: None,
    };
    let mut record = Record::new(&setup).ok()?;
    for _ in 0..sample.turns {
        if record.is_over() {
            break;
        }
        for seat in 0..sample.seats.len() {
            for e in record.bot_events(Seat(seat as u8), "heuristic").ok()? {
                record.apply(&e).ok()?;
            }
        }
        let turn = record.turn();
        record.apply(&Event::resolved(turn)).ok()?;
    }
    let picture = record.picture(None, Viewer::Public, lang)?;
    Some(picture.close_up.unwrap_or(picture.svg))
}
