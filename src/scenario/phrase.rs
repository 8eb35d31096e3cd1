//! A sentence as data — a message of the language files and its arguments — so that what the
//! scenario loader reports can be said in whichever language reads it, not only in English.

use crate::words::{Lang, words};
use fluent_bundle::FluentValue;
use std::borrow::Cow;
use std::fmt;

/// A message id of `assets/i18n/*.ftl` and its named arguments. Make one with `phrase!`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Phrase {
    id: &'static str,
    args: Vec<(&'static str, Arg)>,
}

/// One argument of a [`Phrase`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// Shown as it is in every language: a name, a field path, code, a number already written.
    Text(Cow<'static, str>),
    /// A small whole number, written by the language (and there to choose a plural by).
    Number(i64),
    /// A count or a limit, its digits grouped as the language groups them: `4,096`, `65 537`.
    Count(u64),
    /// A phrase inside this one (a hint, a value described), said in the same language.
    Phrase(Phrase),
    /// Phrases said one after the other in the same language: the links of a chain.
    Phrases(Vec<Phrase>),
}

/// Every id of the loader's messages starts so, which lets a test find them all in the source.
pub const ID_PREFIX: &str = "scenario-";

/// A [`Phrase`]: `phrase!("scenario-unknown-action", name = quoted(id), hint = hint)`. The id
/// is written out, so that `tests/scenario_words.rs` finds every id in the source.
macro_rules! phrase {
    ($id:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::scenario::Phrase::new($id)$(.with(stringify!($name), $value))*
    };
}
pub(crate) use phrase;

impl Phrase {
    /// Use [`phrase!`], which writes the id out.
    pub(crate) fn new(id: &'static str) -> Phrase {
        debug_assert!(id.starts_with(ID_PREFIX), "{id}: a loader message id starts with {ID_PREFIX}");
        Phrase { id, args: Vec::new() }
    }

    /// With argument `name` (a Fluent variable: `name` for `{ $name }`).
    pub fn with(mut self, name: &'static str, value: impl Into<Arg>) -> Phrase {
        self.args.push((name, value.into()));
        self
    }

    pub fn id(&self) -> &'static str {
        self.id
    }

    /// Its id and those of every phrase inside it, outermost first.
    pub fn ids(&self) -> Vec<&'static str> {
        let mut ids = vec![self.id];
        for (_, arg) in &self.args {
            match arg {
                Arg::Phrase(inner) => ids.extend(inner.ids()),
                Arg::Phrases(inner) => ids.extend(inner.iter().flat_map(Phrase::ids)),
                Arg::Text(_) | Arg::Number(_) | Arg::Count(_) => {}
            }
        }
        ids
    }

    /// Said in `lang`, the phrases inside it first.
    pub fn text(&self, lang: Lang) -> String {
        let args: Vec<(&str, FluentValue)> = (self.args.iter())
            .map(|(name, arg)| {
                let value = match arg {
                    Arg::Text(text) => FluentValue::from(text.as_ref()),
                    Arg::Number(n) => FluentValue::from(*n),
                    Arg::Count(n) => FluentValue::from(count_text(lang, *n)),
                    Arg::Phrase(inner) => FluentValue::from(inner.text(lang)),
                    Arg::Phrases(inner) => {
                        FluentValue::from(inner.iter().map(|p| p.text(lang)).collect::<String>())
                    }
                };
                (*name, value)
            })
            .collect();
        words().say(lang, self.id, &args)
    }
}

/// A count or a limit written as `lang` writes one, its digits grouped (`4,096`, `65 537`).
pub fn count_text(lang: Lang, n: u64) -> String {
    grouped(n, words().plain(lang, "digit-group-separator"))
}

/// `n` with `separator` between groups of three digits.
fn grouped(n: u64, separator: &str) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(c);
    }
    out
}

/// In English.
impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text(Lang::ENGLISH))
    }
}

impl From<Phrase> for Arg {
    fn from(phrase: Phrase) -> Arg {
        Arg::Phrase(phrase)
    }
}

impl From<Vec<Phrase>> for Arg {
    fn from(phrases: Vec<Phrase>) -> Arg {
        Arg::Phrases(phrases)
    }
}

/// A phrase, or nothing at all (a hint there is none of).
impl From<Option<Phrase>> for Arg {
    fn from(phrase: Option<Phrase>) -> Arg {
        phrase.map_or(Arg::Text(Cow::Borrowed("")), Arg::Phrase)
    }
}

impl From<String> for Arg {
    fn from(text: String) -> Arg {
        Arg::Text(Cow::Owned(text))
    }
}

impl From<&'static str> for Arg {
    fn from(text: &'static str) -> Arg {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl From<i64> for Arg {
    fn from(n: i64) -> Arg {
        Arg::Number(n)
    }
}
