//! The command line's flags for a game's settings (`--rules`, `--option`, `--map`…), drawn
//! from every game's `Game::SETTINGS`: `new`, `demo` and `tournament` flatten them, and the
//! chosen game's are read into its settings object. The binary names no setting.

use anyhow::{Result, anyhow};
use clap::{Arg, ArgAction, ArgMatches, Args, Command, FromArgMatches};
use gm::{GameInfo, SettingKind};
use serde_json::{Map, Value};

use crate::files::read_input;

/// The settings flags as given: (flag, values), in the order of the games' descriptions.
#[derive(Clone, Debug, Default)]
pub struct SettingsFlags(Vec<(&'static str, Vec<String>)>);

/// Every distinct flag, with each game's setting of that flag.
fn flags() -> Vec<(&'static str, Vec<(GameInfo, gm::Setting)>)> {
    let mut flags: Vec<(&'static str, Vec<(GameInfo, gm::Setting)>)> = Vec::new();
    for info in gm::GAMES {
        for setting in info.settings {
            match flags.iter_mut().find(|(flag, _)| *flag == setting.flag) {
                Some((_, of)) => of.push((*info, *setting)),
                None => flags.push((setting.flag, vec![(*info, *setting)])),
            }
        }
    }
    flags
}

/// A flag's help: each game's label and values.
fn help(of: &[(GameInfo, gm::Setting)]) -> String {
    of.iter()
        .map(|(info, setting)| {
            let values = match setting.kind {
                SettingKind::Choice(choices) => {
                    let others: Vec<&str> = choices.iter().skip(1).map(|c| c.0).collect();
                    match others.is_empty() {
                        true => format!(" ({}, the only one)", choices[0].0),
                        false => {
                            format!(" ({}, the default, or {})", choices[0].0, others.join(", "))
                        }
                    }
                }
                SettingKind::Flags(names) => format!(" (repeatable: {})", names.join(", ")),
                SettingKind::File => String::new(),
            };
            format!("{}: {}{values}", info.title, setting.label)
        })
        .collect::<Vec<_>>()
        .join("; ")
}

impl Args for SettingsFlags {
    fn augment_args(mut cmd: Command) -> Command {
        for (flag, of) in flags() {
            let arg = Arg::new(flag).long(flag).help(help(&of));
            cmd = cmd.arg(match of[0].1.kind {
                SettingKind::Flags(_) => arg.action(ArgAction::Append).value_name("NAME"),
                SettingKind::File => arg.value_name("FILE"),
                SettingKind::Choice(_) => arg.value_name("NAME"),
            });
        }
        cmd
    }

    fn augment_args_for_update(cmd: Command) -> Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for SettingsFlags {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let given = flags()
            .into_iter()
            .filter_map(|(flag, _)| {
                let values: Vec<String> = matches.get_many::<String>(flag)?.cloned().collect();
                Some((flag, values))
            })
            .collect();
        Ok(SettingsFlags(given))
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// A game's refusal of its settings (`options: unknown option …`) with the setting named as
/// the flag that gave it (`--option: unknown option …`).
pub fn as_flags(info: &GameInfo, message: &str) -> String {
    for setting in info.settings {
        if let Some(rest) = message.strip_prefix(&format!("{}:", setting.name)) {
            return format!("--{}:{rest}", setting.flag);
        }
    }
    message.to_string()
}

impl SettingsFlags {
    /// The settings object of `info`'s game from the flags given: a flag the game does not
    /// take is refused naming it (`--map: Breaking Away has no such setting`); a file's
    /// setting holds the file's text.
    pub fn for_game(&self, info: &GameInfo) -> Result<Map<String, Value>> {
        let mut settings = Map::new();
        for (flag, values) in &self.0 {
            let Some(setting) = info.settings.iter().find(|s| s.flag == *flag) else {
                let flags: Vec<String> = info
                    .settings
                    .iter()
                    .map(|s| format!("--{}", s.flag))
                    .collect();
                let has = if flags.is_empty() {
                    "it has none".to_string()
                } else {
                    format!("its flags: {}", flags.join(", "))
                };
                return Err(anyhow!(
                    "--{flag}: {} has no such setting ({has})",
                    info.title
                ));
            };
            let value = match setting.kind {
                SettingKind::Flags(_) => Value::from(values.clone()),
                SettingKind::Choice(_) => Value::from(values[0].clone()),
                SettingKind::File => Value::from(read_input(&values[0])?),
            };
            settings.insert(setting.name.to_string(), value);
        }
        Ok(settings)
    }
}
