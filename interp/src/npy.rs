//! NumPy `.npy` files (format versions 1, 2 and 3), read and written.
//!
//! Element types map to NumPy dtypes: `i1` `|b1`, `i8` `|i1`, `i16`
//! `<i2`, `i32` `<i4`, `i64` and `index` `<i8`, `f16` `<f2`, `f32` `<f4`,
//! `f64` `<f8`. NumPy has no bfloat16: `bf16` is written as `<V2` (what
//! `np.save` writes for `ml_dtypes.bfloat16`) and read from `<V2` or from
//! raw bits in `<u2`. Signless integers also read from unsigned dtypes of
//! their width; big-endian files are byte-swapped.

use std::sync::Arc;

use crate::bytes::AlignedBytes;

use crate::elem::ElemType;
use crate::tensor::Tensor;

const MAGIC: &[u8] = b"\x93NUMPY";

/// The dtype written for an element type.
pub fn dtype_of(elem: ElemType) -> &'static str {
    match elem {
        ElemType::I1 => "|b1",
        ElemType::I8 => "|i1",
        ElemType::I16 => "<i2",
        ElemType::I32 => "<i4",
        ElemType::I64 | ElemType::Index => "<i8",
        ElemType::F16 => "<f2",
        ElemType::BF16 => "<V2",
        ElemType::F32 => "<f4",
        ElemType::F64 => "<f8",
    }
}

/// Whether a file's dtype (kind and size, byte order removed) can hold
/// `elem`.
fn dtype_matches(kind: char, size: usize, elem: ElemType) -> bool {
    match elem {
        ElemType::I1 => kind == 'b' && size == 1,
        ElemType::BF16 => (kind == 'V' || kind == 'u') && size == 2,
        e if e.is_float() => kind == 'f' && size == e.size(),
        e => (kind == 'i' || kind == 'u') && size == e.size(),
    }
}

/// A parsed header.
#[derive(Debug, PartialEq)]
pub struct Header {
    /// `<`, `>` or `|`.
    pub byte_order: char,
    /// `f`, `i`, `u`, `b`, `V`, ...
    pub kind: char,
    /// Bytes per element.
    pub size: usize,
    pub fortran_order: bool,
    pub shape: Vec<usize>,
}

impl Header {
    /// The dtype as NumPy spells it (`<f4`).
    pub fn dtype(&self) -> String {
        format!("{}{}{}", self.byte_order, self.kind, self.size)
    }
}

/// Reads the header; returns it and the offset of the data.
pub fn read_header(bytes: &[u8]) -> Result<(Header, usize), String> {
    if bytes.len() < 10 || &bytes[..6] != MAGIC {
        return Err("not a .npy file (bad magic string)".into());
    }
    let major = bytes[6];
    let (len, start) = match major {
        1 => (u16::from_le_bytes([bytes[8], bytes[9]]) as usize, 10),
        2 | 3 => {
            if bytes.len() < 12 {
                return Err("truncated .npy header".into());
            }
            (u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize, 12)
        }
        v => return Err(format!("unsupported .npy format version {v}")),
    };
    let text = bytes.get(start..start + len).ok_or("truncated .npy header")?;
    let text = std::str::from_utf8(text).map_err(|_| "the .npy header is not text")?;
    Ok((parse_header_dict(text)?, start + len))
}

/// The value after `'key':` in a Python dict literal.
fn dict_value<'t>(text: &'t str, key: &str) -> Result<&'t str, String> {
    let k = text
        .find(&format!("'{key}'"))
        .or_else(|| text.find(&format!("\"{key}\"")))
        .ok_or_else(|| format!("the .npy header has no '{key}'"))?;
    let rest = &text[k + key.len() + 2..];
    let colon = rest.find(':').ok_or("malformed .npy header")?;
    Ok(rest[colon + 1..].trim_start())
}

fn parse_header_dict(text: &str) -> Result<Header, String> {
    let descr = dict_value(text, "descr")?;
    let quote =
        descr.chars().next().filter(|c| *c == '\'' || *c == '"').ok_or_else(|| {
            "structured .npy dtypes are not supported (the header's descr is not a string)".to_string()
        })?;
    let end = descr[1..].find(quote).ok_or("malformed descr in .npy header")?;
    let descr = &descr[1..1 + end];
    let mut chars = descr.chars();
    let (byte_order, kind) = match (chars.next(), chars.next()) {
        (Some(o @ ('<' | '>' | '|' | '=')), Some(k)) => (if o == '=' { '<' } else { o }, k),
        _ => return Err(format!("unsupported .npy dtype '{descr}'")),
    };
    let size: usize = chars.as_str().parse().map_err(|_| format!("unsupported .npy dtype '{descr}'"))?;
    let fortran = dict_value(text, "fortran_order")?;
    let fortran_order = fortran.starts_with("True");
    let shape_text = dict_value(text, "shape")?;
    let close = shape_text.find(')').ok_or("malformed shape in .npy header")?;
    let shape = shape_text[1..close]
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|s| s.parse::<usize>().map_err(|_| format!("malformed shape entry '{s}' in .npy header")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Header { byte_order, kind, size, fortran_order, shape })
}

