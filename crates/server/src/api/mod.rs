//! The JSON API (`/api/…`, documented in `openapi.json`): one module per noun, each with its
//! calls and its routes, merged by [`router`]. Every game state it returns passes through the
//! record's view for the caller: a seat's view, the GM's, or the public one.

use axum::Router;
use axum::http::header::CONTENT_TYPE;
use axum::response::IntoResponse;
use axum::routing::get;
use locale::phrase;
use serde_json::{Value, json};

use crate::error::ApiError;
use crate::state::AppState;

pub mod absences;
pub mod accounts;
pub mod games;
pub mod lobby;
pub mod orders;
pub mod press;
pub mod profiles;
pub mod push;
pub mod ratings;
pub mod reports;
pub mod seasons;
pub mod seats;

/// Every call of the API.
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/api/openapi.json", get(openapi))
        .merge(accounts::routes())
        .merge(games::routes())
        .merge(orders::routes())
        .merge(seats::routes())
        .merge(reports::routes())
        .merge(ratings::routes())
        .merge(seasons::routes())
        .merge(profiles::routes())
        .merge(push::routes())
        .merge(press::routes())
        .merge(lobby::routes())
        .merge(absences::routes())
}

/// The API's description: `openapi.json` with what the games say of themselves filled in (the
/// games' names, each game's settings), so that a new game needs no edit here.
pub async fn openapi() -> impl IntoResponse {
    static DOCUMENT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let document = DOCUMENT.get_or_init(|| {
        let mut spec: Value =
            serde_json::from_str(include_str!("../../openapi.json")).expect("openapi.json is JSON");
        let schemas = &mut spec["components"]["schemas"];
        schemas["NewGame"]["properties"]["game"]["enum"] =
            gm::GAMES.iter().map(|g| g.name).collect();
        for info in gm::GAMES {
            let properties: serde_json::Map<String, Value> = info
                .settings
                .iter()
                .map(|s| (s.name.to_string(), s.schema()))
                .collect();
            schemas[format!("Settings-{}", info.name)] = json!({
                "type": "object",
                "description": format!("The settings of a {} game.", info.title),
                "additionalProperties": false,
                "properties": properties,
            });
        }
        spec.to_string()
    });
    ([(CONTENT_TYPE, "application/json")], document.as_str())
}

/// What no route matches, API or page.
pub async fn not_found() -> ApiError {
    ApiError::NotFound(phrase!("error-path-unknown"))
}
