//! `vector.print`, as MLIR's runtime prints (`printOpen`, `printF32`, ...
//! in `CRunnerUtils`): vectors as `( 1, 2, 3 )` nested per dim (a 0-D vector
//! as one), floats as C's `%g`, signless and signed integers as signed
//! (`i1` as 0 / 1), unsigned integers and `index` as unsigned, then the
//! punctuation (a newline unless told otherwise; none after a string). The
//! text goes to [`Interpreter::printed`].

use tessel_ir::attrs::AttrKind;
use tessel_ir::types::{Signedness, TypeKind};
use tessel_ir::OpId;

use crate::elem::Scalar;
use crate::{Flow, Interpreter, RtValue, RunResult};

/// C's `printf("%g", x)`: six significant digits, trailing zeros dropped,
/// an exponent below 1e-4 or from 1e6 on.
pub fn format_g(x: f64) -> String {
    if x.is_nan() {
        return if x.is_sign_negative() { "-nan".into() } else { "nan".into() };
    }
    if x.is_infinite() {
        return if x < 0.0 { "-inf".into() } else { "inf".into() };
    }
    if x == 0.0 {
        return if x.is_sign_negative() { "-0".into() } else { "0".into() };
    }
    let sci = format!("{x:.5e}");
    let (mantissa, exp) = sci.split_once('e').expect("an exponent");
    let exp: i32 = exp.parse().expect("a decimal exponent");
    let trim = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_string()
        } else {
            s.to_string()
        }
    };
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", trim(mantissa), exp.abs())
    } else {
        trim(&format!("{x:.*}", (5 - exp) as usize))
    }
}

/// One element as the runtime prints an element of type `ty`.
fn element(ctx: &tessel_ir::Context, ty: tessel_ir::Type, s: Scalar) -> String {
    match ctx.type_kind(ty) {
        TypeKind::Float(_) => format_g(s.as_f64()),
        TypeKind::Index => s.as_u64().to_string(),
        TypeKind::Integer { width: 1, .. } => (s.as_u64() & 1).to_string(),
        TypeKind::Integer { signedness: Signedness::Unsigned, .. } => s.as_u64().to_string(),
        _ => s.as_i64().to_string(),
    }
}

fn nested(out: &mut String, shape: &[usize], values: &[String]) {
    out.push_str("( ");
    match shape.split_first() {
        Some((&n, rest)) if !rest.is_empty() => {
            let stride = rest.iter().product::<usize>();
            for k in 0..n {
                if k > 0 {
                    out.push_str(", ");
                }
                nested(out, rest, &values[k * stride..(k + 1) * stride]);
            }
        }
        _ => out.push_str(&values.join(", ")),
    }
    out.push_str(" )");
}

/// The `vector.print` kernel.
pub(crate) fn print(i: &mut Interpreter<'_>, op: OpId) -> RunResult<Flow> {
    let ctx = i.ctx;
    let mut out = String::new();
    // A string prints alone: no punctuation follows it (as 22's lowering).
    if let Some(AttrKind::String { value, .. }) = ctx.get_attr(op, "stringLiteral").map(|a| ctx.attr_kind(a)) {
        i.printed.push_str(value);
        return Ok(Flow::Next);
    }
    if let Some(&v) = ctx.operands(op).first() {
        let ty = ctx.value_type(v);
        match ctx.type_kind(ty) {
            TypeKind::Vector { elem, .. } => {
                let shape = crate::vector::static_shape(i, ty)?;
                let t = match i.get(v)? {
                    RtValue::Tensor(t) => t.clone(),
                    other => return Err(format!("vector.print of {}", other.describe()).into()),
                };
                let n: usize = shape.iter().product();
                let values: Vec<String> = (0..n).map(|k| element(ctx, *elem, t.get(k))).collect();
                nested(&mut out, &shape, &values);
            }
            _ => {
                let s = i.get(v)?.scalar()?;
                out.push_str(&element(ctx, ty, s));
            }
        }
    }
    let punctuation = match ctx.get_attr(op, "punctuation").map(|a| ctx.attr_kind(a)) {
        Some(AttrKind::Opaque { text, .. }) => text.clone(),
        _ => "punctuation<newline>".into(),
    };
    out.push_str(match punctuation.as_str() {
        "punctuation<no_punctuation>" => "",
        "punctuation<open>" => "( ",
        "punctuation<close>" => " )",
        "punctuation<comma>" => ", ",
        _ => "\n",
    });
    i.printed.push_str(&out);
    Ok(Flow::Next)
}

#[cfg(test)]
mod tests {
    use super::format_g;

    #[test]
    fn g_format_matches_c() {
        for (x, want) in [
            (1.0, "1"),
            (0.5, "0.5"),
            (-2.25, "-2.25"),
            (1116192.0, "1.11619e+06"),
            (123456.0, "123456"),
            (1234567.0, "1.23457e+06"),
            (0.0001, "0.0001"),
            (0.00001234, "1.234e-05"),
            (1.23456789, "1.23457"),
            (100.0, "100"),
            (-0.0, "-0"),
            (f64::INFINITY, "inf"),
        ] {
            assert_eq!(format_g(x), want, "{x}");
        }
    }
}
