//! Orders read from a mail: the one function the desk (`postrider orders GAME --team X -`) and
//! the server's inbound mail both call. The lines the player wrote (see [`crate::body`]) are
//! sorted by the game's own grammar: a line that reads as orders is orders; before a Breaking
//! Away race, a line that reads as a line-up (a card list for each rider) and not as orders (one
//! card for each rider) is the line-up; a line that reads as neither but holds a number is a
//! mistaken order, answered with its error; any other line is prose, listed in the reply as not
//! read. The turn comes from the subject of the mail replied to.

use gm::{Record, Submission};
use locale::{Phrase, phrase, tr};

use crate::body::written_lines;

/// What a mail's body and subject say, before the lifecycle checks it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MailOrders {
    /// The line-up line, as written.
    pub lineup: Option<String>,
    /// The orders lines, as written, joined by new lines.
    pub orders: Option<String>,
    /// The turn named in the subject ("orders for turn 4"), if any.
    pub turn: Option<u16>,
    /// Lines that look like orders but do not read: each with its error. If there is any,
    /// nothing of the mail is applied.
    pub problems: Vec<Phrase>,
    /// Lines read as prose (not orders, not a mistake): the reply lists them.
    pub ignored: Vec<String>,
}

impl MailOrders {
    /// The submission to check and seal, or every problem found, each a line.
    pub fn submission(&self) -> Result<Submission, Vec<Phrase>> {
        if !self.problems.is_empty() {
            return Err(self.problems.clone());
        }
        if self.lineup.is_none() && self.orders.is_none() {
            return Err(vec![phrase!("mail-no-orders")]);
        }
        Ok(Submission {
            lineup: self.lineup.clone(),
            orders: self.orders.clone(),
            turn: self.turn,
        })
    }
}

/// Reads the orders (and, before a race, the line-up) in a mail's body. `subject` is the mail's
/// subject: a reply's carries the turn of the mail replied to.
pub fn read_orders(record: &Record, body: &str, subject: Option<&str>) -> MailOrders {
    let lineups_open = !record.started();
    let mut read = MailOrders::default();
    match subject.map(subject_turn).transpose() {
        Ok(turn) => read.turn = turn.flatten(),
        Err(problem) => read.problems.push(problem),
    }
    let mut orders: Vec<String> = Vec::new();
    let mut lineups: Vec<String> = Vec::new();
    for line in written_lines(body) {
        let text = line.text;
        let as_orders = record.reads(false, &text);
        if as_orders.is_ok() {
            orders.push(text);
            continue;
        }
        let as_lineup = lineups_open.then(|| record.reads(true, &text));
        if let Some(Ok(_)) = as_lineup {
            lineups.push(text);
            continue;
        }
        // Full-width digits count: a Japanese keyboard's orders that do not read are a problem.
        let read_as = locale::Typed::new(&text);
        let looks_like_orders = read_as.as_str().chars().any(|c| c.is_ascii_digit())
            && !read_as.as_str().ends_with(':');
        if line.after_signoff || !looks_like_orders {
            if !line.after_signoff {
                read.ignored.push(text);
            }
            continue;
        }
        let orders_error = as_orders
            .err()
            .map(|e| e.phrase())
            .unwrap_or(Phrase::verbatim(""));
        // Quoted as typed: Debug would escape a Japanese keyboard's spaces.
        read.problems
            .push(match as_lineup.map(|l| l.map_err(|e| e.phrase())) {
                Some(Err(lineup_error)) if lineup_error != orders_error => Phrase::each(|lang| {
                    tr!(
                        lang,
                        "mail-line-not-orders-nor-lineup",
                        line = text.as_str(),
                        orders = orders_error.text(lang),
                        lineup = lineup_error.text(lang)
                    )
                }),
                _ => Phrase::each(|lang| {
                    tr!(
                        lang,
                        "mail-line-not-orders",
                        line = text.as_str(),
                        orders = orders_error.text(lang)
                    )
                }),
            });
    }
    match lineups.as_slice() {
        [] => {}
        [one] => read.lineup = Some(one.clone()),
        [first, second, ..] => {
            read.problems
                .push(phrase!("mail-two-lineups", first = first, second = second))
        }
    }
    if !orders.is_empty() {
        read.orders = Some(orders.join("\n"));
    }
    read
}

