//! Press by mail: the lines of a reply under a `Press:` heading (public) or a
//! `Press to NAME, NAME:` heading (private, to seats or players by name) are messages; an
//! `Orders:` heading, or the end of what the player wrote (a quote, a signature, a sign-off),
//! ends one. The other lines are read for orders as before. docs/server.md, "Press", has the
//! syntax; `mailbox::press` publishes them.

use mail::body::written_lines;

/// A message found in a mail.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MailPress {
    /// The names after `Press to`; empty: public.
    pub to: Vec<String>,
    pub text: String,
}

/// A mail's body parted: its press, and the rest (to be read for orders).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Parted {
    pub press: Vec<MailPress>,
    /// The body without its press, one written line a line (unchanged when there is no press).
    pub rest: String,
}

enum Heading {
    /// `Press:` or `Press to …:`, with what follows its colon on the line.
    Press { to: Vec<String>, first: String },
    /// `Orders:`: what follows is orders again, and the line itself when orders follow its
    /// colon (`Orders: A 6 B 9`).
    Orders { line: Option<String> },
}

fn heading(line: &str) -> Option<Heading> {
    if line
        .get(..7)
        .is_some_and(|l| l.eq_ignore_ascii_case("orders:"))
    {
        let orders = line[7..].trim();
        return Some(Heading::Orders {
            line: (!orders.is_empty()).then(|| line.to_string()),
        });
    }
    let (head, first) = line.split_once(':')?;
    let head = head.trim();
    let to = if head.eq_ignore_ascii_case("press") {
        Vec::new()
    } else {
        // `Press to Red, Blue:`, the names as written.
        let prefix = head.get(..9)?;
        if !prefix.eq_ignore_ascii_case("press to ") {
            return None;
        }
        head[9..]
            .split(',')
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .collect()
    };
    Some(Heading::Press {
        to,
        first: first.trim().to_string(),
    })
}

/// Parts `body` into its press and the rest. Without a press heading the rest is the body as
/// it was, so that a mail without press reads as before.
pub fn part(body: &str) -> Parted {
    let lines = written_lines(body);
    if !lines
        .iter()
        .any(|l| matches!(heading(&l.text), Some(Heading::Press { .. })))
    {
        return Parted {
            press: Vec::new(),
            rest: body.to_string(),
        };
    }
    let mut press: Vec<MailPress> = Vec::new();
    let mut open: Option<(Vec<String>, Vec<String>)> = None;
    let mut rest: Vec<String> = Vec::new();
    let mut signed_off = false;
    let close = |open: &mut Option<(Vec<String>, Vec<String>)>, press: &mut Vec<MailPress>| {
        if let Some((to, text)) = open.take()
            && !text.is_empty()
        {
            press.push(MailPress {
                to,
                text: text.join("\n"),
            });
        }
    };
    for line in lines {
        if line.after_signoff {
            close(&mut open, &mut press);
            // What follows a sign-off is a name, as the orders reader takes it.
            if !signed_off {
                rest.push("Thanks,".into());
                signed_off = true;
            }
            rest.push(line.text);
            continue;
        }
        match heading(&line.text) {
            Some(Heading::Press { to, first }) => {
                close(&mut open, &mut press);
                let text = if first.is_empty() {
                    vec![]
                } else {
                    vec![first]
                };
                open = Some((to, text));
            }
            Some(Heading::Orders { line }) => {
                close(&mut open, &mut press);
                rest.extend(line);
            }
            None => match &mut open {
                Some((_, text)) => text.push(line.text),
                None => rest.push(line.text),
            },
        }
    }
    close(&mut open, &mut press);
    Parted {
        press,
        rest: rest.join("\n"),
    }
}
