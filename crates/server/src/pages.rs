//! Server-rendered pages. For now the front page: the games and where to go next; the game,
//! order-form and GM pages come next (issue 5). Everything shown is escaped.

use axum::extract::State;
use axum::response::Html;
use std::fmt::Write;

use crate::AppState;
use crate::auth::MaybePlayer;
use crate::error::ApiResult;
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

pub async fn front(
    State(state): State<AppState>,
    MaybePlayer(player): MaybePlayer,
) -> ApiResult<Html<String>> {
    let mut rows = String::new();
    for table in games::list(&state).await? {
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
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            escape(&table.row.title),
            table.row.game.name(),
            if table.record.is_over() {
                "over".to_string()
            } else {
                format!("turn {}", table.record.turn())
            },
            escape(&table.row.gm_name),
            seats.join(", ")
        );
    }
    let greeting = match &player {
        Some(p) => format!("Logged in as {}.", escape(&p.name)),
        None => "Not logged in.".into(),
    };
    Ok(Html(format!(
        r#"<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>postrider</title>
<style>body{{font-family:system-ui,sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem}}table{{border-collapse:collapse;width:100%}}td,th{{border-bottom:1px solid #ccc;padding:.3rem;text-align:left}}</style>
</head><body>
<h1>postrider</h1>
<p>A play-by-mail game master: Breaking Away and Backpacks &amp; Blisters. {greeting}
The JSON API is described at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<h2>Games</h2>
<table><tr><th>Game</th><th>Rules</th><th>Turn</th><th>GM</th><th>Seats</th></tr>
{rows}</table>
</body></html>
"#
    )))
}
