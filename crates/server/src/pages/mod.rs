//! Server-rendered pages: what a GM and the players use from a browser or a phone. HTML with a
//! few lines of JavaScript at most; every form carries a CSRF token; every game state shown
//! comes from the record's view for the visitor (the same as the JSON API's); every text shown
//! is escaped. The forms call the same `actions` as the API.

mod absence;
mod account;
mod account_care;
mod app;
mod backpacks;
mod breaking_away;
mod form;
mod frame;
mod front;
mod game;
mod language;
mod lobby;
mod mail;
mod operator;
mod order_forms;
mod percent;
mod pieces;
mod player;
mod profile;
mod profile_page;
mod push;
mod ratings;
mod season;
mod sentence;
mod showcase;
mod stylesheet;
mod when;

/// What the server's tests read: the error line a page shows, and the stylesheet.
pub use frame::in_words;
pub use stylesheet::SITE_CSS;

/// Every page's route, each noun's from its own module.
pub fn router() -> axum::Router<crate::state::AppState> {
    axum::Router::new()
        .merge(front::routes())
        .merge(account::routes())
        .merge(account_care::routes())
        .merge(operator::routes())
        .merge(game::routes())
        .merge(backpacks::routes())
        .merge(breaking_away::routes())
        .merge(profile::routes())
        .merge(language::routes())
        .merge(mail::routes())
        .merge(player::routes())
        .merge(push::routes())
        .merge(app::routes())
        .merge(absence::routes())
        .merge(lobby::routes())
        .merge(season::routes())
        .merge(ratings::routes())
        .merge(stylesheet::routes())
}
