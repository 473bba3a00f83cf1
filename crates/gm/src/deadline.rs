//! Deadline rules: when the next turn is due. Pure arithmetic on times the caller gives (the
//! server's clock is injected); time zones come from the tz database bundled at build time, so
//! the answer never depends on the machine.

use jiff::civil::{Time, Weekday};
use jiff::tz::TimeZone;
use jiff::{SignedDuration, Timestamp};
use serde::{Deserialize, Serialize};

/// When a game's turns fall due. Either way, a turn is processed early once every seat that
/// plays is ready.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "every", deny_unknown_fields)]
pub enum DeadlineRule {
    /// A fixed interval after the previous turn was processed (or the game created).
    Interval { seconds: i64 },
    /// Once a week at a local time, e.g. Sunday 20:00 in Europe/London.
    Weekly {
        /// `monday` … `sunday`.
        weekday: String,
        /// `HH:MM`, 24-hour clock.
        time: String,
        /// An IANA zone name such as `Europe/London`.
        zone: String,
    },
}

/// A deadline rule's bad field, or a date out of range.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeadlineError {
    #[error("deadline.seconds: {0} is outside 60 (a minute) to 31622400 (a year)")]
    Seconds(i64),
    #[error("deadline.weekday: {0:?} is not a day of the week")]
    Weekday(String),
    #[error("deadline.time: {0:?} is not a time like 20:00")]
    Time(String),
    #[error("deadline.zone: {0:?} is not a time zone like Europe/London")]
    Zone(String),
    /// A moment the calendar cannot reach (far outside the years a game is played in).
    #[error("{0}")]
    OutOfRange(String),
}

impl DeadlineError {
    /// What the GM is told, in their language (a calendar's own words stay as they are).
    pub fn phrase(&self) -> locale::Phrase {
        use locale::phrase;
        match self {
            DeadlineError::Seconds(seconds) => phrase!("error-deadline-seconds", seconds = seconds),
            DeadlineError::Weekday(day) => phrase!("error-deadline-weekday", weekday = day),
            DeadlineError::Time(time) => phrase!("error-deadline-time", time = time),
            DeadlineError::Zone(zone) => phrase!("error-deadline-zone", zone = zone),
            DeadlineError::OutOfRange(text) => locale::Phrase::verbatim(text.as_str()),
        }
    }
}

impl DeadlineRule {
    /// Checks the rule's fields, naming the bad one.
    pub fn check(&self) -> Result<(), DeadlineError> {
        match self {
            DeadlineRule::Interval { seconds } => {
                if !(60..=60 * 60 * 24 * 366).contains(seconds) {
                    return Err(DeadlineError::Seconds(*seconds));
                }
                Ok(())
            }
            DeadlineRule::Weekly {
                weekday,
                time,
                zone,
            } => weekly(weekday, time, zone).map(|_| ()),
        }
    }

    /// The first deadline strictly after `now` (Unix seconds).
    pub fn next_after(&self, now: i64) -> Result<i64, DeadlineError> {
        match self {
            DeadlineRule::Interval { seconds } => Ok(now + seconds),
            DeadlineRule::Weekly {
                weekday,
                time,
                zone,
            } => {
                let (day, at, tz) = weekly(weekday, time, zone)?;
                let range = |e: jiff::Error| DeadlineError::OutOfRange(e.to_string());
                let now_ts = Timestamp::from_second(now).map_err(range)?;
                let today = now_ts.to_zoned(tz.clone()).date();
                // A local time skipped by a clock change resolves to the later instant.
                let due = |days: i64| -> Result<i64, DeadlineError> {
                    let date = today
                        .checked_add(SignedDuration::from_hours(24 * days))
                        .map_err(range)?;
                    let zoned = date.to_datetime(at).to_zoned(tz.clone()).map_err(range)?;
                    Ok(zoned.timestamp().as_second())
                };
                let ahead = i64::from(
                    day.to_monday_zero_offset() - today.weekday().to_monday_zero_offset(),
                )
                .rem_euclid(7);
                let first = due(ahead)?;
                if first > now {
                    Ok(first)
                } else {
                    due(ahead + 7)
                }
            }
        }
    }
}

