//! The outbox worker: sends the rows of `outbox` through an SMTP relay, at least once each.
//! A pass claims the due rows with a lease (one conditional UPDATE, so that of several servers
//! on one database one wins each row), reads them and the games their reports are about once,
//! sends them side by side with the Message-ID fixed when each row was written (a retry is the
//! same mail), and marks the sent ones fifty at a time; a failure is retried with back-off, a
//! permanent refusal (5xx) is given up. A worker killed in a pass leaves leases that run out,
//! and its rows, sent or not, are claimed again. Nothing here waits on the clock:
//! [`drain_once`] takes `now`, and the loop in [`worker`] only decides when to call it.

use askama::Template;
use game_api::Lang;
use std::sync::Arc;

use game_api::{Seat, Viewer};
use lettre::Message;
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use store::outbox_leases::{self, Kinds, Outcome as Recorded, Outgoing};

use crate::error::ApiResult;
use crate::sender::MailSettings;
use crate::state::AppState;
use crate::text::filters;

/// How long a claim holds a row (seconds): longer than any send takes.
pub const LEASE: i64 = 300;

/// The most mails one pass claims: a pass reads its rows and their games at once, and each
/// pass's end waits for its last sends (200 rather than 50: 12% more mails a second).
pub const BATCH: i64 = 200;

/// Sent mails recorded together, as they come: a worker killed in a pass sends again at
/// most these and those it was sending.
const MARKED_TOGETHER: usize = 50;

/// Sends after which a mail is given up.
pub const MAX_ATTEMPTS: i64 = 12;

/// The wait before the next try after `attempts` failed ones (seconds): one minute, doubling,
/// at most six hours.
pub fn backoff(attempts: i64) -> i64 {
    (60i64 << (attempts.clamp(1, 10) - 1)).min(6 * 3600)
}

pub use crate::sender::{NoRelay, Relay, SendError};
pub use crate::smtp_out::Smtp;

/// `List-Unsubscribe`: the one-click link (RFC 8058) that stops mail to the address.
#[derive(Clone, Debug)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }
    fn parse(s: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(s.to_string()))
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

#[derive(Clone, Debug)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }
    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".into())
    }
}

/// The domain of an address (`postrider@club.example` → `club.example`).
fn domain(address: &str) -> &str {
    address
        .rsplit('@')
        .next()
        .unwrap_or("localhost")
        .trim_end_matches('>')
}

/// The HTML alternative of a report mail: the report as HTML, the picture as PNG (shown
/// inline by its Content-ID), and a link to the turn on the game page.
#[derive(Clone, Debug)]
struct Rich {
    html: String,
    png: Option<Vec<u8>>,
}

/// The Content-ID of a report mail's picture.
const PICTURE_CID: &str = "picture@postrider";

/// A report mail's HTML part (`templates/mail/report.html`).
#[derive(Template)]
#[template(path = "mail/report.html")]
struct ReportHtml<'a> {
    lang: Lang,
    subject: &'a str,
    title: &'a str,
    /// The picture is attached, inline.
    picture: bool,
    picture_cid: &'a str,
    /// The report's own HTML, drawn by its template.
    report: String,
    /// The season's standings after a stage that ends it, drawn by theirs.
    standings: String,
    tail: &'a str,
    link: String,
    on_the_page: String,
}

/// The HTML alternative of `row`, if it is a turn's report (made when it is sent: the report
/// and picture of a past turn do not change).
fn rich(settings: &MailSettings, row: &Outgoing, games: &ReportGames) -> Option<Rich> {
    if row.kind != "report" {
        return None;
    }
    let (game, seat, turn) = (row.game_id?, Seat(row.seat? as u8), row.turn? as u16);
    let ReportGame { table, season } = games.get(&game)?;
    // The reader's language, as the text part was written in (`letters`): the seat's own,
    // else the account's.
    let lang = table.seats[seat.index()].lang.unwrap_or_else(|| {
        row.lang
            .as_deref()
            .and_then(|c| Lang::from_code(c).ok())
            .unwrap_or_default()
    });
    let mut view = table
        .record
        .report_view(Viewer::Seat(seat), lang, turn)
        .ok()?;
    // A season's stage: its pictures mark the jerseys worn, and the report that ends it
    // carries the standings after it.
    let worn = season.as_ref().map(|s| s.worn()).unwrap_or_default();
    let (standings_text, standings_html) = match &season {
        Some(s) if turn == table.record.resolved() => (
            s.text(Some(seat.index()), lang),
            s.html(Some(seat.index()), lang),
        ),
        _ => (None, None),
    };
    // The close-up where there is one: a mail is read on a phone as often as not, and the
    // close-up holds the seat's riders or walker, marked, and the legend.
    let png = table
        .record
        .mail_picture(turn, Viewer::Seat(seat), lang, &worn)
        .and_then(|svg| crate::picture::turn_png(game, turn, &svg));
    // What the text says after the report (the orders to send, the deadline): after the
    // line that ends every report, its commitment (found, not the report written again).
    let end = table.record.commitment_line(lang);
    let mut tail = row
        .body
        .find(&end)
        .map(|at| &row.body[at + end.len()..])
        .unwrap_or_default()
        .trim();
    if let Some(standings) = &standings_text {
        tail = tail.strip_prefix(standings.trim()).unwrap_or(tail).trim();
    }
    let public_url = settings.public_url.trim_end_matches('/');
    absolute_links(&mut view, public_url);
    let html = ReportHtml {
        lang,
        subject: &row.subject,
        title: &view.title,
        picture: png.is_some(),
        picture_cid: PICTURE_CID,
        report: view.html(),
        standings: standings_html.unwrap_or_default(),
        tail,
        link: format!("{public_url}/games/{game}/turns/{turn}"),
        on_the_page: locale::tr!(
            lang,
            "mail-on-the-page",
            noun = crate::mail_words::turn_noun(table, lang)
        ),
    }
    .render()
    .ok()?;
    Some(Rich { html, png })
}

