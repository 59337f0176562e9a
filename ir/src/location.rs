//! Source locations, as MLIR spells them inside `loc(...)`.

use crate::{Attr, Loc, Sym};

/// The structure of a location.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum LocKind {
    /// `loc(unknown)`
    Unknown,
    /// `loc("file":line:col)`
    FileLineCol { file: Sym, line: u32, col: u32 },
    /// `loc("name")` or `loc("name"(child))`
    Name { name: Sym, child: Option<Loc> },
    /// `loc(callsite(callee at caller))`
    CallSite { callee: Loc, caller: Loc },
    /// `loc(fused[a, b])` or `loc(fused<#meta>[a, b])`, out of line: the
    /// other kinds fit in 16 bytes, and every op's location is one.
    Fused(Box<FusedLoc>),
}

/// The parts of a fused location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct FusedLoc {
    pub locs: Vec<Loc>,
    pub metadata: Option<Attr>,
}

impl LocKind {
    /// `loc(fused<metadata>[locs])`.
    pub fn fused(locs: Vec<Loc>, metadata: Option<Attr>) -> LocKind {
        LocKind::Fused(Box::new(FusedLoc { locs, metadata }))
    }
}

/// Hashed so that a file position's line, modulo 8, is the hash's low
/// bits: the parser interns one location per op in line order, and eight
/// consecutive lines then share one group of the uniquing table (one cache
/// miss instead of eight), while the rest of the hash (the file, the line
/// divided by 8, the column) places the groups at random. See
/// [`crate::context::LocHash`].
impl std::hash::Hash for LocKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            LocKind::Unknown => state.write_u8(0),
            LocKind::FileLineCol { file, line, col } => {
                state.write_u8(1);
                file.hash(state);
                state.write_u32(line >> 3);
                state.write_u32(*col);
                state.write_u16((line & 7) as u16);
            }
            LocKind::Name { name, child } => {
                state.write_u8(2);
                name.hash(state);
                child.hash(state);
            }
            LocKind::CallSite { callee, caller } => {
                state.write_u8(3);
                callee.hash(state);
                caller.hash(state);
            }
            LocKind::Fused(f) => {
                state.write_u8(4);
                f.hash(state);
            }
        }
    }
}
