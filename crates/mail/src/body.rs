//! The part of a mail body a player wrote for this mail: quoted replies ("> ..." lines, and
//! everything from "On ... wrote:" or an "Original Message" block on), the signature (from a
//! "-- " line, or "Sent from my phone" and the like) and a greeting line are taken away. What
//! is left is sorted into orders and other lines by [`crate::orders`].

/// A line of the body that the player wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The line, trimmed.
    pub text: String,
    /// After a sign-off ("Thanks,", "Cheers"): a line here that does not read as orders is the
    /// writer's name or address, not a mistake.
    pub after_signoff: bool,
}

/// The lines the player wrote, without blank lines. The marks of quotes, signatures and
/// greetings are looked for in the line as NFKC reads it (a Japanese client's `：`).
pub fn written_lines(body: &str) -> Vec<Line> {
    let typed: Vec<String> = body
        .lines()
        .map(|l| l.replace('\u{a0}', " ").trim().to_string())
        .collect();
    let raw: Vec<String> = typed
        .iter()
        .map(|l| locale::Typed::new(l).as_str().trim().to_string())
        .collect();
    let mut out: Vec<Line> = Vec::new();
    let mut after_signoff = false;
    for (k, line) in raw.iter().enumerate() {
        if line.starts_with('>') || line.starts_with('|') && line.len() > 1 {
            continue;
        }
        if starts_quote(line, raw.get(k + 1).map(String::as_str))
            || starts_signature(line)
            || starts_forwarded_headers(&raw[k..])
        {
            break;
        }
        if line.is_empty() {
            continue;
        }
        if out.is_empty() && !after_signoff && is_greeting(line) {
            continue;
        }
        if is_signoff(line) {
            after_signoff = true;
            continue;
        }
        out.push(Line {
            text: typed[k].clone(),
            after_signoff,
        });
    }
    out
}

/// Words of the line introducing a quoted mail, in the languages mail clients write; the line
/// ends with a colon ("… wrote:", "… schrieb postrider <x@y>:", Thunderbird's Japanese
/// "… さんは書きました:").
const WROTE: [&str; 9] = [
    " wrote",
    " writes",
    " schrieb",
    " a écrit",
    " escribió",
    " ha scritto",
    " skrev",
    " schreef",
    "書きました",
];

/// "On Sun, 22 Nov 2026 at 10:00, postrider <orders+x@club.example> wrote:", possibly wrapped
/// over two lines; the separators Outlook and others put above a quoted or forwarded mail.
fn starts_quote(line: &str, next: Option<&str>) -> bool {
    let lower = line.to_lowercase();
    let ends_wrote = |l: &str| l.ends_with(':') && WROTE.iter().any(|w| l.contains(w));
    if ends_wrote(&lower) || names_the_quoted_sender(&lower) {
        return true;
    }
    let introduces = ["on ", "am ", "le ", "el ", "il ", "op ", "den "]
        .iter()
        .any(|w| lower.starts_with(w));
    if introduces && next.is_some_and(|n| ends_wrote(&n.to_lowercase())) {
        return true;
    }
    let squeezed: String = lower.chars().filter(|c| !c.is_whitespace()).collect();
    squeezed.contains("-originalmessage-")
        || squeezed.contains("-forwardedmessage-")
        || squeezed.contains("beginforwardedmessage:")
        || squeezed.contains("-元のメッセージ-")
        || squeezed.contains("-転送メッセージ-")
        || (squeezed.len() >= 20 && squeezed.chars().all(|c| c == '_'))
}

/// A line that names the quoted mail's sender by address and ends with a colon, whatever the
/// language around it: Gmail's Japanese "2026年11月22日(日) 10:00 postrider <x@y>:", Apple
/// Mail's "2026/11/22 10:00、postrider <x@y>のメール:".
fn names_the_quoted_sender(line: &str) -> bool {
    line.ends_with(':')
        && line
            .split_once('<')
            .and_then(|(_, rest)| rest.split_once('>'))
            .is_some_and(|(address, _)| address.contains('@') && !address.contains(' '))
}

/// Outlook's quoted header block: "From: …" (Japanese "差出人: …") followed by "Sent: …",
/// "Date: …" (送信日時, 日付) lines.
fn starts_forwarded_headers(rest: &[String]) -> bool {
    let Some(first) = rest.first() else {
        return false;
    };
    let lower = first.to_lowercase();
    (lower.starts_with("from:") || lower.starts_with("*from:*") || lower.starts_with("差出人:"))
        && rest[1..].iter().take(3).any(|l| {
            let l = l.to_lowercase();
            ["sent:", "date:", "*sent:*", "送信日時:", "日付:"]
                .iter()
                .any(|h| l.starts_with(h))
        })
}

