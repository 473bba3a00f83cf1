//! One turn of Breaking Away: the order of movement (postal 8; board: inside first, turn-1
//! rotation), movement and scoring at the lines (postal 5, 6.4), and replacement cards
//! (postal 7.4–7.9; board replacement, breaking away, turn-1 congestion).

use crate::points::Points;
use crate::position::{Hand, Position, Status};
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

/// What a turn reports as it is adjudicated. [`TurnOutcome`] records everything for reports
/// and the notation; `()` records nothing, for simulations that only need the next position.
pub trait Recorder {
    fn moved(&mut self, _m: Move) {}
    fn awarded(&mut self, _line: Line, _place: u16, _riders: &[usize], _points: Points) {}
    fn finished(&mut self, _rider: usize, _place: u16) {}
    fn replaced(&mut self, _rider: usize, _replacement: Replacement) {}
}

impl Recorder for () {}

impl Recorder for TurnOutcome {
    fn moved(&mut self, m: Move) {
        self.moves.push(m);
    }
    fn awarded(&mut self, line: Line, place: u16, riders: &[usize], points: Points) {
        self.awards.push(Award {
            line,
            place,
            riders: riders.to_vec(),
            points,
        });
    }
    fn finished(&mut self, rider: usize, place: u16) {
        self.finishers.push((rider, place));
    }
    fn replaced(&mut self, rider: usize, replacement: Replacement) {
        self.replacements[rider] = Some(replacement);
    }
}

/// The card a rider on the track plays this turn, where it is in the hand, and who chose it.
#[derive(Clone, Copy, Debug)]
struct Play {
    card: u16,
    lane: u8,
    source: Source,
}

/// The card each rider plays, written into `out`, or an error naming the first bad order.
/// Riders without an order play their highest card (postal 9.1 for an NMR, 10.1 for a dropped
/// rider).
fn cards_to_play(
    position: &Position,
    orders: &[Option<u16>],
    out: &mut Vec<Option<Play>>,
) -> Result<(), OrderError> {
    if orders.len() != position.riders.len() {
        return Err(OrderError::WrongCount {
            got: orders.len(),
            want: position.riders.len(),
        });
    }
    out.clear();
    for (i, (rider, &order)) in position.riders.iter().zip(orders).enumerate() {
        if !rider.on_track() {
            if order.is_some() {
                return Err(OrderError::NotOnTrack { rider: i });
            }
            out.push(None);
            continue;
        }
        let play = match order {
            Some(card) => match rider.hand.lane_of(card) {
                Some(lane) => Play {
                    card,
                    lane: lane as u8,
                    source: Source::Ordered,
                },
                None => return Err(OrderError::NotInHand { rider: i, card }),
            },
            None => Play {
                card: rider
                    .hand
                    .highest()
                    .ok_or(OrderError::EmptyHand { rider: i })?,
                lane: 0,
                source: if rider.status == Status::Dropped {
                    Source::Dropped
                } else {
                    Source::Nmr
                },
            },
        };
        out.push(Some(play));
    }
    Ok(())
}

/// Resolves one turn. `orders[i]` is the card ordered for rider `i`, `None` for no order.
/// Either the whole turn is applied or, on a bad order, nothing is.
pub fn resolve(
    position: &Position,
    orders: &[Option<u16>],
) -> Result<(Position, TurnOutcome), OrderError> {
    let mut next = position.clone();
    let mut outcome = TurnOutcome {
        turn: position.turn,
        first_team: position.first_team,
        moves: Vec::with_capacity(position.riders.len()),
        awards: Vec::new(),
        finishers: Vec::new(),
        replacements: vec![None; position.riders.len()],
        sole_leader: None,
        race_over: false,
    };
    advance(&mut next, orders, &mut outcome)?;
    outcome.sole_leader = next.riders.iter().position(|r| r.sole_leader);
    outcome.race_over = next.is_over();
    Ok((next, outcome))
}

/// Buffers a turn works in, kept between turns by simulations so that a turn allocates nothing.
#[derive(Debug, Default)]
pub struct Scratch {
    played: Vec<Option<Play>>,
    /// Sort keys of the riders who move, sorted into the order of movement.
    keyed: Vec<u64>,
    /// The riders in the order of movement, each with its group number.
    order: Vec<(usize, u16)>,
    /// Sort keys of the riders on the track after moving, sorted front first.
    field: Vec<u64>,
    /// The riders on the track at the end of the last turn, front first. The next order of
    /// movement is sorted starting from it, which leaves the sort little to do. Only a hint:
    /// whatever it holds, the order comes out the same.
    last_field: Vec<usize>,
}

