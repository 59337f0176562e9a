//! Numeric substitution blocks (`[[#%x,N:M+1]]`): matching formats,
//! expression trees, evaluation and the text a value matches as.

use crate::text::Span;

/// How a numeric value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatKind {
    NoFormat,
    Unsigned,
    Signed,
    HexUpper,
    HexLower,
}

/// A matching format: kind, minimum digits, `0x` prefix.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    pub kind: FormatKind,
    pub precision: u32,
    pub alternate: bool,
}

impl Format {
    pub fn new(kind: FormatKind) -> Format {
        Format { kind, precision: 0, alternate: false }
    }

    /// Whether two formats are the same (LLVM: never for "no format").
    pub fn same(&self, other: &Format) -> bool {
        self.kind != FormatKind::NoFormat
            && self.kind == other.kind
            && self.precision == other.precision
            && self.alternate == other.alternate
    }

    /// `%u`, `%d`, `%X`, `%x` or `<none>`.
    pub fn describe(&self) -> &'static str {
        match self.kind {
            FormatKind::NoFormat => "<none>",
            FormatKind::Unsigned => "%u",
            FormatKind::Signed => "%d",
            FormatKind::HexUpper => "%X",
            FormatKind::HexLower => "%x",
        }
    }

    /// The regex matching any value in this format.
    pub fn wildcard_regex(&self) -> String {
        let alt = if self.alternate { "0x" } else { "" };
        let with_precision = |digits: &str| format!("{alt}{digits}{{{}}}", self.precision);
        match (self.kind, self.precision) {
            (FormatKind::Unsigned, 0) => "[0-9]+".into(),
            (FormatKind::Unsigned, _) => with_precision("([1-9][0-9]*)?[0-9]"),
            (FormatKind::Signed, 0) => "-?[0-9]+".into(),
            (FormatKind::Signed, _) => with_precision("-?([1-9][0-9]*)?[0-9]"),
            (FormatKind::HexUpper, 0) => format!("{alt}[0-9A-F]+"),
            (FormatKind::HexUpper, _) => with_precision("([1-9A-F][0-9A-F]*)?[0-9A-F]"),
            (FormatKind::HexLower, 0) => format!("{alt}[0-9a-f]+"),
            (FormatKind::HexLower, _) => with_precision("([1-9a-f][0-9a-f]*)?[0-9a-f]"),
            (FormatKind::NoFormat, _) => String::new(),
        }
    }

    /// The text `value` matches as; `None` if the format cannot show it
    /// (a negative value in an unsigned format).
    pub fn matching_string(&self, value: i128) -> Option<String> {
        if self.kind != FormatKind::Signed && value < 0 {
            return None;
        }
        let abs = value.unsigned_abs();
        let digits = match self.kind {
            FormatKind::Unsigned | FormatKind::Signed => abs.to_string(),
            FormatKind::HexUpper => format!("{abs:X}"),
            FormatKind::HexLower => format!("{abs:x}"),
            FormatKind::NoFormat => return None,
        };
        let sign = if value < 0 { "-" } else { "" };
        let alt = if self.alternate { "0x" } else { "" };
        let zeros = (self.precision as usize).saturating_sub(digits.len());
        Some(format!("{sign}{alt}{}{digits}", "0".repeat(zeros)))
    }

    /// The value of text that matched this format's wildcard.
    pub fn value_of(&self, text: &[u8]) -> Option<i128> {
        let mut t = text;
        let negative = t.first() == Some(&b'-');
        if negative {
            t = &t[1..];
        }
        let hex = matches!(self.kind, FormatKind::HexUpper | FormatKind::HexLower);
        if self.alternate && self.kind != FormatKind::Signed {
            t = t.strip_prefix(b"0x").unwrap_or(t);
        }
        let s = std::str::from_utf8(t).ok()?;
        let v = i128::from_str_radix(s, if hex { 16 } else { 10 }).ok()?;
        Some(if negative { -v } else { v })
    }
}

/// A numeric variable's index in the context.
pub type VarId = usize;

/// A binary operation or function of numeric expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Max,
    Min,
}

/// A parsed numeric expression.
#[derive(Clone, Debug)]
pub enum Ast {
    Literal { text: Span, value: i128 },
    Var { name: Span, var: VarId },
    Binary { text: Span, op: BinOp, lhs: Box<Ast>, rhs: Box<Ast> },
}

/// Why evaluating an expression failed.
#[derive(Clone, Debug)]
pub enum EvalError {
    /// A variable without a value; the span of its name.
    Undefined(Vec<Span>),
    /// Division by zero or out of range.
    Overflow,
}

impl Ast {
    /// The expression's text.
    pub fn text(&self) -> Span {
        match self {
            Ast::Literal { text, .. } | Ast::Binary { text, .. } => *text,
            Ast::Var { name, .. } => *name,
        }
    }

    /// Evaluates with the variables' current values.
    pub fn eval(&self, values: &dyn Fn(VarId) -> Option<i128>) -> Result<i128, EvalError> {
        match self {
            Ast::Literal { value, .. } => Ok(*value),
            Ast::Var { name, var } => values(*var).ok_or_else(|| EvalError::Undefined(vec![*name])),
            Ast::Binary { op, lhs, rhs, .. } => {
                let (l, r) = (lhs.eval(values), rhs.eval(values));
                let (l, r) = match (l, r) {
                    (Ok(l), Ok(r)) => (l, r),
                    (Err(EvalError::Undefined(mut a)), Err(EvalError::Undefined(b))) => {
                        a.extend(b);
                        return Err(EvalError::Undefined(a));
                    }
                    (Err(e), _) | (_, Err(e)) => return Err(e),
                };
                let v = match op {
                    BinOp::Add => l.checked_add(r),
                    BinOp::Sub => l.checked_sub(r),
                    BinOp::Mul => l.checked_mul(r),
                    BinOp::Div => {
                        if r == 0 {
                            None
                        } else {
                            l.checked_div(r)
                        }
                    }
                    BinOp::Max => Some(l.max(r)),
                    BinOp::Min => Some(l.min(r)),
                };
                v.ok_or(EvalError::Overflow)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let hex = Format { kind: FormatKind::HexLower, precision: 4, alternate: true };
        assert_eq!(hex.matching_string(255).unwrap(), "0x00ff");
        assert_eq!(hex.wildcard_regex(), "0x([1-9a-f][0-9a-f]*)?[0-9a-f]{4}");
        assert_eq!(Format::new(FormatKind::Unsigned).matching_string(-1), None);
        assert_eq!(Format::new(FormatKind::Signed).matching_string(-12).unwrap(), "-12");
        assert_eq!(hex.value_of(b"0x00ff"), Some(255));
    }
}
