//! A player's public profile page (`/players/{name}`: their games, finishes and on-time
//! record) and the profile's own section listing the reader's seat feeds, with their renewal.

use askama::Template as _;
use axum::extract::{Path, State};
use locale::{Lang, phrase, tr};

use super::form::CsrfForm;
use super::frame::{PageResult, Visitor, error_box, error_page, page, redirect};
use crate::actions::{self, SeatFeeds};
use crate::auth::Player;
use crate::error::ApiError;
use crate::state::AppState;
use crate::text::filters;

/// One game's row on a profile.
#[derive(Debug)]
struct Row {
    id: i64,
    title: String,
    seat: String,
    result: String,
    on_time: String,
}

#[derive(Debug, askama::Template)]
#[template(path = "player.html")]
struct PlayerPage {
    lang: Lang,
    percent: Option<u32>,
    seated: u32,
    sent: u32,
    nmr: u32,
    abandoned: u32,
    rows: Vec<Row>,
}

/// `GET /players/{name}`: anyone may read it.
pub async fn player(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(name): Path<String>,
) -> PageResult {
    let profile = store::profiles::profile(&state, &name)
        .await
        .map_err(|e| error_page(&visitor, &ApiError::from(e)))?;
    let lang = visitor.lang;
    let rows = profile
        .games
        .iter()
        .map(|g| Row {
            id: g.id,
            title: g.title.clone(),
            seat: g
                .seat
                .clone()
                .unwrap_or_else(|| tr!(lang, "player-seat-left")),
            result: match (g.over, g.place, &g.seat) {
                (_, _, None) => tr!(lang, "player-result-left"),
                (true, Some(place), _) => {
                    tr!(
                        lang,
                        "player-result-place",
                        place = lang.place(place.into())
                    )
                }
                (true, None, _) => tr!(lang, "player-result-finished"),
                (false, _, _) => tr!(lang, "player-result-running"),
            },
            on_time: match g.on_time.percent() {
                Some(p) => tr!(
                    lang,
                    "player-on-time-cell",
                    percent = p,
                    sent = g.on_time.sent,
                    seated = g.on_time.seated
                ),
                None => "–".into(),
            },
        })
        .collect();
    let t = profile.on_time;
    let body = PlayerPage {
        lang,
        percent: t.percent(),
        seated: t.seated,
        sent: t.sent,
        nmr: t.nmr,
        abandoned: t.abandoned,
        rows,
    }
    .render()
    .map_err(|e| error_page(&visitor, &ApiError::Internal(e.to_string())))?;
    Ok(page(
        &visitor,
        axum::http::StatusCode::OK,
        &profile.name,
        &body,
    ))
}

/// The profile's feeds section: each held seat's calendar and reports addresses, and a button
/// that renews them.
pub(super) async fn feeds_section(state: &AppState, visitor: &Visitor, player: &Player) -> String {
    let feeds = match actions::seat_feeds(state, player, visitor.site.as_deref()).await {
        Ok(f) => f,
        Err(e) => return error_box(Some(&e)),
    };
    let lang = visitor.lang;
    let section = FeedsSection {
        lang,
        name: &player.name,
        calendar: tr!(lang, "feeds-calendar"),
        reports: tr!(lang, "feeds-reports"),
        feeds,
        csrf: visitor.csrf_token(),
    };
    section.render().unwrap_or_default()
}

/// The profile's feeds section. A feed's copy button is shown by the optional script
/// (`/static/copy.js`); without it the link itself is there to copy or open.
#[derive(Debug, askama::Template)]
#[template(path = "profile/feeds.html")]
struct FeedsSection<'a> {
    lang: Lang,
    name: &'a str,
    calendar: String,
    reports: String,
    feeds: Vec<SeatFeeds>,
    csrf: String,
}

/// `POST /profile/feeds`: renews one seat's feed addresses.
pub async fn renew_feeds(
    State(state): State<AppState>,
    visitor: Visitor,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async {
        let game = form.field("game")?;
        let game: i64 = game
            .parse()
            .map_err(|_| ApiError::Bad(phrase!("error-game-not-number", game = game)))?;
        actions::renew_feeds(&state, player, game, visitor.site.as_deref()).await
    };
    match result.await {
        Ok(_) => Ok(redirect("/profile?saved=1#feeds")),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// The routes of players' profiles and the feeds' renewal.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::{get, post};
    axum::Router::new()
        .route("/players/{name}", get(player))
        .route("/profile/feeds", post(renew_feeds))
}