/// A pass's games that its report mails are about: each read once for its seats' mails, and
/// shared by the threads that write them.
type ReportGames = Arc<std::collections::HashMap<i64, ReportGame>>;

/// A game a report mail is about, and its season's stage if it is one.
struct ReportGame {
    table: store::Table,
    season: Option<crate::season_report::StageSeason>,
}

/// The games of `rows`' report mails (one read of them all; a game that went is left out,
/// and its mails go as text).
async fn report_games(state: &AppState, rows: &[Outgoing]) -> ReportGames {
    let mut ids: Vec<i64> = rows
        .iter()
        .filter(|r| r.kind == "report")
        .filter_map(|r| r.game_id)
        .collect();
    ids.sort_unstable();
    ids.dedup();
    let tables = store::load_many(state, &ids).await.unwrap_or_else(|e| {
        tracing::warn!("report mails without their HTML and picture: {e}");
        Vec::new()
    });
    let mut games = std::collections::HashMap::new();
    for table in tables {
        let season = crate::season_report::stage_season(state, &table)
            .await
            .ok()
            .flatten();
        games.insert(table.row.id, ReportGame { table, season });
    }
    Arc::new(games)
}

/// The report's links (its rule numbers to the help page, by path) made absolute, for a mail.
fn absolute_links(view: &mut game_api::report::ReportView, public_url: &str) {
    let tables = view.sections.iter_mut().chain([&mut view.standings]);
    let phrases = tables
        .flat_map(|s| {
            let cells = s.rows.iter_mut().flat_map(|r| r.cells.iter_mut());
            cells.chain(s.notes.iter_mut()).chain(s.key.iter_mut())
        })
        .chain(view.notes.iter_mut());
    for span in phrases.flat_map(|p| p.0.iter_mut()) {
        if let game_api::report::Span::Rule { href, .. } = span
            && href.starts_with('/')
        {
            href.insert_str(0, public_url);
        }
    }
}

/// The mail of a row, with its fixed Message-ID, the seat's order address as Reply-To, and the
/// one-click unsubscribe link: text/plain, or for a report multipart/alternative of the text
/// and the HTML (multipart/related, with the picture inline).
fn message(settings: &MailSettings, row: &Outgoing, rich: Option<Rich>) -> Result<Message, String> {
    let from: Mailbox = settings
        .from
        .parse()
        .map_err(|e| format!("--mail-from {:?}: {e}", settings.from))?;
    let to: Mailbox = row
        .to
        .parse()
        .map_err(|e| format!("to {:?}: {e}", row.to))?;
    let mut builder = Message::builder();
    // A player's mail leaves with its own bounce address (VERP): a bounce names it.
    if let Some(key) = &row.unsubscribe {
        let sender = crate::bounces::address(settings, row.id, key)
            .parse()
            .map_err(|e| format!("bounce address: {e}"))?;
        let envelope = lettre::address::Envelope::new(Some(sender), vec![to.email.clone()])
            .map_err(|e| e.to_string())?;
        builder = builder.envelope(envelope);
    }
    let mut builder = builder
        .from(from)
        .to(to)
        .subject(&row.subject)
        .message_id(Some(format!(
            "<{}@{}>",
            row.message_id,
            domain(&settings.from)
        )));
    if let Some(secret) = &row.reply_secret {
        let reply: Mailbox = settings
            .order_address(secret)
            .parse()
            .map_err(|e| format!("reply-to: {e}"))?;
        builder = builder.reply_to(reply);
    }
    if let Some(id) = &row.in_reply_to {
        builder = builder
            .in_reply_to(format!("<{id}>"))
            .references(format!("<{id}>"));
    }
    if let Some(token) = &row.unsubscribe {
        builder = builder
            .header(ListUnsubscribe(format!(
                "<{}/unsubscribe/{token}>",
                settings.public_url.trim_end_matches('/'),
            )))
            .header(ListUnsubscribePost);
    }
    let Some(rich) = rich else {
        return builder
            .header(ContentType::TEXT_PLAIN)
            .body(row.body.clone())
            .map_err(|e| e.to_string());
    };
    let mut related = MultiPart::related().singlepart(SinglePart::html(rich.html));
    if let Some(png) = rich.png {
        let png_type = ContentType::parse("image/png").map_err(|e| e.to_string())?;
        related =
            related.singlepart(Attachment::new_inline(PICTURE_CID.to_string()).body(png, png_type));
    }
    builder
        .multipart(
            MultiPart::alternative()
                .singlepart(SinglePart::plain(row.body.clone()))
                .multipart(related),
        )
        .map_err(|e| e.to_string())
}

