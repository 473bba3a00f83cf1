//! The search bot, for simultaneous sealed orders and hidden hands: determinized Monte Carlo
//! tree search one decision deep (a bandit over the bot's own orders, UCB1), with rollouts to
//! the end of the game. Each playout samples the hidden information the bot's view does not show
//! (the other teams' cards; the other walkers' cards and the deck), lets the others answer with
//! a rollout policy, and plays the game out. Seeded: with a budget in playouts the bot's choice
//! is reproducible; with a budget in milliseconds it depends on the machine's speed.

use std::time::{Duration, Instant};

use game_api::{Rng, Viewer};
use game_breaking_away::rules::{Line, RuleSet, SCORING_PLACES};
use game_breaking_away::turn::{Scratch, advance_with};
use game_breaking_away::{Hand, Position, Rider, TeamOrders, View, ViewRef};
use rand::RngExt;

use crate::BotKind;
use crate::Entrant;

/// How much a search may spend on one decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Playouts(u32),
    Millis(u64),
}

impl Default for Budget {
    fn default() -> Budget {
        Budget::Playouts(2000)
    }
}

impl Budget {
    pub(crate) fn spent(self, playouts: u32, started: Instant) -> bool {
        match self {
            Budget::Playouts(n) => playouts >= n,
            Budget::Millis(ms) => started.elapsed() >= Duration::from_millis(ms),
        }
    }
}

/// A searched decision: the chosen orders and what the search thought of its best choices.
#[derive(Clone, Debug)]
pub struct Decision<O> {
    pub orders: O,
    /// The most visited choices: (orders, playouts, mean reward 0–1), best first.
    pub top: Vec<(O, u32, f64)>,
    pub playouts: u32,
}

impl<O: Clone> Decision<O> {
    /// No search: the viewer has no seat, or nothing to decide.
    pub(crate) fn unsearched(orders: O) -> Decision<O> {
        Decision {
            orders,
            top: Vec::new(),
            playouts: 0,
        }
    }

    /// The decision for candidates `ranked` best first, with each one's playouts and mean.
    pub(crate) fn ranked(
        candidates: &[O],
        ranked: &[usize],
        visits: &[u32],
        mean: impl Fn(usize) -> f64,
        playouts: u32,
    ) -> Decision<O> {
        Decision {
            orders: candidates[ranked[0]].clone(),
            top: ranked
                .iter()
                .take(5)
                .map(|&i| (candidates[i].clone(), visits[i], mean(i)))
                .collect(),
            playouts,
        }
    }
}

/// Orders for a Breaking Away seat from any entrant.
pub fn breaking_away_orders(entrant: Entrant, view: ViewRef<'_>, rng: &mut Rng) -> TeamOrders {
    match entrant.kind {
        BotKind::Mcts => search_breaking_away(&view.to_view(), entrant.budget, rng).orders,
        BotKind::FlatMc => {
            crate::flatmc::flat_breaking_away(&view.to_view(), entrant.budget, rng).orders
        }
        kind => kind.orders(view, rng),
    }
}

/// Orders for a Backpacks seat from any entrant.
pub fn backpacks_orders(
    entrant: Entrant,
    view: game_backpacks::view::DayViewRef<'_>,
    rng: &mut Rng,
) -> game_backpacks::RoundOrders {
    crate::backpacks::round_orders_with_budget(entrant.kind, entrant.budget, view, rng)
}

