//! The shape-with-layout grammar (spec §1), whitespace free, element types
//! case-insensitive, errors with the column they were found at.

use crate::element::PrimitiveType;
use crate::shape::{ArrayShape, Dim, Layout, Shape, SplitConfig, Tile, TileDim};

/// A parse error at a byte offset of the input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    /// Byte offset into the parsed text.
    pub offset: usize,
    pub message: String,
}

impl ParseError {
    /// The 1-based column (in characters) of the error in `text`.
    pub fn column(&self, text: &str) -> usize {
        let end = self.offset.min(text.len());
        let end = (0..=end).rev().find(|i| text.is_char_boundary(*i)).unwrap_or(0);
        text[..end].chars().count() + 1
    }
}

/// Deepest nesting of tuples and `P(...)` shapes accepted.
const MAX_DEPTH: usize = 64;

/// Parses a whole string as one shape.
pub fn parse_shape(text: &str) -> Result<Shape, ParseError> {
    let mut p = Parser { text: text.as_bytes(), pos: 0 };
    let shape = p.shape(0)?;
    p.skip_ws();
    if p.pos < p.text.len() {
        return Err(p.error("unexpected text after the shape"));
    }
    Ok(shape)
}

/// Parses one shape starting at byte `start` of `text`; returns it and the
/// offset just past it (used to read shapes inside HLO text).
pub fn parse_shape_at(text: &str, start: usize) -> Result<(Shape, usize), ParseError> {
    let mut p = Parser { text: text.as_bytes(), pos: start };
    let shape = p.shape(0)?;
    Ok((shape, p.pos))
}

/// Parses an element type name at the start of `text` (case-insensitive),
/// returning it and its length.
pub fn parse_element_type_prefix(text: &str) -> Option<(PrimitiveType, usize)> {
    let len = text.bytes().take_while(|b| b.is_ascii_alphanumeric()).count();
    PrimitiveType::from_name(&text[..len]).map(|t| (t, len))
}

struct Parser<'a> {
    text: &'a [u8],
    pos: usize,
}

/// The order layout fields must come in, for the out-of-order diagnostic.
const FIELD_ORDER: [&str; 9] = ["T", "L", "#", "*", "E", "S", "SC", "P", "M"];

impl<'a> Parser<'a> {
    fn error(&self, message: impl Into<String>) -> ParseError {
        ParseError { offset: self.pos, message: message.into() }
    }