/// The subject of every mail postrider sends a seat about a game: the turn whose orders are
/// open is in it, so that a reply says which turn its orders are for.
pub fn subject(game: &str, seat: &str, what: &str, turn_noun: &str, open: u16) -> String {
    format!("{game}, {seat}: {what} (orders for {turn_noun} {open})")
}

/// The turn a subject names: "… (orders for turn 4)" or "orders for round 2", or in Japanese
/// "（第4ターンの命令）", "第2ラウンドの命令" (full-width digits read as any), the last one if
/// several (a reply's "Re: Re:" keeps them). A number past any turn (65,536 and more) is an
/// error naming it, not "no turn" (which would seal the orders for the open turn).
pub fn subject_turn(subject: &str) -> Result<Option<u16>, Phrase> {
    let lower = locale::Typed::new(subject).as_str().to_lowercase();
    let mut found: Option<(usize, String)> = None;
    let mut found_at = |at: usize, digits: String| {
        if !digits.is_empty() && found.as_ref().is_none_or(|(earlier, _)| *earlier < at) {
            found = Some((at, digits));
        }
    };
    for noun in ["orders for turn ", "orders for round "] {
        for (at, _) in lower.match_indices(noun) {
            let digits: String = lower[at + noun.len()..]
                .chars()
                .take_while(char::is_ascii_digit)
                .collect();
            found_at(at, digits);
        }
    }
    for (at, _) in lower.match_indices('第') {
        let rest = &lower[at + '第'.len_utf8()..];
        let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
        let after = rest[digits.len()..].trim_start();
        if ["ターンの命令", "ラウンドの命令"]
            .iter()
            .any(|n| after.starts_with(n))
        {
            found_at(at, digits);
        }
    }
    let Some((_, digits)) = found else {
        return Ok(None);
    };
    match digits.parse::<u16>() {
        Ok(n) => Ok(Some(n)),
        Err(_) => Err(phrase!(
            "mail-subject-turn-past",
            turn = digits,
            last = u16::MAX
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_subject_carries_the_open_turn() {
        let s = subject("Breaking Away 7", "red", "report of turn 3", "turn", 4);
        assert_eq!(
            s,
            "Breaking Away 7, red: report of turn 3 (orders for turn 4)"
        );
        assert_eq!(subject_turn(&s), Ok(Some(4)));
        assert_eq!(subject_turn(&format!("Re: RE: {s}")), Ok(Some(4)));
        assert_eq!(subject_turn("Re: orders for round 2"), Ok(Some(2)));
        assert_eq!(subject_turn("my orders"), Ok(None));
    }

    #[test]
    fn a_japanese_subject_carries_the_open_turn_too() {
        let s = "Breaking Away 7、赤：第3ターンの結果（第4ターンの命令）";
        assert_eq!(subject_turn(s), Ok(Some(4)));
        assert_eq!(subject_turn(&format!("Re: {s}")), Ok(Some(4)));
        assert_eq!(subject_turn("RE: 第２ラウンドの命令"), Ok(Some(2)));
        assert_eq!(subject_turn("第3ターンの結果"), Ok(None));
        assert!(subject_turn("（第65537ターンの命令）").is_err());
    }

    /// Fails with the old reading, which took turn 65,537 (past u16) for "no turn".
    #[test]
    fn a_turn_past_u16_is_refused_not_read_as_no_turn() {
        assert_eq!(
            subject_turn("Re: x (orders for turn 65537)"),
            Err(phrase!(
                "mail-subject-turn-past",
                turn = "65537",
                last = 65535u16
            ))
        );
        assert_eq!(subject_turn("orders for turn 65535"), Ok(Some(65535)));
    }
}
