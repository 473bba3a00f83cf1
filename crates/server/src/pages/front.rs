//! The front page: the newest games, and the reader's own games with what is due.

use askama::Template as _;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use locale::{Lang, tr};

use super::frame::{Visitor, error_page, page};
use super::game::page::gm_games;
use super::game::words::{Badge, Finish, game_title, status_text, your_move};
use super::lobby;
use super::sentence::{LINK, MARK, Piece, Sentence, around};
use crate::error::ApiError;
use crate::state::AppState;
use crate::text::filters;

/// One of a player's games on the front page.
#[derive(Debug)]
pub(super) struct YourGame {
    id: i64,
    title: String,
    seat: String,
    what: String,
    due: bool,
    /// How near the deadline is, or that the orders are sealed.
    badge: Option<Badge>,
    /// A report resolved since the player last opened the game.
    new: bool,
}

#[derive(Debug, askama::Template)]
#[template(path = "your_games.html")]
pub(super) struct YourGames {
    lang: Lang,
    /// What the section says when the player has no seat (it holds a link).
    empty: Sentence,
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
            let (what, due) = match Finish::of_seat(t, seat, visitor.lang) {
                Some(finish) => (
                    tr!(
                        visitor.lang,
                        "front-finished",
                        finish = finish.text(visitor.lang)
                    ),
                    false,
                ),
                None => your_move(t, visitor, seat),
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
                    badge: Badge::of(t, visitor, seat),
                    new: resolved > seen.get(&t.row.id).copied().unwrap_or(0),
                },
            ))
        })
        .collect();
    rows.sort_by_key(|(due, at, g)| (!*due, *at, g.id));
    let lang = visitor.lang;
    YourGames {
        lang,
        empty: Sentence::new(
            &tr!(lang, "front-no-seat", start = LINK),
            &[(LINK, Piece::link("/new", tr!(lang, "front-no-seat-start")))],
        ),
        rows: rows.into_iter().map(|(_, _, g)| g).collect(),
    }
    .render()
    .unwrap_or_default()
}

/// What postrider is, for a newcomer.
#[derive(Debug, askama::Template)]
#[template(path = "front/welcome.html")]
struct Welcome {
    lang: Lang,
    games: Vec<Showcase>,
    /// How to start: take a seat, or create a game (two links).
    start: Sentence,
    /// A visitor's line on registering, with its link.
    account: Option<Sentence>,
    /// The line on the API, with its link.
    api: Sentence,
}

/// One game of the welcome: its picture, a line and its help.
#[derive(Debug)]
struct Showcase {
    game: &'static str,
    title: String,
    /// The sample picture (SVG the server draws).
    picture: Option<&'static str>,
    line: &'static str,
    help: &'static str,
    help_label: &'static str,
}

/// What postrider is, for a newcomer: a sentence, the two games each with a picture, a line
/// and its help, and how to start (take an open seat, or create a game).
fn welcome(visitor: &Visitor) -> String {
    let lang = visitor.lang;
    let games = [
        (
            "breaking-away",
            "front-ba-line",
            "/help/breaking-away",
            "front-ba-help",
        ),
        (
            "backpacks",
            "front-bb-line",
            "/help/backpacks",
            "front-bb-help",
        ),
    ]
    .iter()
    .map(|&(game, line, help, help_label)| Showcase {
        game,
        title: gm::GAMES
            .iter()
            .find(|g| g.name == game)
            .map_or_else(|| game.to_string(), |g| game_title(lang, *g)),
        // A sample's names (teams, Keswick's places) are the game's, not the page's: the
        // template says `translate="no"`.
        picture: super::showcase::picture_of(game, lang),
        line,
        help,
        help_label,
    })
    .collect();
    let view = Welcome {
        lang,
        games,
        start: Sentence::new(
            &tr!(lang, "front-start", seat = LINK, create = MARK),
            &[
                (LINK, Piece::link("/lobby", tr!(lang, "front-start-seat"))),
                (MARK, Piece::link("/new", tr!(lang, "front-start-create"))),
            ],
        ),
        account: visitor.player.is_none().then(|| {
            Sentence::new(
                &tr!(lang, "front-start-account", register = LINK),
                &[(
                    LINK,
                    Piece::link("/register", tr!(lang, "front-start-register")),
                )],
            )
        }),
        api: Sentence::new(
            &tr!(lang, "front-about", api = LINK),
            &[(LINK, Piece::link("/api/openapi.json", "/api/openapi.json"))],
        ),
    };
    view.render().unwrap_or_default()
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
    let lang = visitor.lang;
    // Every game as a card (a phone reads a card, not a five-column table): its title, what
    // game it is, its state, its GM and seats.
    let cards = tables
        .iter()
        .map(|table| {
            let seats: Vec<String> = table
                .seats
                .iter()
                .map(|s| {
                    let who = match (&s.player_name, &s.bot) {
                        (_, Some(bot)) => tr!(lang, "front-seat-bot", bot = bot.as_str()),
                        (Some(name), None) => name.clone(),
                        (None, None) => tr!(lang, "front-seat-open"),
                    };
                    tr!(lang, "front-seat-who", seat = s.name.as_str(), who = who)
                })
                .collect();
            Card {
                id: table.row.id,
                title: table.row.title.clone(),
                game: game_title(lang, table.row.game),
                status: status_text(table, &visitor),
                gm: tr!(lang, "game-run-by", gm = table.row.gm_name.as_str()),
                seats: lang.separated(&seats),
            }
        })
        .collect();
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
            your_games(&own, &visitor, p.id, &seen) + &gm_games(&own, &visitor, p.id)
        }
        None => String::new(),
    };
    let lobby = match lobby::front_section(&state, &visitor).await {
        Ok(lobby) => lobby,
        Err(e) => return error_page(&visitor, &e),
    };
    let view = FrontPage {
        lang,
        deleted: q.deleted.is_some(),
        // A visitor reads what postrider is first; a player, their own games first.
        visitor_first: visitor.player.is_none(),
        welcome: welcome(&visitor),
        yours,
        lobby,
        cards,
        no_games: Sentence::new(
            &tr!(lang, "front-no-games", start = LINK),
            &[(LINK, Piece::link("/new", tr!(lang, "front-start-one")))],
        ),
        ladders: around(&tr!(lang, "front-ladders", ladders = LINK), LINK),
        games: gm::GAMES
            .iter()
            .map(|g| (g.name, g.title_in(lang)))
            .collect(),
    };
    match view.render() {
        Ok(body) => page(&visitor, StatusCode::OK, &tr!(lang, "front-title"), &body),
        Err(e) => error_page(&visitor, &ApiError::Internal(format!("template: {e}"))),
    }
}

/// The front page: the games, the reader's own first, the lobby, the ladders.
#[derive(Debug, askama::Template)]
#[template(path = "front/front.html")]
struct FrontPage {
    lang: Lang,
    /// A game was just deleted.
    deleted: bool,
    visitor_first: bool,
    /// What postrider is, the reader's games, the lobby (HTML).
    welcome: String,
    yours: String,
    lobby: String,
    cards: Vec<Card>,
    /// The line with no game yet, with its link.
    no_games: Sentence,
    /// The ladders' line, around the ladders.
    ladders: (String, String),
    games: Vec<(&'static str, String)>,
}

/// A game as a card.
#[derive(Debug)]
struct Card {
    id: i64,
    title: String,
    game: String,
    status: String,
    gm: String,
    seats: String,
}

/// The routes of the front page.
pub fn routes() -> axum::Router<crate::state::AppState> {
    use axum::routing::get;
    axum::Router::new().route("/", get(front))
}
