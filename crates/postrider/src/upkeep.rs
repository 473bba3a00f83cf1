//! The operator's upkeep of a server's database: `backup` (a consistent copy as one SQLite
//! file, while the server runs), `restore` (a copy put into a new database), and `check` (this
//! binary reproduces every game: the upgrade preview), and `mail-log` (the mail that did not
//! get through).

use std::path::PathBuf;
use std::sync::Arc;

use anyhow::{Context, Result, anyhow};
use clap::Args;
use server::{AppState, Config, Db, SystemClock};

use crate::database::Database;

#[derive(Debug, Args)]
pub struct BackupArgs {
    #[command(flatten)]
    database: Database,
    /// The backup file to write (a SQLite database; never overwritten).
    #[arg(long)]
    to: PathBuf,
    /// Then open the copy and check it as `check` does: every game replayed, every published
    /// report compared.
    #[arg(long)]
    verify: bool,
}

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The backup file (made by `postrider backup` or `serve --backup-dir`).
    from: PathBuf,
    #[command(flatten)]
    database: Database,
    /// Only check the backup, writing nothing: SQLite's integrity check, its schema, every
    /// game replayed and every published report compared, as `check` does. Exit 0 if it would
    /// restore, 1 with the reason if not.
    #[arg(long)]
    dry_run: bool,
}

#[derive(Debug, Args)]
pub struct CheckArgs {
    #[command(flatten)]
    database: Database,
    /// Bring an earlier release's database to this release's schema first, then check it: a
    /// copy, to try an upgrade, or the live database with the server stopped, to make it
    /// (docs/operations.md, Upgrade). A game told differently exits 1, the schema migrated.
    #[arg(long)]
    migrate: bool,
}

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Runtime::new().context("starting the runtime")
}

/// Reproduces every game of the database at `url` (its schema left as it is, unless `migrate`).
pub(crate) async fn check_url(url: &str, migrate: bool) -> Result<server::check::Checked> {
    let db = if migrate {
        Db::open_and_migrate(url).await
    } else {
        Db::open_as_is(url).await
    }
    .map_err(|e| anyhow!(e))?;
    db.check_schema_is_current().await.map_err(|e| {
        anyhow!("{e}: check a copy migrated by this release (`postrider restore` makes one)")
    })?;
    let state = AppState::new(db, Arc::new(SystemClock), Config::default());
    match server::check::check(&state).await {
        Ok(checked) => Ok(checked),
        // A game told differently: exit 1, as `verify` does.
        Err(e @ server::check::CheckFailure::Differs { .. }) => {
            Err(crate::desk::Differs(e.to_string()).into())
        }
        Err(e) => Err(anyhow!("{e}")),
    }
}

pub(crate) fn checked_line(checked: &server::check::Checked) -> String {
    let mut line = format!(
        "{} games, {} turns reproduced ({} published reports compared",
        checked.games, checked.turns, checked.reports
    );
    if checked.reports_earlier_edition > 0 {
        line.push_str(&format!(
            "; {} published in an earlier edition of the report's text",
            checked.reports_earlier_edition
        ));
    }
    line + ")"
}

/// `postrider backup`.
pub fn backup(args: BackupArgs) -> Result<()> {
    let url = args.database.existing_url()?;
    runtime()?.block_on(async {
        let db = Db::open_as_is(&url).await.map_err(|e| anyhow!(e))?;
        let copied = server::backup::backup(&db, &args.to)
            .await
            .map_err(|e| anyhow!("backup: {e}"))?;
        println!(
            "{}: {} rows of {} tables",
            args.to.display(),
            copied.rows,
            copied.tables
        );
        if args.verify {
            let checked = check_url(&format!("sqlite://{}?mode=ro", args.to.display()), false)
                .await
                .with_context(|| format!("{}: the copy does not check", args.to.display()))?;
            println!("verified: {}", checked_line(&checked));
        }
        Ok(())
    })
}

