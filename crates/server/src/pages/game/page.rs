//! The game page: the board, the latest turn, the seats, the draws; the GM's list of games.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use game_api::report::ReportView;
use game_api::{Lang, Seat, Viewer};
use locale::tr;
use store::Table;

use super::frame::{GmPlays, Nav, load, render_tab};
use super::words::{
    Badge, Finish, game_title, noun, rules_title, status_text, turn_words, your_move,
};
use crate::actions::viewer;
use crate::error::ApiResult;
use crate::pages::frame::{PageResult, Visitor, error_page};
use crate::season_report::{StageSeason, stage_season};
use crate::state::AppState;

/// The picture of the track or the map after a turn.
#[derive(Debug)]
pub struct Picture {
    /// `track`, `map`, in the reader's language.
    pub noun: String,
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
    /// `race`, `day`, in the reader's language.
    pub game_noun: String,
    pub picture: Option<Picture>,
    /// The chart of the game so far (SVG).
    pub chart: Option<String>,
    /// Where things stand (the latest turn only), as text.
    pub state: Option<String>,
    pub report: Option<Report>,
    /// A season's standings after the stage this turn ended (HTML), its winners at the end.
    pub standings: Option<String>,
    /// The seats an absence played in this turn, one line each (`pages::absence::turn_note`).
    pub away: Vec<String>,
}

impl TurnSection {
    /// Turn `turn` of the game as `viewer` sees it, its report in `lang`; a season's stage
    /// (`season`) marks the jerseys worn in its pictures, and its last turn has the standings
    /// after it.
    pub(super) fn of(
        table: &Table,
        viewer: Viewer,
        lang: Lang,
        turn: u16,
        season: Option<&StageSeason>,
    ) -> ApiResult<TurnSection> {
        let record = &table.record;
        let game = record.game();
        let worn = season.map(StageSeason::worn).unwrap_or_default();
        let own = match viewer {
            Viewer::Seat(seat) => Some(seat.index()),
            _ => None,
        };
        let standings = season
            .filter(|_| turn == record.resolved())
            .and_then(|s| s.html(own, lang));
        let picture = record
            .season_picture(Some(turn), viewer, lang, &worn)
            .map(|p| Picture {
                noun: noun(lang, game.picture_noun),
                after: turn_name(lang, game, turn),
                svg: p.svg,
                close_up: p.close_up,
            });
        let report = if turn > 0 {
            Some(Report {
                name: turn_name(lang, game, turn),
                view: record.report_view(viewer, lang, turn)?,
                text: record.report_text(viewer, lang, Some(turn))?,
            })
        } else {
            None
        };
        Ok(TurnSection {
            game_noun: noun(lang, game.game_noun),
            picture,
            chart: (turn > 0).then(|| record.progress(turn).svg(lang)),
            state: (turn == record.resolved()).then(|| record.state_text(viewer, lang)),
            report,
            standings,
            away: Vec::new(),
        })
    }
}

/// A turn by name (`turn 2`), or `the start`, in `lang`.
pub(super) fn turn_name(lang: Lang, game: gm::GameInfo, turn: u16) -> String {
    match turn {
        0 => lang.t("turn-start"),
        t => turn_words(lang, game, t),
    }
}

/// One seat on the game page.
#[derive(Debug)]
pub struct SeatLine {
    pub name: String,
    pub who: String,
    pub ready: String,
    /// The reader's own seat.
    pub mine: bool,
}

