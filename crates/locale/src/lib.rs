//! Every string a person reads, in the reader's language. English is the source; each folder
//! of `locales/` (`en`, `ja`) is one language of Fluent messages, compiled in, and adding a
//! language is adding a folder. Messages are looked up by id with [`tr!`] or [`Lang::t`]; a
//! message a language lacks falls back to English (the tests keep every language complete).

mod bundles;
mod lang;
mod negotiate;
mod phrase;
mod text;
mod typed;
mod when;

pub use bundles::{Args, Value};
pub use lang::{Lang, UnknownLang};
pub use negotiate::negotiate;
pub use phrase::{Arg, Phrase, ToArg};
pub use text::{pad, pad_left, width, wrap};
pub use typed::Typed;
pub use when::{Day, when, when_date};

/// The message `id` in `lang`, with named arguments: `tr!(lang, "place", n = 3)`.
#[macro_export]
macro_rules! tr {
    ($lang:expr, $id:literal) => {
        $crate::Lang::t($lang, $id)
    };
    ($lang:expr, $id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = $crate::Args::with_capacity([$(stringify!($name)),+].len());
        $(args.set($crate::arg_name(stringify!($name)), $value);)+
        $crate::Lang::t_with($lang, $id, &args)
    }};
}

/// A [`tr!`] argument's Fluent name: the Rust name with `-` for `_`, copied only when it has
/// one (reports format a hundred messages a turn, at every deadline).
#[doc(hidden)]
pub fn arg_name(name: &'static str) -> std::borrow::Cow<'static, str> {
    if name.contains('_') {
        name.replace('_', "-").into()
    } else {
        name.into()
    }
}
