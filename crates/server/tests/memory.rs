//! What a long-running server keeps in memory stays bounded (issue 16: memory of a server
//! holding 10,000 games stays flat): the per-game lock table forgets the games nobody is
//! changing, and a lock that is held is never forgotten.

use crate::common::*;
use futures_util::FutureExt;
use server::games;

#[tokio::test]
async fn the_lock_table_keeps_only_the_locks_in_use() {
    let s = TestServer::start(Backend::Sqlite).await.unwrap();
    let held = games::lock(&s.state, 0).await;
    for id in 1..=10_000 {
        drop(games::lock(&s.state, id).await);
    }
    // Swept whenever it doubles: never more than twice the locks in use, nor under 1,024.
    assert!(
        s.state.game_locks.len() <= 1024,
        "{} locks kept",
        s.state.game_locks.len()
    );
    // Game 0's lock survived every sweep: a second writer of game 0 still waits for it.
    assert!(games::lock(&s.state, 0).now_or_never().is_none());
    drop(held);
    assert!(games::lock(&s.state, 0).now_or_never().is_some());
}

fn race(seed: u64) -> gm::GameFile {
    let setup = gm::Setup::new("breaking-away", &["Red", "Blue", "Green", "Black"], seed);
    gm::GameFile::new(setup, None, None).unwrap()
}

/// Plays the race to its end with random bots.
fn finished(mut file: gm::GameFile) -> gm::Record {
    while !file.record().is_over() {
        for s in 0..4 {
            let events = file
                .record()
                .bot_events(game_api::Seat(s), "random")
                .unwrap();
            file.push(events, None, "bot").unwrap();
        }
        let turn = file.record().turn();
        file.push(vec![gm::Event::resolved(turn)], None, "server")
            .unwrap();
    }
    file.record().clone()
}

#[test]
fn the_record_cache_is_bounded_by_games_and_by_turns_and_keeps_the_recent_ones() {
    let records = games::Records::default();
    let new = race(1).record().clone();
    for id in 0..30_000 {
        records.put(id, 1, &new);
        // Game 0 is read all the time: it is never the least recently used.
        assert!(records.get(0, 1).is_some(), "game 0 dropped at {id}");
    }
    let (games, _) = records.size();
    assert!(games <= 20_000, "{games} games kept");
    assert!(records.get(29_999, 1).is_some());
    assert!(
        records.get(1, 1).is_none(),
        "the least recently used is dropped"
    );

    // Long games weigh their turns: far fewer of them are kept.
    let long = finished(race(2));
    let turns = usize::from(long.resolved());
    assert!(turns > 10);
    for id in 100_000..105_000 {
        records.put(id, 7, &long);
    }
    let (games, weight) = records.size();
    assert!(weight <= 65_536, "weight {weight}");
    assert!(
        games <= 65_536 / (1 + turns) + 20_000 / 2,
        "{games} games kept"
    );
    assert!(records.get(104_999, 7).is_some());
    assert!(
        records.get(104_999, 6).is_none(),
        "another version is not this one"
    );
    assert!(records.get(100_000, 7).is_none());
}
