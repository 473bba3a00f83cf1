//! Open seats: a GM offers a game's seats to anyone signed in (and withdraws the offer), a
//! player takes an offered seat in one request or leaves a game, and what becomes of the seat
//! of a player who leaves is the GM's choice per game (docs/server.md, "Lobby and open seats").

use game_api::{Lang, Seat};
use gm::Event;
use locale::{phrase, tr};

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use store::{self, Change, OutMail, SeatChange, Table, lobby::OnLeave};

/// The bot that keeps the seat of a player who leaves, until a replacement takes it: it plays
/// every game.
pub const KEEPER_BOT: &str = "heuristic";

/// Takes an offered seat of game `id` for `player`: `seat` if given, else the first offered
/// one. The game's minimum on-time record is checked first. A player holds one seat of a game
/// (every view, order address and feed is a seat's), so one who plays in it already is
/// refused. A replacement takes the seat as it stands: its position, its hand and its history.
pub async fn take_seat(
    state: &AppState,
    player: &Player,
    id: i64,
    seat: Option<Seat>,
) -> ApiResult<Seat> {
    super::access::check_on_time(state, player, id).await?;
    let mut taken = None;
    crate::change::change(state, id, &player.name, |table| {
        let chosen = offered_seat(table, player, seat)?;
        taken = Some(chosen);
        Ok::<_, ApiError>(Change {
            events: vec![Event::SeatClaimed {
                seat: chosen,
                player: player.name.clone(),
            }],
            seats: vec![SeatChange::Claim {
                seat: chosen,
                player_id: player.id,
                player_name: player.name.clone(),
            }],
            ..Change::default()
        })
    })
    .await?;
    Ok(taken.expect("a seat was chosen"))
}

/// The seat `player` may take in `table`: refused with one line naming why.
fn offered_seat(table: &Table, player: &Player, seat: Option<Seat>) -> ApiResult<Seat> {
    if table.record.is_over() || table.row.archived {
        return Err(ApiError::Conflict(phrase!("error-seat-game-over")));
    }
    if let Some(held) = table.seat_of(player.id) {
        return Err(ApiError::Conflict(phrase!(
            "error-seat-one-a-player",
            name = table.seats[held.index()].name
        )));
    }
    let open = |s: &&store::SeatRow| s.offered && s.player_id.is_none();
    match seat {
        Some(seat) => {
            let row = table
                .seats
                .get(seat.index())
                .ok_or_else(|| ApiError::Bad(phrase!("error-seat-unknown", seat = seat.0)))?;
            if open(&row) {
                Ok(seat)
            } else {
                Err(ApiError::Forbidden(phrase!(
                    "error-seat-not-open",
                    name = row.name
                )))
            }
        }
        None => table
            .seats
            .iter()
            .find(open)
            .map(|s| s.seat)
            .ok_or_else(|| ApiError::Forbidden(phrase!("error-seat-none-open"))),
    }
}

/// The GM opens (`open`) or closes game `id`'s seats to anyone: `seat` alone, else every seat
/// that nobody plays (opening) or every offered seat (closing). A seat a bot keeps is opened
/// by its number: a replacement then takes it over from the bot.
pub async fn open_seats(
    state: &AppState,
    player: &Player,
    id: i64,
    open: bool,
    seat: Option<Seat>,
) -> ApiResult<()> {
    crate::change::change(state, id, &format!("gm:{}", player.name), |table| {
        super::access::require_gm(table, player)?;
        if open && (table.record.is_over() || table.row.archived) {
            return Err(ApiError::Conflict(phrase!("error-open-game-over")));
        }
        let chosen: Vec<Seat> = match seat {
            Some(seat) => {
                let row = table
                    .seats
                    .get(seat.index())
                    .ok_or_else(|| ApiError::Bad(phrase!("error-seat-unknown", seat = seat.0)))?;
                if open && let Some(holder) = &row.player_name {
                    return Err(ApiError::Conflict(phrase!(
                        "error-seat-played",
                        name = row.name,
                        holder = holder
                    )));
                }
                vec![seat]
            }
            None if open => table
                .seats
                .iter()
                .filter(|s| !s.taken())
                .map(|s| s.seat)
                .collect(),
            None => table
                .seats
                .iter()
                .filter(|s| s.offered)
                .map(|s| s.seat)
                .collect(),
        };
        if open && chosen.is_empty() {
            return Err(ApiError::Conflict(phrase!("error-open-all-seats-played")));
        }
        Ok(Change {
            seats: chosen
                .into_iter()
                .filter(|s| table.seats[s.index()].offered != open)
                .map(|seat| SeatChange::Offer {
                    seat,
                    offered: open,
                })
                .collect(),
            ..Change::default()
        })
    })
    .await?;
    Ok(())
}

