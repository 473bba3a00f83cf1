//! The installable app (issue 56): the web app manifest, the service worker, the profile's push
//! switch script, and the icons (one drawing, as PNG at 192 and 512 pixels, and a maskable one
//! whose letter keeps to the safe zone). Every page's head links the manifest (`templates/page.html`).

use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::{IntoResponse, Response};
use std::sync::OnceLock;

/// The manifest: the light theme's colours, the dark theme's as Chromium reads them
/// (`user_preferences`).
pub const MANIFEST: &str = r##"{
  "name": "postrider",
  "short_name": "postrider",
  "description": "Play-by-mail games: your reports, your orders, your move.",
  "id": "/",
  "start_url": "/",
  "scope": "/",
  "display": "standalone",
  "background_color": "#f7f6f2",
  "theme_color": "#ffffff",
  "user_preferences": {
    "color_scheme_dark": { "background_color": "#121418", "theme_color": "#1c1f25" }
  },
  "icons": [
    { "src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any" },
    { "src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any" },
    { "src": "/static/icon-maskable.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable" }
  ]
}
"##;

/// The service worker's script (`static/sw.js`).
pub const SERVICE_WORKER: &str = include_str!("../../static/sw.js");

/// The profile's push switch (`static/push.js`).
pub const PUSH_JS: &str = include_str!("../../static/push.js");

const ICON_SVG: &str = include_str!("../../static/icon.svg");

/// `GET /manifest.webmanifest`.
pub async fn manifest() -> Response {
    (
        [
            (CONTENT_TYPE, "application/manifest+json"),
            (CACHE_CONTROL, "public, max-age=3600"),
        ],
        MANIFEST,
    )
        .into_response()
}

/// `GET /sw.js`: at the site's root, so that it controls every page; never cached long (a
/// browser looks for a new one at least daily anyway).
pub async fn service_worker() -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "no-cache"),
        ],
        SERVICE_WORKER,
    )
        .into_response()
}

/// `GET /static/push.js`.
pub async fn push_script() -> Response {
    (
        [
            (CONTENT_TYPE, "text/javascript; charset=utf-8"),
            (CACHE_CONTROL, "public, max-age=3600"),
        ],
        PUSH_JS,
    )
        .into_response()
}

/// The icon as PNG, `size` pixels square, its letter drawn at `scale` of the square.
fn icon_png(size: u32, scale: f32) -> Result<Vec<u8>, String> {
    // `picture::png` draws an SVG at twice its size.
    let svg = ICON_SVG
        .replace("SIZE", &(size / 2).to_string())
        .replace("SCALE", &scale.to_string());
    crate::picture::png(&svg)
}

fn icon(cell: &'static OnceLock<Result<Vec<u8>, String>>, size: u32, scale: f32) -> Response {
    match cell.get_or_init(|| icon_png(size, scale)) {
        Ok(png) => (
            [
                (CONTENT_TYPE, "image/png"),
                (CACHE_CONTROL, "public, max-age=86400"),
            ],
            png.clone(),
        )
            .into_response(),
        Err(e) => {
            tracing::error!("icon: {e}");
            axum::http::StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}

/// `GET /static/icon-192.png`.
pub async fn icon_192() -> Response {
    static PNG: OnceLock<Result<Vec<u8>, String>> = OnceLock::new();
    icon(&PNG, 192, 1.0)
}

/// `GET /static/icon-512.png`.
pub async fn icon_512() -> Response {
    static PNG: OnceLock<Result<Vec<u8>, String>> = OnceLock::new();
    icon(&PNG, 512, 1.0)
}

/// `GET /static/icon-maskable.png`: the letter within the middle 80 % (a circle of 40 % of
/// the width around the centre), which every mask keeps.
pub async fn icon_maskable() -> Response {
    static PNG: OnceLock<Result<Vec<u8>, String>> = OnceLock::new();
    icon(&PNG, 512, 0.72)
}

/// The routes of the installable app: its manifest, service worker, script and icons.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::get;
    axum::Router::new()
        .route("/manifest.webmanifest", get(manifest))
        .route("/sw.js", get(service_worker))
        .route("/static/push.js", get(push_script))
        .route("/static/icon-192.png", get(icon_192))
        .route("/static/icon-512.png", get(icon_512))
        .route("/static/icon-maskable.png", get(icon_maskable))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_icons_are_drawn_at_their_sizes() {
        for (size, scale) in [(192, 1.0), (512, 1.0), (512, 0.72)] {
            let png = icon_png(size, scale).unwrap();
            // The PNG header's width and height (IHDR, bytes 16..24).
            let width = u32::from_be_bytes(png[16..20].try_into().unwrap());
            let height = u32::from_be_bytes(png[20..24].try_into().unwrap());
            assert_eq!((width, height), (size, size));
        }
    }

    #[test]
    fn the_manifest_is_json_with_what_an_install_needs() {
        let m: serde_json::Value = serde_json::from_str(MANIFEST).unwrap();
        assert_eq!(m["display"], "standalone");
        assert_eq!(m["start_url"], "/");
        let icons = m["icons"].as_array().unwrap();
        assert!(icons.iter().any(|i| i["sizes"] == "192x192"));
        assert!(icons.iter().any(|i| i["sizes"] == "512x512"));
        assert!(icons.iter().any(|i| i["purpose"] == "maskable"));
    }
}
