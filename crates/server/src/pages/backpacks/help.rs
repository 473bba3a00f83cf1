//! Backpacks & Blisters' orders help page, in the reader's language.

use askama::Template;

/// The orders help, served by the site: one template per language, as the page is prose.
#[derive(Debug, Template)]
#[template(path = "backpacks/help.en.html")]
pub struct Help;

/// The orders help in Japanese (the order words and the map's places stay as typed).
#[derive(Debug, Template)]
#[template(path = "backpacks/help.ja.html")]
pub struct HelpJa;

/// The orders help in `lang` (English for a language without its own page).
pub fn help(lang: game_api::Lang) -> askama::Result<String> {
    match lang.code() {
        "ja" => HelpJa.render(),
        _ => Help.render(),
    }
}