/// The GM sets what becomes of the seat of a player who leaves game `id`.
pub async fn set_on_leave(
    state: &AppState,
    player: &Player,
    id: i64,
    on_leave: OnLeave,
) -> ApiResult<()> {
    let table = store::load(state, id).await?;
    super::access::require_gm(&table, player)?;
    Ok(store::lobby::set_on_leave(state, id, on_leave).await?)
}

/// `player` leaves game `id`: their seat is freed (a new invitation and order address; in a
/// running game it counts as abandoned in their on-time record), played by a bot and offered
/// for a replacement as the game's GM chose (`OnLeave`; before the first deadline no bot is
/// needed), and the GM is mailed, all in one change.
pub async fn leave(state: &AppState, player: &Player, id: i64) -> ApiResult<Seat> {
    let on_leave = store::lobby::on_leave(state, id).await?;
    let table = store::load(state, id).await?;
    let gm_address = match &state.mail {
        Some(_) => store::accounts::mailed_address(state, table.row.gm_id).await?,
        None => None,
    };
    // The notice is the GM's: in the GM's account's language.
    let gm_lang = store::players::lang(state, table.row.gm_id).await?;
    let base = state
        .mail
        .as_ref()
        .map(|m| m.public_url.trim_end_matches('/').to_string())
        .unwrap_or_default();
    let console = format!("{base}/games/{id}/gm");
    let mut left = None;
    crate::change::change(state, id, &player.name, |table| {
        let seat = super::access::own_seat(table, player)?;
        if table.record.is_over() {
            return Err(ApiError::Conflict(phrase!("error-leave-game-over")));
        }
        left = Some(seat);
        let row = &table.seats[seat.index()];
        let mut change = Change {
            events: vec![Event::SeatFreed { seat }],
            seats: vec![SeatChange::Free { seat }],
            ..Change::default()
        };
        let running = table.row.next_deadline.is_some() || table.record.started();
        if on_leave.bot() && running && row.bot.is_none() {
            let bot = Some(KEEPER_BOT.to_string());
            change.events.push(Event::SeatBot {
                seat,
                bot: bot.clone(),
            });
            change.seats.push(SeatChange::Bot { seat, bot });
        }
        if on_leave.open() {
            change.seats.push(SeatChange::Offer {
                seat,
                offered: true,
            });
        }
        if let Some(to) = &gm_address {
            change.mails.push(left_mail(
                table,
                seat,
                player,
                (on_leave, running),
                (to, gm_lang),
                &console,
            ));
        }
        Ok(change)
    })
    .await?;
    Ok(left.expect("a seat was left"))
}

/// The GM's mail: who left which seat, and what plays it now.
fn left_mail(
    table: &Table,
    seat: Seat,
    player: &Player,
    (on_leave, running): (OnLeave, bool),
    (to, lang): (&str, Lang),
    console: &str,
) -> OutMail {
    let row = &table.seats[seat.index()];
    let keeper = match &row.bot {
        Some(bot) => tr!(lang, "mail-left-bot-keeps", bot = bot.as_str()),
        None if on_leave.bot() && running => tr!(lang, "mail-left-bot-plays", bot = KEEPER_BOT),
        None => tr!(lang, "mail-left-nobody"),
    };
    let offer = if on_leave.open() {
        tr!(lang, "mail-left-offered")
    } else {
        tr!(lang, "mail-left-not-offered")
    };
    OutMail {
        kind: "left".into(),
        to: to.to_string(),
        game_id: Some(table.row.id),
        seat: Some(seat),
        player_id: Some(table.row.gm_id),
        subject: crate::letters::seat_subject(
            table,
            seat,
            lang,
            &tr!(lang, "mail-left-what", name = player.name.as_str()),
        ),
        body: format!(
            "{}\n\n{}\n",
            tr!(
                lang,
                "mail-left-body",
                name = player.name.as_str(),
                seat = row.name.as_str(),
                title = table.row.title.as_str(),
                keeper = keeper,
                offer = offer
            ),
            tr!(lang, "mail-left-console", link = console)
        ),
        dedup_key: Some(format!(
            "left/{}/{}/{}/{}",
            table.row.id, seat.0, player.id, table.row.version
        )),
        ..OutMail::default()
    }
}
