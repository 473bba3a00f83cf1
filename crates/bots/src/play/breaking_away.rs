//! How the bots play Breaking Away: `BotGame` (what the lifecycle seats), the search's
//! `SearchGame` (the candidates are every combination of distinct cards for the seat's riders
//! on the track; a determinization samples the hidden hands; playouts play the race out in
//! place), one tournament game, and `advise`'s text.

use game_api::{Game, Rng, Seat, Seed, Viewer};
use game_breaking_away::play::{draw_first_team, first_team_to_draw, play_cards};
use game_breaking_away::rules::{Line, RuleSet, SCORING_PLACES};
use game_breaking_away::turn::{Scratch, advance_with};
use game_breaking_away::{
    BreakingAway, Grade, Hand, Lineup, Position, Rider, Rules, TeamOrders, View, ViewRef, random,
};
use rand::RngExt;

use crate::breaking_away::{draw_random_lineup, random_cards};
use crate::mcts::{Budget, Rollout, SearchGame, search};
use crate::{AdviceRequest, BotError, BotGame, BotKind, Ending, Entrant};

/// Orders for a Breaking Away seat from any entrant (the simple bots read the view in place;
/// the search takes a copy).
pub fn entrant_orders(entrant: Entrant, view: ViewRef<'_>, rng: &mut Rng) -> TeamOrders {
    match entrant.kind {
        BotKind::Mcts => search::<BreakingAway>(&view.to_view(), entrant.budget, rng).orders,
        BotKind::FlatMc => {
            crate::flatmc::flat::<BreakingAway>(&view.to_view(), entrant.budget, rng).orders
        }
        kind => kind.orders(view, rng),
    }
}

impl BotGame for BreakingAway {
    const SEARCH_BUDGET: Budget = Budget::Playouts(2000);

    fn bot_lineup(kind: BotKind, rules: &Rules, rng: &mut Rng) -> Lineup {
        kind.lineup(*rules, rng)
    }

    fn bot_opening_orders(
        kind: BotKind,
        rules: &Rules,
        lineup: &Lineup,
        rng: &mut Rng,
    ) -> TeamOrders {
        // Before the start the bot orders from its line-up's opening position.
        let start = Self::start(rules, std::slice::from_ref(lineup), Seed(0));
        kind.orders(start.view_ref(Viewer::Seat(Seat(0))), rng)
    }

    fn bot_orders(kind: BotKind, position: &Position, seat: Seat, rng: &mut Rng) -> TeamOrders {
        kind.orders(position.view_ref(Viewer::Seat(seat)), rng)
    }

    fn bot_game(rules: &Rules, seated: &[Entrant], game_seed: Seed) -> Ending {
        Ending::by_points(RACE_BUFFERS.with(|buffers| match buffers.try_borrow_mut() {
            Ok(mut buffers) => buffers.play(*rules, seated, game_seed),
            // A race played inside another on this thread (no bot does that today) gets its
            // own buffers.
            Err(_) => RaceBuffers::default().play(*rules, seated, game_seed),
        }))
    }

    fn advise(request: &AdviceRequest<'_, Self>, rng: &mut Rng) -> Result<String, BotError> {
        let Some(position) = request.state.filter(|p| !p.is_over()) else {
            return Err(BotError::NoAdvice(
                "the race has not started or is over".into(),
            ));
        };
        let budget = request.budget.unwrap_or(Self::SEARCH_BUDGET);
        let decision = search::<Self>(&position.view(Viewer::Seat(request.seat)), budget, rng);
        let mut out = format!(
            "Advice for {}, turn {} ({} playouts): A-B-C-D orders, then the search's estimate.\n\n",
            request.seat_name, request.turn, decision.playouts
        );
        out.push_str(&format!("  suggested: {}\n\n", decision.orders));
        out.push_str(
            "  orders                 playouts   expected score (0–1: mostly the chance to win)\n",
        );
        for (orders, visits, reward) in &decision.top {
            out.push_str(&format!(
                "  {:<22} {:>8}   {:.3}\n",
                orders.to_string(),
                visits,
                reward
            ));
        }
        out.push_str(&format!(
            "\nTo send it: postrider orders {} --team {} {}\n",
            request.file, request.seat_name, decision.orders
        ));
        Ok(out)
    }
}

