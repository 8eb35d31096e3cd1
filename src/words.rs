//! The words the scenario loader, the simulation and the interface show, kept as data: one Fluent
//! file a language (`assets/i18n/<id>.ftl`). English and Spanish are built in; any other file in
//! that folder of the working directory is read at start, so a third language is one new file.

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use std::collections::HashMap;
use std::path::Path;
use std::sync::OnceLock;

/// The built-in files, English first: it is what a message missing elsewhere falls back to.
const BUILT_IN: [(&str, &str); 2] =
    [("en", include_str!("../assets/i18n/en.ftl")), ("es", include_str!("../assets/i18n/es.ftl"))];

/// Where a language file is looked for, from the working directory.
pub const FOLDER: &str = "assets/i18n";

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
    languages: Vec<Language>,
}

struct Language {
    id: String,
    bundle: FluentBundle<FluentResource>,
    /// The ids of its messages, in file order.
    ids: Vec<String>,
    /// Every message that takes no argument, worked out once (the interface's labels).
    plain: HashMap<String, String>,
}

/// The words of this process: the built-in languages and those in [`FOLDER`] (a file there
/// named like a built-in one takes its place). A file that does not parse is left out, and
/// said so on standard error.
pub fn words() -> &'static Words {
    static WORDS: OnceLock<Words> = OnceLock::new();
    WORDS.get_or_init(|| {
        let (words, problems) = Words::load(Path::new(FOLDER));
        for problem in problems {
            eprintln!("{problem}");
        }
        words
    })
}

impl Words {
    /// English and Spanish as built in.
    pub fn built_in() -> Words {
        let languages =
            BUILT_IN.iter().map(|&(id, text)| Language::new(id, text).expect("built-in files parse"));
        Words { languages: languages.collect() }
    }

    /// The built-in languages with every `*.ftl` file of `folder` (sorted by name), and what
    /// was wrong with the files left out.
    pub fn load(folder: &Path) -> (Words, Vec<String>) {
        let mut words = Words::built_in();
        let mut problems = Vec::new();
        let mut files: Vec<_> = std::fs::read_dir(folder)
            .map(|dir| dir.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        files.retain(|p| p.extension().is_some_and(|e| e == "ftl"));
        files.sort();
        for path in files {
            let id = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_owned();
            let read = std::fs::read_to_string(&path).map_err(|e| e.to_string());
            match read.and_then(|text| Language::new(&id, &text)) {
                Ok(language) => match words.languages.iter().position(|l| l.id == id) {
                    Some(i) => words.languages[i] = language,
                    None => words.languages.push(language),
                },
                Err(why) => problems.push(format!("{}: left out: {why}", path.display())),
            }
        }
        (words, problems)
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
        &self.language(lang).id
    }

    /// Message `id` in `lang` with `args`; in English when `lang` lacks it, `id` itself when
    /// English does too.
    pub fn say(&self, lang: Lang, id: &str, args: &[(&str, FluentValue)]) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(*name, value.clone());
        }
        for language in [self.language(lang), &self.languages[0]] {
            if let Some(pattern) = language.bundle.get_message(id).and_then(|m| m.value()) {
                let mut errors = Vec::new();
                return language.bundle.format_pattern(pattern, Some(&fluent), &mut errors).into_owned();
            }
        }
        id.to_owned()
    }

    /// Message `id`, which takes no argument, in `lang` (falling back as [`say`](Self::say)).
    pub fn plain<'w>(&'w self, lang: Lang, id: &'w str) -> &'w str {
        let found = [self.language(lang), &self.languages[0]].into_iter().find_map(|l| l.plain.get(id));
        found.map_or(id, String::as_str)
    }

    /// Whether `lang`'s own file has message `id` (not through English).
    pub fn has(&self, lang: Lang, id: &str) -> bool {
        self.language(lang).bundle.has_message(id)
    }

    /// The messages English has and `lang` lacks.
    pub fn missing(&self, lang: Lang) -> Vec<&str> {
        let theirs = &self.language(lang).bundle;
        self.languages[0].ids.iter().map(String::as_str).filter(|id| !theirs.has_message(id)).collect()
    }

    fn language(&self, lang: Lang) -> &Language {
        self.languages.get(lang.0).unwrap_or(&self.languages[0])
    }
}

impl Language {
    fn new(id: &str, text: &str) -> Result<Language, String> {
        let resource = FluentResource::try_new(text.to_owned())
            .map_err(|(_, errors)| errors.iter().map(|e| format!("{e:?}")).collect::<Vec<_>>().join("; "))?;
        let tag = id.parse().map_err(|_| format!("`{id}` is not a language tag"))?;
        let mut bundle = FluentBundle::new_concurrent(vec![tag]);
        bundle.set_use_isolating(false); // no invisible direction marks around arguments
        bundle.add_builtins().map_err(|e| format!("{e:?}"))?;
        // The ids of its messages, as Fluent's own parser read them.
        let ids: Vec<String> = (resource.entries())
            .filter_map(|entry| match entry {
                fluent_syntax::ast::Entry::Message(message) => Some(message.id.name.to_owned()),
                _ => None,
            })
            .collect();
        bundle.add_resource(resource).map_err(|e| format!("{e:?}"))?;
        let mut plain = HashMap::new();
        for message_id in &ids {
            let Some(pattern) = bundle.get_message(message_id).and_then(|m| m.value()) else { continue };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors);
            if errors.is_empty() {
                plain.insert(message_id.clone(), text.into_owned());
            }
        }
        Ok(Language { id: id.to_owned(), bundle, ids, plain })
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
