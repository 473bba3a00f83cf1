//! The engine's turn (`turn::resolve`) on the plain race, compared with the oracle's field by
//! field.

use game_breaking_away::turn::{OrderError, resolve};
use game_breaking_away::{
    Grade, Hand, Line, Options, Points, Position, Rider, Rules, Source, Status,
};

use crate::plain::{self, Chosen, Frac, Race, Refused, State};

fn points(f: Frac) -> Points {
    Points::share(f.num, f.den)
}

/// The plain race as the engine's position.
fn position(race: &Race) -> Position {
    let rules = if race.board {
        Rules::board(Options {
            group_breakaways: race.group_breakaways,
            turn1_congestion: race.turn1_congestion,
            staggered_start: false,
            open_hands: false,
        })
    } else {
        Rules::postal()
    };
    Position {
        rules,
        turn: race.turn as u16,
        team_count: race.teams as u8,
        riders: race
            .riders
            .iter()
            .map(|r| Rider {
                team: r.team as u8,
                grade: Grade::ALL[r.grade],
                distance: r.distance as i32,
                hand: Hand::new(&r.hand).unwrap(),
                points: points(r.points),
                sole_leader: r.sole_leader,
                status: status(r.state),
                arrival: r.arrival as u32,
            })
            .collect(),
        line_places: race.places.map(|p| p as u16),
        next_arrival: race.next_arrival as u32,
        first_team: (race.board && race.turn == 1).then_some(race.first_team as u8),
    }
}

fn status(state: State) -> Status {
    match state {
        State::Racing => Status::Racing,
        State::Dropped => Status::Dropped,
        State::Retired => Status::Retired,
        State::Finished(p) => Status::Finished(p as u16),
    }
}

pub(crate) fn sorted(hand: &[u16]) -> Vec<u16> {
    let mut h = hand.to_vec();
    h.sort();
    h
}

/// Compares the engine's turn with the oracle's; the differences, one line each.
pub(crate) fn compare_direct(race: &Race, orders: &[Option<u16>]) -> Vec<String> {
    let mut out = Vec::new();
    let want = plain::turn(race, orders);
    let got = resolve(&position(race), orders);
    let (want, (next, outcome)) = match (want, got) {
        (Ok(w), Ok(g)) => (w, g),
        (Err(w), Err(g)) => {
            let same = matches!((&w, &g), (Refused::RaceOver, OrderError::RaceOver))
                || matches!((&w, &g), (Refused::NotInHand(a), OrderError::NotInHand { rider: b, .. }) if a == b)
                || matches!((&w, &g), (Refused::NotOnRoad(a), OrderError::NotOnTrack { rider: b }) if a == b)
                || matches!((&w, &g), (Refused::EmptyHand(a), OrderError::EmptyHand { rider: b }) if a == b);
            if !same {
                out.push(format!("refusals differ: oracle {w:?}, engine {g:?}"));
            }
            return out;
        }
        (w, g) => {
            out.push(format!(
                "one refused: oracle {:?}, engine {:?}",
                w.err(),
                g.err()
            ));
            return out;
        }
    };
    // The message is only formatted for a difference (formatting every time costs more than
    // both turns in a debug build).
    macro_rules! check {
        ($what:expr, $same:expr, $($detail:tt)*) => {
            if !$same {
                out.push(format!("{}: {}", $what, format!($($detail)*)));
            }
        };
    }
    // The order of movement, the cards, where each rider went, and who moved together.
    let want_moves: Vec<_> = want
        .moves
        .iter()
        .map(|m| {
            let source = match m.chosen {
                Chosen::Ordered => Source::Ordered,
                Chosen::Nmr => Source::Nmr,
                Chosen::Dropped => Source::Dropped,
            };
            (
                m.rider,
                m.card,
                m.from as i32,
                m.to as i32,
                source,
                m.group as u16,
            )
        })
        .collect();
    let got_moves: Vec<_> = outcome
        .moves
        .iter()
        .map(|m| (m.rider, m.card, m.from, m.to, m.source, m.group))
        .collect();
    check!(
        "moves",
        want_moves == got_moves,
        "oracle {want_moves:?}\n  engine {got_moves:?}",
    );
    let lines = Line::ALL;
    let want_awards: Vec<_> = want
        .scored
        .iter()
        .map(|s| {
            (
                lines[s.line],
                s.place as u16,
                s.riders.clone(),
                points(s.each),
            )
        })
        .collect();
    let got_awards: Vec<_> = outcome
        .awards
        .iter()
        .map(|a| (a.line, a.place, a.riders.clone(), a.points))
        .collect();
    check!(
        "awards",
        want_awards == got_awards,
        "oracle {want_awards:?}\n  engine {got_awards:?}",
    );
    let want_finishers: Vec<_> = want.finishers.iter().map(|&(r, p)| (r, p as u16)).collect();
    check!(
        "finishers",
        want_finishers == outcome.finishers,
        "oracle {want_finishers:?}, engine {:?}",
        outcome.finishers,
    );
    let got_replacements: Vec<Option<u16>> = outcome
        .replacements
        .iter()
        .map(|r| r.map(|r| r.card))
        .collect();
    check!(
        "replacements",
        want.replacements == got_replacements,
        "oracle {:?}, engine {got_replacements:?}",
        want.replacements,
    );
    check!(
        "sole leader",
        want.sole_leader == outcome.sole_leader,
        "oracle {:?}, engine {:?}",
        want.sole_leader,
        outcome.sole_leader,
    );
    for (i, (w, g)) in want.after.riders.iter().zip(&next.riders).enumerate() {
        let w_view = (
            w.distance as i32,
            sorted(&w.hand),
            points(w.points),
            w.sole_leader,
            status(w.state),
            w.arrival as u32,
        );
        let g_view = (
            g.distance,
            g.hand.ascending(),
            g.points,
            g.sole_leader,
            g.status,
            g.arrival,
        );
        check!(
            format!(
                "rider {i} after the turn (distance, hand, points, sole leader, status, arrival)"
            ),
            w_view == g_view,
            "oracle {w_view:?}, engine {g_view:?}",
        );
    }
    let want_places = want.after.places.map(|p| p as u16);
    check!(
        "places taken",
        want_places == next.line_places,
        "oracle {want_places:?}, engine {:?}",
        next.line_places,
    );
    check!(
        "next arrival stamp",
        want.after.next_arrival as u32 == next.next_arrival,
        "oracle {}, engine {}",
        want.after.next_arrival,
        next.next_arrival,
    );
    check!(
        "turn",
        want.after.turn as u16 == next.turn && next.first_team.is_none(),
        "oracle {}, engine {} {:?}",
        want.after.turn,
        next.turn,
        next.first_team,
    );
    check!(
        "race over",
        want.race_over == outcome.race_over && want.race_over == next.is_over(),
        "oracle {}, engine {}",
        want.race_over,
        outcome.race_over,
    );
    let got_standings: Vec<usize> = next.standings().iter().map(|&t| usize::from(t)).collect();
    check!(
        "team order",
        want.standings == got_standings,
        "oracle {:?}, engine {got_standings:?}",
        want.standings,
    );
    out
}
