//! How mail words a game: what it calls a turn and a seat, a moment, the coming deadline. The
//! letters, the reminders, the webhooks, the pushes and the press share them.

use game_api::Lang;
use locale::tr;
use store::Table;

/// What the game calls a turn (`turn`, `round`), in `lang`.
pub fn turn_noun(table: &Table, lang: Lang) -> String {
    tr!(lang, "mail-turn-noun", noun = table.row.game.turn_noun)
}

/// What the game calls a seat (`team`, `walker`), in `lang`.
pub fn seat_noun(table: &Table, lang: Lang) -> String {
    tr!(lang, "mail-seat-noun", noun = table.row.game.seat_noun)
}

/// A moment as a mail gives it, in UTC: English keeps `2026-11-26 20:00 UTC`; other languages
/// write it their way (`2026年11月26日(木) 20:00（UTC）`).
pub fn moment(lang: Lang, at: i64) -> String {
    let utc = gm::utc_text(at);
    if lang == Lang::EN {
        return utc;
    }
    let Ok(t) = jiff::Timestamp::from_second(at) else {
        return utc;
    };
    let z = t.to_zoned(jiff::tz::TimeZone::UTC);
    let day = locale::Day {
        year: z.year(),
        month: z.month(),
        day: z.day(),
        weekday: z.weekday().to_monday_one_offset(),
    };
    tr!(
        lang,
        "mail-moment",
        when = locale::when(lang, day, z.hour(), z.minute())
    )
}

/// The deadline of the coming turn (`at`), as mails give it, unless the game is over.
pub fn deadline_line(table: &Table, lang: Lang, at: Option<i64>) -> String {
    match at {
        Some(at) if !table.record.is_over() => {
            format!("{}\n", tr!(lang, "mail-deadline", when = moment(lang, at)))
        }
        _ => String::new(),
    }
}
