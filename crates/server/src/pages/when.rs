//! Times as the reader reads them: a deadline in the reader's own time zone (their profile's,
//! else their browser's, UTC until either is known), with the time left and how urgent it is.

use jiff::Timestamp;
use jiff::tz::TimeZone;

/// The time zone named `name` (IANA, from the bundled database), if it is one.
pub fn zone(name: &str) -> Option<TimeZone> {
    TimeZone::get(name.trim()).ok()
}

/// How long until a moment `seconds` away: `40 min`, `5 h`, `5 h 20 min`, `2 d 3 h`.
pub fn left(seconds: i64) -> String {
    let minutes = (seconds.max(0) + 59) / 60;
    match minutes {
        m if m < 60 => format!("{m} min"),
        m if m < 10 * 60 && m % 60 != 0 => format!("{} h {} min", m / 60, m % 60),
        m if m < 48 * 60 => format!("{} h", (m + 30) / 60),
        m => {
            let hours = (m + 30) / 60;
            format!("{} d {} h", hours / 24, hours % 24)
        }
    }
}

/// A moment in `zone` (or UTC): `Sun 23 Nov 20:00 America/New_York`.
pub fn moment(at: i64, zone_name: Option<&str>) -> String {
    let Ok(t) = Timestamp::from_second(at) else {
        return format!("{at} s");
    };
    match zone_name.and_then(|n| zone(n).map(|z| (n, z))) {
        Some((name, z)) => format!(
            "{} {}",
            t.to_zoned(z).strftime("%a %-d %b %H:%M"),
            name.trim()
        ),
        None => format!(
            "{} UTC",
            t.to_zoned(TimeZone::UTC).strftime("%a %-d %b %H:%M")
        ),
    }
}

/// A deadline as the reader reads it: the moment in their zone and the time left.
pub fn deadline(at: i64, now: i64, zone_name: Option<&str>) -> String {
    if at <= now {
        format!("{} (due now)", moment(at, zone_name))
    } else {
        format!("{} (in {})", moment(at, zone_name), left(at - now))
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

/// A deadline to act by: `in 5 h (Sun 22 Nov 20:00 America/New_York)`.
pub fn due(at: i64, now: i64, zone_name: Option<&str>) -> String {
    if at <= now {
        format!("now ({})", moment(at, zone_name))
    } else {
        format!("in {} ({})", left(at - now), moment(at, zone_name))
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
        assert_eq!(moment(at, None), "Mon 23 Nov 01:00 UTC");
        assert_eq!(
            moment(at, Some("America/New_York")),
            "Sun 22 Nov 20:00 America/New_York"
        );
        assert_eq!(moment(at, Some("Not/AZone")), "Mon 23 Nov 01:00 UTC");
        assert_eq!(
            deadline(at, at - 5 * 3600, Some("America/New_York")),
            "Sun 22 Nov 20:00 America/New_York (in 5 h)"
        );
        assert_eq!(left(40 * 60), "40 min");
        assert_eq!(left(5 * 3600 + 20 * 60), "5 h 20 min");
        assert_eq!(left(50 * 3600), "2 d 2 h");
        assert!(deadline(at, at + 1, None).ends_with("(due now)"));
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
}
