//! Orders and line-ups as a player typed them: read through [`locale::Typed`] (full-width
//! digits and letters, a Japanese keyboard's minus and punctuation), so every game's parser
//! sees ASCII, and each refusal quotes the player's own words back.

use game_api::Game;

use crate::error::GmError;

/// `parse` applied to `text` as the parsers read it; the refusal in the player's words.
pub(crate) fn read<T, E: std::fmt::Display>(
    text: &str,
    parse: impl FnOnce(&str) -> Result<T, E>,
) -> Result<T, String> {
    let read = locale::Typed::new(text);
    parse(read.as_str()).map_err(|e| read.in_typed_words(text, &e.to_string()))
}

/// `parse` applied to `text` as the parsers read it; the refusal in `lang`, in the player's
/// words.
pub(crate) fn read_in<G: Game, T>(
    text: &str,
    lang: game_api::Lang,
    parse: impl FnOnce(&str) -> Result<T, G::Error>,
) -> Result<T, String> {
    let read = locale::Typed::new(text);
    parse(read.as_str()).map_err(|e| read.in_typed_words(text, &G::error_text(&e, lang)))
}

pub(crate) fn orders<G: Game>(
    settings: &G::Settings,
    seats: &[String],
    text: &str,
) -> Result<G::Orders, GmError> {
    let parse = |t: &str| G::parse_orders(settings, seats, t);
    read(text, parse).map_err(|_| refusal::<G, _>("orders-refused-orders", text, parse))
}

pub(crate) fn lineup<G: Game>(text: &str) -> Result<G::Lineup, GmError> {
    read(text, G::parse_lineup)
        .map_err(|_| refusal::<G, _>("orders-refused-lineup-text", text, G::parse_lineup))
}

/// The refusal of `text`, which `parse` does not read, in each language after `field`.
pub(crate) fn refusal<G: Game, T>(
    field: &'static str,
    text: &str,
    parse: impl Fn(&str) -> Result<T, G::Error>,
) -> GmError {
    GmError::with_reason(field, |lang| {
        read_in::<G, T>(text, lang, &parse)
            .err()
            .unwrap_or_default()
    })
}

/// Why `parse` does not read `text`, in each language, quoting the player's words.
pub(crate) fn unread<G: Game, T>(
    text: &str,
    parse: impl Fn(&str) -> Result<T, G::Error>,
) -> GmError {
    GmError::Refused(locale::Phrase::each(|lang| {
        read_in::<G, T>(text, lang, &parse)
            .err()
            .unwrap_or_default()
    }))
}
