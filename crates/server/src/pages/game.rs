//! The pages of one game: the game with its latest report, the archive of past turns, the
//! order form, the history, joining by invitation, the GM console and the new-game form.
//! Each page is a typed view (a struct below) drawn by an askama template in
//! `templates/game/`; what differs between games comes from the game's record (pictures,
//! reports, nouns) and from its own pieces (`pieces`: the order form, the console's tools).

use askama::Template;
use axum::Form;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use game_api::report::ReportView;
use game_api::{Seat, Viewer};
use gm::{DeadlineRule, Event, Submission, utc_text};

use super::pieces::{self, FormContext, PieceTools};
use super::when::Urgency;
use super::{FormData, PageResult, Visitor, error_page, redirect};
use crate::AppState;
use crate::actions::{self, GmAction, GmOutcome, NewGame, viewer};
use crate::error::{ApiError, ApiResult};
use crate::games::{self, Table};

/// The game's state in a few words: over, paused, or the coming turn and its deadline.
pub fn status_text(table: &games::Summary, visitor: &Visitor) -> String {
    if table.row.over {
        return "over".into();
    }
    let turn = if table.started {
        format!("{} {}", table.row.game.turn_noun, table.turn)
    } else {
        "line-ups and turn 1".to_string()
    };
    if table.waiting_for_players() {
        let (taken, all) = table.seats_taken();
        return format!("waiting for players ({taken} of {all} seats taken)");
    }
    match (table.row.paused, table.row.next_deadline) {
        (true, _) => format!("{turn}, paused"),
        (false, Some(at)) => format!("{turn}, due {}", visitor.deadline(at)),
        (false, None) => turn,
    }
}

/// What a seat's player must do now, in a few words: "Your orders are sealed (amend until …)",
/// "Orders due in 5 h (…)", or that there is nothing to send.
pub fn your_move(table: &Table, visitor: &Visitor, seat: Seat) -> (String, bool) {
    let record = &table.record;
    if record.is_over() {
        return ("The game is over.".into(), false);
    }
    if !record.takes_orders(seat) {
        return (
            "You have no orders to send: the game goes on without you.".into(),
            false,
        );
    }
    let noun = if record.started() {
        format!("{} {}", record.game().turn_noun, record.turn())
    } else {
        "the line-up and turn 1".to_string()
    };
    let deadline = match (table.row.paused, table.row.next_deadline) {
        (true, _) => None,
        (false, at) => at,
    };
    let due = |at: i64| super::when::due(at, visitor.now, visitor.zone());
    if record.ready(seat) {
        let text = match deadline {
            Some(at) => format!(
                "Your orders for {noun} are sealed (amend until {}).",
                super::when::moment(at, visitor.zone())
            ),
            None => format!(
                "Your orders for {noun} are sealed (amend until the turn is processed; the deadline is paused)."
            ),
        };
        (text, false)
    } else {
        let text = match deadline {
            Some(at) => format!("Orders for {noun} due {}.", due(at)),
            None => format!("Orders for {noun} due: the deadline is paused."),
        };
        (text, true)
    }
}

/// The badge beside "your move": how near the deadline is when the seat's orders are due
/// (`due in 13 min`, styled by its urgency), or that they are sealed.
#[derive(Debug)]
pub struct Badge {
    pub text: String,
    /// `badge-warn`, `badge-danger`, `badge-ok`, or empty.
    pub class: &'static str,
    /// The "your move" box's class (`due-soon`), or empty.
    pub urgency: &'static str,
}

impl Badge {
    pub fn of(table: &Table, visitor: &Visitor, seat: Seat) -> Option<Badge> {
        let record = &table.record;
        if record.is_over() || !record.takes_orders(seat) {
            return None;
        }
        if record.ready(seat) {
            return Some(Badge {
                text: "sealed".into(),
                class: "badge-ok",
                urgency: "",
            });
        }
        let at = table.row.next_deadline.filter(|_| !table.row.paused)?;
        let urgency = Urgency::of(at, visitor.now);
        let text = match urgency {
            Urgency::Late => "due now".to_string(),
            _ => format!("due in {}", super::when::left(at - visitor.now)),
        };
        Some(Badge {
            text,
            class: urgency.badge(),
            urgency: urgency.class(),
        })
    }
}

/// How a finished game ended for its reader: the winner, and the reader's own place.
#[derive(Debug)]
pub struct Finish {
    pub winner: String,
    /// `4th`; `None` for a reader without a seat.
    pub place: Option<String>,
}

impl Finish {
    /// From the last report's view, once the game is over.
    pub fn of(view: &ReportView) -> Option<Finish> {
        let over = view.over.as_ref()?;
        let winner = over.podium.first()?.name.clone();
        let place = view
            .standings
            .rows
            .iter()
            .position(|r| r.own)
            .map(|k| game_api::report::ordinal(k + 1));
        Some(Finish { winner, place })
    }

    /// The game's end for a seat of `table`, read from its last report.
    pub fn of_seat(table: &Table, seat: Seat) -> Option<Finish> {
        let record = &table.record;
        if !record.is_over() {
            return None;
        }
        let view = record
            .report_view(Viewer::Seat(seat), record.resolved())
            .ok()?;
        Finish::of(&view)
    }

    /// `Yellow won; you were 4th`.
    pub fn text(&self) -> String {
        match &self.place {
            Some(place) => format!("{} won; you were {place}", self.winner),
            None => format!("{} won", self.winner),
        }
    }
}

/// Loads a game for a page; a missing game is a page saying so.
async fn load(state: &AppState, visitor: &Visitor, id: i64) -> Result<Table, Response> {
    games::load(state, id)
        .await
        .map_err(|e| error_page(visitor, &e))
}

/// A page drawn from its template, inside the site's frame.
fn render(visitor: &Visitor, status: StatusCode, title: &str, view: &impl Template) -> Response {
    render_tab(visitor, status, title, title, view)
}

