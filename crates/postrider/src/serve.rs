//! `postrider serve`: the GM server on an embedded SQLite database (created and migrated in
//! the data directory on first start) or on PostgreSQL.

use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context, Result, anyhow};
use clap::Args;
use clap::builder::BoolishValueParser;
use server::{AppState, Config, Db, SystemClock};

use crate::database::Database;

// Every setting also reads a variable, POSTRIDER_ and the flag's name in capitals (the service's
// settings file, packaging/postrider.env); a flag given wins. `--help` names each.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, env = "POSTRIDER_LISTEN", default_value = "127.0.0.1:8080")]
    listen: String,
    #[command(flatten)]
    database: Database,
    /// Seconds between the deadline worker's checks (it also wakes when a game's last orders
    /// arrive, and at the next deadline if that falls sooner).
    #[arg(long, env = "POSTRIDER_TICK", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    tick: u64,
    /// Take the client's address (for login throttling) from the last X-Forwarded-For entry:
    /// only behind a reverse proxy that appends it, or clients could pick their own.
    #[arg(long, env = "POSTRIDER_BEHIND_PROXY", value_parser = BoolishValueParser::new())]
    behind_proxy: bool,
    /// Let GMs' webhooks post to private addresses too (this machine, its LAN, link-local):
    /// by default they reach only public addresses, so that a URL cannot probe your network.
    #[arg(long, env = "POSTRIDER_WEBHOOKS_TO_PRIVATE_ADDRESSES", value_parser = BoolishValueParser::new())]
    webhooks_to_private_addresses: bool,
    /// Seconds a connection has to send a whole request head before it is closed.
    #[arg(long, env = "POSTRIDER_HEADER_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=300))]
    header_timeout: u64,
    /// Seconds a request's body may take after its head (and it must keep up 2 KiB/s after
    /// the first 2 s): a slower one is answered 408 and its connection closed.
    #[arg(long, env = "POSTRIDER_BODY_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=300))]
    body_timeout: u64,
    /// Connections one address (an IPv4 address, an IPv6 /64) may hold at once; one more is
    /// answered 429 at once. Not applied with --behind-proxy (the proxy caps its clients).
    #[arg(long, env = "POSTRIDER_CONNECTIONS_PER_ADDRESS", default_value_t = 32, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    connections_per_address: u64,
    /// Connections served at once (more wait in the listen queue).
    #[arg(long, env = "POSTRIDER_MAX_CONNECTIONS", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    max_connections: u64,
    /// Send mail through this SMTP relay: smtp://HOST:PORT (no TLS), smtp://HOST:587?tls=required
    /// (STARTTLS) or smtps://HOST:465. Without it mail is off.
    #[arg(long, env = "POSTRIDER_SMTP", hide_env_values = true, requires_all = ["mail_from", "public_url"])]
    smtp: Option<String>,
    /// The relay's user name.
    #[arg(long, env = "POSTRIDER_SMTP_USER", requires = "smtp_password_file")]
    smtp_user: Option<String>,
    /// A file holding the relay's password (not on the command line, where `ps` shows it).
    #[arg(long, requires = "smtp_user", env = "POSTRIDER_SMTP_PASSWORD_FILE")]
    smtp_password_file: Option<String>,
    /// The From of every mail, e.g. "postrider <gm@club.example>".
    #[arg(long, env = "POSTRIDER_MAIL_FROM", requires = "smtp")]
    mail_from: Option<String>,
    /// Where orders by mail go, on a subdomain of their own so that gm@ and postmaster@ stay
    /// a person's: orders@orders.club.example. A seat's address is LOCAL+SECRET@DOMAIN, and
    /// each mail's bounce address LOCAL+bounce-…@DOMAIN (default: orders@ the --mail-from
    /// domain).
    #[arg(long, env = "POSTRIDER_MAIL_ORDERS", requires = "smtp")]
    mail_orders: Option<String>,
    /// Receive order mail by SMTP on this address (e.g. 0.0.0.0:25 or 127.0.0.1:2525): a
    /// built-in receiver for a small set-up without Postfix or Exim, for the order subdomain
    /// alone (the MX of orders.club.example; the club's own domain keeps its mail server for
    /// gm@ and postmaster@); each message is handled as `postrider mail-in` handles it. Only
    /// seats' order addresses and mails' bounce addresses are accepted; sessions,
    /// lines, idle time and each client's mail are bounded (docs/mail.md). No TLS.
    #[arg(long, env = "POSTRIDER_SMTP_LISTEN", value_name = "ADDR")]
    smtp_listen: Option<String>,
    /// The server's address as players reach it, for links in mail and whole invitation links
    /// on the GM console: https://pbm.club.example.
    #[arg(long, env = "POSTRIDER_PUBLIC_URL")]
    public_url: Option<String>,
    /// Bring a database of an earlier release that holds games to this release's schema, then
    /// replay every game and compare its published reports (as `check`) before serving: after a
    /// copy was checked (docs/operations.md, Upgrade). Without it such a database is refused.
    #[arg(long, env = "POSTRIDER_MIGRATE", value_parser = BoolishValueParser::new())]
    migrate: bool,
    /// Days a handled order mail's raw text and a sent or given-up outbox mail are kept, then
    /// cleaned by the deadline worker (0: kept for ever). The record of each message stays.
    #[arg(long, env = "POSTRIDER_KEEP_MAIL_DAYS", default_value_t = 90, value_parser = clap::value_parser!(u32).range(0..=36_500))]
    keep_mail_days: u32,
    /// Back the database up into this directory before the deadlines: before a pass of the
    /// deadline worker that finds a game due, at most once an hour (`postrider restore` puts a
    /// copy back).
    #[arg(long, env = "POSTRIDER_BACKUP_DIR", value_name = "DIR")]
    backup_dir: Option<std::path::PathBuf>,
    /// How many of those backups to keep (the newest).
    #[arg(long, env = "POSTRIDER_BACKUP_KEEP", default_value_t = 14, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    backup_keep: u64,
    /// The log's form on standard error: text for a person, or one JSON object a line.
    #[arg(long, env = "POSTRIDER_LOG_FORMAT", value_enum, default_value_t)]
    log_format: crate::logging::LogFormat,
    /// Serve Prometheus metrics at GET /metrics on this address, its own listener (e.g.
    /// 127.0.0.1:9187; keep it off the internet). Without it no metrics are kept.
    #[arg(long, value_name = "ADDR", env = "POSTRIDER_METRICS_LISTEN")]
    metrics_listen: Option<String>,
}

