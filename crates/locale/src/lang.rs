//! A language postrider speaks, named by its code (`en`, `ja`).

use std::fmt;

use crate::bundles;

/// One of the languages in `locales/`; English is always there and comes first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Lang(pub(crate) u8);

/// A language code postrider has no messages for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "language {:?}: not one postrider speaks ({})",
            self.0,
            Lang::all().map(|l| l.code()).collect::<Vec<_>>().join(", ")
        )
    }
}

impl std::error::Error for UnknownLang {}

impl UnknownLang {
    /// The refusal, to be written in its reader's language.
    pub fn phrase(&self) -> crate::Phrase {
        let codes: Vec<_> = Lang::all().map(Lang::code).collect();
        crate::phrase!("error-lang", code = self.0, codes = codes.join(", "))
    }
}

impl Lang {
    /// English, the source language.
    pub const EN: Lang = Lang(0);

    /// Every language, English first.
    pub fn all() -> impl Iterator<Item = Lang> {
        (0..bundles::count() as u8).map(Lang)
    }

    /// The language's code (`en`, `ja`), as `lang=` and `Content-Language` write it.
    pub fn code(self) -> &'static str {
        bundles::code(self)
    }

    /// The language of a code or a tag (`ja`, `JA`, `ja-JP`, `en_GB`).
    pub fn from_code(code: &str) -> Result<Lang, UnknownLang> {
        let primary = code
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Lang::all()
            .find(|l| l.code() == primary)
            .ok_or_else(|| UnknownLang(code.trim().to_owned()))
    }

    /// The message `id`, without arguments.
    pub fn t(self, id: &str) -> String {
        bundles::format(self, id, None)
    }

    /// The message `id` with its arguments.
    pub fn t_with(self, id: &str, args: &bundles::Args) -> String {
        bundles::format(self, id, Some(args))
    }

    /// The message `id` with one argument (for templates, which cannot build [`Args`]):
    /// `{{ lang.t1("place", "n", n) }}`.
    ///
    /// [`Args`]: crate::Args
    pub fn t1<'a>(self, id: &str, name: &'a str, value: impl Into<bundles::Value<'a>>) -> String {
        let mut args = bundles::Args::new();
        args.set(name, value);
        self.t_with(id, &args)
    }

    /// The message `id` with two arguments (for templates):
    /// `{{ lang.t2("when-date", "day", d, "month", m) }}`.
    pub fn t2<'a>(
        self,
        id: &str,
        a: &'a str,
        va: impl Into<bundles::Value<'a>>,
        b: &'a str,
        vb: impl Into<bundles::Value<'a>>,
    ) -> String {
        let mut args = bundles::Args::new();
        args.set(a, va);
        args.set(b, vb);
        self.t_with(id, &args)
    }

    /// `n` as a place: `1st`, `22nd` in English (CLDR's ordinal rules); `1位` in Japanese.
    pub fn place(self, n: usize) -> String {
        crate::tr!(self, "place", n = n)
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = UnknownLang;
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::from_code(s)
    }
}

impl serde::Serialize for Lang {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.code())
    }
}

impl<'de> serde::Deserialize<'de> for Lang {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Lang, D::Error> {
        let code = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Lang::from_code(&code).map_err(serde::de::Error::custom)
    }
}
