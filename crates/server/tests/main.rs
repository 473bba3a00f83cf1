//! The server's tests, built as one binary: one link instead of one per file (each linked the
//! whole server, and together they took 4 GB of CI's disk). Each module is one subject.

#[macro_use]
mod common;

mod absences;
mod account_care;
mod accounts;
mod api;
mod architecture;
mod auto_backup;
mod backpacks_words;
mod bounces;
mod clock_start;
mod connections;
mod deadline_wake;
mod face;
mod fair_play;
mod game_list;
mod group_commit;
mod help_pages;
mod history;
mod invitations;
mod japanese_text;
mod languages;
mod layers;
mod lobby;
mod mail;
mod mail_log;
mod memory;
mod metrics;
mod operators;
mod outbox;
mod page_text;
mod pages;
mod press;
mod press_numbers;
mod profiles_feeds;
mod push;
mod ratings;
mod reminders;
mod retention;
mod seasons;
mod smtp_listen;
mod third_game;
mod upkeep;
mod webhooks;