/// Plays one turn on `position` in place, telling `recorder` what happens. The orders are
/// checked before anything changes, so on an error the position is as it was.
pub fn advance(
    position: &mut Position,
    orders: &[Option<u16>],
    recorder: &mut impl Recorder,
) -> Result<(), OrderError> {
    advance_with(position, orders, recorder, &mut Scratch::default())
}

/// [`advance`] with buffers the caller keeps.
pub fn advance_with(
    position: &mut Position,
    orders: &[Option<u16>],
    recorder: &mut impl Recorder,
    scratch: &mut Scratch,
) -> Result<(), OrderError> {
    if position.is_over() {
        return Err(OrderError::RaceOver);
    }
    let Scratch {
        played,
        keyed,
        order,
        field,
        last_field,
    } = scratch;
    cards_to_play(position, orders, played)?;
    movement_order(position, played, last_field, keyed, order);
    let first_turn = position.turn == 1;
    let line_at = Line::ALL.map(|l| position.rules.set.line_distance(l));

    // Movement, group by group (a group is one rider, or riders moving simultaneously).
    field.clear();
    let mut start = 0;
    while start < order.len() {
        let group = order[start].1;
        let mut end = start + 1;
        while end < order.len() && order[end].1 == group {
            end += 1;
        }
        let members = &order[start..end];
        let stamp = position.next_arrival;
        position.next_arrival += 1;
        // Members of a group share a square and (postal 8.2.2) a card.
        let from = position.riders[members[0].0].distance;
        let mut to = from;
        for &(r, _) in members {
            let Play { card, lane, source } = played[r].expect("only riders on the track move");
            let rider = &mut position.riders[r];
            to = from + i32::from(card);
            recorder.moved(Move {
                rider: r,
                card,
                from,
                to,
                source,
                group,
            });
            rider.distance = to;
            rider.arrival = stamp;
            rider.hand.remove_lane(usize::from(lane));
        }
        // Lines crossed, first past the post (postal 6.4); most moves cross none.
        if from <= line_at[2] && to > line_at[0] {
            for (line, &at) in Line::ALL.iter().zip(&line_at) {
                if from <= at && to > at {
                    cross(position, *line, members, recorder);
                }
            }
        }
        for &(r, _) in members {
            let rider = &position.riders[r];
            if rider.on_track() {
                field.push(front_first(rider.distance) << 40 | r as u64);
            }
        }
        start = end;
    }

    replace_cards(position, first_turn, recorder, field);
    last_field.clear();
    last_field.extend(field.iter().map(|&key| rider_of(key)));
    position.turn += 1;
    position.first_team = None;
    Ok(())
}

/// A group crosses a line: the places it takes, the points they score, pooled and shared
/// when the group moved simultaneously (postal 6.4, 8.2.5), and the finish.
fn cross(
    position: &mut Position,
    line: Line,
    members: &[(usize, u16)],
    recorder: &mut impl Recorder,
) {
    let taken = usize::from(position.line_places[line.index()]);
    let place = taken + 1;
    let size = members.len();
    if taken < SCORING_PLACES {
        let pooled: u64 = (place..place + size)
            .map(|p| line.points_for_place(p))
            .sum();
        let each = Points::share(pooled, size as u64);
        for &(r, _) in members {
            position.riders[r].points += each;
        }
        if size == 1 {
            recorder.awarded(line, place as u16, &[members[0].0], each);
        } else {
            let riders: Vec<usize> = members.iter().map(|&(r, _)| r).collect();
            recorder.awarded(line, place as u16, &riders, each);
        }
    }
    position.line_places[line.index()] += size as u16;
    if line == Line::Finish {
        for &(r, _) in members {
            position.riders[r].status = Status::Finished(place as u16);
            recorder.finished(r, place as u16);
        }
    }
}

