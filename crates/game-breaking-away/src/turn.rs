//! One turn of Breaking Away: the order of movement (postal 8; board: inside first, turn-1
//! rotation), movement and scoring at the lines (postal 5, 6.4), and replacement cards
//! (postal 7.4–7.9; board replacement, breaking away, turn-1 congestion).

use crate::points::Points;
use crate::position::{Position, Status};
use crate::rules::{Line, RuleSet, SCORING_PLACES};

/// Where the card a rider played came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The player ordered it.
    Ordered,
    /// No order arrived: the highest card in the hand (postal 9.1).
    Nmr,
    /// The rider was declared dropped and sent no order: the highest card (postal 10.1, see
    /// docs/rulings.md).
    Dropped,
}

/// One rider's move this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Move {
    pub rider: usize,
    pub card: u16,
    pub from: i32,
    pub to: i32,
    pub source: Source,
    /// Riders with the same group number moved simultaneously (postal 8.2.5).
    pub group: u16,
}

/// A place scored at a line. `riders` has more than one rider only when riders moved
/// simultaneously; then `points` is each rider's equal share of the places they took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Award {
    pub line: Line,
    pub place: u16,
    pub riders: Vec<usize>,
    pub points: Points,
}

/// Why a rider got its replacement card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// 3 plus the riders in the unbroken string ahead (postal 7.5–7.6).
    Slipstream { riders_ahead: u16 },
    /// The rider has just made (or made again) a sole lead: its lead over the next rider
    /// (postal 7.8), or over the nearest rider of another team with group breakaways.
    BreakingAway { lead: u16 },
    /// The rider kept the sole lead it already had: 3 (postal 7.8).
    KeptLead,
    /// The rider leads alone with no rival left on the track to measure a lead against: 3.
    Alone,
    /// Board turn-1 congestion: the rider stands on a crowded square: 3.
    Crowded,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Replacement {
    pub card: u16,
    pub why: Why,
}

/// Everything that happened in one turn, for reports and the scenario notation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnOutcome {
    pub turn: u16,
    /// Board turn 1: the team that moved first.
    pub first_team: Option<u8>,
    /// Moves in the order they were made, first mover first.
    pub moves: Vec<Move>,
    pub awards: Vec<Award>,
    /// Riders who crossed the finish line this turn, with their places.
    pub finishers: Vec<(usize, u16)>,
    /// Per rider (indexed like `Position::riders`): the replacement card, if it got one.
    pub replacements: Vec<Option<Replacement>>,
    pub sole_leader: Option<usize>,
    pub race_over: bool,
}

/// Orders that cannot be carried out. Each names the rider by its index in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OrderError {
    #[error("the race is over")]
    RaceOver,
    #[error("orders for {got} riders, the race has {want}")]
    WrongCount { got: usize, want: usize },
    #[error("card {card} is not in the hand of rider {rider}")]
    NotInHand { rider: usize, card: u16 },
    #[error("rider {rider} is not on the track and takes no orders")]
    NotOnTrack { rider: usize },
    #[error("rider {rider} has no card to play")]
    EmptyHand { rider: usize },
}

/// The card each rider plays, or an error naming the first bad order. Riders without an order
/// play their highest card (postal 9.1 for an NMR, 10.1 for a dropped rider).
pub fn cards_to_play(
    position: &Position,
    orders: &[Option<u16>],
) -> Result<Vec<Option<(u16, Source)>>, OrderError> {
    if orders.len() != position.riders.len() {
        return Err(OrderError::WrongCount {
            got: orders.len(),
            want: position.riders.len(),
        });
    }
    position
        .riders
        .iter()
        .zip(orders)
        .enumerate()
        .map(|(i, (rider, order))| {
            if !rider.on_track() {
                return match order {
                    Some(_) => Err(OrderError::NotOnTrack { rider: i }),
                    None => Ok(None),
                };
            }
            match *order {
                Some(card) if rider.hand.contains(card) => Ok(Some((card, Source::Ordered))),
                Some(card) => Err(OrderError::NotInHand { rider: i, card }),
                None => {
                    let source = match rider.status {
                        Status::Dropped => Source::Dropped,
                        _ => Source::Nmr,
                    };
                    let card = rider
                        .hand
                        .highest()
                        .ok_or(OrderError::EmptyHand { rider: i })?;
                    Ok(Some((card, source)))
                }
            }
        })
        .collect()
}