/// What `serve` needs to mail, checked before anything starts.
type MailArgs = (
    String,
    Option<(String, String)>,
    server::mailbox::MailSettings,
);

/// The relay's URL and login and the mail settings `serve` was given, if mail is on. The relay
/// itself is made inside the runtime (its connection pool runs on it).
fn mail_settings(args: &ServeArgs) -> Result<Option<MailArgs>> {
    let Some(url) = &args.smtp else {
        return Ok(None);
    };
    if !url.starts_with("smtp://") && !url.starts_with("smtps://") {
        anyhow::bail!("--smtp: {url:?} is neither smtp://HOST:PORT nor smtps://HOST:PORT");
    }
    let credentials = match (&args.smtp_user, &args.smtp_password_file) {
        (Some(user), Some(file)) => {
            let password = std::fs::read_to_string(file)
                .with_context(|| format!("--smtp-password-file: reading {file}"))?;
            Some((
                user.clone(),
                password.trim_end_matches(['\n', '\r']).to_string(),
            ))
        }
        _ => None,
    };
    let from = args.mail_from.clone().unwrap_or_default();
    let domain = from
        .rsplit('@')
        .next()
        .map(|d| d.trim_end_matches('>'))
        .filter(|d| !d.is_empty() && from.contains('@'))
        .ok_or_else(|| anyhow!("--mail-from: {from:?} is not an address"))?;
    let public_url = checked_public_url(args)?.unwrap_or_default();
    let settings = server::mailbox::MailSettings {
        public_url,
        orders_address: args
            .mail_orders
            .clone()
            .unwrap_or_else(|| format!("orders@{domain}")),
        from,
    };
    Ok(Some((url.clone(), credentials, settings)))
}

/// `--public-url`, if given, checked.
fn checked_public_url(args: &ServeArgs) -> Result<Option<String>> {
    match &args.public_url {
        Some(url) if !url.starts_with("http://") && !url.starts_with("https://") => {
            anyhow::bail!("--public-url: {url:?} does not begin with http:// or https://")
        }
        other => Ok(other.clone()),
    }
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    #[command(flatten)]
    database: Database,
    /// The game's number on the server.
    #[arg(long)]
    game: i64,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The game file to put on the server.
    file: String,
    #[command(flatten)]
    database: Database,
    /// The account on the server that will run the game as its GM.
    #[arg(long)]
    gm: String,
    /// The game's title on the server (default: the file's name).
    #[arg(long)]
    title: Option<String>,
    /// Hours between deadlines on the server.
    #[arg(long, default_value_t = 48, value_parser = clap::value_parser!(u64).range(1..=8760))]
    hours: u64,
}

