//! What the bots need of each game, written once per game: the `BotGame` and `SearchGame`
//! impls, one tournament game between bots, `advise`'s text. A new game adds a module here.

pub mod backpacks;
pub mod breaking_away;
