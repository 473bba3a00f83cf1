//! Press, for every door (the game page, `/api/games/{id}/press`, a mail's `Press:` lines):
//! posting a message (public, private where the GM allows it, or the GM's announcement) within
//! its bounds, reading it as the reader may, and the GM's hiding and setting.

use game_api::{Lang, Seat};
use locale::phrase;
use serde::Serialize;

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::press_text::{HIDDEN, header, seat_names};
use crate::state::AppState;
use store::press::{NewPress, Press, PressReader};
use store::{self, SeatRow, Table};

/// The most characters a message may have.
pub const PRESS_MAX_CHARS: usize = 2000;
/// The most messages one sender may post to a game in an hour.
pub const PRESS_PER_HOUR: usize = 20;
/// The messages a page of press holds unless asked for fewer, and the most it holds.
pub const PRESS_PAGE: u32 = 50;
pub const PRESS_PAGE_MAX: u32 = 100;

/// A message to post, as a door read it.
#[derive(Clone, Debug, Default)]
pub struct Draft {
    pub text: String,
    /// The seats it goes to, privately; empty: public.
    pub to: Vec<Recipient>,
    /// The GM's announcement (a GM who holds no seat always announces).
    pub as_gm: bool,
    /// A mail's message, posted once however often the mail comes (`mail/INBOUND/K`).
    pub source: Option<String>,
}

/// A seat a private message is for, as a door names it. Recipients are seats: a player's
/// name is read only from a mail, and only where it is no seat's name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Recipient {
    /// A seat by number (the game page's boxes; the API's numbers).
    Seat(u8),
    /// A seat by its name, matched against the seats' names only (the API's strings).
    SeatName(String),
    /// A name as a mail writes it: a seat's name; else a player's name that names exactly
    /// one seat.
    Written(String),
}

impl Recipient {
    /// The seat this names among `seats`: an unknown seat or name is refused, and so is a
    /// player's name that names several seats, with the seats to choose from.
    pub fn seat(&self, seats: &[SeatRow]) -> Result<Seat, locale::Phrase> {
        let named = |name: &str, of: fn(&SeatRow) -> Option<&str>| -> Vec<&SeatRow> {
            seats
                .iter()
                .filter(|s| of(s).is_some_and(|n| n.eq_ignore_ascii_case(name.trim())))
                .collect()
        };
        let seat_name: fn(&SeatRow) -> Option<&str> = |s| Some(&s.name);
        let player_name: fn(&SeatRow) -> Option<&str> = |s| s.player_name.as_deref();
        let (name, found, unknown) = match self {
            Recipient::Seat(n) => {
                let found = seats.iter().filter(|s| s.seat.0 == *n).collect();
                (n.to_string(), found, "error-press-to-no-seat")
            }
            Recipient::SeatName(name) => (
                name.clone(),
                named(name, seat_name),
                "error-press-to-no-seat",
            ),
            Recipient::Written(name) => match named(name, seat_name) {
                by_seat if by_seat.is_empty() => (
                    name.clone(),
                    named(name, player_name),
                    "error-press-to-unknown",
                ),
                by_seat => (name.clone(), by_seat, "error-press-to-unknown"),
            },
        };
        match found.as_slice() {
            [row] => Ok(row.seat),
            [] => Err(locale::Phrase::new(unknown).with("trim", name.trim())),
            several => {
                let names: Vec<&str> = several.iter().map(|s| s.name.as_str()).collect();
                Err(phrase!(
                    "error-press-to-ambiguous",
                    trim = name.trim(),
                    choices = locale::Phrase::each(|lang| lang.and_list(&names))
                ))
            }
        }
    }

    /// Whether the door left it empty (an empty box, a blank name).
    fn is_blank(&self) -> bool {
        match self {
            Recipient::Seat(_) => false,
            Recipient::SeatName(name) | Recipient::Written(name) => name.trim().is_empty(),
        }
    }
}

