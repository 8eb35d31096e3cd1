//! First phase of loading: the syntax tree read into [`RawScenario`] by the scenario's own shape,
//! recording where every value was written. Every wrong shape is reported at once, in the
//! scenario's words: "a station needs `pos`", "a cost is a whole number, not 1.5"; a placeholder
//! stands in for what cannot be read (a [gap](super::raw::Gaps)), so that the rest is validated.

mod schema;

use super::diagnostic::{Diagnostic, Severity, near_miss, number, quoted};
use super::limits;
use super::locate::Locations;
use super::phrase::{Arg, Phrase, phrase};
use super::raw::{FactValues, Gaps, RawScenario};
use super::syntax::{Document, Name, Node, Value, cut};

/// A struct the scenario format knows: its name, in words, and its fields.
pub(super) struct Shape {
    pub name: &'static str,
    pub what: fn() -> Phrase,
    pub fields: &'static [&'static str],
}

pub struct Reader<'a, 't> {
    file: &'a str,
    at: &'a mut Locations<'t>,
    /// `#![enable(explicit_struct_names)]`: every struct must be written with its name.
    explicit_names: bool,
    pub problems: Vec<Diagnostic>,
    /// What could not be read, so that validation can check the rest.
    gaps: Gaps,
}

/// Reads `document` as a scenario: what could be read, with placeholders for the rest, and every
/// value of the wrong shape; or only those problems when the file is not a scenario at all.
pub fn read(
    document: &Document,
    file: &str,
    at: &mut Locations,
) -> Result<(RawScenario, Vec<Diagnostic>), Vec<Diagnostic>> {
    let mut reader = Reader {
        file,
        at,
        explicit_names: document.enables("explicit_struct_names"),
        problems: Vec::new(),
        gaps: Gaps::default(),
    };
    let raw = reader.scenario(&document.root);
    reader.problems.sort_by_key(|d| (d.line, d.column));
    match raw {
        Some(mut raw) => {
            raw.gaps = reader.gaps;
            Ok((raw, reader.problems))
        }
        None => Err(reader.problems),
    }
}

/// A value in words (code as it is), for "found …".
fn describe(node: &Node) -> Arg {
    match &node.value {
        Value::Unit => "`()`".into(),
        Value::Bool(b) => format!("`{b}`").into(),
        Value::Number(n) => phrase!("scenario-the-number", number = number(n.value)).into(),
        Value::Str { text, .. } => phrase!("scenario-the-string", text = cut(text)).into(),
        Value::Bytes(_) => phrase!("scenario-a-byte-string").into(),
        Value::Char(c) => phrase!("scenario-the-character", char = c.to_string()).into(),
        Value::Option(None) => "`None`".into(),
        Value::Option(Some(_)) => "`Some(...)`".into(),
        Value::List(_) => phrase!("scenario-a-list").into(),
        Value::Map(_) => phrase!("scenario-a-map", code = "{...}").into(),
        Value::Tuple { name: Some(name), .. } | Value::Struct { name: Some(name), .. } => {
            format!("`{}(...)`", cut(&name.text)).into()
        }
        Value::Tuple { name: None, .. } => phrase!("scenario-a-tuple").into(),
        Value::Struct { name: None, .. } => phrase!("scenario-a-struct").into(),
        Value::Ident(name) => format!("`{}`", cut(&name.text)).into(),
        Value::Range { .. } => phrase!("scenario-a-range").into(),
    }
}

fn join(path: &str, field: &str) -> String {
    if path.is_empty() { field.to_owned() } else { format!("{path}.{field}") }
}