/// A page drawn from its template, whose tab title says more than its heading.
fn render_tab(
    visitor: &Visitor,
    status: StatusCode,
    tab: &str,
    title: &str,
    view: &impl Template,
) -> Response {
    match view.render() {
        Ok(body) => super::page_with_tab(visitor, status, tab, title, &body),
        Err(e) => error_page(visitor, &ApiError::Internal(format!("template: {e}"))),
    }
}

fn status_of(error: Option<&ApiError>) -> StatusCode {
    error.map_or(StatusCode::OK, ApiError::status)
}

/// The links at the top of every page of a game, and its commitment to its draws (issue 12).
#[derive(Debug)]
pub struct Nav {
    pub id: i64,
    /// The reader plays a seat of a game not over.
    pub orders: bool,
    /// The page shown (`game`, `orders`, `history`, `console`, `turn`), marked in the links.
    pub current: &'static str,
    pub console: bool,
    pub commitment: String,
    /// The first 16 digits.
    pub short: String,
}

impl Nav {
    /// The same links, `current` marked as the page shown.
    fn at(self, current: &'static str) -> Nav {
        Nav { current, ..self }
    }

    fn of(table: &Table, visitor: &Visitor) -> Nav {
        let commitment = table.record.commitment();
        let player = visitor.player.as_ref();
        Nav {
            id: table.row.id,
            orders: !table.record.is_over()
                && player.is_some_and(|p| table.seat_of(p.id).is_some()),
            current: "",
            console: player.is_some_and(|p| table.is_gm(p.id)),
            short: commitment.chars().take(16).collect(),
            commitment,
        }
    }
}

/// A GM who also plays a seat reads every sealed order: the players are told, on the game page
/// and on the invitation, so that they choose knowingly (issue 12).
#[derive(Debug)]
pub struct GmPlays {
    pub gm: String,
    pub seat: String,
}

impl GmPlays {
    fn of(table: &Table) -> Option<GmPlays> {
        let seat = table.seat_of(table.row.gm_id)?;
        Some(GmPlays {
            gm: table.row.gm_name.clone(),
            seat: table.seats[seat.index()].name.clone(),
        })
    }
}

/// The picture of the track or the map after a turn.
#[derive(Debug)]
pub struct Picture {
    /// `track`, `map`.
    pub noun: &'static str,
    /// `turn 2`, `the start`.
    pub after: String,
    pub svg: String,
    /// Framed on where the riders or walkers are, for a small screen (the whole kept under it).
    pub close_up: Option<String>,
}

/// A resolved turn's report: as HTML, and as text (as mailed).
#[derive(Debug)]
pub struct Report {
    pub name: String,
    pub view: ReportView,
    pub text: String,
}

/// The picture, the chart and the report of one turn (0: nothing resolved yet).
#[derive(Debug)]
pub struct TurnSection {
    /// `race`, `day`.
    pub game_noun: &'static str,
    pub picture: Option<Picture>,
    /// The chart of the game so far (SVG).
    pub chart: Option<String>,
    /// Where things stand (the latest turn only), as text.
    pub state: Option<String>,
    pub report: Option<Report>,
}

impl TurnSection {
    fn of(table: &Table, viewer: Viewer, turn: u16) -> ApiResult<TurnSection> {
        let record = &table.record;
        let game = record.game();
        let picture = record.picture(Some(turn), viewer).map(|p| Picture {
            noun: game.picture_noun,
            after: turn_name(game, turn),
            svg: p.svg,
            close_up: p.close_up,
        });
        let report = if turn > 0 {
            Some(Report {
                name: turn_name(game, turn),
                view: record.report_view(viewer, turn)?,
                text: record.report_text(viewer, Some(turn))?,
            })
        } else {
            None
        };
        Ok(TurnSection {
            game_noun: game.game_noun,
            picture,
            chart: (turn > 0).then(|| record.progress(turn).svg()),
            state: (turn == record.resolved()).then(|| record.state_text(viewer)),
            report,
        })
    }
}

fn turn_name(game: gm::GameInfo, turn: u16) -> String {
    match turn {
        0 => "the start".into(),
        t => format!("{} {t}", game.turn_noun),
    }
}

/// One seat on the game page.
#[derive(Debug)]
pub struct SeatLine {
    pub name: String,
    pub who: String,
    pub ready: &'static str,
    /// The reader's own seat.
    pub mine: bool,
}

fn seat_lines(table: &Table, reader: Option<Seat>) -> Vec<SeatLine> {
    table
        .seats
        .iter()
        .map(|s| SeatLine {
            name: s.name.clone(),
            who: match (&s.player_name, &s.bot) {
                (Some(name), Some(bot)) => format!("{name} (bot {bot} plays)"),
                (None, Some(bot)) => format!("bot: {bot}"),
                (Some(name), None) => name.clone(),
                (None, None) => "open".into(),
            },
            ready: if !table.record.takes_orders(s.seat) {
                "—"
            } else if table.record.ready(s.seat) {
                "orders in"
            } else {
                "waiting"
            },
            mine: reader == Some(s.seat),
        })
        .collect()
}

/// What the visitor's own seat must do, on the game page.
#[derive(Debug)]
pub struct SeatNote {
    pub seat: String,
    pub what: String,
    pub due: bool,
    /// How near the deadline is, or that the orders are sealed.
    pub badge: Option<Badge>,
    /// The seat's order address, when the server has mail on.
    pub address: Option<String>,
}

/// The latest report at the top of the game page: its headline and story, and the reader's
/// own seat this turn.
#[derive(Debug)]
pub struct Latest {
    /// `turn 5`, `round 3`.
    pub name: String,
    pub headline: Option<String>,
    /// Two to four sentences; until a report tells its story, its opening notes.
    pub story: Vec<String>,
    /// The reader's own seat this turn.
    pub yours: Option<String>,
    /// `Your team this turn`.
    pub yours_label: String,
    /// Resolved since the reader's last visit.
    pub new: bool,
}