/// One message as its reader sees it: a hidden one without its text (the GM's excepted).
#[derive(Clone, Debug, Serialize)]
pub struct PressLine {
    /// The number the reader knows it by, and pages by (`before`): a reader of public press
    /// alone (a visitor, the GM), its number among the game's public press; a seat, its row
    /// id (`Press::number`).
    pub id: i64,
    pub at: i64,
    pub turn: u16,
    /// The sender's seat; `null` for the GM's announcement.
    pub from_seat: Option<String>,
    pub author: String,
    pub from_gm: bool,
    /// The seats a private message went to; empty: public.
    pub to: Vec<String>,
    pub private: bool,
    /// `null` when hidden (for everyone but the GM).
    pub text: Option<String>,
    pub hidden: bool,
    /// Who hid it and when: the GM's only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden_by: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hidden_at: Option<i64>,
    /// `Red (alice) to Blue, private`: the line above the text.
    pub header: String,
}

impl PressLine {
    pub fn of(table: &Table, press: &Press, gm: bool, reader: PressReader) -> PressLine {
        let show = gm || press.hidden.is_none();
        PressLine {
            id: press.number(reader),
            at: press.at,
            turn: press.turn,
            from_seat: press.from_seat.map(|s| seat_names(table, &[s])),
            author: crate::press_text::author(&press.author, Lang::EN),
            from_gm: press.from_seat.is_none(),
            to: press
                .recipient_seats()
                .iter()
                .map(|s| seat_names(table, &[*s]))
                .collect(),
            private: press.is_private(),
            text: show.then(|| press.body.clone()),
            hidden: press.hidden.is_some(),
            hidden_by: press
                .hidden
                .as_ref()
                .filter(|_| gm)
                .map(|h| crate::press_text::author(&h.0, Lang::EN)),
            hidden_at: press.hidden.as_ref().filter(|_| gm).map(|h| h.1),
            header: header(table, press, Lang::EN),
        }
    }

    /// The text as shown: the message, or that the GM hid it.
    pub fn shown(&self) -> &str {
        self.text.as_deref().unwrap_or(HIDDEN)
    }
}

/// A page of press, oldest first, and where the older ones are.
#[derive(Clone, Debug, Serialize)]
pub struct PressPage {
    pub messages: Vec<PressLine>,
    /// The `before` of the page of older messages, if any.
    pub older: Option<i64>,
    /// Whether the game allows private press.
    pub private_allowed: bool,
}

/// Whom the reader reads press as: a seat's player as the seat, anyone else as the public
/// (the GM too: private press is its seats' alone).
pub fn reader(table: &Table, player: Option<&Player>) -> PressReader {
    match player.and_then(|p| table.seat_of(p.id)) {
        Some(seat) => PressReader::Seat(seat),
        None => PressReader::Public,
    }
}

/// A page of game `id`'s press as `player` (or a spectator) may read it: the latest `limit`
/// (at most [`PRESS_PAGE_MAX`]) older than message `before`.
pub async fn press_page(
    state: &AppState,
    player: Option<&Player>,
    id: i64,
    before: Option<i64>,
    limit: Option<u32>,
) -> ApiResult<PressPage> {
    let limit = limit.unwrap_or(PRESS_PAGE);
    if limit == 0 || limit > PRESS_PAGE_MAX {
        return Err(ApiError::Bad(phrase!(
            "error-press-limit",
            limit = limit,
            press_page_max = PRESS_PAGE_MAX
        )));
    }
    let table = store::load(state, id).await?;
    press_page_of(state, &table, player, before, limit).await
}

/// [`press_page`] of the game read as `table`.
pub async fn press_page_of(
    state: &AppState,
    table: &Table,
    player: Option<&Player>,
    before: Option<i64>,
    limit: u32,
) -> ApiResult<PressPage> {
    let gm = player.is_some_and(|p| table.is_gm(p.id));
    let reader = reader(table, player);
    let (messages, more) = store::press::page(state, table.row.id, reader, before, limit).await?;
    Ok(PressPage {
        older: messages.first().filter(|_| more).map(|p| p.number(reader)),
        messages: messages
            .iter()
            .map(|p| PressLine::of(table, p, gm, reader))
            .collect(),
        private_allowed: store::press::private_allowed(state, table.row.id).await?,
    })
}