/// A distance as a sort key that puts the greatest distance first, in 24 bits. Riders on the
/// track are within ±`scenario::MAX_DISTANCE` plus a card, far inside the ±2^23 the key holds
/// exactly; beyond that the order would be wrong, never a panic.
fn front_first(distance: i32) -> u64 {
    0x7F_FFFF_u64.wrapping_sub(distance as u64) & 0xFF_FFFF
}

/// The rider a sort key stands for: its low 16 bits.
fn rider_of(key: u64) -> usize {
    (key & 0xFFFF) as usize
}

/// The riders in the order they move, each with a group number; consecutive riders with the
/// same group number move simultaneously.
fn movement_order(
    position: &Position,
    played: &[Option<Play>],
    hint: &[usize],
    keyed: &mut Vec<u64>,
    order: &mut Vec<(usize, u16)>,
) {
    let riders = &position.riders;
    let board = position.rules.set == RuleSet::Board;
    keyed.clear();
    order.clear();

    if board && position.turn == 1 {
        // Board, turn 1: from a random first team, clockwise; every rider 1, then every
        // rider 2, 3 and 4. Nobody moves simultaneously.
        let teams = u64::from(position.team_count.max(1));
        let first = u64::from(position.first_team.unwrap_or(0));
        keyed.extend((0..riders.len()).filter(|&i| played[i].is_some()).map(|i| {
            let seat = (u64::from(riders[i].team) + teams - first % teams) % teams;
            (riders[i].grade as u64) << 40 | seat << 16 | i as u64
        }));
        keyed.sort_unstable();
        order.extend(keyed.iter().zip(0..).map(|(&key, g)| (rider_of(key), g)));
        return;
    }

    // Front to back (postal 8.1). On one square: postal 8.2.1 grade, 8.2.2 the card played,
    // 8.2.3-8.2.4 the hand (highest card first), 8.2.5 arrival; the board: arrival only (inside
    // first). Distance, grade and card are packed into one key with the rider's index (which
    // keeps riders still tied in input order); the hand and the arrival break the key's ties.
    let key = |i: usize, card: u16| {
        let r = &riders[i];
        let checks = if board {
            0
        } else {
            (r.grade as u64) << 16 | u64::from(u16::MAX - card)
        };
        front_first(r.distance) << 40 | checks << 16 | i as u64
    };
    // The keys go in front first as the last turn ended, then any rider the hint missed.
    let movers = played.iter().filter(|p| p.is_some()).count();
    if riders.len() <= 64 {
        let mut hinted = 0u64;
        for &i in hint {
            if let Some(Some(play)) = played.get(i)
                && hinted >> i & 1 == 0
            {
                hinted |= 1 << i;
                keyed.push(key(i, play.card));
            }
        }
        if keyed.len() < movers {
            for (i, p) in played.iter().enumerate() {
                if let Some(play) = p
                    && hinted >> i & 1 == 0
                {
                    keyed.push(key(i, play.card));
                }
            }
        }
    } else {
        for (i, p) in played.iter().enumerate() {
            if let Some(play) = p {
                keyed.push(key(i, play.card));
            }
        }
    }
    keyed.sort_unstable();

    // Riders the key leaves tied (rare) are put in order by hand and arrival; those still
    // tied after every check move simultaneously (postal 8.2.5).
    let checks = |key: u64| key >> 16;
    let rest = |key: u64| -> (std::cmp::Reverse<u128>, u32) {
        let r = &riders[rider_of(key)];
        let hand = if board { 0 } else { r.hand.tie_break_key() };
        (std::cmp::Reverse(hand), r.arrival)
    };
    let mut group = 0u16;
    let mut k = 0;
    while k < keyed.len() {
        if k + 1 == keyed.len() || checks(keyed[k + 1]) != checks(keyed[k]) {
            order.push((rider_of(keyed[k]), group));
            group += 1;
            k += 1;
            continue;
        }
        let mut end = k + 2;
        while end < keyed.len() && checks(keyed[end]) == checks(keyed[k]) {
            end += 1;
        }
        let tied = &mut keyed[k..end];
        tied.sort_unstable_by_key(|&key| (rest(key), rider_of(key)));
        for j in 0..tied.len() {
            if j > 0 && rest(tied[j]) != rest(tied[j - 1]) {
                group += 1;
            }
            order.push((rider_of(tied[j]), group));
        }
        group += 1;
        k = end;
    }
}

