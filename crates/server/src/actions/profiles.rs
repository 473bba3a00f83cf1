//! A player's record and feeds: the minimum on-time record a GM asks of new players (checked
//! when a seat is claimed), and the secret addresses of a player's seat feeds.

use game_api::Seat;
use locale::phrase;

use crate::auth::Player;
use crate::error::{ApiError, ApiResult};
use crate::feeds::FeedAddresses;
use crate::state::AppState;

/// Sets (`Some`) or lifts (`None`) the least on-time record, in per cent, a player needs to
/// take one of game `id`'s seats. The GM's only.
pub async fn set_min_on_time(
    state: &AppState,
    player: &Player,
    id: i64,
    min: Option<u32>,
) -> ApiResult<()> {
    if let Some(min) = min.filter(|m| *m > 100) {
        return Err(ApiError::Bad(phrase!("error-min-on-time-range", min = min)));
    }
    let table = store::load(state, id).await?;
    super::access::require_gm(&table, player)?;
    Ok(store::profiles::set_min_on_time(state, id, min).await?)
}

/// One seat's feeds, as its player's profile lists them.
#[derive(Clone, Debug, serde::Serialize)]
pub struct SeatFeeds {
    pub game: i64,
    pub title: String,
    pub seat: String,
    #[serde(flatten)]
    pub addresses: FeedAddresses,
}

/// The feeds of every seat `player` holds (their secrets drawn when first asked for), their
/// addresses on `site` (`FeedAddresses::new`).
pub async fn seat_feeds(
    state: &AppState,
    player: &Player,
    site: Option<&str>,
) -> ApiResult<Vec<SeatFeeds>> {
    let mut feeds = Vec::new();
    for (game, title, seat) in store::feeds::held_seats(state, player.id).await? {
        let secret = store::feeds::feed_secret(state, game, seat, player.id).await?;
        let table = store::load(state, game).await?;
        feeds.push(SeatFeeds {
            game,
            title,
            seat: seat_name(&table, seat),
            addresses: FeedAddresses::new(site, &secret),
        });
    }
    Ok(feeds)
}

/// Renews the secret of the player's seat feeds in game `id`: the old addresses answer 404.
pub async fn renew_feeds(
    state: &AppState,
    player: &Player,
    id: i64,
    site: Option<&str>,
) -> ApiResult<SeatFeeds> {
    let table = store::load(state, id).await?;
    let seat = super::access::own_seat(&table, player)?;
    let secret = store::feeds::renew(state, id, seat, player.id).await?;
    Ok(SeatFeeds {
        game: id,
        title: table.row.title.clone(),
        seat: seat_name(&table, seat),
        addresses: FeedAddresses::new(site, &secret),
    })
}

fn seat_name(table: &store::Table, seat: Seat) -> String {
    table.seats[seat.index()].name.clone()
}