/// A weekly rule's fields, checked: the day, the local time and the zone.
impl std::fmt::Display for DeadlineRule {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DeadlineRule::Interval { seconds } if seconds % 3600 == 0 => {
                write!(f, "every {} h", seconds / 3600)
            }
            DeadlineRule::Interval { seconds } => write!(f, "every {} min", seconds / 60),
            DeadlineRule::Weekly {
                weekday,
                time,
                zone,
            } => write!(f, "every {weekday} at {time} ({zone})"),
        }
    }
}

/// A moment (seconds since 1970) as people read it: `2026-11-22 18:00 UTC`.
pub fn utc_text(seconds: i64) -> String {
    match jiff::Timestamp::from_second(seconds) {
        Ok(t) => t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
        Err(_) => format!("{seconds} s"),
    }
}

fn weekly(
    weekday: &str,
    time: &str,
    zone: &str,
) -> Result<(Weekday, Time, TimeZone), DeadlineError> {
    let day = match weekday.to_ascii_lowercase().as_str() {
        "monday" => Weekday::Monday,
        "tuesday" => Weekday::Tuesday,
        "wednesday" => Weekday::Wednesday,
        "thursday" => Weekday::Thursday,
        "friday" => Weekday::Friday,
        "saturday" => Weekday::Saturday,
        "sunday" => Weekday::Sunday,
        _ => return Err(DeadlineError::Weekday(weekday.to_string())),
    };
    let at: Time = time
        .parse()
        .ok()
        .filter(|_| time.len() == 5)
        .ok_or_else(|| DeadlineError::Time(time.to_string()))?;
    let tz = TimeZone::get(zone).map_err(|_| DeadlineError::Zone(zone.to_string()))?;
    Ok((day, at, tz))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn weekly(weekday: &str, time: &str, zone: &str) -> DeadlineRule {
        DeadlineRule::Weekly {
            weekday: weekday.into(),
            time: time.into(),
            zone: zone.into(),
        }
    }

    fn at(text: &str) -> i64 {
        text.parse::<Timestamp>().unwrap().as_second()
    }

    #[test]
    fn moments_and_rules_read_as_people_write_them() {
        assert_eq!(utc_text(at("2026-11-22T18:05:00Z")), "2026-11-22 18:05 UTC");
        assert_eq!(
            DeadlineRule::Interval { seconds: 86400 }.to_string(),
            "every 24 h"
        );
        assert_eq!(
            DeadlineRule::Interval { seconds: 600 }.to_string(),
            "every 10 min"
        );
        assert_eq!(
            weekly("sunday", "20:00", "Europe/London").to_string(),
            "every sunday at 20:00 (Europe/London)"
        );
    }

    #[test]
    fn interval_counts_from_now() {
        let rule = DeadlineRule::Interval { seconds: 86400 };
        assert_eq!(rule.next_after(1000).unwrap(), 87400);
    }

    #[test]
    fn weekly_deadline_in_a_zone_follows_summer_time() {
        let rule = weekly("sunday", "20:00", "Europe/London");
        // Wednesday 2026-11-18 12:00 UTC: next Sunday 20:00 GMT.
        assert_eq!(
            rule.next_after(at("2026-11-18T12:00:00Z")).unwrap(),
            at("2026-11-22T20:00:00Z")
        );
        // In July, 20:00 in London is 19:00 UTC.
        assert_eq!(
            rule.next_after(at("2026-07-01T00:00:00Z")).unwrap(),
            at("2026-07-05T19:00:00Z")
        );
        // On the deadline itself, the next one is a week later.
        assert_eq!(
            rule.next_after(at("2026-11-22T20:00:00Z")).unwrap(),
            at("2026-11-29T20:00:00Z")
        );
    }

    #[test]
    fn bad_rules_name_the_field() {
        assert!(
            weekly("sundae", "20:00", "UTC")
                .check()
                .unwrap_err()
                .to_string()
                .starts_with("deadline.weekday")
        );
        assert!(
            weekly("sunday", "25:00", "UTC")
                .check()
                .unwrap_err()
                .to_string()
                .starts_with("deadline.time")
        );
        assert!(
            weekly("sunday", "20:00", "Mars/Olympus")
                .check()
                .unwrap_err()
                .to_string()
                .starts_with("deadline.zone")
        );
        assert!(
            DeadlineRule::Interval { seconds: 5 }
                .check()
                .unwrap_err()
                .to_string()
                .starts_with("deadline.seconds")
        );
    }
}
