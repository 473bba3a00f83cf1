//! The GM console: the seats, the invitations, the reminders, the clock and every GM action.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::response::Response;
use game_api::Lang;
use locale::{phrase, tr};
use store::Table;

use super::console_said::{Preview, deadline_at, done_text, local_time};
use super::frame::{Nav, load, render, status_of};
use super::new_game::Named;
use super::words::{status_text, word};
use crate::actions::{self, GmAction, GmOutcome};
use crate::error::{ApiError, ApiResult};
use crate::mail_log::{Category, GmMailLog};
use crate::pages::form::{CsrfForm, FormData};
use crate::pages::frame::{PageResult, Visitor, error_page, redirect};
use crate::state::AppState;

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
    /// `orders in`, `waiting`, or `no orders to send`, in the reader's language.
    pub orders: String,
    /// The seat's orders are in (its badge says so in green).
    pub orders_in: bool,
    pub waiting: bool,
    /// Turns in a row up to the last one resolved that the seat sent nothing.
    pub nmr_streak: u16,
    /// Open and not a bot's: its invitation.
    pub invite: Option<Invite>,
    pub bots: Vec<Named>,
    /// Taken by a player: it can be freed.
    pub taken: bool,
    /// Its orders are missing and a player (not the GM) holds it: the GM can remind them.
    pub remind: bool,
    /// Its player is away: until when and who plays it (`away until …, played by …`).
    pub away: Option<String>,
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
pub(super) struct Answer {
    done: Option<String>,
    preview: Option<Preview>,
    reminded: Option<Reminded>,
}

/// One line of the console's mail log: a `mail_log::GmEntry`, which holds no address and no
/// mail text, with its time as the GM reads it.
#[derive(Debug)]
pub struct MailLogLine {
    pub when: String,
    pub seat: String,
    pub category: String,
    /// The badge's class.
    pub badge: &'static str,
    pub what: String,
    pub reason: String,
}

#[derive(Debug, Template)]
#[template(path = "game/console.html")]
pub struct ConsolePage {
    pub lang: Lang,
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
    /// The seats away now, one line each (`Red: away until …, played by …`).
    pub away: Vec<String>,
    /// The deadline in the GM's zone, as the form's date and time field reads it
    /// (`2026-11-22T20:00`), and the zone's name; empty with no deadline.
    pub deadline_local: String,
    pub zone: String,
    /// The server mails invitations.
    pub mail: bool,
    pub waiting_for_players: bool,
    pub paused: bool,
    pub resolved: u16,
    pub archived: bool,
    /// Whether the game may be deleted (`actions::deletable`).
    pub deletable: bool,
    /// The tools on the game's pieces (Breaking Away's riders), if it has any now.
    pub tools: Option<PieceTools>,
    /// The game's webhook URL (empty: none).
    pub webhook: String,
    /// The game counts for ratings.
    pub rated: bool,
    /// The game is over (whether it is rated is settled).
    pub over: bool,
    /// A test game (its seed chosen by the GM): never rated.
    pub test_game: bool,
    /// The game's mail that did not get through, newest first (at most
    /// `mail_log::GM_ENTRIES`).
    pub mail_log: Vec<MailLogLine>,
    /// How many older entries are not shown.
    pub mail_log_older: i64,
    /// The operator's command that lists them all (the same in every language).
    pub mail_log_command: String,
    /// The season the game is a stage of, and the GM's steps on it.
    pub season: Option<ConsoleSeason>,
    /// The game has seasons (`GameInfo::season`): a game in none may start one.
    pub seasons: bool,
    /// Open seats, a leaver's seat, the minimum on-time record (`pages::lobby`).
    pub lobby: String,
    /// Each seat's excused turns and the allowance's form (`pages::absence`).
    pub absences: String,
}

/// The season on the console: which stage the game is, and what the GM may do next.
#[derive(Debug)]
pub struct ConsoleSeason {
    pub of: store::seasons::StageOf,
    /// The season is over (finished, or its planned stages played).
    pub over: bool,
    /// The next stage may be added now: this game is the last and is over.
    pub can_add: bool,
}

pub(super) const BOTS: [&str; 6] = ["", "nmr", "random", "heuristic", "mcts", "flatmc"];

