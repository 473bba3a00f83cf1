//! The game API: the small vocabulary every postrider game shares.
//!
//! A game is a pure function of data: a state, the seats' sealed orders for one turn and a
//! random stream derived from the game's stored seed give the next state and the turn's events.
//! Nothing here reads a clock, the environment or a global random number generator.

pub mod chart;
pub mod notation;
pub mod picture;
#[cfg(feature = "picture-check")]
pub mod picture_check;
pub mod pieces;
pub mod report;
pub mod season;
pub mod settings;
pub mod team_colour;

use std::fmt;

pub use locale::Lang;
pub use pieces::{Lacks, PieceAction, PieceActions};
use rand::SeedableRng;
use serde::{Deserialize, Serialize};

/// The random number generator every rules crate draws from.
pub type Rng = rand_chacha::ChaCha8Rng;

/// Reads a versioned JSON file's header: `format` must be `format` and `version` one this
/// postrider reads. Game files of every game share the convention; `what` names the file in
/// the one-line error.
pub fn versioned_json(
    text: &str,
    what: &str,
    format: &str,
    version: u32,
) -> Result<serde_json::Value, String> {
    let head: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("{what}: not valid JSON: {e}"))?;
    if head.get("format").and_then(serde_json::Value::as_str) != Some(format) {
        return Err(format!("{what}: format is not {format:?}"));
    }
    match head.get("version").and_then(serde_json::Value::as_u64) {
        Some(v) if v == u64::from(version) => Ok(head),
        Some(v) => Err(format!(
            "{what}: version {v} is not one this postrider reads ({version})"
        )),
        None => Err(format!("{what}: version missing")),
    }
}

/// The seed stored with a game. Every random draw of the game comes from it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seed(pub u64);

impl Seed {
    /// An independent random stream for one purpose (a turn number, a bot's seat...).
    /// The same seed and stream always give the same draws.
    pub fn rng(self, stream: u64) -> Rng {
        let mut rng = Rng::seed_from_u64(self.0);
        rng.set_stream(stream);
        rng
    }
}

/// A seat at the table: a team in Breaking Away, a walker in Backpacks & Blisters.
/// Seats are numbered from 0 in the order the game was set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who is looking at a game. Every report and view is made for one viewer, so that hidden
/// information (hands, sealed orders) reaches only the seat it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Viewer {
    /// The game master sees everything.
    Gm,
    /// A player sees what their seat may see.
    Seat(Seat),
    /// Anybody else: the public view.
    Public,
}

impl Viewer {
    /// May this viewer see the secrets of `seat`?
    pub fn sees_secrets_of(self, seat: Seat) -> bool {
        match self {
            Viewer::Gm => true,
            Viewer::Seat(own) => own == seat,
            Viewer::Public => false,
        }
    }
}

