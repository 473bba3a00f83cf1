//! `gm::verify` on public records, honest and tampered (issue 12): a finished game checks out;
//! a changed secret, seed, bot draw or published report is caught and the first turn that
//! differs is named.

use game_api::Seat;
use gm::verify::{Failure, verify};
use gm::{GameFile, Setup};
use serde_json::Value;

fn finished(game: &str, seats: &[&str], bots: &[&str], secret_byte: u8) -> GameFile {
    let (secret, seed) = gm::draws::secret_from_bytes(&[secret_byte; 32]);
    let setup = Setup {
        game: game.into(),
        settings: if game == "breaking-away" {
            Setup::new(game, &[], 0)
                .with("rules", "postal-2.2")
                .settings
        } else {
            Default::default()
        },
        seats: seats.iter().map(|s| s.to_string()).collect(),
        seed,
        secret: Some(secret),
    };
    let mut file = GameFile::new(setup, None, None).unwrap();
    // The seats the bots play are handed to them first, as the server and the desk log it.
    let handed = bots
        .iter()
        .enumerate()
        .filter(|(_, bot)| !bot.is_empty())
        .map(|(s, bot)| gm::Event::SeatBot {
            seat: Seat(s as u8),
            bot: Some(bot.to_string()),
        })
        .collect();
    file.push(handed, None, "gm:gm").unwrap();
    while !file.record().is_over() {
        let record = file.record().clone();
        let mut events = Vec::new();
        for (s, bot) in bots.iter().enumerate() {
            if !bot.is_empty() {
                events.extend(record.bot_events(Seat(s as u8), bot).unwrap());
            }
        }
        events.push(gm::Event::resolved(record.turn()));
        file.push(events, None, "test").unwrap();
    }
    file
}

fn day() -> GameFile {
    finished(
        "backpacks",
        &["ann", "bob", "cat"],
        &["random", "heuristic", ""],
        9,
    )
}

/// The file with one log entry's event changed by `edit`.
fn tampered(file: &GameFile, edit: impl Fn(&mut Vec<Value>)) -> String {
    let mut v: Value = serde_json::from_str(&file.to_json()).unwrap();
    let log = v["log"].as_array_mut().unwrap();
    edit(log);
    serde_json::to_string(&v).unwrap()
}

fn differs_at(text: &str, published: Option<&str>) -> (Option<u16>, String) {
    match verify(text, published) {
        Err(Failure::Differs { turn, message }) => (turn, message),
        other => panic!("expected a difference, got {other:?}"),
    }
}

#[test]
fn an_honest_record_verifies_every_turn_and_every_bot() {
    let race = finished(
        "breaking-away",
        &["Red", "Blue", "Green"],
        &["random", "heuristic", "random"],
        3,
    );
    let verified = verify(&race.to_json(), Some(&race.record().commitment())).unwrap();
    assert_eq!(verified.turns, race.record().resolved());
    assert_eq!(verified.reports_checked, verified.turns);
    assert!(verified.secret && verified.over);
    let day = day();
    assert_eq!(
        verify(&day.to_json(), None).unwrap().turns,
        day.record().resolved()
    );
}

#[test]
fn a_commitment_other_than_the_published_one_is_named() {
    let day = day();
    let (turn, message) = differs_at(&day.to_json(), Some(&"0".repeat(64)));
    assert_eq!(turn, None);
    assert!(message.starts_with("commitment:"), "{message}");
}

#[test]
fn a_swapped_secret_breaks_the_commitment_or_the_first_turn_with_a_draw() {
    let day = day();
    let published = day.record().commitment();
    // The operator swaps in another secret, with the seed it gives, after the game began.
    let (secret, seed) = gm::draws::secret_from_bytes(&[10; 32]);
    let text = tampered(&day, |log| {
        log[0]["event"]["setup"]["secret"] = secret.clone().into();
        log[0]["event"]["setup"]["seed"] = seed.into();
    });
    let (turn, message) = differs_at(&text, Some(&published));
    assert_eq!(turn, None, "{message}");
    // Without the published commitment to hand, the replay still catches the draws in
    // round 1: the first bot's orders, drawn from the seed, are no longer the logged ones.
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, Some(1), "{message}");
    assert!(message.contains("the bot random draws"), "{message}");
}