thread_local! {
    /// One tournament race's buffers, kept from race to race on this thread: a race of random
    /// bots is short enough that setting them up again showed in its cost.
    static RACE_BUFFERS: std::cell::RefCell<RaceBuffers> = std::cell::RefCell::default();
}

/// What [`BotGame::bot_game`] works in: the line-ups, the turn's buffers and the card per
/// rider.
#[derive(Debug, Default)]
struct RaceBuffers {
    lineups: Vec<[Hand; 4]>,
    scratch: Scratch,
    cards: Vec<Option<u16>>,
}

impl RaceBuffers {
    /// One whole race between bots (seat `s` taken by `seated[s]`): every team's final score.
    fn play(&mut self, rules: Rules, seated: &[Entrant], game_seed: Seed) -> Vec<f64> {
        let n = seated.len();
        let mut rng = game_seed.rng(0);
        let lineups = &mut self.lineups;
        lineups.clear();
        for e in seated {
            lineups.push(match e.kind {
                // The random line-up's draws made straight into hands.
                BotKind::Random => {
                    let mut hands = [Hand::EMPTY; 4];
                    draw_random_lineup(rules, &mut rng, |gr, cards| {
                        hands[gr.index()] = Hand::new(cards).expect("legal line-up")
                    });
                    hands
                }
                kind => {
                    let l = kind.lineup(rules, &mut rng);
                    Grade::ALL.map(|gr| Hand::new(l.cards(gr)).expect("legal line-up"))
                }
            });
        }
        let mut position = Position::start(rules, lineups);
        // The turn is played in place, with buffers kept from turn to turn: the rules'
        // own `play_cards`, what `Game::resolve` does without copying the position or
        // writing the outcome down. Its one draw, the board's first team, comes from the
        // stream `resolve` would be given on turn 1.
        if first_team_to_draw(&position) {
            draw_first_team(&mut position, &mut game_seed.rng(1));
        }
        let (scratch, cards) = (&mut self.scratch, &mut self.cards);
        // Seat `s`'s bot draws from one stream for the whole game (not one stream a turn:
        // setting up a stream costs more than a random bot's whole turn).
        let mut bot_rngs: Vec<_> = (0..n).map(|s| game_seed.rng(2 << 32 | s as u64)).collect();
        while !position.is_over() {
            // A card per rider, as `play_turn` maps the teams' orders: the random bot writes
            // its riders' cards straight in; the others' orders are mapped.
            cards.clear();
            cards.resize(position.riders.len(), None);
            for (s, rng) in bot_rngs.iter_mut().enumerate() {
                let view = position.view_ref(Viewer::Seat(Seat(s as u8)));
                if seated[s].kind == BotKind::Random {
                    random_cards(view, rng, |i, _, card| cards[i] = Some(card));
                } else {
                    let orders = entrant_orders(seated[s], view, rng);
                    for (card, r) in cards.iter_mut().zip(&position.riders) {
                        if usize::from(r.team) == s {
                            *card = orders.card(r.grade);
                        }
                    }
                }
            }
            if !play_cards(&mut position, cards, scratch) {
                // Unreachable with the bots' legal orders; without orders every rider plays
                // its highest card, which is always legal, so the race still ends.
                cards.fill(None);
                play_cards(&mut position, cards, scratch);
            }
        }
        // Team points, ties broken as the standings break them (postal 6.3, BA-17).
        position.final_scores()
    }
}

impl SearchGame for BreakingAway {
    type SeatView = View;
    type Playout = RacePlayout;

    fn seat_view(position: &Position, seat: Seat) -> View {
        position.view(Viewer::Seat(seat))
    }

    fn searcher(view: &View) -> Option<Seat> {
        match view.viewer {
            Viewer::Seat(seat) => Some(seat),
            _ => None,
        }
    }

    fn idle_orders(_: &View) -> TeamOrders {
        TeamOrders::default()
    }