/// Reads a tensor of `elem` from a `.npy` file's bytes.
pub fn read(bytes: &[u8], elem: ElemType) -> Result<Tensor, String> {
    let (h, start) = read_header(bytes)?;
    from_parts(&h, &bytes[start..], elem)
}

/// A tensor of `elem` from a header and the data after it (a `.npy` file's
/// parts, or an array handed over with its dtype and shape).
pub fn from_parts(h: &Header, body: &[u8], elem: ElemType) -> Result<Tensor, String> {
    if !dtype_matches(h.kind, h.size, elem) {
        return Err(format!("dtype {} does not hold {} (expected {})", h.dtype(), elem.mlir_name(), dtype_of(elem)));
    }
    if h.fortran_order {
        return Err("Fortran-ordered .npy files are not supported (save with np.ascontiguousarray)".into());
    }
    let want = crate::memory::tensor_bytes(&h.shape, elem).filter(|w| *w <= body.len() as u64);
    let Some(want) = want else {
        return Err(format!(
            "truncated .npy data: {} bytes for shape {:?} of {} bytes",
            body.len(),
            h.shape,
            elem.size()
        ));
    };
    let mut data = AlignedBytes::try_from_slice(&body[..want as usize]).map_err(|refused| crate::AllocError {
        shape: h.shape.clone(),
        elem,
        refused,
    })?;
    if h.byte_order == '>' && elem.size() > 1 {
        for chunk in data.chunks_exact_mut(elem.size()) {
            chunk.reverse();
        }
    }
    if elem == ElemType::I1 {
        for b in data.iter_mut() {
            *b = (*b != 0) as u8;
        }
    }
    Ok(Tensor { shape: h.shape.clone(), elem, data: Arc::new(data), init: None })
}

/// The bytes of a `.npy` file (version 1.0) holding `t`.
pub fn write(t: &Tensor) -> Vec<u8> {
    let mut out = Vec::with_capacity(128 + t.data.len());
    write_to(t, &mut out).expect("writing to a Vec cannot fail");
    out
}

/// Writes `t` as a `.npy` file (version 1.0) to `sink`, without a copy of
/// its data (the engine's memory budget does not cover one).
pub fn write_to(t: &Tensor, sink: &mut dyn std::io::Write) -> std::io::Result<()> {
    let shape = match t.shape.len() {
        1 => format!("({},)", t.shape[0]),
        _ => format!("({})", t.shape.iter().map(|d| d.to_string()).collect::<Vec<_>>().join(", ")),
    };
    let mut header = format!("{{'descr': '{}', 'fortran_order': False, 'shape': {shape}, }}", dtype_of(t.elem));
    // Magic (6) + version (2) + length (2) + header + '\n', padded to 64.
    let total = 10 + header.len() + 1;
    header.push_str(&" ".repeat(total.next_multiple_of(64) - total));
    header.push('\n');
    sink.write_all(MAGIC)?;
    sink.write_all(&[1, 0])?;
    sink.write_all(&(header.len() as u16).to_le_bytes())?;
    sink.write_all(header.as_bytes())?;
    sink.write_all(&t.data)?;
    sink.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::elem::Scalar;

    #[test]
    fn write_then_read_is_identity_for_every_type() {
        for elem in ElemType::ALL {
            let t = Tensor::iota(vec![2, 3], elem);
            let bytes = write(&t);
            assert_eq!(bytes.len() % 64, (t.data.len()) % 64, "header padded to 64");
            assert_eq!(read(&bytes, elem).unwrap(), t, "{elem:?}");
        }
    }

    #[test]
    fn headers_as_numpy_writes_them() {
        let h = "{'descr': '>f4', 'fortran_order': False, 'shape': (3,), }";
        let parsed = parse_header_dict(h).unwrap();
        assert_eq!(parsed, Header { byte_order: '>', kind: 'f', size: 4, fortran_order: false, shape: vec![3] });
        let scalar = parse_header_dict("{'descr': '<i8', 'fortran_order': False, 'shape': (), }").unwrap();
        assert!(scalar.shape.is_empty());
    }

    #[test]
    fn mismatches_and_damage_are_errors() {
        let t = Tensor::iota(vec![4], ElemType::F32);
        let bytes = write(&t);
        assert!(read(&bytes, ElemType::F64).unwrap_err().contains("dtype <f4 does not hold f64"));
        assert!(read(&bytes[..bytes.len() - 1], ElemType::F32).unwrap_err().contains("truncated"));
        assert!(read(b"hello world", ElemType::F32).unwrap_err().contains("magic"));
    }

    #[test]
    fn big_endian_files_are_swapped() {
        let mut bytes = write(&Tensor::from_scalars(vec![1], ElemType::I32, [Scalar::int(ElemType::I32, 1)]));
        let h = bytes.iter().position(|b| *b == b'<').unwrap();
        bytes[h] = b'>';
        let n = bytes.len();
        bytes[n - 4..].copy_from_slice(&1i32.to_be_bytes());
        assert_eq!(read(&bytes, ElemType::I32).unwrap().get(0).as_i64(), 1);
    }
}
