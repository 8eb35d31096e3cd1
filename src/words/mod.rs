//! The words the scenario loader, the simulation and the interface show, kept as data: one Fluent
//! file a language (`assets/i18n/<id>.ftl`). English and Spanish are built in; a file of that
//! folder in the working directory adds a language (a third language is one new file) or, named
//! like a built-in one, rewords its messages. A file is read only when its language is first
//! used, capped in size, and never if it is not a plain file (a FIFO would block).

mod language;

use fluent_bundle::{FluentArgs, FluentValue};
use language::{Language, read_capped};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// The built-in files, English first: it is what a message missing elsewhere falls back to.
const BUILT_IN: [(&str, &str); 2] =
    [("en", include_str!("../../assets/i18n/en.ftl")), ("es", include_str!("../../assets/i18n/es.ftl"))];

/// Where a language file is looked for, from the working directory.
pub const FOLDER: &str = "assets/i18n";

/// The largest language file read: ten times the built-in ones (about 20 KB each).
pub const MAX_FILE_BYTES: u64 = 256 * 1024;

/// A language: an index into [`Words`]' languages, the built-in ones first.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "sim", derive(bevy::ecs::resource::Resource))]
pub struct Lang(pub usize);

impl Lang {
    pub const ENGLISH: Lang = Lang(0);
    pub const SPANISH: Lang = Lang(1);
}

/// Every language's messages.
pub struct Words {
    languages: Vec<Slot>,
    /// Whether what is wrong with a file is said on standard error as it is read.
    tell: bool,
}

/// A language: its built-in messages, if it has any, and a file of the folder, read when first
/// needed, whose messages come first.
struct Slot {
    id: String,
    built_in: Option<Language>,
    file: Option<PathBuf>,
    /// The file's messages (none if it could not be used) and what was wrong with it.
    read: OnceLock<(Option<Language>, Vec<String>)>,
}

/// A word, a name, code or a number already written, given to a message as it is: the same in
/// every language (not formatted as a number of the language).
pub fn verbatim(s: impl Into<String>) -> FluentValue<'static> {
    FluentValue::String(s.into().into())
}

/// The words of this process: the built-in languages and those in [`FOLDER`]. What is wrong
/// with a file is said on standard error when its language is first used.
pub fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| Words { tell: true, ..Words::load(Path::new(FOLDER)) })
}

impl Words {
    /// English and Spanish as built in.
    pub fn built_in() -> Words {
        let languages = BUILT_IN.iter().map(|&(id, text)| Slot {
            id: id.to_owned(),
            built_in: Some(Language::new(id, text).expect("built-in files parse")),
            file: None,
            read: OnceLock::new(),
        });
        Words { languages: languages.collect(), tell: false }
    }

    /// The built-in languages with every `*.ftl` file of `folder` (sorted by name): only their
    /// names are read here, each file when its language is first used.
    pub fn load(folder: &Path) -> Words {
        let mut words = Words::built_in();
        let mut files: Vec<_> = std::fs::read_dir(folder)
            .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "ftl"));
        files.sort();
        for path in files {
            let Some(id) = path.file_stem().and_then(|s| s.to_str()).map(str::to_owned) else { continue };
            match words.languages.iter_mut().find(|l| l.id == id) {
                Some(slot) => slot.file = Some(path),
                None => {
                    words.languages.push(Slot { id, built_in: None, file: Some(path), read: OnceLock::new() })
                }
            }
        }
        words
    }

    /// What is wrong with `lang`'s file (read now if it was not yet): why it was left out, or
    /// which of its messages read arguments the English one is not given.
    pub fn problems(&self, lang: Lang) -> &[String] {
        self.slot(lang).map_or(&[], |slot| &self.read(slot).1)
    }

    /// The language whose file is `<id>.ftl`.
    pub fn lang(&self, id: &str) -> Option<Lang> {
        self.languages.iter().position(|l| l.id == id).map(Lang)
    }

    /// How many languages there are.
    pub fn count(&self) -> usize {
        self.languages.len()
    }

    /// The language's file name, `en`, `es`.
    pub fn id(&self, lang: Lang) -> &str {
        self.slot(lang).map_or("en", |slot| &slot.id)
    }

    /// Message `id` in `lang` with `args`: from its file, else as built in, else in English;
    /// `id` itself when English lacks it too.
    pub fn say(&self, lang: Lang, id: &str, args: &[(&str, FluentValue)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(*name, value.clone());
        }
        for language in self.chain(lang) {
            if let Some(pattern) = language.bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return language.bundle.format_pattern(pattern, Some(&fluent), &mut errors).into_owned();
            }
        }
        id.to_owned()
    }

    /// Message `id`, which takes no argument, in `lang` (falling back as [`say`](Self::say)).
    pub fn plain<'w>(&'w self, lang: Lang, id: &'w str) -> &'w str {
        let found = self.chain(lang).find_map(|l| l.plain.get(id));
        found.map_or(id, String::as_str)
    }

    /// Whether `lang` has message `id` of its own (from its file or built in, not through English).
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.own(lang).any(|l| l.bundle.has_message(id))
    }

    /// The messages English has and `lang` lacks.
    pub fn missing(&self, lang: Lang) -> Vec<&str> {
        let english = self.languages[0].built_in.as_ref().expect("English is built in");
        english.ids.iter().map(String::as_str).filter(|id| !self.has(lang, id)).collect()
    }

    fn slot(&self, lang: Lang) -> Option<&Slot> {
        self.languages.get(lang.0)
    }

    /// `lang`'s own messages: its file's, then its built-in ones.
    fn own(&self, lang: Lang) -> impl Iterator<Item = &Language> {
        let slot = self.slot(lang);
        let file = slot.and_then(|slot| self.read(slot).0.as_ref());
        file.into_iter().chain(slot.and_then(|slot| slot.built_in.as_ref()))
    }

    /// Where a message of `lang` is looked for: its own, then built-in English.
    fn chain(&self, lang: Lang) -> impl Iterator<Item = &Language> {
        self.own(lang).chain(self.languages[0].built_in.as_ref())
    }

    /// `slot`'s file, read and checked the first time it is asked for.
    fn read<'w>(&'w self, slot: &'w Slot) -> &'w (Option<Language>, Vec<String>) {
        slot.read.get_or_init(|| {
            let Some(path) = &slot.file else { return (None, Vec::new()) };
            let english = self.languages[0].built_in.as_ref().expect("English is built in");
            let read = read_capped(path).and_then(|text| Language::new(&slot.id, &text));
            let (language, problems) = match read {
                Ok(language) => {
                    let warnings = language.unknown_arguments(english);
                    (
                        Some(language),
                        warnings.into_iter().map(|w| format!("{}: {w}", path.display())).collect(),
                    )
                }
                Err(why) => (None, vec![format!("{}: left out: {why}", path.display())]),
            };
            if self.tell {
                problems.iter().for_each(|p| eprintln!("{p}"));
            }
            (language, problems)
        })
    }
}

