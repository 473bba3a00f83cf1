//! What is pushed, as outbox rows of kind `push` (the endpoint in `to_addr`, the notification's
//! JSON in `body`, what it is about in `subject`): a game's new report (the turn's headline
//! and the game's title), a reminder when a seat's orders are missing before a deadline, a
//! GM's announcement. Each to the devices of the players who chose it, in the seat's
//! language, else the account's. A push carries only what anyone may read: the public
//! report's headline, the turn, the deadline, a public announcement — never a seat's own
//! report, hand or private press.

use game_api::{Lang, Seat, Viewer};
use locale::tr;
use std::collections::{BTreeMap, BTreeSet};

use crate::state::AppState;
use store::push::{Topic, devices_wanting};
use store::{OutMail, SeatRow, StoreResult, Table};

/// The longest announcement text a push carries (push services take about 4 KB in all).
const ANNOUNCEMENT_CHARS: usize = 300;

/// The notification a service worker shows: its title, text, the page a tap opens, and a tag
/// (a newer notification of a game replaces the older one).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Payload {
    pub title: String,
    pub body: String,
    pub url: String,
    pub tag: String,
}

/// What a push is about, as its outbox row's subject names it.
pub fn topic_name(topic: Topic) -> &'static str {
    match topic {
        Topic::Report => "report",
        Topic::Remind => "reminder",
        Topic::Press => "announcement",
    }
}

/// The devices of the seats' players who want `topic`, each once, with the language of its
/// push: the seat's own, else the account's.
async fn devices(
    state: &AppState,
    seats: &[&SeatRow],
    topic: Topic,
) -> StoreResult<Vec<(i64, String, Lang, Seat)>> {
    let mut players: BTreeMap<i64, &SeatRow> = BTreeMap::new();
    for seat in seats {
        if let Some(player) = seat.player_id {
            players.entry(player).or_insert(seat);
        }
    }
    let ids: Vec<i64> = players.keys().copied().collect();
    let mut seen = BTreeSet::new();
    Ok(devices_wanting(state, &ids, topic)
        .await?
        .into_iter()
        .filter(|(_, endpoint, _)| seen.insert(endpoint.clone()))
        .filter_map(|(player, endpoint, account_lang)| {
            let seat = players.get(&player)?;
            let lang = seat.lang.unwrap_or_else(|| {
                account_lang
                    .and_then(|c| Lang::from_code(&c).ok())
                    .unwrap_or_default()
            });
            Some((player, endpoint, lang, seat.seat))
        })
        .collect())
}

fn row(table: &Table, player: i64, endpoint: String, topic: Topic, payload: &Payload) -> OutMail {
    OutMail {
        kind: "push".into(),
        to: endpoint,
        game_id: Some(table.row.id),
        player_id: Some(player),
        subject: topic_name(topic).into(),
        body: serde_json::to_string(payload).unwrap_or_default(),
        ..OutMail::default()
    }
}

/// The pushes of a resolved `turn` of the game read as `table` (`seats` as the change leaves
/// them): the public report's headline, to each seat's player who wants reports pushed.
pub async fn reports(
    state: &AppState,
    table: &Table,
    seats: &[SeatRow],
    turn: u16,
) -> StoreResult<Vec<OutMail>> {
    let seated: Vec<&SeatRow> = seats.iter().filter(|s| s.bot.is_none()).collect();
    let devices = devices(state, &seated, Topic::Report).await?;
    let mut texts: BTreeMap<&str, Payload> = BTreeMap::new();
    let mut rows = Vec::new();
    for (player, endpoint, lang, _) in devices {
        if !texts.contains_key(lang.code()) {
            // The public report's: the same headline every viewer reads.
            let view = table.record.report_view(Viewer::Public, lang, turn)?;
            let body = if view.headline.is_empty() {
                view.title.clone()
            } else {
                tr!(
                    lang,
                    "push-report",
                    turn = view.title.as_str(),
                    headline = view.headline.as_str()
                )
            };
            texts.insert(
                lang.code(),
                Payload {
                    title: table.row.title.clone(),
                    body,
                    url: format!("/games/{}", table.row.id),
                    tag: format!("game-{}", table.row.id),
                },
            );
        }
        rows.push(row(
            table,
            player,
            endpoint,
            Topic::Report,
            &texts[lang.code()],
        ));
    }
    Ok(rows)
}

/// The reminders pushed when the orders of `missing` are not in at `stage` (1: a day before
/// the deadline `at`; 2: two hours), once per device, turn and stage.
pub async fn reminders(
    state: &AppState,
    table: &Table,
    missing: &[Seat],
    stage: i64,
    at: i64,
) -> StoreResult<Vec<OutMail>> {
    let seats: Vec<&SeatRow> = table
        .seats
        .iter()
        .filter(|s| s.bot.is_none() && missing.contains(&s.seat))
        .collect();
    let turn = table.record.turn();
    let mut rows = Vec::new();
    for (player, endpoint, lang, seat) in devices(state, &seats, Topic::Remind).await? {
        let payload = Payload {
            title: table.row.title.clone(),
            body: tr!(
                lang,
                "push-remind",
                seat = table.seats[seat.index()].name.as_str(),
                noun = crate::mail_words::turn_noun(table, lang),
                turn = turn,
                at = crate::mail_words::moment(lang, at)
            ),
            url: format!("/games/{}/orders", table.row.id),
            tag: format!("game-{}", table.row.id),
        };
        let mut push = row(table, player, endpoint, Topic::Remind, &payload);
        push.dedup_key = Some(format!(
            "push/{}/{turn}/{stage}/{}",
            table.row.id,
            sha_hex(&push.to)
        ));
        rows.push(push);
    }
    Ok(rows)
}

/// The pushes of a GM's announcement `text` in the game read as `table`, to every seat's
/// player who wants announcements pushed (the GM's own devices aside).
pub async fn announcement(
    state: &AppState,
    table: &Table,
    gm: i64,
    text: &str,
) -> StoreResult<Vec<OutMail>> {
    let seats: Vec<&SeatRow> = table
        .seats
        .iter()
        .filter(|s| s.bot.is_none() && s.player_id != Some(gm))
        .collect();
    let short: String = if text.chars().count() > ANNOUNCEMENT_CHARS {
        text.chars()
            .take(ANNOUNCEMENT_CHARS)
            .chain("…".chars())
            .collect()
    } else {
        text.to_string()
    };
    Ok(devices(state, &seats, Topic::Press)
        .await?
        .into_iter()
        .map(|(player, endpoint, lang, _)| {
            let payload = Payload {
                title: table.row.title.clone(),
                body: tr!(lang, "push-announcement", text = short.as_str()),
                url: format!("/games/{}", table.row.id),
                tag: format!("game-{}-press", table.row.id),
            };
            row(table, player, endpoint, Topic::Press, &payload)
        })
        .collect())
}

/// A short, fixed name for an endpoint in a key (endpoints are long).
fn sha_hex(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes())[..8]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}