/// UCB1 over the candidates, playouts from `play`, until the budget is spent.
fn bandit<O: Clone>(
    candidates: Vec<O>,
    budget: Budget,
    rng: &mut Rng,
    mut play: impl FnMut(&O, &mut Rng) -> f64,
) -> Decision<O> {
    let started = Instant::now();
    let n = candidates.len();
    let mut visits = vec![0u32; n];
    let mut reward = vec![0f64; n];
    let mut playouts = 0u32;
    if n > 1 {
        while !budget.spent(playouts, started) {
            let total = f64::from(playouts.max(1));
            let pick = (0..n)
                .max_by(|&a, &b| {
                    let score = |i: usize| {
                        if visits[i] == 0 {
                            f64::INFINITY
                        } else {
                            reward[i] / f64::from(visits[i])
                                + 0.5 * (total.ln() / f64::from(visits[i])).sqrt()
                        }
                    };
                    score(a).total_cmp(&score(b))
                })
                .expect("candidates");
            reward[pick] += play(&candidates[pick], rng);
            visits[pick] += 1;
            playouts += 1;
        }
    }
    let mut ranked: Vec<usize> = (0..n).collect();
    ranked.sort_by(|&a, &b| {
        visits[b]
            .cmp(&visits[a])
            .then(reward[b].total_cmp(&reward[a]))
    });
    let mean = |i: usize| {
        if visits[i] > 0 {
            reward[i] / f64::from(visits[i])
        } else {
            0.0
        }
    };
    Decision::ranked(&candidates, &ranked, &visits, mean, playouts)
}

/// Every combination of distinct cards for the seat's riders on the track (at most 4^4).
pub(crate) fn candidate_orders(view: &View, team: u8) -> Vec<TeamOrders> {
    let mut candidates = vec![TeamOrders::default()];
    for r in view
        .riders
        .iter()
        .filter(|r| r.team == team && r.on_track())
    {
        let Some(hand) = r.hand else { continue };
        let mut cards = hand.cards().to_vec();
        cards.dedup();
        candidates = candidates
            .into_iter()
            .flat_map(|o| {
                cards.iter().map(move |&c| {
                    let mut o = o;
                    o.set(r.grade, c);
                    o
                })
            })
            .collect();
    }
    candidates
}

/// A full position consistent with the view: the hidden hands are sampled (each card 3–9, the
/// range most cards in play fall in), the rest is what the view shows.
pub(crate) fn determinize(view: &View, rng: &mut Rng) -> Position {
    let riders = view
        .riders
        .iter()
        .map(|r| {
            let hand = match r.hand {
                Some(h) => h,
                None => {
                    let cards: Vec<u16> =
                        (0..r.hand_size).map(|_| rng.random_range(3..=9)).collect();
                    Hand::new(&cards).unwrap_or(Hand::EMPTY)
                }
            };
            Rider {
                team: r.team,
                grade: r.grade,
                distance: r.distance,
                hand,
                points: r.points,
                sole_leader: r.sole_leader,
                status: r.status,
                arrival: r.arrival,
            }
        })
        .collect::<Vec<_>>();
    let next_arrival = riders.iter().map(|r| r.arrival).max().unwrap_or(0) + 1;
    let first_team = match view.first_team {
        Some(t) => Some(t),
        None if view.rules.set == RuleSet::Board && view.turn == 1 => {
            Some(rng.random_range(0..view.team_count.max(1)))
        }
        None => None,
    };
    Position {
        rules: view.rules,
        turn: view.turn,
        team_count: view.team_count,
        riders,
        line_places: view.line_places,
        next_arrival,
        first_team,
    }
}

/// The rollout policy on a full position: take a line with the smallest card that crosses it
/// while places score, else mostly keep the highest card, sometimes play at random.
fn rollout_card(position: &Position, rider: &Rider, rng: &mut Rng) -> u16 {
    let cards = rider.hand.cards();
    for line in [Line::Finish, Line::Sprint2, Line::Sprint1] {
        let at = position.rules.set.line_distance(line);
        if rider.distance <= at
            && (line == Line::Finish
                || usize::from(position.line_places[line.index()]) < SCORING_PLACES)
            && let Some(&c) = cards
                .iter()
                .rev()
                .find(|&&c| rider.distance + i32::from(c) > at)
        {
            return c;
        }
    }
    if cards.len() > 1 && rng.random_range(0..4) > 0 {
        cards[rng.random_range(1..cards.len())]
    } else {
        cards[0]
    }
}

