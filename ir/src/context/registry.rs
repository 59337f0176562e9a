//! Op definitions: name, assembly format hooks, verifier and traits, declared
//! once per op and looked up by name.

use rustc_hash::FxHashMap;

use std::any::Any;

use crate::{Context, OpId};

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
/// Behaviour attached to an op definition by a layer above the core
/// (MLIR's interface map): any `'static` value, found again by its type
/// with [`OpDef::interface`]. The text layer attaches the custom assembly
/// form ([`crate::parser::CustomParser`], [`crate::printer::CustomPrinter`]),
/// the rewriter the canonicalization patterns
/// ([`crate::rewriter::Canonicalization`]).
pub type OpInterface = dyn Any + Send + Sync;

/// Suggests an SSA name for each result (`%pack`, `%c8`, ...).
pub type ResultNameFn = fn(&Context, OpId) -> Option<String>;
/// Names groups of results.
pub type ResultGroupsFn = fn(&Context, OpId) -> Vec<(&'static str, usize)>;
/// Suggests the name of argument `index` of the entry block of the op's
/// region (MLIR's `getAsmBlockArgumentNames`: `%in`, `%out` in linalg ops).
pub type BlockArgNameFn = fn(&Context, OpId, usize) -> Option<&'static str>;

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
    /// Its only effects are on its own results (a transform op that reads
    /// handles and makes new ones): removable when unused, as MLIR finds it
    /// trivially dead, but not merged with its twin by cse.
    pub const DEAD_WHEN_UNUSED: u32 = 128;
    /// Has the effects of the ops in its regions, and no others (MLIR's
    /// `RecursiveMemoryEffects`): removable when unused if they have none.
    pub const RECURSIVE_EFFECTS: u32 = 256;
}

/// How many values an operand or result group holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GroupKind {
    /// Exactly one.
    One,
    /// Zero or one.
    Optional,
    /// Any number.
    Variadic,
}

/// A named operand (or result) group of an op.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct GroupDef {
    pub name: &'static str,
    pub kind: GroupKind,
}

/// A registered operation.
#[derive(Debug)]
pub struct OpDef {
    /// Canonical name.
    pub name: &'static str,
    /// Other spellings of the same op (`linalg.pack` for `tensor.pack`).
    pub aliases: &'static [&'static str],
    /// Op-specific verifier.
    pub verify: Option<VerifyFn>,
    /// Inherent attributes (printed as `<{...}>` properties in generic form).
    pub inherent: &'static [&'static str],
    /// Properties that always exist in MLIR's storage, with the text of
    /// their default value: the generic form prints them even when the op
    /// does not carry them (`fastmath = #arith.fastmath<none>`).
    pub default_properties: &'static [(&'static str, &'static str)],
    /// Properties that are not attributes in MLIR (`UnitProp`, such as
    /// `linearize_index`'s `disjoint`): the generic form prints them, but
    /// what lists an op's attributes (`--view-op-graph`) does not.
    pub non_attribute_properties: &'static [&'static str],
    /// Trait flags from [`traits`].
    pub traits: u32,
    /// The dialect whose ops may drop their prefix inside this op's regions
    /// (`func` inside `func.func`: MLIR's `getDefaultDialect`).
    pub default_dialect: Option<&'static str>,
    /// The terminator inserted when a region of this op omits it.
    pub implicit_terminator: Option<&'static str>,
    /// Suggested result names.
    pub result_name: Option<ResultNameFn>,
    /// Named result groups (`%tiled_linalg_op, %loops:2`): name and size of
    /// each group, in order.
    pub result_groups: Option<ResultGroupsFn>,
    /// Suggested names of the entry block arguments of its regions.
    pub block_arg_name: Option<BlockArgNameFn>,
    /// Allowed operand counts.
    pub operands: Arity,
    /// Allowed result counts.
    pub results: Arity,
    /// Exact number of regions (the least number with `variadic_regions`).
    pub regions: usize,
    /// The last region is variadic (MLIR's `VariadicRegion`, as
    /// `scf.index_switch`'s cases).
    pub variadic_regions: bool,
    /// Named operand groups (empty for ops declared without them).
    pub operand_groups: &'static [GroupDef],
    /// Named result groups.
    pub result_groups_def: &'static [GroupDef],
    /// Operand group sizes are stored in `operandSegmentSizes`
    /// (MLIR's `AttrSizedOperandSegments`).
    pub segmented: bool,
    /// Interfaces attached by the layers above the core (see [`OpInterface`]).
    pub interfaces: &'static [&'static OpInterface],
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
            verify: None,
            inherent: &[],
            default_properties: &[],
            non_attribute_properties: &[],
            traits: 0,
            default_dialect: None,
            implicit_terminator: None,
            result_name: None,
            result_groups: None,
            block_arg_name: None,
            operands: Arity::exactly(0),
            results: Arity::exactly(0),
            regions: 0,
            variadic_regions: false,
            operand_groups: &[],
            result_groups_def: &[],
            segmented: false,
            interfaces: &[],
        }
    }

    /// The interface of type `T` attached to this op, if any.
    #[inline]
    pub fn interface<T: Any>(&self) -> Option<&'static T> {
        self.interfaces.iter().find_map(|i| i.downcast_ref::<T>())
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

/// Op definitions by name (including aliases), and by interned name once
/// the context has interned the registered names
/// ([`Context::with_dialects`]).
#[derive(Default)]
pub struct Registry {
    by_name: FxHashMap<&'static str, &'static OpDef>,
    /// Every definition, in registration order.
    defs: Vec<&'static OpDef>,
    dialects: Vec<&'static str>,
    /// The definition of each interned op name (see [`Registry::bind`]).
    by_sym: crate::entity_map::SecondaryMap<crate::Sym, Option<&'static OpDef>>,
}

impl Registry {
    /// Registers a definition under its name and aliases.
    pub fn add(&mut self, def: &'static OpDef) {
        if !self.defs.iter().any(|d| std::ptr::eq(*d, def)) {
            self.defs.push(def);
        }
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

    /// Every registered definition, in registration order.
    pub fn defs(&self) -> &[&'static OpDef] {
        &self.defs
    }

    /// Records that the interned name `sym` spells `def`.
    pub fn bind(&mut self, sym: crate::Sym, def: &'static OpDef) {
        self.by_sym[sym] = Some(def);
    }

    /// Looks a name up.
    pub fn get(&self, name: &str) -> Option<&'static OpDef> {
        self.by_name.get(name).copied()
    }

    /// The definition spelled by the interned name `sym` (an index, no
    /// hashing); `None` for names that are not registered ops.
    #[inline]
    pub fn get_by_sym(&self, sym: crate::Sym) -> Option<&'static OpDef> {
        self.by_sym[sym]
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
