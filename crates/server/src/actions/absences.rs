//! Absences, once for every door: a player declares a window away (for one game or all of
//! theirs) with the bot that plays for them, cancels it before it begins or ends it early; a GM
//! sets how many turns a seat's player may be excused in the game; and what everyone may read
//! of a game's absent seats. The windows are checked at each deadline (`store::absences`).

use jiff::Timestamp;
use jiff::civil::DateTime;
use jiff::fmt::temporal::{Pieces, PiecesOffset};
use jiff::tz::TimeZone;
use locale::{Phrase, phrase, tr};
use serde::{Deserialize, Serialize};

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use store::absences::{Absence, NewAbsence};

/// The longest window one declaration covers, in days.
pub const MAX_ABSENCE_DAYS: i64 = 60;

/// How far ahead a window may begin, in days.
pub const MAX_ABSENCE_LEAD_DAYS: i64 = 365;

/// The most windows a player may have declared and not yet over.
pub const MAX_OPEN_ABSENCES: usize = 10;

/// How far in the past a window may say it begins (a form filled in a minute ago): it then
/// begins now.
const FROM_SLACK: i64 = 15 * 60;

/// The bots a player may choose to play for them (`gm::parse_bot` reads each).
pub const ABSENCE_BOTS: [&str; 5] = ["nmr", "random", "heuristic", "mcts", "flatmc"];

/// A declaration as the API and the forms read it.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbsenceRequest {
    /// When the window begins: an instant with its offset (`2026-12-01T09:00:00+01:00`), or a
    /// local time (`2026-12-01T09:00`) in the player's time zone; absent or empty: now.
    #[serde(default)]
    pub from: Option<String>,
    /// When the player is back, in the same forms.
    pub to: String,
    /// The one game it is for; absent: every game the player holds a seat in.
    #[serde(default)]
    pub game: Option<i64>,
    /// The bot that plays for the player; absent or empty: the rules' NMR default.
    #[serde(default)]
    pub bot: Option<String>,
}

/// A window as the API and the pages show it.
#[derive(Clone, Debug, Serialize)]
pub struct AbsenceView {
    #[serde(flatten)]
    pub absence: Absence,
    /// `upcoming` (it may be cancelled) or `running` (it may be ended early).
    pub state: &'static str,
    /// The game's title, for a window of one game.
    pub title: Option<String>,
}

fn bad<T>(message: Phrase) -> ApiResult<T> {
    Err(ApiError::Bad(message))
}

/// The widest offset from UTC a time may be written with: no place keeps one wider (Kiribati
/// +14:00, Baker Island −12:00); RFC 3339 and jiff read up to ±25:59.
pub const MAX_OFFSET_SECONDS: i32 = 14 * 3600;

/// Reads `text` as an instant: with an offset (at most [`MAX_OFFSET_SECONDS`] from UTC), or a
/// local time in `zone` (a form's `datetime-local` field: an absence's window, the GM's new
/// deadline).
pub fn instant(field: &str, text: &str, zone: &TimeZone) -> ApiResult<i64> {
    let text = text.trim();
    if let Ok(t) = text.parse::<Timestamp>() {
        let offset = Pieces::parse(text).ok().and_then(|p| match p.offset() {
            Some(PiecesOffset::Numeric(n)) => Some(n.offset()),
            _ => None,
        });
        if let Some(seconds) = offset.map(|o| o.seconds())
            && seconds.abs() > MAX_OFFSET_SECONDS
        {
            let sign = if seconds < 0 { '-' } else { '+' };
            let (h, m) = (seconds.abs() / 3600, seconds.abs() % 3600 / 60);
            return bad(phrase!(
                "error-time-offset",
                field = field,
                text = text,
                offset = format!("{sign}{h:02}:{m:02}")
            ));
        }
        return Ok(t.as_second());
    }
    match text.parse::<DateTime>() {
        Ok(local) => match local.to_zoned(zone.clone()) {
            Ok(zoned) => Ok(zoned.timestamp().as_second()),
            Err(_) => bad(phrase!(
                "error-time-outside-calendar",
                field = field,
                text = text
            )),
        },
        Err(_) => bad(phrase!("error-time-invalid", field = field, text = text)),
    }
}

