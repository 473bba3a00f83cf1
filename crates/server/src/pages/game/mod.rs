//! The pages of one game: the game with its latest report, the archive of past turns, the
//! order form, the history, joining by invitation, the GM console and the new-game form.
//! Each page is a typed view (a struct in its module) drawn by an askama template in
//! `templates/game/`; what differs between games comes from the game's record (pictures,
//! reports, nouns) and from its own pieces (`pieces`: the order form, the console's tools).

pub(super) mod console;
mod console_said;
mod frame;
mod history;
pub(super) mod new_game;
mod orders;
pub(super) mod page;
mod press;
mod seat;
pub(super) mod words;

/// The routes of a game's pages: creating, joining, orders, the console, the seat, the press.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::{get, post};
    use console::{console, console_action};
    use history::{history, turn};
    use new_game::{new_game, new_game_form};
    use orders::{join, join_form, orders, orders_form};
    use page::game;
    use press::{hide_press, post_press, press_archive, press_settings};
    use seat::{rotate_mail_address, save_seat_language, seat_settings};
    axum::Router::new()
        .route("/new", get(new_game_form).post(new_game))
        .route("/games/{id}", get(game))
        .route("/games/{id}/turns/{turn}", get(turn))
        .route("/games/{id}/history", get(history))
        .route("/games/{id}/join", get(join_form).post(join))
        .route("/games/{id}/orders", get(orders_form).post(orders))
        .route("/games/{id}/gm", get(console).post(console_action))
        .route("/games/{id}/seat", get(seat_settings))
        .route("/games/{id}/mail-address", post(rotate_mail_address))
        .route("/games/{id}/language", post(save_seat_language))
        .route("/games/{id}/press", get(press_archive).post(post_press))
        .route("/games/{id}/press/{press}/hide", post(hide_press))
        .route("/games/{id}/press/settings", post(press_settings))
}