/// Resolves one turn. `orders[i]` is the card ordered for rider `i`, `None` for no order.
/// Either the whole turn is applied or, on a bad order, nothing is.
pub fn resolve(
    position: &Position,
    orders: &[Option<u16>],
) -> Result<(Position, TurnOutcome), OrderError> {
    if position.is_over() {
        return Err(OrderError::RaceOver);
    }
    let played = cards_to_play(position, orders)?;
    let order = movement_order(position, &played);

    let mut next = position.clone();
    let mut moves = Vec::with_capacity(order.len());
    let mut awards = Vec::new();
    let mut finishers = Vec::new();

    // Movement, group by group (a group is one rider, or riders moving simultaneously).
    let mut start = 0;
    while start < order.len() {
        let group = order[start].1;
        let end = start
            + order[start..]
                .iter()
                .take_while(|(_, g)| *g == group)
                .count();
        let members: Vec<usize> = order[start..end].iter().map(|&(r, _)| r).collect();
        let stamp = next.next_arrival;
        next.next_arrival += 1;
        let from = next.riders[members[0]].distance;
        let mut to = from;
        for &r in &members {
            let (card, source) = played[r].expect("only riders on the track move");
            let rider = &mut next.riders[r];
            to = rider.distance + i32::from(card);
            moves.push(Move {
                rider: r,
                card,
                from: rider.distance,
                to,
                source,
                group,
            });
            rider.distance = to;
            rider.arrival = stamp;
            rider.hand.remove(card);
        }
        // Lines crossed, first past the post (postal 6.4). Members of a group share a square
        // and a card, so they cross the same lines together.
        for line in Line::ALL {
            let at = position.rules.set.line_distance(line);
            if !(from <= at && to > at) {
                continue;
            }
            let taken = usize::from(next.line_places[line.index()]);
            let place = taken + 1;
            let pooled: u64 = (place..place + members.len())
                .map(|p| line.points_for_place(p))
                .sum();
            if taken < SCORING_PLACES {
                let each = Points::share(pooled, members.len() as u64);
                for &r in &members {
                    next.riders[r].points += each;
                }
                awards.push(Award {
                    line,
                    place: place as u16,
                    riders: members.clone(),
                    points: each,
                });
            }
            next.line_places[line.index()] += members.len() as u16;
            if line == Line::Finish {
                for &r in &members {
                    next.riders[r].status = Status::Finished(place as u16);
                    finishers.push((r, place as u16));
                }
            }
        }
        start = end;
    }

    // Replacement, on the positions at the end of the movement.
    let (replacements, sole_leader) = replacement_cards(position, &next);
    for (rider, replacement) in next.riders.iter_mut().zip(&replacements) {
        rider.sole_leader = false;
        if let Some(rep) = replacement {
            rider.hand.insert(rep.card);
        }
    }
    if let Some(leader) = sole_leader {
        next.riders[leader].sole_leader = true;
    }
    next.turn += 1;
    next.first_team = None;
    let outcome = TurnOutcome {
        turn: position.turn,
        first_team: position.first_team,
        moves,
        awards,
        finishers,
        replacements,
        sole_leader,
        race_over: next.is_over(),
    };
    Ok((next, outcome))
}

/// The riders in the order they move, each with a group number; consecutive riders with the
/// same group number move simultaneously.
fn movement_order(position: &Position, played: &[Option<(u16, Source)>]) -> Vec<(usize, u16)> {
    let riders = &position.riders;
    let card = |i: usize| played[i].map_or(0, |(c, _)| c);
    let mut order: Vec<usize> = (0..riders.len()).filter(|&i| played[i].is_some()).collect();
    let board = position.rules.set == RuleSet::Board;

    if board && position.turn == 1 {
        // Board, turn 1: from a random first team, clockwise; every rider 1, then every
        // rider 2, 3 and 4. Nobody moves simultaneously.
        let teams = u16::from(position.team_count.max(1));
        let first = u16::from(position.first_team.unwrap_or(0));
        order.sort_by_key(|&i| {
            let seat = (u16::from(riders[i].team) + teams - first % teams) % teams;
            (riders[i].grade, seat)
        });
        return order.into_iter().zip(0..).collect();
    }

    // Front to back (postal 8.1); on one square...
    let same_square_key = |a: usize, b: usize| {
        let (ra, rb) = (&riders[a], &riders[b]);
        let by_rules = if board {
            // board: inside first, that is, earliest arrival first
            std::cmp::Ordering::Equal
        } else {
            ra.grade
                .cmp(&rb.grade) // postal 8.2.1
                .then_with(|| card(b).cmp(&card(a))) // postal 8.2.2
                .then_with(|| rb.hand.cards().cmp(ra.hand.cards())) // postal 8.2.3-8.2.4
        };
        by_rules.then_with(|| ra.arrival.cmp(&rb.arrival)) // postal 8.2.5 / board
    };
    order.sort_by(|&a, &b| {
        riders[b]
            .distance
            .cmp(&riders[a].distance)
            .then_with(|| same_square_key(a, b))
    });

    // Riders still tied after every check move simultaneously (postal 8.2.5).
    let mut grouped = Vec::with_capacity(order.len());
    let mut group = 0u16;
    for (k, &i) in order.iter().enumerate() {
        if k > 0 {
            let prev = order[k - 1];
            let tied = riders[prev].distance == riders[i].distance
                && same_square_key(prev, i) == std::cmp::Ordering::Equal;
            if !tied {
                group += 1;
            }
        }
        grouped.push((i, group));
    }
    grouped
}