pub(super) fn console_page(
    state: &AppState,
    visitor: &Visitor,
    table: &Table,
    answer: Answer,
    error: Option<&ApiError>,
    loaded: Loaded,
) -> Response {
    let Loaded {
        webhook,
        mail_log,
        season,
        rated,
        lobby,
        absences,
        away,
    } = loaded;
    let Answer {
        done,
        preview,
        reminded,
    } = answer;
    let id = table.row.id;
    let lang = visitor.lang;
    let record = &table.record;
    // A game over or archived shows no invitation links: they no longer work.
    let invitations_open = actions::invitations_open(table).is_ok();
    let seats: Vec<ConsoleSeat> = table
        .seats
        .iter()
        .map(|s| {
            let plays = record.takes_orders(s.seat);
            // Waiting as the deadline worker sees it: a bot's seat is ready (it plays when the
            // turn is resolved), a seat whose turn a roll-back re-opened is not.
            let waiting = plays && !store::table::seat_ready(record, s);
            ConsoleSeat {
                seat: s.seat.0,
                name: s.name.clone(),
                player: match (&s.bot, &s.player_name) {
                    (Some(bot), _) => tr!(lang, "console-player-bot", bot = bot.clone()),
                    (None, Some(name)) => name.clone(),
                    (None, None) => lang.t("console-player-open"),
                },
                bot: s.bot.is_some(),
                orders: lang.t(match (plays, waiting) {
                    (false, _) => "console-orders-none",
                    (true, true) if record.reopened(s.seat) => "console-orders-kept",
                    (true, true) => "console-orders-waiting",
                    (true, false) if s.bot.is_some() => "console-orders-bot",
                    (true, false) => "console-orders-in",
                }),
                orders_in: plays && !waiting && s.bot.is_none(),
                waiting,
                nmr_streak: record.nmr_streak(s.seat),
                invite: (s.player_id.is_none() && s.bot.is_none() && invitations_open).then(|| {
                    let path = format!("/games/{id}/join?invite={}", s.invite);
                    Invite {
                        full: match &visitor.site {
                            Some(site) => format!("{site}{path}"),
                            None => path.clone(),
                        },
                        path,
                    }
                }),
                bots: BOTS
                    .iter()
                    .map(|&b| Named {
                        value: b,
                        label: if b.is_empty() {
                            lang.t("console-its-player")
                        } else {
                            tr!(lang, "console-bot-choice", bot = b)
                        },
                        selected: s.bot.as_deref().unwrap_or("") == b,
                    })
                    .collect(),
                taken: s.player_id.is_some(),
                // Only a player who has not sealed: not an open seat, not the GM's own.
                remind: waiting
                    && s.bot.is_none()
                    && s.player_id.is_some_and(|p| p != table.row.gm_id)
                    && !record.is_over(),
                away: away.get(s.seat.index()).cloned().flatten(),
            }
        })
        .collect();
    let missing = seats
        .iter()
        .filter(|s| s.waiting)
        .map(|s| s.name.clone())
        .collect();
    let view = ConsolePage {
        lang,
        nav: Nav::of(table, visitor).at("console"),
        id,
        csrf: visitor.csrf_token(),
        error: error.map(|e| crate::pages::frame::in_words(&e.text(crate::reader::lang()))),
        done: done.map(|d| done_text(table, visitor, &d)),
        preview,
        reminded,
        status: status_text(&table.summary(), visitor),
        missing,
        rule: crate::pages::when::rule_in(lang, &table.row.deadline_rule),
        away: seats
            .iter()
            .filter_map(|s| Some(format!("{}: {}", s.name, s.away.as_ref()?)))
            .collect(),
        seats,
        deadline_local: table
            .row
            .next_deadline
            .and_then(|at| local_time(at, visitor.zone()))
            .unwrap_or_default(),
        zone: visitor.zone().unwrap_or("UTC").to_string(),
        mail: state.mail.is_some(),
        waiting_for_players: table.summary().waiting_for_players(),
        paused: table.row.paused,
        resolved: table.record.resolved(),
        archived: table.row.archived,
        deletable: actions::deletable(table),
        tools: piece_tools(&table.record, lang),
        webhook: webhook.unwrap_or_default(),
        rated,
        over: table.record.is_over(),
        test_game: table.record.setup().secret.is_none(),
        mail_log: mail_log
            .entries
            .into_iter()
            .map(|e| MailLogLine {
                when: crate::pages::when::moment_in(lang, e.at, visitor.zone()),
                seat: e.seat,
                category: lang.t(match e.category {
                    Category::NotDelivered => "console-category-not-delivered",
                    Category::Bounced => "console-category-bounced",
                    Category::Dropped => "console-category-dropped",
                    Category::Refused => "console-category-refused",
                }),
                badge: match e.category {
                    Category::Refused => "badge-warn",
                    Category::NotDelivered | Category::Bounced | Category::Dropped => {
                        "badge-danger"
                    }
                },
                what: e.what,
                reason: e.reason,
            })
            .collect(),
        mail_log_older: mail_log.older,
        mail_log_command: format!("postrider mail-log --game {id}"),
        season,
        seasons: table.row.game.season.is_some(),
        lobby,
        absences,
    };
    let view = ConsolePage {
        nav: view
            .nav
            .in_season(view.season.as_ref().map(|s| s.of.clone())),
        ..view
    };
    let title = tr!(lang, "console-title", title = table.row.title.clone());
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
    let (table, loaded) = console_load(&state, &visitor, player, id).await?;
    let answer = Answer {
        done: q.done,
        ..Answer::default()
    };
    Ok(console_page(&state, &visitor, &table, answer, None, loaded))
}

