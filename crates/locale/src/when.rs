//! A moment as a reader writes it: `Thu 26 Nov 2026, 20:00` in English,
//! `2026年11月26日(木) 20:00` in Japanese; always a 24-hour clock, in the reader's zone.

use jiff::Zoned;
use jiff::civil::Date;

use crate::{Args, Lang};

/// The day and the time of `at`, in its own zone.
pub fn when(lang: Lang, at: &Zoned) -> String {
    let mut args = day_args(lang, at.date());
    args.set("hour", format!("{:02}", at.hour()));
    args.set("minute", format!("{:02}", at.minute()));
    lang.t_with("when", &args)
}

/// A day.
pub fn when_date(lang: Lang, date: Date) -> String {
    lang.t_with("when-date", &day_args(lang, date))
}

fn day_args(lang: Lang, date: Date) -> Args<'static> {
    let mut args = Args::new();
    args.set("year", date.year().to_string());
    args.set("month", date.month().to_string());
    args.set("month-name", lang.t(&format!("month-{}", date.month())));
    args.set("day", date.day().to_string());
    let weekday = date.weekday().to_monday_one_offset();
    args.set("weekday", lang.t(&format!("weekday-{weekday}")));
    args
}
