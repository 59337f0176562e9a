//! Op definitions: name, assembly format hooks, verifier and traits, declared
//! once per op and looked up by name.

use rustc_hash::FxHashMap;

use crate::parser::{OpParser, PResult};
use crate::printer::OpPrinter;
use crate::{Context, OpId};

/// Parses an op's custom assembly form (after the op name).
pub type ParseFn = fn(&mut OpParser<'_, '_>) -> PResult<()>;
/// Prints an op's custom assembly form (after the op name).
pub type PrintFn = fn(&mut OpPrinter<'_>, OpId);
/// Checks an op's own invariants.
pub type VerifyFn = fn(&Context, OpId) -> Result<(), VerifyError>;

/// A verifier failure. Most messages get `'name' op ` in front (MLIR's
/// `emitOpError`); some upstream checks use plain `emitError`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VerifyError {
    pub message: String,
    pub with_op_prefix: bool,
    /// Notes attached after the error (e.g. pointing at a terminator).
    pub notes: Vec<(crate::Loc, String)>,
}

impl VerifyError {
    /// A message printed without the `'name' op ` prefix.
    pub fn bare(message: impl Into<String>) -> Self {
        VerifyError { message: message.into(), with_op_prefix: false, notes: Vec::new() }
    }

    /// Attaches a note at `loc`.
    pub fn with_note(mut self, loc: crate::Loc, message: impl Into<String>) -> Self {
        self.notes.push((loc, message.into()));
        self
    }
}

impl From<String> for VerifyError {
    fn from(message: String) -> Self {
        VerifyError { message, with_op_prefix: true, notes: Vec::new() }
    }
}

impl From<&str> for VerifyError {
    fn from(message: &str) -> Self {
        VerifyError { message: message.to_string(), with_op_prefix: true, notes: Vec::new() }
    }
}
/// A canonicalization pattern of an op: rewrites it (through the
/// rewriter, so the driver hears of every change) and returns true, or
/// leaves the IR untouched and returns false.
pub type PatternFn = fn(&mut crate::rewriter::Rewriter<'_>, OpId) -> bool;

/// Suggests an SSA name for each result (`%pack`, `%c8`, ...).
pub type ResultNameFn = fn(&Context, OpId) -> Option<String>;
/// Names groups of results.
pub type ResultGroupsFn = fn(&Context, OpId) -> Vec<(&'static str, usize)>;

/// Trait flags.
pub mod traits {
    /// Must be the last op of its block.
    pub const TERMINATOR: u32 = 1;
    /// Regions cannot see values from outside.
    pub const ISOLATED_FROM_ABOVE: u32 = 2;
    /// Blocks of its regions need no terminator.
    pub const NO_TERMINATOR: u32 = 4;
    /// Regions have at most one block.
    pub const SINGLE_BLOCK: u32 = 8;
    /// Defines a symbol (`sym_name`).
    pub const SYMBOL: u32 = 16;
    /// Has no side effects: removable when unused.
    pub const PURE: u32 = 32;
    /// Folds to a constant attribute (`value`).
    pub const CONSTANT_LIKE: u32 = 64;
}

/// A registered operation.
#[derive(Debug)]
pub struct OpDef {
    /// Canonical name.
    pub name: &'static str,
    /// Other spellings of the same op (`linalg.pack` for `tensor.pack`).
    pub aliases: &'static [&'static str],
    /// Custom assembly parser.
    pub parse: Option<ParseFn>,
    /// Custom assembly printer.
    pub print: Option<PrintFn>,
    /// Op-specific verifier.
    pub verify: Option<VerifyFn>,
    /// Inherent attributes (printed as `<{...}>` properties in generic form).
    pub inherent: &'static [&'static str],
    /// Trait flags from [`traits`].
    pub traits: u32,
    /// The terminator inserted when a region of this op omits it.
    pub implicit_terminator: Option<&'static str>,
    /// Suggested result names.
    pub result_name: Option<ResultNameFn>,
    /// Named result groups (`%tiled_linalg_op, %loops:2`): name and size of
    /// each group, in order.
    pub result_groups: Option<ResultGroupsFn>,
    /// Allowed operand counts.
    pub operands: Arity,
    /// Allowed result counts.
    pub results: Arity,
    /// Exact number of regions.
    pub regions: usize,
    /// Named operand groups (empty for ops declared without them).
    pub operand_groups: &'static [crate::ods::GroupDef],
    /// Named result groups.
    pub result_groups_def: &'static [crate::ods::GroupDef],
    /// Operand group sizes are stored in `operandSegmentSizes`
    /// (MLIR's `AttrSizedOperandSegments`).
    pub segmented: bool,
    /// Canonicalization patterns (folds included), tried in order.
    pub patterns: &'static [PatternFn],
}

