//! What a game's GM can do: the deadline, pauses, the clock, riders, seats and bots,
//! invitations, the webhook, a roll-back, the archive, a deletion, and a preview.

use game_api::Lang;
use game_api::{Seat, Viewer};
use gm::{Event, Record};
use locale::phrase;
use serde::Deserialize;

use super::mail_settings::check_email;
use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::letters;
use crate::state::AppState;
use crate::text;
use store::{self, Change, OutMail, SeatChange, Table};

#[derive(Debug, Deserialize)]
#[serde(rename_all = "snake_case", tag = "action", deny_unknown_fields)]
pub enum GmAction {
    /// Moves the deadline by this many seconds (negative to shorten).
    Extend {
        seconds: i64,
    },
    Pause,
    Resume,
    /// Starts the clock of a game still waiting for players: open seats send nothing (NMR)
    /// until someone takes them.
    Start,
    /// Processes the coming turn now.
    Resolve,
    /// Shows what the coming turn would give now, changing nothing.
    Preview,
    /// An action on one of the game's pieces, as the game names it (`Game::PIECE_ACTIONS`):
    /// `{"action": "piece", "verb": "drop", "piece": "red-A"}`.
    Piece {
        verb: String,
        piece: String,
    },
    /// Breaking Away's `piece` `drop`, as clients of earlier releases send it.
    Drop {
        rider: String,
    },
    /// Breaking Away's `piece` `retire`, as clients of earlier releases send it.
    Retire {
        rider: String,
    },
    /// Hands a seat to a bot (`null`: back to its player).
    Bot {
        seat: Seat,
        bot: Option<String>,
    },
    /// Frees a seat (a new invitation) so that another player can take it over.
    Free {
        seat: Seat,
    },
    /// Takes back the last resolved turn.
    Rollback,
    /// Reminds a seat whose orders are missing: a mail to its player through the outbox
    /// when mail is on and the player takes mail, else the text for the GM to send.
    Remind {
        seat: Seat,
    },
    /// Mails a seat's invitation link to an address.
    Invite {
        seat: Seat,
        email: String,
    },
    /// Sets the game's webhook (Discord- or Slack-compatible; `null` or empty: none).
    Webhook {
        url: Option<String>,
    },
    /// Takes the game off the front page and the players' lists; it stays readable at its
    /// address. A game still running is paused (its history says so).
    Archive,
    /// Puts an archived game back on the lists (a paused game stays paused).
    Restore,
    /// Deletes the game: one with no turn resolved yet, or a test game (its seed chosen by
    /// the GM). Other games can be archived (docs/server.md).
    Delete,
    /// Marks the game rated or not, while it is not over (docs/server.md, "Ratings").
    Rated {
        rated: bool,
    },
}

/// Whether the GM may delete the game: nothing resolved yet, or a test game (the GM chose the
/// seed, so its draws were never secret). Other games keep their published record: they can
/// be archived.
pub fn deletable(table: &Table) -> bool {
    table.record.resolved() == 0 || table.record.setup().secret.is_none()
}

/// What a GM action gave: done, or (for a preview) the report the coming turn would have.
#[derive(Debug)]
pub enum GmOutcome {
    Done,
    Preview {
        turn: u16,
        /// The report as mailed, in English (the API's answer).
        report: String,
        /// The game with the turn played, for a page to show its report in the reader's
        /// language, as the game page shows a report.
        played: Box<Record>,
        /// The draws still to come were stood in for (a game with secret draws).
        stand_in: bool,
    },
    /// A reminder: mailed to the seat's player (`mailed`), or the text for the GM to send.
    Reminded {
        seat: String,
        mailed: bool,
        text: String,
    },
}

/// A change of one event that the record has taken, and so checked, before it is stored.
fn applied(record: &mut Record, e: Event) -> ApiResult<Change> {
    record.apply(&e)?;
    Ok(Change::event(e))
}