fn rollout_orders(position: &Position, orders: &mut Vec<Option<u16>>, rng: &mut Rng) {
    orders.clear();
    orders.extend(
        position
            .riders
            .iter()
            .map(|r| (r.on_track() && !r.hand.is_empty()).then(|| rollout_card(position, r, rng))),
    );
}

/// What a finished (or abandoned) race is worth to `team`: mostly its share of the win, a
/// little for its place.
pub(crate) fn race_reward(position: &Position, team: u8) -> f64 {
    reward(&position.final_scores(), usize::from(team))
}

/// What an ended game is worth to seat `me`, given every seat's final score: mostly its share
/// of the win (shared on a tie), a little for its place.
pub(crate) fn reward(scores: &[f64], me: usize) -> f64 {
    let mine = scores[me];
    let n = scores.len();
    let better = scores.iter().filter(|&&s| s > mine).count();
    let equal = scores.iter().filter(|&&s| s == mine).count();
    let win = if better == 0 { 1.0 / equal as f64 } else { 0.0 };
    let place = if n > 1 {
        1.0 - better as f64 / (n - 1) as f64
    } else {
        1.0
    };
    0.8 * win + 0.2 * place
}

/// Searches a Breaking Away seat's orders for the coming turn.
pub fn search_breaking_away(view: &View, budget: Budget, rng: &mut Rng) -> Decision<TeamOrders> {
    let Viewer::Seat(seat) = view.viewer else {
        return Decision::unsearched(TeamOrders::default());
    };
    let team = seat.0;
    let candidates = candidate_orders(view, team);
    let mut playout = RacePlayout::default();
    bandit(candidates, budget, rng, |mine, rng| {
        playout.play(view, team, mine, rollout_orders, rng)
    })
}

/// A race played out from a sample of what a seat's view hides: the seat plays `mine` this
/// turn, then everybody plays by `policy` to the end (at most 200 turns); the seat's reward.
/// Its buffers are kept from one playout to the next.
#[derive(Debug, Default)]
pub(crate) struct RacePlayout {
    orders: Vec<Option<u16>>,
    scratch: Scratch,
}

impl RacePlayout {
    pub(crate) fn play(
        &mut self,
        view: &View,
        team: u8,
        mine: &TeamOrders,
        policy: fn(&Position, &mut Vec<Option<u16>>, &mut Rng),
        rng: &mut Rng,
    ) -> f64 {
        let orders = &mut self.orders;
        let mut world = determinize(view, rng);
        policy(&world, orders, rng);
        for (i, r) in world.riders.iter().enumerate() {
            if r.team == team
                && r.on_track()
                && let Some(c) = mine.card(r.grade).filter(|&c| r.hand.contains(c))
            {
                orders[i] = Some(c);
            }
        }
        let mut turns = 0;
        while advance_with(&mut world, orders, &mut (), &mut self.scratch).is_ok()
            && !world.is_over()
            && turns < 200
        {
            policy(&world, orders, rng);
            turns += 1;
        }
        race_reward(&world, team)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::{Game, Seat, Seed};
    use game_breaking_away::game::check_team_orders;
    use game_breaking_away::{BreakingAway, Grade, Rules};

    #[test]
    fn mcts_orders_are_legal_and_reproducible() {
        let rules = Rules::postal();
        let mut rng = Seed(3).rng(0);
        let hands: Vec<[Hand; 4]> = (0..4)
            .map(|_| {
                let l = BotKind::Heuristic.lineup(rules, &mut rng);
                Grade::ALL.map(|g| Hand::new(l.cards(g)).unwrap())
            })
            .collect();
        let mut position = Position::start(rules, &hands);
        for turn in 0..6 {
            let view = position.view(Viewer::Seat(Seat(0)));
            let a = search_breaking_away(&view, Budget::Playouts(60), &mut Seed(9).rng(turn));
            let b = search_breaking_away(&view, Budget::Playouts(60), &mut Seed(9).rng(turn));
            assert_eq!(a.orders, b.orders, "the same seed gives the same choice");
            assert!(a.playouts == 60 || candidate_orders(&view, 0).len() == 1);
            check_team_orders(&position, 0, &a.orders).unwrap();
            let orders: Vec<_> = (0..4)
                .map(|t| if t == 0 { Some(a.orders) } else { None })
                .collect();
            position = BreakingAway::resolve(&position, &orders, &mut Seed(1).rng(turn)).0;
        }
    }

    #[test]
    fn the_search_sees_only_the_view() {
        // Two positions that differ only in the hidden hands give the searcher the same view,
        // and so the same choice.
        let rules = Rules::postal();
        let mine = Hand::new(&[10, 10, 10]).unwrap();
        let a = Position::start(rules, &[[mine; 4], [Hand::new(&[1, 2, 3]).unwrap(); 4]]);
        let b = Position::start(rules, &[[mine; 4], [Hand::new(&[9, 9, 7]).unwrap(); 4]]);
        let da = search_breaking_away(
            &a.view(Viewer::Seat(Seat(0))),
            Budget::Playouts(40),
            &mut Seed(2).rng(1),
        );
        let db = search_breaking_away(
            &b.view(Viewer::Seat(Seat(0))),
            Budget::Playouts(40),
            &mut Seed(2).rng(1),
        );
        assert_eq!(da.orders, db.orders);
        assert_eq!(da.top, db.top);
    }
}

pub(crate) mod day_search {
    //! The Backpacks & Blisters search: candidates are the heuristic's plans for the round under
    //! each goal worth having (every unreached target, and home); playouts play the day out
    //! with heuristic walkers on a day consistent with the view.

