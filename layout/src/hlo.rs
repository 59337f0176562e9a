//! A memory report of an HLO text dump: every instruction's result shape,
//! its exact bytes under its layout, padding overhead and memory space.
//!
//! Instruction lines look like `[ROOT] %name = SHAPE opcode(operands), attrs`.
//! Instructions inside fused computations (named by a fusion's `calls=`) are
//! not buffers and are left out, as are the aliases `tuple`,
//! `get-tuple-element` and `bitcast`, which own no memory.

use crate::parse::parse_shape_at;
use crate::shape::{ArrayShape, Shape};
use crate::tiling::TiledLayout;

/// One array buffer of an instruction (a tuple result has one per leaf).
#[derive(Clone, Debug, PartialEq)]
pub struct Buffer {
    /// 1-based line of the instruction.
    pub line: usize,
    /// Instruction name, with `{i,j}` for a tuple leaf.
    pub name: String,
    pub opcode: String,
    pub computation: String,
    pub shape: ArrayShape,
    /// Exact bytes, `None` for an unbounded (`?`) dim.
    pub bytes: Option<i64>,
    /// Bytes of the data alone.
    pub data_bytes: Option<i64>,
    pub memory_space: i64,
}

impl Buffer {
    /// Bytes spent on padding.
    pub fn waste(&self) -> i64 {
        match (self.bytes, self.data_bytes) {
            (Some(b), Some(d)) => b - d,
            _ => 0,
        }
    }
}

/// What a dump holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Report {
    /// Buffers, sorted by waste (largest first), then by line.
    pub buffers: Vec<Buffer>,
    /// Instructions left out because they are inside fused computations.
    pub fused_instructions: usize,
    /// Alias instructions left out.
    pub aliases: usize,
}

/// A problem in the dump, with a 1-based line and column.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HloError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

const ALIAS_OPCODES: [&str; 3] = ["tuple", "get-tuple-element", "bitcast"];

fn is_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-')
}

/// Splits `[ROOT] [%]name = rest`; `None` for other lines.
fn split_instruction(line: &str) -> Option<(String, usize)> {
    let trimmed = line.trim_start();
    let mut offset = line.len() - trimmed.len();
    let mut rest = trimmed;
    if let Some(r) = rest.strip_prefix("ROOT ") {
        offset += 5;
        rest = r.trim_start();
        offset += r.len() - rest.len();
    }
    let body = rest.strip_prefix('%').unwrap_or(rest);
    let name_len = body.chars().take_while(|&c| is_name_char(c)).map(char::len_utf8).sum::<usize>();
    if name_len == 0 {
        return None;
    }
    let name = body[..name_len].to_string();
    let after = &body[name_len..];
    let after_trim = after.trim_start();
    let eq = after_trim.strip_prefix('=')?;
    let shape_text = eq.trim_start();
    // A shape starts with '(' or an identifier directly followed by '['.
    let looks_like_shape = shape_text.starts_with('(') || {
        let ident = shape_text.chars().take_while(|c| c.is_ascii_alphanumeric()).count();
        ident > 0 && shape_text[ident..].starts_with('[')
    };
    if !looks_like_shape {
        return None;
    }
    let start = offset + (rest.len() - shape_text.len());
    Some((name, start))
}

/// The computation a header line opens (`[ENTRY] %name (...) -> ... {`).
fn computation_header(line: &str) -> Option<String> {
    let t = line.trim();
    if !t.ends_with('{') || t.starts_with("HloModule") {
        return None;
    }
    let t = t.strip_prefix("ENTRY ").unwrap_or(t).trim_start();
    let t = t.strip_prefix('%').unwrap_or(t);
    let name: String = t.chars().take_while(|&c| is_name_char(c)).collect();
    (!name.is_empty()).then_some(name)
}

/// Names of the computations a fusion instruction calls.
fn fusion_callee(rest: &str) -> Option<String> {
    let i = rest.find("calls=")?;
    let t = rest[i + 6..].trim_start_matches(['{', '%', ' ']);
    let name: String = t.chars().take_while(|&c| is_name_char(c)).collect();
    (!name.is_empty()).then_some(name)
}

