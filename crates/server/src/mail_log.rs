//! The mail log: the mail that did not get through, newest first (read by
//! `store::mail_log`), in its two views — the operator's (`postrider mail-log`: every address,
//! subject, relay answer and note) and the GM's (the game's console: the seat, the kind of
//! mail and what happened, never an address, a subject or a mail's text).

use locale::{Lang, tr};

use store::Db;
use store::Table;
use store::error::StoreResult;
use store::mail_log::{self, Failure, Undelivered};

/// One line of the operator's mail log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// When it failed (outbox) or arrived (inbound), in Unix seconds.
    pub at: i64,
    /// `outbox failed`, `outbox bounced`, `inbound dropped` or `inbound refused`.
    pub what: &'static str,
    pub game: Option<i64>,
    /// The address it was for: the recipient of a mail out, the order address of a mail in.
    pub address: String,
    /// The mail's subject and the relay's last answer, or what was done with a mail in.
    pub detail: String,
}

/// The operator's newest `limit` entries, of one game if `game` is given.
pub async fn entries(db: &Db, game: Option<i64>, limit: i64) -> StoreResult<Vec<Entry>> {
    Ok(mail_log::newest(db, game, limit)
        .await?
        .into_iter()
        .map(|u| match u.failure {
            Failure::Out {
                to,
                subject,
                error,
                attempts,
                ..
            } => Entry {
                at: u.at,
                what: "outbox failed",
                game: u.game_id,
                address: to,
                detail: format!(
                    "{subject:?}: {} (after {attempts} attempts)",
                    error.unwrap_or_else(|| "no answer recorded".into())
                ),
            },
            Failure::Bounced {
                to, subject, words, ..
            } => Entry {
                at: u.at,
                what: "outbox bounced",
                game: u.game_id,
                address: to,
                detail: format!("{subject:?}: {words}"),
            },
            Failure::In {
                refused,
                recipient,
                note,
            } => Entry {
                at: u.at,
                what: if refused {
                    "inbound refused"
                } else {
                    "inbound dropped"
                },
                game: u.game_id,
                address: recipient.unwrap_or_else(|| "(no order address)".into()),
                detail: note.unwrap_or_else(|| "answered with its errors".into()),
            },
        })
        .collect())
}

/// How many entries the console shows, newest first.
pub const GM_ENTRIES: i64 = 20;

/// What happened to a mail, as the GM's console tells it (a badge).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Category {
    /// A mail out to the seat's player (or an invitation, or the game's webhook post) that the
    /// relay refused for good or whose retries ran out.
    NotDelivered,
    /// A mail out to the seat's player that the relay took and later bounced: the player's
    /// address is not mailed until they confirm it again.
    Bounced,
    /// A mail to the seat's order address, not read or not answered.
    Dropped,
    /// A mail to the seat's order address, answered with its errors; nothing sealed.
    Refused,
}

impl Category {
    pub fn label(self) -> &'static str {
        match self {
            Category::NotDelivered => "not delivered",
            Category::Bounced => "bounced",
            Category::Dropped => "dropped",
            Category::Refused => "answered with errors",
        }
    }
}

/// One line of the GM's mail log. What it holds is all the GM sees (docs/operations.md, "The
/// mail log"): the seat by its name, the time, a category, a sentence naming the kind of mail
/// (never its subject or text), and for a mail out the relay's answer with every address and
/// URL in it replaced; for a mail in, a fixed reason (its note may quote the orders).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GmEntry {
    pub at: i64,
    /// The seat's name, or `a player` / `the game's webhook` when the row names no seat.
    pub seat: String,
    pub category: Category,
    pub what: String,
    pub reason: String,
}

/// The GM's mail log of one game: the newest [`GM_ENTRIES`] and how many older ones there are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GmMailLog {
    pub entries: Vec<GmEntry>,
    pub older: i64,
}

/// The mail log of the game read as `table`, for its GM, in `lang`.
pub async fn for_gm(db: &Db, table: &Table, lang: Lang) -> StoreResult<GmMailLog> {
    let id = table.row.id;
    let entries: Vec<GmEntry> = mail_log::newest(db, Some(id), GM_ENTRIES)
        .await?
        .into_iter()
        .map(|u| gm_entry(table, u, lang))
        .collect();
    let total = mail_log::count(db, Some(id)).await?;
    let older = (total - entries.len() as i64).max(0);
    Ok(GmMailLog { entries, older })
}