/// `postrider restore`: the backup checked, then put into a new database (`--dry-run`: only
/// checked).
pub fn restore(args: RestoreArgs) -> Result<()> {
    let from = args.from.display().to_string();
    runtime()?.block_on(async {
        let opened = server::backup::Backup::open(&args.from).await;
        if args.dry_run {
            // Every reason it would not restore is a finding: exit 1, as `check` and `verify`.
            let backup = opened.map_err(|e| crate::desk::Differs(e.to_string()))?;
            let state = AppState::new(backup.db.clone(), Arc::new(SystemClock), Config::default());
            let checked = server::check::check(&state)
                .await
                .map_err(|e| crate::desk::Differs(format!("{from}: {e}")))?;
            println!(
                "{from}: would restore: {}{}",
                checked_line(&checked),
                if backup.migrated {
                    "; made by an earlier release, checked on a copy migrated to this release's schema"
                } else {
                    ""
                }
            );
            return Ok(());
        }
        let backup = opened.map_err(|e| anyhow!("restore: {e}"))?;
        let url = args.database.target_url()?;
        let held = crate::in_use::exclusive_for(&url).context("restore")?;
        match backup.restore_into(&url).await {
            Ok(copied) => {
                println!(
                    "restored {} rows of {} tables from {from}{}",
                    copied.rows,
                    copied.tables,
                    if backup.migrated {
                        " (made by an earlier release: migrated to this release's schema)"
                    } else {
                        ""
                    }
                );
                Ok(())
            }
            Err(e) => {
                held.release_and_tidy();
                Err(anyhow!("restore: {e}"))
            }
        }
    })
}

/// `postrider check`.
pub fn check(args: CheckArgs) -> Result<()> {
    let url = args.database.existing_url()?;
    let checked = runtime()?.block_on(check_url(&url, args.migrate))?;
    println!("{}", checked_line(&checked));
    Ok(())
}

#[derive(Debug, Args)]
pub struct MailLogArgs {
    #[command(flatten)]
    database: Database,
    /// Only this game's mail.
    #[arg(long)]
    game: Option<i64>,
    /// How many lines, newest first.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(i64).range(1..=100_000))]
    limit: i64,
}

/// `postrider mail-log`: one line an entry, newest first: when (UTC), what, the game, the
/// address, and the subject with the relay's answer or what was done with the mail.
pub fn mail_log(args: MailLogArgs) -> Result<()> {
    let url = args.database.existing_url()?;
    let entries = runtime()?.block_on(async {
        let db = Db::open(&url).await.map_err(|e| anyhow!(e))?;
        server::mail_log::entries(&db, args.game, args.limit)
            .await
            .map_err(|e| anyhow!("mail-log: {e}"))
    })?;
    let mut text = String::new();
    for entry in &entries {
        let at = jiff::Timestamp::from_second(entry.at)
            .map_or_else(|_| entry.at.to_string(), |t| t.to_string());
        let game = entry.game.map_or("-".to_string(), |g| g.to_string());
        text.push_str(&format!(
            "{at}  {}  game {game}  {}  {}\n",
            entry.what,
            entry.address,
            entry.detail.replace(['\n', '\r'], " ")
        ));
    }
    if entries.is_empty() {
        text.push_str("no failed, dropped or refused mail\n");
    }
    crate::files::emit(&text)
}

/// `postrider ratings …`: the operator's care of the rated games' ladders.
#[derive(Debug, clap::Subcommand)]
pub enum RatingsCommand {
    /// Empty the ratings and replay every finished rated game from its log, in the order they
    /// finished (as the server does at start-up when the rules version changed).
    Rebuild(RatingsArgs),
}

#[derive(Debug, Args)]
pub struct RatingsArgs {
    #[command(flatten)]
    database: Database,
}

/// `postrider ratings rebuild`: prints how many games it replayed and ratings it wrote.
pub fn ratings(command: RatingsCommand) -> Result<()> {
    let RatingsCommand::Rebuild(args) = command;
    let url = args.database.existing_url()?;
    let rebuilt = runtime()?.block_on(async {
        let db = Db::open(&url).await.map_err(|e| anyhow!(e))?;
        server::store::ratings::rebuild(&db)
            .await
            .map_err(|e| anyhow!("ratings: {e}"))
    })?;
    crate::files::emit(&format!(
        "ratings rebuilt: {} finished rated games replayed, {} ratings\n",
        rebuilt.games, rebuilt.ratings
    ))
}