pub async fn gm_action(
    state: &AppState,
    player: &Player,
    id: i64,
    action: GmAction,
) -> ApiResult<GmOutcome> {
    let actor = format!("gm:{}", player.name);
    let gm = |table: &Table| super::access::require_gm(table, player);
    match action {
        GmAction::Resolve => {
            // Recorded as the GM's doing, not the deadline's (issue 15).
            if !crate::change::resolve_now(state, id, &player.name, gm).await? {
                return Err(ApiError::Conflict(phrase!("error-resolve-nothing")));
            }
            return Ok(GmOutcome::Done);
        }
        GmAction::Preview => {
            let table = store::load(state, id).await?;
            gm(&table)?;
            return preview(&table);
        }
        GmAction::Remind { seat } => {
            let table = store::load(state, id).await?;
            gm(&table)?;
            if seat.index() >= table.seats.len() {
                return Err(ApiError::Bad(phrase!("error-seat-unknown", seat = seat.0)));
            }
            let reminder = super::remind::remind(state, player, &table, seat).await?;
            return Ok(GmOutcome::Reminded {
                seat: reminder.seat,
                mailed: reminder.mailed,
                text: reminder.text,
            });
        }
        GmAction::Webhook { url } => {
            store::set_webhook(state, id, |table| {
                gm(table)?;
                match url.as_deref().map(str::trim) {
                    None | Some("") => Ok::<_, ApiError>(None),
                    Some(url) => Ok(Some(crate::webhook::check_url(
                        url,
                        state.config.webhooks_to_private,
                    )?)),
                }
            })
            .await?;
            return Ok(GmOutcome::Done);
        }
        GmAction::Rated { rated } => {
            let table = store::load(state, id).await?;
            gm(&table)?;
            if table.record.is_over() {
                return Err(ApiError::Bad(phrase!("error-rated-game-over")));
            }
            if rated && table.record.setup().secret.is_none() {
                return Err(ApiError::Bad(phrase!("error-rated-test-game")));
            }
            store::ratings::set_rated(&state.db, id, rated).await?;
            return Ok(GmOutcome::Done);
        }
        GmAction::Delete => {
            // A season's standings count its stages: a stage stays (it can be archived).
            if let Some(of) = store::seasons::season_of(state, id).await? {
                return Err(ApiError::Conflict(phrase!(
                    "error-delete-season-stage",
                    stage = of.stage,
                    season = of.season,
                    name = of.name
                )));
            }
            store::delete_game(state, id, |table| {
                gm(table)?;
                if deletable(table) {
                    Ok(())
                } else {
                    Err(ApiError::Bad(phrase!("error-delete-secret-draws")))
                }
            })
            .await?;
            tracing::info!(game = id, gm = %player.name, "game deleted");
            return Ok(GmOutcome::Done);
        }
        GmAction::Rollback => {
            crate::change::roll_back(state, id, &actor, |table| {
                gm(table)?;
                if table.record.resolved() == 0 {
                    return Err(ApiError::Bad(phrase!("error-rollback-nothing")));
                }
                if table.record.is_over() {
                    // The secret is public once the game is over: a re-opened turn would be
                    // played with every draw known.
                    return Err(ApiError::Bad(phrase!("error-rollback-game-over")));
                }
                Ok(())
            })
            .await?;
        }
        action => {
            crate::change::change(state, id, &actor, |table| {
                gm(table)?;
                change_of(state, player, table, &action)
            })
            .await?;
        }
    }
    state.wake.notify_one();
    Ok(GmOutcome::Done)
}

/// What the coming turn would give now: resolved on stand-ins for the draws still to come, so
/// that a GM (who may also play) sees what the orders do, never the cards or choices the seed
/// holds in store.
fn preview(table: &Table) -> ApiResult<GmOutcome> {
    let mut record = table.record.for_preview();
    let turn = record.turn();
    store::play_turn(&mut record, &table.seats)?;
    let mut report = String::new();
    let stand_in = record.setup().secret.is_some();
    if stand_in {
        report.push_str(
            "Stand-in draws: the cards still to be drawn and the bots' choices in this preview \
             are drawn for it alone; the game's own draws stay secret until the turn is resolved.\n\n",
        );
    }
    report.push_str(&record.report_body(Viewer::Gm, Lang::EN, Some(turn))?);
    Ok(GmOutcome::Preview {
        turn,
        report,
        played: Box::new(record),
        stand_in,
    })
}

/// Archiving a game: off the lists, and paused if it was running (its history says so).
pub(super) fn archive_change(table: &Table) -> Change {
    let running = !table.record.is_over() && !table.row.paused;
    Change {
        events: if running {
            vec![Event::Paused]
        } else {
            Vec::new()
        },
        paused: running.then_some(true),
        archived: Some(true),
        ..Change::default()
    }
}