/// A fact's name in words: its own message `fact-<name>` where a language file has one (in
/// English when the language lacks it), else the name split into words (`ironIngot` → `iron
/// ingot`).
pub fn fact_words(lang: Lang, name: &str) -> String {
    let id = format!("fact-{name}");
    let words = words();
    match words.has(lang, &id) || words.has(Lang::ENGLISH, &id) {
        true => words.say(lang, &id, &[]),
        false => humanised(name),
    }
}

/// An identifier in words: camelCase and snake_case split at their joins, lower case, a number
/// set apart (`pickDurability` → `pick durability`, `oven2` → `oven 2`).
pub fn humanised(name: &str) -> String {
    let mut out = String::with_capacity(name.len() + 4);
    let mut previous: Option<char> = None;
    for c in name.chars() {
        let join = match previous {
            None => false,
            Some(p) if c == '_' || c == '-' => {
                previous = Some(p);
                if !out.ends_with(' ') {
                    out.push(' ');
                }
                continue;
            }
            Some(p) => {
                (c.is_uppercase() && (p.is_lowercase() || p.is_ascii_digit()))
                    || (c.is_ascii_digit() && p.is_alphabetic())
            }
        };
        if join && !out.ends_with(' ') {
            out.push(' ');
        }
        out.extend(c.to_lowercase());
        previous = Some(c);
    }
    out.trim().to_owned()
}

/// Whose a fact is, as a condition on it is said: the town's (a world fact) or the villager's own.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Whose {
    Town,
    Own,
}

/// A condition in words: what it asks for (`tools`, `tools (at least 3)`, `no fire lit`) and,
/// when `now` is known, how it stands (`tools: none in the town`, `water: it has 2`). A count
/// below zero is said as none.
pub fn condition_words(
    lang: Lang,
    fact: &str,
    whose: Whose,
    compare: crate::planner::Compare,
    value: i32,
    now: Option<i32>,
) -> String {
    use crate::planner::Compare;
    let words = words();
    let what_id = match compare {
        Compare::AtLeast => "condition-at-least",
        Compare::AtMost => "condition-at-most",
        Compare::Exactly => "condition-exactly",
        Compare::Differs => "condition-differs",
    };
    let fact = FluentValue::String(fact_words(lang, fact).into());
    let what = words.say(lang, what_id, &[("fact", fact), ("value", value.into())]);
    let Some(now) = now else { return what };
    let now_id = match whose {
        Whose::Town => "condition-now-town",
        Whose::Own => "condition-now-own",
    };
    let now = words.say(lang, now_id, &[("now", now.max(0).into())]);
    words.say(lang, "condition-standing", &[("what", what.into()), ("now", now.into())])
}

/// `needs tools: none in the town`: a condition (from [`condition_words`]) an action or a goal needs.
pub fn needs_words(lang: Lang, condition: String) -> String {
    words().say(lang, "condition-needs", &[("condition", condition.into())])
}
