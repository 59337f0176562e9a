//! Source locations, as MLIR spells them inside `loc(...)`.

use crate::{Attr, Loc, Sym};

/// The structure of a location.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
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
