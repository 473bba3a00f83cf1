//! The language a player reads their mail and reports in, chosen on the profile or by the API,
//! and a seat's own language for its mail, chosen by its player.

use game_api::Lang;
use locale::phrase;

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// Sets the caller's language from its code (`en`, `ja`); an unknown code is refused naming it.
pub async fn set_lang(state: &AppState, player: &Player, code: &str) -> ApiResult<Lang> {
    let lang = Lang::from_code(code).map_err(|e| ApiError::Bad(e.phrase()))?;
    store::players::set_lang(state, player.id, lang).await?;
    Ok(lang)
}

/// Sets the language of the caller's seat in game `game` (`None`: the account's again). Only
/// the seat's player chooses it: a GM or another player is refused, as is an unknown code.
pub async fn set_seat_lang(
    state: &AppState,
    player: &Player,
    game: i64,
    code: Option<&str>,
) -> ApiResult<Option<Lang>> {
    let lang = code
        .map(|c| Lang::from_code(c).map_err(|e| ApiError::Bad(e.phrase())))
        .transpose()?;
    let table = store::load(state, game).await?;
    let seat = table
        .seats
        .iter()
        .find(|s| s.player_id == Some(player.id))
        .ok_or_else(|| ApiError::Forbidden(phrase!("error-language-no-seat", game = game)))?;
    store::players::set_seat_lang(state, game, seat.seat.0, lang).await?;
    Ok(lang)
}
