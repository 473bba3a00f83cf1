//! Reminders before a deadline and the daily digest, written to the outbox by the deadline
//! worker. A seat whose orders are missing is reminded a day and two hours before the
//! deadline (if its player wants every mail), each once per turn and seat: the row's key
//! `reminder/GAME/TURN/SEAT/STAGE` is unique in the outbox, so that several servers on one
//! database write it once. A reminder is written only when it tells the player something new
//! ([`told_already`]): not after the turn's report or the seat's welcome named the same
//! deadline already inside the reminder's window (a 24-hour game's report is its own
//! "orders due within a day"). A player who chose the digest gets one mail a day (the first pass
//! after 07:00 in their time zone on which any of their seats owes orders) listing them all.
//! Nothing here reads the clock: [`write_due`] takes `now`.

use game_api::{Lang, Seat};
use locale::tr;

use crate::error::ApiResult;
use crate::state::AppState;

use store::OutMail;

/// A day before the deadline: the first reminder.
pub const FIRST: i64 = 24 * 3600;

/// Two hours before the deadline: the second.
pub const SECOND: i64 = 2 * 3600;

/// The hour (in the player's time zone) from which the day's digest is written.
pub const DIGEST_HOUR: i8 = 7;

/// What one pass wrote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Written {
    pub reminders: usize,
    pub digests: usize,
    pub webhooks: usize,
}

/// The reminder stage a deadline `left` seconds away is in: 1 (a day), 2 (two hours), or none.
fn stage(left: i64) -> Option<i64> {
    match left {
        l if l <= 0 => None,
        l if l <= SECOND => Some(2),
        l if l <= FIRST => Some(1),
        _ => None,
    }
}

/// Writes the reminders, digests and "deadline soon" webhooks due at `now`. Reminders and
/// digests need mail on (a reminder sent after its deadline helps nobody); webhooks do not.
/// Their rows are the store's (`store::reminders`); the texts are written here.
pub async fn write_due(state: &AppState, now: i64) -> ApiResult<Written> {
    let mut written = Written::default();
    // Games in a reminder stage they have not been looked at in yet. A game with nobody to
    // tell is only marked, many to a statement: a deadline storm puts every game of a club in
    // its reminder stage at the same moment.
    let stages = store::reminders::Stages {
        now,
        first: now + FIRST,
        second: now + SECOND,
    };
    let due = store::reminders::due(state, stages, state.mail.is_some()).await?;
    let (told, unheard): (Vec<_>, Vec<_>) = due.into_iter().partition(|d| d.tell);
    for d in told {
        let Some(stage) = stage(d.deadline - now) else {
            continue;
        };
        let w = remind_game(state, d.id, stage, now).await?;
        written.reminders += w.reminders;
        written.webhooks += w.webhooks;
    }
    let unheard: Vec<i64> = unheard.into_iter().map(|d| d.id).collect();
    for chunk in unheard.chunks(MARKED_AT_ONCE) {
        store::reminders::mark(state, chunk, stages).await?;
    }
    if state.mail.is_some() {
        written.digests = write_digests(state, now).await?;
    }
    Ok(written)
}

/// Games marked by one statement (its `IN` list padded to a power of two up to this, so that
/// a connection keeps a few prepared shapes: `store::sql`).
const MARKED_AT_ONCE: usize = 1024;

