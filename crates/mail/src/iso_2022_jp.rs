//! ISO-2022-JP read leniently. The encoding is 7-bit, yet Japanese clients and gateways now
//! and then leave a stray 8-bit byte in it. encoding_rs (as the WHATWG decoder it follows)
//! takes such a byte inside a two-byte run together with the byte before it, so every pair
//! after it is read one byte off until the next escape: a line of orders became other kanji
//! and the mail had no orders at all. Here a stray byte is taken out before the decoder sees
//! it, so the pairs around it stay aligned: inside a two-byte run (JIS X 0208, where it cannot
//! be half of any character) it is dropped; in a one-byte run it becomes U+FFFD, so that it
//! never silently joins the characters on either side (`1`, a stray byte, `0` is not `10`).

use encoding_rs::{CoderResult, ISO_2022_JP};

/// Whether `charset` (a Content-Type's parameter) names ISO-2022-JP.
pub fn is_iso_2022_jp(charset: &str) -> bool {
    ["iso-2022-jp", "csiso2022jp"]
        .iter()
        .any(|name| charset.trim().eq_ignore_ascii_case(name))
}

/// Decodes `bytes` as ISO-2022-JP, stray 8-bit bytes dropped or replaced (above).
pub fn decode(bytes: &[u8]) -> String {
    let mut decoder = ISO_2022_JP.new_decoder();
    let mut out = String::with_capacity(bytes.len() * 3);
    let mut feed = |segment: &[u8], last: bool, out: &mut String| {
        let needed = decoder
            .max_utf8_buffer_length(segment.len())
            .unwrap_or(segment.len() * 4 + 16);
        out.reserve(needed);
        let (result, _, _) = decoder.decode_to_string(segment, out, last);
        debug_assert!(matches!(result, CoderResult::InputEmpty));
    };
    // Whether the text is in a two-byte run: the last escape sequence seen (`ESC $ @` and
    // `ESC $ B` begin one, `ESC ( B`, `ESC ( J` and `ESC ( I` end it).
    let mut two_bytes = false;
    let mut start = 0;
    for (at, &byte) in bytes.iter().enumerate() {
        if byte == 0x1b {
            match (bytes.get(at + 1), bytes.get(at + 2)) {
                (Some(b'$'), Some(b'@' | b'B')) => two_bytes = true,
                (Some(b'('), Some(b'B' | b'J' | b'I')) => two_bytes = false,
                _ => {}
            }
        }
        if byte < 0x80 {
            continue;
        }
        feed(&bytes[start..at], false, &mut out);
        if !two_bytes {
            out.push(char::REPLACEMENT_CHARACTER);
        }
        start = at + 1;
    }
    feed(&bytes[start..], true, &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stray_byte_inside_a_pair_is_dropped_and_the_pairs_stay_aligned() {
        // ＧＭさん, with a stray byte between the two bytes of Ｍ.
        assert_eq!(decode(b"\x1b$B#G#\xe3M$5$s\x1b(B"), "ＧＭさん");
    }

    #[test]
    fn a_stray_byte_in_ascii_is_replaced() {
        assert_eq!(decode(b"A 1\x8e0"), "A 1\u{fffd}0");
        assert_eq!(decode(b"\x1b$B#A\x1b(B \xa0"), "Ａ \u{fffd}");
    }

    #[test]
    fn clean_text_reads_as_encoding_rs_reads_it() {
        let text = b"\x1b$B%O%m!<!&%o!<%k%I\x1b(B hello";
        let (expected, _, _) = ISO_2022_JP.decode(text);
        assert_eq!(decode(text), expected);
        assert!(is_iso_2022_jp("ISO-2022-JP") && !is_iso_2022_jp("shift_jis"));
    }
}
