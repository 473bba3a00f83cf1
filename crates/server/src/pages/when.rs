//! Times as the reader reads them: a deadline in the reader's own time zone (their profile's,
//! else their browser's, UTC until either is known), with the time left and how urgent it is.

use game_api::Lang;
use jiff::Timestamp;
use jiff::tz::TimeZone;
use locale::tr;

/// The time zone named `name` (IANA, from the bundled database), if it is one.
pub fn zone(name: &str) -> Option<TimeZone> {
    TimeZone::get(name.trim()).ok()
}

/// How long until a moment `seconds` away, in `lang`: `40 min`, `5 h`, `5 h 20 min`,
/// `2 d 3 h`; `5時間20分`.
pub fn left_in(lang: Lang, seconds: i64) -> String {
    let minutes = (seconds.max(0) + 59) / 60;
    match minutes {
        m if m < 60 => tr!(lang, "when-left-min", minutes = m),
        m if m < 10 * 60 && m % 60 != 0 => {
            tr!(lang, "when-left-h-min", hours = m / 60, minutes = m % 60)
        }
        m if m < 48 * 60 => tr!(lang, "when-left-h", hours = (m + 30) / 60),
        m => {
            let hours = (m + 30) / 60;
            tr!(lang, "when-left-d-h", days = hours / 24, hours = hours % 24)
        }
    }
}

/// A moment in `zone` (or UTC), in `lang`: `Sun 22 Nov 20:00 America/New_York`,
/// `2026年11月22日(日) 20:00 America/New_York` (the Japanese as `locale::when` writes it).
pub fn moment_in(lang: Lang, at: i64, zone_name: Option<&str>) -> String {
    let Some((name, zoned)) = zoned(at, zone_name) else {
        return format!("{at} s");
    };
    let month = zoned.month();
    let weekday = zoned.weekday().to_monday_one_offset();
    tr!(
        lang,
        "when-moment",
        weekday = lang.t(&format!("weekday-{weekday}")),
        day = zoned.day().to_string(),
        month = month.to_string(),
        month_name = lang.t(&format!("month-{month}")),
        year = zoned.year().to_string(),
        hour = format!("{:02}", zoned.hour()),
        minute = format!("{:02}", zoned.minute()),
        zone = name.to_string(),
    )
}

/// A dated moment, its year written, in `lang`: `Thu 26 Nov 2026, 21:20 UTC`,
/// `2026年11月26日(木) 21:20 UTC` (`locale::when`); for absences and the operator's lists,
/// which reach beyond this year.
pub fn dated_in(lang: Lang, at: i64, zone_name: Option<&str>) -> String {
    let Some((name, z)) = zoned(at, zone_name) else {
        return format!("{at} s");
    };
    let day = locale::Day {
        year: z.year(),
        month: z.month(),
        day: z.day(),
        weekday: z.weekday().to_monday_one_offset(),
    };
    format!("{} {name}", locale::when(lang, day, z.hour(), z.minute()))
}

/// `at` in the zone named `zone_name` (UTC without one, or for a name that is no zone), with
/// the name shown; `None` for an instant out of range.
fn zoned(at: i64, zone_name: Option<&str>) -> Option<(&str, jiff::Zoned)> {
    let t = Timestamp::from_second(at).ok()?;
    Some(
        match zone_name.and_then(|n| zone(n).map(|z| (n.trim(), z))) {
            Some((name, z)) => (name, t.to_zoned(z)),
            None => ("UTC", t.to_zoned(TimeZone::UTC)),
        },
    )
}

/// A deadline as the reader reads it, in `lang`: the moment in their zone and the time left
/// (`Sun 22 Nov 20:00 UTC (in 3 h)`, `2026年11月22日(日) 20:00 UTC（あと3時間）`).
pub fn deadline_in(lang: Lang, at: i64, now: i64, zone_name: Option<&str>) -> String {
    let moment = moment_in(lang, at, zone_name);
    if at <= now {
        tr!(lang, "when-deadline-now", moment = moment)
    } else {
        tr!(
            lang,
            "when-deadline",
            moment = moment,
            left = left_in(lang, at - now)
        )
    }
}

/// A game's deadline rule in words: `every 24 h`, `every Sunday at 20:00 (Europe/London)`.
pub fn rule_in(lang: Lang, rule: &gm::DeadlineRule) -> String {
    match rule {
        gm::DeadlineRule::Interval { seconds } if seconds % 3600 == 0 => {
            tr!(lang, "when-rule-hours", hours = seconds / 3600)
        }
        gm::DeadlineRule::Interval { seconds } => {
            tr!(lang, "when-rule-minutes", minutes = seconds / 60)
        }
        gm::DeadlineRule::Weekly {
            weekday,
            time,
            zone,
        } => {
            let id = format!("new-game-weekday-{}", weekday.to_ascii_lowercase());
            let named = lang.t(&id);
            tr!(
                lang,
                "when-rule-weekly",
                weekday = if named == id { weekday.clone() } else { named },
                time = time.clone(),
                zone = zone.clone(),
            )
        }
    }
}