    use game_api::{Rng, Seat, Viewer};
    use game_backpacks::day::Scratch;
    use game_backpacks::day::{Day, Walker};
    use game_backpacks::deck::{Card, CardId};
    use game_backpacks::view::DayViewRef;
    use game_backpacks::{CardKind, DayView, RoundOrders};
    use rand::seq::SliceRandom;

    use super::{Budget, Decision, bandit};
    use crate::BotKind;
    use crate::backpacks::planned_orders;

    /// A full day consistent with `view`: the cards the viewer cannot see are dealt at random
    /// into the others' hands and the draw pile; the others' purses are taken as untouched.
    pub fn determinize(view: &DayView, me: usize, rng: &mut Rng) -> Day {
        let deck = view.deck.clone();
        let mut free: Vec<CardId> = (0..deck.cards.len() as CardId)
            .filter(|&c| !(view.rucksack.is_some() && deck.card(c) == Card::Rucksack))
            .collect();
        let take_kind = |kind: CardKind, free: &mut Vec<CardId>| -> Option<CardId> {
            let at = free.iter().position(|&c| deck.card(c).kind() == kind)?;
            Some(free.swap_remove(at))
        };
        let secrets = view.walkers[me]
            .secrets
            .clone()
            .expect("the viewer's own secrets");
        let my_hand: Vec<CardId> = secrets
            .hand
            .iter()
            .filter_map(|&k| take_kind(k, &mut free))
            .collect();
        let my_next = secrets.next_card.and_then(|k| take_kind(k, &mut free));
        free.shuffle(rng);
        let (mut hands_pool, mut rest): (Vec<CardId>, Vec<CardId>) = free
            .into_iter()
            .partition(|&c| matches!(deck.card(c), Card::Walk { .. } | Card::Blister));
        let walkers = view
            .walkers
            .iter()
            .enumerate()
            .map(|(w, v)| {
                let (hand, next_card, money, chocolate) = if w == me {
                    (my_hand.clone(), my_next, secrets.money, secrets.chocolate)
                } else {
                    let n = v.hand_size.min(hands_pool.len());
                    let hand = hands_pool.split_off(hands_pool.len() - n);
                    let next = if v.is_out() {
                        hands_pool.pop().or_else(|| rest.pop())
                    } else {
                        None
                    };
                    (hand, next, deck.starting_money, 0)
                };
                Walker {
                    place: v.place,
                    hand,
                    next_card,
                    money,
                    chocolate,
                    points: v.points,
                    reached: v.reached,
                    finished: v.finished,
                    lost: v.lost,
                    home_since: v.home_since,
                    last_space: v.last_space,
                }
            })
            .collect();
        let mut pile: Vec<CardId> = hands_pool.into_iter().chain(rest).collect();
        pile.shuffle(rng);
        Day {
            map: view.map.clone(),
            deck,
            turn: view.turn,
            weather: view.weather,
            walkers,
            pile,
            discards: Vec::new(),
            targets: view.targets.clone(),
            target_arrivals: view.target_arrivals.clone(),
            rucksack: view.rucksack,
        }
    }