pub(super) fn seat_lines(table: &Table, reader: Option<Seat>, lang: Lang) -> Vec<SeatLine> {
    table
        .seats
        .iter()
        .map(|s| SeatLine {
            name: s.name.clone(),
            who: match (&s.player_name, &s.bot) {
                (Some(name), Some(bot)) => {
                    tr!(
                        lang,
                        "game-seat-bot-plays",
                        name = name.clone(),
                        bot = bot.clone()
                    )
                }
                (None, Some(bot)) => tr!(lang, "game-seat-bot", bot = bot.clone()),
                (Some(name), None) => name.clone(),
                (None, None) => lang.t("game-seat-open"),
            },
            // As the console and the deadline see it: a bot's seat holds nothing up (it
            // plays when the turn is resolved), a seat a roll-back re-opened owes orders again.
            ready: if !table.record.takes_orders(s.seat) {
                "—".to_string()
            } else if !store::table::seat_ready(&table.record, s) {
                lang.t("game-seat-waiting")
            } else if s.bot.is_some() {
                lang.t("game-seat-bot-turn")
            } else {
                lang.t("game-seat-orders-in")
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
    /// `Your team this turn:`.
    pub yours_label: String,
    /// Resolved since the reader's last visit.
    pub new: bool,
}

impl Latest {
    /// The report's bulletin moves up to lead the page; the report below keeps its tables.
    fn of(report: &mut Report, game: gm::GameInfo, new: bool, lang: Lang) -> Latest {
        let view = &mut report.view;
        Latest {
            name: report.name.clone(),
            headline: Some(std::mem::take(&mut view.headline)).filter(|h| !h.is_empty()),
            story: std::mem::take(&mut view.story),
            yours: view.yours.take(),
            yours_label: tr!(
                lang,
                "game-yours-label",
                seat = noun(lang, game.seat_noun),
                turn = noun(lang, game.turn_noun)
            ),
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
    /// `race`, `day`, in the reader's language.
    pub game_noun: String,
    /// The command that checks the public record (a command, the same in every language).
    pub verify: String,
}

impl Draws {
    fn of(table: &Table, lang: Lang) -> Draws {
        Draws {
            chosen_seed: table.record.setup().secret.is_none(),
            commitment: table.record.commitment(),
            over: table.record.is_over(),
            game_noun: noun(lang, table.row.game.game_noun),
            verify: format!(
                "postrider verify postrider-game-{}.json --commitment {}",
                table.row.id,
                table.record.commitment()
            ),
        }
    }
}

#[derive(Debug, Template)]
#[template(path = "game/game.html")]
pub struct GamePage {
    pub lang: Lang,
    pub nav: Nav,
    pub id: i64,
    /// The game's title, in the reader's language.
    pub game: String,
    pub rules: String,
    pub gm: String,
    pub rule: String,
    pub status: String,
    /// The status line says what is due: not when the reader's own card says it (the due
    /// time is said once).
    pub show_status: bool,
    pub archived: bool,
    pub over: bool,
    /// How the game ended, once over.
    pub finish: Option<Finish>,
    pub seat: Option<SeatNote>,
    pub is_gm: bool,
    pub gm_plays: Option<GmPlays>,
    pub seats: Vec<SeatLine>,
    pub latest: Option<Latest>,
    pub archive: Archive,
    /// The turn shown in the archive's links (none on the game page).
    pub shown: u16,
    pub section: TurnSection,
    pub draws: Draws,
    pub rating: RatingNote,
    /// The press section, drawn (`press.rs`).
    pub press: String,
    /// The open seats a reader without a seat may take (`pages::lobby`).
    pub lobby: String,
    /// The seats away (`pages::absence`); the reader's own form is on the seat's page.
    pub absences: String,
}

/// Whether a game is rated and, once its update is applied, what it did to each seat.
#[derive(Debug)]
pub struct RatingNote {
    pub rated: bool,
    /// The game's name, for the ladder's address.
    pub ladder: &'static str,
    pub seats: Vec<RatedLine>,
}

/// One seat of a finished rated game: its player's rating before and after, or why it was
/// left out.
#[derive(Debug)]
pub struct RatedLine {
    pub seat: String,
    pub player: String,
    pub outcome: String,
    pub left_out: bool,
}

impl RatingNote {
    async fn of(state: &AppState, table: &Table, lang: Lang) -> ApiResult<RatingNote> {
        let rating = store::ratings::of_game(&state.db, table.row.id).await?;
        Ok(RatingNote {
            rated: rating.rated,
            ladder: table.row.game.name,
            seats: rating
                .seats
                .into_iter()
                .map(|s| RatedLine {
                    seat: table
                        .seats
                        .get(s.seat as usize)
                        .map_or_else(|| s.seat.to_string(), |row| row.name.clone()),
                    player: s.player.unwrap_or_else(|| "—".into()),
                    left_out: s.left_out.is_some(),
                    outcome: match (s.left_out, s.before, s.after) {
                        (Some(why), _, _) => tr!(lang, "game-rating-left-out", why = why),
                        (None, Some(before), Some(after)) => format!("{before} → {after}"),
                        _ => String::new(),
                    },
                })
                .collect(),
        })
    }
}

pub(super) fn past_turns(table: &Table) -> Archive {
    Archive {
        turns: (1..=table.record.resolved()).collect(),
        noun: table.row.game.turn_noun,
    }
}

/// The turns resolved, each a link to its page.
#[derive(Debug)]
pub struct Archive {
    pub turns: Vec<u16>,
    /// The game's turn noun (`turn`, `round`): "Past rounds".
    pub noun: &'static str,
}

pub async fn game(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
) -> PageResult {
    let table = load(&state, &visitor, id).await?;
    let season = stage_season(&state, &table)
        .await
        .map_err(|e| error_page(&visitor, &e.into()))?;
    let viewer = viewer(&table, visitor.player.as_ref());
    let record = &table.record;
    let lang = visitor.lang;
    let mut section = TurnSection::of(&table, viewer, lang, record.resolved(), season.as_ref())
        .map_err(|e| error_page(&visitor, &e))?;
    section.away =
        crate::pages::absence::turn_note(&state, &table, record.resolved(), visitor.lang).await;
    let reader = match viewer {
        Viewer::Seat(seat) => Some(seat),
        _ => None,
    };
    // A report resolved since the seat's last visit is new to its reader (and seen now).
    let new = match (&visitor.player, reader) {
        (Some(p), Some(_)) if record.resolved() > 0 => {
            store::attention::seen(&state, id, p.id, record.resolved())
                .await
                .map_err(|e| error_page(&visitor, &e.into()))?
        }
        _ => false,
    };
    let seat = reader.map(|seat| {
        let (what, due) = your_move(&table, &visitor, seat);
        SeatNote {
            seat: table.seats[seat.index()].name.clone(),
            what,
            due,
            badge: Badge::of(&table, &visitor, seat),
        }
    });
    let finish = section
        .report
        .as_ref()
        .and_then(|r| Finish::of(&r.view, lang))
        .filter(|_| record.is_over());
    let latest = section
        .report
        .as_mut()
        .map(|r| Latest::of(r, record.game(), new, lang));
    let rating = RatingNote::of(&state, &table, lang)
        .await
        .map_err(|e| error_page(&visitor, &e))?;
    let press = super::press::press_section(&state, &table, &visitor)
        .await
        .map_err(|e| error_page(&visitor, &e))?;
    let title = &table.row.title;
    let tab = match (&finish, &seat) {
        (Some(f), _) => format!("{} · {title}", f.text(lang)),
        (None, Some(s)) if s.due => tr!(lang, "game-tab-orders-due", title = title.clone()),
        _ => title.clone(),
    };
    let view = GamePage {
        lang,
        nav: Nav::of(&table, &visitor)
            .at("game")
            .in_season(season.map(|s| s.of)),
        id,
        game: game_title(lang, table.row.game),
        rules: rules_title(lang, record.rules_name()),
        gm: table.row.gm_name.clone(),
        rule: crate::pages::when::rule_in(lang, &table.row.deadline_rule),
        status: status_text(&table.summary(), &visitor),
        show_status: seat.is_none() || record.is_over(),
        archived: table.row.archived,
        over: record.is_over(),
        finish,
        seat,
        is_gm: viewer == Viewer::Gm,
        gm_plays: GmPlays::of(&table),
        seats: seat_lines(&table, reader, lang),
        latest,
        archive: past_turns(&table),
        shown: 0,
        section,
        draws: Draws::of(&table, lang),
        rating,
        press,
        lobby: match reader {
            Some(_) => String::new(),
            None => crate::pages::lobby::game_section(&table, &visitor),
        },
        absences: crate::pages::absence::game_section(&state, &visitor, &table).await,
    };
    Ok(render_tab(&visitor, StatusCode::OK, &tab, title, &view))
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
    pub lang: Lang,
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
                .filter(|s| {
                    t.record.takes_orders(s.seat) && !store::table::seat_ready(&t.record, s)
                })
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
        lang: visitor.lang,
        rows: rows.into_iter().map(|(_, _, g)| g).collect(),
    }
    .render()
    .unwrap_or_default()
}
