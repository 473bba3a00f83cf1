//! The compiled-in Fluent bundles, one per language folder, built once.

use std::sync::LazyLock;

use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;
use unic_langid::LanguageIdentifier;

use crate::Lang;

pub use fluent_bundle::FluentArgs as Args;
pub use fluent_bundle::FluentValue as Value;

include!(concat!(env!("OUT_DIR"), "/locales.rs"));

static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> = LazyLock::new(|| {
    LOCALES
        .iter()
        .enumerate()
        .map(|(index, (code, files))| {
            let id: LanguageIdentifier = code.parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![id]);
            // Plain text (mail, SVG labels): no Unicode isolation marks around arguments.
            bundle.set_use_isolating(false);
            let _ = bundle.add_builtins();
            let _ = bundle.add_function("BOT", move |positional, _| bot(index, positional));
            for (_, text) in files.iter() {
                // A file that does not parse keeps what did; the tests refuse any error.
                let resource = FluentResource::try_new(text.to_string()).unwrap_or_else(|(r, _)| r);
                let _ = bundle.add_resource(resource);
            }
            bundle
        })
        .collect()
});

/// `BOT($bot)`: the bot whose id `$bot` holds, by its name in the bundle's language (message
/// `bot-ID`, as [`format`] finds it), as a player reads it; an id with no name is said as it
/// is. Called while a message is formatted, so the bundles are built by then.
fn bot<'a>(index: usize, positional: &[Value<'a>]) -> Value<'a> {
    match positional.first() {
        Some(Value::String(id)) => {
            let message = format!("bot-{id}");
            let name = format(Lang(index as u8), &message, None);
            if name == message {
                Value::String(id.clone())
            } else {
                Value::from(name)
            }
        }
        Some(other) => other.clone(),
        None => Value::None,
    }
}

pub(crate) fn count() -> usize {
    LOCALES.len()
}

pub(crate) fn code(lang: Lang) -> &'static str {
    LOCALES[lang.0 as usize].0
}

/// The message in `lang`, else in English, else its id (never a panic: a missing message is
/// a test failure, not a crash).
pub(crate) fn format(lang: Lang, id: &str, args: Option<&Args>) -> String {
    for lang in [lang, Lang::EN] {
        let bundle = &BUNDLES[lang.0 as usize];
        if let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) {
            let mut errors = Vec::new();
            if pattern.elements.len() == 1 {
                // Plain text is borrowed, and copied once.
                return bundle
                    .format_pattern(pattern, args, &mut errors)
                    .into_owned();
            }
            // Text and arguments written into one buffer of a message's usual size, rather
            // than into one that grows from nothing (a turn report formats about a hundred).
            let mut text = String::with_capacity(128);
            let _ = bundle.write_pattern(&mut text, pattern, args, &mut errors);
            return text;
        }
    }
    id.to_owned()
}
