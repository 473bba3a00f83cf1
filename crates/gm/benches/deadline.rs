//! What a server does for one game at its deadline, without the database
//! (docs/performance.md, "A club network's deadline storm"):
//! `cargo bench -p gm --bench deadline`.

use divan::{Bencher, black_box};
use gm::{Event, Record, Setup};

fn main() {
    divan::main();
}

/// A 4-team race, as the storm makes them: nothing sealed.
fn silent_race(seed: u64) -> Record {
    let setup = Setup::new("breaking-away", &["Red", "Blue", "Green", "Black"], seed);
    Record::new(&setup).expect("a valid set-up")
}

/// The first turn of a silent race at its deadline: every seat's NMR, the resolution, and the
/// log entry with the digest of its public report (the server's `play_turn`).
#[divan::bench]
fn first_turn_at_deadline(bencher: Bencher) {
    bencher
        .with_inputs(|| silent_race(7))
        .bench_local_values(|mut record| {
            record.apply(&Event::resolved(1)).unwrap();
            record.resolution_entry(1).unwrap()
        });
}

/// The digest alone: the public report of that turn, in English, hashed.
#[divan::bench]
fn first_turn_digest(bencher: Bencher) {
    let mut record = silent_race(7);
    record.apply(&Event::resolved(1)).unwrap();
    bencher.bench_local(|| black_box(&record).turn_digest(1).unwrap());
}

/// A silent race read back from its log, as a server that has not seen it does.
#[divan::bench]
fn replay_new_race(bencher: Bencher) {
    let setup = Setup::new("breaking-away", &["Red", "Blue", "Green", "Black"], 7);
    let log = [Event::Created { setup }];
    bencher.bench_local(|| Record::replay(black_box(&log)).unwrap());
}