impl Latest {
    /// The report's bulletin moves up to lead the page; the report below keeps its tables.
    fn of(report: &mut Report, game: gm::GameInfo, new: bool) -> Latest {
        let view = &mut report.view;
        Latest {
            name: report.name.clone(),
            headline: Some(std::mem::take(&mut view.headline)).filter(|h| !h.is_empty()),
            story: std::mem::take(&mut view.story),
            yours: view.yours.take(),
            yours_label: format!("Your {} this {}", game.seat_noun, game.turn_noun),
            new,
        }
    }
}

/// How the game's draws can be checked (issue 12): the commitment while it runs, the public
/// record once it is over.
#[derive(Debug)]
pub struct Draws {
    /// The GM chose the seed (a test game).
    pub chosen_seed: bool,
    pub commitment: String,
    pub over: bool,
    pub game_noun: &'static str,
}

impl Draws {
    fn of(table: &Table) -> Draws {
        Draws {
            chosen_seed: table.record.setup().secret.is_none(),
            commitment: table.record.commitment(),
            over: table.record.is_over(),
            game_noun: table.row.game.game_noun,
        }
    }
}

#[derive(Debug, Template)]
#[template(path = "game/game.html")]
pub struct GamePage {
    pub nav: Nav,
    pub id: i64,
    pub csrf: String,
    pub game: &'static str,
    pub rules: &'static str,
    pub gm: String,
    pub rule: String,
    pub status: String,
    pub archived: bool,
    pub over: bool,
    /// How the game ended, once over.
    pub finish: Option<Finish>,
    pub seat: Option<SeatNote>,
    pub is_gm: bool,
    pub gm_plays: Option<GmPlays>,
    pub seats: Vec<SeatLine>,
    pub latest: Option<Latest>,
    pub archive: Vec<u16>,
    /// The turn shown in the archive's links (none on the game page).
    pub shown: u16,
    pub section: TurnSection,
    pub draws: Draws,
}

fn past_turns(table: &Table) -> Vec<u16> {
    (1..=table.record.resolved()).collect()
}

pub async fn game(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    let viewer = viewer(&table, visitor.player.as_ref());
    let record = &table.record;
    let mut section =
        TurnSection::of(&table, viewer, record.resolved()).map_err(|e| error_page(&visitor, &e))?;
    let reader = match viewer {
        Viewer::Seat(seat) => Some(seat),
        _ => None,
    };
    // A report resolved since the seat's last visit is new to its reader (and seen now).
    let new = match (&visitor.player, reader) {
        (Some(p), Some(_)) if record.resolved() > 0 => {
            super::attention::seen(&state, id, p.id, record.resolved())
                .await
                .map_err(|e| error_page(&visitor, &e))?
        }
        _ => false,
    };
    let seat = reader.map(|seat| {
        let (what, due) = your_move(&table, &visitor, seat);
        let address = match (&state.mail, &table.seats[seat.index()].mail_secret) {
            (Some(settings), Some(secret)) => Some(settings.order_address(secret)),
            _ => None,
        };
        SeatNote {
            seat: table.seats[seat.index()].name.clone(),
            what,
            due,
            badge: Badge::of(&table, &visitor, seat),
            address,
        }
    });
    let finish = section
        .report
        .as_ref()
        .and_then(|r| Finish::of(&r.view))
        .filter(|_| record.is_over());
    let latest = section
        .report
        .as_mut()
        .map(|r| Latest::of(r, record.game(), new));
    let title = &table.row.title;
    let tab = match (&finish, &seat) {
        (Some(f), _) => format!("{} · {title}", f.text()),
        (None, Some(s)) if s.due => format!("Orders due · {title}"),
        _ => title.clone(),
    };
    let view = GamePage {
        nav: Nav::of(&table, &visitor).at("game"),
        id,
        csrf: visitor.csrf_token(),
        game: table.row.game.title,
        rules: record.rules_name(),
        gm: table.row.gm_name.clone(),
        rule: table.row.deadline_rule.to_string(),
        status: status_text(&table.summary(), &visitor),
        archived: table.row.archived,
        over: record.is_over(),
        finish,
        seat,
        is_gm: viewer == Viewer::Gm,
        gm_plays: GmPlays::of(&table),
        seats: seat_lines(&table, reader),
        latest,
        archive: past_turns(&table),
        shown: 0,
        section,
        draws: Draws::of(&table),
    };
    Ok(render_tab(&visitor, StatusCode::OK, &tab, title, &view))
}

/// Renews the visitor's order address in this game: the old one stops working.
pub async fn rotate_mail_address(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let result = async {
        visitor.check_csrf(&form)?;
        actions::rotate_mail_secret(&state, player, id).await
    };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}"))),
        Err(e) => Err(error_page(&visitor, &e)),
    }
}

/// One of the games a GM runs, on their front page.
#[derive(Debug)]
pub struct RunGame {
    pub id: i64,
    pub title: String,
    pub status: String,
    /// The seats whose orders are missing.
    pub missing: Vec<String>,
    /// Over: nothing is awaited (no "every seat's orders in").
    pub over: bool,
}

#[derive(Debug, Template)]
#[template(path = "game/gm_games.html")]
pub struct GmGames {
    pub rows: Vec<RunGame>,
}

