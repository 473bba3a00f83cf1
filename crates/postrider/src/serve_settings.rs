//! The settings `serve` took and where each came from (a flag, a `POSTRIDER_*` variable, or
//! the default), logged at start: an operator who put a setting in the service's settings file
//! sees whether it was read. A URL's password is masked.

use clap::parser::ValueSource;
use clap::{ArgMatches, Command};

/// One setting as `serve` took it.
#[derive(Debug, PartialEq, Eq)]
pub struct Taken {
    /// The flag, `--smtp`.
    pub flag: String,
    /// Its value, masked; several values are joined with commas.
    pub value: String,
    /// `flag`, `environment POSTRIDER_SMTP` or `default`.
    pub from: String,
}

/// The settings of `command` (a subcommand's definition) given in `matches`, in the command's
/// order; those without a value (not given, no default) are left out.
pub fn taken(command: &Command, matches: &ArgMatches) -> Vec<Taken> {
    command
        .get_arguments()
        .filter_map(|arg| {
            let id = arg.get_id().as_str();
            let flag = arg.get_long()?;
            let source = matches.value_source(id)?;
            let value = matches
                .get_raw(id)?
                .map(|v| v.to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join(",");
            let from = match source {
                ValueSource::CommandLine => "flag".to_string(),
                ValueSource::EnvVariable => format!(
                    "environment {}",
                    arg.get_env()
                        .map_or(String::new(), |e| e.to_string_lossy().into())
                ),
                _ => "default".to_string(),
            };
            Some(Taken {
                flag: format!("--{flag}"),
                value: mask(&value),
                from,
            })
        })
        .collect()
}

/// A value with any URL's password masked (`postgres://gm:***@db/pbm`): a database URL and a
/// relay's may carry one.
fn mask(value: &str) -> String {
    if value.contains("://") {
        server::db::redact(value)
    } else {
        value.to_string()
    }
}

/// Logs each setting on a line of its own.
pub fn log(settings: &[Taken]) {
    for t in settings {
        tracing::info!("setting {} = {} ({})", t.flag, t.value, t.from);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    /// The variable a flag reads: `--smtp-user` reads `POSTRIDER_SMTP_USER`.
    fn variable(flag: &str) -> String {
        format!("POSTRIDER_{}", flag.to_uppercase().replace('-', "_"))
    }

    /// The flags of a subcommand with the variable each reads, if any.
    fn flags(name: &str) -> Vec<(String, Option<String>)> {
        let cli = crate::Cli::command();
        let command = cli.find_subcommand(name).unwrap();
        command
            .get_arguments()
            .filter_map(|arg| {
                let env = arg.get_env().map(|e| e.to_string_lossy().into_owned());
                Some((arg.get_long()?.to_string(), env))
            })
            .collect()
    }

    #[test]
    fn every_flag_of_serve_reads_its_variable() {
        let flags = flags("serve");
        assert!(flags.len() >= 20, "{flags:?}");
        for (flag, env) in &flags {
            assert_eq!(env.as_deref(), Some(variable(flag).as_str()), "--{flag}");
        }
    }

    #[test]
    fn mail_in_reads_the_database_from_the_environment_too() {
        let flags = flags("mail-in");
        for wanted in ["data", "database", "database-file"] {
            let (flag, env) = flags.iter().find(|(f, _)| f == wanted).unwrap();
            assert_eq!(env.as_deref(), Some(variable(flag).as_str()), "--{flag}");
        }
    }

    /// The packaged settings file lists every variable `serve` reads, each commented out (the
    /// defaults hold until the operator sets one).
    #[test]
    fn the_packaged_settings_file_lists_every_variable() {
        let file = include_str!("../../../packaging/postrider.env");
        for (flag, _) in flags("serve") {
            let line = format!("# {}=", variable(&flag));
            assert!(file.contains(&line), "postrider.env lacks {line:?}");
        }
        for line in file.lines() {
            assert!(
                line.is_empty() || line.starts_with('#'),
                "postrider.env sets {line:?}: every setting is left to the operator"
            );
        }
    }

    /// The backup directory the settings file offers can be written under the packaged unit:
    /// `ProtectSystem=strict` leaves only its state directory (and `ReadWritePaths=`) writable.
    #[test]
    fn the_packaged_backup_directory_is_writable_under_the_unit() {
        let file = include_str!("../../../packaging/postrider.env");
        let unit = include_str!("../../../packaging/postrider.service");
        let dir = file
            .lines()
            .find_map(|l| l.strip_prefix("# POSTRIDER_BACKUP_DIR="))
            .unwrap();
        let mut writable: Vec<String> = unit
            .lines()
            .filter_map(|l| l.strip_prefix("StateDirectory="))
            .map(|d| format!("/var/lib/{d}/"))
            .collect();
        writable.extend(
            unit.lines()
                .filter_map(|l| l.strip_prefix("ReadWritePaths="))
                .flat_map(|l| {
                    l.split_whitespace()
                        .map(|p| format!("{}/", p.trim_start_matches('-')))
                }),
        );
        assert!(unit.contains("ProtectSystem=strict"), "{unit}");
        assert!(
            writable.iter().any(|w| dir.starts_with(w.as_str())),
            "{dir} is not under the unit's writable paths {writable:?}"
        );
    }

    #[test]
    fn passwords_in_urls_are_masked() {
        assert_eq!(
            mask("postgres://gm:secret@db/pbm"),
            "postgres://gm:***@db/pbm"
        );
        assert_eq!(mask("127.0.0.1:8080"), "127.0.0.1:8080");
    }
}