/// The mail of `row`. A report's (its HTML, its picture drawn for the seat, the whole encoded)
/// is written on the blocking threads, as many at once as there are cores: milliseconds of a
/// core, which on the async thread that runs the worker's pass would make its sends take
/// turns on that one core.
async fn written(
    settings: &Arc<MailSettings>,
    row: &Outgoing,
    games: &ReportGames,
) -> Result<Message, String> {
    if row.kind != "report" {
        return message(settings, row, None);
    }
    // As many written at once as the machine has cores: more only take turns on them, and
    // crowd out a relay on the same host (5% more mails a second into smtp-sink with 2 at
    // once than with 16, 7 interleaved runs of `mail_load`).
    static WRITERS: std::sync::OnceLock<tokio::sync::Semaphore> = std::sync::OnceLock::new();
    let writers = WRITERS.get_or_init(|| {
        tokio::sync::Semaphore::new(std::thread::available_parallelism().map_or(2, |n| n.get()))
    });
    let _writing = writers
        .acquire()
        .await
        .map_err(|e| format!("report mail: {e}"))?;
    let (settings, row, games) = (settings.clone(), row.clone(), games.clone());
    tokio::task::spawn_blocking(move || message(&settings, &row, rich(&settings, &row, &games)))
        .await
        .map_err(|e| format!("report mail: {e}"))?
}

/// What one pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Drained {
    pub sent: usize,
    pub retried: usize,
    pub given_up: usize,
}

/// Claims the due rows (at most [`BATCH`]) for `owner` until `now + LEASE`: their ids. A row is
/// due when unsent, not given up, its retry time reached, and not leased (or its lease ran out).
///
/// Without mail (no `--smtp`) only webhook posts and pushes are claimed; mail waits for a
/// server with it.
pub async fn claim(state: &AppState, owner: &str, now: i64) -> ApiResult<Vec<i64>> {
    let kinds = if state.mail.is_some() {
        Kinds::All
    } else {
        Kinds::NoMail
    };
    Ok(outbox_leases::claim(state, owner, now, now + LEASE, BATCH, kinds).await?)
}

/// Mails sent at once by one worker, each on its own connection to the relay: while one waits
/// for the relay's answer or its picture, the others go on.
pub const SENDS_AT_ONCE: usize = 16;

/// What became of one claimed row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    /// Sent: its row, to be recorded with the pass's others.
    Sent(i64),
    Retried,
    GivenUp,
}

/// Sends the rows `owner` claimed ([`SENDS_AT_ONCE`] at a time, each its own task, so that
/// their writing and their exchanges run on all the async threads), and records each outcome:
/// the sent ones [`MARKED_TOGETHER`] in a statement, and the rest when the pass ends, or fails.
pub async fn send_claimed<R: Relay + 'static>(
    state: &AppState,
    relay: &Arc<R>,
    owner: &str,
    ids: &[i64],
    now: i64,
) -> ApiResult<Drained> {
    let rows = outbox_leases::held(state, owner, ids).await?;
    let games = report_games(state, &rows).await;
    let mut rows = rows.into_iter();
    let mut sends = tokio::task::JoinSet::new();
    let mut drained = Drained::default();
    // Sent mails are recorded [`MARKED_TOGETHER`] at a time, and the rest when the pass ends
    // (or fails): a worker killed before that sends them again after its restart, each with
    // its Message-ID.
    let mut sent = Vec::new();
    let mut failed = None;
    loop {
        while sends.len() < SENDS_AT_ONCE
            && let Some(row) = rows.next()
        {
            let (state, relay, owner, games) = (
                state.clone(),
                relay.clone(),
                owner.to_string(),
                games.clone(),
            );
            sends.spawn(
                async move { send_one(&state, relay.as_ref(), &owner, row, &games, now).await },
            );
        }
        let Some(outcome) = sends.join_next().await else {
            break;
        };
        match outcome.map_err(|e| crate::error::ApiError::Internal(format!("outbox send: {e}"))) {
            Ok(Ok(Outcome::Sent(id))) => {
                sent.push(id);
                if sent.len() == MARKED_TOGETHER {
                    outbox_leases::sent(state, owner, &sent, now).await?;
                    drained.sent += sent.len();
                    sent.clear();
                }
            }
            Ok(Ok(Outcome::Retried)) => drained.retried += 1,
            Ok(Ok(Outcome::GivenUp)) => drained.given_up += 1,
            Ok(Err(e)) | Err(e) => {
                failed = Some(e);
                break;
            }
        }
    }
    // A pass that failed stops its other sends (a mail of theirs already sent goes again).
    sends.shutdown().await;
    outbox_leases::sent(state, owner, &sent, now).await?;
    drained.sent += sent.len();
    match failed {
        Some(e) => Err(e),
        None => Ok(drained),
    }
}