/// The GM's line of one mail: see [`GmEntry`].
fn gm_entry(table: &Table, u: Undelivered, lang: Lang) -> GmEntry {
    let name = u
        .seat
        .and_then(|s| table.seats.get(s.index()))
        .map(|s| s.name.clone());
    let player = match &name {
        Some(seat) => tr!(lang, "console-log-player", seat = seat.as_str()),
        None => lang.t("console-log-a-player"),
    };
    let seat_or_player = name
        .clone()
        .unwrap_or_else(|| lang.t("console-log-a-player"));
    let order_address = match &name {
        Some(seat) => tr!(lang, "console-log-order-address", seat = seat.as_str()),
        None => lang.t("console-log-an-order-address"),
    };
    let (seat, category, what, reason) = match u.failure {
        Failure::Out {
            kind,
            error,
            attempts,
            turn,
            ..
        } => {
            let what = out_what(table, &kind, turn, player.as_str(), &name, lang);
            // The relay's own words, shown as it wrote them (redacted).
            let answered = match error {
                Some(e) => redact(&e),
                None => lang.t("console-log-no-answer"),
            };
            let seat = match kind.as_str() {
                "webhook" => lang.t("console-log-webhook"),
                _ => seat_or_player,
            };
            let reason = tr!(
                lang,
                "console-log-attempts",
                answer = answered,
                n = attempts
            );
            (seat, Category::NotDelivered, what, reason)
        }
        Failure::Bounced {
            kind, words, turn, ..
        } => {
            let what = out_what(table, &kind, turn, player.as_str(), &name, lang);
            let reason = tr!(
                lang,
                "console-log-bounced-why",
                answer = redact(&words),
                to = player.as_str()
            );
            (seat_or_player, Category::Bounced, what, reason)
        }
        Failure::In { refused: true, .. } => (
            seat_or_player,
            Category::Refused,
            tr!(lang, "console-log-refused", address = order_address),
            lang.t("console-log-refused-why"),
        ),
        Failure::In { refused: false, .. } => (
            seat_or_player,
            Category::Dropped,
            tr!(lang, "console-log-dropped", address = order_address),
            lang.t("console-log-dropped-why"),
        ),
    };
    GmEntry {
        at: u.at,
        seat,
        category,
        what,
        reason,
    }
}

/// The sentence naming a mail out that did not get through: its kind, to whom, the turn.
fn out_what(
    table: &Table,
    kind: &str,
    turn: Option<i64>,
    to: &str,
    seat: &Option<String>,
    lang: Lang,
) -> String {
    match (kind, seat) {
        ("webhook", _) => lang.t("console-log-webhook-failed"),
        ("report", _) => match turn {
            Some(t) => tr!(
                lang,
                "console-log-report",
                noun = table.row.game.turn_noun,
                turn = t,
                to = to
            ),
            None => tr!(lang, "console-log-report-any", to = to),
        },
        ("reminder", _) => tr!(lang, "console-log-reminder", to = to),
        ("welcome", _) => tr!(lang, "console-log-welcome", to = to),
        ("echo", _) => tr!(lang, "console-log-echo", to = to),
        ("refusal", _) => tr!(lang, "console-log-refusal", to = to),
        ("invitation", Some(seat)) => {
            tr!(lang, "console-log-invitation", seat = seat.as_str())
        }
        _ => tr!(lang, "console-log-mail", to = to),
    }
}

/// The most of a relay's answer the console shows, in characters.
const MOST_REASON: usize = 200;

/// A relay's or webhook's answer for the GM: one line, every word that is or holds a mail
/// address (`@`, `%40`), a URL (`://`) or something in angle brackets replaced by
/// `[address]` or `[URL]`, cut to [`MOST_REASON`] characters.
pub fn redact(answer: &str) -> String {
    let words: Vec<String> = answer
        .split_whitespace()
        .map(|word| {
            let kept = word.trim_end_matches([':', ',', ';', '.', ')']);
            let tail = &word[kept.len()..];
            if kept.contains("://") {
                format!("[URL]{tail}")
            } else if kept.contains('@')
                || kept.to_ascii_lowercase().contains("%40")
                || (kept.starts_with('<') || kept.ends_with('>'))
            {
                format!("[address]{tail}")
            } else {
                word.chars().filter(|c| !c.is_control()).collect()
            }
        })
        .collect();
    let line = words.join(" ");
    if line.chars().count() > MOST_REASON {
        let cut: String = line.chars().take(MOST_REASON).collect();
        format!("{cut}…")
    } else {
        line
    }
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn a_relay_answer_loses_its_addresses_and_urls() {
        assert_eq!(
            redact("550 5.1.1 <bob@example.org>: no such user"),
            "550 5.1.1 [address]: no such user"
        );
        assert_eq!(
            redact("RCPT TO:<orders+s3cr3t@club.example> refused\r\n(try again)"),
            "RCPT [address] refused (try again)"
        );
        assert_eq!(
            redact("https://discord.com/api/webhooks/1/tok: HTTP 404"),
            "[URL]: HTTP 404"
        );
        assert_eq!(redact("bob%40example.org, ann@x."), "[address], [address].");
        assert_eq!(redact("mail is off (no --smtp)"), "mail is off (no --smtp)");
        assert_eq!(redact(&"x ".repeat(300)).chars().count(), MOST + 1);
    }

    const MOST: usize = super::MOST_REASON;
}
