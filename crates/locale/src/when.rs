//! A moment as a reader writes it: `Thu 26 Nov 2026, 20:00` in English,
//! `2026年11月26日(木) 20:00` in Japanese; always a 24-hour clock. The caller gives the
//! calendar fields in the reader's zone (the server from `jiff`), so that this crate, which
//! the rules crates use, needs no time library.

use crate::{Args, Lang};

/// A day as a calendar shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Day {
    pub year: i16,
    /// 1–12.
    pub month: i8,
    /// 1–31.
    pub day: i8,
    /// 1 (Monday) to 7 (Sunday).
    pub weekday: i8,
}

/// The day and the time `hour:minute` on it.
pub fn when(lang: Lang, day: Day, hour: i8, minute: i8) -> String {
    let mut args = day_args(lang, day);
    args.set("hour", format!("{hour:02}"));
    args.set("minute", format!("{minute:02}"));
    lang.t_with("when", &args)
}

/// A day.
pub fn when_date(lang: Lang, day: Day) -> String {
    lang.t_with("when-date", &day_args(lang, day))
}

fn day_args(lang: Lang, day: Day) -> Args<'static> {
    let mut args = Args::new();
    args.set("year", day.year.to_string());
    args.set("month", day.month.to_string());
    args.set("month-name", lang.t(&format!("month-{}", day.month)));
    args.set("day", day.day.to_string());
    args.set("weekday", lang.t(&format!("weekday-{}", day.weekday)));
    args
}
