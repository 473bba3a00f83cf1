//! Server-rendered pages: what a GM and the players use from a browser or a phone. HTML with a
//! few lines of JavaScript at most; every form carries a CSRF token; every game state shown
//! comes from the record's view for the visitor (the same as the JSON API's); every text shown
//! is escaped. The forms call the same `actions` as the API.

mod account;
mod backpacks;
mod breaking_away;
mod game;
mod mail;
mod pieces;
mod when;

pub use account::{
    confirm_email, login, login_form, logout, register, register_form, unsubscribe,
    unsubscribe_form,
};
pub use game::{
    console, console_action, game, history, join, join_form, new_game, new_game_form, orders,
    orders_form, rotate_mail_address, turn,
};
pub use mail::profile_mail;

/// The Backpacks orders help, served by the site.
pub async fn help_backpacks(visitor: Visitor) -> Response {
    use askama::Template;
    match backpacks::Help.render() {
        Ok(body) => page(
            &visitor,
            StatusCode::OK,
            "Backpacks & Blisters: orders",
            &body,
        ),
        Err(e) => error_page(&visitor, &ApiError::Internal(e.to_string())),
    }
}

/// The Breaking Away rules help, served by the site.
pub async fn help_breaking_away(visitor: Visitor) -> Response {
    use askama::Template;
    match breaking_away::Help.render() {
        Ok(body) => page(&visitor, StatusCode::OK, "Breaking Away: the rules", &body),
        Err(e) => error_page(&visitor, &ApiError::Internal(e.to_string())),
    }
}

pub use backpacks::plan_script;
pub use breaking_away::lineup_script;

/// What a first-time player of `record`'s game needs for the first orders (the letters' part of
/// the game's own pieces).
pub fn first_orders_help(record: &gm::Record) -> Option<String> {
    pieces::of(record.game().name).first_orders_help(record)
}

use std::fmt::Write;

use axum::extract::{FromRequestParts, State};
use axum::http::header::{CONTENT_TYPE, LOCATION, SET_COOKIE};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::AppState;
use crate::auth::{self, FORM_COOKIE, Player, SESSION_COOKIE};
use crate::error::{ApiError, ApiResult};
use crate::games;

/// Text made safe for HTML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// Whoever is looking at a page: the logged-in player (from the session cookie only; a
/// stale cookie is a visitor who is not logged in) and the browser's form secret.
#[derive(Debug)]
pub struct Visitor {
    pub player: Option<Player>,
    form_secret: String,
    /// The browser has no form secret yet: this response gives it one.
    fresh: bool,
    /// The server's clock when the request came (for the time left to a deadline).
    pub now: i64,
}

impl FromRequestParts<AppState> for Visitor {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> ApiResult<Visitor> {
        let player = match auth::cookie(parts, SESSION_COOKIE) {
            Some(secret) => auth::player_for(state, &secret).await?,
            None => None,
        };
        let (form_secret, fresh) = match auth::cookie(parts, FORM_COOKIE) {
            Some(secret) => (secret, false),
            None => (auth::new_secret()?, true),
        };
        Ok(Visitor {
            player,
            form_secret,
            fresh,
            now: state.clock.now(),
        })
    }
}

impl Visitor {
    /// The logged-in player, or (as the error) the way to the login page, which comes back
    /// to `next`.
    #[expect(
        clippy::result_large_err,
        reason = "the error is a page, as in PageResult, returned at once with `?`"
    )]
    pub fn player_or_login(&self, next: &str) -> Result<&Player, Response> {
        self.player.as_ref().ok_or_else(|| login_first(next))
    }

    /// A deadline as this reader reads it: in their profile's time zone (UTC without one),
    /// with the time left.
    pub fn deadline(&self, at: i64) -> String {
        when::deadline(at, self.now, self.zone())
    }

    /// The reader's time zone (profile), if they chose one.
    pub fn zone(&self) -> Option<&str> {
        self.player.as_ref().and_then(|p| p.time_zone.as_deref())
    }

    /// The token every form carries (for templates, which write the field themselves).
    pub fn csrf_token(&self) -> String {
        auth::csrf_token(&self.form_secret)
    }

    /// The hidden field every form carries.
    pub fn csrf_field(&self) -> String {
        format!(
            r#"<input type="hidden" name="csrf" value="{}">"#,
            auth::csrf_token(&self.form_secret)
        )
    }

    /// Refuses a form that does not carry this browser's token (a form posted from another
    /// site, or from a browser that lost its cookie).
    pub fn check_csrf(&self, form: &FormData) -> ApiResult<()> {
        let expected = auth::csrf_token(&self.form_secret);
        if self.fresh || form.get("csrf") != Some(expected.as_str()) {
            return Err(ApiError::Forbidden(
                "csrf: the form is stale or came from another site; reload the page and send it again".into(),
            ));
        }
        Ok(())
    }
}

