//! How the bots play Goofspiel (feature `bots`): `BotGame` (what the lifecycle seats) and the
//! search's `SearchGame` (the candidates are the cards of the seat's hand, the heuristic's
//! first; a determinization shuffles the prizes nobody has seen into a face-down pile; a
//! playout plays the game out in place), one game between bots, and `advise`'s text.

use bots::flatmc::flat;
use bots::mcts::{Budget, Rollout, SearchGame, search};
use bots::{AdviceRequest, BotError, BotGame, BotKind, Ending, Entrant};
use game_api::{Rng, Seat, Seed, Viewer};
use rand::RngExt;
use rand::seq::SliceRandom;

use crate::game::Goofspiel;
use crate::orders::Bid;
use crate::position::Position;
use crate::settings::Settings;
use crate::strategy::{heuristic_bid, lowest_bid, random_bid};
use crate::view::TableView;

/// A seat's bid from its view, by any entrant: the simple bots, or a search with its budget.
pub fn entrant_bid(entrant: Entrant, view: &TableView, seat: Seat, rng: &mut Rng) -> Bid {
    match entrant.kind {
        BotKind::Random => random_bid(view, seat, rng),
        BotKind::Nmr => lowest_bid(view, seat),
        BotKind::Heuristic => heuristic_bid(view, seat),
        BotKind::Mcts => search::<Goofspiel>(view, entrant.budget, rng).orders,
        BotKind::FlatMc => flat::<Goofspiel>(view, entrant.budget, rng).orders,
    }
}

impl BotGame for Goofspiel {
    /// Small: a hand has at most 13 cards to weigh.
    const SEARCH_BUDGET: Budget = Budget::Playouts(300);

    fn bot_lineup(_: BotKind, _: &Settings, _: &mut Rng) {}

    fn bot_opening_orders(_: BotKind, settings: &Settings, _: &(), _: &mut Rng) -> Bid {
        // The game begins at once: there is no opening before it.
        Bid(settings.cards)
    }

    fn bot_orders(kind: BotKind, position: &Position, seat: Seat, rng: &mut Rng) -> Bid {
        let entrant = Entrant {
            kind,
            budget: Self::SEARCH_BUDGET,
        };
        entrant_bid(entrant, &position.view(Viewer::Seat(seat)), seat, rng)
    }

    /// One game: the prizes shuffled from the set-up's stream (0), each seat's bid drawn from
    /// its own stream per round, rounds played in place.
    fn bot_game(settings: &Settings, seated: &[Entrant], game_seed: Seed) -> Ending {
        let mut position = Position::new(settings.cards, seated.len(), &mut game_seed.rng(0));
        let mut bids = vec![0u8; seated.len()];
        while !position.is_over() {
            for (s, bid) in bids.iter_mut().enumerate() {
                let seat = Seat(s as u8);
                let view = position.view(Viewer::Seat(seat));
                let mut rng = game_seed.rng(1 << 32 | u64::from(position.round) << 8 | s as u64);
                *bid = entrant_bid(seated[s], &view, seat, &mut rng).0;
            }
            position.play_round(&bids);
        }
        Ending::by_points(Self::final_scores(&position))
    }

    fn advise(request: &AdviceRequest<'_, Self>, rng: &mut Rng) -> Result<String, BotError> {
        let Some(position) = request.state.filter(|p| !p.is_over()) else {
            return Err(BotError::NoAdvice("the game is over".into()));
        };
        let budget = request.budget.unwrap_or(Self::SEARCH_BUDGET);
        let decision = search::<Self>(&position.view(Viewer::Seat(request.seat)), budget, rng);
        let mut out = format!(
            "Advice for {}, round {} ({} playouts): the prize is the {}.\n\n",
            request.seat_name,
            request.turn,
            decision.playouts,
            position.prize.unwrap_or_default()
        );
        out.push_str(&format!("  suggested: {}\n\n", decision.orders));
        out.push_str("  bid      playouts   expected score (0–1: mostly the chance to win)\n");
        for (bid, visits, reward) in &decision.top {
            out.push_str(&format!(
                "  {:<8} {:>8}   {:.3}\n",
                bid.to_string(),
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

/// A playout's bids, kept from one playout to the next.
#[derive(Debug, Default)]
pub struct Playout {
    bids: Vec<u8>,
}

impl SearchGame for Goofspiel {
    type SeatView = TableView;
    type Playout = Playout;

    fn seat_view(position: &Position, seat: Seat) -> TableView {
        position.view(Viewer::Seat(seat))
    }

    /// The viewer's own seat, while the game goes on.
    fn searcher(view: &TableView) -> Option<Seat> {
        let seat = view.own_seat()?;
        (view.prize.is_some() && !view.players[seat.index()].hand.is_empty()).then_some(seat)
    }

    fn idle_orders(view: &TableView) -> Bid {
        view.own_seat()
            .map_or(Bid(1), |seat| lowest_bid(view, seat))
    }

    /// Every card of the hand, the heuristic's first.
    fn candidates(view: &TableView, seat: Seat, _: &mut Rng) -> Vec<Bid> {
        let first = heuristic_bid(view, seat);
        std::iter::once(first)
            .chain(
                view.players[seat.index()]
                    .hand
                    .cards()
                    .map(Bid)
                    .filter(|&b| b != first),
            )
            .collect()
    }

    /// The table with the prizes nobody has seen shuffled into the face-down pile.
    fn determinize(view: &TableView, _: Seat, rng: &mut Rng) -> Position {
        let mut pile = view.unseen_prizes();
        pile.shuffle(rng);
        Position {
            cards: view.cards,
            players: view.players.clone(),
            round: view.round,
            prize: view.prize,
            pile,
            discarded: view.discarded.clone(),
        }
    }

    /// The game played out: the seat bids `mine` this round, then every seat bids by the
    /// rollout: `Policy` the heuristic's card half the time and a random card otherwise (a
    /// player who cannot be read exactly), `Random` a random card.
    fn play_out(
        position: &mut Position,
        seat: Seat,
        mine: &Bid,
        rollout: Rollout,
        buffers: &mut Playout,
        rng: &mut Rng,
    ) {
        let n = position.players.len();
        let bids = &mut buffers.bids;
        bids.clear();
        bids.resize(n, 0);
        let mut first = true;
        while !position.is_over() {
            let prize = position.prize.unwrap_or(0);
            for (s, bid) in bids.iter_mut().enumerate() {
                let hand = position.players[s].hand;
                *bid = if first && s == seat.index() {
                    mine.0
                } else if rollout == Rollout::Policy && rng.random_bool(0.5) {
                    hand.nearest(prize).unwrap_or_default()
                } else {
                    let pick = rng.random_range(0..hand.len().max(1));
                    hand.cards().nth(pick).unwrap_or_default()
                };
            }
            first = false;
            position.play_round(bids);
        }
    }

    /// Each seat's score: the rules rank by it alone, equal scores sharing a place.
    fn final_scores(position: &Position) -> Vec<f64> {
        position
            .players
            .iter()
            .map(|p| f64::from(p.score))
            .collect()
    }
}
