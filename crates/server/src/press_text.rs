//! Press as words: who sent a message and to whom, and a turn's press zine-style, as the
//! report mail and the seat's Atom feed carry it (plain text; the mail's HTML part and the
//! feed escape it, so a link in it is text, never followed).

use game_api::{Lang, Seat};
use locale::tr;

use crate::state::AppState;
use store::press::{Press, PressReader};
use store::{StoreResult, Table};

/// The most messages a turn's report carries (the page and the API have the rest).
pub const REPORT_PRESS_MAX: u32 = 200;

/// What a hidden message shows to everyone but the GM.
pub const HIDDEN: &str = "hidden by the GM";

/// The seats' names, `Red, Blue`.
pub fn seat_names(table: &Table, seats: &[Seat]) -> String {
    seats
        .iter()
        .map(|s| {
            table
                .seats
                .get(s.index())
                .map_or_else(|| format!("seat {}", s.0), |row| row.name.clone())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Who wrote a message (or hid it), in `lang`: the name it was written under, or "a deleted
/// player" for an account since erased (`store::account_care::erase` renames its press).
pub fn author(name: &str, lang: Lang) -> String {
    if store::account_care::is_former_name(name) {
        tr!(lang, "press-text-deleted-author")
    } else {
        name.to_string()
    }
}

/// The sender in `lang`: `Red (alice)`, or `The GM (gm)` for an announcement.
pub fn sender(table: &Table, press: &Press, lang: Lang) -> String {
    let author = author(&press.author, lang);
    match press.from_seat {
        Some(seat) => tr!(
            lang,
            "press-text-seat",
            seat = seat_names(table, &[seat]),
            author = author
        ),
        None => tr!(lang, "press-text-gm", author = author),
    }
}

/// The message's line above its text in `lang`: `Red (alice) to Blue, private`, `The GM
/// (gm), announcement`, `Red (alice)`.
pub fn header(table: &Table, press: &Press, lang: Lang) -> String {
    let from = sender(table, press, lang);
    if press.is_private() {
        tr!(
            lang,
            "press-text-private",
            from = from,
            to = seat_names(table, &press.recipient_seats())
        )
    } else if press.from_seat.is_none() {
        tr!(lang, "press-text-announcement", from = from)
    } else {
        from
    }
}

/// A turn's press in `lang`, zine-style (empty when there is none): a heading, then each
/// message under its sender. A hidden message shows as hidden.
pub fn zine(table: &Table, turn: u16, messages: &[Press], lang: Lang) -> String {
    if messages.is_empty() {
        return String::new();
    }
    let title = tr!(
        lang,
        "press-text-title",
        noun = crate::mail_words::turn_noun(table, lang),
        turn = turn
    );
    // The underline is as wide as the title reads (a Japanese character takes two columns).
    let mut text = format!("{title}\n{}\n", "-".repeat(locale::width(&title)));
    for press in messages {
        let header = header(table, press, lang);
        match &press.hidden {
            Some(_) => {
                text.push_str(&tr!(lang, "press-text-hidden-line", header = header));
                text.push('\n');
            }
            None => {
                text.push_str(&tr!(lang, "press-text-line", header = header));
                text.push('\n');
                for line in press.body.lines() {
                    text.push_str(&format!("  {line}\n"));
                }
            }
        }
    }
    text
}

/// The press of turn `turn` of the game read as `table`, every reader's (at most
/// [`REPORT_PRESS_MAX`] messages): each seat's report keeps its own with [`for_seat`].
pub async fn of_turn(state: &AppState, table: &Table, turn: u16) -> StoreResult<Vec<Press>> {
    store::press::of_turns(state, table.row.id, turn..=turn, REPORT_PRESS_MAX).await
}

/// Of `messages` (of turn `turn`), those `seat` may read, zine-style in `lang`.
pub fn for_seat(table: &Table, seat: Seat, turn: u16, messages: &[Press], lang: Lang) -> String {
    let mine: Vec<Press> = messages
        .iter()
        .filter(|p| p.turn == turn && p.readable_by(PressReader::Seat(seat)))
        .cloned()
        .collect();
    zine(table, turn, &mine, lang)
}
