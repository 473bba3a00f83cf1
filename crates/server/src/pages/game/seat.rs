//! A seat's own page, for its player: the settings a player sets once rather than every turn
//! (the language of the seat's mail, the address that takes orders by mail, an absence in
//! this game, leaving it), kept off the game page so that the game page leads with the race.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use game_api::Lang;
use locale::tr;

use super::frame::{Nav, load, render};
use crate::actions;
use crate::pages::form::CsrfForm;
use crate::pages::frame::{PageResult, Visitor, error_page, redirect};
use crate::state::AppState;

#[derive(Debug, Template)]
#[template(path = "game/seat.html")]
pub struct SeatPage {
    pub lang: Lang,
    pub nav: Nav,
    pub id: i64,
    pub csrf: String,
    /// The seat's own language for its mail (a game not over).
    pub language: Option<SeatLanguage>,
    /// The seat's order address, when the server has mail on.
    pub address: Option<String>,
    /// The reader's absences and the form that declares one in this game (`pages::absence`).
    pub absences: String,
    /// The way to leave the game (`pages::lobby`).
    pub leave: String,
}

/// `GET /games/{id}/seat`: the reader's seat's settings.
pub async fn seat_settings(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/seat"))?;
    let table = load(&state, &visitor, id).await?;
    let seat = actions::own_seat(&table, player).map_err(|e| error_page(&visitor, &e))?;
    let lang = visitor.lang;
    let row = &table.seats[seat.index()];
    let over = table.record.is_over();
    let view = SeatPage {
        lang,
        nav: Nav::of(&table, &visitor).at("seat"),
        id,
        csrf: visitor.csrf_token(),
        language: (!over).then(|| SeatLanguage::of(lang, row.lang)),
        address: match (&state.mail, &row.mail_secret, over) {
            (Some(settings), Some(secret), false) => Some(settings.order_address(secret)),
            _ => None,
        },
        absences: match over {
            false => crate::pages::absence::section(&state, &visitor, player, Some(id)).await,
            true => String::new(),
        },
        leave: crate::pages::lobby::game_section(&table, &visitor),
    };
    let title = tr!(
        lang,
        "game-seat-title",
        seat = row.name.clone(),
        title = table.row.title.clone()
    );
    Ok(render(&visitor, StatusCode::OK, &title, &view))
}

/// Renews the visitor's order address in this game: the old one stops working.
pub async fn rotate_mail_address(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(_): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/seat"))?;
    let result = async { actions::rotate_mail_secret(&state, player, id).await };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}/seat#mail-address"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// The seat's own language for its mail, as its form shows it: the account's, or one of
/// the languages, each named in itself.
#[derive(Debug)]
pub struct SeatLanguage {
    pub options: Vec<LanguageOption>,
}

/// One choice of the seat's language form.
#[derive(Debug)]
pub struct LanguageOption {
    /// The language's code; empty for the account's language.
    pub value: &'static str,
    pub label: String,
    pub selected: bool,
}

impl SeatLanguage {
    /// The form in `lang`, `chosen` (`None`: the account's) selected.
    fn of(lang: Lang, chosen: Option<Lang>) -> SeatLanguage {
        let account = LanguageOption {
            value: "",
            label: lang.t("game-seat-language-account"),
            selected: chosen.is_none(),
        };
        let languages = Lang::all().map(|l| LanguageOption {
            value: l.code(),
            label: l.t("language-name"),
            selected: chosen == Some(l),
        });
        SeatLanguage {
            options: std::iter::once(account).chain(languages).collect(),
        }
    }
}

/// `POST /games/{id}/language`: the language the visitor's seat gets its mail in (`lang`
/// empty: the account's), back to the seat's page.
pub async fn save_seat_language(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/seat"))?;
    let result = async {
        let code = form.get("lang").filter(|c| !c.trim().is_empty());
        actions::set_seat_lang(&state, player, id, code).await
    };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}/seat#seat-language"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}