/// Checks a declaration against the clock `now` and the player's seats: the stored window,
/// or one line naming the bad field.
async fn checked(
    state: &AppState,
    player: &Player,
    request: &AbsenceRequest,
    now: i64,
) -> ApiResult<NewAbsence> {
    let zone = player
        .time_zone
        .as_deref()
        .and_then(|z| TimeZone::get(z).ok())
        .unwrap_or(TimeZone::UTC);
    let from = match request.from.as_deref().map(str::trim) {
        None | Some("") => now,
        Some(text) => instant("from", text, &zone)?,
    };
    let to = instant("to", &request.to, &zone)?;
    if from < now - FROM_SLACK {
        return bad(phrase!(
            "error-absence-from-past",
            utc_text = gm::utc_text(from)
        ));
    }
    let from = from.max(now);
    if from > now + MAX_ABSENCE_LEAD_DAYS * 86_400 {
        return bad(phrase!(
            "error-absence-from-too-far",
            utc_text = gm::utc_text(from),
            max = MAX_ABSENCE_LEAD_DAYS
        ));
    }
    if to <= from {
        return bad(phrase!(
            "error-absence-to-before-from",
            utc_text = gm::utc_text(to),
            utc_text2 = gm::utc_text(from)
        ));
    }
    if to - from > MAX_ABSENCE_DAYS * 86_400 {
        return bad(phrase!(
            "error-absence-too-long",
            days = (to - from + 86_399) / 86_400,
            max = MAX_ABSENCE_DAYS
        ));
    }
    let bot = match request.bot.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(name) => {
            let known = ABSENCE_BOTS.iter().find(|b| b.eq_ignore_ascii_case(name));
            match known.filter(|b| gm::parse_bot(b).is_ok()) {
                Some(b) => Some(b.to_string()),
                None => {
                    return bad(phrase!(
                        "error-absence-bot-unknown",
                        name = name,
                        absence_bots = ABSENCE_BOTS.join(", ")
                    ));
                }
            }
        }
    };
    if let Some(id) = request.game {
        let table = match store::load(state, id).await {
            Ok(table) => table,
            Err(store::StoreError::NotFound(_)) => {
                return bad(phrase!("error-game-not-found", id = id));
            }
            Err(e) => return Err(e.into()),
        };
        if table.seat_of(player.id).is_none() {
            return bad(phrase!("error-absence-game-no-seat", id = id));
        }
    }
    Ok(NewAbsence {
        player_id: player.id,
        game: request.game,
        from,
        to,
        bot,
    })
}

/// Declares a window away for `player`.
pub async fn declare_absence(
    state: &AppState,
    player: &Player,
    request: &AbsenceRequest,
) -> ApiResult<AbsenceView> {
    let now = state.clock.now();
    let new = checked(state, player, request, now).await?;
    let open = store::absences::upcoming(state, player.id, now).await?;
    if open.len() >= MAX_OPEN_ABSENCES {
        return bad(phrase!("error-absences-too-many", open = open.len()));
    }
    let id = store::absences::declare(state, &new).await?;
    let absence = store::absences::get(state, id).await?;
    view(state, absence, now).await
}

async fn view(state: &AppState, absence: Absence, now: i64) -> ApiResult<AbsenceView> {
    let title = match absence.game {
        Some(id) => store::load(state, id).await.ok().map(|t| t.row.title),
        None => None,
    };
    Ok(AbsenceView {
        state: if absence.from > now {
            "upcoming"
        } else {
            "running"
        },
        absence,
        title,
    })
}

/// The player's windows not yet over, the earliest first.
pub async fn absences(state: &AppState, player: &Player) -> ApiResult<Vec<AbsenceView>> {
    let now = state.clock.now();
    let mut views = Vec::new();
    for absence in store::absences::upcoming(state, player.id, now).await? {
        views.push(view(state, absence, now).await?);
    }
    Ok(views)
}