/// The reminders of one game at `stage`, and its "deadline soon" webhook, in one transaction
/// with the game's mark.
async fn remind_game(state: &AppState, id: i64, stage: i64, now: i64) -> ApiResult<Written> {
    let table = store::load(state, id).await?;
    let Some(deadline) = table.row.next_deadline else {
        return Ok(Written::default());
    };
    let turn = table.record.turn();
    let within = if stage == 2 { "hours" } else { "day" };
    let missing: Vec<Seat> = table
        .seats
        .iter()
        .filter(|s| s.bot.is_none() && s.player_id.is_some() && !table.record.ready(s.seat))
        .map(|s| s.seat)
        .collect();
    let mut mails = Vec::new();
    if let Some(settings) = &state.mail {
        let link = format!(
            "{}/games/{id}/orders",
            settings.public_url.trim_end_matches('/')
        );
        for r in store::reminders::mailed_seats(state, id).await? {
            let seat = r.seat;
            if !missing.contains(&seat) {
                continue;
            }
            // The seat's own language, else the account's.
            let lang = r
                .langs
                .into_iter()
                .flatten()
                .find_map(|c| Lang::from_code(&c).ok())
                .unwrap_or_default();
            let named = crate::mail_words::deadline_line(&table, lang, Some(deadline));
            let window = if stage == 2 { SECOND } else { FIRST };
            if told_already(
                state,
                id,
                seat,
                r.player_id,
                named.trim_end(),
                deadline - window,
            )
            .await?
            {
                continue;
            }
            let within = tr!(lang, "remind-within", within = within);
            let lead = format!(
                "{}\n{}",
                tr!(
                    lang,
                    "remind-due-lead",
                    noun = crate::mail_words::turn_noun(&table, lang),
                    turn = turn,
                    title = table.row.title.as_str(),
                    within = within.as_str()
                ),
                tr!(
                    lang,
                    "remind-due-at",
                    when = crate::mail_words::moment(lang, deadline)
                ),
            );
            let body = reminder_body(&table, lang, &lead, &link, true);
            mails.push(OutMail {
                kind: "reminder".into(),
                to: r.email,
                game_id: Some(id),
                seat: Some(seat),
                player_id: Some(r.player_id),
                reply_secret: table.seats[seat.index()].mail_secret.clone(),
                subject: crate::letters::seat_subject(
                    &table,
                    seat,
                    lang,
                    &tr!(lang, "remind-due-what", within = within),
                ),
                body,
                dedup_key: Some(format!(
                    "reminder/{id}/{turn}/{}/{}",
                    seat.0,
                    if stage == 2 { "2h" } else { "24h" }
                )),
                ..OutMail::default()
            });
        }
    }
    // Pushed to the devices of the players who want reminders (issue 56).
    mails.extend(crate::push::payload::reminders(state, &table, &missing, stage, deadline).await?);
    let names: Vec<String> = missing
        .iter()
        .map(|s| table.seats[s.index()].name.clone())
        .collect();
    let hook = crate::webhook::deadline_soon(state, &table, stage, &names).await?;
    let mut written = Written::default();
    let all: Vec<&OutMail> = mails.iter().chain(hook.iter()).collect();
    let queued = store::reminders::remind(state, &all, now, id, turn, stage).await?;
    for (mail, _) in all.iter().zip(queued).filter(|(_, new)| *new) {
        if mail.kind == "webhook" {
            written.webhooks += 1;
        } else {
            written.reminders += 1;
        }
    }
    Ok(written)
}

/// Whether the seat's player (`player`) was mailed, since `since` (the start of the
/// reminder's window: the deadline less a day or two hours), the turn's report or the seat's
/// welcome with the line `named` that gives the deadline the reminder would give. Then the
/// reminder would say nothing new: the deadline was already that near when the player read
/// it. A deadline moved since, or a mail in another language, does not count.
async fn told_already(
    state: &AppState,
    game: i64,
    seat: Seat,
    player: i64,
    named: &str,
    since: i64,
) -> ApiResult<bool> {
    if named.is_empty() {
        return Ok(false);
    }
    let bodies = store::reminders::mailed_since(state, game, seat, player, since).await?;
    Ok(bodies.iter().any(|body| body.contains(named)))
}

/// A reminder's text after its first lines (`lead`): how to send the orders (`link`, the
/// order page), what the rules do without them and, before the first turn, what a first-timer
/// needs (Breaking Away's line-up limits and an example line-up). The deadline's reminders
/// and the GM's "remind" button send it, in the seat's language `lang`; `by_mail` when
/// postrider mails it (a reply to it
/// reaches the seat's order address), not when the GM passes the text on.
pub fn reminder_body(
    table: &store::Table,
    lang: Lang,
    lead: &str,
    link: &str,
    by_mail: bool,
) -> String {
    let how = if by_mail {
        tr!(lang, "remind-how-mail", link = link)
    } else {
        tr!(lang, "remind-how-page", link = link)
    };
    let mut body = format!(
        "{lead}\n\n{how}\n{}\n",
        tr!(
            lang,
            "remind-nmr",
            seat_noun = crate::mail_words::seat_noun(table, lang)
        ),
    );
    if !table.record.started()
        && let Some(help) = table.record.first_orders_help(lang)
    {
        body.push('\n');
        body.push_str(&help);
    }
    body
}

/// The local day (YYYYMMDD) and hour of `now` in the time zone `zone` (UTC if none or unknown).
fn local_day(now: i64, zone: Option<&str>) -> (i64, i8) {
    let tz = zone
        .and_then(|z| jiff::tz::TimeZone::get(z).ok())
        .unwrap_or(jiff::tz::TimeZone::UTC);
    match jiff::Timestamp::from_second(now) {
        Ok(t) => {
            let z = t.to_zoned(tz);
            (
                i64::from(z.year()) * 10_000 + i64::from(z.month()) * 100 + i64::from(z.day()),
                z.hour(),
            )
        }
        Err(_) => (0, 0),
    }
}