/// What the console reads besides the game: its webhook, its mail log, its season and
/// whether it is rated.
pub(super) struct Loaded {
    webhook: Option<String>,
    mail_log: GmMailLog,
    season: Option<ConsoleSeason>,
    rated: bool,
    lobby: String,
    /// The absences' part (`pages::absence`).
    absences: String,
    /// Each seat's absence now, in words (`None`: not away).
    away: Vec<Option<String>>,
}

/// The game, its webhook and its mail log, for the game's GM only.
pub(super) async fn console_load(
    state: &AppState,
    visitor: &Visitor,
    player: &crate::auth::Player,
    id: i64,
) -> Result<(Table, Loaded), Response> {
    let table = load(state, visitor, id).await?;
    actions::require_gm(&table, player).map_err(|e| error_page(visitor, &e))?;
    let webhook = crate::webhook::url(state, id)
        .await
        .map_err(|e| error_page(visitor, &e))?;
    // Read only after the GM is known: the log is redacted, and still the GM's alone.
    let mail_log = crate::mail_log::for_gm(&state.db, &table, visitor.lang)
        .await
        .map_err(|e| error_page(visitor, &ApiError::from(e)))?;
    let season = console_season(state, &table)
        .await
        .map_err(|e| error_page(visitor, &e))?;
    let rated = store::ratings::of_game(&state.db, id)
        .await
        .map_err(|e| error_page(visitor, &ApiError::from(e)))?
        .rated;
    let lobby =
        crate::pages::lobby::console_section(state, &table, &visitor.csrf_token(), visitor.lang)
            .await
            .map_err(|e| error_page(visitor, &e))?;
    let absences = crate::pages::absence::console_section(state, visitor, &table).await;
    let away = crate::pages::absence::away_lines(state, visitor, &table).await;
    Ok((
        table,
        Loaded {
            webhook,
            mail_log,
            season,
            rated,
            lobby,
            absences,
            away,
        },
    ))
}

/// The season the game is a stage of, with what its GM may do next.
async fn console_season(state: &AppState, table: &Table) -> ApiResult<Option<ConsoleSeason>> {
    let Some(of) = store::seasons::season_of(state, table.row.id).await? else {
        return Ok(None);
    };
    let season = store::seasons::load_season(state, of.season).await?;
    let over = season.is_over();
    let last = season.stages.last().map(|s| s.game_id) == Some(table.row.id);
    let room = season
        .row
        .planned_stages
        .is_none_or(|n| season.stages.len() < usize::from(n));
    Ok(Some(ConsoleSeason {
        can_add: !over && last && table.record.is_over() && room,
        over,
        of,
    }))
}

