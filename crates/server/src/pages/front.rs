//! The front page: the newest games, and the reader's own games with what is due.

#[allow(unused_imports)]
use super::*;

/// One of a player's games on the front page.
#[derive(Debug)]
pub(super) struct YourGame {
    id: i64,
    title: String,
    seat: String,
    what: String,
    due: bool,
    /// How near the deadline is, or that the orders are sealed.
    badge: Option<game::Badge>,
    /// A report resolved since the player last opened the game.
    new: bool,
}

#[derive(Debug, askama::Template)]
#[template(path = "your_games.html")]
pub(super) struct YourGames {
    rows: Vec<YourGame>,
}

/// The logged-in player's games: what is due, by when, and whether theirs are sealed; how a
/// finished game ended for them ("Yellow won; you were 4th"); games where orders are due
/// first, then by deadline.
pub(super) fn your_games(
    tables: &[store::Table],
    visitor: &Visitor,
    player: i64,
    seen: &std::collections::HashMap<i64, u16>,
) -> String {
    use askama::Template;
    let mut rows: Vec<(bool, i64, YourGame)> = tables
        .iter()
        .filter_map(|t| {
            let seat = t.seat_of(player)?;
            let (what, due) = match game::Finish::of_seat(t, seat) {
                Some(finish) => (format!("{}.", finish.text()), false),
                None => game::your_move(t, visitor, seat),
            };
            let resolved = t.record.resolved();
            Some((
                due,
                t.row.next_deadline.unwrap_or(i64::MAX),
                YourGame {
                    id: t.row.id,
                    title: t.row.title.clone(),
                    seat: t.seats[seat.index()].name.clone(),
                    what,
                    due,
                    badge: game::Badge::of(t, visitor, seat),
                    new: resolved > seen.get(&t.row.id).copied().unwrap_or(0),
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
    let tables = match store::list(&state).await {
        Ok(tables) => tables,
        Err(e) => return error_page(&visitor, &e.into()),
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
                match store::load(&state, summary.row.id).await {
                    Ok(table) => own.push(table),
                    Err(e) => return error_page(&visitor, &e.into()),
                }
            }
            let seen = match store::attention::seen_turns(&state, p.id).await {
                Ok(seen) => seen,
                Err(e) => return error_page(&visitor, &e.into()),
            };
            // The games they run, with who is missing (issue 29).
            your_games(&own, &visitor, p.id, &seen) + &game::gm_games(&own, &visitor, p.id)
        }
        None => String::new(),
    };
    let deleted = if q.deleted.is_some() {
        r#"<p class="note" role="status">The game is deleted.</p>"#
    } else {
        ""
    };
    let lobby = match lobby::front_section(&state, &visitor).await {
        Ok(lobby) => lobby,
        Err(e) => return error_page(&visitor, &e),
    };
    let ladders: Vec<String> = gm::GAMES
        .iter()
        .map(|g| format!(r#"<a href="/ratings/{}">{}</a>"#, g.name, escape(g.title)))
        .collect();
    let ladders = ladders.join(" · ");
    let body = format!(
        r#"{deleted}{yours}{lobby}<section class="stack" aria-labelledby="every-game"><h2 id="every-game">Every game</h2><p class="muted">A play-by-mail game master for Breaking Away and Backpacks &amp; Blisters: sealed
orders, deadlines that run themselves, and a report after every turn. Scripts use the JSON API
described at <a href="/api/openapi.json">/api/openapi.json</a>.</p>
<div class="table-scroll"><table><thead><tr><th scope="col">Game</th><th scope="col">Rules</th><th scope="col">Turn</th><th scope="col">GM</th><th scope="col">Seats</th></tr></thead><tbody>
{rows}</tbody></table></div><p id="ladders">Ratings of rated games: {ladders}.</p></section>"#
    );
    page(&visitor, StatusCode::OK, "Games", &body)
}
