//! One RFC 5322 message as the mail door reads it: who it was sent to, its subject and
//! Message-ID, and its body as plain text, whatever its charset, transfer encoding or MIME
//! shape (text, HTML only, multipart). Huge or malformed messages are refused here, before
//! anything reads further.

use mail_parser::{MessageParser, PartType};

/// The largest message read (bytes): an orders mail is a few kilobytes, a reply with the quoted
/// report and a phone's HTML a few tens; anything past this is dropped with a log line.
pub const MAX_MESSAGE: usize = 1 << 20;

/// The most header lines a message may have before its body (endless headers are hostile).
pub const MAX_HEADER_LINES: usize = 500;

/// The most body text kept after decoding (characters).
pub const MAX_BODY: usize = 64 * 1024;

/// Why a message is not read at all (it is dropped, with this line in the log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    /// Larger than [`MAX_MESSAGE`].
    TooLarge(usize),
    /// More header lines than [`MAX_HEADER_LINES`].
    EndlessHeaders,
    /// No headers, or nothing a mail reader could read.
    Malformed(&'static str),
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unreadable::TooLarge(n) => write!(
                f,
                "message: {n} bytes, larger than the {MAX_MESSAGE} bytes an orders mail may have"
            ),
            Unreadable::EndlessHeaders => write!(
                f,
                "message: more than {MAX_HEADER_LINES} header lines before the body"
            ),
            Unreadable::Malformed(why) => write!(f, "message: {why}"),
        }
    }
}

impl std::error::Error for Unreadable {}

/// A message, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Letter {
    /// The Message-ID without its angle brackets.
    pub message_id: Option<String>,
    pub subject: Option<String>,
    /// The sender's address as the From header gives it: for replies only, never trusted.
    pub from: Option<String>,
    /// Every address the message names as a recipient (Delivered-To, X-Original-To, To, Cc),
    /// in that order.
    pub recipients: Vec<String>,
    /// The body as plain text: the first text part, or the first HTML part turned into text.
    pub body: String,
}

/// Whether `text` is a whole mail message (headers, a blank line, a body) rather than a body
/// alone: an mbox `From ` line, or a header block in which a header every mail carries
/// (From, To, Subject, Date, Message-ID, Received, Return-Path, MIME-Version) appears.
pub fn is_message(text: &str) -> bool {
    if text.starts_with("From ") {
        return true;
    }
    let mut known = false;
    for (k, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            return known && k > 0;
        }
        if line.starts_with([' ', '\t']) && k > 0 {
            continue;
        }
        let Some((name, _)) = line.split_once(':') else {
            return false;
        };
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-') {
            return false;
        }
        known |= [
            "from",
            "to",
            "subject",
            "date",
            "message-id",
            "received",
            "return-path",
            "mime-version",
            "delivered-to",
        ]
        .contains(&name.to_ascii_lowercase().as_str());
        if k >= MAX_HEADER_LINES {
            return known;
        }
    }
    false
}

/// Reads a raw message.
pub fn read(raw: &[u8]) -> Result<Letter, Unreadable> {
    if raw.len() > MAX_MESSAGE {
        return Err(Unreadable::TooLarge(raw.len()));
    }
    let mut header_lines = 0;
    for line in raw.split(|&b| b == b'\n') {
        if line.iter().all(|b| b.is_ascii_whitespace()) {
            break;
        }
        header_lines += 1;
        if header_lines > MAX_HEADER_LINES {
            return Err(Unreadable::EndlessHeaders);
        }
    }
    // An mbox "From " line is not a header: mail-parser would stop at it.
    let raw = match raw.strip_prefix(b"From ") {
        Some(rest) => rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(&[][..], |at| &rest[at + 1..]),
        None => raw,
    };
    let message = MessageParser::default()
        .parse(raw)
        .ok_or(Unreadable::Malformed("no headers"))?;
    if message.headers().is_empty() {
        return Err(Unreadable::Malformed("no headers"));
    }
    let mut recipients = Vec::new();
    for name in ["Delivered-To", "X-Original-To"] {
        for value in message.header_values(name) {
            if let Some(text) = value.as_text() {
                recipients.push(text.trim().trim_matches(['<', '>']).to_string());
            }
        }
    }
    for address in [message.to(), message.cc()].into_iter().flatten() {
        for addr in address.iter() {
            if let Some(a) = &addr.address {
                recipients.push(a.to_string());
            }
        }
    }
    let body = match message.text_bodies().next().map(|part| &part.body) {
        Some(PartType::Text(text)) => text.to_string(),
        Some(PartType::Html(html)) => html_to_text(html),
        _ => match message.html_bodies().next().map(|part| &part.body) {
            Some(PartType::Html(html)) => html_to_text(html),
            _ => String::new(),
        },
    };
    let body: String = body.chars().take(MAX_BODY).collect();
    Ok(Letter {
        message_id: message.message_id().map(str::to_string),
        subject: message.subject().map(str::to_string),
        from: message
            .from()
            .and_then(|f| f.first())
            .and_then(|a| a.address.as_ref())
            .map(|a| a.to_string()),
        recipients,
        body: body.replace("\r\n", "\n").replace('\r', "\n"),
    })
}