/// A game's rules as pure functions of data, and everything the game master's lifecycle above
/// them needs: set-up and its checks, the pre-race phase (line-ups), orders as text (read, and
/// echoed as read), views per viewer, reports and standings. `gm::Record<G>` holds one game of
/// any `G: Game`; no layer above the rules crates branches on which game it is.
///
/// Orders are sealed and simultaneous: every seat's orders for a turn are collected first, then
/// `resolve` applies them all at once. A seat without orders gets `nmr_orders`, the rules' own
/// "no moves received" policy.
pub trait Game: Sized + std::fmt::Debug + 'static {
    /// The game's name in files, URLs and the API (`breaking-away`).
    const NAME: &'static str;
    /// The game's name for people (`Breaking Away`).
    const TITLE: &'static str;
    /// What a seat is called in messages (`team`, `walker`).
    const SEAT_NOUN: &'static str;
    /// What one resolution is called (`turn`, `round`).
    const TURN_NOUN: &'static str;
    /// What one game is called (`race`, `day`).
    const GAME_NOUN: &'static str;
    /// What the game's picture shows (`track`, `map`).
    const PICTURE_NOUN: &'static str;
    /// The edition of the public report's text. A record keeps, for each turn, the digest of
    /// the public report as it was published and this number; `verify` compares a replay's
    /// digest only with digests of the same edition, so rewording a report never makes an
    /// honest record of an earlier release fail. Raise it whenever the public report's text
    /// changes (each game pins the digest of one game's reports beside it).
    const REPORT_FORMAT: u16;

    /// The checked set-up: rule set, options, data.
    type Settings: Clone + std::fmt::Debug;
    /// The full position, secrets included.
    type State: Clone + std::fmt::Debug;
    /// What a seat seals before play begins (a Breaking Away team's cards); `()` for none.
    /// Its default is the line-up of a seat that sent none.
    type Lineup: Clone + std::fmt::Debug + Default;
    /// One seat's orders for one resolution.
    type Orders: Clone + std::fmt::Debug;
    /// What happened in one resolution, for reports.
    type Event: Clone + std::fmt::Debug;
    /// Why the rules refused something: the game's own error enum, whose message is one line
    /// naming the field or value; it takes what the game does not have ([`Lacks`]), which the
    /// defaults below refuse with.
    type Error: std::error::Error + Clone + Send + Sync + From<Lacks> + 'static;

    /// The settings the game takes (rule set, options, a GM's own data): what the new-game
    /// form, the API and the command line offer. None: the game has only its defaults.
    const SETTINGS: &'static [settings::Setting] = &[];

    /// Checks the set-up: `given` is the game's settings object, already checked against
    /// [`Game::SETTINGS`] (keys and shapes); the error names the setting (`rules`, `map`).
    fn settings(given: settings::Given<'_>) -> Result<Self::Settings, Self::Error>;
    /// How many seats the rules take.
    fn seat_limits(settings: &Self::Settings) -> std::ops::RangeInclusive<usize>;
    /// The rule set's name (`postal-2.2`, `board`, `pbm-2.1`).
    fn rules_name(settings: &Self::Settings) -> &'static str;

    /// Whether seats seal a line-up before play begins: the pre-race phase, which a game may
    /// have. Without it (the defaults below) nothing is sealed before the first orders.
    fn has_lineups(_settings: &Self::Settings) -> bool {
        false
    }
    fn parse_lineup(_text: &str) -> Result<Self::Lineup, Self::Error> {
        Err(Lacks::Lineups { game: Self::TITLE }.into())
    }
    fn lineup_text(_lineup: &Self::Lineup) -> String {
        String::new()
    }
    fn check_lineup(_settings: &Self::Settings, _lineup: &Self::Lineup) -> Result<(), Self::Error> {
        Err(Lacks::Lineups { game: Self::TITLE }.into())
    }
    /// The line-up of a seat that sent none.
    fn default_lineup(_settings: &Self::Settings) -> Self::Lineup {
        Self::Lineup::default()
    }
    /// Checks orders sealed before play begins against the seat's own line-up.
    fn check_opening_orders(
        _settings: &Self::Settings,
        _lineup: &Self::Lineup,
        _orders: &Self::Orders,
    ) -> Result<(), Self::Error> {
        Ok(())
    }
    /// The opening position: every seat's line-up (the default for those that sent none).
    /// Draws come from `seed` (the set-up's own stream).
    fn start(settings: &Self::Settings, lineups: &[Self::Lineup], seed: Seed) -> Self::State;

    /// Reads a seat's orders from the text form players type.
    fn parse_orders(
        settings: &Self::Settings,
        seats: &[String],
        text: &str,
    ) -> Result<Self::Orders, Self::Error>;
    /// The orders as the engine read them (the echo a player gets; parses back to the same).
    fn orders_text(settings: &Self::Settings, seats: &[String], orders: &Self::Orders) -> String;
    /// Sealed orders as their player reads them, in `table.lang` (the echo and the order
    /// page; a game whose orders name places by code says them by name). The order text by
    /// default.
    fn orders_words(table: &Table<'_, Self>, _seat: Seat, orders: &Self::Orders) -> String {
        Self::orders_text(table.settings, table.seats, orders)
    }
    /// What sealed orders leave to the rules' defaults, one line each, for the echo a player
    /// gets (`D: no order — plays its highest card, 12`). `state` is `None` before play begins
    /// (then `lineup` is the seat's sealed line-up, if any).
    fn orders_notes(
        _settings: &Self::Settings,
        _state: Option<&Self::State>,
        _lineup: Option<&Self::Lineup>,
        _seat: Seat,
        _orders: &Self::Orders,
    ) -> Vec<locale::Phrase> {
        Vec::new()
    }
    /// A refusal in the reader's language (the order page's and the mail echo's): the
    /// game's own errors may say more than their English `Display`, which is the default.
    fn error_text(error: &Self::Error, _lang: Lang) -> String {
        error.to_string()
    }
    /// Orders with nothing in them are refused (`orders: no rider given`).
    fn orders_are_empty(orders: &Self::Orders) -> bool;

    fn seat_count(state: &Self::State) -> usize;
    /// True once the game has ended; `resolve` must not be called after that.
    fn is_over(state: &Self::State) -> bool;
    /// Whether a seat still has a part to play.
    fn takes_orders(state: &Self::State, seat: Seat) -> bool;
    /// The orders the rules give a seat that sent none.
    fn nmr_orders(state: &Self::State, seat: Seat) -> Self::Orders;
    /// Checks one seat's orders against the position; the error names the offending order.
    fn check_orders(
        state: &Self::State,
        seat: Seat,
        orders: &Self::Orders,
    ) -> Result<(), Self::Error>;
    /// The random stream of the resolution that `state` is waiting for.
    fn resolution_stream(state: &Self::State) -> u64;
    /// Adjudicates one turn. `orders[seat]` is `None` for a seat that sent nothing. Orders have
    /// passed `check_orders`. Every random draw comes from `rng`.
    fn resolve(
        state: &Self::State,
        orders: &[Option<Self::Orders>],
        rng: &mut Rng,
    ) -> (Self::State, Vec<Self::Event>);
    /// Draws afresh from `rng` what the state holds that nobody may know yet (the order of
    /// cards not yet drawn): a preview of a turn resolves a copy so changed, so that it shows
    /// stand-ins for the game's own coming draws. A state that holds no such thing is left.
    fn redraw_hidden(_state: &mut Self::State, _rng: &mut Rng) {}

    /// The report of one resolution as `viewer` may read it: plain text, for mail.
    fn turn_report(
        table: &Table<'_, Self>,
        resolution: &Resolution<Self>,
        viewer: Viewer,
    ) -> String;
    /// The report of one resolution as `viewer` may read it, as a typed view for the page
    /// (rendered as HTML by [`report::ReportView::html`]).
    fn report_view(
        table: &Table<'_, Self>,
        resolution: &Resolution<Self>,
        viewer: Viewer,
    ) -> report::ReportView;
    /// Where the game stands between resolutions as `viewer` may read it: plain text.
    fn state_report(table: &Table<'_, Self>, viewer: Viewer) -> String;
    /// The game now as `viewer` may see it, for the API.
    fn view_json(table: &Table<'_, Self>, viewer: Viewer) -> serde_json::Value;

    /// What everybody should know once the game is set up (the day's targets), one line or
    /// empty.
    fn setup_note(table: &Table<'_, Self>) -> String;
    /// What a first-time player needs to send the first orders (a line-up's limits and an
    /// example), as plain text in `lang` for the welcome mail and the first reminder; `None`:
    /// nothing.
    fn first_orders_help(_settings: &Self::Settings, _lang: Lang) -> Option<String> {
        None
    }

    /// The track or the map of `scene`, as SVG, with its close-up for a phone: public, nothing
    /// secret in it; the scene's viewer only changes which pieces are marked as theirs.
    fn picture(table: &Table<'_, Self>, scene: picture::Scene<'_, Self>) -> picture::Picture;
    /// The picture a report mail shows: [`Game::picture`]'s close-up where it has one, else
    /// the whole. A game that can draw its close-up alone does so here: a deadline draws one
    /// for each seat.
    fn mail_picture(table: &Table<'_, Self>, scene: picture::Scene<'_, Self>) -> String {
        let picture = Self::picture(table, scene);
        picture.close_up.unwrap_or(picture.svg)
    }
    /// The chart's series over `states` (the start, then after each resolved turn).
    fn progress(table: &Table<'_, Self>, states: &[&Self::State]) -> chart::Progress;

    /// A position in the game's public scenario notation, with the sealed orders (GM only),
    /// where the game has one.
    fn scenario_json(_table: &Table<'_, Self>) -> Result<serde_json::Value, Self::Error> {
        Err(Lacks::Scenario { game: Self::TITLE }.into())
    }

    /// What a season of the game is called; `None`: the game has no seasons.
    const SEASON: Option<season::SeasonNouns> = None;
    /// The season's scoring tables a GM may change, with their defaults (JSON).
    fn season_scoring() -> serde_json::Value {
        serde_json::Value::Null
    }
    /// A finished game read as one stage of a season (JSON the game alone reads back);
    /// `None` before the game is over.
    fn stage(_table: &Table<'_, Self>) -> Option<serde_json::Value> {
        None
    }
    /// The classifications after `stages` (as [`Game::stage`] wrote them, first first), with
    /// `scoring` (`Null`: the defaults) and a league's `best_of`.
    fn classify(
        _scoring: &serde_json::Value,
        _best_of: Option<u16>,
        _seats: &[String],
        _stages: &[serde_json::Value],
    ) -> Result<Vec<season::Classification>, Self::Error> {
        Err(Lacks::Season { game: Self::TITLE }.into())
    }
    /// Each seat's place in a finished game (1 won; seats level in every respect share a
    /// place), for ratings; `None` before the game is over.
    fn places(table: &Table<'_, Self>) -> Option<Vec<u16>>;

    /// What the GM may do to the game's pieces between turns; `None`: nothing.
    const PIECE_ACTIONS: Option<PieceActions> = None;
    /// The pieces the GM may act on now (the console's menu).
    fn pieces(_table: &Table<'_, Self>) -> Vec<String> {
        Vec::new()
    }
    /// A GM's action on a piece (postal 10.1's dropped rider, a retirement).
    fn piece_action(
        _settings: &Self::Settings,
        _seats: &[String],
        _state: &mut Self::State,
        action: &PieceAction,
    ) -> Result<(), Self::Error> {
        Err(Lacks::PieceAction {
            game: Self::TITLE,
            verb: action.verb.clone(),
        }
        .into())
    }
}

/// `svg` with its root element's `viewBox`, `width` and `height` replaced by `view_box`: the
/// same picture, framed on a part (the size follows the frame, so that a page scaling the
/// picture to its width keeps the frame's proportions).
pub fn with_view_box(svg: &str, view_box: [f64; 4]) -> String {
    let [x, y, w, h] = view_box;
    let Some(end) = svg.find('>') else {
        return svg.to_string();
    };
    let (root, rest) = svg.split_at(end);
    let mut root = root.to_string();
    for (name, value) in [
        ("viewBox", format!("{x:.0} {y:.0} {w:.0} {h:.0}")),
        ("width", format!("{w:.0}")),
        ("height", format!("{h:.0}")),
    ] {
        let key = format!(" {name}=\"");
        if let Some(at) = root.find(&key)
            && let Some(len) = root[at + key.len()..].find('"')
        {
            root.replace_range(at + key.len()..at + key.len() + len, &value);
        }
    }
    root + rest
}

/// A seat's sealed line-up and orders for the coming resolution.
#[derive(Debug)]
pub struct Sealed<G: Game> {
    pub lineup: Option<G::Lineup>,
    pub orders: Option<G::Orders>,
}

impl<G: Game> Clone for Sealed<G> {
    fn clone(&self) -> Self {
        Sealed {
            lineup: self.lineup.clone(),
            orders: self.orders.clone(),
        }
    }
}

impl<G: Game> Default for Sealed<G> {
    fn default() -> Self {
        Sealed {
            lineup: None,
            orders: None,
        }
    }
}

/// One resolved turn (or round), as reports need it.
#[derive(Debug)]
pub struct Resolution<G: Game> {
    pub before: G::State,
    pub orders: Vec<Option<G::Orders>>,
    pub after: G::State,
    pub events: Vec<G::Event>,
}

impl<G: Game> Clone for Resolution<G> {
    fn clone(&self) -> Self {
        Resolution {
            before: self.before.clone(),
            orders: self.orders.clone(),
            after: self.after.clone(),
            events: self.events.clone(),
        }
    }
}

/// A game at the table, as reports and views read it: its settings, the seats' names, the
/// position (once play has begun), the sealed orders and the resolved turns.
#[derive(Debug)]
pub struct Table<'a, G: Game> {
    pub settings: &'a G::Settings,
    pub seats: &'a [String],
    pub state: Option<&'a G::State>,
    pub sealed: &'a [Sealed<G>],
    pub history: &'a [Resolution<G>],
    /// The reader's language: reports, notes and pictures' labels are written in it.
    pub lang: Lang,
}

impl<G: Game> Clone for Table<'_, G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Table<'_, G> {}

impl<G: Game> Table<'_, G> {
    /// The number of the coming resolution (1 before anything is resolved).
    pub fn turn(&self) -> u16 {
        self.history.len() as u16 + 1
    }

    pub fn is_over(&self) -> bool {
        self.state.is_some_and(G::is_over)
    }
}

/// Text made safe inside SVG (or XML) text and double-quoted attributes, for the pictures
/// games draw of themselves.
pub fn escape_markup(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::Rng as _;

    #[test]
    fn same_seed_and_stream_give_same_draws() {
        let a: Vec<u32> = (0..8).map(|_| Seed(7).rng(3).next_u32()).collect();
        let mut r1 = Seed(7).rng(3);
        let mut r2 = Seed(7).rng(3);
        let x: Vec<u32> = (0..8).map(|_| r1.next_u32()).collect();
        let y: Vec<u32> = (0..8).map(|_| r2.next_u32()).collect();
        assert_eq!(x, y);
        assert_eq!(a[0], x[0]);
        let mut other = Seed(7).rng(4);
        let z: Vec<u32> = (0..8).map(|_| other.next_u32()).collect();
        assert_ne!(x, z, "different streams must differ");
    }

    #[test]
    fn a_frame_sets_the_view_box_and_the_size() {
        let svg = r#"<svg xmlns="x" viewBox="0 0 1000 200" width="1000" height="200"><rect width="5"/></svg>"#;
        assert_eq!(
            with_view_box(svg, [100.0, 0.0, 400.0, 200.0]),
            r#"<svg xmlns="x" viewBox="100 0 400 200" width="400" height="200"><rect width="5"/></svg>"#
        );
    }

    #[test]
    fn markup_is_escaped() {
        assert_eq!(
            escape_markup(r#"<a & "b">"#),
            "&lt;a &amp; &quot;b&quot;&gt;"
        );
    }

    #[test]
    fn viewers_see_only_their_own_secrets() {
        assert!(Viewer::Gm.sees_secrets_of(Seat(2)));
        assert!(Viewer::Seat(Seat(2)).sees_secrets_of(Seat(2)));
        assert!(!Viewer::Seat(Seat(1)).sees_secrets_of(Seat(2)));
        assert!(!Viewer::Public.sees_secrets_of(Seat(0)));
    }
}
