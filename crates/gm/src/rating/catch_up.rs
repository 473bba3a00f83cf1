//! The catch-up: the finished rated games whose updates are not yet applied, taken in the
//! order they finished; whether applying them after the stored table still gives what a
//! rebuild gives (none finished before a game already applied of its kind), and which stored
//! ratings they read. The store reads and writes; the ladder does the arithmetic.

use std::collections::BTreeSet;

use super::RatedGame;

/// What a catch-up does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CatchUp {
    /// Apply the games' updates to the stored ratings, in order.
    Apply,
    /// A game's turn to be applied has passed (it finished in the same second as a later id,
    /// or a crash came between its resolution and its update): only a rebuild then gives the
    /// table a rebuild gives.
    Rebuild,
}

/// The pending games in the order the ladder takes them: finish time, then id.
pub fn in_order<P>(games: &mut [RatedGame<P>]) {
    games.sort_by_key(RatedGame::order_key);
}

/// How to catch up on `games`, given for each the order key of the last game of its kind
/// already applied (`last`, by position; `None`: none).
pub fn catch_up<P>(games: &[RatedGame<P>], last: &[Option<(i64, i64)>]) -> CatchUp {
    let late = games
        .iter()
        .zip(last)
        .any(|(game, last)| last.is_some_and(|last| game.order_key() < last));
    if late {
        CatchUp::Rebuild
    } else {
        CatchUp::Apply
    }
}

/// The (game kind, player) pairs whose stored ratings applying `games` reads, each once, in
/// the order the games and their seats meet them.
pub fn touched<P: Ord + Clone>(games: &[RatedGame<P>]) -> Vec<(String, P)> {
    let mut seen = BTreeSet::new();
    let mut touched = Vec::new();
    for game in games {
        for player in game.seats.iter().filter_map(|s| s.player.as_ref()) {
            if seen.insert((game.game.as_str(), player)) {
                touched.push((game.game.clone(), player.clone()));
            }
        }
    }
    touched
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rating::RatedSeat;

    fn game(kind: &str, finished: i64, id: i64, players: &[Option<u8>]) -> RatedGame<u8> {
        RatedGame {
            game: kind.into(),
            finished,
            id,
            seats: players
                .iter()
                .map(|&player| RatedSeat {
                    player,
                    bot: false,
                    place: 1,
                    turns: 1,
                    silent: 0,
                })
                .collect(),
        }
    }

    #[test]
    fn a_game_that_finished_before_one_applied_makes_the_catch_up_a_rebuild() {
        // ((finished, id) of each pending game, the last applied of its kind) → the plan
        let check = |pending: &[(i64, i64)], last: &[Option<(i64, i64)>], expect: CatchUp| {
            let games: Vec<_> = pending
                .iter()
                .map(|&(at, id)| game("breaking-away", at, id, &[]))
                .collect();
            assert_eq!(catch_up(&games, last), expect, "{pending:?} after {last:?}");
        };
        check(&[(10, 5)], &[None], CatchUp::Apply);
        check(&[(10, 5)], &[Some((9, 7))], CatchUp::Apply);
        // The same second: the id decides.
        check(&[(10, 5)], &[Some((10, 4))], CatchUp::Apply);
        check(&[(10, 5)], &[Some((10, 6))], CatchUp::Rebuild);
        check(&[(10, 5), (12, 8)], &[None, Some((11, 2))], CatchUp::Apply);
        check(
            &[(10, 5), (12, 8)],
            &[Some((11, 2)), None],
            CatchUp::Rebuild,
        );
    }

    #[test]
    fn the_pending_games_are_taken_in_the_order_they_finished_then_by_id() {
        let mut games = vec![
            game("a", 12, 1, &[]),
            game("a", 10, 7, &[]),
            game("a", 10, 3, &[]),
        ];
        in_order(&mut games);
        let ids: Vec<i64> = games.iter().map(|g| g.id).collect();
        assert_eq!(ids, [3, 7, 1]);
    }

    #[test]
    fn each_player_of_each_kind_is_read_once_in_the_order_met() {
        let games = [
            game("a", 1, 1, &[Some(2), None, Some(1)]),
            game("b", 2, 2, &[Some(1)]),
            game("a", 3, 3, &[Some(1), Some(3)]),
        ];
        let expect: Vec<(String, u8)> = [("a", 2), ("a", 1), ("b", 1), ("a", 3)]
            .iter()
            .map(|&(k, p)| (k.to_string(), p))
            .collect();
        assert_eq!(touched(&games), expect);
    }
}
