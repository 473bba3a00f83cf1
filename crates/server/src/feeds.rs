//! A seat's feeds behind a secret address (issue 35): its deadlines as an iCalendar feed a
//! calendar app subscribes to, and its reports as an Atom feed, each report as the seat sees
//! it. Anyone with the address reads them, so each holds only what the seat's own report page
//! shows, and at most [`FEED_TURNS_MAX`] turns.

use game_api::Lang;
use locale::{phrase, tr};
use std::collections::BTreeMap;

use atom_syndication as atom;
use axum::extract::{Path, State};
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use game_api::{Seat, Viewer};
use icalendar::{Calendar, Component, EventLike, EventStatus};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use store::{self, Table};

/// The most turns a feed holds, the latest: what one anonymous request costs is bounded.
pub const FEED_TURNS_MAX: u16 = 50;

/// The most messages of press a feed carries (with the turns' reports, as the report mail).
pub const FEED_PRESS_MAX: u32 = 1000;

/// The addresses of a seat's two feeds, from its secret (full when the server knows its public
/// address, else paths).
#[derive(Clone, Debug, serde::Serialize)]
pub struct FeedAddresses {
    pub calendar: String,
    pub reports: String,
}

impl FeedAddresses {
    /// `site`: the server's address as the reader reaches it (`site::address`); without one
    /// the addresses are paths.
    pub fn new(site: Option<&str>, secret: &str) -> FeedAddresses {
        let base = site.unwrap_or("");
        FeedAddresses {
            calendar: format!("{base}/feeds/{secret}/calendar.ics"),
            reports: format!("{base}/feeds/{secret}/reports.atom"),
        }
    }
}

/// The seat's calendar: `GET /feeds/{secret}/calendar.ics`.
pub async fn calendar(
    State(state): State<AppState>,
    Path(secret): Path<String>,
) -> ApiResult<Response> {
    let (table, seat) = open(&state, &secret).await?;
    let times =
        store::feeds::resolution_times(&state, &table, i64::from(FEED_TURNS_MAX) * 2).await?;
    let lang = crate::letters::seat_lang(&state, &table, seat).await?;
    let text = calendar_text(&state, &table, seat, lang, &times);
    Ok(feed_response("text/calendar; charset=utf-8", text))
}

/// The seat's reports: `GET /feeds/{secret}/reports.atom`.
pub async fn reports(
    State(state): State<AppState>,
    Path(secret): Path<String>,
) -> ApiResult<Response> {
    let (table, seat) = open(&state, &secret).await?;
    let times =
        store::feeds::resolution_times(&state, &table, i64::from(FEED_TURNS_MAX) * 2).await?;
    let turns = feed_turns(&table);
    let press = store::press::of_turns(&state, table.row.id, turns, FEED_PRESS_MAX).await?;
    // A feed has no Accept-Language worth trusting (a reader fetches it): the seat's mail
    // language, as its report mails.
    let lang = crate::letters::seat_lang(&state, &table, seat).await?;
    let text = atom_text(&state, &table, seat, lang, &times, &press)?;
    Ok(feed_response("application/atom+xml; charset=utf-8", text))
}

fn feed_response(kind: &'static str, text: String) -> Response {
    (
        [(CONTENT_TYPE, kind), (CACHE_CONTROL, "private, no-cache")],
        text,
    )
        .into_response()
}

/// The game and seat a secret opens: a 404 for one unknown, renewed, or whose player no longer
/// holds the seat (the same answer for each, so that none can be told apart).
async fn open(state: &AppState, secret: &str) -> ApiResult<(Table, Seat)> {
    let unknown = || ApiError::NotFound(phrase!("error-feed-unknown"));
    let well_formed = secret.len() == 32 && secret.bytes().all(|b| b.is_ascii_hexdigit());
    if !well_formed {
        return Err(unknown());
    }
    let (game, seat) = store::feeds::seat_of_feed(state, secret)
        .await?
        .ok_or_else(unknown)?;
    Ok((store::load(state, game).await?, seat))
}

/// The resolved turns a feed holds: the latest [`FEED_TURNS_MAX`].
fn feed_turns(table: &Table) -> std::ops::RangeInclusive<u16> {
    let resolved = table.record.resolved();
    resolved.saturating_sub(FEED_TURNS_MAX - 1).max(1)..=resolved
}

fn utc(seconds: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(seconds, 0).unwrap_or_default()
}

/// The host part of the calendar's UIDs: the server's public host, else `postrider`.
fn uid_host(state: &AppState) -> String {
    let url = state.config.public_url.as_deref().unwrap_or("");
    let host = url.split("://").nth(1).unwrap_or(url);
    let host = host.split(['/', ':']).next().unwrap_or("");
    if host.is_empty() {
        "postrider".into()
    } else {
        host.to_string()
    }
}