/// The games `player` runs as GM (their front page): the state of each and who is missing,
/// games waiting for orders first, then by deadline; empty when they run none.
pub fn gm_games(tables: &[Table], visitor: &Visitor, player: i64) -> String {
    let mut rows: Vec<(bool, i64, RunGame)> = tables
        .iter()
        .filter(|t| t.is_gm(player))
        .map(|t| {
            let missing: Vec<String> = t
                .seats
                .iter()
                .filter(|s| t.record.takes_orders(s.seat) && !games::seat_ready(&t.record, s))
                .map(|s| s.name.clone())
                .collect();
            (
                missing.is_empty(),
                t.row.next_deadline.unwrap_or(i64::MAX),
                RunGame {
                    id: t.row.id,
                    title: t.row.title.clone(),
                    status: status_text(&t.summary(), visitor),
                    missing,
                    over: t.record.is_over(),
                },
            )
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    rows.sort_by_key(|(done, at, g)| (*done, *at, g.id));
    GmGames {
        rows: rows.into_iter().map(|(_, _, g)| g).collect(),
    }
    .render()
    .unwrap_or_default()
}

/// A step to a neighbouring turn in the archive.
#[derive(Debug)]
pub struct Step {
    pub turn: u16,
    pub name: String,
}

#[derive(Debug, Template)]
#[template(path = "game/turn.html")]
pub struct TurnPage {
    pub nav: Nav,
    pub id: i64,
    pub prev: Option<Step>,
    pub next: Option<Step>,
    pub archive: Vec<u16>,
    /// The turn shown, marked in the archive's links.
    pub shown: u16,
    pub section: TurnSection,
}

/// The archive: any resolved turn, replayed from the log, as it was reported.
pub async fn turn(
    State(state): State<AppState>,
    visitor: Visitor,
    Path((id, turn)): Path<(i64, u16)>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    let resolved = table.record.resolved();
    if turn == 0 || turn > resolved {
        let e = ApiError::NotFound(format!(
            "turn: {turn} has not been resolved (resolved: {resolved})"
        ));
        return Err(error_page(&visitor, &e));
    }
    let viewer = viewer(&table, visitor.player.as_ref());
    let section = TurnSection::of(&table, viewer, turn).map_err(|e| error_page(&visitor, &e))?;
    let game = table.record.game();
    let step = |turn: u16| Step {
        turn,
        name: turn_name(game, turn),
    };
    let view = TurnPage {
        nav: Nav::of(&table, &visitor).at("turn"),
        id,
        prev: (turn > 1).then(|| step(turn - 1)),
        next: (turn < resolved).then(|| step(turn + 1)),
        archive: past_turns(&table),
        shown: turn,
        section,
    };
    let title = format!("{}: {}", table.row.title, turn_name(game, turn));
    Ok(render(&visitor, StatusCode::OK, &title, &view))
}

/// One entry of the history: its text, and the turn it links to (a resolution).
#[derive(Debug)]
pub struct HistoryLine {
    pub seq: i64,
    pub when: String,
    pub actor: String,
    pub what: String,
    pub turn: Option<u16>,
}

#[derive(Debug, Template)]
#[template(path = "game/history.html")]
pub struct HistoryPage {
    pub nav: Nav,
    pub id: i64,
    pub lines: Vec<HistoryLine>,
    /// The numbers of the first and last entries shown, and of all entries.
    pub first: i64,
    pub last: i64,
    pub total: i64,
    /// Where the preceding and the following page begin.
    pub previous: Option<i64>,
    pub next: Option<i64>,
    /// Where the last page begins, if this is not it.
    pub latest: Option<i64>,
    /// The turns that have opened: a link to where each first opened.
    pub turns: Vec<u16>,
    /// `turn`, `round`.
    pub turn_noun: &'static str,
}

/// What an entry of the log says, in words; sealed orders say only that they are sealed.
fn event_text(seats: &[String], event: &Event, sealed: bool) -> String {
    let seat = |s: &Seat| seats.get(s.index()).map_or("?", String::as_str).to_string();
    let by = |author: &gm::Author| match author {
        gm::Author::Player => String::new(),
        gm::Author::Bot(name) => format!(" (bot {name})"),
        gm::Author::Gm => " (by the GM)".into(),
    };
    match event {
        Event::Created { setup } => format!(
            "Game created: {} {}, seats {}",
            setup.game,
            setup.rules.as_deref().unwrap_or(""),
            setup.seats.join(", ")
        ),
        Event::Lineup { seat: s, .. } if sealed => format!("{}: line-up sealed", seat(s)),
        Event::Orders { seat: s, .. } if sealed => format!("{}: orders sealed", seat(s)),
        Event::Lineup {
            seat: s,
            text,
            author,
        } => format!("{}: line-up {text}{}", seat(s), by(author)),
        Event::Orders {
            seat: s,
            text,
            author,
        } => format!("{}: orders {text}{}", seat(s), by(author)),
        Event::Resolved { turn, .. } => format!("Turn {turn} resolved"),
        Event::Dropped { rider } => format!("Rider {rider} declared dropped"),
        Event::Retired { rider } => format!("Rider {rider} retired"),
        Event::RolledBack { turn } => format!("Turn {turn} rolled back"),
        Event::SeatClaimed { seat: s, player } => format!("{} taken by {player}", seat(s)),
        Event::SeatBot {
            seat: s,
            bot: Some(b),
        } => format!("{} handed to the bot {b}", seat(s)),
        Event::SeatBot { seat: s, bot: None } => format!("{} back to its player", seat(s)),
        Event::SeatFreed { seat: s } => format!("{} freed for a new player", seat(s)),
        Event::Deadline { at } => format!("Deadline set to {}", utc_text(*at)),
        Event::Paused => "Deadline paused".into(),
        Event::Resumed => "Deadline resumed".into(),
    }
}

/// A page of the history (`?from_seq=&from_turn=`), with links to its neighbours and to where
/// each turn opened: its cost does not grow with the log (issue 28).
pub async fn history(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    query: Result<Query<actions::HistoryQuery>, axum::extract::rejection::QueryRejection>,
) -> PageResult {
    let Query(query) = query.map_err(|e| {
        error_page(
            &visitor,
            &ApiError::Bad(format!("query: {}", e.body_text())),
        )
    })?;
    let table = load(&state, &visitor, id).await?;
    let page = actions::history(&state, &table, visitor.player.as_ref(), &query)
        .await
        .map_err(|e| error_page(&visitor, &e))?;
    let lines: Vec<HistoryLine> = page
        .entries
        .iter()
        .map(|entry| HistoryLine {
            seq: entry.seq,
            when: super::when::moment(entry.at, visitor.zone()),
            actor: entry.actor.clone(),
            what: event_text(table.record.seats(), &entry.event, entry.sealed),
            turn: match entry.event {
                Event::Resolved { turn, .. } => Some(turn),
                _ => None,
            },
        })
        .collect();
    let game = table.record.game();
    let view = HistoryPage {
        nav: Nav::of(&table, &visitor).at("history"),
        id,
        first: lines.first().map_or(page.from, |l| l.seq),
        last: lines.last().map_or(page.from, |l| l.seq),
        lines,
        total: page.total,
        previous: page.previous,
        next: page.next,
        latest: page.next.map(|_| (page.total - page.limit + 1).max(1)),
        turns: page.turns.iter().map(|&(turn, _)| turn).collect(),
        turn_noun: game.turn_noun,
    };
    let title = format!("{}: history", table.row.title);
    Ok(render(&visitor, StatusCode::OK, &title, &view))
}

#[derive(Debug, serde::Deserialize)]
pub struct InviteQuery {
    #[serde(default)]
    invite: String,
}

#[derive(Debug, Template)]
#[template(path = "game/join.html")]
pub struct JoinPage<'a> {
    pub error: Option<String>,
    pub id: i64,
    /// The seat the invitation is for; `None` if it is not valid any more.
    pub seat: Option<String>,
    pub title: String,
    pub game: &'static str,
    pub gm: String,
    pub gm_plays: Option<GmPlays>,
    pub csrf: String,
    pub invite: &'a str,
}

fn join_page(visitor: &Visitor, table: &Table, invite: &str, error: Option<&ApiError>) -> Response {
    let view = JoinPage {
        error: error.map(ToString::to_string),
        id: table.row.id,
        seat: table
            .seats
            .iter()
            .find(|s| s.invite == invite)
            .map(|s| s.name.clone()),
        title: table.row.title.clone(),
        game: table.row.game.title,
        gm: table.row.gm_name.clone(),
        gm_plays: GmPlays::of(table),
        csrf: visitor.csrf_token(),
        invite,
    };
    let heading = format!("Join {}", table.row.title);
    render(visitor, status_of(error), &heading, &view)
}

pub async fn join_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<InviteQuery>,
) -> PageResult {
    visitor.player_or_login(&format!("/games/{id}/join?invite={}", q.invite))?;
    let table = load(&state, &visitor, id).await?;
    Ok(join_page(&visitor, &table, &q.invite, None))
}

