//! Which language a reader gets: what they chose (stored with their account or seat), else
//! what they asked for (`?lang=`, a cookie), else their browser's `Accept-Language`, else
//! English. Mail has no `Accept-Language`: it follows the seat.

use fluent_langneg::{NegotiationStrategy, accepted_languages, negotiate_languages};
use unic_langid::LanguageIdentifier;

use crate::Lang;

/// The first of `chosen` (most binding first: the account's or seat's, then `?lang=` or the
/// cookie) that is a language we speak, else the best match for `accept_language`, else English.
pub fn negotiate<'a>(
    chosen: impl IntoIterator<Item = Option<&'a str>>,
    accept_language: Option<&str>,
) -> Lang {
    if let Some(lang) = chosen
        .into_iter()
        .flatten()
        .find_map(|c| Lang::from_code(c).ok())
    {
        return lang;
    }
    let Some(header) = accept_language else {
        return Lang::EN;
    };
    let requested = accepted_languages::parse(header);
    let available: Vec<LanguageIdentifier> =
        Lang::all().filter_map(|l| l.code().parse().ok()).collect();
    let default: LanguageIdentifier = Lang::EN.code().parse().unwrap_or_default();
    negotiate_languages(
        &requested,
        &available,
        Some(&default),
        NegotiationStrategy::Lookup,
    )
    .first()
    .and_then(|id| Lang::from_code(&id.to_string()).ok())
    .unwrap_or(Lang::EN)
}