/// The text of a message, checked: line ends made `\n`, control characters dropped, not
/// empty, at most [`PRESS_MAX_CHARS`] characters.
pub fn check_text(text: &str) -> ApiResult<String> {
    let text: String = text
        .replace("\r\n", "\n")
        .replace('\r', "\n")
        .chars()
        .filter(|c| !c.is_control() || *c == '\n' || *c == '\t')
        .collect();
    let text = text.trim().to_string();
    if text.is_empty() {
        return Err(ApiError::Bad(phrase!("error-press-text-empty")));
    }
    let chars = text.chars().count();
    if chars > PRESS_MAX_CHARS {
        return Err(ApiError::Bad(phrase!(
            "error-press-text-long",
            chars = chars,
            press_max_chars = PRESS_MAX_CHARS
        )));
    }
    Ok(text)
}

/// Posts `draft` to game `id` for `player`: the message as the sender reads it. A seat's
/// player posts as the seat; the GM announces (always public). Refused: a stranger, a game
/// over, private press where the GM does not allow it, a bad recipient or text, and past
/// [`PRESS_PER_HOUR`] messages in the last hour (a 429 saying when the next may go).
pub async fn post_press(
    state: &AppState,
    player: &Player,
    id: i64,
    draft: &Draft,
) -> ApiResult<PressLine> {
    let table = store::load(state, id).await?;
    let gm = table.is_gm(player.id);
    let from_seat = match (table.seat_of(player.id), gm) {
        (Some(_), true) if draft.as_gm => None,
        (Some(seat), _) => Some(seat),
        (None, true) => None,
        (None, false) => {
            return Err(ApiError::Forbidden(phrase!("error-press-not-seated")));
        }
    };
    if draft.as_gm && !gm {
        return Err(ApiError::Forbidden(phrase!("error-as-gm-not-gm")));
    }
    if table.record.is_over() || table.row.over {
        return Err(ApiError::Conflict(phrase!(
            "error-press-closed",
            game_noun = table.row.game.game_noun
        )));
    }
    let text = check_text(&draft.text)?;
    let mut recipients = 0i64;
    let to: Vec<&Recipient> = draft.to.iter().filter(|t| !t.is_blank()).collect();
    if !to.is_empty() {
        let Some(from) = from_seat else {
            return Err(ApiError::Bad(phrase!("error-press-to-announcement")));
        };
        if !store::press::private_allowed(state, id).await? {
            return Err(ApiError::Forbidden(phrase!("error-press-private-off")));
        }
        for recipient in to {
            let seat = recipient.seat(&table.seats).map_err(ApiError::Bad)?;
            if seat == from {
                return Err(ApiError::Bad(phrase!(
                    "error-press-to-self",
                    trim = seat_names(&table, &[seat])
                )));
            }
            recipients |= 1 << seat.0;
        }
    }
    let now = state.clock.now();
    let recent = store::press::sent_since(state, id, &player.name, now - 3600).await?;
    if recent.len() >= PRESS_PER_HOUR {
        let retry_after = recent[recent.len() - PRESS_PER_HOUR] + 3600 - now;
        return Err(ApiError::TooMany {
            message: phrase!(
                "error-press-throttled",
                press_per_hour = PRESS_PER_HOUR,
                max = ((retry_after + 59) / 60).max(1)
            ),
            retry_after,
        });
    }
    // A GM's announcement is pushed to the devices of the players who want it (issue 56).
    let pushes = if from_seat.is_none() {
        crate::push::payload::announcement(state, &table, player.id, &text).await?
    } else {
        Vec::new()
    };
    let new = NewPress {
        game: id,
        at: now,
        turn: table.record.turn(),
        from_seat,
        author: player.name.clone(),
        recipients,
        body: text,
        source: draft.source.clone(),
    };
    let posted = store::press::post(state, &new, &pushes).await?;
    let press = Press {
        id: posted.map_or(0, |p| p.0),
        public_seq: posted.and_then(|p| p.1),
        at: new.at,
        turn: new.turn,
        from_seat: new.from_seat,
        author: new.author,
        recipients: new.recipients,
        body: new.body,
        hidden: None,
    };
    Ok(PressLine::of(
        &table,
        &press,
        gm,
        reader(&table, Some(player)),
    ))
}