pub async fn join(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}"))?;
    let invite = form.get("invite").unwrap_or_default();
    let result = async {
        visitor.check_csrf(&form)?;
        actions::join(&state, player, id, invite).await
    };
    match result.await {
        Ok(()) => Ok(redirect(&format!("/games/{id}/orders"))),
        Err(e) => {
            let table = load(&state, &visitor, id).await?;
            Ok(join_page(&visitor, &table, invite, Some(&e)))
        }
    }
}

#[derive(Debug, Template)]
#[template(path = "game/orders.html")]
pub struct OrdersPage {
    pub nav: Nav,
    /// The error as HTML: escaped, its rule citations linked to the rules help.
    pub error: Option<String>,
    pub sent: bool,
    pub seat: String,
    pub status: String,
    pub your_move: String,
    pub sealed_lineup: Option<String>,
    pub sealed_orders: Option<String>,
    pub notes: Vec<String>,
    pub takes_orders: bool,
    /// The game's own order form (`pieces`), as HTML.
    pub form: Option<String>,
    /// The track or map now, framed on the pieces (SVG), beside the form.
    pub picture: Option<String>,
    /// `track`, `map`.
    pub picture_noun: &'static str,
}

/// The order page of `seat`: what is sealed, as read, and the game's own order form, keeping
/// what was `typed` (a form sent back with an error, or to plan).
fn orders_page(
    visitor: &Visitor,
    table: &Table,
    seat: Seat,
    typed: Option<&FormData>,
    sent: bool,
    error: Option<&ApiError>,
) -> Response {
    let record = &table.record;
    let (sealed_lineup, sealed_orders) = record.sealed(seat);
    let takes_orders = record.takes_orders(seat);
    let form = if takes_orders {
        let cx = FormContext {
            id: table.row.id,
            csrf: visitor.csrf_token(),
            record,
            seat,
            typed,
        };
        match pieces::of(record.game().name).order_form(&cx) {
            Some(Ok(html)) => Some(html),
            Some(Err(e)) => {
                return error_page(visitor, &ApiError::Internal(format!("template: {e}")));
            }
            None => None,
        }
    } else {
        None
    };
    let view = OrdersPage {
        nav: Nav::of(table, visitor).at("orders"),
        error: error.map(|e| super::breaking_away::rule_links(&e.to_string())),
        sent: sent && error.is_none(),
        seat: table.seats[seat.index()].name.clone(),
        status: status_text(&table.summary(), visitor),
        your_move: your_move(table, visitor, seat).0,
        sealed_lineup,
        sealed_orders,
        notes: record.orders_notes(seat),
        // The close-up beside the form, the seat's own pieces marked.
        picture: takes_orders
            .then(|| record.picture(None, Viewer::Seat(seat)))
            .flatten()
            .map(|p| p.close_up.unwrap_or(p.svg)),
        picture_noun: record.game().picture_noun,
        takes_orders,
        form,
    };
    let title = &table.row.title;
    let tab = if view.takes_orders && !record.ready(seat) {
        format!("Orders due · {title}")
    } else {
        format!("Your orders · {title}")
    };
    render_tab(
        visitor,
        status_of(error),
        &tab,
        &format!("{title}: your orders"),
        &view,
    )
}

