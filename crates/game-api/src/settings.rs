//! A game's settings (rule set, options, a GM's own map…) as the game describes them: the
//! new-game form, the API and the command line's flags are drawn from [`Setting`]s, and what
//! they give is one JSON object, the game's own, kept in the log as given and read by
//! `Game::settings` through [`Given`]. Nothing above the rules crates names a setting.

use locale::{Phrase, phrase};
use serde_json::{Map, Value};

/// One setting a game takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// Its key in the game's settings object (`rules`, `options`, `map`).
    pub name: &'static str,
    /// The command line's flag, without its dashes (`option`: `--option NAME`, repeatable).
    pub flag: &'static str,
    /// What it is, for people: the form's label and the flag's help.
    pub label: &'static str,
    pub kind: SettingKind,
}

/// What a setting's value is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingKind {
    /// One of these (value, label); the first is the default. In JSON a string.
    Choice(&'static [(&'static str, &'static str)]),
    /// Any of these names. In JSON a list of strings.
    Flags(&'static [&'static str]),
    /// A file's text (a GM's own data, TOML); on the command line the file's path. In JSON a
    /// string.
    File,
}

impl Setting {
    /// The JSON Schema of the setting's value (for `openapi.json`).
    pub fn schema(&self) -> Value {
        match self.kind {
            SettingKind::Choice(choices) => serde_json::json!({
                "type": "string",
                "enum": choices.iter().map(|c| c.0).collect::<Vec<_>>(),
                "description": self.label,
            }),
            SettingKind::Flags(names) => serde_json::json!({
                "type": "array",
                "items": {"type": "string", "enum": names},
                "description": self.label,
            }),
            SettingKind::File => serde_json::json!({
                "type": "string",
                "description": self.label,
            }),
        }
    }
}

/// A game's settings as given, checked against its description: every key is one of its
/// settings and every value has its setting's shape. What the values mean (a rule set's
/// name, which options go together) the game's `settings` decides.
#[derive(Clone, Copy, Debug)]
pub struct Given<'a> {
    values: &'a Map<String, Value>,
}

impl<'a> Given<'a> {
    /// `values` checked against `settings`; the error is one line naming the key
    /// (`map: Breaking Away has no setting "map" (its settings: rules, options)`).
    pub fn check(
        values: &'a Map<String, Value>,
        settings: &[Setting],
        title: &str,
    ) -> Result<Given<'a>, Phrase> {
        for (key, value) in values {
            let Some(setting) = settings.iter().find(|s| s.name == key) else {
                let names: Vec<&str> = settings.iter().map(|s| s.name).collect();
                return Err(if names.is_empty() {
                    phrase!("error-setting-unknown-none", key = key, game = title)
                } else {
                    phrase!(
                        "error-setting-unknown",
                        key = key,
                        game = title,
                        settings = names.join(", ")
                    )
                });
            };
            let fits = match setting.kind {
                SettingKind::Choice(_) | SettingKind::File => value.is_string(),
                SettingKind::Flags(_) => value
                    .as_array()
                    .is_some_and(|names| names.iter().all(Value::is_string)),
            };
            if !fits {
                let expected = match setting.kind {
                    SettingKind::Flags(_) => "names",
                    _ => "text",
                };
                return Err(phrase!(
                    "error-setting-shape",
                    key = key,
                    expected = expected,
                    got = value.to_string()
                ));
            }
        }
        Ok(Given { values })
    }

    /// No settings: the game's defaults.
    pub fn none() -> Given<'static> {
        static EMPTY: std::sync::OnceLock<Map<String, Value>> = std::sync::OnceLock::new();
        Given {
            values: EMPTY.get_or_init(Map::new),
        }
    }

    /// A choice or a file's text, if given.
    pub fn text(&self, name: &str) -> Option<&'a str> {
        self.values.get(name).and_then(Value::as_str)
    }

    /// The names given to a setting of flags (none if not given).
    pub fn flags(&self, name: &str) -> Vec<&'a str> {
        self.values
            .get(name)
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .collect()
    }
}

/// A game's settings read from `values`: checked against [`crate::Game::SETTINGS`], then read
/// by [`crate::Game::settings`]; the error is the one line either gives, in each language.
pub fn read<G: crate::Game>(values: &Map<String, Value>) -> Result<G::Settings, Phrase> {
    let given = Given::check(values, G::SETTINGS, G::TITLE)?;
    G::settings(given).map_err(|e| Phrase::each(|lang| G::error_text(&e, lang)))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SETTINGS: [Setting; 2] = [
        Setting {
            name: "rules",
            flag: "rules",
            label: "the rule set",
            kind: SettingKind::Choice(&[("a", "rules A"), ("b", "rules B")]),
        },
        Setting {
            name: "options",
            flag: "option",
            label: "an option",
            kind: SettingKind::Flags(&["x", "y"]),
        },
    ];

    fn values(json: Value) -> Map<String, Value> {
        json.as_object().cloned().unwrap()
    }

    #[test]
    fn given_settings_are_read_by_name() {
        let v = values(serde_json::json!({"rules": "b", "options": ["y"]}));
        let given = Given::check(&v, &SETTINGS, "Game").unwrap();
        assert_eq!(given.text("rules"), Some("b"));
        assert_eq!(given.flags("options"), ["y"]);
        assert_eq!(Given::none().text("rules"), None);
        assert!(Given::none().flags("options").is_empty());
    }

    #[test]
    fn an_unknown_key_or_a_wrong_shape_is_refused_naming_the_key() {
        let v = values(serde_json::json!({"map": "x"}));
        let refusal = |v: &Map<String, Value>, settings: &[Setting]| {
            Given::check(v, settings, "Game").unwrap_err().to_string()
        };
        assert_eq!(
            refusal(&v, &SETTINGS),
            "map: Game has no setting \"map\" (its settings: rules, options)"
        );
        assert_eq!(
            refusal(&v, &[]),
            "map: Game has no setting \"map\" (it has none)"
        );
        let ja = crate::Lang::from_code("ja").unwrap();
        assert_eq!(
            Given::check(&v, &[], "Game").unwrap_err().text(ja),
            "map: Gameには設定「map」がありません（設定はありません）"
        );
        let v = values(serde_json::json!({"options": "x"}));
        assert_eq!(
            refusal(&v, &SETTINGS),
            "options: expected a list of names, got \"x\""
        );
        let v = values(serde_json::json!({"rules": 3}));
        assert_eq!(refusal(&v, &SETTINGS), "rules: expected a string, got 3");
    }
}
