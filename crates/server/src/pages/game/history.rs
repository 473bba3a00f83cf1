//! A turn's own page and the game's history, a page of the log at a time.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use game_api::{Lang, Seat};
use gm::Event;
use locale::{phrase, tr};

use super::frame::{Nav, load, render};
use super::page::{TurnSection, past_turns, turn_name};
use super::words::{game_title, noun, settings_said};
use crate::actions::{self, viewer};
use crate::error::ApiError;
use crate::pages::frame::{PageResult, Visitor, error_page};
use crate::season_report::stage_season;
use crate::state::AppState;

/// A step to a neighbouring turn in the archive.
#[derive(Debug)]
pub struct Step {
    pub turn: u16,
    pub name: String,
}

#[derive(Debug, Template)]
#[template(path = "game/turn.html")]
pub struct TurnPage {
    pub lang: Lang,
    pub nav: Nav,
    pub id: i64,
    pub prev: Option<Step>,
    pub next: Option<Step>,
    pub archive: super::page::Archive,
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
        let e = ApiError::NotFound(phrase!(
            "error-report-turn-unresolved",
            turn = turn,
            resolved = resolved
        ));
        return Err(error_page(&visitor, &e));
    }
    let viewer = viewer(&table, visitor.player.as_ref());
    let season = stage_season(&state, &table)
        .await
        .map_err(|e| error_page(&visitor, &e.into()))?;
    let lang = visitor.lang;
    let mut section = TurnSection::of(&table, viewer, lang, turn, season.as_ref())
        .map_err(|e| error_page(&visitor, &e))?;
    section.away = crate::pages::absence::turn_note(&state, &table, turn, visitor.lang).await;
    let game = table.record.game();
    let step = |turn: u16| Step {
        turn,
        name: turn_name(lang, game, turn),
    };
    let view = TurnPage {
        lang,
        nav: Nav::of(&table, &visitor)
            .at("turn")
            .in_season(season.map(|s| s.of)),
        id,
        prev: (turn > 1).then(|| step(turn - 1)),
        next: (turn < resolved).then(|| step(turn + 1)),
        archive: past_turns(&table),
        shown: turn,
        section,
    };
    let title = tr!(
        lang,
        "turn-title",
        title = table.row.title.clone(),
        turn = turn_name(lang, game, turn)
    );
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
    pub lang: Lang,
    pub nav: Nav,
    pub id: i64,
    pub lines: Vec<HistoryLine>,
    /// `Entries 1–50 of 120.`
    pub entries: String,
    /// Where the preceding and the following page begin.
    pub previous: Option<i64>,
    pub next: Option<i64>,
    /// Where the last page begins, if this is not it.
    pub latest: Option<i64>,
    /// The turns that have opened: a link to where each first opened.
    pub turns: Vec<u16>,
    /// `turn`, `round`, in the reader's language.
    pub turn_noun: String,
}

/// A set-up's settings in words (` (rules board; options open_hands; map given)`): a file's
/// text is only said to be given.
fn settings_text(lang: Lang, game: &gm::GameInfo, setup: &gm::Setup) -> String {
    if setup.settings.is_empty() {
        return String::new();
    }
    let said = settings_said(lang, game, setup, &[]);
    tr!(
        lang,
        "history-settings",
        settings = said.join(&lang.t("history-setting-separator"))
    )
}

/// Who made an entry, in words: the server (a deadline, a bot), the GM or the operator by
/// name, a bot by its name, or the player (`server`, `gm:ann`, `bot:heuristic` as the log
/// keeps them).
fn actor_words(lang: Lang, actor: &str) -> String {
    if actor == "server" {
        lang.t("history-actor-server")
    } else if let Some(name) = actor.strip_prefix("gm:") {
        tr!(lang, "history-actor-gm", name = name)
    } else if let Some(name) = actor.strip_prefix("operator:") {
        tr!(lang, "history-actor-operator", name = name)
    } else if let Some(bot) = actor.strip_prefix("bot:") {
        tr!(lang, "history-actor-bot", bot = bot)
    } else {
        actor.to_string()
    }
}

