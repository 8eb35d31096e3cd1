//! RON, read into a tree of values that remember where they were written.
//!
//! One parser gives both the values and their places, so a location can never disagree with what
//! was parsed. It follows RON's whole grammar (nested block comments, raw strings and raw names,
//! byte strings, chars, escapes, ranges, `#![enable(...)]`), in time and memory linear in the
//! text, and no file can drive it deeper than [`MAX_DEPTH`] levels.

mod lexer;
mod lines;
mod parser;

pub use lexer::{Lexed, Lexer, Token};
pub use lines::LineIndex;
pub use parser::parse;

use super::phrase::Phrase;

/// How deeply values may nest; a scenario needs six levels.
pub const MAX_DEPTH: usize = 32;

/// RON's extensions, which a file may switch on with `#![enable(...)]`.
pub const EXTENSIONS: [&str; 4] =
    ["implicit_some", "unwrap_newtypes", "unwrap_variant_newtypes", "explicit_struct_names"];

/// What went wrong, at which byte of the text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    pub at: usize,
    pub phrase: Phrase,
}

/// A number as written: its value, and whether it was written as a whole number.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Number {
    pub value: f64,
    /// Written as a whole number (`12`, `-3`, `0x1F`), not a float (`2.0`, `1e3`).
    pub integer: bool,
    /// Its exact value when it was written whole and fits ±2¹²⁷.
    pub whole: Option<i128>,
}

impl Number {
    pub fn whole(whole: i128) -> Self {
        Number { value: whole as f64, integer: true, whole: Some(whole) }
    }

    pub fn float(value: f64) -> Self {
        Number { value, integer: false, whole: None }
    }
}

/// A name as written, with where it starts (`r#name` is `name`).
#[derive(Clone, Debug, PartialEq)]
pub struct Name {
    pub text: String,
    pub at: usize,
}

/// A value and the byte where it starts.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub value: Value,
    pub at: usize,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// `()`.
    Unit,
    Bool(bool),
    Number(Number),
    /// A string; `content_at` is where its text starts when that text is the value itself.
    Str {
        text: String,
        content_at: Option<usize>,
    },
    Bytes(Vec<u8>),
    Char(char),
    /// `None` or `Some(value)`.
    Option(Option<Box<Node>>),
    List(Vec<Node>),
    Map(Vec<(Node, Node)>),
    /// `(a, b)` or `Name(a, b)`.
    Tuple {
        name: Option<Name>,
        items: Vec<Node>,
    },
    /// `(field: value, …)` or `Name(field: value, …)`.
    Struct {
        name: Option<Name>,
        fields: Vec<(Name, Node)>,
    },
    /// A bare name: a unit struct or enum variant (`Quota` alone), or `inf` / `NaN`.
    Ident(Name),
    /// `a..b`, `a..=b`, `a..`, `..b`, `..`.
    Range {
        start: Option<Box<Node>>,
        inclusive: bool,
        end: Option<Box<Node>>,
    },
}

/// A whole RON document: the extensions it enables and its one value.
#[derive(Clone, Debug, PartialEq)]
pub struct Document {
    pub extensions: Vec<Name>,
    pub root: Node,
}

impl Document {
    pub fn enables(&self, extension: &str) -> bool {
        self.extensions.iter().any(|e| e.text == extension)
    }
}

/// The byte ranges of every token of `text`, up to the first that cannot be read (for tools that
/// edit a file token by token, like the loader's fuzzing).
pub fn token_spans(text: &str) -> Vec<std::ops::Range<usize>> {
    let mut lexer = Lexer::new(text);
    let mut spans = Vec::new();
    while let Ok(Some(lexed)) = lexer.next_token() {
        spans.push(lexed.at..lexed.end);
    }
    spans
}

/// `text` as it goes into a message: long text is cut to its first 40 characters.
pub fn cut(text: &str) -> String {
    const SHOWN: usize = 40;
    match text.char_indices().nth(SHOWN) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}
