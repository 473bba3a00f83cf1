//! Reading a bounce: a delivery status notification (DSN) that a relay sends back to a mail's
//! envelope sender when it cannot deliver it. The standard shape is RFC 3464's
//! `multipart/report; report-type=delivery-status`, whose `message/delivery-status` part holds
//! one group of fields per recipient (`Final-Recipient`, `Action`, `Status`,
//! `Diagnostic-Code`): Postfix, Exim, Gmail and Microsoft 365 all send it. Older or simpler
//! MTAs (qmail, some appliances) send only prose; that is read for an SMTP refusal
//! (`550 5.1.1 …`, `(#5.1.1)`). Anything else arriving at a bounce address — an out-of-office
//! reply goes to the envelope sender too (RFC 3834) — is no bounce.

use mail_parser::{MessageParser, MimeHeaders, PartType};

/// What a relay says became of the mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Given up for good (`Action: failed`, a `5.x.x` status): the address does not take mail.
    Failed,
    /// Still being tried (`Action: delayed`, a `4.x.x` status): a warning, not a bounce.
    Delayed,
    /// Delivered, relayed or expanded (a DSN someone asked for): nothing wrong.
    Delivered,
}

/// A bounce as read: for the first recipient it is about.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bounce {
    pub action: Action,
    /// The address that bounced, as the relay names it (`Final-Recipient`, without `rfc822;`).
    pub recipient: Option<String>,
    /// The enhanced status code (`5.1.1`), if the relay gave one.
    pub status: Option<String>,
    /// The relay's own words, one line: the `Diagnostic-Code` (without `smtp;`), or the line of
    /// the prose that holds the refusal. At most [`MAX_WORDS`] characters.
    pub words: String,
}

/// The most characters of a relay's words kept.
pub const MAX_WORDS: usize = 500;

/// Reads `raw` as a bounce: `None` when it is none (an auto-reply, a person's mail, a message
/// that cannot be read).
pub fn read_bounce(raw: &[u8]) -> Option<Bounce> {
    if raw.len() > crate::message::MAX_MESSAGE {
        return None;
    }
    let message = MessageParser::default().parse(raw)?;
    let report = message.parts.iter().find(|part| {
        part.content_type().is_some_and(|t| {
            t.ctype().eq_ignore_ascii_case("message")
                && t.subtype().is_some_and(|s| {
                    s.eq_ignore_ascii_case("delivery-status")
                        || s.eq_ignore_ascii_case("global-delivery-status")
                })
        })
    });
    if let Some(part) = report {
        let fields = match &part.body {
            PartType::Text(text) => text.to_string(),
            PartType::Binary(bytes) | PartType::InlineBinary(bytes) => {
                String::from_utf8_lossy(bytes).into_owned()
            }
            _ => String::new(),
        };
        if let Some(bounce) = delivery_status(&fields) {
            return Some(bounce);
        }
    }
    let subject = message.subject().unwrap_or_default().to_ascii_lowercase();
    let from = message
        .from()
        .and_then(|f| f.first())
        .and_then(|a| a.address())
        .unwrap_or_default()
        .to_ascii_lowercase();
    let text = message.body_text(0).unwrap_or_default();
    prose(&subject, &from, &text)
}