    fn error_at(&self, offset: usize, message: impl Into<String>) -> ParseError {
        ParseError { offset, message: message.into() }
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.pos).copied()
    }

    /// Skips whitespace and `/* ... */` comments (XLA prints `/*index=5*/` in tuples).
    fn skip_ws(&mut self) {
        loop {
            while self.peek().is_some_and(|b| b.is_ascii_whitespace()) {
                self.pos += 1;
            }
            if self.text[self.pos..].starts_with(b"/*") {
                match self.text[self.pos + 2..].windows(2).position(|w| w == b"*/") {
                    Some(end) => self.pos += 2 + end + 2,
                    None => return,
                }
            } else {
                return;
            }
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8, what: &str) -> Result<(), ParseError> {
        if self.eat(c) {
            Ok(())
        } else {
            Err(self.error(format!("expected '{}' {what}{}", c as char, self.found())))
        }
    }

    /// `, found 'x'` or `, found end of input`.
    fn found(&self) -> String {
        match self.peek() {
            None => ", found end of input".into(),
            Some(_) => {
                let rest = String::from_utf8_lossy(&self.text[self.pos..]);
                let c = rest.chars().next().unwrap_or('?');
                format!(", found '{c}'")
            }
        }
    }

    /// An integer (optionally negative when `signed`).
    fn int(&mut self, what: &str, signed: bool) -> Result<i64, ParseError> {
        self.skip_ws();
        let start = self.pos;
        if signed && self.peek() == Some(b'-') {
            self.pos += 1;
        }
        let digits = self.pos;
        while self.peek().is_some_and(|b| b.is_ascii_digit()) {
            self.pos += 1;
        }
        if self.pos == digits {
            self.pos = start;
            return Err(self.error(format!("expected {what}{}", self.found())));
        }
        let s = std::str::from_utf8(&self.text[start..self.pos]).expect("ASCII digits");
        s.parse::<i64>().map_err(|_| self.error_at(start, format!("{what} {s} does not fit in 64 bits")))
    }

    fn shape(&mut self, depth: usize) -> Result<Shape, ParseError> {
        self.skip_ws();
        if depth > MAX_DEPTH {
            return Err(self.error(format!("shape nested more than {MAX_DEPTH} levels deep")));
        }
        if self.eat(b'(') {
            let mut elems = Vec::new();
            if self.eat(b')') {
                return Ok(Shape::Tuple(elems));
            }
            loop {
                elems.push(self.shape(depth + 1)?);
                if self.eat(b')') {
                    return Ok(Shape::Tuple(elems));
                }
                self.expect(b',', "or ')' in a tuple shape")?;
            }
        }
        self.array(depth).map(Shape::Array)
    }

    fn array(&mut self, depth: usize) -> Result<ArrayShape, ParseError> {
        let start = self.pos;
        let rest = std::str::from_utf8(&self.text[start..]).unwrap_or("");
        let len = rest.bytes().take_while(|b| b.is_ascii_alphanumeric() || *b == b'_').count();
        if len == 0 {
            return Err(self.error(format!("expected a shape (an element type such as f32, or '('){}", self.found())));
        }
        let name = &rest[..len];
        let element_type = PrimitiveType::from_name(name)
            .ok_or_else(|| self.error_at(start, format!("unknown element type '{name}'")))?;
        self.pos += len;
        self.expect(b'[', "after the element type")?;
        let mut dims = Vec::new();
        if !self.eat(b']') {
            loop {
                self.skip_ws();
                let dim = if self.eat(b'?') {
                    Dim::Unbounded
                } else if self.text[self.pos..].starts_with(b"<=") {
                    self.pos += 2;
                    Dim::Bounded(self.int("a dimension bound", false)?)
                } else {
                    Dim::Static(self.int("a dimension size, '<=N' or '?'", false)?)
                };
                dims.push(dim);
                if self.eat(b']') {
                    break;
                }
                self.expect(b',', "or ']' between dimensions")?;
            }
        }
        self.skip_ws();
        let mut layout = None;
        if self.peek() == Some(b'{') {
            let brace = self.pos;
            let l = self.layout(depth)?;
            if l.minor_to_major.len() != dims.len() && element_type.is_array_type() {
                return Err(self.error_at(
                    brace,
                    format!(
                        "Dimensions size is {}, but minor to major size is {}.",
                        dims.len(),
                        l.minor_to_major.len()
                    ),
                ));
            }
            // A scalar's `{}` is the default layout and is not printed; keep
            // it as none so that parsing what we print gives the same shape.
            if !(dims.is_empty() && l == Layout::default_for_rank(0)) {
                layout = Some(l);
            }
        }
        Ok(ArrayShape { element_type, dims, layout })
    }

    fn layout(&mut self, depth: usize) -> Result<Layout, ParseError> {
        self.expect(b'{', "to start a layout")?;
        let mut layout = Layout::with_minor_to_major(Vec::new());
        self.skip_ws();
        if self.peek().is_some_and(|b| b.is_ascii_digit() || b == b'-') {
            loop {
                layout.minor_to_major.push(self.int("a dimension number", true)?);
                if !self.eat(b',') {
                    break;
                }
            }
        }
        if self.eat(b':') {
            self.fields(&mut layout, depth)?;
        }
        self.skip_ws();
        if self.eat(b'}') {
            return Ok(layout);
        }
        Err(self.error(format!("expected '}}' at the end of the layout{}", self.found())))
    }

    /// The field starting at the cursor, if any (`SC` before `S`).
    fn field_name(&self) -> Option<&'static str> {
        let rest = &self.text[self.pos..];
        if rest.starts_with(b"SC") {
            return Some("SC");
        }
        let c = *rest.first()?;
        FIELD_ORDER.iter().copied().find(|f| f.len() == 1 && f.as_bytes()[0] == c)
    }

    fn fields(&mut self, l: &mut Layout, depth: usize) -> Result<(), ParseError> {
        let mut next = 0; // index into FIELD_ORDER of the earliest field still allowed
        loop {
            self.skip_ws();
            let Some(name) = self.field_name() else { return Ok(()) };
            let idx = FIELD_ORDER.iter().position(|f| *f == name).expect("known field");
            if idx < next {
                return Err(self.error(format!(
                    "layout field '{name}' is out of order or repeated: fields come in the order {}",
                    FIELD_ORDER.join(", ")
                )));
            }
            next = idx + 1;
            self.pos += name.len();
            match name {
                "T" => {
                    self.skip_ws();
                    if self.peek() != Some(b'(') {
                        return Err(self.error(format!("expected '(' to start a tile{}", self.found())));
                    }
                    while self.peek_after_ws() == Some(b'(') {
                        l.tiles.push(self.tile()?);
                    }
                }
                "L" => l.tail_padding_alignment_in_elements = self.paren_int("an alignment")?,
                "#" | "*" => {
                    self.expect(b'(', &format!("after '{name}'"))?;
                    self.skip_ws();
                    let at = self.pos;
                    let rest = std::str::from_utf8(&self.text[at..]).unwrap_or("");
                    let (t, len) = parse_element_type_prefix(rest)
                        .ok_or_else(|| self.error(format!("expected an element type{}", self.found())))?;
                    self.pos += len;
                    self.expect(b')', "after the type")?;
                    if name == "#" {
                        l.index_primitive_type = Some(t);
                    } else {
                        l.pointer_primitive_type = Some(t);
                    }
                }
                "E" => l.element_size_in_bits = self.paren_int("an element size in bits")?,
                "S" => l.memory_space = self.paren_int("a memory space")?,
                "SC" => {
                    if self.peek_after_ws() != Some(b'(') {
                        return Err(self.error(format!("expected '(' to start a split config{}", self.found())));
                    }
                    while self.peek_after_ws() == Some(b'(') {
                        self.expect(b'(', "")?;
                        let dimension = self.int("a dimension number", false)?;
                        self.expect(b':', "after the split dimension")?;
                        let mut split_indices = vec![self.int("a split index", false)?];
                        while self.eat(b',') {
                            split_indices.push(self.int("a split index", false)?);
                        }
                        self.expect(b')', "after the split indices")?;
                        l.split_configs.push(SplitConfig { dimension, split_indices });
                    }
                }
                "P" => {
                    self.expect(b'(', "after 'P'")?;
                    let s = self.shape(depth + 1)?;
                    self.expect(b')', "after the physical shape")?;
                    l.physical_shape = Some(Box::new(s));
                }
                "M" => l.dynamic_shape_metadata_prefix_bytes = self.paren_int("a byte count")?,
                _ => unreachable!("FIELD_ORDER lists every field"),
            }
        }
    }

    fn peek_after_ws(&mut self) -> Option<u8> {
        self.skip_ws();
        self.peek()
    }

    fn paren_int(&mut self, what: &str) -> Result<i64, ParseError> {
        self.expect(b'(', "")?;
        let v = self.int(what, true)?;
        self.expect(b')', &format!("after {what}"))?;
        Ok(v)
    }

    fn tile(&mut self) -> Result<Tile, ParseError> {
        self.expect(b'(', "to start a tile")?;
        let mut dims = Vec::new();
        if self.eat(b')') {
            return Ok(Tile { dims });
        }
        loop {
            if self.eat(b'*') {
                dims.push(TileDim::Combine);
            } else {
                let at = self.pos;
                let v = self.int("a tile size or '*'", true)?;
                if v < 0 {
                    return Err(self.error_at(at, format!("tile size {v} is negative")));
                }
                dims.push(TileDim::Size(v));
            }
            if self.eat(b')') {
                return Ok(Tile { dims });
            }
            self.expect(b',', "or ')' in a tile")?;
        }
    }
}
