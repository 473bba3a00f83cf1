//! The standings told: the leader and its margin over every team sharing second place, or
//! the winners, as the standings table places them (BA-17).

use locale::tr;

use super::Turn;
use crate::points::Points;
use crate::position::Position;

/// The team standings in a sentence: the leader and its margin, or the winner.
pub(super) fn standings(turn: &Turn) -> String {
    let after = turn.after;
    let lang = turn.lang;
    let order = after.standings();
    let totals = after.team_points();
    let team = |k: usize| turn.teams[usize::from(order[k])].as_str();
    let total = |k: usize| totals[usize::from(order[k])];
    if total(0) == Points::ZERO && !turn.outcome.race_over {
        return lang.t("ba-no-score");
    }
    let over = if turn.outcome.race_over { "yes" } else { "no" };
    let places = after.places();
    let first = at_place(turn.teams, &order, &places, 1);
    if first.len() > 1 {
        return tr!(
            lang,
            "ba-standings-shared",
            teams = lang.and_list(&first),
            over = over,
            points = turn.points(total(0))
        );
    }
    if order.len() < 2 {
        return tr!(
            lang,
            "ba-standings-alone",
            team = team(0),
            over = over,
            points = turn.points(total(0))
        );
    }
    let second = 1;
    let margin = total(0).minus(total(second));
    // Every team sharing the second place, as the table shows them: naming one of two level
    // in 2nd would tell the reader the other is behind.
    let runners_up = at_place(
        turn.teams,
        &order,
        &places,
        places[usize::from(order[second])],
    );
    let count = if runners_up.len() == 1 {
        "one"
    } else {
        "other"
    };
    // Level on points with a place of its own: the best-placed rider decided (BA-17).
    if margin == Points::ZERO {
        tr!(
            lang,
            "ba-standings-level",
            team = team(0),
            over = over,
            points = turn.points(total(0)),
            count = count,
            second = lang.and_list(&runners_up)
        )
    } else {
        tr!(
            lang,
            "ba-standings-ahead",
            team = team(0),
            over = over,
            points = turn.points(total(0)),
            margin = turn.points(margin),
            count = count,
            second = lang.and_list(&runners_up)
        )
    }
}

/// The teams in first place (more than one when they share it, [`Position::places`]), in the
/// standings' order.
pub(crate) fn winners<'a>(teams: &'a [String], position: &Position) -> Vec<&'a str> {
    at_place(teams, &position.standings(), &position.places(), 1)
}

/// The teams at `place` (several when they share it), in the standings' `order`.
fn at_place<'a>(teams: &'a [String], order: &[u8], places: &[u16], place: u16) -> Vec<&'a str> {
    order
        .iter()
        .filter(|&&t| places[usize::from(t)] == place)
        .map(|&t| teams[usize::from(t)].as_str())
        .collect()
}