/// Gives every rider on the track its replacement card (postal 7.4-7.9; board replacement,
/// breaking away, turn-1 congestion) on the positions at the end of the movement, and marks the
/// new sole leader. `field` holds a key for every rider on the track, in any order; it is
/// left sorted front first.
fn replace_cards(
    position: &mut Position,
    first_turn: bool,
    recorder: &mut impl Recorder,
    field: &mut [u64],
) {
    let rules = position.rules;
    let postal_crowding = first_turn && rules.set == RuleSet::Postal22;
    let board_congestion =
        first_turn && rules.set == RuleSet::Board && rules.options.turn1_congestion;

    // Riders on the track, front first. Slipstream is measured in race distance, so on the
    // board loop a lapped rider neither gives nor takes it.
    field.sort_unstable();
    let field: &[u64] = field;
    let square = |key: u64| key >> 40;
    if field.is_empty() {
        for r in position.riders.iter_mut() {
            r.sole_leader = false;
        }
        return;
    }

    // The sole leader: the only rider on the track with the greatest distance (postal 7.8).
    let sole_leader = (field.len() == 1 || square(field[1]) > square(field[0]))
        .then_some(rider_of(field[0]));
    let leader_card = sole_leader.map(|l| leader_card(position, l, field));
    for r in position.riders.iter_mut() {
        r.sole_leader = false;
    }

    // Sweep the occupied squares from the front. For each square: its rider count, whether it
    // counts as blank for the riders behind it, and the unbroken string ahead (7.5-7.6).
    // `ahead_of_next` is the string a rider on the square just behind this one would count.
    let mut k = 0;
    let mut previous: Option<(i32, u16, bool, u16)> = None; // (distance, riders, blank, ahead)
    while k < field.len() {
        let d = position.riders[rider_of(field[k])].distance;
        let mut end = k + 1;
        while end < field.len() && square(field[end]) == square(field[k]) {
            end += 1;
        }
        let count = (end - k) as u16;
        let crowded = first_turn && count >= 5;
        // The square in front of a crowded one counts as blank (postal 7.9), for this square's
        // riders and everyone behind them.
        if let Some(p) = previous
            .as_mut()
            .filter(|p| postal_crowding && crowded && p.0 == d + 1)
        {
            p.2 = true;
        }
        let ahead = match previous {
            Some((pd, pn, p_blank, p_ahead)) if pd == d + 1 && !p_blank => pn + p_ahead,
            _ => 0,
        };
        for i in field[k..end].iter().map(|&key| rider_of(key)) {
            let replacement = if Some(i) == sole_leader {
                leader_card.expect("the sole leader's card")
            } else if board_congestion && crowded {
                Replacement {
                    card: 3,
                    why: Why::Crowded,
                }
            } else {
                Replacement {
                    card: 3 + ahead,
                    why: Why::Slipstream {
                        riders_ahead: ahead,
                    },
                }
            };
            position.riders[i].hand.insert(replacement.card);
            recorder.replaced(i, replacement);
        }
        // A board-congested square counts as empty for every other rider.
        previous = Some((d, count, board_congestion && crowded, ahead));
        k = end;
    }
    if let Some(l) = sole_leader {
        position.riders[l].sole_leader = true;
    }
}

/// The sole leader's replacement (postal 7.8): its lead over the next rider (with group
/// breakaways, over the nearest rider of another team) when it has just made the lead, 3 when
/// it already had it, 3 when nobody is left to lead.
fn leader_card(position: &Position, leader: usize, field: &[u64]) -> Replacement {
    let l = &position.riders[leader];
    if l.sole_leader {
        return Replacement {
            card: 3,
            why: Why::KeptLead,
        };
    }
    let rival = if position.rules.options.group_breakaways {
        field
            .iter()
            .map(|&key| &position.riders[rider_of(key)])
            .filter(|r| r.team != l.team)
            .map(|r| r.distance)
            .max()
    } else {
        field
            .get(1)
            .map(|&key| position.riders[rider_of(key)].distance)
    };
    match rival {
        Some(rival) => {
            let lead = u16::try_from(l.distance - rival)
                .unwrap_or(u16::MAX)
                .min(Hand::MAX_CARD);
            Replacement {
                card: lead,
                why: Why::BreakingAway { lead },
            }
        }
        None => Replacement {
            card: 3,
            why: Why::Alone,
        },
    }
}
