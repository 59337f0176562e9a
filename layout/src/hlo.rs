//! A memory report of an HLO text dump: every instruction's result shape,
//! its exact bytes under its layout, padding overhead and memory space.
//!
//! Instruction lines look like `[ROOT] %name = SHAPE opcode(operands), attrs`.
//! Only buffers that exist at run time are counted:
//! - instructions inside fused computations (named by a fusion's `calls=`)
//!   live in registers or the fusion's own scratch, not in buffers;
//! - instructions of computations applied per element (`to_apply=` of
//!   reduce, map, sort, scatter, all-reduce, ...; `select=` and `scatter=`
//!   of select-and-scatter) are scalar code inside the caller's loop;
//! - the parameters of a computation other than the entry (a while's
//!   `condition=`/`body=`, a call's or conditional's callees) are the
//!   caller's buffers under another name, as are the aliases `tuple`,
//!   `get-tuple-element` and `bitcast`.

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
    /// Instructions left out because their computation is applied per
    /// element (`to_apply=`, `select=`, `scatter=`).
    pub applied_instructions: usize,
    /// Alias instructions left out (including the parameters of called
    /// computations).
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

/// The computation a header line opens (`[ENTRY] %name (...) -> ... {`),
/// and whether it is the entry.
fn computation_header(line: &str) -> Option<(String, bool)> {
    let t = line.trim();
    if !t.ends_with('{') || t.starts_with("HloModule") {
        return None;
    }
    let entry = t.starts_with("ENTRY ");
    let t = t.strip_prefix("ENTRY ").unwrap_or(t).trim_start();
    let t = t.strip_prefix('%').unwrap_or(t);
    let name: String = t.chars().take_while(|&c| is_name_char(c)).collect();
    (!name.is_empty()).then_some((name, entry))
}

/// The computation named after `key` (`calls=%f`, `to_apply=f`) in an
/// instruction's text, if there is one.
fn callee(rest: &str, key: &str) -> Option<String> {
    let mut from = 0;
    while let Some(i) = rest[from..].find(key) {
        let at = from + i;
        from = at + key.len();
        // `key` must start an attribute name, not end a longer one.
        if rest[..at].chars().next_back().is_some_and(is_name_char) {
            continue;
        }
        let t = rest[from..].trim_start_matches(['{', '%', ' ']);
        let name: String = t.chars().take_while(|&c| is_name_char(c)).collect();
        return (!name.is_empty()).then_some(name);
    }
    None
}

/// The attributes that name a computation applied per element.
const APPLIED_KEYS: [&str; 3] = ["to_apply=", "select=", "scatter="];

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
    let mut applied = std::collections::BTreeSet::new();
    let mut entry = String::new();
    let mut computation = String::new();
    // The opcode of the last instruction: a fusion's `calls=` may sit on a
    // continuation line.
    let mut last_opcode = String::new();
    let mut note_callees = |text: &str, opcode: &str| {
        if opcode == "fusion" {
            fused.extend(callee(text, "calls="));
        }
        applied.extend(APPLIED_KEYS.iter().filter_map(|k| callee(text, k)));
    };
    for (i, line) in text.lines().enumerate() {
        let Some((name, start)) = split_instruction(line) else {
            if let Some((c, is_entry)) = computation_header(line) {
                if is_entry {
                    entry = c.clone();
                }
                computation = c;
                last_opcode.clear();
            } else if !last_opcode.is_empty() {
                note_callees(line, &last_opcode);
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
        note_callees(rest, &opcode);
        last_opcode = opcode;
        insts.push(Inst { line: i + 1, name, computation: computation.clone(), shape, rest });
    }
    let mut out = Report::default();
    for inst in insts {
        if fused.contains(&inst.computation) {
            out.fused_instructions += 1;
            continue;
        }
        if applied.contains(&inst.computation) {
            out.applied_instructions += 1;
            continue;
        }
        let opcode: String = inst.rest.trim_start().chars().take_while(|&c| is_name_char(c)).collect();
        let called_parameter = opcode == "parameter" && !entry.is_empty() && inst.computation != entry;
        if ALIAS_OPCODES.contains(&opcode.as_str()) || called_parameter {
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

/// Why a buffer is padded: for each physical dim its first tile pads, the
/// dim (logical number and size), the size it is padded to and the tile.
pub fn padding_causes(a: &ArrayShape) -> Vec<String> {
    let Ok(t) = TiledLayout::new(a) else { return Vec::new() };
    let Some(step) = t.steps.first() else { return Vec::new() };
    let tile_text = format!("T({})", step.tile.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","));
    let m = step.merged_shape.len();
    let k = step.tile.len().min(m);
    let mut out = Vec::new();
    // The tile applies to the k most minor dims of the merged shape; when no
    // unit dims were prepended and nothing merged, merged dim j is physical
    // dim j, i.e. logical dim minor_to_major[rank - 1 - j].
    let plain = step.prepended == 0 && step.groups.iter().all(|g| g.len() == 1);
    for (i, &tile) in step.tile[step.tile.len() - k..].iter().enumerate() {
        let j = m - k + i;
        let size = step.merged_shape[j];
        if size <= 0 || tile <= 0 || size % tile == 0 {
            continue;
        }
        let padded = size.div_euclid(tile) * tile + tile;
        let role = match m - 1 - j {
            0 => "the minor dim".to_string(),
            1 => "the second-minor dim".to_string(),
            n => format!("physical dim {} from the minor side", n + 1),
        };
        let which = if plain {
            let logical = t.minor_to_major[m - 1 - j];
            format!("dim {logical} (size {size})")
        } else {
            format!("physical dim {j} (size {size})")
        };
        out.push(format!("{which} is {role}, padded to {padded} by {tile_text}: {:.1}x", padded as f64 / size as f64));
    }
    out
}
