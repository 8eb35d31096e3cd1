//! Tokens into a [`Document`]: a recursive descent whose depth is counted, so a file nested deeper
//! than [`MAX_DEPTH`] gets an error where the limit is crossed instead of a stack overflow.

use super::super::phrase::{Arg, phrase};
use super::lexer::{Lexed, Lexer, Token};
use super::{Document, EXTENSIONS, MAX_DEPTH, Name, Node, SyntaxError, Value, cut};

/// Reads a whole RON document.
pub fn parse(text: &str) -> Result<Document, SyntaxError> {
    let mut parser = Parser { lexer: Lexer::new(text), ahead: Vec::new(), end: text.len() };
    let extensions = parser.extensions()?;
    let root = parser.value(0)?;
    match parser.next()? {
        None => Ok(Document { extensions, root }),
        Some(extra) => Err(SyntaxError {
            at: extra.at,
            phrase: phrase!("scenario-after-the-end", found = describe(&extra.token)),
        }),
    }
}

struct Parser<'t> {
    lexer: Lexer<'t>,
    /// Tokens looked at but not taken yet, the next one last.
    ahead: Vec<Lexed>,
    end: usize,
}

/// A token in words (code as it is), for messages.
fn describe(token: &Token) -> Arg {
    match token {
        Token::Open(c) | Token::Close(c) => format!("`{c}`").into(),
        Token::Comma => "`,`".into(),
        Token::Colon => "`:`".into(),
        Token::Hash => "`#`".into(),
        Token::Bang => "`!`".into(),
        Token::Range { inclusive: false } => "`..`".into(),
        Token::Range { inclusive: true } => "`..=`".into(),
        Token::Ident { name, .. } => format!("`{}`", cut(name)).into(),
        Token::Str { text, .. } => phrase!("scenario-the-string", text = cut(text)).into(),
        Token::Bytes(_) => phrase!("scenario-a-byte-string").into(),
        Token::Char(_) | Token::Byte(_) => phrase!("scenario-a-character").into(),
        Token::Number(n) => {
            phrase!("scenario-the-number", number = crate::scenario::diagnostic::number(n.value)).into()
        }
    }
}

/// `expected { $expected }, found { $found }`.
fn expected_found(at: usize, expected: impl Into<Arg>, found: &Token) -> SyntaxError {
    SyntaxError {
        at,
        phrase: phrase!("scenario-expected-found", expected = expected, found = describe(found)),
    }
}