/// Runs `work` on the server's database, opened and migrated as `serve` would.
fn with_state<T>(
    database: &Database,
    work: impl AsyncFnOnce(AppState) -> Result<T, server::ApiError>,
) -> Result<T> {
    let url = database.url()?;
    let runtime = tokio::runtime::Runtime::new().context("starting the runtime")?;
    runtime.block_on(async move {
        let db = Db::open(&url).await.map_err(|e| anyhow!(e))?;
        let state = AppState::new(db, Arc::new(SystemClock), Config::default());
        work(state).await.map_err(|e| anyhow!(cause(&e)))
    })
}

/// An error of the server's library as the operator reads it: the cause, which the HTTP
/// boundary keeps from clients as "internal error", in one line.
pub(crate) fn cause(e: &server::ApiError) -> String {
    match e {
        server::ApiError::Internal(cause) => cause.clone(),
        other => other.to_string(),
    }
}

/// `postrider export`: a server's game as a game file, on standard output.
pub fn export(args: ExportArgs) -> Result<()> {
    let text = with_state(&args.database, async |state| {
        Ok(server::games::export(&state, args.game).await?)
    })?;
    crate::files::emit(&text)
}

/// `postrider import`: a game file put on a server, run by `--gm`.
pub fn import(args: ImportArgs) -> Result<()> {
    let file = read_bounded(&args.file)?;
    let title = args.title.clone().unwrap_or_else(|| {
        std::path::Path::new(&args.file)
            .file_stem()
            .map_or("Imported game".into(), |s| s.to_string_lossy().into_owned())
    });
    let rule = gm::DeadlineRule::Interval {
        seconds: args.hours as i64 * 3600,
    };
    let id = with_state(&args.database, async |state| {
        let gm = server::games::player_id(&state, &args.gm).await?;
        server::games::import(&state, &file, &title, gm, &rule).await
    })?;
    crate::files::emit(&format!(
        "{}: imported as game {id} ({} {}s resolved), run by {}; its seats have new invitations on the GM's console.\n",
        args.file,
        file.record().resolved(),
        file.record().game().turn_noun,
        args.gm
    ))
}

/// A game file to import, read only up to `games::MAX_IMPORT_BYTES`.
fn read_bounded(path: &str) -> Result<gm::GameFile> {
    use std::io::Read;
    let limit = server::games::MAX_IMPORT_BYTES;
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
        .with_context(|| format!("reading {path}"))?;
    if bytes.len() as u64 > limit {
        anyhow::bail!("{path}: larger than the {limit} bytes a game file may have on import");
    }
    let text = String::from_utf8(bytes).with_context(|| format!("{path}: not UTF-8 text"))?;
    gm::GameFile::from_json(&text).with_context(|| path.to_string())
}

