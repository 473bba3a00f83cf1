//! A resolved turn's report by the API, in the language asked for (`?lang=`, else
//! `Accept-Language`, else English): text, JSON, or its picture or chart.

use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::http::header::{ACCEPT_LANGUAGE, CONTENT_LANGUAGE, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use game_api::Lang;
use locale::phrase;
use serde::Deserialize;
use serde_json::json;

use crate::actions::viewer;
use crate::auth::MaybePlayer;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReportQuery {
    #[serde(default)]
    format: Option<String>,
    /// The report's language (`ja`); else the `Accept-Language` header's, else English.
    #[serde(default)]
    lang: Option<String>,
}

/// The language a report is asked for in: `?lang=` (a language postrider does not speak is
/// refused in one line), else the best of `Accept-Language`, else English.
fn report_lang(asked: Option<&str>, headers: &HeaderMap) -> ApiResult<Lang> {
    if let Some(code) = asked {
        return Lang::from_code(code).map_err(|e| ApiError::Bad(e.phrase()));
    }
    let accept = headers
        .get(ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok())
        .filter(|v| v.len() <= 256);
    Ok(locale::negotiate([], accept))
}

/// A resolved turn's report as the caller may see it, in the language asked for: plain text
/// (what email carries) or JSON holding the text.
pub async fn report(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
    Path((id, turn)): Path<(i64, u16)>,
    Query(query): Query<ReportQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let lang = report_lang(query.lang.as_deref(), &headers)?;
    let table = store::load(&state, id).await?;
    let viewer = viewer(&table, player.as_ref());
    if turn == 0 || turn > table.record.resolved() {
        return Err(ApiError::NotFound(phrase!(
            "error-report-turn-unresolved",
            turn = turn,
            resolved = table.record.resolved()
        )));
    }
    let text = table.record.report_text(viewer, lang, Some(turn))?;
    let language = (CONTENT_LANGUAGE, lang.code());
    match query.format.as_deref() {
        None | Some("text") => Ok((
            [(CONTENT_TYPE, "text/plain; charset=utf-8"), language],
            text,
        )
            .into_response()),
        Some("json") => Ok((
            [language],
            Json(json!({ "turn": turn, "lang": lang.code(), "text": text })),
        )
            .into_response()),
        Some(kind @ ("picture" | "chart")) => {
            let svg = if kind == "chart" {
                table.record.progress(turn).svg(lang)
            } else {
                table
                    .record
                    .picture_svg(Some(turn), viewer, lang)
                    .unwrap_or_default()
            };
            Ok(([(CONTENT_TYPE, "image/svg+xml")], svg).into_response())
        }
        Some(other) => Err(ApiError::Bad(phrase!(
            "error-report-format-unknown",
            other = other
        ))),
    }
}

/// The routes of reports.
pub fn routes() -> Router<AppState> {
    Router::new().route("/api/games/{id}/reports/{turn}", get(report))
}