/// Block elements: each begins and ends a line.
const BLOCKS: [&str; 14] = [
    "div", "p", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre", "table", "hr",
];

/// HTML to plain text for reading orders: block elements become line breaks, quoted
/// replies (`<blockquote>`) and what is not shown (head, style, script) are dropped, and the
/// common character references are decoded.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len() / 2);
    let mut rest = html;
    // Depth of elements whose content is dropped.
    let mut hidden = 0usize;
    while let Some(open) = rest.find('<') {
        if hidden == 0 {
            push_text(&mut out, &rest[..open]);
        }
        rest = &rest[open..];
        if rest.starts_with("<!--") {
            rest = rest.find("-->").map_or("", |end| &rest[end + 3..]);
            continue;
        }
        let Some(close) = rest.find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[1..close];
        rest = &rest[close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        let self_closing = tag.ends_with('/');
        if ["blockquote", "head", "style", "script", "title"].contains(&name.as_str()) {
            if closing {
                hidden = hidden.saturating_sub(1);
            } else if !self_closing {
                hidden += 1;
            }
            if hidden == 0 && name == "blockquote" {
                out.push('\n');
            }
            continue;
        }
        // Gmail and others mark the quoted previous mail with a class.
        if !closing && tag.contains("gmail_quote") && name == "div" {
            out.push('\n');
            out.push_str("On an earlier date, someone wrote:\n");
        }
        if hidden == 0 && BLOCKS.contains(&name.as_str()) {
            out.push('\n');
        }
    }
    if hidden == 0 {
        push_text(&mut out, rest);
    }
    out
}

/// Text between tags: whitespace collapses as a browser shows it, references are decoded.
fn push_text(out: &mut String, text: &str) {
    let mut last_space = out.ends_with([' ', '\n']) || out.is_empty();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '&'
            && let Some(end) = rest[..rest.len().min(12)].find(';')
            && let Some(decoded) = reference(&rest[1..end])
        {
            out.push(decoded);
            last_space = decoded == ' ';
            rest = &rest[end + 1..];
            continue;
        }
        rest = &rest[c.len_utf8()..];
        if c.is_whitespace() {
            if !last_space {
                out.push(' ');
                last_space = true;
            }
        } else {
            out.push(c);
            last_space = false;
        }
    }
}

fn reference(name: &str) -> Option<char> {
    Some(match name {
        "amp" => '&',
        "lt" => '<',
        "gt" => '>',
        "quot" => '"',
        "apos" => '\'',
        "nbsp" => ' ',
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)?
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_blocks_become_lines_and_quotes_are_dropped() {
        let html = "<html><head><style>p{}</style></head><body><div>Hi GM,</div>\
                    <div>A&nbsp;12 B 3<br>C 9 D 7</div><blockquote>old <b>report</b></blockquote>\
                    <p>Thanks &amp; bye</p></body></html>";
        let text = html_to_text(html);
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(lines, ["Hi GM,", "A 12 B 3", "C 9 D 7", "Thanks & bye"]);
    }

    #[test]
    fn a_body_alone_is_not_a_message() {
        assert!(!is_message("A 12 B 3 C 9 D 7\n"));
        assert!(!is_message("1: walk 3+3 FRI\n2: rest\n"));
        assert!(!is_message("Dear GM,\n\nA 12 B 3\n"));
        assert!(is_message("Subject: hi\nFrom: a@b\n\nA 12\n"));
        assert!(is_message(
            "From a@b Sat Jan 1 00:00:00 2026\nSubject: x\n\nA 1\n"
        ));
    }

    #[test]
    fn huge_and_headerless_messages_are_refused() {
        let huge = vec![b'a'; MAX_MESSAGE + 1];
        assert_eq!(read(&huge), Err(Unreadable::TooLarge(MAX_MESSAGE + 1)));
        let endless = "X-A: b\n".repeat(MAX_HEADER_LINES + 1) + "\nbody\n";
        assert_eq!(read(endless.as_bytes()), Err(Unreadable::EndlessHeaders));
        assert!(read(b"").is_err());
    }
}
