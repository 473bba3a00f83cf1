//! A message to be written later, in the language of whoever reads it. An error is made deep
//! in the server, where nobody knows who will read it; the door that answers (an API response,
//! a page, a mail) knows, and writes the phrase in that reader's language.

use std::fmt;

use crate::{Args, Lang};

/// A message id and its arguments, or a text already written in every language.
#[derive(Clone, PartialEq, Eq)]
pub struct Phrase(Inner);

/// The English text, quoted as a string's: what a test's failure or a fingerprint of an
/// outcome shows, the same as before a message became a phrase.
impl fmt::Debug for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.text(Lang::EN))
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Inner {
    Message {
        id: &'static str,
        args: Vec<(String, Arg)>,
    },
    /// One text per language, in [`Lang::all`]'s order (a game's own refusal, which its
    /// rules write in each language).
    Written(Vec<String>),
}

/// An argument of a [`Phrase`]: Fluent chooses plurals by numbers, so they stay numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Text(String),
    Number(i64),
    /// A phrase inside a phrase (`walk: {$problem}`), written in the same language.
    Phrase(Box<Phrase>),
}

impl Phrase {
    /// The message `id` (see [`phrase!`](crate::phrase) for one with arguments).
    pub fn new(id: &'static str) -> Phrase {
        Phrase(Inner::Message {
            id,
            args: Vec::new(),
        })
    }

    /// The phrase with one more argument.
    pub fn with(mut self, name: impl Into<String>, value: &(impl ToArg + ?Sized)) -> Phrase {
        if let Inner::Message { args, .. } = &mut self.0 {
            args.push((name.into(), value.to_arg()));
        }
        self
    }

    /// A text written in each language by `write`.
    pub fn each(write: impl Fn(Lang) -> String) -> Phrase {
        Phrase(Inner::Written(Lang::all().map(write).collect()))
    }

    /// A text that reads the same in every language: a name, a number, or a machine's words
    /// (a JSON parser's) that no language of ours rewrites.
    pub fn verbatim(text: impl Into<String>) -> Phrase {
        let text = text.into();
        Phrase::each(|_| text.clone())
    }

    /// The message id, the stable name of the phrase a program can match on (`None` for a
    /// written text).
    pub fn id(&self) -> Option<&'static str> {
        match &self.0 {
            Inner::Message { id, .. } => Some(id),
            Inner::Written(_) => None,
        }
    }

    /// The phrase in `lang`.
    pub fn text(&self, lang: Lang) -> String {
        match &self.0 {
            Inner::Message { id, args } if args.is_empty() => lang.t(id),
            Inner::Message { id, args } => {
                let mut fluent = Args::new();
                for (name, value) in args {
                    match value {
                        Arg::Text(text) => fluent.set(name.as_str(), text.as_str()),
                        Arg::Number(n) => fluent.set(name.as_str(), *n),
                        Arg::Phrase(inner) => fluent.set(name.as_str(), inner.text(lang)),
                    }
                }
                lang.t_with(id, &fluent)
            }
            Inner::Written(texts) => texts
                .get(lang.0 as usize)
                .or(texts.first())
                .cloned()
                .unwrap_or_default(),
        }
    }
}

/// English, for logs and the command line.
impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::EN))
    }
}

/// What may be an argument of a [`Phrase`]: text and numbers (a macro takes them by
/// reference, so that a field is not moved out of what it belongs to).
pub trait ToArg {
    fn to_arg(&self) -> Arg;
}

impl ToArg for str {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.to_owned())
    }
}

impl ToArg for String {
    fn to_arg(&self) -> Arg {
        Arg::Text(self.clone())
    }
}

impl ToArg for Phrase {
    fn to_arg(&self) -> Arg {
        Arg::Phrase(Box::new(self.clone()))
    }
}

impl<T: ToArg + ?Sized> ToArg for &T {
    fn to_arg(&self) -> Arg {
        (**self).to_arg()
    }
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl ToArg for $t {
            fn to_arg(&self) -> Arg {
                Arg::Number(i64::try_from(*self).unwrap_or(i64::MAX))
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i8, i16, i32, i64);

/// A [`Phrase`]: `phrase!("error-game-not-found", id = 7)` (an argument's `_` is written `-`, as in
/// [`tr!`](crate::tr)).
#[macro_export]
macro_rules! phrase {
    ($id:literal) => {
        $crate::Phrase::new($id)
    };
    ($id:literal, $($name:ident = $value:expr),+ $(,)?) => {{
        $crate::Phrase::new($id)
            $(.with(stringify!($name).replace('_', "-"), &$value))+
    }};
}