/// How near a deadline to act by is: the styling of "your move" and its badge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Urgency {
    /// A day or more away.
    Calm,
    /// Under 24 hours.
    Soon,
    /// Under 2 hours.
    Urgent,
    /// Passed: the turn is processed at the worker's next look.
    Late,
}

impl Urgency {
    pub fn of(at: i64, now: i64) -> Urgency {
        match at - now {
            left if left <= 0 => Urgency::Late,
            left if left < 2 * 3600 => Urgency::Urgent,
            left if left < 24 * 3600 => Urgency::Soon,
            _ => Urgency::Calm,
        }
    }

    /// The class of the "your move" box (`due-soon`), empty when calm.
    pub fn class(self) -> &'static str {
        match self {
            Urgency::Calm => "",
            Urgency::Soon => "due-soon",
            Urgency::Urgent => "due-urgent",
            Urgency::Late => "due-late",
        }
    }

    /// The badge's class (`badge-warn`), empty when calm.
    pub fn badge(self) -> &'static str {
        match self {
            Urgency::Calm => "",
            Urgency::Soon => "badge-warn",
            Urgency::Urgent | Urgency::Late => "badge-danger",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 15: a Sunday 20:00 New York deadline reads as such in New York, and in UTC for a
    /// reader without a zone.
    #[test]
    fn a_deadline_reads_in_the_readers_zone_with_the_time_left() {
        // 2026-11-23 01:00 UTC is Sunday 22 November, 20:00 in New York.
        let at = 1_795_395_600;
        assert_eq!(moment_in(Lang::EN, at, None), "Mon 23 Nov 01:00 UTC");
        assert_eq!(
            moment_in(Lang::EN, at, Some("America/New_York")),
            "Sun 22 Nov 20:00 America/New_York"
        );
        assert_eq!(
            moment_in(Lang::EN, at, Some("Not/AZone")),
            "Mon 23 Nov 01:00 UTC"
        );
        assert_eq!(
            deadline_in(Lang::EN, at, at - 5 * 3600, Some("America/New_York")),
            "Sun 22 Nov 20:00 America/New_York (in 5 h)"
        );
        assert_eq!(left_in(Lang::EN, 40 * 60), "40 min");
        assert_eq!(left_in(Lang::EN, 5 * 3600 + 20 * 60), "5 h 20 min");
        assert_eq!(left_in(Lang::EN, 50 * 3600), "2 d 2 h");
        assert!(deadline_in(Lang::EN, at, at + 1, None).ends_with("(due now)"));
    }

    /// Issue 29, point 8: 13 minutes does not look like 24 hours.
    #[test]
    fn a_deadline_under_a_day_is_soon_and_under_two_hours_urgent() {
        let now = 1_795_395_600;
        assert_eq!(Urgency::of(now + 25 * 3600, now), Urgency::Calm);
        assert_eq!(Urgency::of(now + 24 * 3600, now), Urgency::Calm);
        assert_eq!(Urgency::of(now + 24 * 3600 - 1, now), Urgency::Soon);
        assert_eq!(Urgency::of(now + 2 * 3600, now), Urgency::Soon);
        assert_eq!(Urgency::of(now + 13 * 60, now), Urgency::Urgent);
        assert_eq!(Urgency::of(now, now), Urgency::Late);
        assert_eq!(Urgency::of(now + 13 * 60, now).badge(), "badge-danger");
        assert_eq!(Urgency::Calm.class(), "");
    }

    /// Issue 36: a Japanese reader reads the same deadline as `2026年11月22日(日) 20:00`,
    /// the time left after it in full-width brackets.
    #[test]
    fn a_deadline_reads_in_japanese_with_the_time_left() {
        let ja = Lang::from_code("ja").unwrap();
        let at = 1_795_395_600;
        assert_eq!(
            deadline_in(ja, at, at - 3 * 3600, Some("America/New_York")),
            "2026年11月22日(日) 20:00 America/New_York（あと3時間）"
        );
        assert_eq!(left_in(ja, 5 * 3600 + 20 * 60), "5時間20分");
        let weekly = gm::DeadlineRule::Weekly {
            weekday: "sunday".into(),
            time: "20:00".into(),
            zone: "Europe/London".into(),
        };
        assert_eq!(rule_in(ja, &weekly), "毎週日曜日 20:00（Europe/London）");
        assert_eq!(
            rule_in(Lang::EN, &weekly),
            "every Sunday at 20:00 (Europe/London)"
        );
        let daily = gm::DeadlineRule::Interval { seconds: 86_400 };
        assert_eq!(rule_in(Lang::EN, &daily), daily.to_string());
    }
}