/// A struct's fields as written, each once.
struct Fields<'n> {
    path: String,
    at: usize,
    what: fn() -> Phrase,
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
    fn error(&mut self, at: usize, field: &str, phrase: Phrase) {
        let position = self.at.position(at);
        let place = (position.line, position.column);
        self.problems.push(Diagnostic::new(Severity::Error, self.file, place, field, phrase));
    }

    /// `expected …, found …`, at `node`.
    fn wrong(&mut self, node: &Node, path: &str, expected: Phrase) {
        self.error(
            node.at,
            path,
            phrase!("scenario-expected-found", expected = expected, found = describe(node)),
        );
    }

    /// The fields of `node` read as `shape`: unknown and repeated fields are reported.
    fn fields<'n>(&mut self, node: &'n Node, path: &str, shape: &Shape) -> Option<Fields<'n>> {
        self.at.record(path, node.at);
        let (name, written): (Option<&Name>, &'n [(Name, Node)]) = match &node.value {
            Value::Struct { name, fields } => (name.as_ref(), fields),
            Value::Unit => (None, &[]),
            Value::Tuple { name, items } if items.is_empty() => (name.as_ref(), &[]),
            _ => {
                let expected =
                    phrase!("scenario-expected-shape", what = (shape.what)(), field = shape.fields[0]);
                self.wrong(node, path, expected);
                return None;
            }
        };
        match name {
            Some(name) if name.text != shape.name => {
                let what = (shape.what)();
                let found = cut(&name.text);
                let wrong_name =
                    phrase!("scenario-wrong-struct-name", what = what, name = shape.name, found = found);
                self.error(name.at, path, wrong_name);
            }
            None if self.explicit_names => {
                self.error(node.at, path, phrase!("scenario-explicit-names", name = shape.name));
            }
            _ => {}
        }
        let mut fields = Fields { path: path.to_owned(), at: node.at, what: shape.what, entries: Vec::new() };
        let mut misspelt = Vec::new();
        for (name, value) in written {
            let field_path = join(path, &name.text);
            if !shape.fields.contains(&name.text.as_str()) {
                let meant = near_miss(&name.text, shape.fields.iter().copied());
                misspelt.extend(meant);
                let no_such_field = phrase!(
                    "scenario-no-such-field",
                    what = (shape.what)(),
                    field = cut(&name.text),
                    hint = meant.map(|k| phrase!("scenario-did-you-mean", name = quoted(k))),
                    fields = shape.fields.join(", "),
                );
                self.error(name.at, path, no_such_field);
            } else if fields.get(&name.text).is_some() {
                self.error(name.at, &field_path, phrase!("scenario-field-twice", field = name.text.clone()));
            } else {
                fields.entries.push((shape.fields.iter().find(|f| **f == name.text).unwrap(), value));
            }
        }
        // A field written misspelt is a gap, not absent: what it held may be what is named
        // elsewhere (`wrld: {...}` and its facts).
        for meant in misspelt {
            if fields.get(meant).is_none() {
                self.gaps.paths.insert(join(path, meant));
            }
        }
        Some(fields)
    }

    /// A field that must be there.
    fn required<'n>(&mut self, fields: &Fields<'n>, field: &str) -> Option<&'n Node> {
        let found = fields.get(field);
        if found.is_none() {
            let missing = phrase!("scenario-missing-field", what = (fields.what)(), field = field.to_owned());
            self.error(fields.at, &fields.path, missing);
        }
        found
    }

    /// Marks `path` as a gap (its problem already reported) and gives the placeholder for it.
    fn gap<T: Default>(&mut self, path: &str) -> T {
        self.gaps.paths.insert(path.to_owned());
        T::default()
    }

    /// `value`, or a placeholder for what could not be read at `path`.
    fn or_gap<T: Default>(&mut self, value: Option<T>, path: &str) -> T {
        match value {
            Some(value) => value,
            None => self.gap(path),
        }
    }

    /// Field `name` of `fields` read by `read`, its default when it is optional and absent, or a
    /// placeholder when it is required and missing, or unreadable.
    fn field<T: Default>(
        &mut self,
        fields: &Fields<'_>,
        name: &str,
        required: bool,
        read: impl FnOnce(&mut Self, &Node, &str) -> Option<T>,
    ) -> T {
        let path = fields.path(name);
        let node = if required { self.required(fields, name) } else { fields.get(name) };
        match node {
            Some(node) => {
                let value = read(self, node, &path);
                self.or_gap(value, &path)
            }
            None if required => self.gap(&path),
            None => T::default(),
        }
    }

    fn string(&mut self, node: &Node, path: &str) -> Option<String> {
        match &node.value {
            Value::Str { text, content_at } => {
                self.at.record_string(path, node.at, *content_at);
                Some(text.clone())
            }
            _ => {
                self.at.record(path, node.at);
                self.wrong(node, path, phrase!("scenario-a-string-in-quotes"));
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
                self.wrong(node, path, phrase!("scenario-a-number"));
                None
            }
        }
    }

    /// A number, written bare or as RON's `Some(…)`; `None`: none.
    fn optional_number(&mut self, node: &Node, path: &str) -> Option<Option<f64>> {
        match &node.value {
            Value::Option(Some(inner)) => self.number(inner, path).map(Some),
            Value::Option(None) => Some(None),
            _ => self.number(node, path).map(Some),
        }
    }

    /// `true` or `false`.
    fn boolean(&mut self, node: &Node, path: &str) -> Option<bool> {
        self.at.record(path, node.at);
        match &node.value {
            Value::Bool(b) => Some(*b),
            _ => {
                self.wrong(node, path, phrase!("scenario-a-boolean"));
                None
            }
        }
    }

    fn whole(&mut self, node: &Node, path: &str) -> Option<i64> {
        self.at.record(path, node.at);
        self.whole_unrecorded(node, path)
    }

    /// [`whole`](Self::whole), for a value whose place is recorded otherwise (a map's entry is
    /// recorded at its key, once, so that a repeated key is found by how often it was written).
    fn whole_unrecorded(&mut self, node: &Node, path: &str) -> Option<i64> {
        match &node.value {
            // `2.0` is a whole number too, written as a float.
            Value::Number(n) if !n.integer && n.value.fract() == 0.0 && n.value.abs() < 9e15 => {
                Some(n.value as i64)
            }
            Value::Number(n) if n.integer => match n.whole.and_then(|w| i64::try_from(w).ok()) {
                Some(w) => Some(w),
                None => {
                    self.error(node.at, path, phrase!("scenario-too-large-whole", number = number(n.value)));
                    None
                }
            },
            Value::Number(n) => {
                let expected = phrase!("scenario-a-whole-number");
                self.error(
                    node.at,
                    path,
                    phrase!("scenario-expected-found", expected = expected, found = number(n.value)),
                );
                None
            }
            _ => {
                self.wrong(node, path, phrase!("scenario-a-whole-number"));
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
                self.wrong(node, path, phrase!("scenario-a-position"));
                None
            }
        }
    }

    /// A list of at most `max` items, each read by `item` at `path[i]` (which stands in for what
    /// it cannot read), or nothing when it is not a list or too long.
    fn list<T>(
        &mut self,
        node: &Node,
        path: &str,
        what: fn() -> Phrase,
        max: usize,
        mut item: impl FnMut(&mut Self, &Node, &str) -> T,
    ) -> Option<Vec<T>> {
        self.at.record(path, node.at);
        let Value::List(items) = &node.value else {
            self.wrong(node, path, phrase!("scenario-a-list-of", items = what()));
            return None;
        };
        if items.len() > max {
            let (max, count) = (Arg::Count(max as u64), Arg::Count(items.len() as u64));
            self.error(
                node.at,
                path,
                phrase!("scenario-list-too-long", max = max, items = what(), count = count),
            );
            return None;
        }
        Some(items.iter().enumerate().map(|(i, node)| item(self, node, &format!("{path}[{i}]"))).collect())
    }

    /// A list of strings; one that is not a string is a gap.
    fn strings(&mut self, node: &Node, path: &str, what: fn() -> Phrase, max: usize) -> Option<Vec<String>> {
        self.list(node, path, what, max, |reader, node, path| {
            let text = reader.string(node, path);
            reader.or_gap(text, path)
        })
    }

    /// `{"bread": 2, "fireLit": false}`: fact names and whole numbers (or true / false). A fact
    /// whose value cannot be read is still there (with a placeholder value), and one named bare
    /// (`bread: 2`) is there by that name, so that what refers to them is still checked. When the
    /// map `declares` facts (`world`, `agent`), a name that cannot be read is a gap in the facts.
    fn fact_values(&mut self, node: &Node, path: &str, declares: bool) -> Option<FactValues> {
        self.at.record(path, node.at);
        let Value::Map(entries) = &node.value else {
            self.wrong(node, path, phrase!("scenario-a-map-of-facts", example = r#"{"bread": 2}"#));
            return None;
        };
        if entries.len() > limits::MAX_FACTS {
            let (max, count) = (Arg::Count(limits::MAX_FACTS as u64), Arg::Count(entries.len() as u64));
            self.error(node.at, path, phrase!("scenario-too-many-fact-values", max = max, count = count));
            return None;
        }
        let mut values = Vec::new();
        for (key, value) in entries {
            let name = match &key.value {
                Value::Str { text, .. } => text.clone(),
                Value::Ident(name) => {
                    self.error(
                        key.at,
                        path,
                        phrase!("scenario-fact-name-is-a-string", name = cut(&name.text)),
                    );
                    name.text.clone()
                }
                _ => {
                    self.wrong(key, path, phrase!("scenario-a-fact-name-in-quotes"));
                    self.gaps.facts |= declares;
                    continue;
                }
            };
            let entry = join(path, &name);
            self.at.record(&entry, key.at);
            let number = match &value.value {
                Value::Bool(b) => Some(i64::from(*b)),
                _ => self.whole_unrecorded(value, &entry),
            };
            let number = self.or_gap(number, &entry);
            values.push((name, number));
        }
        Some(FactValues(values))
    }
}
