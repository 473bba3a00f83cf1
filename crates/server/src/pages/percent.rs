//! Percent escapes: a path carried in a query string, and a cookie's or a query's text read.

/// `text` with its `%XX` escapes decoded (repeatedly, until none is left: a double-encoded
/// `%252F` is a `/` to a server that decodes twice); `None` if that is not UTF-8.
pub(super) fn percent_decode(text: &str) -> Option<String> {
    let mut text = text.to_string();
    for _ in 0..4 {
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut k = 0;
        while k < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            match (
                bytes[k],
                bytes.get(k + 1).copied().and_then(hex),
                bytes.get(k + 2).copied().and_then(hex),
            ) {
                (b'%', Some(hi), Some(lo)) => {
                    out.push((hi * 16 + lo) as u8);
                    k += 3;
                }
                (b, _, _) => {
                    out.push(b);
                    k += 1;
                }
            }
        }
        let decoded = String::from_utf8(out).ok()?;
        if decoded == text {
            break;
        }
        text = decoded;
    }
    Some(text)
}

/// A path made safe to carry in a query string.
pub(super) fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}