/// A count range: at least `min`, at most `max` (unbounded when `None`).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Arity {
    pub min: usize,
    pub max: Option<usize>,
}

impl Arity {
    /// Exactly `n`.
    pub const fn exactly(n: usize) -> Arity {
        Arity { min: n, max: Some(n) }
    }

    /// `n` or more.
    pub const fn at_least(n: usize) -> Arity {
        Arity { min: n, max: None }
    }

    /// Between `min` and `max` inclusive.
    pub const fn between(min: usize, max: usize) -> Arity {
        Arity { min, max: Some(max) }
    }

    /// Whether `n` is allowed.
    pub fn allows(&self, n: usize) -> bool {
        n >= self.min && self.max.is_none_or(|m| n <= m)
    }
}

impl OpDef {
    /// A definition with only a name; fill the rest with struct update syntax.
    pub const fn named(name: &'static str) -> OpDef {
        OpDef {
            name,
            aliases: &[],
            parse: None,
            print: None,
            verify: None,
            inherent: &[],
            traits: 0,
            implicit_terminator: None,
            result_name: None,
            result_groups: None,
            operands: Arity::exactly(0),
            results: Arity::exactly(0),
            regions: 0,
            operand_groups: &[],
            result_groups_def: &[],
            segmented: false,
            patterns: &[],
        }
    }

    /// Whether the op has a trait.
    #[inline]
    pub fn has(&self, t: u32) -> bool {
        self.traits & t != 0
    }
}

/// A dialect: a namespace and the ops it registers. Whoever builds a
/// [`Context`] hands it the dialects it should know
/// ([`Context::with_dialects`]).
#[derive(Debug)]
pub struct Dialect {
    /// The namespace (`scf`, `tensor`, ...).
    pub name: &'static str,
    /// Adds the dialect's ops to a registry.
    pub register: fn(&mut Registry),
}

/// Op definitions by name (including aliases).
#[derive(Default)]
pub struct Registry {
    by_name: FxHashMap<&'static str, &'static OpDef>,
    dialects: Vec<&'static str>,
    /// The answer for each interned name, once looked up.
    by_sym: crate::entity_map::SecondaryMap<crate::Sym, Option<Option<&'static OpDef>>>,
}

impl Registry {
    /// Registers a definition under its name and aliases.
    pub fn add(&mut self, def: &'static OpDef) {
        for name in std::iter::once(&def.name).chain(def.aliases.iter()) {
            self.by_name.insert(name, def);
            let dialect = name.split('.').next().unwrap_or(name);
            if !self.dialects.contains(&dialect) {
                self.dialects.push(dialect);
            }
        }
    }

    /// Registers a dialect namespace with no ops of its own.
    pub fn add_dialect(&mut self, dialect: &'static str) {
        if !self.dialects.contains(&dialect) {
            self.dialects.push(dialect);
        }
    }

    /// Looks a name up.
    pub fn get(&self, name: &str) -> Option<&'static OpDef> {
        self.by_name.get(name).copied()
    }

    /// Looks up the interned name `sym` (whose text is `name`), caching
    /// the answer per symbol.
    pub fn get_cached(&mut self, sym: crate::Sym, name: &str) -> Option<&'static OpDef> {
        if let Some(d) = self.by_sym[sym] {
            return d;
        }
        let d = self.get(name);
        self.by_sym[sym] = Some(d);
        d
    }

    /// Whether a dialect namespace is known.
    pub fn has_dialect(&self, d: &str) -> bool {
        self.dialects.contains(&d)
    }

    /// All registered names, sorted.
    pub fn names(&self) -> Vec<&'static str> {
        let mut v: Vec<_> = self.by_name.keys().copied().collect();
        v.sort_unstable();
        v
    }
}