/// A GM's action on a piece in words, as the game labels it (`The GM: Declare dropped
/// (postal 10.1), rider red-A`).
fn piece_text(lang: Lang, game: &gm::GameInfo, verb: &str, piece: &str) -> String {
    let actions = game.piece_actions;
    let noun = noun(lang, actions.map_or("piece", |a| a.noun));
    let label = actions
        .and_then(|a| a.verbs.iter().find(|(v, _)| *v == verb))
        .map_or(verb, |(_, label)| *label);
    let label = super::console::piece_verb(lang, verb, label);
    tr!(
        lang,
        "history-piece",
        label = label,
        noun = noun,
        piece = piece.to_string()
    )
}

/// What an entry of the log says, in words in `lang`; sealed orders say only that they are
/// sealed.
pub(super) fn event_text(
    lang: Lang,
    game: &gm::GameInfo,
    seats: &[String],
    event: &Event,
    sealed: bool,
    zone: Option<&str>,
) -> String {
    let seat = |s: &Seat| seats.get(s.index()).map_or("?", String::as_str).to_string();
    let by = |author: &gm::Author| match author {
        gm::Author::Player => String::new(),
        gm::Author::Bot(name) => tr!(lang, "history-by-bot", bot = name.clone()),
        gm::Author::Gm => lang.t("history-by-gm"),
    };
    match event {
        Event::Created { setup } => tr!(
            lang,
            "history-created",
            game = setup.game.clone(),
            title = game_title(lang, *game),
            settings = settings_text(lang, game, setup),
            seats = lang.separated(&setup.seats)
        ),
        Event::Lineup { seat: s, .. } if sealed => {
            tr!(lang, "history-lineup-sealed", seat = seat(s))
        }
        Event::Orders { seat: s, .. } if sealed => {
            tr!(lang, "history-orders-sealed", seat = seat(s))
        }
        Event::Lineup {
            seat: s,
            text,
            author,
        } => tr!(
            lang,
            "history-lineup",
            seat = seat(s),
            text = text.clone(),
            by = by(author)
        ),
        Event::Orders {
            seat: s,
            text,
            author,
        } => tr!(
            lang,
            "history-orders",
            seat = seat(s),
            text = text.clone(),
            by = by(author)
        ),
        Event::Resolved { turn, .. } => tr!(
            lang,
            "history-resolved",
            noun = game.turn_noun,
            turn = *turn
        ),
        Event::Piece { verb, piece } => piece_text(lang, game, verb, piece),
        Event::Dropped { rider } => piece_text(lang, game, "drop", rider),
        Event::Retired { rider } => piece_text(lang, game, "retire", rider),
        Event::RolledBack { turn } => tr!(
            lang,
            "history-rolled-back",
            noun = game.turn_noun,
            turn = *turn
        ),
        Event::SeatClaimed { seat: s, player } => tr!(
            lang,
            "history-claimed",
            seat = seat(s),
            player = player.clone()
        ),
        Event::SeatBot {
            seat: s,
            bot: Some(b),
        } => tr!(lang, "history-to-bot", seat = seat(s), bot = b.clone()),
        Event::SeatBot { seat: s, bot: None } => tr!(lang, "history-to-player", seat = seat(s)),
        Event::SeatFreed { seat: s } => tr!(lang, "history-freed", seat = seat(s)),
        Event::Deadline { at } => tr!(
            lang,
            "history-deadline",
            at = crate::pages::when::dated_in(lang, *at, zone)
        ),
        Event::Paused => lang.t("history-paused"),
        Event::Resumed => lang.t("history-resumed"),
        Event::Away { seat: s, .. } => {
            tr!(
                lang,
                "away-note",
                seat = seat(s),
                text = gm::absence::away_text(event, lang)
            )
        }
    }
}