/// The fields of a `message/delivery-status` part: a group for the message, then one per
/// recipient, separated by blank lines; a field's continuation lines begin with white space.
fn delivery_status(fields: &str) -> Option<Bounce> {
    let mut groups: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for line in fields.replace("\r\n", "\n").lines() {
        if line.trim().is_empty() {
            if groups.last().is_some_and(|g| !g.is_empty()) {
                groups.push(Vec::new());
            }
        } else if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = groups.last_mut().and_then(|g| g.last_mut()) {
                value.push(' ');
                value.push_str(line.trim());
            }
        } else if let Some((name, value)) = line.split_once(':')
            && let Some(group) = groups.last_mut()
        {
            group.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    let field = |group: &[(String, String)], name: &str| {
        group
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
    };
    let recipients: Vec<Bounce> = groups
        .iter()
        .filter(|g| field(g, "final-recipient").is_some() || field(g, "action").is_some())
        .map(|g| {
            let status = field(g, "status").and_then(|s| status_code(&s));
            let action = match field(g, "action").map(|a| a.to_ascii_lowercase()) {
                Some(a) if a.starts_with("failed") => Action::Failed,
                Some(a) if a.starts_with("delayed") => Action::Delayed,
                Some(a)
                    if a.starts_with("delivered")
                        || a.starts_with("relayed")
                        || a.starts_with("expanded") =>
                {
                    Action::Delivered
                }
                _ => match status.as_deref().map(|s| s.as_bytes()[0]) {
                    Some(b'5') => Action::Failed,
                    Some(b'4') => Action::Delayed,
                    _ => Action::Delivered,
                },
            };
            let recipient = field(g, "final-recipient")
                .or_else(|| field(g, "original-recipient"))
                .map(|r| after_type(&r).trim_matches(['<', '>']).to_string());
            let words = field(g, "diagnostic-code")
                .map(|d| after_type(&d).to_string())
                .or_else(|| status.as_ref().map(|s| format!("status {s}")))
                .unwrap_or_else(|| "no reason given".into());
            Bounce {
                action,
                recipient,
                status,
                words: one_line(&words),
            }
        })
        .collect();
    // The first failure, else the first warning, else whatever the first says.
    for wanted in [Action::Failed, Action::Delayed, Action::Delivered] {
        if let Some(bounce) = recipients.iter().find(|b| b.action == wanted) {
            return Some(bounce.clone());
        }
    }
    None
}

/// A typed value's value: `rfc822; a@b` → `a@b`, `smtp; 550 …` → `550 …`.
fn after_type(value: &str) -> &str {
    match value.split_once(';') {
        Some((kind, rest)) if !kind.contains(' ') && kind.len() < 20 => rest.trim(),
        _ => value.trim(),
    }
}

/// The enhanced status code (`5.1.1`) at the start of `text`, or standing in it.
fn status_code(text: &str) -> Option<String> {
    text.split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .map(|w| w.trim_matches('.'))
        .find(|w| {
            let parts: Vec<&str> = w.split('.').collect();
            parts.len() == 3
                && matches!(parts[0], "2" | "4" | "5")
                && parts[1..]
                    .iter()
                    .all(|p| !p.is_empty() && p.len() <= 3 && p.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(str::to_string)
}

/// A one-line version of `words`, at most [`MAX_WORDS`] characters.
fn one_line(words: &str) -> String {
    let line = words.split_whitespace().collect::<Vec<_>>().join(" ");
    line.chars().take(MAX_WORDS).collect()
}

/// A bounce written only as prose: from a mailer daemon or with a bounce's subject, holding an
/// SMTP refusal. A reply code `5xx`, an enhanced status `5.x.x` or qmail's `(#5.x.x)` on a
/// line is a failure (that line, with the address line before it in qmail's shape, is the
/// relay's words); a `4xx` alone is a delay.
fn prose(subject: &str, from: &str, text: &str) -> Option<Bounce> {
    let daemon = ["mailer-daemon", "postmaster", "mail-daemon", "mailerdaemon"]
        .iter()
        .any(|d| from.starts_with(d));
    let bounce_subject = [
        "undeliver",
        "undelivered",
        "delivery status notification",
        "delivery failure",
        "delivery has failed",
        "mail delivery failed",
        "failure notice",
        "returned mail",
        "delivery problem",
        "non-delivery",
        "could not be delivered",
    ]
    .iter()
    .any(|s| subject.contains(s));
    if !daemon && !bounce_subject {
        return None;
    }
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let mut delayed = None;
    for (i, line) in lines.iter().enumerate() {
        let status = status_code(line);
        let reply = reply_code(line);
        let failed = status.as_deref().is_some_and(|s| s.starts_with('5'))
            || reply.is_some_and(|r| r.starts_with('5'));
        if failed {
            // qmail: `<a@b>:` on the line before the refusal.
            let before = i.checked_sub(1).map(|j| lines[j]).unwrap_or_default();
            let recipient = address_in(line).or_else(|| address_in(before));
            let words = if before.ends_with(':') && address_in(before).is_some() {
                format!("{before} {line}")
            } else {
                line.to_string()
            };
            return Some(Bounce {
                action: Action::Failed,
                recipient,
                status,
                words: one_line(&words),
            });
        }
        let later = status.as_deref().is_some_and(|s| s.starts_with('4'))
            || reply.is_some_and(|r| r.starts_with('4'));
        if later && delayed.is_none() {
            delayed = Some(Bounce {
                action: Action::Delayed,
                recipient: address_in(line),
                status,
                words: one_line(line),
            });
        }
    }
    delayed
}

/// An SMTP reply code standing as a word in `line` (`550`, `550-5.1.1`, `554:`).
fn reply_code(line: &str) -> Option<&str> {
    line.split(|c: char| c.is_whitespace() || c == ':')
        .map(|w| w.split('-').next().unwrap_or_default())
        .find(|w| {
            w.len() == 3 && matches!(w.as_bytes()[0], b'4' | b'5') && w.parse::<u16>().is_ok()
        })
}

/// The first mail address in `line` (`<a@b>`, or a bare `a@b`).
fn address_in(line: &str) -> Option<String> {
    line.split(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | '(' | ')' | '"' | ','))
        .map(|w| w.trim_end_matches([':', '.', ';']))
        .find(|w| {
            w.split_once('@')
                .is_some_and(|(l, d)| !l.is_empty() && d.contains('.'))
        })
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_codes_are_found_whole() {
        assert_eq!(status_code("5.1.1"), Some("5.1.1".into()));
        assert_eq!(status_code("550 5.1.10 RESOLVER"), Some("5.1.10".into()));
        assert_eq!(status_code("(#5.1.1)"), Some("5.1.1".into()));
        assert_eq!(status_code("version 1.2.3"), None);
        assert_eq!(status_code("192.168.1.1"), None);
    }

    #[test]
    fn reply_codes_stand_as_words() {
        assert_eq!(reply_code("550-5.1.1 The email account"), Some("550"));
        assert_eq!(reply_code("host said: 554 rejected"), Some("554"));
        assert_eq!(reply_code("room 550a"), None);
        assert_eq!(reply_code("in 2550 years"), None);
    }
}