    fn candidates(view: &View, seat: Seat, _: &mut Rng) -> Vec<TeamOrders> {
        candidate_orders(view, seat.0)
    }

    fn determinize(view: &View, _: Seat, rng: &mut Rng) -> Position {
        determinize(view, rng)
    }

    fn play_out(
        world: &mut Position,
        seat: Seat,
        mine: &TeamOrders,
        rollout: Rollout,
        buffers: &mut RacePlayout,
        rng: &mut Rng,
    ) {
        let policy = match rollout {
            Rollout::Policy => rollout_orders,
            Rollout::Random => random::orders,
        };
        buffers.play(world, seat.0, mine, policy, rng);
    }

    /// Team points, ties broken as the standings break them (postal 6.3, BA-17: the rules'
    /// own `Position::final_scores`).
    fn final_scores(position: &Position) -> Vec<f64> {
        position.final_scores()
    }
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

/// A race played out in place: the seat plays `mine` this turn, then everybody plays by
/// `policy` to the end (at most 200 turns). Its buffers are kept from one playout to the next.
#[derive(Debug, Default)]
pub struct RacePlayout {
    orders: Vec<Option<u16>>,
    scratch: Scratch,
}

impl RacePlayout {
    fn play(
        &mut self,
        world: &mut Position,
        team: u8,
        mine: &TeamOrders,
        policy: fn(&Position, &mut Vec<Option<u16>>, &mut Rng),
        rng: &mut Rng,
    ) {
        let orders = &mut self.orders;
        policy(world, orders, rng);
        for (i, r) in world.riders.iter().enumerate() {
            if r.team == team
                && r.on_track()
                && let Some(c) = mine.card(r.grade).filter(|&c| r.hand.contains(c))
            {
                orders[i] = Some(c);
            }
        }
        let mut turns = 0;
        while advance_with(world, orders, &mut (), &mut self.scratch).is_ok()
            && !world.is_over()
            && turns < 200
        {
            policy(world, orders, rng);
            turns += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_breaking_away::play::check_team_orders;

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
            let a = search::<BreakingAway>(&view, Budget::Playouts(60), &mut Seed(9).rng(turn));
            let b = search::<BreakingAway>(&view, Budget::Playouts(60), &mut Seed(9).rng(turn));
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
        let da = search::<BreakingAway>(
            &a.view(Viewer::Seat(Seat(0))),
            Budget::Playouts(40),
            &mut Seed(2).rng(1),
        );
        let db = search::<BreakingAway>(
            &b.view(Viewer::Seat(Seat(0))),
            Budget::Playouts(40),
            &mut Seed(2).rng(1),
        );
        assert_eq!(da.orders, db.orders);
        assert_eq!(da.top, db.top);
    }

    fn start(seed: u64) -> Position {
        let mut rng = Seed(seed).rng(0);
        let hands: Vec<[Hand; 4]> = (0..4)
            .map(|_| {
                let l = BotKind::Heuristic.lineup(Rules::postal(), &mut rng);
                Grade::ALL.map(|g| Hand::new(l.cards(g)).unwrap())
            })
            .collect();
        Position::start(Rules::postal(), &hands)
    }

    #[test]
    fn flatmc_shares_playouts_evenly_and_is_reproducible() {
        let position = start(3);
        let view = position.view(Viewer::Seat(Seat(1)));
        let a =
            crate::flatmc::flat::<BreakingAway>(&view, Budget::Playouts(90), &mut Seed(4).rng(0));
        let b =
            crate::flatmc::flat::<BreakingAway>(&view, Budget::Playouts(90), &mut Seed(4).rng(0));
        assert_eq!(a.orders, b.orders, "seeded: the same choice");
        assert_eq!(a.playouts, 90);
        check_team_orders(&position, 1, &a.orders).unwrap();
        let n = candidate_orders(&view, 1).len() as u32;
        // Round robin: every candidate played 90 / n times, give or take one.
        for (_, visits, reward) in &a.top {
            assert!(visits.abs_diff(90 / n) <= 1, "{visits} of 90 over {n}");
            assert!((0.0..=1.0).contains(reward));
        }
    }
}