pub async fn orders_form(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<SentQuery>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/orders"))?;
    let table = load(&state, &visitor, id).await?;
    let seat = actions::own_seat(&table, player).map_err(|e| error_page(&visitor, &e))?;
    Ok(orders_page(
        &visitor,
        &table,
        seat,
        None,
        q.sent.is_some(),
        None,
    ))
}

#[derive(Debug, serde::Deserialize)]
pub struct SentQuery {
    sent: Option<String>,
}

/// What the order form sends, as a submission: the line-up and orders its boxes and menus
/// describe (the game's own pieces read them, for `seat`), or the text typed.
fn submission(table: &Table, seat: Seat, form: &FormData) -> ApiResult<Submission> {
    let nonempty = |name: &str| {
        form.get(name)
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
    };
    let turn = match nonempty("turn") {
        None => None,
        Some(t) => Some(
            t.parse()
                .map_err(|_| ApiError::Bad(format!("turn: {t:?} is not a turn number")))?,
        ),
    };
    let read = pieces::of(table.row.game.name)
        .orders_from_form(&table.record, seat, form)?
        .unwrap_or_default();
    Ok(Submission {
        turn,
        lineup: read.lineup.or_else(|| nonempty("lineup")),
        orders: read.orders.or_else(|| nonempty("orders")),
    })
}

pub async fn orders(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/orders"))?;
    let table = load(&state, &visitor, id).await?;
    // "Show turn 2 from there": the form again, from the first turn chosen, nothing sealed.
    if form.get("plan").is_some() {
        let seat = actions::own_seat(&table, player).map_err(|e| error_page(&visitor, &e))?;
        return Ok(orders_page(
            &visitor,
            &table,
            seat,
            Some(&form),
            false,
            None,
        ));
    }
    let result = async {
        visitor.check_csrf(&form)?;
        let seat = actions::own_seat(&table, player)?;
        actions::submit(&state, player, id, &submission(&table, seat, &form)?).await
    };
    match result.await {
        Ok(_) => Ok(redirect(&format!("/games/{id}/orders?sent=1"))),
        Err(e) => {
            let table = load(&state, &visitor, id).await?;
            let Some(seat) = table.seat_of(player.id) else {
                return Err(error_page(&visitor, &e));
            };
            Ok(orders_page(
                &visitor,
                &table,
                seat,
                Some(&form),
                false,
                Some(&e),
            ))
        }
    }
}

/// An invitation link: the path, and the whole link with the server's public address when it
/// is configured (shown in a field a thumb can select and copy; a few lines of script add a
/// copy button).
#[derive(Debug)]
pub struct Invite {
    pub path: String,
    pub full: String,
}

/// One seat on the console: who plays it, whether its orders are in, and its tools.
#[derive(Debug)]
pub struct ConsoleSeat {
    pub seat: u8,
    pub name: String,
    /// The player's name, `open`, or the bot's name (`bot heuristic`).
    pub player: String,
    /// Played by a bot: no invitation, no reminder.
    pub bot: bool,
    /// `orders in`, `waiting`, or `no orders to send`.
    pub orders: &'static str,
    pub waiting: bool,
    /// Turns in a row up to the last one resolved that the seat sent nothing.
    pub nmr_streak: u16,
    /// Open and not a bot's: its invitation.
    pub invite: Option<Invite>,
    pub bots: Vec<Named>,
    /// Taken by a player: it can be freed.
    pub taken: bool,
    /// Its orders are missing and a person plays it: the GM can remind them.
    pub remind: bool,
}

/// A reminder the GM asked for: mailed, or the text to send.
#[derive(Debug)]
pub struct Reminded {
    pub seat: String,
    pub mailed: bool,
    pub text: String,
}

/// What a GM action left to show above the console (its answer; nothing after a redirect).
#[derive(Debug, Default)]
struct Answer {
    done: Option<String>,
    preview: Option<Preview>,
    reminded: Option<Reminded>,
}

/// A preview of the coming turn.
#[derive(Debug)]
pub struct Preview {
    pub turn: u16,
    pub report: String,
}

#[derive(Debug, Template)]
#[template(path = "game/console.html")]
pub struct ConsolePage {
    pub nav: Nav,
    pub id: i64,
    pub csrf: String,
    pub error: Option<String>,
    pub done: Option<String>,
    pub preview: Option<Preview>,
    pub reminded: Option<Reminded>,
    pub status: String,
    /// The seats whose orders are missing, by name (the console's first line).
    pub missing: Vec<String>,
    pub rule: String,
    pub seats: Vec<ConsoleSeat>,
    /// The server mails invitations.
    pub mail: bool,
    pub waiting_for_players: bool,
    pub paused: bool,
    pub resolved: u16,
    pub archived: bool,
    /// Whether the game may be deleted (`actions::deletable`).
    pub deletable: bool,
    /// The game's own tools (Breaking Away's riders).
    pub tools: Option<PieceTools>,
    /// The game's webhook URL (empty: none).
    pub webhook: String,
}

const BOTS: [&str; 6] = ["", "nmr", "random", "heuristic", "mcts", "flatmc"];