impl Parser<'_> {
    fn next(&mut self) -> Result<Option<Lexed>, SyntaxError> {
        match self.ahead.pop() {
            Some(lexed) => Ok(Some(lexed)),
            None => self.lexer.next_token(),
        }
    }

    /// The `n`-th token ahead (0: the next), without taking it.
    fn peek(&mut self, n: usize) -> Result<Option<&Token>, SyntaxError> {
        while self.ahead.len() <= n {
            match self.lexer.next_token()? {
                Some(lexed) => self.ahead.insert(0, lexed),
                None => return Ok(None),
            }
        }
        Ok(Some(&self.ahead[self.ahead.len() - 1 - n].token))
    }

    /// Takes the next token, which must be there (`expected` says what it should be).
    fn take(&mut self, expected: impl Into<Arg>) -> Result<Lexed, SyntaxError> {
        self.next()?.ok_or_else(|| SyntaxError {
            at: self.end,
            phrase: phrase!("scenario-file-ends", expected = expected),
        })
    }

    fn expect(&mut self, token: Token, expected: impl Into<Arg> + Clone) -> Result<usize, SyntaxError> {
        let lexed = self.take(expected.clone())?;
        if lexed.token == token {
            return Ok(lexed.at);
        }
        Err(expected_found(lexed.at, expected, &lexed.token))
    }

    /// `#![enable(a, b)]` attributes before the value.
    fn extensions(&mut self) -> Result<Vec<Name>, SyntaxError> {
        let mut names = Vec::new();
        while self.peek(0)? == Some(&Token::Hash) {
            self.next()?;
            self.expect(Token::Bang, phrase!("scenario-in-enable", token = "!"))?;
            self.expect(Token::Open('['), phrase!("scenario-in-enable", token = "["))?;
            let word = self.take("`enable`")?;
            if !matches!(&word.token, Token::Ident { name, .. } if name == "enable") {
                return Err(expected_found(word.at, "`enable`", &word.token));
            }
            self.expect(Token::Open('('), phrase!("scenario-after-enable"))?;
            loop {
                let item = self.take(phrase!("scenario-an-extension-name"))?;
                match item.token {
                    Token::Close(')') => break,
                    Token::Ident { name, .. } if EXTENSIONS.contains(&name.as_str()) => {
                        names.push(Name { text: name, at: item.at });
                    }
                    other => {
                        let known = EXTENSIONS.join(", ");
                        let phrase =
                            phrase!("scenario-unknown-extension", found = describe(&other), known = known);
                        return Err(SyntaxError { at: item.at, phrase });
                    }
                }
                if !self.separator(')')? {
                    self.expect(Token::Close(')'), phrase!("scenario-comma-or", close = ")"))?;
                    break;
                }
            }
            self.expect(Token::Close(']'), phrase!("scenario-close-enable"))?;
        }
        Ok(names)
    }

    /// After an item: takes a `,` (true) or leaves the closing `close` for the caller (false).
    fn separator(&mut self, close: char) -> Result<bool, SyntaxError> {
        match self.peek(0)? {
            Some(Token::Comma) => {
                self.next()?;
                Ok(true)
            }
            Some(Token::Close(c)) if *c == close => Ok(false),
            _ => {
                let lexed = self.take("`,`")?;
                let expected = phrase!("scenario-comma-or", close = close.to_string());
                Err(expected_found(lexed.at, expected, &lexed.token))
            }
        }
    }

    fn deeper(&self, depth: usize, at: usize) -> Result<usize, SyntaxError> {
        if depth >= MAX_DEPTH {
            return Err(SyntaxError { at, phrase: phrase!("scenario-too-deep", max = MAX_DEPTH as i64) });
        }
        Ok(depth + 1)
    }

    fn value(&mut self, depth: usize) -> Result<Node, SyntaxError> {
        let lexed = self.take(phrase!("scenario-a-value"))?;
        let at = lexed.at;
        let value = match lexed.token {
            Token::Open('(') => self.parenthesised(None, self.deeper(depth, at)?)?,
            Token::Open('[') => {
                let depth = self.deeper(depth, at)?;
                Value::List(self.items(']', |p| p.value(depth))?)
            }
            Token::Open('{') => {
                let depth = self.deeper(depth, at)?;
                Value::Map(self.items('}', |p| {
                    let key = p.value(depth)?;
                    p.expect(Token::Colon, phrase!("scenario-colon-between"))?;
                    Ok((key, p.value(depth)?))
                })?)
            }
            Token::Str { text, content_at, verbatim } => {
                Value::Str { text, content_at: verbatim.then_some(content_at) }
            }
            Token::Bytes(bytes) => Value::Bytes(bytes),
            Token::Char(c) => Value::Char(c),
            Token::Byte(b) => Value::Number(super::Number::whole(b.into())),
            Token::Number(number) => {
                let start = Node { value: Value::Number(number), at };
                return self.maybe_range(Some(start), depth);
            }
            Token::Range { .. } => {
                self.ahead.push(lexed);
                return self.maybe_range(None, depth);
            }
            Token::Ident { name, raw } => {
                let name = Name { text: name, at };
                match (name.text.as_str(), raw, self.peek(0)?) {
                    ("true", false, _) => Value::Bool(true),
                    ("false", false, _) => Value::Bool(false),
                    ("None", false, _) => Value::Option(None),
                    ("Some", false, Some(Token::Open('('))) => {
                        self.next()?;
                        let inner = self.value(self.deeper(depth, at)?)?;
                        self.separator(')').map(|_| ())?;
                        self.expect(Token::Close(')'), phrase!("scenario-close-some"))?;
                        Value::Option(Some(Box::new(inner)))
                    }
                    (_, _, Some(Token::Open('('))) => {
                        let open = self.take("`(`")?.at;
                        self.parenthesised(Some(name), self.deeper(depth, open)?)?
                    }
                    _ => Value::Ident(name),
                }
            }
            other => return Err(expected_found(at, phrase!("scenario-a-value"), &other)),
        };
        Ok(Node { value, at })
    }

    /// `a..b` and friends, after a number (`start`) or at a `..`.
    fn maybe_range(&mut self, start: Option<Node>, depth: usize) -> Result<Node, SyntaxError> {
        let Some(Token::Range { inclusive }) = self.peek(0)?.cloned() else {
            return Ok(start.expect("a lone range starts at its `..`"));
        };
        let op = self.take("`..`")?.at;
        let at = start.as_ref().map_or(op, |s| s.at);
        let end = match self.peek(0)? {
            Some(Token::Number(_)) => Some(Box::new(self.value(depth)?)),
            _ if inclusive => {
                let lexed = self.take(phrase!("scenario-number-after-range"))?;
                return Err(expected_found(lexed.at, phrase!("scenario-number-after-range"), &lexed.token));
            }
            _ => None,
        };
        Ok(Node { value: Value::Range { start: start.map(Box::new), inclusive, end }, at })
    }

    /// Items up to `close`, comma separated, a trailing comma allowed.
    fn items<T>(
        &mut self,
        close: char,
        mut item: impl FnMut(&mut Self) -> Result<T, SyntaxError>,
    ) -> Result<Vec<T>, SyntaxError> {
        let mut items = Vec::new();
        loop {
            if self.peek(0)? == Some(&Token::Close(close)) {
                self.next()?;
                return Ok(items);
            }
            items.push(item(self)?);
            self.separator(close)?;
        }
    }

    /// After `(`: a struct when it opens with `name:`, else a tuple; `()` alone is the unit.
    fn parenthesised(&mut self, name: Option<Name>, depth: usize) -> Result<Value, SyntaxError> {
        let is_struct =
            matches!(self.peek(0)?, Some(Token::Ident { .. })) && self.peek(1)? == Some(&Token::Colon);
        if is_struct {
            let fields = self.items(')', |p| {
                let lexed = p.take(phrase!("scenario-a-field-name"))?;
                let Token::Ident { name, .. } = lexed.token else {
                    return Err(expected_found(lexed.at, phrase!("scenario-a-field-name"), &lexed.token));
                };
                p.expect(Token::Colon, phrase!("scenario-colon-after-field"))?;
                Ok((Name { text: name, at: lexed.at }, p.value(depth)?))
            })?;
            return Ok(Value::Struct { name, fields });
        }
        let items = self.items(')', |p| p.value(depth))?;
        Ok(match (name, items.is_empty()) {
            (None, true) => Value::Unit,
            (name, _) => Value::Tuple { name, items },
        })
    }
}
