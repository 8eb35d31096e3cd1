//! RON's tokens, read in one pass with no recursion: nested block comments are a counter, raw
//! strings and raw identifiers are told apart by what follows the `r#`, and every token keeps the
//! byte where it starts, so that whatever is reported later points at the right character.

use super::super::phrase::{Phrase, phrase};
use super::{Number, SyntaxError};

#[derive(Clone, Debug, PartialEq)]
pub enum Token {
    /// `(`, `[` or `{`.
    Open(char),
    /// `)`, `]` or `}`.
    Close(char),
    Comma,
    Colon,
    /// `#`, `!`: only in `#![enable(...)]`.
    Hash,
    Bang,
    /// `..`, or `..=` when inclusive.
    Range {
        inclusive: bool,
    },
    /// A name; `raw` for `r#name`, which may also hold `.`, `+` and `-`.
    Ident {
        name: String,
        raw: bool,
    },
    /// A string with its escapes decoded; `verbatim` when the text between the quotes is the
    /// value itself (no escapes), so that a place inside it can be pointed at.
    Str {
        text: String,
        content_at: usize,
        verbatim: bool,
    },
    Bytes(Vec<u8>),
    Char(char),
    Byte(u8),
    Number(Number),
}

/// One token and the byte range it covers.
#[derive(Clone, Debug, PartialEq)]
pub struct Lexed {
    pub token: Token,
    pub at: usize,
    pub end: usize,
}

pub struct Lexer<'t> {
    text: &'t str,
    at: usize,
}

/// RON's white space: ASCII spaces and a few Unicode marks.
fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\t' | '\n' | '\r' | '\u{0B}' | '\u{0C}' | '\u{85}' | '\u{200E}' | '\u{200F}')
        || matches!(c, '\u{2028}' | '\u{2029}')
}

pub fn ident_start(c: char) -> bool {
    c == '_' || unicode_ident::is_xid_start(c)
}

pub fn ident_continue(c: char) -> bool {
    unicode_ident::is_xid_continue(c)
}

fn raw_ident_continue(c: char) -> bool {
    ident_continue(c) || matches!(c, '.' | '+' | '-')
}

impl<'t> Lexer<'t> {
    pub fn new(text: &'t str) -> Self {
        Lexer { text, at: 0 }
    }

