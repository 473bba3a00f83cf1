//! The site's one stylesheet, served at an address that names its content.

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};

/// The site's one stylesheet (`static/site.css`): design tokens, light and dark.
pub const SITE_CSS: &str = include_str!("../../static/site.css");

/// The stylesheet's address: its query names its content, so that it can be cached for a year
/// and a new sheet is fetched at once.
pub(super) fn site_css_path() -> &'static str {
    static PATH: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        // FNV-1a: a name for the content, not a secret.
        let hash = SITE_CSS.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        format!("/static/site.css?v={hash:016x}")
    });
    &PATH
}

/// `GET /static/site.css`: the stylesheet, cached for a year (its address changes with it).
pub async fn site_css() -> Response {
    (
        [
            (CONTENT_TYPE, "text/css; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=31536000, immutable"),
        ],
        SITE_CSS,
    )
        .into_response()
}

/// The stylesheet's route.
pub fn routes() -> axum::Router<crate::state::AppState> {
    axum::Router::new().route("/static/site.css", axum::routing::get(site_css))
}