fn console_page(
    state: &AppState,
    visitor: &Visitor,
    table: &Table,
    answer: Answer,
    error: Option<&ApiError>,
    webhook: Option<String>,
) -> Response {
    let Answer {
        done,
        preview,
        reminded,
    } = answer;
    let id = table.row.id;
    let public_url = state.config.public_url.as_deref();
    let record = &table.record;
    let seats: Vec<ConsoleSeat> = table
        .seats
        .iter()
        .map(|s| {
            let plays = record.takes_orders(s.seat);
            // Waiting as the deadline worker sees it: a bot's seat is ready (it plays when the
            // turn is resolved), a seat whose turn a roll-back re-opened is not.
            let waiting = plays && !games::seat_ready(record, s);
            ConsoleSeat {
                seat: s.seat.0,
                name: s.name.clone(),
                player: match (&s.bot, &s.player_name) {
                    (Some(bot), _) => format!("bot {bot}"),
                    (None, Some(name)) => name.clone(),
                    (None, None) => "open".into(),
                },
                bot: s.bot.is_some(),
                orders: match (plays, waiting) {
                    (false, _) => "no orders to send",
                    (true, true) if record.reopened(s.seat) => "orders kept, turn re-opened",
                    (true, true) => "waiting",
                    (true, false) if s.bot.is_some() => "its bot plays",
                    (true, false) => "orders in",
                },
                waiting,
                nmr_streak: record.nmr_streak(s.seat),
                invite: (s.player_id.is_none() && s.bot.is_none()).then(|| {
                    let path = format!("/games/{id}/join?invite={}", s.invite);
                    Invite {
                        full: match public_url {
                            Some(base) => format!("{}{path}", base.trim_end_matches('/')),
                            None => path.clone(),
                        },
                        path,
                    }
                }),
                bots: BOTS
                    .iter()
                    .map(|&b| Named {
                        value: b,
                        label: if b.is_empty() { "its player" } else { b },
                        selected: s.bot.as_deref().unwrap_or("") == b,
                    })
                    .collect(),
                taken: s.player_id.is_some(),
                remind: waiting && s.bot.is_none() && !record.is_over(),
            }
        })
        .collect();
    let missing = seats
        .iter()
        .filter(|s| s.waiting)
        .map(|s| s.name.clone())
        .collect();
    let view = ConsolePage {
        nav: Nav::of(table, visitor).at("console"),
        id,
        csrf: visitor.csrf_token(),
        error: error.map(ToString::to_string),
        done,
        preview,
        reminded,
        status: status_text(&table.summary(), visitor),
        missing,
        rule: table.row.deadline_rule.to_string(),
        seats,
        mail: state.mail.is_some(),
        waiting_for_players: table.summary().waiting_for_players(),
        paused: table.row.paused,
        resolved: table.record.resolved(),
        archived: table.row.archived,
        deletable: actions::deletable(table),
        tools: pieces::of(table.row.game.name).console_tools(&table.record),
        webhook: webhook.unwrap_or_default(),
    };
    let title = format!("{}: GM console", table.row.title);
    render(visitor, status_of(error), &title, &view)
}

#[derive(Debug, serde::Deserialize)]
pub struct DoneQuery {
    done: Option<String>,
}

pub async fn console(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Query(q): Query<DoneQuery>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/gm"))?;
    let (table, webhook) = console_load(&state, &visitor, player, id).await?;
    let answer = Answer {
        done: q.done,
        ..Answer::default()
    };
    Ok(console_page(
        &state, &visitor, &table, answer, None, webhook,
    ))
}

/// The game and its webhook, for the game's GM only.
async fn console_load(
    state: &AppState,
    visitor: &Visitor,
    player: &crate::auth::Player,
    id: i64,
) -> Result<(Table, Option<String>), Response> {
    let table = load(state, visitor, id).await?;
    actions::require_gm(&table, player).map_err(|e| error_page(visitor, &e))?;
    let webhook = crate::webhook::url(state, id)
        .await
        .map_err(|e| error_page(visitor, &e))?;
    Ok((table, webhook))
}

/// The GM action a console form asks for.
fn gm_action(form: &FormData) -> ApiResult<GmAction> {
    let seat = || -> ApiResult<game_api::Seat> {
        form.field("seat")?
            .parse()
            .map(game_api::Seat)
            .map_err(|_| ApiError::Bad("seat: not a seat number".into()))
    };
    let rider = || form.field("rider").map(str::to_string);
    let action = form.field("action")?;
    let what = match action {
        "resolve" => Some("resolve the turn now"),
        "free" => Some("free the seat"),
        "rollback" => Some("roll back the last turn"),
        "archive" => Some("archive the game"),
        "delete" => Some("delete the game"),
        _ => None,
    };
    if let Some(what) = what
        && form.get("confirm") != Some("yes")
    {
        return Err(ApiError::Bad(format!(
            "confirm: tick \"I am sure\" to {what}"
        )));
    }
    Ok(match action {
        "extend" => {
            let hours: f64 = form
                .field("hours")?
                .trim()
                .parse()
                .ok()
                .filter(|h: &f64| {
                    h.is_finite() && h.abs() * 3600.0 <= crate::text::MAX_EXTEND_SECONDS as f64
                })
                .ok_or_else(|| ApiError::Bad("hours: give a number of hours".into()))?;
            GmAction::Extend {
                seconds: (hours * 3600.0).round() as i64,
            }
        }
        "pause" => GmAction::Pause,
        "resume" => GmAction::Resume,
        "start" => GmAction::Start,
        "resolve" => GmAction::Resolve,
        "preview" => GmAction::Preview,
        "rollback" => GmAction::Rollback,
        "archive" => GmAction::Archive,
        "restore" => GmAction::Restore,
        "delete" => GmAction::Delete,
        "drop" => GmAction::Drop { rider: rider()? },
        "retire" => GmAction::Retire { rider: rider()? },
        "free" => GmAction::Free { seat: seat()? },
        "remind" => GmAction::Remind { seat: seat()? },
        "invite" => GmAction::Invite {
            seat: seat()?,
            email: form.field("email")?.to_string(),
        },
        "webhook" => GmAction::Webhook {
            url: form.get("url").map(str::to_string),
        },
        "bot" => GmAction::Bot {
            seat: seat()?,
            bot: form
                .get("bot")
                .filter(|b| !b.is_empty())
                .map(str::to_string),
        },
        other => return Err(ApiError::Bad(format!("action: unknown action {other:?}"))),
    })
}

