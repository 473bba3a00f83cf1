//! Secret, committed draws. A server game's draws come from a secret of 32 bytes from the
//! operating system; the engine's seed is derived from it, and at creation the game publishes
//! a commitment to it (SHA-256 with a domain separator). The secret stays on the server until
//! the game is over; then anyone can check that the commitment was to this secret, that the
//! seed comes from it, and that every turn follows from the seed and the orders (`verify`).
//!
//! Both values can be checked with standard tools (hex text, ASCII domain separators):
//! `printf 'postrider-commitment-v1:%s' SECRET | sha256sum` gives the commitment, and the
//! first 8 bytes of `printf 'postrider-seed-v1:%s' SECRET | sha256sum`, read little-endian,
//! give the seed. A game whose seed was chosen by its GM (the command line, tests) has no
//! secret: its commitment is to the seed itself (`postrider-commitment-v1:seed:DECIMAL`).

use locale::phrase;
use sha2::{Digest, Sha256};

use crate::GmError;
use crate::event::Setup;

const COMMITMENT_DOMAIN: &str = "postrider-commitment-v1:";
const SEED_DOMAIN: &str = "postrider-seed-v1:";
const PREVIEW_DOMAIN: &str = "postrider-preview-v1:";

/// How many bytes of operating-system randomness a secret holds.
pub const SECRET_BYTES: usize = 32;

fn sha256_hex(parts: &[&str]) -> String {
    let mut hash = Sha256::new();
    for part in parts {
        hash.update(part.as_bytes());
    }
    hex(&hash.finalize())
}

/// Lower-case hex, written into one string (a digest at every resolution).
fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    let mut out = String::with_capacity(2 * bytes.len());
    for b in bytes {
        let _ = write!(out, "{b:02x}");
    }
    out
}

/// A secret from random bytes (the caller draws them from the operating system), and the
/// engine's seed derived from it.
pub fn secret_from_bytes(bytes: &[u8; SECRET_BYTES]) -> (String, u64) {
    let secret = hex(bytes);
    let seed = seed_of(&secret);
    (secret, seed)
}

/// The engine's seed a secret gives.
pub fn seed_of(secret: &str) -> u64 {
    let mut hash = Sha256::new();
    hash.update(SEED_DOMAIN.as_bytes());
    hash.update(secret.as_bytes());
    let digest = hash.finalize();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    u64::from_le_bytes(first)
}

/// The commitment a game publishes at creation: to its secret, or to its seed where the GM
/// chose the seed.
pub fn commitment(setup: &Setup) -> String {
    match &setup.secret {
        Some(secret) => sha256_hex(&[COMMITMENT_DOMAIN, secret]),
        None => sha256_hex(&[COMMITMENT_DOMAIN, "seed:", &setup.seed.to_string()]),
    }
}

/// Checks that a set-up's secret is well formed and gives its seed.
pub fn check(setup: &Setup) -> Result<(), GmError> {
    let Some(secret) = &setup.secret else {
        return Ok(());
    };
    let well_formed = secret.len() >= 32
        && secret.len() <= 128
        && secret
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
    if !well_formed {
        return Err(GmError::Refused(phrase!("error-secret-digits")));
    }
    if seed_of(secret) != setup.seed {
        return Err(GmError::Refused(phrase!(
            "error-seed-not-secrets",
            seed = setup.seed.to_string(),
            gives = seed_of(secret).to_string()
        )));
    }
    Ok(())
}

/// The seed of a preview's stand-in draws for `turn`: derived from the public commitment, so
/// that it tells nothing of the secret, and the same for every preview of the turn (amending
/// orders and previewing again meets the same stand-ins).
pub fn stand_in_seed(setup: &Setup, turn: u16) -> u64 {
    let digest = sha256_hex(&[PREVIEW_DOMAIN, &commitment(setup), ":", &turn.to_string()]);
    u64::from_str_radix(&digest[..16], 16).expect("hex digits")
}

/// The digest of a turn's public report, kept in the log when the turn is resolved: what
/// `verify` compares a replay with.
pub fn report_digest(public_report: &str) -> String {
    sha256_hex(&[public_report])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup(seed: u64, secret: Option<&str>) -> Setup {
        Setup {
            secret: secret.map(String::from),
            ..Setup::new("breaking-away", &["Red", "Blue"], seed)
        }
    }

    #[test]
    fn commitment_and_seed_are_sha256_with_their_domains() {
        // Known answers, computed with coreutils:
        // printf 'postrider-commitment-v1:%s' 000…0 | sha256sum
        let (secret, seed) = secret_from_bytes(&[0; SECRET_BYTES]);
        assert_eq!(secret, "0".repeat(64));
        assert_eq!(
            commitment(&setup(seed, Some(&secret))),
            "bceb9a54d46735c1af13c1f8fe26c2fad154f51682042e77c42b277fb760143f"
        );
        // python3: int.from_bytes(sha256(b'postrider-seed-v1:' + b'0' * 64)[:8], 'little')
        assert_eq!(seed, 1929444657336605037);
    }

    #[test]
    fn a_secret_must_give_the_seed() {
        let (secret, seed) = secret_from_bytes(&[7; SECRET_BYTES]);
        assert_eq!(check(&setup(seed, Some(&secret))), Ok(()));
        let err = check(&setup(seed ^ 1, Some(&secret)))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("seed:"), "{err}");
        let err = check(&setup(seed, Some("not hex")))
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("secret:"), "{err}");
    }

    /// Issue 28: a preview resolved the coming round with the game's own draws.
    #[test]
    fn a_preview_draws_stand_ins_not_the_games_own() {
        use crate::{Event, Record};
        use game_api::{Seat, Viewer};
        let (secret, seed) = secret_from_bytes(&[1; SECRET_BYTES]);
        let setup = Setup {
            secret: Some(secret),
            ..Setup::new("backpacks", &["ann", "bob", "cat"], seed)
        };
        let round = |record: &mut Record| {
            for s in 0..3 {
                for e in record.bot_events(Seat(s), "heuristic").unwrap() {
                    record.apply(&e).unwrap();
                }
            }
            record.apply(&Event::resolved(1)).unwrap();
        };
        let record = Record::new(&setup).unwrap();
        let preview = record.for_preview();
        // Only what nobody may see differs: the GM's view is the same.
        assert_eq!(preview.view_json(Viewer::Gm), record.view_json(Viewer::Gm));
        let (mut real, mut previewed) = (record.clone(), preview);
        round(&mut real);
        round(&mut previewed);
        assert_ne!(previewed.view_json(Viewer::Gm), real.view_json(Viewer::Gm));
        // A game whose GM chose the seed previews with its own draws.
        let chosen = Record::new(&Setup::new("backpacks", &["ann", "bob", "cat"], 9)).unwrap();
        let (mut real, mut previewed) = (chosen.clone(), chosen.for_preview());
        round(&mut real);
        round(&mut previewed);
        assert_eq!(previewed.view_json(Viewer::Gm), real.view_json(Viewer::Gm));
    }

    #[test]
    fn a_chosen_seed_is_committed_to_itself() {
        assert_ne!(commitment(&setup(1, None)), commitment(&setup(2, None)));
        assert_eq!(check(&setup(1, None)), Ok(()));
    }
}