/// The signature separator ("-- "), and what phones and webmail add below a message.
fn starts_signature(line: &str) -> bool {
    let lower = line.to_lowercase();
    line == "--"
        || line == "-- "
        || line == "—"
        || lower.starts_with("sent from my ")
        || lower.starts_with("sent from mail for ")
        || lower.starts_with("sent from yahoo mail")
        || lower.starts_with("sent from outlook")
        || lower.starts_with("sent with proton")
        || lower.starts_with("get outlook for ")
        || lower.starts_with("envoyé de mon ")
        || lower.starts_with("von meinem ")
        // "iPhoneから送信", "Androidから送信": a Japanese phone's line.
        || lower.ends_with("から送信")
}

/// "Hi GM,", "Dear all", "Hello!", "Good morning": a first line that greets.
fn is_greeting(line: &str) -> bool {
    let lower = line.to_lowercase();
    let first = lower
        .split(|c: char| !c.is_alphabetic())
        .next()
        .unwrap_or("");
    [
        "hi",
        "hello",
        "hey",
        "dear",
        "hiya",
        "greetings",
        "howdy",
        "yo",
        "bonjour",
        "hallo",
    ]
    .contains(&first)
        || lower.starts_with("good morning")
        || lower.starts_with("good afternoon")
        || lower.starts_with("good evening")
}

/// "Thanks,", "Cheers!", "Best regards", "Yours": a line that ends a letter.
fn is_signoff(line: &str) -> bool {
    let lower = line
        .to_lowercase()
        .trim_end_matches(['.', ',', '!', ' ', '。'])
        .to_string();
    [
        "thanks",
        "thank you",
        "thanks a lot",
        "many thanks",
        "cheers",
        "regards",
        "best",
        "best regards",
        "kind regards",
        "warm regards",
        "best wishes",
        "all the best",
        "yours",
        "yours sincerely",
        "sincerely",
        "ta",
        "thx",
        "love",
        "good luck",
        "see you",
        "grüße",
        "viele grüße",
        "liebe grüße",
        "mit freundlichen grüßen",
        "cordialement",
        "amitiés",
        "saludos",
        "よろしくお願いします",
        "よろしくお願いいたします",
        "よろしくお願い致します",
        "宜しくお願いします",
        "宜しくお願いいたします",
        "宜しくお願い致します",
        "以上です",
        "以上",
        "ありがとうございます",
    ]
    .contains(&lower.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn texts(body: &str) -> Vec<String> {
        written_lines(body).into_iter().map(|l| l.text).collect()
    }

    #[test]
    fn quotes_signatures_and_greetings_are_not_read() {
        let body =
            "Hi GM,\n\nA 12 B 3 C 9 D 7\n\nThanks,\nBob\n\n-- \nBob Smith\n+44 1234 567890\n";
        let lines = written_lines(body);
        assert_eq!(lines[0].text, "A 12 B 3 C 9 D 7");
        assert!(!lines[0].after_signoff);
        assert_eq!(lines[1].text, "Bob");
        assert!(lines[1].after_signoff);
        assert_eq!(lines.len(), 2);
    }

    #[test]
    fn a_reply_stops_at_the_quoted_mail() {
        let body = "A 12 B 3\n\nOn Sun, 22 Nov 2026 at 10:00, postrider\n<orders+abc@club.example> wrote:\nA 1 B 2\n> C 3\n";
        assert_eq!(texts(body), ["A 12 B 3"]);
        let outlook =
            "A 5\n\n________________________________\nFrom: postrider\nSent: Sunday\nA 9\n";
        assert_eq!(texts(outlook), ["A 5"]);
        let outlook = "A 5\nFrom: postrider <x@y>\nSent: Sunday\nSubject: turn 3\n\nA 9\n";
        assert_eq!(texts(outlook), ["A 5"]);
        let german = "A 5\nAm 22.11.2026 um 10:00 schrieb postrider <x@y>:\nA 9\n";
        assert_eq!(texts(german), ["A 5"]);
    }

    #[test]
    fn interleaved_quotes_are_skipped_and_phones_end_the_letter() {
        let body =
            "> Orders for turn 4, please\nA 12 B 3\n> old\nC 9 D 7\n\nSent from my iPhone\nA 1\n";
        assert_eq!(texts(body), ["A 12 B 3", "C 9 D 7"]);
    }
}