/// Every rider's replacement card and the new sole leader, on the position after movement.
fn replacement_cards(
    before: &Position,
    after: &Position,
) -> (Vec<Option<Replacement>>, Option<usize>) {
    let riders = &after.riders;
    // Occupied squares by race distance (slipstream is measured in distance, so a lapped
    // rider on the board loop neither gives nor takes it), front first, with rider counts.
    let mut distances: Vec<i32> = riders
        .iter()
        .filter(|r| r.on_track())
        .map(|r| r.distance)
        .collect();
    distances.sort_unstable_by(|a, b| b.cmp(a));
    let mut squares: Vec<(i32, u16)> = Vec::with_capacity(distances.len());
    for d in distances {
        match squares.last_mut() {
            Some((sd, n)) if *sd == d => *n += 1,
            _ => squares.push((d, 1)),
        }
    }

    let rules = after.rules;
    let first_turn = before.turn == 1;
    let crowded = |n: u16| first_turn && n >= 5;
    let postal_crowding = first_turn && rules.set == RuleSet::Postal22;
    let board_congestion =
        first_turn && rules.set == RuleSet::Board && rules.options.turn1_congestion;
    // Is the square at index k (in `squares`) treated as blank for the riders behind it?
    let blank = |k: usize| -> bool {
        let (d, n) = squares[k];
        // postal 7.9: the square in front of a square of 5 or more counts as blank.
        let behind_is_crowded = postal_crowding
            && squares
                .get(k + 1)
                .is_some_and(|&(bd, bn)| bd == d - 1 && crowded(bn));
        // board turn-1 congestion: the crowded square itself counts as empty.
        behind_is_crowded || (board_congestion && crowded(n))
    };

    // The unbroken string ahead of each occupied square (postal 7.5-7.6).
    let mut ahead = vec![0u16; squares.len()];
    for k in 1..squares.len() {
        let (d, _) = squares[k];
        let (front_d, front_n) = squares[k - 1];
        if front_d == d + 1 && !blank(k - 1) {
            ahead[k] = front_n + ahead[k - 1];
        }
    }

    // The sole leader: the only rider on the track with the greatest distance.
    let sole_leader = match squares.first() {
        Some(&(d, 1)) => riders.iter().position(|r| r.on_track() && r.distance == d),
        _ => None,
    };
    let leader_card = sole_leader.map(|l| {
        let leader = &riders[l];
        let rival = if rules.options.group_breakaways {
            riders
                .iter()
                .filter(|r| r.on_track() && r.team != leader.team)
                .map(|r| r.distance)
                .max()
        } else {
            squares.get(1).map(|&(d, _)| d)
        };
        if before.riders[l].sole_leader {
            Replacement {
                card: 3,
                why: Why::KeptLead,
            }
        } else if let Some(rival) = rival {
            let lead = u16::try_from(leader.distance - rival).unwrap_or(u16::MAX);
            Replacement {
                card: lead,
                why: Why::BreakingAway { lead },
            }
        } else {
            Replacement {
                card: 3,
                why: Why::Alone,
            }
        }
    });

    let replacements = riders
        .iter()
        .enumerate()
        .map(|(i, r)| {
            if !r.on_track()
                || before.riders[i].finished_place().is_some()
                || !before.riders[i].on_track()
            {
                return None;
            }
            if Some(i) == sole_leader {
                return leader_card;
            }
            let k = squares
                .iter()
                .position(|&(d, _)| d == r.distance)
                .expect("rider's square");
            if board_congestion && crowded(squares[k].1) {
                return Some(Replacement {
                    card: 3,
                    why: Why::Crowded,
                });
            }
            let riders_ahead = ahead[k];
            Some(Replacement {
                card: 3 + riders_ahead,
                why: Why::Slipstream { riders_ahead },
            })
        })
        .collect();
    (replacements, sole_leader)
}
