//! Whole games through the lifecycle replay from their logs: the game file written after the
//! last turn reads back to the same game, for any seed, with bots (random and heuristic) and
//! silent seats (NMR) in every game, and their public records verify (`gm::verify`).

use game_api::Seat;
use gm::{Event, GameFile, Setup};
use proptest::prelude::*;

fn play(setup: Setup, bots: &[&str]) -> GameFile {
    let mut file = GameFile::new(setup, None, None).unwrap();
    // The seats the bots play are handed to them first, as the server and the desk log it.
    let handed = bots
        .iter()
        .enumerate()
        .filter(|(_, bot)| !bot.is_empty())
        .map(|(s, bot)| Event::SeatBot {
            seat: Seat(s as u8),
            bot: Some(bot.to_string()),
        })
        .collect();
    file.push(handed, None, "test").unwrap();
    let mut turns = 0;
    while !file.record().is_over() {
        let record = file.record().clone();
        let mut events = Vec::new();
        for (s, bot) in bots.iter().enumerate() {
            // A seat without a bot sends nothing: the rules' NMR policy plays it.
            if !bot.is_empty() {
                events.extend(record.bot_events(Seat(s as u8), bot).unwrap());
            }
        }
        events.push(Event::resolved(record.turn()));
        file.push(events, None, "test").unwrap();
        turns += 1;
        assert!(turns <= 130, "a game ends");
    }
    file
}

fn check_replays(file: &GameFile) {
    let text = file.to_json();
    let back = GameFile::from_json(&text).unwrap();
    assert_eq!(back.record().to_json(), file.record().to_json());
    assert_eq!(
        back.to_json(),
        text,
        "a replay reproduces the game and its file"
    );
    // The public record checks out: every turn's report, every bot's draw (issue 12).
    let verified = gm::verify::verify(&text, Some(&file.record().commitment())).unwrap();
    assert_eq!(verified.turns, file.record().resolved());
    assert_eq!(verified.reports_checked, verified.turns);
    assert!(verified.over);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn races_replay_from_their_log(bytes in any::<[u8; 32]>(), teams in 3usize..=6, board in any::<bool>()) {
        // Drawn as on the server: from a secret (`gm::draws`).
        let (secret, seed) = gm::draws::secret_from_bytes(&bytes);
        let setup = Setup {
            game: "breaking-away".into(),
            settings: Setup::new("breaking-away", &[], 0)
                .with("rules", if board { "board" } else { "postal-2.2" })
                .settings,
            seats: (0..teams).map(|t| format!("t{t}")).collect(),
            seed,
            secret: Some(secret),
        };
        let bots = ["random", "heuristic", "", "random", "nmr", "random"];
        let file = play(setup, &bots[..teams]);
        check_replays(&file);
    }
}

#[test]
fn a_day_replays_from_its_log() {
    let setup = Setup {
        game: "backpacks".into(),
        settings: Default::default(),
        seats: ["ann", "bob", "cat"].map(String::from).to_vec(),
        seed: 77,
        secret: None,
    };
    let file = play(setup, &["random", "heuristic", ""]);
    check_replays(&file);
}