    pub(crate) fn day_reward(day: &Day, me: usize) -> f64 {
        let scores: Vec<f64> = (0..day.walkers.len())
            .map(|w| f64::from(day.final_points(w)))
            .collect();
        super::reward(&scores, me)
    }

    /// One candidate per goal: the heuristic's own choice, every target not reached, home.
    pub(crate) fn candidates(view: DayViewRef<'_>, me: usize, rng: &mut Rng) -> Vec<RoundOrders> {
        let map = view.map;
        let mut goals: Vec<Option<u16>> = vec![None, Some(map.home_space())];
        for (k, &t) in view.targets.iter().enumerate() {
            if view.walker(me).reached & (1 << k) == 0 {
                goals.push(Some(map.locations[usize::from(t)].space));
            }
        }
        let mut candidates: Vec<RoundOrders> = Vec::new();
        for goal in goals {
            let o = planned_orders(BotKind::Heuristic, view, goal, rng);
            if !candidates.contains(&o) {
                candidates.push(o);
            }
        }
        candidates
    }

    /// The walker a search plays: the viewer's own, while it is still out walking.
    pub(crate) fn walker_to_search(view: DayViewRef<'_>) -> Option<usize> {
        let Viewer::Seat(seat) = view.viewer else {
            return None;
        };
        view.walker(seat.index()).is_out().then_some(seat.index())
    }

    /// Plays a determinized day out from `day`: `mine` for walker `me` this round, then every
    /// walker as `kind` plays, each from its own view; the rounds in place, as the rules'
    /// `advance_round` plays them.
    pub(crate) fn play_out(
        mut day: Day,
        me: usize,
        mine: &RoundOrders,
        kind: BotKind,
        rng: &mut Rng,
    ) -> Day {
        let n = day.walkers.len();
        let mut scratch = Scratch::default();
        let mut orders = vec![RoundOrders::default(); n];
        let mut first = true;
        while !day.is_over() {
            for (w, o) in orders.iter_mut().enumerate() {
                *o = if first && w == me {
                    mine.clone()
                } else {
                    planned_orders(kind, day.view_ref(Viewer::Seat(Seat(w as u8))), None, rng)
                };
            }
            first = false;
            day.advance_round(&orders, rng, &mut (), &mut scratch);
        }
        day
    }

    pub fn search(view: DayViewRef<'_>, budget: Budget, rng: &mut Rng) -> Decision<RoundOrders> {
        let Some(me) = walker_to_search(view) else {
            return Decision::unsearched(RoundOrders::nmr());
        };
        let candidates = candidates(view, me, rng);
        let owned = view.to_view();
        bandit(candidates, budget, rng, |mine, rng| {
            let day = determinize(&owned, me, rng);
            day_reward(&play_out(day, me, mine, BotKind::Heuristic, rng), me)
        })
    }
}

/// Searches a Backpacks walker's orders for the coming round.
pub fn search_backpacks(
    view: game_backpacks::view::DayViewRef<'_>,
    budget: Budget,
    rng: &mut Rng,
) -> Decision<game_backpacks::RoundOrders> {
    day_search::search(view, budget, rng)
}