/// Cancels the player's window `id` if it has not begun, or ends it now if it has: what was
/// done, `cancelled` or `ended`.
pub async fn withdraw_absence(
    state: &AppState,
    player: &Player,
    id: i64,
) -> ApiResult<&'static str> {
    let now = state.clock.now();
    let absence = store::absences::get(state, id).await?;
    if absence.player_id != player.id {
        return Err(ApiError::NotFound(phrase!(
            "error-absence-unknown",
            id = id
        )));
    }
    if absence.to <= now {
        return bad(phrase!("error-absence-over", id = id));
    }
    if absence.from > now {
        store::absences::cancel(state, id).await?;
        Ok("cancelled")
    } else {
        store::absences::end(state, id, now).await?;
        Ok("ended")
    }
}

/// Sets the excused turns game `id` allows each seat's player. The GM's only.
pub async fn set_allowance(
    state: &AppState,
    player: &Player,
    id: i64,
    turns: i64,
) -> ApiResult<()> {
    let max = gm::absence::MAX_ALLOWANCE;
    let Some(turns) = u16::try_from(turns).ok().filter(|t| *t <= max) else {
        return bad(phrase!(
            "error-allowance-out-of-range",
            turns = turns,
            max = max
        ));
    };
    let table = store::load(state, id).await?;
    super::access::require_gm(&table, player)?;
    Ok(store::absences::set_allowance(state, id, turns).await?)
}

/// One seat as a game's absences show it.
#[derive(Clone, Debug, Serialize)]
pub struct SeatAbsence {
    pub seat: u8,
    pub name: String,
    /// Excused turns its player has used in this game (`None`: not read, nobody is away).
    pub used: Option<u16>,
    /// The window its player is away in now.
    pub away: Option<Away>,
}

/// A seat's player away now: until when, and who plays the seat.
#[derive(Clone, Debug, Serialize)]
pub struct Away {
    pub until: i64,
    pub bot: Option<String>,
    /// Whether the allowance still excuses the seat's turns (else they are NMRs).
    pub excused: bool,
    /// In words: "the bot heuristic", "the rules' NMR default".
    pub played_by: String,
}

/// A game's allowance and its seats' absences, as everyone may read them.
#[derive(Clone, Debug, Serialize)]
pub struct GameAbsences {
    pub allowance: u16,
    pub seats: Vec<SeatAbsence>,
}

impl GameAbsences {
    pub fn anyone_away(&self) -> bool {
        self.seats.iter().any(|s| s.away.is_some())
    }
}

/// The absences of the game read as `table` at the server's clock; `with_used`: each seat's
/// excused turns read from the log even when nobody is away (the GM's console).
pub async fn game_absences(
    state: &AppState,
    table: &store::Table,
    with_used: bool,
) -> ApiResult<GameAbsences> {
    let now = state.clock.now();
    let allowance = store::absences::allowance(state, table.row.id).await?;
    let away = store::absences::away_seats(state, table, now).await?;
    let used = if with_used || !away.is_empty() {
        Some(store::absences::excused_turns(state, table.row.id).await?)
    } else {
        None
    };
    let seats = table
        .seats
        .iter()
        .map(|s| {
            let used = used
                .as_ref()
                .map(|u| u.get(s.seat.index()).copied().unwrap_or(0));
            let away = away.iter().find(|a| a.seat == s.seat).map(|a| {
                let excused = used.unwrap_or(0) < allowance;
                let bot = a.absence.bot.clone().filter(|_| excused);
                Away {
                    until: a.absence.to,
                    // In the reader's language (the API's caller, the page's visitor).
                    played_by: match &bot {
                        Some(b) => tr!(crate::reader::lang(), "away-by-bot", bot = b.as_str()),
                        None => tr!(crate::reader::lang(), "away-by-nmr-default"),
                    },
                    bot,
                    excused,
                }
            });
            SeatAbsence {
                seat: s.seat.0,
                name: s.name.clone(),
                used,
                away,
            }
        })
        .collect();
    Ok(GameAbsences { allowance, seats })
}