/// The change a GM action that only appends to the game makes of it (the others have a door
/// of their own in `gm_action`).
fn change_of(
    state: &AppState,
    player: &Player,
    table: &mut Table,
    action: &GmAction,
) -> ApiResult<Change> {
    let seat_count = table.seats.len();
    let check_seat = |seat: Seat| {
        if seat.index() < seat_count {
            Ok(seat)
        } else {
            Err(ApiError::Bad(phrase!("error-seat-unknown", seat = seat.0)))
        }
    };
    let next_deadline = || {
        table
            .row
            .deadline_rule
            .next_after(state.clock.now())
            .map_err(|e| ApiError::Internal(e.to_string()))
    };
    Ok(match action {
        GmAction::Extend { seconds } => {
            text::check_extend(*seconds)?;
            let Some(at) = table.row.next_deadline else {
                return Err(ApiError::Bad(if table.record.is_over() {
                    phrase!("error-extend-game-over")
                } else {
                    phrase!("error-extend-clock-not-started")
                }));
            };
            let at = at.saturating_add(*seconds).max(state.clock.now());
            Change {
                events: vec![Event::Deadline { at }],
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Pause => Change {
            events: vec![Event::Paused],
            paused: Some(true),
            ..Change::default()
        },
        GmAction::Resume if table.row.next_deadline.is_none() => Change {
            // A game still waiting for its players goes on waiting.
            events: vec![Event::Resumed],
            paused: Some(false),
            ..Change::default()
        },
        GmAction::Resume => {
            let at = next_deadline()?;
            Change {
                events: vec![Event::Resumed, Event::Deadline { at }],
                paused: Some(false),
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Start => {
            if table.record.is_over() || table.row.next_deadline.is_some() {
                return Err(ApiError::Bad(phrase!("error-start-running")));
            }
            let at = next_deadline()?;
            Change {
                events: vec![Event::Deadline { at }],
                next_deadline: Some(Some(at)),
                ..Change::default()
            }
        }
        GmAction::Piece { verb, piece } => applied(
            &mut table.record,
            Event::Piece {
                verb: verb.clone(),
                piece: piece.clone(),
            },
        )?,
        GmAction::Drop { rider } => applied(
            &mut table.record,
            Event::Piece {
                verb: "drop".into(),
                piece: rider.clone(),
            },
        )?,
        GmAction::Retire { rider } => applied(
            &mut table.record,
            Event::Piece {
                verb: "retire".into(),
                piece: rider.clone(),
            },
        )?,
        GmAction::Bot { seat, bot } => {
            let seat = check_seat(*seat)?;
            if let Some(name) = bot {
                gm::parse_bot(name)?;
            }
            Change {
                events: vec![Event::SeatBot {
                    seat,
                    bot: bot.clone(),
                }],
                seats: vec![SeatChange::Bot {
                    seat,
                    bot: bot.clone(),
                }],
                ..Change::default()
            }
        }
        GmAction::Free { seat } => {
            let seat = check_seat(*seat)?;
            Change {
                events: vec![Event::SeatFreed { seat }],
                seats: vec![SeatChange::Free { seat }],
                ..Change::default()
            }
        }
        GmAction::Invite { seat, email } => {
            let seat = check_seat(*seat)?;
            let Some(settings) = state.mail.clone() else {
                return Err(ApiError::Bad(phrase!("error-invite-mail-off")));
            };
            let email = check_email(email)?;
            super::access::invitations_open(table)?;
            let row = &table.seats[seat.index()];
            if row.player_id.is_some() {
                return Err(ApiError::Conflict(phrase!(
                    "error-invite-seat-taken",
                    name = row.name
                )));
            }
            let (subject, body) = letters::invitation(
                table,
                seat,
                &player.name,
                &settings.public_url,
                crate::reader::lang(),
            );
            Change {
                mails: vec![OutMail {
                    kind: "invitation".into(),
                    to: email.to_string(),
                    game_id: Some(table.row.id),
                    seat: Some(seat),
                    subject,
                    body,
                    ..OutMail::default()
                }],
                ..Change::default()
            }
        }
        GmAction::Archive => archive_change(table),
        GmAction::Restore => Change {
            archived: Some(false),
            ..Change::default()
        },
        GmAction::Resolve
        | GmAction::Preview
        | GmAction::Webhook { .. }
        | GmAction::Delete
        | GmAction::Rated { .. }
        | GmAction::Remind { .. }
        | GmAction::Rollback => {
            return Err(ApiError::Internal(format!(
                "gm: {action:?} has a door of its own"
            )));
        }
    })
}
