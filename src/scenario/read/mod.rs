//! First phase of loading: the syntax tree read into [`RawScenario`] by the scenario's own shape,
//! recording where every value was written. Every wrong shape is reported at once, in the
//! scenario's words: "a station needs `pos`", "a cost is a whole number, not 1.5".

mod schema;

use super::diagnostic::{Diagnostic, Severity, did_you_mean, number};
use super::limits::{self, grouped};
use super::locate::Locations;
use super::raw::{FactValues, RawScenario};
use super::syntax::{Document, Name, Node, Value, cut};

/// A struct the scenario format knows: its name, in words, and its fields.
pub(super) struct Shape {
    pub name: &'static str,
    pub what: &'static str,
    pub fields: &'static [&'static str],
}

pub struct Reader<'a, 't> {
    file: &'a str,
    at: &'a mut Locations<'t>,
    /// `#![enable(explicit_struct_names)]`: every struct must be written with its name.
    explicit_names: bool,
    pub problems: Vec<Diagnostic>,
}

/// Reads `document` as a scenario, or says everything that is the wrong shape.
pub fn read(document: &Document, file: &str, at: &mut Locations) -> Result<RawScenario, Vec<Diagnostic>> {
    let mut reader =
        Reader { file, at, explicit_names: document.enables("explicit_struct_names"), problems: Vec::new() };
    let raw = reader.scenario(&document.root);
    match raw {
        Some(raw) if reader.problems.is_empty() => Ok(raw),
        _ => {
            reader.problems.sort_by_key(|d| (d.line, d.column));
            Err(reader.problems)
        }
    }
}

/// A value in words, for "found …".
fn describe(node: &Node) -> String {
    match &node.value {
        Value::Unit => "`()`".into(),
        Value::Bool(b) => format!("`{b}`"),
        Value::Number(n) => format!("the number {}", number(n.value)),
        Value::Str { text, .. } => format!("the string \"{}\"", cut(text)),
        Value::Bytes(_) => "a byte string".into(),
        Value::Char(c) => format!("the character '{c}'"),
        Value::Option(None) => "`None`".into(),
        Value::Option(Some(_)) => "`Some(...)`".into(),
        Value::List(_) => "a list `[...]`".into(),
        Value::Map(_) => "a map `{...}`".into(),
        Value::Tuple { name: Some(name), .. } | Value::Struct { name: Some(name), .. } => {
            format!("`{}(...)`", cut(&name.text))
        }
        Value::Tuple { name: None, .. } => "a tuple `(...)`".into(),
        Value::Struct { name: None, .. } => "a struct `(...)`".into(),
        Value::Ident(name) => format!("`{}`", cut(&name.text)),
        Value::Range { .. } => "a range".into(),
    }
}

fn join(path: &str, field: &str) -> String {
    if path.is_empty() { field.to_owned() } else { format!("{path}.{field}") }
}

/// A struct's fields as written, each once.
struct Fields<'n> {
    path: String,
    at: usize,
    what: &'static str,
    entries: Vec<(&'n str, &'n Node)>,
}

impl<'n> Fields<'n> {
    fn get(&self, field: &str) -> Option<&'n Node> {
        self.entries.iter().find(|(name, _)| *name == field).map(|(_, node)| *node)
    }

    fn path(&self, field: &str) -> String {
        join(&self.path, field)
    }
}

impl Reader<'_, '_> {
    fn error(&mut self, at: usize, field: &str, message: String) {
        let position = self.at.position(at);
        self.problems.push(Diagnostic {
            severity: Severity::Error,
            file: self.file.to_owned(),
            line: position.line,
            column: position.column,
            field: field.to_owned(),
            message,
        });
    }

    fn wrong(&mut self, node: &Node, path: &str, expected: &str) {
        self.error(node.at, path, format!("expected {expected}, found {}", describe(node)));
    }