/// Reads a dump and computes every buffer's size.
pub fn report(text: &str) -> Result<Report, HloError> {
    struct Inst<'a> {
        line: usize,
        name: String,
        computation: String,
        shape: Shape,
        rest: &'a str,
    }
    let mut insts = Vec::new();
    let mut fused = std::collections::BTreeSet::new();
    let mut computation = String::new();
    // The opcode of the last instruction: a fusion's `calls=` may sit on a
    // continuation line.
    let mut last_opcode = String::new();
    for (i, line) in text.lines().enumerate() {
        let Some((name, start)) = split_instruction(line) else {
            if let Some(c) = computation_header(line) {
                computation = c;
                last_opcode.clear();
            } else if last_opcode == "fusion" {
                if let Some(c) = fusion_callee(line) {
                    fused.insert(c);
                }
            }
            continue;
        };
        let (shape, end) = parse_shape_at(line, start).map_err(|e| HloError {
            line: i + 1,
            column: e.column(line),
            message: e.message,
        })?;
        crate::validate::validate_shape(&shape).map_err(|m| HloError { line: i + 1, column: start + 1, message: m })?;
        let rest = &line[end..];
        let opcode: String = rest.trim_start().chars().take_while(|&c| is_name_char(c)).collect();
        if opcode == "fusion" {
            if let Some(c) = fusion_callee(rest) {
                fused.insert(c);
            }
        }
        last_opcode = opcode;
        insts.push(Inst { line: i + 1, name, computation: computation.clone(), shape, rest });
    }
    let mut out = Report::default();
    for inst in insts {
        if fused.contains(&inst.computation) {
            out.fused_instructions += 1;
            continue;
        }
        let opcode: String = inst.rest.trim_start().chars().take_while(|&c| is_name_char(c)).collect();
        if ALIAS_OPCODES.contains(&opcode.as_str()) {
            out.aliases += 1;
            continue;
        }
        let mut leaves = Vec::new();
        collect_leaves(&inst.shape, &mut Vec::new(), &mut leaves);
        let tuple = matches!(inst.shape, Shape::Tuple(_));
        for (index, leaf) in leaves {
            if !leaf.element_type.is_array_type() {
                continue;
            }
            let name = if tuple {
                format!("{}{{{}}}", inst.name, index.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(","))
            } else {
                inst.name.clone()
            };
            let (bytes, data_bytes) = if crate::size::is_bounded(leaf) {
                let t = TiledLayout::new(leaf).map_err(|m| HloError { line: inst.line, column: 1, message: m })?;
                (Some(t.size_bytes()), Some(t.data_bytes()))
            } else {
                (None, None)
            };
            out.buffers.push(Buffer {
                line: inst.line,
                name,
                opcode: opcode.clone(),
                computation: inst.computation.clone(),
                memory_space: leaf.memory_space(),
                shape: leaf.clone(),
                bytes,
                data_bytes,
            });
        }
    }
    out.buffers.sort_by(|a, b| b.waste().cmp(&a.waste()).then(a.line.cmp(&b.line)));
    Ok(out)
}

fn collect_leaves<'a>(s: &'a Shape, index: &mut Vec<usize>, out: &mut Vec<(Vec<usize>, &'a ArrayShape)>) {
    match s {
        Shape::Array(a) => out.push((index.clone(), a)),
        Shape::Tuple(elems) => {
            for (i, e) in elems.iter().enumerate() {
                index.push(i);
                collect_leaves(e, index, out);
                index.pop();
            }
        }
    }
}

/// A name for a memory space, as TPU dumps use them.
pub fn memory_space_name(space: i64) -> &'static str {
    match space {
        0 => "device memory (HBM)",
        1 => "on-chip vector memory (VMEM)",
        5 => "host memory",
        _ => "device-specific",
    }
}