/// The seat's deadlines: one event per turn, its UID the game's and the turn's (so that a
/// calendar updates it in place): the resolved turns at the time they were resolved, the
/// coming turn at its deadline — cancelled while the game is paused — with a sequence number
/// that grows with every change to the game.
pub fn calendar_text(
    state: &AppState,
    table: &Table,
    seat: Seat,
    lang: Lang,
    times: &BTreeMap<u16, i64>,
) -> String {
    let id = table.row.id;
    let title = &table.row.title;
    let seat_name = &table.seats[seat.index()].name;
    let host = uid_host(state);
    let now = utc(state.clock.now());
    let page = |path: String| {
        let base = state.config.public_url.as_deref().unwrap_or("");
        format!("{}{path}", base.trim_end_matches('/'))
    };
    let uid = |turn: u16| format!("postrider-game-{id}-turn-{turn}@{host}");
    let noun = crate::mail_words::turn_noun(table, lang);
    let mut calendar = Calendar::new();
    calendar.name(&format!("{title} ({seat_name})"));
    for turn in feed_turns(table) {
        let Some(&at) = times.get(&turn) else {
            continue;
        };
        calendar.push(
            icalendar::Event::new()
                .uid(&uid(turn))
                .timestamp(now)
                .sequence(u32::try_from(table.row.version).unwrap_or(u32::MAX))
                .summary(&tr!(
                    lang,
                    "feed-resolved",
                    title = title.as_str(),
                    noun = noun.as_str(),
                    turn = turn
                ))
                .starts(utc(at))
                .status(EventStatus::Confirmed)
                .url(&page(format!("/games/{id}/turns/{turn}")))
                .done(),
        );
    }
    let over = table.row.over || table.record.is_over();
    if let (false, Some(deadline)) = (over, table.row.next_deadline) {
        let turn = table.record.turn();
        let mut event = icalendar::Event::new();
        event
            .uid(&uid(turn))
            .timestamp(now)
            .sequence(u32::try_from(table.row.version).unwrap_or(u32::MAX))
            .starts(utc(deadline))
            .url(&page(format!("/games/{id}/orders")));
        if table.row.paused {
            event
                .summary(&tr!(
                    lang,
                    "feed-deadline-paused",
                    title = title.as_str(),
                    noun = noun.as_str(),
                    turn = turn
                ))
                .description(&tr!(lang, "feed-paused"))
                .status(EventStatus::Cancelled);
        } else {
            event
                .summary(&tr!(
                    lang,
                    "feed-deadline",
                    title = title.as_str(),
                    noun = noun.as_str(),
                    turn = turn
                ))
                .description(&tr!(lang, "feed-due", seat = seat_name.as_str()))
                .status(EventStatus::Confirmed);
        }
        calendar.push(event.done());
    }
    calendar.done().to_string()
}

/// The seat's reports, newest first: each resolved turn's report as the seat's own view gives
/// it (`Viewer::Seat`), never another seat's, with the turn's press the seat may read.
pub fn atom_text(
    state: &AppState,
    table: &Table,
    seat: Seat,
    lang: Lang,
    times: &BTreeMap<u16, i64>,
    press: &[store::press::Press],
) -> ApiResult<String> {
    let id = table.row.id;
    let base = state
        .config
        .public_url
        .as_deref()
        .map(|u| u.trim_end_matches('/').to_string());
    let seat_name = &table.seats[seat.index()].name;
    let entry_id = |turn: u16| match &base {
        Some(base) => format!("{base}/games/{id}/turns/{turn}"),
        None => format!("urn:postrider:game:{id}:turn:{turn}"),
    };
    let mut entries = Vec::new();
    let mut latest = None;
    for turn in feed_turns(table).rev() {
        let at = times
            .get(&turn)
            .copied()
            .unwrap_or_else(|| state.clock.now());
        latest = latest.max(Some(at));
        let mut text = table
            .record
            .report_text(Viewer::Seat(seat), lang, Some(turn))?;
        // The turn's press the seat may read, as its report mail carries it.
        let zine = crate::press_text::for_seat(table, seat, turn, press, lang);
        if !zine.is_empty() {
            text.push('\n');
            text.push_str(&zine);
        }
        let mut content = atom::Content::default();
        content.set_content_type("text".to_string());
        content.set_value(text);
        let mut entry = atom::Entry::default();
        entry.set_id(entry_id(turn));
        entry.set_title(tr!(
            lang,
            "feed-entry",
            title = table.row.title.as_str(),
            noun = crate::mail_words::turn_noun(table, lang),
            turn = turn
        ));
        entry.set_updated(utc(at).fixed_offset());
        entry.set_content(content);
        if let Some(base) = &base {
            let mut link = atom::Link::default();
            link.set_href(format!("{base}/games/{id}/turns/{turn}"));
            entry.set_links(vec![link]);
        }
        entries.push(entry);
    }
    let mut author = atom::Person::default();
    author.set_name(table.row.gm_name.clone());
    let mut feed = atom::Feed::default();
    feed.set_id(match &base {
        Some(base) => format!("{base}/games/{id}#{seat_name}"),
        None => format!("urn:postrider:game:{id}:seat:{}", seat.0),
    });
    feed.set_title(tr!(
        lang,
        "feed-title",
        title = table.row.title.as_str(),
        seat = seat_name.as_str()
    ));
    feed.set_updated(utc(latest.unwrap_or_else(|| state.clock.now())).fixed_offset());
    feed.set_authors(vec![author]);
    feed.set_entries(entries);
    Ok(feed.to_string())
}
