//! One language's file, read and compiled: its Fluent messages in a bundle, their ids, the
//! arguments each reads, and those that take none worked out once — or why it is left out.

use super::MAX_FILE_BYTES;
use crate::files::{self, ReadError};
use fluent_bundle::FluentResource;
use fluent_bundle::concurrent::FluentBundle;
use std::collections::{BTreeSet, HashMap};
use std::path::Path;

/// One language's messages, compiled.
pub(super) struct Language {
    pub bundle: FluentBundle<FluentResource>,
    /// The ids of its messages, in file order.
    pub ids: Vec<String>,
    /// Every message that takes no argument, worked out once (the interface's labels).
    pub plain: HashMap<String, String>,
    /// The arguments each message reads (`$file`), by id.
    arguments: HashMap<String, BTreeSet<String>>,
}

/// Why a language file is left out: said on the console, after its path.
#[derive(Debug, thiserror::Error)]
pub(super) enum LeftOut {
    #[error("not a plain file")]
    NotAFile,
    #[error("larger than {} KiB", MAX_FILE_BYTES / 1024)]
    TooLarge,
    #[error(transparent)]
    Unreadable(std::io::Error),
    /// As the standard library says it of a file read as text.
    #[error("stream did not contain valid UTF-8")]
    NotUtf8,
    /// What Fluent said of it: its syntax errors, or why its messages do not make a bundle.
    #[error("{0}")]
    Fluent(String),
    #[error("`{0}` is not a language tag")]
    NotATag(String),
}

/// The text of a language file: a plain file (not a FIFO or a device) of at most
/// [`MAX_FILE_BYTES`].
pub(super) fn read_capped(path: &Path) -> Result<String, LeftOut> {
    let bytes = files::read_capped(path, MAX_FILE_BYTES as usize).map_err(|e| match e {
        ReadError::NotAFile(_) => LeftOut::NotAFile,
        ReadError::TooLarge => LeftOut::TooLarge,
        ReadError::Io(e) => LeftOut::Unreadable(e),
    })?;
    String::from_utf8(bytes).map_err(|_| LeftOut::NotUtf8)
}

impl Language {
    pub fn new(id: &str, text: &str) -> Result<Language, LeftOut> {
        let resource = FluentResource::try_new(text.to_owned()).map_err(|(_, errors)| {
            // Each syntax error where it is, `line:column: what`, as a scenario's problems are said.
            let lines = crate::scenario::syntax::LineIndex::new(text);
            let said = errors.iter().map(|e| {
                let (line, column) = lines.position(e.pos.start);
                format!("{line}:{column}: {e}")
            });
            LeftOut::Fluent(said.collect::<Vec<_>>().join("; "))
        })?;
        let tag = id.parse().map_err(|_| LeftOut::NotATag(id.to_owned()))?;
        let mut bundle = FluentBundle::new_concurrent(vec![tag]);
        bundle.set_use_isolating(false); // no invisible direction marks around arguments
        bundle.add_builtins().map_err(|e| LeftOut::Fluent(format!("{e:?}")))?;
        // The ids of its messages and the arguments each reads, as Fluent's own parser read them.
        let mut ids = Vec::new();
        let mut arguments = HashMap::new();
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(message) = entry {
                let mut read = BTreeSet::new();
                if let Some(pattern) = &message.value {
                    variables(pattern, &mut read);
                }
                arguments.insert(message.id.name.to_owned(), read);
                ids.push(message.id.name.to_owned());
            }
        }
        bundle.add_resource(resource).map_err(|e| LeftOut::Fluent(format!("{e:?}")))?;
        let mut plain = HashMap::new();
        for message_id in &ids {
            let Some(pattern) = bundle.get_message(message_id).and_then(|m| m.value()) else { continue };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, None, &mut errors);
            if errors.is_empty() {
                plain.insert(message_id.clone(), text.into_owned());
            }
        }
        Ok(Language { bundle, ids, plain, arguments })
    }

    /// Its messages that read an argument the English message of that id does not (a
    /// misspelt `$name` would show as `{$name}`), each said as a warning.
    pub fn unknown_arguments(&self, english: &Language) -> Vec<String> {
        let mut warnings = Vec::new();
        for id in &self.ids {
            let Some(given) = english.arguments.get(id) else { continue };
            let unknown: Vec<String> =
                self.arguments[id].difference(given).map(|name| format!("{{ ${name} }}")).collect();
            if !unknown.is_empty() {
                let given: Vec<String> = given.iter().map(|name| format!("{{ ${name} }}")).collect();
                warnings.push(format!(
                    "warning: message `{id}` reads {}, which English does not give it (it is given {})",
                    unknown.join(", "),
                    if given.is_empty() { "none".to_owned() } else { given.join(", ") }
                ));
            }
        }
        warnings
    }
}

/// The arguments (`$name`) a message's pattern reads, in its selectors and variants too.
fn variables(pattern: &fluent_syntax::ast::Pattern<&str>, into: &mut BTreeSet<String>) {
    use fluent_syntax::ast::{Expression, InlineExpression, PatternElement};
    fn inline(expression: &InlineExpression<&str>, into: &mut BTreeSet<String>) {
        match expression {
            InlineExpression::VariableReference { id } => {
                into.insert(id.name.to_owned());
            }
            InlineExpression::FunctionReference { arguments, .. } => {
                arguments.positional.iter().for_each(|a| inline(a, into));
                arguments.named.iter().for_each(|a| inline(&a.value, into));
            }
            InlineExpression::Placeable { expression } => placeable(expression, into),
            _ => {}
        }
    }
    fn placeable(expression: &Expression<&str>, into: &mut BTreeSet<String>) {
        match expression {
            Expression::Inline(expression) => inline(expression, into),
            Expression::Select { selector, variants } => {
                inline(selector, into);
                variants.iter().for_each(|v| variables(&v.value, into));
            }
        }
    }
    for element in &pattern.elements {
        if let PatternElement::Placeable { expression } = element {
            placeable(expression, into);
        }
    }
}
