//! How the bots play Backpacks & Blisters: `BotGame` (what the lifecycle seats), the search's
//! `SearchGame` (the candidates are the heuristic's plans for the round under each goal worth
//! having — every unreached target, and home —; a determinization deals the cards the walker
//! cannot see; playouts play the day out), one tournament game, and `advise`'s text.

use game_api::{Game, Rng, Seat, Seed, Viewer};
use game_backpacks::day::{Day, Scratch, Walker};
use game_backpacks::deck::{Card, CardId};
use game_backpacks::view::DayViewRef;
use game_backpacks::{Backpacks, CardKind, DayView, RoundOrders, Terrain};
use rand::seq::SliceRandom;

use crate::backpacks::{planned_orders, round_orders, round_orders_with_budget};
use crate::mcts::{Budget, Rollout, SearchGame, search};
use crate::{AdviceRequest, BotError, BotGame, BotKind, Ending, Entrant};

/// Orders for a Backpacks seat from any entrant.
pub fn entrant_orders(entrant: Entrant, view: DayViewRef<'_>, rng: &mut Rng) -> RoundOrders {
    round_orders_with_budget(entrant.kind, entrant.budget, view, rng)
}

impl BotGame for Backpacks {
    const SEARCH_BUDGET: Budget = Budget::Playouts(40);

    fn bot_lineup(_: BotKind, _: &Terrain, _: &mut Rng) {}

    fn bot_opening_orders(_: BotKind, _: &Terrain, _: &(), _: &mut Rng) -> RoundOrders {
        // A day begins at once: there is no opening before it.
        RoundOrders::nmr()
    }

    fn bot_orders(kind: BotKind, day: &Day, seat: Seat, rng: &mut Rng) -> RoundOrders {
        round_orders(kind, day.view_ref(Viewer::Seat(seat)), rng)
    }

    fn bot_game(terrain: &Terrain, seated: &[Entrant], game_seed: Seed) -> Ending {
        let n = seated.len();
        let mut day = Day::new(
            terrain.map.clone(),
            terrain.deck.clone(),
            n,
            &mut game_seed.rng(0),
        );
        // The round is played in place, with buffers kept from round to round: the rules'
        // own `advance_round`, what `Game::resolve` does without copying the day or writing
        // the outcome down; each walker reads its seat's view in place.
        let mut scratch = Scratch::default();
        let mut orders = vec![RoundOrders::default(); n];
        while !day.is_over() {
            for (s, o) in orders.iter_mut().enumerate() {
                let view = day.view_ref(Viewer::Seat(Seat(s as u8)));
                let mut rng = game_seed.rng(1 << 32 | u64::from(day.turn) << 8 | s as u64);
                *o = entrant_orders(seated[s], view, &mut rng);
            }
            let mut rng = game_seed.rng(u64::from(day.turn) + 1);
            day.advance_round(&orders, &mut rng, &mut (), &mut scratch);
        }
        Ending {
            standing: Self::final_scores(&day),
            points: (0..n).map(|w| f64::from(day.final_points(w))).collect(),
        }
    }

    fn advise(request: &AdviceRequest<'_, Self>, rng: &mut Rng) -> Result<String, BotError> {
        let day = request.state.expect("a day begins at once");
        if day.is_over() || !day.walkers[request.seat.index()].is_out() {
            return Err(BotError::NoAdvice(format!(
                "the day is over for {}",
                request.seat_name
            )));
        }
        let describe = |orders| Backpacks::orders_text(request.settings, request.seats, orders);
        let budget = request.budget.unwrap_or(Self::SEARCH_BUDGET);
        let decision = search::<Self>(&day.view(Viewer::Seat(request.seat)), budget, rng);
        let mut out = format!(
            "Advice for {} ({} playouts).\n\nSuggested orders:\n  {}\n\n",
            request.seat_name,
            decision.playouts,
            describe(&decision.orders).replace('\n', "\n  ")
        );
        out.push_str(
            "The choices the search weighed (expected score 0–1, mostly the chance to win):\n",
        );
        for (orders, visits, reward) in &decision.top {
            out.push_str(&format!(
                "  {:.3} after {visits:>4} playouts: {}\n",
                reward,
                describe(orders).replace('\n', "; ")
            ));
        }
        Ok(out)
    }
}

/// A playout's buffers, kept from one playout to the next.
#[derive(Debug, Default)]
pub struct Playout {
    scratch: Scratch,
    orders: Vec<RoundOrders>,
}

impl SearchGame for Backpacks {
    type SeatView = DayView;
    type Playout = Playout;

    fn seat_view(day: &Day, seat: Seat) -> DayView {
        day.view(Viewer::Seat(seat))
    }

    /// The viewer's own walker, while it is still out walking.
    fn searcher(view: &DayView) -> Option<Seat> {
        let Viewer::Seat(seat) = view.viewer else {
            return None;
        };
        view.walkers[seat.index()].is_out().then_some(seat)
    }

    fn idle_orders(_: &DayView) -> RoundOrders {
        RoundOrders::nmr()
    }

    /// One candidate per goal: the heuristic's own choice, every target not reached, home.
    fn candidates(view: &DayView, seat: Seat, rng: &mut Rng) -> Vec<RoundOrders> {
        let me = seat.index();
        let map = &view.map;
        let mut goals: Vec<Option<u16>> = vec![None, Some(map.home_space())];
        for (k, &t) in view.targets.iter().enumerate() {
            if view.walkers[me].reached & (1 << k) == 0 {
                goals.push(Some(map.locations[usize::from(t)].space));
            }
        }
        let mut candidates: Vec<RoundOrders> = Vec::new();
        for goal in goals {
            let o = planned_orders(BotKind::Heuristic, view.as_view_ref(), goal, rng);
            if !candidates.contains(&o) {
                candidates.push(o);
            }
        }
        candidates
    }

    /// A full day consistent with `view`: the cards the viewer cannot see are dealt at random
    /// into the others' hands and the draw pile; the others' purses are taken as untouched.
    fn determinize(view: &DayView, seat: Seat, rng: &mut Rng) -> Day {
        let me = seat.index();
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

    /// The day played out: the walker plays `mine` this round, then every walker plans as
    /// the heuristic (`Rollout::Policy`) or the random bot does, to the day's end.
    fn play_out(
        day: &mut Day,
        seat: Seat,
        mine: &RoundOrders,
        rollout: Rollout,
        buffers: &mut Playout,
        rng: &mut Rng,
    ) {
        let kind = match rollout {
            Rollout::Policy => BotKind::Heuristic,
            Rollout::Random => BotKind::Random,
        };
        let n = day.walkers.len();
        let Playout { scratch, orders } = buffers;
        orders.truncate(n);
        orders.resize_with(n, RoundOrders::default);
        let mut first = true;
        while !day.is_over() {
            for (w, o) in orders.iter_mut().enumerate() {
                *o = if first && w == seat.index() {
                    mine.clone()
                } else {
                    planned_orders(kind, day.view_ref(Viewer::Seat(Seat(w as u8))), None, rng)
                };
            }
            first = false;
            // The round in place, as `Game::resolve` plays it.
            day.advance_round(orders, rng, &mut (), scratch);
        }
    }

    /// Each walker's standing at the end of the day, as the rules place it (`Day::standings`):
    /// its points if it is back in Keswick, −∞ if not (5.2: it has lost the game, below a
    /// walker back on fewer points, penalties and all, and never wins).
    fn final_scores(day: &Day) -> Vec<f64> {
        day.standings()
    }
}
