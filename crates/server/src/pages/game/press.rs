//! The game's press on its pages: the latest messages as the reader may read them (newest
//! last), the form to post one, the GM's hiding and private-press setting; and the page of
//! older press.

use askama::Template;
use axum::extract::{Path, Query, State};
use game_api::Lang;
use locale::tr;
use store::Table;

use super::frame::{Nav, load, render, status_of};
use super::words::noun;
use crate::actions::{self, PRESS_MAX_CHARS, PRESS_PAGE, PRESS_PER_HOUR, PressPage, Recipient};
use crate::error::{ApiError, ApiResult};
use crate::pages::form::CsrfForm;
use crate::pages::frame::{PageResult, Visitor, error_page, redirect};
use crate::state::AppState;

/// One message on the page.
#[derive(Debug)]
pub struct PressItem {
    pub id: i64,
    pub turn: u16,
    pub header: String,
    /// `None`: hidden by the GM (the GM reads it still).
    pub text: Option<String>,
    pub private: bool,
    pub from_gm: bool,
    pub hidden: bool,
    /// Who hid it and when: the GM's only.
    pub hidden_note: Option<String>,
    pub when: String,
}

#[derive(Debug, Template)]
#[template(path = "game/press.html")]
pub struct PressSection {
    pub lang: Lang,
    pub id: i64,
    pub csrf: String,
    /// `turn`, `round`, in the reader's language.
    pub turn_noun: String,
    pub messages: Vec<PressItem>,
    pub older: Option<i64>,
    pub is_gm: bool,
    pub over: bool,
    pub can_post: bool,
    /// The GM holds no seat: what they post is an announcement.
    pub as_gm_only: bool,
    /// The GM holds a seat: they choose to post as the GM.
    pub gm_plays: bool,
    pub private_allowed: bool,
    /// The seats the reader may send private press to, by number and name (none when it is
    /// off).
    pub recipients: Vec<(u8, String)>,
    pub max_chars: usize,
    pub per_hour: usize,
    pub error: Option<String>,
    pub draft: String,
}

impl PressSection {
    /// The section for `visitor` from a page of press read as they may read it.
    fn of(table: &Table, visitor: &Visitor, page: PressPage) -> PressSection {
        let player = visitor.player.as_ref();
        let is_gm = player.is_some_and(|p| table.is_gm(p.id));
        let seat = player.and_then(|p| table.seat_of(p.id));
        let over = table.record.is_over() || table.row.over;
        let recipients = match seat {
            Some(own) if page.private_allowed => table
                .seats
                .iter()
                .filter(|s| s.seat != own)
                .map(|s| (s.seat.0, s.name.clone()))
                .collect(),
            _ => Vec::new(),
        };
        let lang = visitor.lang;
        PressSection {
            lang,
            id: table.row.id,
            csrf: visitor.csrf_token(),
            turn_noun: noun(lang, table.row.game.turn_noun),
            messages: page
                .messages
                .into_iter()
                .map(|m| PressItem {
                    when: crate::pages::when::moment_in(lang, m.at, visitor.zone()),
                    hidden_note: match (&m.hidden_by, m.hidden_at) {
                        (Some(by), Some(at)) => Some(tr!(
                            lang,
                            "press-page-hidden-note",
                            by = by.clone(),
                            when = crate::pages::when::moment_in(lang, at, visitor.zone())
                        )),
                        _ => None,
                    },
                    id: m.id,
                    turn: m.turn,
                    header: m.header,
                    text: m.text,
                    private: m.private,
                    from_gm: m.from_gm,
                    hidden: m.hidden,
                })
                .collect(),
            older: page.older,
            is_gm,
            over,
            can_post: !over && (is_gm || seat.is_some()),
            as_gm_only: is_gm && seat.is_none(),
            gm_plays: is_gm && seat.is_some(),
            private_allowed: page.private_allowed,
            recipients,
            max_chars: PRESS_MAX_CHARS,
            per_hour: PRESS_PER_HOUR,
            error: None,
            draft: String::new(),
        }
    }
}

