//! A player's public profile page (`/players/{name}`: their games, finishes and on-time
//! record) and the profile's own section listing the reader's seat feeds, with their renewal.

use axum::Form;
use axum::extract::{Path, State};
use locale::{Lang, phrase, tr};

use super::{FormData, PageResult, Visitor, error_box, error_page, page, redirect};
use crate::AppState;
use crate::actions;
use crate::auth::Player;
use crate::error::ApiError;
use crate::store;
use crate::text::escape;

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
    use askama::Template;
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
    let feeds = match actions::seat_feeds(state, player).await {
        Ok(f) => f,
        Err(e) => return error_box(Some(&e)),
    };
    let lang = visitor.lang;
    let mut html = format!(
        r#"<section class="card stack" id="feeds" aria-labelledby="feeds-h"><h2 id="feeds-h">{title}</h2>
<p>{public} <a href="/players/{name}">/players/{name}</a></p>
<p class="help">{help}</p>
"#,
        title = tr!(lang, "feeds-title"),
        public = tr!(lang, "feeds-public-profile"),
        help = tr!(lang, "feeds-help"),
        name = escape(&player.name)
    );
    if feeds.is_empty() {
        html.push_str(&format!("<p>{}</p>", tr!(lang, "feeds-no-seat")));
    }
    for f in feeds {
        html.push_str(&format!(
            r#"<form method="post" action="/profile/feeds" class="stack seat-feeds"><h3>{title} ({seat})</h3>
<p class="cluster"><a href="{cal}" class="feed-calendar">{calendar}</a>{copy_cal}</p>
<p class="cluster"><a href="{atom}" class="feed-reports">{reports}</a>{copy_atom}</p>
<input type="hidden" name="csrf" value="{csrf}"><input type="hidden" name="game" value="{game}">
<p><button type="submit" class="secondary">{renew}</button></p></form>
"#,
            calendar = tr!(lang, "feeds-calendar"),
            reports = tr!(lang, "feeds-reports"),
            copy_cal = copy_button(lang, &f.addresses.calendar, &tr!(lang, "feeds-calendar")),
            copy_atom = copy_button(lang, &f.addresses.reports, &tr!(lang, "feeds-reports")),
            renew = tr!(lang, "feeds-renew"),
            title = escape(&f.title),
            seat = escape(&f.seat),
            cal = escape(&f.addresses.calendar),
            atom = escape(&f.addresses.reports),
            csrf = visitor.csrf_token(),
            game = f.game,
        ));
    }
    html.push_str(r#"</section><script src="/static/copy.js"></script>"#);
    html
}

/// A button that copies `address` (a secret feed's), shown by the optional script
/// (`/static/copy.js`); without it the link itself is there to copy or open.
fn copy_button(lang: Lang, address: &str, what: &str) -> String {
    format!(
        r#"<button type="button" class="copy secondary" hidden data-copy="{address}" data-copied="{copied}" aria-label="{label}">{copy}</button>"#,
        address = escape(address),
        copied = escape(&tr!(lang, "feeds-copied")),
        label = escape(&tr!(lang, "feeds-copy-label", what = what)),
        copy = tr!(lang, "feeds-copy"),
    )
}

/// `POST /profile/feeds`: renews one seat's feed addresses.
pub async fn renew_feeds(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let result = async {
        visitor.check_csrf(&form)?;
        let game = form.field("game")?;
        let game: i64 = game
            .parse()
            .map_err(|_| ApiError::Bad(phrase!("error-game-not-number", game = game)))?;
        actions::renew_feeds(&state, player, game).await
    };
    match result.await {
        Ok(_) => Ok(redirect("/profile?saved=1#feeds")),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}
