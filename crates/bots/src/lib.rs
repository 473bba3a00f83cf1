//! Bots that take a seat. A bot sees the race only through its seat's [`View`] (its own hands,
//! everybody's positions), never the full position, and draws only from the random stream it
//! is given, so a bot's play is reproducible from the game's seed.

pub mod backpacks;
pub mod breaking_away;
pub mod mcts;
pub mod tournament;