/// The press section of the game page (HTML), the latest messages.
pub(super) async fn press_section(
    state: &AppState,
    table: &Table,
    visitor: &Visitor,
) -> ApiResult<String> {
    let page =
        actions::press_page_of(state, table, visitor.player.as_ref(), None, PRESS_PAGE).await?;
    PressSection::of(table, visitor, page)
        .render()
        .map_err(|e| ApiError::Internal(format!("template: {e}")))
}

#[derive(Debug, serde::Deserialize)]
pub struct PressArchiveQuery {
    pub before: Option<i64>,
}

/// The page of press (`GET /games/{id}/press?before=ID`): older messages, and the form.
pub async fn press_archive(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(query): Query<PressArchiveQuery>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    press_page_response(&state, &visitor, &table, query.before, None, String::new()).await
}

async fn press_page_response(
    state: &AppState,
    visitor: &Visitor,
    table: &Table,
    before: Option<i64>,
    error: Option<ApiError>,
    draft: String,
) -> PageResult {
    let page = actions::press_page_of(state, table, visitor.player.as_ref(), before, PRESS_PAGE)
        .await
        .map_err(|e| error_page(visitor, &e))?;
    let mut section = PressSection::of(table, visitor, page);
    section.error = error.as_ref().map(ToString::to_string);
    section.draft = draft;
    let view = PressPageView {
        nav: Nav::of(table, visitor).at("press"),
        section: section
            .render()
            .map_err(|e| error_page(visitor, &ApiError::Internal(format!("template: {e}"))))?,
    };
    let title = tr!(
        visitor.lang,
        "press-page-title",
        title = table.row.title.clone()
    );
    let mut response = render(visitor, status_of(error.as_ref()), &title, &view);
    if let Some(e) = &error {
        e.add_retry_after(&mut response);
    }
    Ok(response)
}

#[derive(Debug, Template)]
#[template(
    source = "{% include \"game/nav.html\" %}\n{{ section|safe }}",
    ext = "html"
)]
pub struct PressPageView {
    pub nav: Nav,
    /// The press section, drawn.
    pub section: String,
}

/// Posts a message from the game page's form; a refusal shows the press page with the error
/// and the text kept.
pub async fn post_press(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let draft = actions::Draft {
        text: form.get("text").unwrap_or_default().to_string(),
        // The boxes send seat numbers; anything else names no seat.
        to: form
            .all("to")
            .map(|n| n.parse().map_or(Recipient::Seat(u8::MAX), Recipient::Seat))
            .collect(),
        as_gm: form.get("as_gm") == Some("1"),
        source: None,
    };
    let result = async { actions::post_press(&state, player, id, &draft).await };
    let outcome = result.await;
    match outcome {
        Ok(_) => Ok(redirect(&format!("/games/{id}#press"))),
        Err(e) => {
            let table = load(&state, &visitor, id).await?;
            press_page_response(&state, &visitor, &table, None, Some(e), draft.text).await
        }
    }
}

/// The GM hides a message from the page.
pub async fn hide_press(
    State(state): State<AppState>,
    visitor: Visitor,
    Path((id, press)): Path<(i64, i64)>,
    CsrfForm(_): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    gm_press_form(&visitor, id, actions::hide_press(&state, player, id, press)).await
}

/// The GM allows or forbids private press from the page.
pub async fn press_settings(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let allowed = form.get("private_allowed") == Some("1");
    gm_press_form(
        &visitor,
        id,
        actions::set_private_press(&state, player, id, allowed),
    )
    .await
}

/// A GM's press form (its token checked by [`CsrfForm`]): the action, then back to the press.
async fn gm_press_form(
    visitor: &Visitor,
    id: i64,
    action: impl std::future::Future<Output = ApiResult<()>>,
) -> PageResult {
    action.await.map_err(|e| error_page(visitor, &e))?;
    Ok(redirect(&format!("/games/{id}#press")))
}