pub async fn console_action(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/gm"))?;
    let result = async {
        visitor.check_csrf(&form)?;
        let action = gm_action(&form)?;
        actions::gm_action(&state, player, id, action).await
    };
    let (answer, error) = match result.await {
        Ok(GmOutcome::Done) if form.get("action") == Some("delete") => {
            return Ok(redirect("/?deleted=1"));
        }
        Ok(GmOutcome::Done) => {
            let done = form.get("action").unwrap_or_default();
            return Ok(redirect(&format!("/games/{id}/gm?done={done}")));
        }
        Ok(GmOutcome::Preview { turn, report }) => (
            Answer {
                preview: Some(Preview { turn, report }),
                ..Answer::default()
            },
            None,
        ),
        Ok(GmOutcome::Reminded { seat, mailed, text }) => (
            Answer {
                reminded: Some(Reminded { seat, mailed, text }),
                ..Answer::default()
            },
            None,
        ),
        Err(e) => (Answer::default(), Some(e)),
    };
    // The console again, with the preview or the error: only for the game's GM.
    let (table, webhook) = console_load(&state, &visitor, player, id).await?;
    Ok(console_page(
        &state,
        &visitor,
        &table,
        answer,
        error.as_ref(),
        webhook,
    ))
}

/// A box of a list of checkboxes.
#[derive(Debug)]
pub struct Check {
    pub value: &'static str,
    pub checked: bool,
}

/// A choice of a menu whose value is its label.
#[derive(Debug)]
pub struct Named {
    pub value: &'static str,
    pub label: &'static str,
    pub selected: bool,
}

#[derive(Debug, Template)]
#[template(path = "game/new.html")]
pub struct NewGamePage<'a> {
    pub error: Option<String>,
    pub csrf: String,
    pub title: &'a str,
    pub games: Vec<Named>,
    pub rules: Vec<Named>,
    pub options: Vec<Check>,
    pub seats: &'a str,
    pub weekly: bool,
    pub hours: &'a str,
    pub weekdays: Vec<Named>,
    pub time: &'a str,
    pub zone: &'a str,
    pub seed: &'a str,
}

fn new_game_page(visitor: &Visitor, form: &FormData, error: Option<&ApiError>) -> Response {
    let value = |name: &str, default: &'static str| -> &str { form.get(name).unwrap_or(default) };
    let menu = |name: &str, choices: &[(&'static str, &'static str)], default: &str| {
        let chosen = form.get(name).unwrap_or(default);
        choices
            .iter()
            .map(|&(value, label)| Named {
                value,
                label,
                selected: value == chosen,
            })
            .collect::<Vec<_>>()
    };
    let games: Vec<(&'static str, &'static str)> =
        gm::GAMES.iter().map(|g| (g.name, g.title)).collect();
    let weekdays = [
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
    ]
    .map(|d| (d, d));
    let view = NewGamePage {
        error: error.map(ToString::to_string),
        csrf: visitor.csrf_token(),
        title: value("title", ""),
        games: menu("game", &games, gm::GAMES[0].name),
        rules: menu(
            "rules",
            &[
                ("postal-2.2", "postal rules 2.2"),
                ("board", "the board game"),
            ],
            "postal-2.2",
        ),
        options: gm::BREAKING_AWAY_OPTIONS
            .iter()
            .map(|&name| Check {
                value: name,
                checked: form.all("option").any(|o| o == name),
            })
            .collect(),
        seats: value("seats", ""),
        weekly: form.get("deadline") == Some("weekly"),
        hours: value("hours", "24"),
        weekdays: menu("weekday", &weekdays, "sunday"),
        time: value("time", "20:00"),
        zone: value("zone", "Europe/London"),
        seed: value("seed", ""),
    };
    render(visitor, status_of(error), "New game", &view)
}

pub async fn new_game_form(visitor: Visitor) -> PageResult {
    visitor.player_or_login("/new")?;
    Ok(new_game_page(&visitor, &FormData::default(), None))
}

/// The game the new-game form describes.
fn new_game_of(form: &FormData) -> ApiResult<NewGame> {
    let game = form.field("game")?.to_string();
    let deadline = match form.get("deadline").unwrap_or("interval") {
        "weekly" => DeadlineRule::Weekly {
            weekday: form.field("weekday")?.to_string(),
            time: form.field("time")?.trim().to_string(),
            zone: form.field("zone")?.trim().to_string(),
        },
        _ => {
            let hours: f64 = form
                .field("hours")?
                .trim()
                .parse()
                .ok()
                .filter(|h: &f64| h.is_finite() && *h > 0.0 && *h <= 24.0 * 366.0)
                .ok_or_else(|| ApiError::Bad("hours: give a number of hours".into()))?;
            DeadlineRule::Interval {
                seconds: (hours * 3600.0).round() as i64,
            }
        }
    };
    let seed = match form.get("seed").map(str::trim).filter(|s| !s.is_empty()) {
        None => None,
        Some(s) => Some(
            s.parse()
                .map_err(|_| ApiError::Bad(format!("seed: {s:?} is not a whole number")))?,
        ),
    };
    let backpacks = game == "backpacks";
    Ok(NewGame {
        title: form.field("title")?.to_string(),
        rules: (!backpacks).then(|| form.get("rules").unwrap_or("postal-2.2").to_string()),
        options: if backpacks {
            Vec::new()
        } else {
            form.all("option").map(str::to_string).collect()
        },
        seats: form
            .field("seats")?
            .lines()
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
        game,
        deadline,
        seed,
    })
}

pub async fn new_game(
    State(state): State<AppState>,
    visitor: Visitor,
    Form(form): Form<FormData>,
) -> PageResult {
    let player = visitor.player_or_login("/new")?;
    let result = async {
        visitor.check_csrf(&form)?;
        actions::create_game(&state, player, new_game_of(&form)?).await
    };
    Ok(match result.await {
        Ok(id) => redirect(&format!("/games/{id}/gm")),
        Err(e) => new_game_page(&visitor, &form, Some(&e)),
    })
}