/// The way to a page that needs a logged-in player: the login page, which comes back to `next`.
fn login_first(next: &str) -> Response {
    redirect(&format!("/login?next={}", account::percent_encode(next)))
}

/// A submitted form: its fields in order (a field may repeat, as checkboxes do).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(transparent)]
pub struct FormData(pub Vec<(String, String)>);

impl FormData {
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// A field that must be there (the form always sends it).
    pub fn field(&self, name: &str) -> ApiResult<&str> {
        self.get(name)
            .ok_or_else(|| ApiError::Bad(format!("{name}: missing from the form")))
    }

    pub fn all<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a str> + 'a {
        self.0
            .iter()
            .filter(move |(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

/// What a page handler gives: the page, or the page that takes its place (an error, the way
/// to the login page), so that handlers can use `?`.
pub type PageResult = Result<Response, Response>;

/// A `303 See Other` to `to` (after a form was accepted).
pub fn redirect(to: &str) -> Response {
    let mut response = StatusCode::SEE_OTHER.into_response();
    if let Ok(value) = HeaderValue::from_str(to) {
        response.headers_mut().insert(LOCATION, value);
    }
    response
}

const STYLE: &str = r#"
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;max-width:64rem;margin:0 auto;padding:0 .8rem 2rem;line-height:1.4;color:#222}
header{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:center;border-bottom:2px solid #333;padding:.6rem 0;margin-bottom:1rem}
header .brand{font-weight:bold;font-size:1.2rem;text-decoration:none;color:#222}
header form{display:inline;margin:0}
nav a{margin-right:.8rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
td,th{border-bottom:1px solid #ccc;padding:.3rem;text-align:left;vertical-align:top}
pre{background:#f6f6f0;padding:.6rem;overflow-x:auto;white-space:pre-wrap}
.picture{border:1px solid #ccc;margin:.5rem 0}
.picture svg{display:block;width:100%;height:auto}
.error{background:#fde8e8;border:1px solid #d33;padding:.5rem;margin:.5rem 0}
.note{background:#eef6ee;border:1px solid #6a6;padding:.5rem;margin:.5rem 0}
label{display:block;margin:.6rem 0 .2rem;font-weight:600}
input,select,textarea,button{font-size:1.05rem;padding:.45rem;max-width:100%}
input[type=text],input[type=password],input[type=number],textarea,select{width:100%}
button{padding:.55rem 1.1rem;cursor:pointer}
.riders{display:grid;grid-template-columns:repeat(auto-fill,minmax(11rem,1fr));gap:.6rem}
.riders div{border:1px solid #ccc;padding:.5rem}
.actions form{display:inline-block;margin:.2rem .4rem .2rem 0}
.inline{display:flex;gap:.5rem;align-items:end;flex-wrap:wrap}
.inline label{margin:0}
.table-wrap{overflow-x:auto}
tr.own td{background:#fff4c2;font-weight:600}
.banner{background:#1d4d2b;color:#fff;padding:.7rem 1rem;font-size:1.2rem;margin:.6rem 0;border-radius:.3rem}
.podium{list-style:none;padding:0;display:flex;flex-wrap:wrap;gap:.5rem}
.podium li{border:1px solid #aaa;padding:.4rem .8rem;border-radius:.3rem}
.podium li.own{background:#fff4c2}
.podium .medal{display:inline-block;min-width:1.6rem;text-align:center;border-radius:50%;background:#555;color:#fff}
.podium .place-1 .medal{background:#7a5c00}
.podium .place-2 .medal{background:#666}
.podium .place-3 .medal{background:#8a4b1f}
.report-note{margin:.3rem 0}
fieldset{margin:.6rem 0;border:1px solid #bbb}
label.check{font-weight:normal}
details{margin:.6rem 0}
summary{cursor:pointer;padding:.3rem 0}
button.secondary{background:#eee;border:1px solid #888}
"#;

/// A whole page, around `body`, with the header for this visitor.
pub fn page(visitor: &Visitor, status: StatusCode, title: &str, body: &str) -> Response {
    let who = match &visitor.player {
        Some(p) => format!(
            r#"<a href="/profile">{}</a><form method="post" action="/logout">{}<button>Log out</button></form>"#,
            escape(&p.name),
            visitor.csrf_field()
        ),
        None => r#"<a href="/login">Log in</a> <a href="/register">Register</a>"#.into(),
    };
    let html = format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title} · postrider</title>
<style>{STYLE}</style>
</head><body>
<header><a class="brand" href="/">postrider</a><nav><a href="/">Games</a><a href="/new">New game</a></nav>{who}</header>
<main>
<h1>{title}</h1>
{body}
</main>
</body></html>
"#,
        title = escape(title)
    );
    let mut response = (status, [(CONTENT_TYPE, "text/html; charset=utf-8")], html).into_response();
    if visitor.fresh
        && let Ok(cookie) = auth::form_cookie(&visitor.form_secret)
    {
        response.headers_mut().insert(SET_COOKIE, cookie);
    }
    response
}

/// An error as a page: the status and the one-line message.
pub fn error_page(visitor: &Visitor, error: &ApiError) -> Response {
    if let ApiError::Internal(cause) = error {
        tracing::error!(%cause, "internal error");
    }
    page(
        visitor,
        error.status(),
        "Something is wrong",
        &format!(
            r#"<p class="error">{}</p><p><a href="/">Back to the games</a></p>"#,
            escape(&error.to_string())
        ),
    )
}

/// The message box shown above a form sent back with an error.
pub fn error_box(error: Option<&ApiError>) -> String {
    error.map_or(String::new(), |e| {
        format!(
            r#"<p class="error" role="alert">{}</p>"#,
            escape(&e.to_string())
        )
    })
}

#[derive(Debug, askama::Template)]
#[template(path = "profile.html")]
struct ProfilePage<'a> {
    error: Option<String>,
    saved: bool,
    zone: &'a str,
    shown: String,
    zones: Vec<String>,
    csrf: String,
    /// The mail settings' form (`pages::mail`).
    mail_section: String,
}

fn profile_page(
    visitor: &Visitor,
    zone: &str,
    saved: bool,
    error: Option<&ApiError>,
    mail_section: String,
) -> Response {
    use askama::Template;
    let mut zones: Vec<String> = jiff::tz::db().available().map(|n| n.to_string()).collect();
    zones.sort();
    let page_html = ProfilePage {
        error: error.map(ToString::to_string),
        saved,
        zone,
        shown: when::moment(visitor.now, visitor.zone()),
        zones,
        csrf: visitor.csrf_token(),
        mail_section,
    }
    .render();
    match page_html {
        Ok(body) => page(
            visitor,
            error.map_or(StatusCode::OK, ApiError::status),
            "Your profile",
            &body,
        ),
        Err(e) => error_page(visitor, &ApiError::Internal(e.to_string())),
    }
}

#[derive(Debug, serde::Deserialize)]
pub struct SavedQuery {
    saved: Option<String>,
}

/// The profile: the time zone deadlines are shown in.
pub async fn profile_form(
    State(state): State<AppState>,
    visitor: Visitor,
    axum::extract::Query(q): axum::extract::Query<SavedQuery>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let zone = player.time_zone.clone().unwrap_or_default();
    let mail = mail::section(&state, &visitor, player, None).await;
    Ok(profile_page(&visitor, &zone, q.saved.is_some(), None, mail))
}

pub async fn profile(
    State(state): State<AppState>,
    visitor: Visitor,
    axum::Form(form): axum::Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/profile")?;
    let typed = form.get("time_zone").unwrap_or_default().trim().to_string();
    let result = async {
        visitor.check_csrf(&form)?;
        let zone = if typed.is_empty() {
            None
        } else if when::zone(&typed).is_some() && typed.len() <= 64 {
            Some(typed.clone())
        } else {
            return Err(ApiError::Bad(format!(
                "time_zone: {typed:?} is not a time zone (write an IANA name such as America/New_York, or leave it empty for UTC)"
            )));
        };
        sqlx::query("UPDATE players SET time_zone = $1 WHERE id = $2")
            .bind(zone)
            .bind(player.id)
            .execute(&state.db.pool)
            .await?;
        Ok(())
    };
    match result.await {
        Ok(()) => Ok(redirect("/profile?saved=1")),
        Err(e) => {
            let mail = mail::section(&state, &visitor, player, None).await;
            Ok(profile_page(&visitor, &typed, false, Some(&e), mail))
        }
    }
}

/// The optional script of the profile page: fills an empty time-zone field from the browser.
pub async fn zone_script() -> Response {
    (
        [(CONTENT_TYPE, "text/javascript; charset=utf-8")],
        "// Optional: an empty time-zone field takes the browser's own zone; the page works without it.\n\
var f = document.getElementById('time_zone');\n\
if (f && !f.value && window.Intl) { f.value = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; }\n",
    )
        .into_response()
}

/// The optional script of the GM console: a copy button beside each invitation link (the
/// link is in a read-only field, selectable without it).
pub async fn copy_script() -> Response {
    (
        [(CONTENT_TYPE, "text/javascript; charset=utf-8")],
        "// Optional: a Copy button beside each invitation link; the page works without it.\n\
document.querySelectorAll('input.invite-link').forEach(function (field) {\n\
  var button = document.createElement('button');\n\
  button.type = 'button';\n\
  button.className = 'copy secondary';\n\
  button.textContent = 'Copy';\n\
  button.setAttribute('aria-label', 'copy the ' + field.getAttribute('aria-label'));\n\
  button.addEventListener('click', function () {\n\
    field.select();\n\
    var done = function () { button.textContent = 'Copied'; };\n\
    if (navigator.clipboard && window.isSecureContext) {\n\
      navigator.clipboard.writeText(field.value).then(done, function () { document.execCommand('copy'); done(); });\n\
    } else { document.execCommand('copy'); done(); }\n\
  });\n\
  field.insertAdjacentElement('afterend', button);\n\
});\n",
    )
        .into_response()
}

/// One of a player's games on the front page.
#[derive(Debug)]
struct YourGame {
    id: i64,
    title: String,
    seat: String,
    what: String,
    due: bool,
}

#[derive(Debug, askama::Template)]
#[template(path = "your_games.html")]
struct YourGames {
    rows: Vec<YourGame>,
}

/// The logged-in player's games: what is due, by when, and whether theirs are sealed; games
/// where orders are due first, then by deadline.
fn your_games(tables: &[games::Table], visitor: &Visitor, player: i64) -> String {
    use askama::Template;
    let mut rows: Vec<(bool, i64, YourGame)> = tables
        .iter()
        .filter_map(|t| {
            let seat = t.seat_of(player)?;
            let (what, due) = game::your_move(t, visitor, seat);
            Some((
                due,
                t.row.next_deadline.unwrap_or(i64::MAX),
                YourGame {
                    id: t.row.id,
                    title: t.row.title.clone(),
                    seat: t.seats[seat.index()].name.clone(),
                    what,
                    due,
                },
            ))
        })
        .collect();
    rows.sort_by_key(|(due, at, g)| (!*due, *at, g.id));
    YourGames {
        rows: rows.into_iter().map(|(_, _, g)| g).collect(),
    }
    .render()
    .unwrap_or_default()
}

#[derive(Debug, serde::Deserialize)]
pub struct FrontQuery {
    deleted: Option<String>,
}

pub async fn front(
    State(state): State<AppState>,
    visitor: Visitor,
    axum::extract::Query(q): axum::extract::Query<FrontQuery>,
) -> Response {
    let tables = match games::list(&state).await {
        Ok(tables) => tables,
        Err(e) => return error_page(&visitor, &e),
    };
    let mut rows = String::new();
    for table in &tables {
        let seats: Vec<String> = table
            .seats
            .iter()
            .map(|s| {
                let who = match (&s.player_name, &s.bot) {
                    (_, Some(bot)) => format!("bot: {bot}"),
                    (Some(name), None) => name.clone(),
                    (None, None) => "open".into(),
                };
                format!("{} ({})", escape(&s.name), escape(&who))
            })
            .collect();
        let _ = write!(
            rows,
            r#"<tr><td><a href="/games/{}">{}</a></td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>"#,
            table.row.id,
            escape(&table.row.title),
            table.row.game.name,
            escape(&game::status_text(table, &visitor)),
            escape(&table.row.gm_name),
            seats.join(", ")
        );
    }
    if tables.is_empty() {
        rows.push_str(
            r#"<tr><td colspan="5">No games yet: <a href="/new">start one</a>.</td></tr>"#,
        );
    }
    // The list is summaries; the player's own games are read whole (from this process's
    // records, without a replay) to say what is due.
    let yours = match &visitor.player {
        Some(p) => {
            let mut own = Vec::new();
            for summary in tables
                .iter()
                .filter(|s| s.seat_of(p.id).is_some() || s.is_gm(p.id))
            {
                match games::load(&state, summary.row.id).await {
                    Ok(table) => own.push(table),
                    Err(e) => return error_page(&visitor, &e),
                }
            }
            // The games they run, with who is missing (issue 29).
            your_games(&own, &visitor, p.id) + &game::gm_games(&own, &visitor, p.id)
        }
        None => String::new(),
    };
    let deleted = if q.deleted.is_some() {
        r#"<p class="note" role="status">The game is deleted.</p>"#
    } else {
        ""
    };
    let body = format!(
        r#"{deleted}{yours}<h2>Every game</h2><p>A play-by-mail game master for Breaking Away and Backpacks &amp; Blisters: sealed
orders, deadlines that run themselves, and a report after every turn. Scripts use the JSON API
described at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<table><tr><th>Game</th><th>Rules</th><th>Turn</th><th>GM</th><th>Seats</th></tr>
{rows}</table>"#
    );
    page(&visitor, StatusCode::OK, "Games", &body)
}
