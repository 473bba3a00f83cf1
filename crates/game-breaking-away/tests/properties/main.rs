//! Property tests: the rules never panic, whatever the position and the orders; legal orders are
//! always resolved and keep the invariants (cards never fall below 1, no line pays out more than
//! its table); bad orders are refused, naming the first, and change nothing; a race replayed from
//! its log is the same race; the text forms and the notation never panic and round-trip.
//!
//! Each property counts its cases by kind and prints the tally (`cargo test -- --nocapture`
//! shows it); no case may end before the property's assertions, and each property requires
//! enough cases of the kinds it is about.

mod hand;
mod notation;
mod races;
mod strategies;
mod text;
mod turn;

use proptest::prelude::*;
use proptest::test_runner::{TestCaseError, TestRunner};
use std::collections::BTreeMap;
use std::sync::Mutex;

/// How a property's cases went: how many were run, and of those that reached the end of the
/// property's assertions, how many of each kind.
#[derive(Debug)]
struct Tally {
    ran: u32,
    kinds: BTreeMap<&'static str, u32>,
}

impl Tally {
    /// The share of the cases run, in percent, that were of one of `kinds` (all kinds if empty).
    fn percent(&self, kinds: &[&str]) -> u32 {
        let n: u32 = self
            .kinds
            .iter()
            .filter(|(k, _)| kinds.is_empty() || kinds.contains(k))
            .map(|(_, n)| n)
            .sum();
        n * 100 / self.ran.max(1)
    }
}

/// Runs a property over `cases` generated cases. `check` makes the property's assertions and
/// says what kind of case it was; the tally is printed, and at least 90% of the cases must have
/// reached the end of the assertions (a case that returns early would not be counted).
pub(crate) fn property<S>(
    name: &str,
    cases: u32,
    strategy: S,
    check: impl Fn(S::Value) -> Result<&'static str, TestCaseError>,
) -> Tally
where
    S: Strategy,
{
    let tally = Mutex::new(Tally {
        ran: 0,
        kinds: BTreeMap::new(),
    });
    let mut runner = TestRunner::new(ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    });
    let result = runner.run(&strategy, |value| {
        tally.lock().unwrap().ran += 1;
        let kind = check(value)?;
        *tally.lock().unwrap().kinds.entry(kind).or_default() += 1;
        Ok(())
    });
    if let Err(e) = result {
        panic!("{name}: {e}");
    }
    let tally = tally.into_inner().unwrap();
    let reached: u32 = tally.kinds.values().sum();
    println!(
        "{name}: {reached} of {} cases reached the assertions ({}%): {:?}",
        tally.ran,
        tally.percent(&[]),
        tally.kinds
    );
    assert!(
        tally.percent(&[]) >= 90,
        "{name}: too few cases reached the assertions"
    );
    tally
}