pub fn serve(args: ServeArgs, settings: &[crate::serve_settings::Taken]) -> Result<()> {
    crate::logging::init(args.log_format);
    let mail = mail_settings(&args)?;
    let runtime = tokio::runtime::Runtime::new().context("starting the runtime")?;
    runtime.block_on(async move {
        let url = args.database.url()?;
        // Held while serving: `restore` refuses this directory meanwhile.
        let _in_use = crate::in_use::share(&url)?;
        let db = if args.migrate {
            migrate_checked(&url).await?
        } else {
            Db::open(&url).await.map_err(|e| anyhow!(e))?
        };
        for line in crate::permissions::warnings(&url, true) {
            tracing::warn!("{line}");
        }
        // An upgraded server names no operator by itself (docs/operations.md).
        if let Ok((accounts, 0)) = server::store::account_care::census(&db).await
            && accounts > 0
        {
            tracing::warn!(
                "no operator: name one with `postrider account grant-operator NAME` (suspensions, idle games and the server's health on /operator)"
            );
        }
        // Ratings computed under other rules are rebuilt before anyone reads them; updates a
        // stop left unapplied are applied (docs/server.md, "Ratings").
        match server::store::ratings::at_start(&db).await {
            Ok(Some(rebuilt)) => tracing::info!(
                games = rebuilt.games,
                ratings = rebuilt.ratings,
                rules = %gm::rating::rules_version(),
                "ratings rebuilt for this release's rules"
            ),
            Ok(None) => {}
            Err(e) => tracing::error!(error = %e, "ratings at start-up"),
        }
        // From here a stop is caught: before the listener and `READY=1`.
        let stop = crate::stop::stop_signal();
        let listener = tokio::net::TcpListener::bind(&args.listen)
            .await
            .with_context(|| format!("--listen: cannot listen on {}", args.listen))?;
        let config = Config {
            tick: Duration::from_secs(args.tick),
            trust_forwarded_for: args.behind_proxy,
            webhooks_to_private: args.webhooks_to_private_addresses,
            header_read_timeout: Duration::from_secs(args.header_timeout),
            body_time: Duration::from_secs(args.body_timeout),
            max_connections: usize::try_from(args.max_connections)?,
            connections_per_address: usize::try_from(args.connections_per_address)?,
            public_url: checked_public_url(&args)?,
            keep_mail_days: (args.keep_mail_days > 0).then_some(args.keep_mail_days),
            auto_backup: args
                .backup_dir
                .clone()
                .map(|dir| server::auto_backup::AutoBackup {
                    dir,
                    keep: usize::try_from(args.backup_keep).unwrap_or(usize::MAX),
                }),
            ..Config::default()
        };
        let address = listener.local_addr()?;
        // Once started: a refusal before this stays the one line that says what is wrong.
        crate::serve_settings::log(settings);
        tracing::info!(%address, database = ?db.backend, release = crate::RELEASE, "postrider is serving: open http://{address}/");
        let mut state = AppState::new(db, Arc::new(SystemClock), config);
        let (stopped_tx, stopped) = tokio::sync::watch::channel(false);
        // The outbox worker runs with or without mail: webhooks go through it too.
        let tick = Duration::from_secs(args.tick.min(5));
        let mut stopping = stopped.clone();
        let stopping = async move {
            let _ = stopping.wait_for(|s| *s).await;
        };
        let outbox = match mail {
            None => {
                tracing::info!("mail is off (no --smtp): nothing is mailed; orders by mail wait in the outbox's answers");
                tokio::spawn(server::outbox::worker(
                    state.clone(),
                    Arc::new(server::outbox::NoRelay),
                    tick,
                    stopping,
                ))
            }
            Some((url, credentials, settings)) => {
                let relay = server::outbox::Smtp::new(&url, credentials).map_err(|e| anyhow!(e))?;
                tracing::info!(relay = %server::db::redact(&url), from = %settings.from, orders = %settings.orders_address, "mail is on");
                state = state.with_mail(settings);
                tokio::spawn(server::outbox::worker(
                    state.clone(),
                    Arc::new(relay),
                    tick,
                    stopping,
                ))
            }
        };
        let metrics = match &args.metrics_listen {
            None => None,
            Some(address) => {
                let listener = tokio::net::TcpListener::bind(address)
                    .await
                    .with_context(|| format!("--metrics-listen: cannot listen on {address}"))?;
                tracing::info!(address = %listener.local_addr()?, "serving metrics: GET /metrics");
                server::metrics::install();
                let mut stopping = stopped.clone();
                Some(tokio::spawn(server::metrics_listen::serve(
                    listener,
                    state.clone(),
                    async move {
                        let _ = stopping.wait_for(|s| *s).await;
                    },
                )))
            }
        };
        if let Some(address) = &args.smtp_listen {
            let smtp = tokio::net::TcpListener::bind(address)
                .await
                .with_context(|| format!("--smtp-listen: cannot listen on {address}"))?;
            let name = state
                .mail
                .as_ref()
                .and_then(|m| m.orders_address.rsplit_once('@').map(|(_, d)| d.to_string()))
                .unwrap_or_else(|| "postrider".into());
            tracing::info!(address = %smtp.local_addr()?, "receiving order mail by SMTP");
            server::smtp_in::spawn(
                state.clone(),
                smtp,
                &name,
                server::smtp_in::Limits::default(),
            );
        }
        // Under systemd (Type=notify) the unit is started once this listens.
        #[cfg(unix)]
        let _ = sd_notify::notify(&[sd_notify::NotifyState::Ready]);
        let served = server::serve(listener, state, stop)
            .await
            .context("serving");
        tracing::info!("postrider has stopped: no request is being served");
        let _ = stopped_tx.send(true);
        let _ = outbox.await;
        if let Some(metrics) = metrics {
            let _ = metrics.await;
        }
        served
    })
}

