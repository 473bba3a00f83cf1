//! The players' mailbox: the Maildir Postfix delivers every address @players.test to, read a
//! mail at a time, and the links in those mails.

use std::collections::HashSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use mail_parser::MessageParser;

use crate::common::server::LIMIT;

/// A mail delivered to a player's mailbox.
#[derive(Debug, Clone)]
pub struct Mail {
    pub subject: String,
    pub message_id: String,
    pub reply_to: String,
    pub text: String,
}

/// The players' Maildir (every address @players.test is delivered to it) and the mails
/// already taken from it.
pub struct Mailbox {
    pub dir: PathBuf,
    pub taken: HashSet<PathBuf>,
}

impl Mailbox {
    /// Waits for the first mail not yet taken that was delivered to `to` and whose subject
    /// holds `subject`.
    pub fn wait(&mut self, to: &str, subject: &str) -> Mail {
        let started = Instant::now();
        loop {
            if let Some(mail) = self.take(to, subject) {
                return mail;
            }
            assert!(
                started.elapsed() < LIMIT,
                "no mail to {to} with {subject:?} arrived (see /var/log/postfix.log)"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    pub fn take(&mut self, to: &str, subject: &str) -> Option<Mail> {
        let mut files: Vec<(std::time::SystemTime, PathBuf)> = ["new", "cur"]
            .iter()
            .filter_map(|d| std::fs::read_dir(self.dir.join(d)).ok())
            .flatten()
            .filter_map(|e| e.ok())
            .map(|e| (e.metadata().unwrap().modified().unwrap(), e.path()))
            .filter(|(_, p)| !self.taken.contains(p))
            .collect();
        files.sort();
        for (_, path) in files {
            let raw = std::fs::read(&path).unwrap();
            let message = MessageParser::default().parse(&raw).unwrap();
            let delivered = message
                .header("Delivered-To")
                .and_then(|h| h.as_text())
                .unwrap_or_default();
            let mail_subject = message.subject().unwrap_or_default();
            if delivered == to && mail_subject.contains(subject) {
                self.taken.insert(path);
                let reply_to = message
                    .reply_to()
                    .and_then(|a| a.first())
                    .and_then(|a| a.address())
                    .unwrap_or_default()
                    .to_string();
                return Some(Mail {
                    subject: mail_subject.to_string(),
                    message_id: message.message_id().unwrap_or_default().to_string(),
                    reply_to,
                    text: message.body_text(0).unwrap_or_default().into_owned(),
                });
            }
        }
        None
    }
}

/// The link in a mail that starts with `prefix`.
pub fn link<'a>(mail: &'a Mail, prefix: &str) -> &'a str {
    mail.text
        .split_whitespace()
        .find(|w| w.starts_with(prefix))
        .unwrap_or_else(|| panic!("no {prefix} link in {}", mail.text))
}