    /// The fields of `node` read as `shape`: unknown and repeated fields are reported.
    fn fields<'n>(&mut self, node: &'n Node, path: &str, shape: &Shape) -> Option<Fields<'n>> {
        self.at.record(path, node.at);
        let (name, written): (Option<&Name>, &'n [(Name, Node)]) = match &node.value {
            Value::Struct { name, fields } => (name.as_ref(), fields),
            Value::Unit => (None, &[]),
            Value::Tuple { name, items } if items.is_empty() => (name.as_ref(), &[]),
            _ => {
                self.wrong(node, path, &format!("{}, written `({}: …, …)`", shape.what, shape.fields[0]));
                return None;
            }
        };
        match name {
            Some(name) if name.text != shape.name => {
                let message = format!(
                    "expected {}, written `{}(...)` or `(...)`, found `{}(...)`",
                    shape.what,
                    shape.name,
                    cut(&name.text)
                );
                self.error(name.at, path, message);
            }
            None if self.explicit_names => {
                let message = format!("with `explicit_struct_names` enabled, write `{}(...)`", shape.name);
                self.error(node.at, path, message);
            }
            _ => {}
        }
        let mut fields = Fields { path: path.to_owned(), at: node.at, what: shape.what, entries: Vec::new() };
        for (name, value) in written {
            let field_path = join(path, &name.text);
            if !shape.fields.contains(&name.text.as_str()) {
                let hint = did_you_mean(&name.text, shape.fields.iter().copied());
                let message = format!(
                    "{} has no field `{}`{hint}; its fields are {}",
                    shape.what,
                    cut(&name.text),
                    shape.fields.join(", ")
                );
                self.error(name.at, path, message);
            } else if fields.get(&name.text).is_some() {
                self.error(name.at, &field_path, format!("`{}` is given twice", name.text));
            } else {
                fields.entries.push((shape.fields.iter().find(|f| **f == name.text).unwrap(), value));
            }
        }
        Some(fields)
    }

    /// A field that must be there.
    fn required<'n>(&mut self, fields: &Fields<'n>, field: &str) -> Option<&'n Node> {
        let found = fields.get(field);
        if found.is_none() {
            let message = format!("{} needs `{field}`", fields.what);
            self.error(fields.at, &fields.path, message);
        }
        found
    }

    fn string(&mut self, node: &Node, path: &str) -> Option<String> {
        match &node.value {
            Value::Str { text, content_at } => {
                self.at.record_string(path, node.at, *content_at);
                Some(text.clone())
            }
            _ => {
                self.at.record(path, node.at);
                self.wrong(node, path, "a string in quotes");
                None
            }
        }
    }

    /// Any number (`inf` and `NaN` too: the checks that follow say what range it needs).
    fn number(&mut self, node: &Node, path: &str) -> Option<f64> {
        self.at.record(path, node.at);
        match &node.value {
            Value::Number(n) => Some(n.value),
            Value::Ident(name) if name.text == "inf" => Some(f64::INFINITY),
            Value::Ident(name) if name.text == "NaN" => Some(f64::NAN),
            _ => {
                self.wrong(node, path, "a number");
                None
            }
        }
    }

    fn whole(&mut self, node: &Node, path: &str) -> Option<i64> {
        self.at.record(path, node.at);
        match &node.value {
            // `2.0` is a whole number too, written as a float.
            Value::Number(n) if !n.integer && n.value.fract() == 0.0 && n.value.abs() < 9e15 => {
                Some(n.value as i64)
            }
            Value::Number(n) if n.integer => match n.whole.and_then(|w| i64::try_from(w).ok()) {
                Some(w) => Some(w),
                None => {
                    self.error(node.at, path, format!("{} is too large a whole number", number(n.value)));
                    None
                }
            },
            Value::Number(n) => {
                self.error(node.at, path, format!("expected a whole number, found {}", number(n.value)));
                None
            }
            _ => {
                self.wrong(node, path, "a whole number");
                None
            }
        }
    }

    /// `(x, y)`.
    fn pair(&mut self, node: &Node, path: &str) -> Option<(f64, f64)> {
        self.at.record(path, node.at);
        match &node.value {
            Value::Tuple { name: None, items } if items.len() == 2 => {
                let x = self.number(&items[0], &format!("{path}.0"));
                let y = self.number(&items[1], &format!("{path}.1"));
                Some((x?, y?))
            }
            _ => {
                self.wrong(node, path, "a position written `(x, y)`");
                None
            }
        }
    }

    /// A list of at most `max` items, each read by `item` at `path[i]`.
    fn list<T>(
        &mut self,
        node: &Node,
        path: &str,
        what: &str,
        max: usize,
        mut item: impl FnMut(&mut Self, &Node, &str) -> Option<T>,
    ) -> Option<Vec<T>> {
        self.at.record(path, node.at);
        let Value::List(items) = &node.value else {
            self.wrong(node, path, &format!("a list of {what} `[...]`"));
            return None;
        };
        if items.len() > max {
            let message = format!("at most {} {what} (this list has {})", grouped(max), grouped(items.len()));
            self.error(node.at, path, message);
            return None;
        }
        let read: Vec<Option<T>> =
            items.iter().enumerate().map(|(i, node)| item(self, node, &format!("{path}[{i}]"))).collect();
        read.into_iter().collect()
    }

    fn strings(&mut self, node: &Node, path: &str, what: &str, max: usize) -> Option<Vec<String>> {
        self.list(node, path, what, max, |reader, node, path| reader.string(node, path))
    }

    /// `{"bread": 2, "fireLit": false}`: fact names and whole numbers (or true / false).
    fn fact_values(&mut self, node: &Node, path: &str) -> Option<FactValues> {
        self.at.record(path, node.at);
        let Value::Map(entries) = &node.value else {
            self.wrong(node, path, "a map of facts, written `{\"bread\": 2}`");
            return None;
        };
        if entries.len() > limits::MAX_FACTS {
            let message = format!(
                "at most {} facts (this map has {})",
                grouped(limits::MAX_FACTS),
                grouped(entries.len())
            );
            self.error(node.at, path, message);
            return None;
        }
        let mut values = Vec::new();
        let mut whole = true;
        for (key, value) in entries {
            let name = match &key.value {
                Value::Str { text, .. } => text.clone(),
                Value::Ident(name) => {
                    let message = format!("a fact's name is a string: write \"{}\"", cut(&name.text));
                    self.error(key.at, path, message);
                    whole = false;
                    continue;
                }
                _ => {
                    self.wrong(key, path, "a fact name in quotes");
                    whole = false;
                    continue;
                }
            };
            let entry = join(path, &name);
            self.at.record(&entry, key.at);
            let number = match &value.value {
                Value::Bool(b) => Some(i64::from(*b)),
                _ => self.whole(value, &entry),
            };
            match number {
                Some(number) => values.push((name, number)),
                None => whole = false,
            }
        }
        whole.then_some(FactValues(values))
    }
}
