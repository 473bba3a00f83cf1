//! The language a player reads their mail and reports in, chosen on the profile or by the API.

use game_api::Lang;

use crate::AppState;
use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::store;

/// Sets the caller's language from its code (`en`, `ja`); an unknown code is refused naming it.
pub async fn set_lang(state: &AppState, player: &Player, code: &str) -> ApiResult<Lang> {
    let lang = Lang::from_code(code).map_err(|e| ApiError::Bad(format!("lang: {e}")))?;
    store::players::set_lang(state, player.id, lang).await?;
    Ok(lang)
}
