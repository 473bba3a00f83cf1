//! Appending a change to a game: the change made ready for the committer (the row's new
//! columns, the events as JSON, the seats' new secrets) as a [`Pending`] change, then, with
//! the letters the mail side made from it, handed over and waited for.

use std::sync::Arc;

use gm::Event;

use super::change::{Change, SeatChange};
use super::error::{StoreError, StoreResult};
use super::locks::{AheadOf, GameGuard};
use super::outbox_rows::OutMail;
use super::prepared::{SeatWrite, Write};
use super::state::Store;
use super::table::{GameRow, SeatRow, Table, all_ready, ready_seats};

/// A change made and checked but not yet written: the game's lock is held, the game row's new
/// columns and the seats as the change leaves them are worked out. The mail side reads what it
/// needs from it (`table`, `seats`, `next_deadline`, `events`) and makes the change's letters
/// under the same lock; [`Pending::commit`] then writes them with the change. Dropped, it
/// writes nothing and lets the game go.
#[derive(Debug)]
pub struct Pending<'s> {
    state: &'s Store,
    guard: GameGuard,
    table: Table,
    write: Write,
    seats: Vec<SeatRow>,
    events: Vec<Event>,
}

/// Makes `change` to the game read as `table` (through `guard`), whose record already
/// includes the change's events, ready to commit ([`Pending::commit`]).
pub fn prepare<'s>(
    state: &'s Store,
    guard: GameGuard,
    table: Table,
    actor: &str,
    mut change: Change,
) -> StoreResult<Pending<'s>> {
    let events = std::mem::take(&mut change.events);
    let (write, seats) = prepare_write(state, &table, actor, &events, change)?;
    Ok(Pending {
        state,
        guard,
        table,
        write,
        seats,
        events,
    })
}

impl Pending<'_> {
    /// The game as read, its record with the change's events.
    pub fn table(&self) -> &Table {
        &self.table
    }

    /// The seats as the change leaves them.
    pub fn seats(&self) -> &[SeatRow] {
        &self.seats
    }

    /// The game's deadline after the change.
    pub fn next_deadline(&self) -> Option<i64> {
        self.write.next_deadline
    }

    /// The change's events.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// Writes the change, with `mails` (the letters it causes) to the outbox after its own.
    /// Fails with a conflict, changing nothing, if the game moved on since it was read. The
    /// change is written by the process's committer, in one transaction with whatever other
    /// changes are waiting (`commit`); the game's lock is given up once the change is handed
    /// over, and this returns once it is committed, with the game as it read before (its row
    /// and seats as read, its record with the change's events).
    pub async fn commit(self, mails: Vec<OutMail>) -> StoreResult<Table> {
        let Pending {
            state,
            mut guard,
            table,
            mut write,
            seats,
            events: _,
        } = self;
        write.mails.extend(mails);
        // What the table was made from, as it was then: a change refused since is still the one
        // this was made on (and the committer refuses this one with it).
        let depth = match guard.base.take() {
            Some((after, depth)) => {
                write.after = Some(after);
                depth + 1
            }
            None => 0,
        };
        let version = write.version;
        let row = GameRow {
            version,
            next_deadline: write.next_deadline,
            paused: write.paused,
            over: write.over,
            archived: write.archived.unwrap_or(table.row.archived),
            ..table.row.clone()
        };
        let handed = state.committer.hand_over(&state.db, write).await?;
        // The game as the change leaves it, for the game's next change while this one is written;
        // the record is the caller's (one copy is kept, for the records cache, below).
        let Table {
            row: read_row,
            seats: read_seats,
            record,
        } = table;
        let next = Arc::new(Table { row, seats, record });
        guard.ahead.0 = Some(AheadOf {
            table: next.clone(),
            change: handed.change.clone(),
            depth,
        });
        let mutex = tokio::sync::OwnedMutexGuard::mutex(&guard.ahead).clone();
        drop(guard);
        let committed = handed.wait().await;
        // The game's next change, if any, is made on the game as this one leaves it; if none,
        // the game as this one left it is let go (the next reads the database).
        if let Ok(mut ahead) = mutex.try_lock() {
            ahead.waiting();
        }
        committed?;
        state.records.put(read_row.id, version, &next.record);
        // Let go by the game's lock once no change waits on it: the record is then moved back.
        let record =
            Arc::try_unwrap(next).map_or_else(|next| next.record.clone(), |next| next.record);
        Ok(Table {
            row: read_row,
            seats: read_seats,
            record,
        })
    }
}

