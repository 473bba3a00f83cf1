//! The JSON API end to end, on SQLite and on PostgreSQL: accounts, a whole game with sealed
//! orders and deadlines, hidden information through every route, the GM's tools, bad input.

mod bad_input;
mod processes;
mod race;
mod settings;