/// Revealed orders with their text in the words their player read them in (places by name,
/// not the codes typed: `walk 2+4 from Keswick to Latrigg`); `None` for any other entry, for
/// orders that cannot be read against their turn, or whose turn's game a roll-back of an
/// earlier turn has since replaced (their text is shown as logged).
fn in_words(record: &gm::Record, entry: &actions::HistoryEntry, lang: Lang) -> Option<Event> {
    let Event::Orders { seat, text, author } = &entry.event else {
        return None;
    };
    if entry.sealed || entry.undone {
        return None;
    }
    let words = record.orders_words_at(entry.turn, *seat, text, lang)?;
    Some(Event::Orders {
        seat: *seat,
        text: words,
        author: author.clone(),
    })
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
            &ApiError::Bad(phrase!("error-query", body_text = e.body_text())),
        )
    })?;
    let table = load(&state, &visitor, id).await?;
    let lang = visitor.lang;
    let page = actions::history(&state, &table, visitor.player.as_ref(), &query)
        .await
        .map_err(|e| error_page(&visitor, &e))?;
    let lines: Vec<HistoryLine> = page
        .entries
        .iter()
        .map(|entry| HistoryLine {
            seq: entry.seq,
            when: crate::pages::when::moment_in(lang, entry.at, visitor.zone()),
            actor: actor_words(lang, &entry.actor),
            what: event_text(
                lang,
                &table.record.game(),
                table.record.seats(),
                in_words(&table.record, entry, lang)
                    .as_ref()
                    .unwrap_or(&entry.event),
                entry.sealed,
                visitor.zone(),
            ),
            turn: match entry.event {
                Event::Resolved { turn, .. } => Some(turn),
                _ => None,
            },
        })
        .collect();
    let game = table.record.game();
    let view = HistoryPage {
        lang,
        nav: Nav::of(&table, &visitor).at("history"),
        id,
        entries: tr!(
            lang,
            "history-entries",
            first = lines.first().map_or(page.from, |l| l.seq),
            last = lines.last().map_or(page.from, |l| l.seq),
            total = page.total
        ),
        lines,
        previous: page.previous,
        next: page.next,
        latest: page.next.map(|_| (page.total - page.limit + 1).max(1)),
        turns: page.turns.iter().map(|&(turn, _)| turn).collect(),
        turn_noun: noun(lang, game.turn_noun),
    };
    let title = tr!(lang, "history-title", title = table.row.title.clone());
    Ok(render(&visitor, StatusCode::OK, &title, &view))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_gm_action_on_a_piece_reads_as_the_game_labels_it_old_and_new() {
        let race = gm::game_info("breaking-away").unwrap();
        let seats = ["red".to_string()];
        let piece = Event::Piece {
            verb: "drop".into(),
            piece: "red-A".into(),
        };
        let old = Event::Dropped {
            rider: "red-A".into(),
        };
        let said = "The GM: Declare dropped (postal 10.1), rider red-A";
        assert_eq!(
            event_text(Lang::EN, &race, &seats, &piece, false, None),
            said
        );
        assert_eq!(event_text(Lang::EN, &race, &seats, &old, false, None), said);
    }

    #[test]
    fn a_set_up_says_its_settings_and_only_that_a_file_is_given() {
        let day = gm::game_info("backpacks").unwrap();
        let setup = gm::Setup::new("backpacks", &["ann"], 1).with("map", "[map]");
        let said = event_text(
            Lang::EN,
            &day,
            &setup.seats.clone(),
            &Event::Created { setup },
            false,
            None,
        );
        assert_eq!(
            said,
            "Game created: Backpacks & Blisters (map given), seats ann"
        );
        let race = gm::game_info("breaking-away").unwrap();
        let setup = gm::Setup::new("breaking-away", &["a"], 1)
            .with("rules", "board")
            .with("options", vec!["open_hands"]);
        let said = event_text(
            Lang::EN,
            &race,
            &setup.seats.clone(),
            &Event::Created { setup },
            false,
            None,
        );
        assert_eq!(
            said,
            "Game created: Breaking Away (options open_hands; board-game rules), seats a"
        );
    }
}