/// Sends one claimed row; records its outcome unless it was sent (the pass records those).
async fn send_one(
    state: &AppState,
    relay: &impl Relay,
    owner: &str,
    row: Outgoing,
    games: &ReportGames,
    now: i64,
) -> ApiResult<Outcome> {
    let settings = state.mail.clone();
    let outcome = match (row.kind.as_str(), &settings) {
        (_, Some(_)) if row.bouncing.is_some() => Err(crate::bounces::held_back(
            row.bouncing.as_deref().unwrap_or_default(),
        )),
        ("webhook", _) => {
            crate::webhook::send(&row.to, &row.body, state.config.webhooks_to_private).await
        }
        ("push", _) => crate::push::send::send(state, &row.to, &row.subject, &row.body, now).await,
        (_, Some(settings)) => match written(settings, &row, games).await {
            Ok(m) => relay.send(m).await,
            Err(e) => Err(SendError::Permanent(e)),
        },
        (_, None) => Err(SendError::Transient("mail is off (no --smtp)".into())),
    };
    let (done, recorded) = match outcome {
        Ok(()) => return Ok(Outcome::Sent(row.id)),
        Err(SendError::Transient(error)) if row.attempts < MAX_ATTEMPTS => {
            tracing::warn!(
                outbox = row.id,
                attempts = row.attempts,
                "mail not sent, retrying: {error}"
            );
            let at = now + backoff(row.attempts);
            (Outcome::Retried, Recorded::Retry { at, error })
        }
        Err(SendError::Transient(error) | SendError::Permanent(error)) => {
            tracing::error!(outbox = row.id, to = %row.to, "mail given up: {error}");
            (Outcome::GivenUp, Recorded::GivenUp { error })
        }
    };
    outbox_leases::record(state, owner, row.id, now, &recorded).await?;
    Ok(done)
}

/// One pass of the worker at time `now`: claims what is due and sends it.
pub async fn drain_once<R: Relay + 'static>(
    state: &AppState,
    relay: &Arc<R>,
    owner: &str,
    now: i64,
) -> ApiResult<Drained> {
    let ids = claim(state, owner, now).await?;
    send_claimed(state, relay, owner, &ids, now).await
}

/// A name for this worker's leases: the host and process, and a random part.
pub fn owner_name() -> String {
    let random = crate::auth::new_secret()
        .map(|s| s[..8].to_string())
        .unwrap_or_default();
    format!("pid{}-{random}", std::process::id())
}

/// Drains the outbox every `tick` until `shutdown`.
pub async fn worker(
    state: AppState,
    relay: Arc<impl Relay + 'static>,
    tick: std::time::Duration,
    shutdown: impl Future<Output = ()>,
) {
    let owner = owner_name();
    tokio::pin!(shutdown);
    loop {
        // Mail committed but not yet claimed: a server killed here sends it after its restart.
        store::failpoint::failpoint("outbox-before-claim").await;
        loop {
            match drain_once(&state, &relay, &owner, state.clock.now()).await {
                Ok(d) if d.sent + d.retried + d.given_up > 0 => {
                    tracing::info!(
                        sent = d.sent,
                        retried = d.retried,
                        given_up = d.given_up,
                        "outbox"
                    );
                    // A full batch: there may be more at once.
                    if (d.sent + d.retried + d.given_up) as i64 >= BATCH {
                        continue;
                    }
                }
                Ok(_) => {}
                Err(e) => tracing::error!(error = %e, "outbox worker"),
            }
            break;
        }
        tokio::select! {
            _ = tokio::time::sleep(tick) => {}
            _ = &mut shutdown => return,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_from_a_minute_to_six_hours() {
        assert_eq!(backoff(1), 60);
        assert_eq!(backoff(2), 120);
        assert_eq!(backoff(5), 960);
        assert_eq!(backoff(12), 6 * 3600);
    }
}
