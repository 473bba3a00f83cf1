//! A second, deliberately plain reading of one Breaking Away turn, straight from the rulebooks
//! (postal rules 2.2, `shared/rules/breaking-away-postal-2.2.txt`; the board game,
//! `shared/rules/breaking-away-board-game.ja.txt`) and the notation's rulings
//! (`shared/spec/breaking-away-scenario.md`, docs/rulings.md). Plain vectors, one rule per
//! step, no packed hands, no sorting networks, nothing shared with the engine but its input.

use std::cmp::Ordering;
use std::collections::BTreeMap;

/// Exact points: a fraction in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frac {
    pub num: u64,
    pub den: u64,
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

impl Frac {
    pub const ZERO: Frac = Frac { num: 0, den: 1 };

    pub fn new(num: u64, den: u64) -> Frac {
        let g = gcd(num, den).max(1);
        Frac {
            num: num / g,
            den: den / g,
        }
    }

    pub fn plus(self, other: Frac) -> Frac {
        Frac::new(
            self.num * other.den + other.num * self.den,
            self.den * other.den,
        )
    }

    /// Compares two amounts by cross-multiplying.
    pub fn compare(self, other: Frac) -> Ordering {
        (u128::from(self.num) * u128::from(other.den))
            .cmp(&(u128::from(other.num) * u128::from(self.den)))
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    Racing,
    Dropped,
    Retired,
    Finished(u32),
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rider {
    pub team: usize,
    /// 0 = A (rider 1) … 3 = D (rider 4).
    pub grade: usize,
    pub distance: i64,
    /// The cards in any order.
    pub hand: Vec<u16>,
    pub points: Frac,
    pub sole_leader: bool,
    pub state: State,
    pub arrival: u64,
}

impl Rider {
    /// Still on the road: racing or dropped (postal 10.1 keeps a dropped rider in the race).
    pub fn on_road(&self) -> bool {
        matches!(self.state, State::Racing | State::Dropped)
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Race {
    pub board: bool,
    pub group_breakaways: bool,
    pub turn1_congestion: bool,
    pub turn: u32,
    pub teams: usize,
    pub riders: Vec<Rider>,
    /// Places already taken at sprint 1, sprint 2 and the finish.
    pub places: [u32; 3],
    pub next_arrival: u64,
    /// Board turn 1: the team that moves first.
    pub first_team: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chosen {
    Ordered,
    Nmr,
    Dropped,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    pub rider: usize,
    pub card: u16,
    pub from: i64,
    pub to: i64,
    pub chosen: Chosen,
    pub group: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scored {
    /// 0 sprint 1, 1 sprint 2, 2 finish.
    pub line: usize,
    pub place: u32,
    pub riders: Vec<usize>,
    pub each: Frac,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub moves: Vec<Moved>,
    pub scored: Vec<Scored>,
    pub finishers: Vec<(usize, u32)>,
    pub replacements: Vec<Option<u16>>,
    pub sole_leader: Option<usize>,
    pub after: Race,
    pub race_over: bool,
    /// Teams from first to last.
    pub standings: Vec<usize>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refused {
    RaceOver,
    NotInHand(usize),
    NotOnRoad(usize),
    EmptyHand(usize),
}

/// The lines: postal 4.3-4.4 (after 40, 80 and 120); board: the sprint line crossed at race
/// distance 33 and 73, the finish at 100. Passing means going from at most L to more than L
/// (board: 「線上はＮＧ」, standing on the line is not crossing).
fn lines(board: bool) -> [i64; 3] {
    if board { [33, 73, 100] } else { [40, 80, 120] }
}

/// Postal 5.1 (sprints) and 6.2 (finish); the board's tables are the same.
fn points_for(line: usize, place: u32) -> u64 {
    let sprint = [10, 8, 6, 5, 4, 3, 2, 1];
    let finish = [20, 16, 12, 10, 8, 6, 4, 2];
    if !(1..=8).contains(&place) {
        return 0;
    }
    let table = if line == 2 { finish } else { sprint };
    table[(place - 1) as usize]
}

fn finished_count(race: &Race) -> u32 {
    race.places[2]
}

/// BA-1: over once 8 riders have finished, or nobody is left on the road.
fn is_over(race: &Race) -> bool {
    finished_count(race) >= 8 || !race.riders.iter().any(Rider::on_road)
}

fn highest(hand: &[u16]) -> Option<u16> {
    hand.iter().copied().max()
}

fn sorted_high_first(hand: &[u16]) -> Vec<u16> {
    let mut h = hand.to_vec();
    h.sort();
    h.reverse();
    h
}

/// Postal 8.2.3-8.2.4: the highest card in hand, then the second highest, and so on; a hand
/// that still has a card where the other has run out wins. `Less` means `a` moves first.
/// Both hands are sorted highest first.
fn compare_hands(a: &[u16], b: &[u16]) -> Ordering {
    let mut k = 0;
    loop {
        match (a.get(k), b.get(k)) {
            (None, None) => return Ordering::Equal,
            (Some(_), None) => return Ordering::Less,
            (None, Some(_)) => return Ordering::Greater,
            (Some(x), Some(y)) if x != y => return y.cmp(x),
            _ => k += 1,
        }
    }
}

/// Orders a list by a "moves first" comparison, keeping the list order of riders that compare
/// equal: a plain insertion sort.
fn stable_sort(items: &mut [usize], first: impl Fn(usize, usize) -> Ordering) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && first(items[j], items[j - 1]) == Ordering::Less {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// Resolves one turn. `orders[i]` is the card ordered for rider `i`.
pub fn turn(before: &Race, orders: &[Option<u16>]) -> Result<Turn, Refused> {
    if is_over(before) {
        return Err(Refused::RaceOver);
    }
    let n = before.riders.len();

    // Postal 7.2: a card can be played only if it is in the hand; postal 9.1: without an
    // order, the highest card (10.1 and BA-6: a dropped rider likewise). Riders off the road
    // take no orders. The first bad order, in rider order, refuses the turn.
    let mut card: Vec<Option<(u16, Chosen)>> = vec![None; n];
    for (i, r) in before.riders.iter().enumerate() {
        if !r.on_road() {
            if orders[i].is_some() {
                return Err(Refused::NotOnRoad(i));
            }
            continue;
        }
        card[i] = Some(match orders[i] {
            Some(c) if r.hand.contains(&c) => (c, Chosen::Ordered),
            Some(_) => return Err(Refused::NotInHand(i)),
            None => {
                let Some(c) = highest(&r.hand) else {
                    return Err(Refused::EmptyHand(i));
                };
                let chosen = if r.state == State::Dropped {
                    Chosen::Dropped
                } else {
                    Chosen::Nmr
                };
                (c, chosen)
            }
        });
    }
    let played = |i: usize| card[i].expect("a rider on the road has a card").0;
    let hands: Vec<Vec<u16>> = before
        .riders
        .iter()
        .map(|r| sorted_high_first(&r.hand))
        .collect();

    // The order of movement, as groups of riders that move together.
    let movers: Vec<usize> = (0..n).filter(|&i| card[i].is_some()).collect();
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let r = &before.riders;
    if before.board && before.turn == 1 {
        // Board, turn 1 only: the first player is chosen at random, then clockwise every
        // player's rider 1 moves, then every rider 2, 3 and 4 (「以後、時計回りに全ての第１走者が
        // 移動し、以後第２、第３と進んでいく」). One rider at a time.
        let teams = before.teams.max(1);
        let seat = |i: usize| (r[i].team + teams - before.first_team % teams) % teams;
        let mut order = movers.clone();
        stable_sort(&mut order, |a, b| {
            r[a].grade.cmp(&r[b].grade).then(seat(a).cmp(&seat(b)))
        });
        groups = order.into_iter().map(|i| vec![i]).collect();
    } else {
        // Postal 8.1, board 「移動は常に先頭から後方に移動していく」: front to back.
        let mut order = movers.clone();
        let first = |a: usize, b: usize| -> Ordering {
            let front = r[b].distance.cmp(&r[a].distance);
            if front != Ordering::Equal {
                return front;
            }
            if before.board {
                // Board: 「内側に近い人から先に移動する」 — inside first, the earlier arrival
                // (BA-10); equal stamps: the list order (no simultaneous movement).
                r[a].arrival.cmp(&r[b].arrival)
            } else {
                // Postal 8.2.1 grade; 8.2.2 the card played, highest first; 8.2.3-8.2.4 the
                // hand; 8.2.5 the earlier arrival.
                r[a].grade
                    .cmp(&r[b].grade)
                    .then(played(b).cmp(&played(a)))
                    .then(compare_hands(&hands[a], &hands[b]))
                    .then(r[a].arrival.cmp(&r[b].arrival))
            }
        };
        stable_sort(&mut order, first);
        // Postal 8.2.5: riders still tied move simultaneously. Never on the board.
        for i in order {
            let joins = !before.board
                && groups
                    .last()
                    .is_some_and(|g| first(*g.last().unwrap(), i) == Ordering::Equal);
            if joins {
                groups.last_mut().unwrap().push(i);
            } else {
                groups.push(vec![i]);
            }
        }
    }

    // Movement and scoring, group by group.
    let mut after = before.clone();
    let mut moves = Vec::new();
    let mut scored = Vec::new();
    let mut finishers = Vec::new();
    let line_at = lines(before.board);
    for (g, members) in groups.iter().enumerate() {
        let stamp = before.next_arrival + g as u64;
        for &i in members {
            let (c, chosen) = card[i].unwrap();
            let from = after.riders[i].distance;
            let to = from + i64::from(c);
            moves.push(Moved {
                rider: i,
                card: c,
                from,
                to,
                chosen,
                group: g,
            });
            // Postal 7.3: the card played is not returned.
            let hand = &mut after.riders[i].hand;
            let at = hand.iter().position(|&x| x == c).unwrap();
            hand.remove(at);
            after.riders[i].distance = to;
            // A rider entering a square is placed outside those already there.
            after.riders[i].arrival = stamp;
        }
        // Postal 6.4: first past the post. The members of a group moved together (same
        // square, same card), so they cross the same lines.
        let from = before.riders[members[0]].distance;
        let to = after.riders[members[0]].distance;
        for (line, &at) in line_at.iter().enumerate() {
            if !(from <= at && to > at) {
                continue;
            }
            let taken = after.places[line];
            let place = taken + 1;
            let size = members.len() as u32;
            // Postal 5.1/6.2: the first eight score; 8.2.5 (BA-2): riders moving
            // simultaneously pool the places they take and share the points.
            if taken < 8 {
                let pooled: u64 = (place..place + size).map(|p| points_for(line, p)).sum();
                let each = Frac::new(pooled, u64::from(size));
                for &i in members {
                    after.riders[i].points = after.riders[i].points.plus(each);
                }
                scored.push(Scored {
                    line,
                    place,
                    riders: members.clone(),
                    each,
                });
            }
            after.places[line] += size;
            if line == 2 {
                for &i in members {
                    after.riders[i].state = State::Finished(place);
                    finishers.push((i, place));
                }
            }
        }
    }

    // Replacement, on the positions after all movement (postal 7.4-7.9; board 移動力補充).
    let first_turn = before.turn == 1;
    let on_road: Vec<usize> = (0..n).filter(|&i| after.riders[i].on_road()).collect();
    // How many riders stand at each race distance.
    let mut riders_at: BTreeMap<i64, usize> = BTreeMap::new();
    for &i in &on_road {
        *riders_at.entry(after.riders[i].distance).or_default() += 1;
    }
    let at = |d: i64| -> usize { riders_at.get(&d).copied().unwrap_or(0) };
    // Turn 1: a square of 5 or more riders is crowded (postal 7.9; board 第１ターンの混雑).
    let crowded = |d: i64| first_turn && at(d) >= 5;
    let board_congestion = before.board && before.turn1_congestion;

    // The sole leader (postal 7.8; board 単独トップ): the only rider on the road at the
    // greatest distance.
    let front = on_road.iter().map(|&i| after.riders[i].distance).max();
    let sole_leader = front.and_then(|d| {
        let there: Vec<usize> = on_road
            .iter()
            .copied()
            .filter(|&i| after.riders[i].distance == d)
            .collect();
        (there.len() == 1).then(|| there[0])
    });

    let mut replacements = vec![None; n];
    for &i in &on_road {
        let me = &after.riders[i];
        let d = me.distance;
        let new_card: u16 = if Some(i) == sole_leader {
            if before.riders[i].sole_leader {
                // Postal 7.8: "If he remains in the lead on subsequent turns he replenishes
                // with a 3".
                3
            } else {
                // Postal 7.8: "a card equal in value to his lead over the second placed
                // rider"; group breakaways: over the nearest rider of a rival team. Nobody to
                // measure against: 3 (BA-4).
                let rival = on_road
                    .iter()
                    .filter(|&&j| j != i)
                    .filter(|&&j| !before.group_breakaways || after.riders[j].team != me.team)
                    .map(|&j| after.riders[j].distance)
                    .max();
                match rival {
                    Some(second) => (d - second).min(0x7FFF) as u16,
                    None => 3,
                }
            }
        } else if before.board && board_congestion && crowded(d) {
            // Board turn-1 congestion: riders on a crowded square replace with 3.
            3
        } else {
            // Postal 7.5-7.6: 3 plus the riders in the unbroken string ahead, counted square
            // by square (race distance: lapped riders are a group of their own, BA-8) until
            // an empty square.
            let mut ahead = 0;
            let mut square = d + 1;
            loop {
                if at(square) == 0 {
                    break;
                }
                // Postal 7.9: on turn 1, the square in front of a crowded square counts as
                // blank (for the riders behind it).
                if !before.board && crowded(square - 1) {
                    break;
                }
                // Board congestion: a crowded square counts as empty for every other rider.
                if before.board && board_congestion && crowded(square) {
                    break;
                }
                ahead += at(square);
                square += 1;
            }
            3 + ahead as u16
        };
        replacements[i] = Some(new_card);
    }
    for (i, rep) in replacements.iter().enumerate() {
        if let Some(c) = rep {
            after.riders[i].hand.push(*c);
        }
        after.riders[i].sole_leader = Some(i) == sole_leader;
    }
    after.next_arrival = before.next_arrival + groups.len() as u64;
    after.turn += 1;
    let race_over = is_over(&after);
    let standings = standings(&after);
    Ok(Turn {
        moves,
        scored,
        finishers,
        replacements,
        sole_leader,
        after,
        race_over,
        standings,
    })
}

/// Postal 6.3: most points wins; on a tie, "the team who had the highest placed rider". Board:
/// 「同点の時は、より上位に選手がいるプレイヤーの勝ち」. The notation's Team ties: finishers by
/// finishing place, then riders on the road by distance, furthest first, on one square the
/// earlier arrival; teams still level keep their order of first appearance.
pub fn standings(race: &Race) -> Vec<usize> {
    let mut totals = vec![Frac::ZERO; race.teams];
    for r in &race.riders {
        totals[r.team] = totals[r.team].plus(r.points);
    }
    // Is rider a placed higher than rider b? Retired riders are placed nowhere.
    let higher = |a: &Rider, b: &Rider| -> bool {
        match (a.state, b.state) {
            (State::Finished(x), State::Finished(y)) => x < y,
            (State::Finished(_), _) => true,
            (_, State::Finished(_)) => false,
            _ => a.distance > b.distance || (a.distance == b.distance && a.arrival < b.arrival),
        }
    };
    let best: Vec<Option<&Rider>> = (0..race.teams)
        .map(|t| {
            let mut best: Option<&Rider> = None;
            for r in race.riders.iter().filter(|r| r.team == t) {
                if r.state == State::Retired {
                    continue;
                }
                if best.is_none_or(|b| higher(r, b)) {
                    best = Some(r);
                }
            }
            best
        })
        .collect();
    let mut teams: Vec<usize> = (0..race.teams).collect();
    stable_sort(&mut teams, |a, b| {
        let by_points = totals[b].compare(totals[a]);
        if by_points != Ordering::Equal {
            return by_points;
        }
        match (best[a], best[b]) {
            (Some(x), Some(y)) if higher(x, y) => Ordering::Less,
            (Some(x), Some(y)) if higher(y, x) => Ordering::Greater,
            (Some(_), None) => Ordering::Less,
            (None, Some(_)) => Ordering::Greater,
            _ => Ordering::Equal,
        }
    });
    teams
}
