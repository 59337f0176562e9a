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

/// Hashed so that a file position's bucket follows its place in the file:
/// the low bits of the hash are `4 * line + col` (see
/// [`crate::context::LocHash`]), the top bits a hash of all three fields.
/// The parser interns one location per op in file order, so consecutive
/// ops land in neighbouring buckets of the uniquing table (its probes stay
/// in cache however large it grows), while the tag bits hashbrown compares
/// first still tell entries apart.
impl std::hash::Hash for LocKind {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        match self {
            LocKind::Unknown => state.write_u8(0),
            LocKind::FileLineCol { file, line, col } => {
                state.write_u8(1);
                file.hash(state);
                state.write_u32(*line);
                state.write_u32(*col);
                state.write_u64(4 * u64::from(*line) + u64::from(*col));
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