/// The GM action a console form asks for.
pub(super) fn gm_action(form: &FormData) -> ApiResult<GmAction> {
    let seat = || -> ApiResult<game_api::Seat> {
        form.field("seat")?
            .parse()
            .map(game_api::Seat)
            .map_err(|_| ApiError::Bad(phrase!("error-console-seat-not-number")))
    };
    let piece = || form.field("piece").map(str::to_string);
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
        return Err(ApiError::Bad(phrase!(
            "error-confirm-unticked",
            what = what
        )));
    }
    Ok(match action {
        // The GM's form gives a new date and time (`at`), which `console_action` turns into
        // a move of the deadline; the API and older pages move it by hours.
        "extend" => {
            let hours: f64 = form
                .field("hours")?
                .trim()
                .parse()
                .ok()
                .filter(|h: &f64| {
                    h.is_finite() && h.abs() * 3600.0 <= crate::text::MAX_EXTEND_SECONDS as f64
                })
                .ok_or_else(|| ApiError::Bad(phrase!("error-hours-not-number")))?;
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
        "piece" => GmAction::Piece {
            verb: form.field("verb")?.to_string(),
            piece: piece()?,
        },
        // A console of an earlier release (a page loaded before an upgrade).
        verb @ ("drop" | "retire") => GmAction::Piece {
            verb: verb.to_string(),
            piece: form.field("rider")?.to_string(),
        },
        "free" => GmAction::Free { seat: seat()? },
        "remind" => GmAction::Remind { seat: seat()? },
        "invite" => GmAction::Invite {
            seat: seat()?,
            email: form.field("email")?.to_string(),
        },
        "rated" => GmAction::Rated {
            rated: form.get("rated").is_some(),
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
        other => {
            return Err(ApiError::Bad(phrase!(
                "error-action-unknown",
                other = other
            )));
        }
    })
}

pub async fn console_action(
    State(state): State<AppState>,
    visitor: Visitor,
    Path(id): Path<i64>,
    CsrfForm(form): CsrfForm,
) -> PageResult {
    let player = visitor.player_or_login(&format!("/games/{id}/gm"))?;
    let result = async {
        let action = match form.get("at").map(str::trim).filter(|at| !at.is_empty()) {
            Some(at) => deadline_at(&state, &visitor, id, at).await?,
            None => gm_action(&form)?,
        };
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
        Ok(GmOutcome::Preview {
            turn,
            played,
            stand_in,
            ..
        }) => match Preview::of(&played, turn, stand_in, visitor.lang) {
            Ok(preview) => (
                Answer {
                    preview: Some(preview),
                    ..Answer::default()
                },
                None,
            ),
            Err(e) => (Answer::default(), Some(e)),
        },
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
    let (table, loaded) = console_load(&state, &visitor, player, id).await?;
    Ok(console_page(
        &state,
        &visitor,
        &table,
        answer,
        error.as_ref(),
        loaded,
    ))
}

/// The console's tools on the game's pieces, as the game describes them
/// (`GameInfo::piece_actions`): a menu of the pieces it may act on now, a button per verb.
#[derive(Debug)]
pub struct PieceTools {
    pub heading: String,
    pub choices: Vec<String>,
    /// (verb, button label in the reader's language).
    pub verbs: Vec<(&'static str, String)>,
}

fn piece_tools(record: &gm::Record, lang: Lang) -> Option<PieceTools> {
    let actions = record.game().piece_actions?;
    let choices = record.pieces();
    let mut noun = actions.noun.chars();
    let plural = noun
        .next()
        .map(|c| c.to_uppercase().chain(noun).collect::<String>() + "s")?;
    let heading = word(lang, &format!("console-pieces-{}", actions.noun), &plural);
    (!choices.is_empty()).then_some(PieceTools {
        heading,
        choices,
        verbs: actions
            .verbs
            .iter()
            .map(|&(verb, label)| (verb, piece_verb(lang, verb, label)))
            .collect(),
    })
}

/// A game's label of a GM action on a piece (`Declare dropped (postal 10.1)`), in `lang`.
pub(super) fn piece_verb(lang: Lang, verb: &str, label: &str) -> String {
    word(lang, &format!("console-verb-{verb}"), label)
}