/// The GM hides message `press` of game `id`: it shows as hidden by the GM to everyone else,
/// in every door, and who hid it and when is kept. Private press, which the GM does not read,
/// is not theirs to hide.
pub async fn hide_press(state: &AppState, player: &Player, id: i64, press: i64) -> ApiResult<()> {
    let table = store::load(state, id).await?;
    super::access::require_gm(&table, player)?;
    // `press` is the number the GM reads it by (`PressLine::id`).
    let message = store::press::one(state, id, reader(&table, Some(player)), press)
        .await?
        .filter(|p| !p.is_private())
        .ok_or_else(|| ApiError::NotFound(phrase!("error-press-unknown", press = press)))?;
    if message.hidden.is_none() {
        store::press::hide(state, id, message.id, &player.name, state.clock.now()).await?;
    }
    Ok(())
}

/// The GM allows or forbids private press in game `id`.
pub async fn set_private_press(
    state: &AppState,
    player: &Player,
    id: i64,
    allowed: bool,
) -> ApiResult<()> {
    let table = store::load(state, id).await?;
    super::access::require_gm(&table, player)?;
    Ok(store::press::set_private_allowed(state, id, allowed).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(seat: u8, name: &str, player: Option<&str>) -> SeatRow {
        SeatRow {
            seat: Seat(seat),
            name: name.into(),
            player_id: player.map(|_| i64::from(seat) + 1),
            player_name: player.map(String::from),
            invite: String::new(),
            bot: None,
            mail_secret: None,
            offered: false,
            lang: None,
        }
    }

    /// Issue 50: the account `Green` plays the seat Red, earlier in seat order than the seat
    /// Green. Every door's "Green" is the seat Green.
    #[test]
    fn a_seat_name_is_never_taken_for_a_player_named_like_it() {
        let seats = [
            row(0, "Red", Some("Green")),
            row(1, "Green", Some("gil")),
            row(2, "Blue", Some("bea")),
        ];
        let seat = |r: Recipient| r.seat(&seats).map_err(|p| p.to_string());
        assert_eq!(seat(Recipient::Seat(1)), Ok(Seat(1)));
        assert_eq!(seat(Recipient::SeatName("green".into())), Ok(Seat(1)));
        assert_eq!(seat(Recipient::Written(" Green ".into())), Ok(Seat(1)));
        // A player's name: from a mail only, where it is no seat's name.
        assert_eq!(seat(Recipient::Written("gil".into())), Ok(Seat(1)));
        assert_eq!(
            seat(Recipient::SeatName("gil".into())),
            Err("to: no seat called \"gil\" in this game".into())
        );
        assert_eq!(
            seat(Recipient::Seat(7)),
            Err("to: no seat called \"7\" in this game".into())
        );
        assert_eq!(
            seat(Recipient::Written("nobody".into())),
            Err("to: no seat or player called \"nobody\" in this game".into())
        );
    }

    /// A name that names several seats is refused, naming them; nothing is guessed.
    #[test]
    fn a_name_of_several_seats_is_refused_with_the_choices() {
        let seats = [
            row(0, "Red", Some("ann")),
            row(1, "Green", Some("gil")),
            row(2, "Blue", Some("ann")),
        ];
        let refused = Recipient::Written("ANN".into()).seat(&seats).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "to: \"ANN\" is the player of several seats (Red and Blue); write the seat's name"
        );
        assert_eq!(
            refused.text(Lang::from_code("ja").unwrap()),
            "to: 「ANN」は複数の席（RedとBlue）のプレイヤーです。席の名前で書いてください"
        );
    }
}