#[test]
fn a_seed_that_is_not_the_secrets_is_refused() {
    let day = day();
    let text = tampered(&day, |log| {
        let seed = log[0]["event"]["setup"]["seed"].as_u64().unwrap();
        log[0]["event"]["setup"]["seed"] = (seed ^ 1).into();
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, None);
    assert!(message.starts_with("seed:"), "{message}");
}

#[test]
fn a_changed_report_digest_names_its_turn() {
    let day = day();
    let text = tampered(&day, |log| {
        let third = log
            .iter_mut()
            .filter(|e| e["event"]["kind"] == "resolved")
            .nth(2)
            .unwrap();
        third["event"]["digest"] = "ab".repeat(32).into();
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, Some(3), "{message}");
}

#[test]
fn a_bots_orders_not_drawn_from_the_seed_are_caught() {
    let day = day();
    // The heuristic walker's (bob's) orders for round 2 replaced by the random walker's.
    let text = tampered(&day, |log| {
        let round2: Vec<usize> = log
            .iter()
            .enumerate()
            .filter(|(_, e)| e["event"]["kind"] == "orders")
            .map(|(k, _)| k)
            .skip(2)
            .take(2)
            .collect();
        let ann = log[round2[0]]["event"]["text"].clone();
        log[round2[1]]["event"]["text"] = ann;
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, Some(2), "{message}");
    assert!(message.contains("the bot heuristic draws"), "{message}");
}

#[test]
fn a_file_that_is_not_a_record_is_unreadable_not_a_difference() {
    assert!(matches!(verify("{}", None), Err(Failure::Unreadable(_))));
    assert!(matches!(
        verify("not json", None),
        Err(Failure::Unreadable(_))
    ));
}

/// A Backpacks day played as the server plays it: the GM hands ann's walker to `handed` (a
/// `seat_bot` entry), and before each round `plays` sends ann's orders — the handed bot, as
/// the server does, another bot, or nobody (`""`); bob and cat send nothing.
fn handed_day(handed: &str, plays: &str) -> GameFile {
    let (secret, seed) = gm::draws::secret_from_bytes(&[5; 32]);
    let setup = Setup {
        secret: Some(secret),
        ..Setup::new("backpacks", &["ann", "bob", "cat"], seed)
    };
    let mut file = GameFile::new(setup, None, None).unwrap();
    let handed_to = gm::Event::SeatBot {
        seat: Seat(0),
        bot: Some(handed.into()),
    };
    file.push(vec![handed_to], None, "gm:gm").unwrap();
    while !file.record().is_over() {
        let record = file.record().clone();
        let mut events = Vec::new();
        if !plays.is_empty() {
            events.extend(record.bot_events(Seat(0), plays).unwrap());
        }
        events.push(gm::Event::resolved(record.turn()));
        file.push(events, None, "server").unwrap();
    }
    file
}

#[test]
fn a_seat_handed_to_a_bot_verifies_when_the_bot_played_it() {
    let day = handed_day("heuristic", "heuristic");
    let verified = verify(&day.to_json(), Some(&day.record().commitment())).unwrap();
    assert_eq!(verified.reports_checked, verified.turns);
}

/// Issue 28: the `seat_bot` entry was not cross-checked, so a record could say a bot played a
/// seat while the seat sent nothing (or another bot's orders) and still verify, its digests
/// being those of the turns as played.
#[test]
fn a_seat_handed_to_a_bot_that_did_not_play_it_is_caught() {
    let (turn, message) = differs_at(&handed_day("heuristic", "").to_json(), None);
    assert_eq!(turn, Some(1), "{message}");
    assert!(
        message
            .contains("handed to the bot heuristic, but the turn was resolved without its orders"),
        "{message}"
    );
    let (turn, message) = differs_at(&handed_day("heuristic", "random").to_json(), None);
    assert_eq!(turn, Some(1), "{message}");
    assert!(message.contains("but the bot random sent"), "{message}");
}

/// Issue 50: a record stripped of its seat_bot entries verified (nothing said a bot may play
/// the seat); a bot plays only a seat handed to it, or for an absent player who chose it.
#[test]
fn a_record_without_its_seat_bot_entries_is_caught() {
    let day = day();
    let text = tampered(&day, |log| {
        log.retain(|e| e["event"]["kind"] != "seat_bot");
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, Some(1), "{message}");
    assert!(
        message.contains("the bot random sent its orders, but no seat_bot entry hands the seat"),
        "{message}"
    );
    // The same orders by an absent player's stand-in verify: the away entry names the bot.
    let (secret, seed) = gm::draws::secret_from_bytes(&[6; 32]);
    let setup = Setup {
        secret: Some(secret),
        ..Setup::new("backpacks", &["ann", "bob", "cat"], seed)
    };
    let mut away = GameFile::new(setup, None, None).unwrap();
    while !away.record().is_over() {
        let record = away.record().clone();
        let mut events = vec![gm::Event::Away {
            seat: Seat(0),
            until: i64::MAX,
            bot: Some("heuristic".into()),
            excused: true,
        }];
        events.extend(record.bot_events(Seat(0), "heuristic").unwrap());
        events.push(gm::Event::resolved(record.turn()));
        away.push(events, None, "server").unwrap();
    }
    verify(&away.to_json(), None).unwrap();
    // Its stand-in plays only the turn the away entry is logged with.
    let text = tampered(&away, |log| {
        let second = log
            .iter()
            .enumerate()
            .filter(|(_, e)| e["event"]["kind"] == "away")
            .nth(1)
            .unwrap()
            .0;
        log.remove(second);
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, Some(2), "{message}");
    assert!(message.contains("no seat_bot entry"), "{message}");
}

/// Issue 50: a server's record with its secret taken out verified without `--commitment`, as
/// a game whose GM chose the seed. A record that reveals no secret is checked only against
/// the published commitment, and without it fails naming what is missing.
#[test]
fn a_record_without_its_secret_needs_the_published_commitment() {
    let day = day();
    let published = day.record().commitment();
    let text = tampered(&day, |log| {
        log[0]["event"]["setup"]
            .as_object_mut()
            .unwrap()
            .remove("secret");
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, None, "{message}");
    assert!(
        message.starts_with("secret: the record reveals none"),
        "{message}"
    );
    assert!(message.contains("--commitment"), "{message}");
    let (turn, message) = differs_at(&text, Some(&published));
    assert_eq!(turn, None, "{message}");
    assert!(message.starts_with("commitment:"), "{message}");
}

#[test]
fn a_seat_handed_to_an_unknown_bot_or_seat_is_caught() {
    let day = handed_day("heuristic", "heuristic");
    let text = tampered(&day, |log| log[1]["event"]["bot"] = "oracle".into());
    let (_, message) = differs_at(&text, None);
    assert!(message.contains("bot: "), "{message}");
    let text = tampered(&day, |log| log[1]["event"]["seat"] = 7.into());
    let (_, message) = differs_at(&text, None);
    assert!(
        message.contains("seat 7: the game has 3 seats"),
        "{message}"
    );
}

/// Issue 28: a record of this release stripped of its report digests verified ("0 of 28
/// reports compared"). A game with a secret was made by this release, which keeps them all.
#[test]
fn a_secret_game_without_its_report_digests_is_caught() {
    let day = day();
    let text = tampered(&day, |log| {
        for entry in log.iter_mut() {
            if let Some(event) = entry["event"].as_object_mut() {
                event.remove("digest");
            }
        }
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, Some(1), "{message}");
    assert!(message.contains("keeps no digest"), "{message}");
}

/// Once a turn has a digest, every later turn has one, whatever the game: only turns resolved
/// by release 0.1 have none.
#[test]
fn a_digest_missing_after_one_kept_is_caught() {
    let mut race =
        GameFile::new(Setup::new("breaking-away", &["Red", "Blue"], 4), None, None).unwrap();
    let handed = gm::Event::SeatBot {
        seat: Seat(0),
        bot: Some("random".into()),
    };
    race.push(vec![handed], None, "gm").unwrap();
    for _ in 0..3 {
        let record = race.record().clone();
        let mut events = record.bot_events(Seat(0), "random").unwrap();
        events.push(gm::Event::resolved(record.turn()));
        race.push(events, None, "gm").unwrap();
    }
    // The GM chose the seed: it is checked against the commitment published at creation.
    let published = race.record().commitment();
    let published = Some(published.as_str());
    assert_eq!(
        verify(&race.to_json(), published).unwrap().reports_checked,
        3
    );
    let text = tampered(&race, |log| {
        let third = log
            .iter_mut()
            .filter(|e| e["event"]["kind"] == "resolved")
            .nth(2)
            .unwrap();
        third["event"].as_object_mut().unwrap().remove("digest");
    });
    let (turn, message) = differs_at(&text, published);
    assert_eq!(turn, Some(3), "{message}");
    // Without any digest the record may be one that release 0.1 began: what can be compared
    // is, and the count says so.
    let text = tampered(&race, |log| {
        for entry in log.iter_mut() {
            entry["event"].as_object_mut().unwrap().remove("digest");
        }
    });
    let verified = verify(&text, published).unwrap();
    assert_eq!((verified.turns, verified.reports_checked), (3, 0));
}

/// Issue 28: a roll-back must take back the last turn resolved.
#[test]
fn a_roll_back_of_another_turn_is_caught() {
    let mut race =
        GameFile::new(Setup::new("breaking-away", &["Red", "Blue"], 4), None, None).unwrap();
    for _ in 0..2 {
        let turn = race.record().turn();
        race.push(vec![gm::Event::resolved(turn)], None, "gm")
            .unwrap();
    }
    race.push(vec![gm::Event::RolledBack { turn: 2 }], None, "gm")
        .unwrap();
    let published = race.record().commitment();
    verify(&race.to_json(), Some(&published)).unwrap();
    let text = tampered(&race, |log| {
        log.last_mut().unwrap()["event"]["turn"] = 1.into();
    });
    let (_, message) = differs_at(&text, Some(&published));
    assert!(message.contains("a roll-back of turn 1"), "{message}");
}

/// A record resolved by a release whose reports were worded otherwise (edition 1: the ledger,
/// before the bulletin) still verifies after an upgrade: its facts are replayed and its digests,
/// of the old wording, are counted rather than compared — so `postrider check` passes on an
/// upgraded server. Without the edition, every such turn failed as "not the one the seed and
/// the orders give".
#[test]
fn a_record_of_an_earlier_report_edition_verifies_its_facts() {
    let day = day();
    let text = tampered(&day, |log| {
        for entry in log.iter_mut() {
            let event = entry["event"].as_object_mut().unwrap();
            if event["kind"] == "resolved" {
                // The digest of other words, with no edition: as release 0.2 wrote it.
                event.insert("digest".into(), "cd".repeat(32).into());
                event.remove("format");
            }
        }
    });
    let verified = verify(&text, None).unwrap();
    assert_eq!(verified.reports_checked, 0);
    assert_eq!(verified.reports_earlier_edition, verified.turns);
    assert!(verified.turns > 0);
}

/// An edition this release does not write cannot be compared, and is not waved through.
#[test]
fn a_digest_of_a_later_edition_is_refused() {
    let day = day();
    let text = tampered(&day, |log| {
        let first = log
            .iter_mut()
            .find(|e| e["event"]["kind"] == "resolved")
            .unwrap();
        first["event"]["format"] = 99.into();
    });
    let (turn, message) = differs_at(&text, None);
    assert_eq!(turn, Some(1), "{message}");
    assert!(message.contains("edition 99"), "{message}");
}

/// The guard on `Game::REPORT_FORMAT`: the digests of one race's and one day's public reports,
/// pinned beside the edition they are of. If a report's wording changes, this fails: raise the
/// game's `REPORT_FORMAT` and pin the new digests, so that records of the old wording still
/// verify (see `a_record_of_an_earlier_report_edition_verifies_its_facts`).
#[test]
fn each_report_edition_pins_its_wording() {
    // Three teams: the standings' sentences name a runner-up, or several level.
    let race = finished(
        "breaking-away",
        &["Red", "Blue", "Green"],
        &["heuristic", "random", "random"],
        3,
    );
    let day = day();
    for (file, pinned) in [(&race, RACE_EDITION), (&day, DAY_EDITION)] {
        let record = file.record();
        let digests: Vec<String> = (1..=record.resolved())
            .map(|t| record.turn_digest(t).unwrap())
            .collect();
        let all = gm::draws::report_digest(&digests.concat());
        assert_eq!(
            (record.game().report_format, &all[..16]),
            pinned,
            "the {} reports' wording changed: raise its REPORT_FORMAT and pin the new digest",
            record.game().name
        );
    }
}
const RACE_EDITION: (u16, &str) = (4, "b70d67923ebd0b2f");
const DAY_EDITION: (u16, &str) = (6, "0dcffd84f0d0c114");
