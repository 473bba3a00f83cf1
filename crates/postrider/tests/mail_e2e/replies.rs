//! What players send: replies over SMTP to the local Postfix, as an English or a Japanese mail
//! client writes them (ISO-2022-JP, encoded words, full-width orders).

use lettre::address::Envelope;
use lettre::{Address, SmtpTransport, Transport};

use crate::mailbox::Mail;

/// client would: to the Reply-To, `Re:` its subject, the original quoted below.
pub fn reply(from: &str, mail: &Mail, body: &str) {
    reply_as(from, mail, body, "", 8);
}

/// Exim's spam headers, as a cPanel host adds them to a player's mail before it is forwarded.
pub const EXIM_SPAM_HEADERS: &str = "X-Spam_score: 2.1\r\nX-Spam_score_int: 21\r\nX-Spam_bar: ++\r\n\
     X-Spam_report: Spam detection software, running on the system \"server.cpanel.test\",\r\n \
     has identified this incoming email as possible spam.\r\n\
     Received : from phone.players.test (phone.players.test [192.0.2.7])\r\n\tby server.cpanel.test with esmtpsa (Exim 4.97.1)\r\n";

/// [`reply`] with `headers` (each line ending in CRLF) before the usual ones, quoting `lines`
/// lines of the mail replied to, over and over if it has fewer (a reply that keeps every
/// earlier report below it).
fn reply_as(from: &str, mail: &Mail, body: &str, headers: &str, lines: usize) {
    let quoted: String = if lines <= 8 {
        mail.text
            .lines()
            .take(lines)
            .map(|l| format!("> {l}\n"))
            .collect()
    } else {
        mail.text
            .lines()
            .cycle()
            .take(lines)
            .map(|l| format!("> {l}\n"))
            .collect()
    };
    let message = format!(
        "{headers}From: {from}\r\nTo: {to}\r\nSubject: Re: {subject}\r\nMessage-ID: <{id}@players.test>\r\n\
         In-Reply-To: <{parent}>\r\nDate: Mon, 23 Nov 2026 09:00:00 +0000\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=utf-8\r\n\r\n{body}\r\n\r\nOn Monday, postrider wrote:\r\n{quoted}",
        to = mail.reply_to,
        subject = mail.subject,
        id = unique("reply"),
        parent = mail.message_id,
        body = body.replace('\n', "\r\n"),
        quoted = quoted.replace('\n', "\r\n"),
    );
    send(from, &mail.reply_to, message.as_bytes());
}

/// A reply as a Japanese mail client sends it (Gmail or Thunderbird set to Japanese): text in
/// ISO-2022-JP, 7bit, the subject MIME-encoded; the reply on top, a signature, then the quote
/// header `2026年11月23日(月) 18:00 postrider <…>:` and the mail quoted with `> `, `lines`
/// lines of it (over and over if it has fewer).
pub fn reply_japanese(from: &str, mail: &Mail, body: &str, headers: &str, lines: usize) {
    let count = mail.text.lines().count();
    let quoted: String = mail
        .text
        .lines()
        .cycle()
        .take(if lines <= 8 { lines.min(count) } else { lines })
        .map(|l| format!("> {l}\n"))
        .collect();
    let text = format!(
        "{body}\n\n-- \n山田ボブ\n\n2026年11月23日(月) 18:00 postrider <{from_gm}>:\n{quoted}",
        from_gm = mail.reply_to,
    );
    let crlf = text.replace('\n', "\r\n");
    let (bytes, _, _) = encoding_rs::ISO_2022_JP.encode(&crlf);
    assert!(bytes.is_ascii(), "ISO-2022-JP is 7-bit");
    let head = format!(
        "{headers}From: {from}\r\nTo: {to}\r\nSubject: {subject}\r\nMessage-ID: <{id}@players.test>\r\n\
         In-Reply-To: <{parent}>\r\nDate: Mon, 23 Nov 2026 18:00:00 +0900\r\nMIME-Version: 1.0\r\n\
         Content-Type: text/plain; charset=ISO-2022-JP\r\nContent-Transfer-Encoding: 7bit\r\n\r\n",
        to = mail.reply_to,
        subject = encoded_words(&format!("Re: {}", mail.subject)),
        id = unique("reply-ja"),
        parent = mail.message_id,
    );
    let mut message = head.into_bytes();
    message.extend_from_slice(&bytes);
    send(from, &mail.reply_to, &message);
}

/// `text` as RFC 2047 encoded words in ISO-2022-JP, each a few characters (a word is at most
/// 75 characters long and ends back in ASCII), folded one to a line.
fn encoded_words(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    chars
        .chunks(12)
        .map(|chunk| {
            let chunk: String = chunk.iter().collect();
            let (bytes, _, _) = encoding_rs::ISO_2022_JP.encode(&chunk);
            format!("=?ISO-2022-JP?B?{}?=", base64(&bytes))
        })
        .collect::<Vec<_>>()
        .join("\r\n ")
}

fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::new();
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (k, &b)| n | u32::from(b) << (16 - 8 * k));
        for k in 0..4 {
            out.push(if k <= chunk.len() {
                ALPHABET[(n >> (18 - 6 * k) & 63) as usize] as char
            } else {
                '='
            });
        }
    }
    out
}

/// Orders as a Japanese keyboard types them: full-width letters and digits, ideographic spaces.
pub fn full_width(orders: &str) -> String {
    orders
        .chars()
        .map(|c| match c {
            ' ' => '\u{3000}',
            '!'..='~' => char::from_u32(c as u32 - 0x21 + 0xFF01).unwrap(),
            c => c,
        })
        .collect()
}

/// Sends `message` from `from` to `to` over SMTP to the local Postfix.
pub fn send(from: &str, to: &str, message: &[u8]) {
    let envelope = Envelope::new(
        Some(from.parse::<Address>().unwrap()),
        vec![to.parse::<Address>().unwrap()],
    )
    .unwrap();
    SmtpTransport::builder_dangerous("127.0.0.1")
        .port(25)
        .build()
        .send_raw(&envelope, message)
        .expect("Postfix takes the mail on 127.0.0.1:25");
}

pub fn unique(what: &str) -> String {
    static COUNT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let n = COUNT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    format!("{what}.{}.{n}", std::process::id())
}
