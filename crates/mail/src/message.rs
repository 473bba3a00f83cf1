//! One RFC 5322 message as the mail door reads it: who it was sent to, its subject and
//! Message-ID, and its body as plain text, whatever its charset, transfer encoding or MIME
//! shape (text, HTML only, multipart). Huge or malformed messages are refused here, before
//! anything reads further.

use mail_parser::decoders::base64::base64_decode;
use mail_parser::decoders::quoted_printable::quoted_printable_decode;
use mail_parser::{Encoding, HeaderName, MessageParser, MessagePart, MimeHeaders, PartType};

use crate::iso_2022_jp;

/// The largest message read (bytes): an orders mail is a few kilobytes, a reply with the quoted
/// report and a phone's HTML a few tens; anything past this is dropped with a log line.
pub const MAX_MESSAGE: usize = 1 << 20;

/// The most header lines a message may have before its body, folded lines counted (endless
/// headers are hostile; a real block of a hundred kilobytes — relays' Received, ARC and DKIM
/// lines, 78 characters each — has under 2,000).
pub const MAX_HEADER_LINES: usize = 5_000;

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

/// Headers every real message carries at least one of: a header block naming one of them is a
/// message; text whose first lines name none is a body alone (`A 12 B 3`, `1: walk 3+3 FRI`,
/// `Turn 1: A 10 B 9`, `Dear GM,`).
fn is_mail_header(name: &HeaderName<'_>) -> bool {
    match name {
        HeaderName::From
        | HeaderName::To
        | HeaderName::Subject
        | HeaderName::Date
        | HeaderName::MessageId
        | HeaderName::Received
        | HeaderName::ReturnPath
        | HeaderName::MimeVersion
        | HeaderName::ContentType => true,
        HeaderName::Other(other) => ["delivered-to", "x-original-to"]
            .iter()
            .any(|known| other.eq_ignore_ascii_case(known)),
        _ => false,
    }
}

/// Reads a raw message. Input that mail-parser finds no message header in is refused.
pub fn read(raw: &[u8]) -> Result<Letter, Unreadable> {
    parse(raw)?.ok_or(Unreadable::Malformed("no headers"))
}

/// Reads what a player gives the desk: a whole message (headers and body) or a mail's body
/// alone. Whether it is a message is decided by the same parse that reads it (mail-parser's),
/// over the whole input: any header names a mail carries (`X-Spam_score`, `Received : …`) and
/// any header block size.
pub fn read_message_or_body(raw: &[u8]) -> Result<Letter, Unreadable> {
    Ok(match parse(raw)? {
        Some(letter) => letter,
        None => Letter {
            body: no_nul(&plain_lines(&String::from_utf8_lossy(raw))),
            ..Letter::default()
        },
    })
}

/// The body text as read: at most [`MAX_BODY`] characters, lines ended by `\n`.
fn plain_lines(text: &str) -> String {
    let body: String = text.chars().take(MAX_BODY).collect();
    body.replace("\r\n", "\n").replace('\r', "\n")
}