/// One seat that owes orders, for a digest.
#[derive(Debug)]
struct Owed {
    game_id: i64,
    seat: Seat,
    turn: i64,
    deadline: i64,
}

/// The day's digests: one mail per player who chose it, whose local day has no digest yet,
/// whose local time is past [`DIGEST_HOUR`], and who owes orders in a game whose clock runs.
async fn write_digests(state: &AppState, now: i64) -> ApiResult<usize> {
    let Some(settings) = state.mail.clone() else {
        return Ok(0);
    };
    let mut players: Vec<(i64, String, i64, Lang, Vec<Owed>)> = Vec::new();
    for r in store::reminders::digest_seats(state, now).await? {
        let player = r.player_id;
        let (day, hour) = local_day(now, r.time_zone.as_deref());
        let last = r.digest_day;
        if hour < DIGEST_HOUR || last.is_some_and(|l| l >= day) {
            continue;
        }
        let seat = r.seat;
        let ready = r.ready_seats;
        if ready.is_some_and(|mask| mask & (1 << seat.0) != 0) {
            continue;
        }
        let owed = Owed {
            game_id: r.game_id,
            seat,
            turn: r.turn.unwrap_or(0),
            deadline: r.deadline,
        };
        // A digest is about several seats: in the account's language.
        let lang = r
            .lang
            .and_then(|c| Lang::from_code(&c).ok())
            .unwrap_or_default();
        match players.last_mut() {
            Some(last) if last.0 == player => last.4.push(owed),
            _ => players.push((player, r.email, day, lang, vec![owed])),
        }
    }
    let base = settings.public_url.trim_end_matches('/').to_string();
    let mut written = 0;
    for (player, to, day, lang, owed) in players {
        let mut body = format!("{}\n\n", tr!(lang, "remind-digest-intro"));
        for o in &owed {
            // The titles and seat names come from the game (a few games per player).
            let table = store::load(state, o.game_id).await?;
            let secret = table.seats[o.seat.index()].mail_secret.clone();
            body.push_str(&format!(
                "- {}\n  {base}/games/{id}/orders{address}\n",
                tr!(
                    lang,
                    "remind-digest-item",
                    title = table.row.title.as_str(),
                    game = table.row.game.title_in(lang),
                    seat_noun = crate::mail_words::seat_noun(&table, lang),
                    seat = table.seats[o.seat.index()].name.as_str(),
                    noun = crate::mail_words::turn_noun(&table, lang),
                    turn = o.turn,
                    deadline = crate::mail_words::moment(lang, o.deadline)
                ),
                id = o.game_id,
                address = secret
                    .map(|s| format!(
                        "\n  {}",
                        tr!(
                            lang,
                            "remind-digest-or-mail",
                            address = settings.order_address(&s)
                        )
                    ))
                    .unwrap_or_default(),
            ));
        }
        body.push_str(&format!("\n{}\n", tr!(lang, "remind-digest-why")));
        let mail = OutMail {
            kind: "digest".into(),
            to,
            player_id: Some(player),
            subject: tr!(lang, "remind-digest-subject", n = owed.len()),
            body,
            dedup_key: Some(format!("digest/{player}/{day}")),
            ..OutMail::default()
        };
        if store::reminders::digest(state, &mail, now, player, day).await? {
            written += 1;
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stages_are_a_day_and_two_hours_before() {
        assert_eq!(stage(FIRST + 1), None);
        assert_eq!(stage(FIRST), Some(1));
        assert_eq!(stage(SECOND + 1), Some(1));
        assert_eq!(stage(SECOND), Some(2));
        assert_eq!(stage(1), Some(2));
        assert_eq!(stage(0), None);
    }

    #[test]
    fn the_local_day_follows_the_zone() {
        // 2026-11-22 12:00 UTC is the 23rd in Auckland (UTC+13) and 07:00 in New York.
        assert_eq!(local_day(1_795_348_800, None), (20261122, 12));
        assert_eq!(
            local_day(1_795_348_800, Some("Pacific/Auckland")),
            (20261123, 1)
        );
        assert_eq!(
            local_day(1_795_348_800, Some("America/New_York")),
            (20261122, 7)
        );
    }
}