/// `serve --migrate`: the database brought to this release's schema and, if it was an earlier
/// release's, every game replayed and its published reports compared before anything is served;
/// a game told differently stops the start (exit 1) with the game and turn.
async fn migrate_checked(url: &str) -> Result<Db> {
    let earlier = Db::open_as_is(url)
        .await
        .map_err(|e| anyhow!(e))?
        .check_schema_is_current()
        .await
        .is_err();
    let db = Db::open_and_migrate(url).await.map_err(|e| anyhow!(e))?;
    if earlier {
        let checked = crate::upkeep::check_url(url, false).await.map_err(|e| {
            e.context("migrated, but this release tells a game differently: restore the backup and keep the earlier release")
        })?;
        tracing::info!(
            "migrated to this release's schema and checked: {}",
            crate::upkeep::checked_line(&checked)
        );
    }
    Ok(db)
}

#[derive(Debug, Args)]
pub struct MailInArgs {
    #[command(flatten)]
    database: Database,
    /// The address the message was delivered to (Postfix: ${recipient}), the only address
    /// read when given; without it the message's Delivered-To, X-Original-To, To and Cc are
    /// searched for an order address.
    #[arg(long)]
    recipient: Option<String>,
}

/// The MTA's "try again later" (sysexits.h EX_TEMPFAIL): the message stays queued.
const EX_TEMPFAIL: u8 = 75;

/// `postrider mail-in`: one RFC 5322 message on standard input, for an MTA's pipe. Exit 0 when
/// it was handled (applied, answered with an error, ignored as a duplicate, or dropped with a
/// log line), 75 when the database cannot be reached or fails, so that the MTA delivers it
/// again: a message is never lost.
pub fn mail_in(args: MailInArgs) -> std::process::ExitCode {
    use server::mailbox::Handled;
    use std::io::Read;
    use std::process::ExitCode;
    crate::logging::init(crate::logging::LogFormat::Text);
    // The whole message is read (the MTA expects its pipe drained); past the limit only its
    // head is kept, to be stored and dropped as too large.
    let mut raw = Vec::new();
    let mut stdin = std::io::stdin().lock();
    let mut total = 0usize;
    let mut chunk = vec![0u8; 64 * 1024];
    loop {
        match stdin.read(&mut chunk) {
            Ok(0) => break,
            Ok(n) => {
                total += n;
                if raw.len() <= mail::message::MAX_MESSAGE {
                    raw.extend_from_slice(&chunk[..n]);
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                eprintln!("postrider: mail-in: reading standard input: {e}");
                return ExitCode::from(EX_TEMPFAIL);
            }
        }
    }
    if total > raw.len() {
        // Keep what was read but make sure it reads as too large.
        raw.resize(mail::message::MAX_MESSAGE + 1, b' ');
    }
    // Never a database made here: a wrong --data (a typo in master.cf) or one being restored
    // keeps the mail queued, with one line naming the path.
    let url = match args.database.existing_url() {
        Ok(url) => url,
        Err(e) => {
            eprintln!("postrider: mail-in: {e:#} (the MTA keeps the mail and tries again)");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    let _in_use = match crate::in_use::share(&url) {
        Ok(held) => held,
        Err(e) => {
            eprintln!("postrider: mail-in: {e:#} (the MTA keeps the mail and tries again)");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    for line in crate::permissions::warnings(&url, false) {
        eprintln!("postrider: mail-in: warning: {line}");
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("postrider: mail-in: starting the runtime: {e}");
            return ExitCode::from(EX_TEMPFAIL);
        }
    };
    runtime.block_on(async move {
        let db = match Db::open_existing(&url).await {
            Ok(db) => db,
            Err(e) => {
                eprintln!("postrider: mail-in: {e} (the MTA keeps the mail and tries again)");
                return ExitCode::from(EX_TEMPFAIL);
            }
        };
        let state = AppState::new(db, Arc::new(SystemClock), Config::default());
        match server::mailbox::receive(&state, &raw, args.recipient.as_deref()).await {
            Ok(handled) => {
                let outcome = match &handled {
                    Handled::Applied => "applied".to_string(),
                    Handled::Refused => "answered, nothing sealed".to_string(),
                    Handled::Duplicate => "a duplicate, not applied again".to_string(),
                    Handled::Dropped(why) => format!("dropped: {why}"),
                    Handled::Bounced(what) => format!("a bounce: {what}"),
                };
                tracing::info!("mail-in: {outcome}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("postrider: mail-in: {} (the MTA will try again)", cause(&e));
                ExitCode::from(EX_TEMPFAIL)
            }
        }
    })
}