/// Parses `raw` once: `None` when it is no message (no header a mail carries).
fn parse(raw: &[u8]) -> Result<Option<Letter>, Unreadable> {
    if raw.len() > MAX_MESSAGE {
        return Err(Unreadable::TooLarge(raw.len()));
    }
    let mbox = raw.starts_with(b"From ");
    // An mbox "From " line is not a header: mail-parser would stop at it.
    let raw = if mbox {
        raw.iter()
            .position(|&b| b == b'\n')
            .map_or(&[][..], |at| &raw[at + 1..])
    } else {
        raw
    };
    let Some(message) = MessageParser::default().parse(raw) else {
        return if mbox {
            Err(Unreadable::Malformed("no headers"))
        } else {
            Ok(None)
        };
    };
    if !mbox && !message.headers().iter().any(|h| is_mail_header(&h.name)) {
        return Ok(None);
    }
    if message.headers().is_empty() {
        return Err(Unreadable::Malformed("no headers"));
    }
    // Counted in the header block mail-parser read (folded lines included).
    let header_block = message
        .headers()
        .last()
        .map_or(0, |h| h.offset_end as usize)
        .min(raw.len());
    let header_lines = raw[..header_block].iter().filter(|&&b| b == b'\n').count();
    if header_lines > MAX_HEADER_LINES {
        return Err(Unreadable::EndlessHeaders);
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
    let text = |part: &MessagePart<'_>| lenient_text(part, raw);
    let body = match message.text_bodies().next() {
        Some(
            part @ MessagePart {
                body: PartType::Text(_),
                ..
            },
        ) => text(part),
        Some(
            part @ MessagePart {
                body: PartType::Html(_),
                ..
            },
        ) => html_to_text(&text(part)),
        _ => match message.html_bodies().next() {
            Some(
                part @ MessagePart {
                    body: PartType::Html(_),
                    ..
                },
            ) => html_to_text(&text(part)),
            _ => String::new(),
        },
    };
    Ok(Some(Letter {
        message_id: message.message_id().map(no_nul),
        subject: message.subject().map(no_nul),
        from: message
            .from()
            .and_then(|f| f.first())
            .and_then(|a| a.address.as_ref())
            .map(|a| no_nul(a)),
        recipients: recipients.iter().map(|r| no_nul(r)).collect(),
        body: no_nul(&plain_lines(&body)),
    }))
}

/// Text with each NUL replaced by U+FFFD: PostgreSQL's text cannot hold a NUL (the insert
/// failed, and the sender's MTA delivered the same mail again for days) and no mail means
/// one, so both databases store and answer the same.
fn no_nul(text: &str) -> String {
    text.replace('\0', "\u{fffd}")
}

/// A text part's text, as mail-parser decoded it, except ISO-2022-JP holding a stray 8-bit
/// byte: that is decoded again from the part's bytes, leniently ([`iso_2022_jp`]).
fn lenient_text(part: &MessagePart<'_>, raw: &[u8]) -> String {
    let decoded = part.text_contents().unwrap_or_default();
    let japanese = part
        .content_type()
        .and_then(|ct| ct.attribute("charset"))
        .is_some_and(iso_2022_jp::is_iso_2022_jp);
    if !japanese {
        return decoded.to_string();
    }
    let Some(body) = raw.get(part.offset_body as usize..part.offset_end as usize) else {
        return decoded.to_string();
    };
    let bytes = match part.encoding {
        Encoding::None => Some(body.to_vec()),
        Encoding::QuotedPrintable => quoted_printable_decode(body),
        Encoding::Base64 => base64_decode(body),
    };
    match bytes {
        Some(bytes) if !bytes.is_ascii() => iso_2022_jp::decode(&bytes),
        _ => decoded.to_string(),
    }
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

    /// The desk reads a body alone or a whole message: mail-parser's parse decides.
    #[test]
    fn a_body_alone_is_not_a_message() {
        let is_message = |text: &str| read(text.as_bytes()).is_ok();
        assert!(!is_message("A 12 B 3 C 9 D 7\n"));
        assert!(!is_message("1: walk 3+3 FRI\n2: rest\n"));
        assert!(!is_message("Turn 1: A 10 B 9 C 9 D 6\n"));
        assert!(!is_message("Dear GM,\n\nA 12 B 3\n"));
        assert!(is_message("Subject: hi\nFrom: a@b\n\nA 12\n"));
        assert!(is_message(
            "From a@b Sat Jan 1 00:00:00 2026\nSubject: x\n\nA 1\n"
        ));
        let body = read_message_or_body(b"Dear GM,\r\n\r\nA 12 B 3\r\n").unwrap();
        assert_eq!(body.body, "Dear GM,\n\nA 12 B 3\n");
        assert_eq!(body.subject, None);
    }

    /// Fails with the old `is_message` (header names of `[A-Za-z0-9-]` only): Exim's spam
    /// headers and a space before a colon made the whole message "the body".
    #[test]
    fn exim_spam_headers_and_a_space_before_the_colon_are_headers() {
        let raw = "Received : from phone.example by mx.example\nX-Spam_score: 2.1\n\
                   X-Spam_score_int: 21\nX-Spam_bar: ++\nFrom: k@example.net\n\
                   Subject: Re: x (orders for turn 2)\n\nA 10 B 9 C 9 D 6\n";
        let letter = read_message_or_body(raw.as_bytes()).unwrap();
        assert_eq!(letter.body, "A 10 B 9 C 9 D 6\n");
        assert_eq!(letter.subject.as_deref(), Some("Re: x (orders for turn 2)"));
    }

    /// Fails with the old reading, which looked at the first 64 KiB only: a header block
    /// larger than that was "a body", then "larger than" the body limit.
    #[test]
    fn a_header_block_over_64_kib_is_read() {
        let mut raw = String::from("From: k@example.net\nSubject: s\n");
        while raw.len() < 80 * 1024 {
            raw.push_str("ARC-Seal: i=1; a=rsa-sha256; t=1764000000; cv=none; d=example.net;\n");
            raw.push_str("  b=Rk3pXHw5nZkZl0dWm8yP0bGq7e1bQ2wHq3vQeS9oW7y5Qm2v9K4dL1cX8uJ6tP0s\n");
        }
        raw.push_str("\nA 10 B 9 C 9 D 6\n");
        let letter = read_message_or_body(raw.as_bytes()).unwrap();
        assert_eq!(letter.body, "A 10 B 9 C 9 D 6\n");
    }

    #[test]
    fn huge_and_headerless_messages_are_refused() {
        let huge = vec![b'a'; MAX_MESSAGE + 1];
        assert_eq!(read(&huge), Err(Unreadable::TooLarge(MAX_MESSAGE + 1)));
        let endless = "From: a@b\n".to_string() + &"X-A: b\n".repeat(MAX_HEADER_LINES) + "\nbody\n";
        assert_eq!(read(endless.as_bytes()), Err(Unreadable::EndlessHeaders));
        assert!(read(b"").is_err());
    }
}
