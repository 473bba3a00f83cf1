//! What a player does with their devices (issue 56), for the API and the profile page alike:
//! subscribe a browser, remove a device, choose what is pushed.

use crate::auth::Player;
use crate::error::ApiResult;
use crate::push::subscription::{Subscription, check_endpoint};
use crate::state::AppState;
use store::push::{self, Device, PushChoices};

/// Subscribes the browser that sent `subscription` for `player` (at most
/// `store::push::MAX_DEVICES` devices): the device kept.
pub async fn subscribe(
    state: &AppState,
    player: &Player,
    subscription: &Subscription,
) -> ApiResult<Device> {
    let device = subscription.device(state.config.webhooks_to_private, state.clock.now())?;
    push::subscribe(state, player.id, &device).await?;
    Ok(device)
}

/// Removes `player`'s device at `endpoint`: whether there was one.
pub async fn unsubscribe(state: &AppState, player: &Player, endpoint: &str) -> ApiResult<bool> {
    // Read as a subscription's endpoint is, so that the same text finds it.
    let endpoint = check_endpoint(endpoint, true)?;
    Ok(push::unsubscribe(state, player.id, &endpoint).await?)
}

/// `player`'s devices and what they want pushed.
pub async fn push_profile(
    state: &AppState,
    player: &Player,
) -> ApiResult<(Vec<Device>, PushChoices)> {
    Ok((
        push::devices(state, player.id).await?,
        push::choices(state, player.id).await?,
    ))
}

/// Sets what `player` wants pushed.
pub async fn set_push_choices(
    state: &AppState,
    player: &Player,
    choices: PushChoices,
) -> ApiResult<()> {
    Ok(push::set_choices(state, player.id, choices).await?)
}
