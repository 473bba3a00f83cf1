//! Games as a whole: a new game, a game file put on the server, and who a caller is in a game.

use game_api::Viewer;
use gm::{DeadlineRule, Setup};
use locale::phrase;
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::text;
use store::{self, Table};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    pub title: String,
    pub game: String,
    /// The game's own settings (`Game::SETTINGS`); none: its defaults.
    #[serde(default)]
    pub settings: Map<String, Value>,
    /// Breaking Away's rule set and options as clients of earlier releases send them, beside
    /// the settings: read as settings of those names.
    #[serde(default)]
    pub rules: Option<String>,
    #[serde(default)]
    pub options: Vec<String>,
    pub seats: Vec<String>,
    pub deadline: DeadlineRule,
    /// The seed of every draw, for a test game (the GM then knows every draw). When not
    /// given, the game's draws come from a secret of 32 bytes from the operating system,
    /// committed to at creation and revealed when the game is over (`gm::draws`).
    #[serde(default)]
    pub seed: Option<u64>,
    /// The game counts for ratings (docs/server.md, "Ratings"); not for a test game.
    #[serde(default)]
    pub rated: bool,
}

/// Creates a game with `player` as its GM: its id.
pub async fn create_game(state: &AppState, player: &Player, new: NewGame) -> ApiResult<i64> {
    let title = text::check_title(&new.title)?;
    for seat in &new.seats {
        text::check_line("seats", seat)?;
    }
    if new.rated && new.seed.is_some() {
        return Err(ApiError::Bad(phrase!("error-rated-test-game")));
    }
    new.deadline
        .check()
        .map_err(|e| ApiError::Bad(e.phrase()))?;
    let (seed, secret) = match new.seed {
        Some(seed) => (seed, None),
        None => {
            let mut bytes = [0u8; gm::draws::SECRET_BYTES];
            getrandom::fill(&mut bytes).map_err(|e| ApiError::Internal(e.to_string()))?;
            let (secret, seed) = gm::draws::secret_from_bytes(&bytes);
            (seed, Some(secret))
        }
    };
    let mut settings = new.settings;
    if let Some(rules) = new.rules {
        settings.entry("rules").or_insert(rules.into());
    }
    if !new.options.is_empty() {
        settings.entry("options").or_insert(new.options.into());
    }
    let setup = Setup {
        game: gm::game_info(&new.game)?.name.to_string(),
        settings,
        seats: new.seats,
        seed,
        secret,
    };
    Ok(store::create_rated(state, &title, player.id, setup, &new.deadline, new.rated).await?)
}

/// Why a test game is never rated: its GM chose the seed, so knew every draw.
/// Who the caller is in this game: a seat's view if they play one, the GM's if they run it,
/// else the public view.
pub fn viewer(table: &Table, player: Option<&Player>) -> Viewer {
    match player {
        Some(p) => match table.seat_of(p.id) {
            Some(seat) => Viewer::Seat(seat),
            None if table.is_gm(p.id) => Viewer::Gm,
            None => Viewer::Public,
        },
        None => Viewer::Public,
    }
}

/// Puts a game file on the server (`postrider import`): a new game run by `gm_id`, with the
/// file's whole log, its seats open to new invitations, and its next deadline counted from now.
/// Returns the new game's id. The title is checked as a new game's is, and the file by
/// [`check_import`].
pub async fn import(
    state: &AppState,
    file: &gm::GameFile,
    title: &str,
    gm_id: i64,
    rule: &DeadlineRule,
) -> ApiResult<i64> {
    let title = crate::text::check_title(title)?;
    store::check_import(file)?;
    Ok(store::insert(state, file, &title, gm_id, rule, false).await?)
}