/// `change` to the game read as `table`, ready for the committer: the game row's new
/// columns, the events as JSON, the seats' new secrets and the change's own mail; and the
/// seats as the change leaves them.
fn prepare_write(
    state: &Store,
    table: &Table,
    actor: &str,
    events: &[Event],
    change: Change,
) -> StoreResult<(Write, Vec<SeatRow>)> {
    let now = state.clock.now();
    let row = &table.row;
    let over = table.record.is_over();
    let paused = change.paused.unwrap_or(row.paused);
    let mut seats = table.seats.clone();
    let mut seat_writes = Vec::with_capacity(change.seats.len());
    for change in &change.seats {
        let (SeatChange::Claim { seat, .. }
        | SeatChange::Bot { seat, .. }
        | SeatChange::Free { seat }
        | SeatChange::Offer { seat, .. }) = change;
        let s = &mut seats[seat.index()];
        seat_writes.push(match change {
            SeatChange::Claim {
                seat,
                player_id,
                player_name,
            } => {
                s.bot = None;
                s.offered = false;
                s.player_id = Some(*player_id);
                s.player_name = Some(player_name.clone());
                SeatWrite::Claim {
                    seat: i64::from(seat.0),
                    player_id: *player_id,
                }
            }
            SeatChange::Bot { seat, bot } => {
                s.bot = bot.clone();
                SeatWrite::Bot {
                    seat: i64::from(seat.0),
                    bot: bot.clone(),
                }
            }
            SeatChange::Free { seat } => {
                s.player_id = None;
                s.player_name = None;
                s.invite = super::secrets::new_invite()?;
                s.mail_secret = Some(super::secrets::new_mail_secret()?);
                SeatWrite::Free {
                    seat: i64::from(seat.0),
                    invite: s.invite.clone(),
                    mail_secret: s.mail_secret.clone().expect("drawn above"),
                }
            }
            SeatChange::Offer { seat, offered } => {
                s.offered = *offered;
                SeatWrite::Offer {
                    seat: i64::from(seat.0),
                    offered: *offered,
                }
            }
        });
    }
    let next_deadline = gm::at_deadline::next_deadline(
        gm::at_deadline::Clock {
            over,
            set: change.next_deadline,
            current: row.next_deadline,
            seats_taken: seats.iter().all(SeatRow::taken),
        },
        &row.deadline_rule,
        now,
    )
    .map_err(|e| StoreError::Internal(e.to_string()))?;
    let write = Write {
        game_id: row.id,
        read_version: row.version,
        version: row.version + events.len() as i64,
        all_ready: all_ready(&table.record, &seats),
        over,
        next_deadline,
        paused,
        archived: change.archived,
        turn: table.record.turn(),
        started: table.record.started(),
        ready_seats: ready_seats(&table.record, &seats),
        at: now,
        actor: actor.to_string(),
        events: events.iter().map(|e| (e.kind(), e.to_json())).collect(),
        seats: seat_writes,
        mails: change.mails,
        inbound: change.inbound,
        // The result of a game the change ends, as a season's stage keeps it.
        stage_result: gm::season_result::ended_stage(table.row.over, &table.record)
            .map(super::seasons::stage_row),
        after: None,
    };
    Ok((write, seats))
}
