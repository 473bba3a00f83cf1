//! Free text from clients (titles, seat names), checked at the edge: no control characters
//! (a NUL is refused by PostgreSQL and would reach the HTML raw on SQLite; newlines and tabs
//! have no place in a one-line name). Also the bounds of numbers both doors take, and text made
//! safe for HTML (the pages' and the mail's).

use crate::error::{ApiError, ApiResult};
use locale::phrase;

/// The most a GM may move a deadline by at once, either way: a year (366 days), in seconds.
pub const MAX_EXTEND_SECONDS: i64 = 366 * 24 * 3600;

/// Refuses text holding a control character, naming the field and where.
pub fn check_line(field: &str, text: &str) -> ApiResult<()> {
    match text.chars().position(char::is_control) {
        None => Ok(()),
        Some(at) => Err(ApiError::Bad(phrase!(
            "error-control-character",
            field = field,
            character = format!("{:?}", text.chars().nth(at).unwrap_or_default()),
            at = at + 1
        ))),
    }
}

/// The most characters a game's title may have.
pub const MAX_TITLE: usize = 80;

/// A game's title, trimmed: 1 to 80 characters, no control character.
pub fn check_title(title: &str) -> ApiResult<String> {
    let title = title.trim();
    if title.is_empty() || title.chars().count() > MAX_TITLE {
        return Err(ApiError::Bad(phrase!(
            "error-title-length",
            max_title = MAX_TITLE
        )));
    }
    check_line("title", title)?;
    Ok(title.to_string())
}

/// Refuses a deadline move of more than a year either way.
pub fn check_extend(seconds: i64) -> ApiResult<()> {
    if seconds.unsigned_abs() > MAX_EXTEND_SECONDS.unsigned_abs() {
        return Err(ApiError::Bad(phrase!(
            "error-extend-too-far",
            seconds = seconds,
            max_extend_seconds = MAX_EXTEND_SECONDS
        )));
    }
    Ok(())
}

/// Text made safe for HTML, for the filter below: the one escape outside the templates'
/// own (the pages and the HTML part of a mail).
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The templates' filter `named` (`{{ name|named }}`): text escaped for HTML with named
/// entities (`&lt;`, `&quot;`), as [`escape`] does and as the pages and mail have always written
/// it (askama's own escaping writes `&#60;`); marked safe so that it is escaped once.
pub mod filters {
    #[askama::filter_fn]
    pub fn named(
        text: impl std::fmt::Display,
        _: &dyn askama::Values,
    ) -> askama::Result<askama::filters::Safe<String>> {
        Ok(askama::filters::Safe(super::escape(&text.to_string())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_named() {
        assert!(check_line("title", "Tour de France 2026 · étape 3").is_ok());
        let e = check_line("title", "Tour\0de").unwrap_err().to_string();
        assert_eq!(
            e,
            r#"title: control character '\0' at character 5 (plain text only)"#
        );
        for bad in ["a\nb", "a\tb", "a\u{7f}", "a\u{85}b", "\u{1b}[31m"] {
            assert!(check_line("seats", bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn extend_is_bounded_to_a_year() {
        assert!(check_extend(MAX_EXTEND_SECONDS).is_ok());
        assert!(check_extend(-MAX_EXTEND_SECONDS).is_ok());
        assert!(check_extend(MAX_EXTEND_SECONDS + 1).is_err());
        assert!(check_extend(i64::MIN).is_err());
    }
}
