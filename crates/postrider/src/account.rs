//! `postrider account …`: what the operator does to an account from the server's own shell —
//! a password reset link for a player who cannot get mail, and the operator's role given or
//! taken away. The running server sees each change at once (it reads accounts per request).

use anyhow::{Result, anyhow, bail};
use clap::{Args, Subcommand};
use server::Db;
use server::store::account_care as care;

use crate::database::Database;

/// How long a link the operator hands over works: a day, as it goes by hand, not by mail.
const HANDED_LINK_LIFETIME: i64 = 24 * 3600;

#[derive(Debug, Subcommand)]
pub enum AccountCommand {
    /// Print a one-time link (valid 24 hours) that lets the player choose a new password; the
    /// operator never learns it: reset-password NAME [--public-url URL].
    ResetPassword {
        #[command(flatten)]
        target: Target,
        /// The server's public address, to print the whole link (else its path).
        #[arg(long, env = "POSTRIDER_PUBLIC_URL")]
        public_url: Option<String>,
    },
    /// Give an account the operator's role (suspend accounts, archive abandoned games, the
    /// server's health on /operator).
    GrantOperator(Target),
    /// Take the operator's role away (refused for the server's only operator: name another
    /// first).
    RevokeOperator(Target),
}

#[derive(Debug, Args)]
pub struct Target {
    /// The account's name.
    name: String,
    #[command(flatten)]
    database: Database,
}

pub fn account(command: AccountCommand) -> Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        match command {
            AccountCommand::ResetPassword { target, public_url } => {
                let (db, account) = open(&target).await?;
                if account.suspended {
                    bail!(
                        "reset-password: {} is suspended; lift the suspension on /operator first",
                        account.name
                    );
                }
                let token = server::auth::new_secret().map_err(|e| anyhow!("{e}"))?;
                let now = jiff::Timestamp::now().as_second();
                care::set_reset_link(
                    &db,
                    account.id,
                    &server::auth::secret_hash(&token),
                    now + HANDED_LINK_LIFETIME,
                    None,
                )
                .await
                .map_err(|e| anyhow!("reset-password: {e}"))?;
                let base = public_url.unwrap_or_default();
                println!("{}/reset/{token}", base.trim_end_matches('/'));
                eprintln!(
                    "postrider: give this link to {} (it works once, for 24 hours)",
                    account.name
                );
            }
            AccountCommand::GrantOperator(target) => {
                let (db, account) = open(&target).await?;
                care::set_operator(&db, account.id, true)
                    .await
                    .map_err(|e| anyhow!("grant-operator: {e}"))?;
                println!("{} is an operator", account.name);
            }
            AccountCommand::RevokeOperator(target) => {
                let (db, account) = open(&target).await?;
                care::set_operator(&db, account.id, false)
                    .await
                    .map_err(|e| anyhow!("revoke-operator: {e}"))?;
                println!("{} is no longer an operator", account.name);
            }
        }
        Ok(())
    })
}

/// The database and the account the command names.
async fn open(target: &Target) -> Result<(Db, care::Account)> {
    let url = target.database.existing_url()?;
    let db = Db::open(&url).await.map_err(|e| anyhow!(e))?;
    let Some(account) = care::account(&db, &target.name)
        .await
        .map_err(|e| anyhow!("{e}"))?
    else {
        bail!("name: no account {:?}", target.name);
    };
    Ok((db, account))
}