    fn rest(&self) -> &'t str {
        &self.text[self.at..]
    }

    fn peek(&self) -> Option<char> {
        self.rest().chars().next()
    }

    fn peek_second(&self) -> Option<char> {
        self.rest().chars().nth(1)
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.at += c.len_utf8();
        }
        found
    }

    fn error(&self, at: usize, phrase: Phrase) -> SyntaxError {
        SyntaxError { at, phrase }
    }

    /// Skips white space and comments; an unclosed block comment is an error at its start.
    fn skip_trivia(&mut self) -> Result<(), SyntaxError> {
        loop {
            let rest = self.rest();
            if let Some(c) = self.peek().filter(|&c| is_space(c)) {
                self.at += c.len_utf8();
            } else if rest.starts_with("//") {
                self.at += rest.find('\n').unwrap_or(rest.len());
            } else if rest.starts_with("/*") {
                let start = self.at;
                let mut depth = 0usize;
                loop {
                    let rest = self.rest();
                    if rest.starts_with("/*") {
                        depth += 1;
                        self.at += 2;
                    } else if rest.starts_with("*/") {
                        depth -= 1;
                        self.at += 2;
                        if depth == 0 {
                            break;
                        }
                    } else if self.bump().is_none() {
                        return Err(self.error(start, phrase!("scenario-unclosed-comment")));
                    }
                }
            } else {
                return Ok(());
            }
        }
    }

    /// The next token, or `None` at the end of the text.
    pub fn next_token(&mut self) -> Result<Option<Lexed>, SyntaxError> {
        self.skip_trivia()?;
        let at = self.at;
        let Some(c) = self.peek() else { return Ok(None) };
        let token = match c {
            '(' | '[' | '{' => {
                self.bump();
                Token::Open(c)
            }
            ')' | ']' | '}' => {
                self.bump();
                Token::Close(c)
            }
            ',' => self.single(Token::Comma),
            ':' => self.single(Token::Colon),
            '#' => self.single(Token::Hash),
            '!' => self.single(Token::Bang),
            '"' => self.string(at, 0, false)?,
            '\'' => {
                self.bump();
                Token::Char(self.char_content(at, false)?)
            }
            '.' if self.rest().starts_with("..") => {
                self.at += 2;
                Token::Range { inclusive: self.eat('=') }
            }
            'b' if self.peek_second() == Some('\'') => {
                self.at += 2;
                let c = self.char_content(at, true)?;
                Token::Byte(c as u8)
            }
            'b' if self.rest().starts_with("b\"")
                || self.rest().starts_with("br\"")
                || self.rest().starts_with("br#") =>
            {
                self.bump();
                let raw = self.eat('r');
                match self.string(at, 1 + usize::from(raw), raw)? {
                    Token::Str { text, .. } => Token::Bytes(text.into_bytes()),
                    _ => unreachable!("string() gives a Str"),
                }
            }
            'r' if matches!(self.peek_second(), Some('"' | '#')) => self.raw(at)?,
            c if c.is_ascii_digit() || c == '.' || c == '+' || c == '-' => self.number(at)?,
            c if ident_start(c) => {
                let name = self.take_while(ident_continue);
                Token::Ident { name: name.to_owned(), raw: false }
            }
            c => return Err(self.error(at, phrase!("scenario-unexpected-character", char = shown_char(c)))),
        };
        Ok(Some(Lexed { token, at, end: self.at }))
    }

    fn single(&mut self, token: Token) -> Token {
        self.bump();
        token
    }

    fn take_while(&mut self, keep: impl Fn(char) -> bool) -> &'t str {
        let start = self.at;
        while self.peek().is_some_and(&keep) {
            self.bump();
        }
        &self.text[start..self.at]
    }

    /// After `r`: `r"…"`, `r#"…"#` (any number of `#`), or a raw identifier `r#name`.
    fn raw(&mut self, at: usize) -> Result<Token, SyntaxError> {
        let after_r = self.at + 1;
        let hashes = self.text[after_r..].bytes().take_while(|&b| b == b'#').count();
        match self.text[after_r + hashes..].chars().next() {
            Some('"') => {
                self.bump();
                self.string(at, 1, true)
            }
            Some(c) if hashes == 1 && raw_ident_continue(c) => {
                self.at = after_r + 1;
                let name = self.take_while(raw_ident_continue);
                Ok(Token::Ident { name: name.to_owned(), raw: true })
            }
            _ => Err(self.error(at, phrase!("scenario-expected-raw"))),
        }
    }

    /// A string starting at `self.at` (its `#`s or quote); `prefix` bytes (`r`, `b`, `br`) were
    /// already read from `at`. Raw strings end at a quote followed by as many `#` as opened them.
    fn string(&mut self, at: usize, prefix: usize, raw: bool) -> Result<Token, SyntaxError> {
        debug_assert_eq!(self.at, at + prefix);
        let hashes = if raw { self.take_while(|c| c == '#').len() } else { 0 };
        if !self.eat('"') {
            return Err(self.error(at, phrase!("scenario-expected-quote")));
        }
        let content_at = self.at;
        let unclosed = |lexer: &Self| lexer.error(at, phrase!("scenario-unclosed-string"));
        if raw {
            let closing: String = std::iter::once('"').chain(std::iter::repeat_n('#', hashes)).collect();
            let Some(length) = self.rest().find(&closing) else { return Err(unclosed(self)) };
            let text = self.rest()[..length].to_owned();
            self.at += length + closing.len();
            return Ok(Token::Str { text, content_at, verbatim: true });
        }
        let mut text = String::new();
        let mut verbatim = true;
        loop {
            match self.bump() {
                None => return Err(unclosed(self)),
                Some('"') => break,
                Some('\\') => {
                    verbatim = false;
                    if self.peek() == Some('\n') || self.rest().starts_with("\r\n") {
                        self.take_while(|c| matches!(c, ' ' | '\t' | '\n' | '\r'));
                    } else {
                        text.push(self.escape(false)?);
                    }
                }
                Some(c) => text.push(c),
            }
        }
        Ok(Token::Str { text, content_at, verbatim })
    }

    /// The character after a `\`: `\n`, `\x41`, `\u{1F35E}`… (`ascii`: a byte literal's escapes).
    fn escape(&mut self, ascii: bool) -> Result<char, SyntaxError> {
        let at = self.at - 1;
        let bad = |lexer: &Self, problem: Phrase| {
            let (list, last) = (r#"\n \r \t \0 \\ \' \" \xNN"#, r"\u{NNNN}");
            lexer.error(at, phrase!("scenario-bad-escape", problem = problem, list = list, last = last))
        };
        let Some(c) = self.bump() else { return Err(bad(self, phrase!("scenario-escape-ends"))) };
        Ok(match c {
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            '0' => '\0',
            '\\' | '\'' | '"' => c,
            'x' => {
                let digits = self.rest().get(..2).filter(|d| d.chars().all(|c| c.is_ascii_hexdigit()));
                let Some(byte) = digits.and_then(|d| u8::from_str_radix(d, 16).ok()) else {
                    return Err(bad(self, phrase!("scenario-escape-x-digits")));
                };
                self.at += 2;
                if byte > 0x7F && !ascii {
                    return Err(bad(self, phrase!("scenario-escape-x-above")));
                }
                char::from(byte)
            }
            'u' if !ascii => {
                if !self.eat('{') {
                    return Err(bad(self, phrase!("scenario-escape-u-braces", code = r"\u{…}")));
                }
                let digits = self.take_while(|c| c.is_ascii_hexdigit());
                let value = u32::from_str_radix(digits, 16).ok().filter(|_| (1..=6).contains(&digits.len()));
                if !self.eat('}') {
                    return Err(bad(self, phrase!("scenario-escape-u-close", code = r"\u{…}", close = "}")));
                }
                match value.and_then(char::from_u32) {
                    Some(c) => c,
                    None => return Err(bad(self, phrase!("scenario-escape-u-invalid", code = r"\u{…}"))),
                }
            }
            other => return Err(bad(self, phrase!("scenario-escape-unknown", char = shown_char(other)))),
        })
    }

    /// The rest of `'c'` after its opening quote.
    fn char_content(&mut self, at: usize, byte: bool) -> Result<char, SyntaxError> {
        let what = if byte { "byte" } else { "character" };
        let c = match self.bump() {
            Some('\\') => self.escape(byte)?,
            Some('\'') | None => return Err(self.error(at, phrase!("scenario-empty-char", what = what))),
            Some(c) => c,
        };
        if byte && c as u32 > 0xFF {
            return Err(self.error(at, phrase!("scenario-byte-not-ascii")));
        }
        if !self.eat('\'') {
            return Err(self.error(at, phrase!("scenario-unclosed-char", what = what)));
        }
        Ok(c)
    }

    /// `12`, `-3`, `0x1F`, `1_000`, `2.5e-3`, `.5`, `+inf`, `NaN`, with an optional type suffix.
    fn number(&mut self, at: usize) -> Result<Token, SyntaxError> {
        let signed = self.peek().is_some_and(|c| c == '+' || c == '-');
        if signed {
            self.bump();
        }
        let not_a_number = |lexer: &Self| lexer.error(at, phrase!("scenario-expected-number"));
        let word = self.rest().chars().take_while(|&c| ident_continue(c)).collect::<String>();
        if signed && matches!(word.as_str(), "inf" | "NaN" | "inff32" | "inff64" | "NaNf32" | "NaNf64") {
            self.at += word.len();
            let value: f64 = if word.starts_with("inf") { f64::INFINITY } else { f64::NAN };
            let negative = self.text[at..].starts_with('-');
            return Ok(Token::Number(Number::float(if negative { -value } else { value })));
        }
        let radix = match self.rest().get(..2) {
            Some("0x") => 16,
            Some("0o") => 8,
            Some("0b") => 2,
            _ => 10,
        };
        if radix != 10 {
            self.at += 2;
            let digits: String = self.take_while(|c| c.is_ascii_hexdigit() || c == '_').replace('_', "");
            let whole = i128::from_str_radix(&digits, radix).ok().filter(|_| !digits.is_empty());
            let Some(mut whole) = whole else {
                return Err(self.error(at, phrase!("scenario-expected-digits", radix = i64::from(radix))));
            };
            self.suffix(at, false)?;
            if self.text[at..].starts_with('-') {
                whole = -whole;
            }
            return Ok(Token::Number(Number::whole(whole)));
        }
        let start = self.at;
        let int_digits = self.take_while(|c| c.is_ascii_digit() || c == '_').len();
        let mut float = false;
        // A `.` makes a float unless it starts a range (`1..3`).
        if self.peek() == Some('.') && self.peek_second() != Some('.') {
            self.bump();
            let frac = self.take_while(|c| c.is_ascii_digit() || c == '_').len();
            if int_digits == 0 && frac == 0 {
                return Err(not_a_number(self));
            }
            float = true;
        } else if int_digits == 0 {
            return Err(not_a_number(self));
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            self.bump();
            if matches!(self.peek(), Some('+' | '-')) {
                self.bump();
            }
            if self.take_while(|c| c.is_ascii_digit() || c == '_').replace('_', "").is_empty() {
                return Err(self.error(at, phrase!("scenario-expected-exponent")));
            }
            float = true;
        }
        let digits = self.text[start..self.at].replace('_', "");
        float |= self.suffix(at, float)?;
        let sign = if self.text[at..].starts_with('-') { "-" } else { "" };
        let value: f64 = format!("{sign}{digits}").parse().map_err(|_| not_a_number(self))?;
        if float {
            return Ok(Token::Number(Number::float(value)));
        }
        let whole = format!("{sign}{digits}").parse::<i128>().ok();
        Ok(Token::Number(Number { value, integer: true, whole }))
    }

    /// An optional `i32`, `u8`, `f64`… right after a number; says whether it was a float suffix.
    fn suffix(&mut self, at: usize, float: bool) -> Result<bool, SyntaxError> {
        let word = self.rest().chars().take_while(|&c| ident_continue(c)).collect::<String>();
        let known_int = ["i8", "i16", "i32", "i64", "i128", "u8", "u16", "u32", "u64", "u128"];
        let is_float = matches!(word.as_str(), "f32" | "f64");
        if word.is_empty() || is_float || (!float && known_int.contains(&word.as_str())) {
            self.at += word.len();
            return Ok(is_float);
        }
        Err(self.error(at, phrase!("scenario-number-suffix", word = super::cut(&word))))
    }
}

fn shown_char(c: char) -> String {
    if c.is_control() || c.is_whitespace() { format!("U+{:04X}", c as u32) } else { format!("`{c}`") }
}
