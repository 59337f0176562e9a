//! The IR context: dense arenas of operations, values, blocks and regions, and
//! the uniquing tables of types, attributes, locations and strings.

mod cfg;
pub mod clone;
pub mod known_names;
pub mod registry;
mod unique_table;

use indexmap::IndexSet;
use rustc_hash::FxBuildHasher;

use crate::attrs::AttrKind;
use crate::entity_map::PrimaryMap;
use crate::location::LocKind;
use crate::types::{FloatKind, Signedness, TypeKind};
use crate::{Attr, BlockId, Loc, OpId, RegionId, Sym, Type, Value};
use registry::{Dialect, OpDef, Registry};

/// Operand or result values of an op (inline up to 4, no allocation).
pub type ValueList = smallvec::SmallVec<[Value; 4]>;
/// Result types of an op being built.
pub type TypeList = smallvec::SmallVec<[Type; 2]>;

/// An op's attribute dictionary, in insertion order. Ops carry a handful of
/// attributes, so a vector with linear lookup beats a hash map in both time
/// and memory. It is one pointer wide (a `ThinVec` keeps its length and
/// capacity in its heap block): most ops have no attributes and pay 8
/// bytes, where an inline four-entry vector made every op 32 bytes larger.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttrMap(thin_vec::ThinVec<(Sym, Attr)>);

impl AttrMap {
    /// The value of `k`.
    #[inline]
    pub fn get(&self, k: &Sym) -> Option<&Attr> {
        self.0.iter().find(|(n, _)| n == k).map(|(_, v)| v)
    }

    /// Whether `k` is present.
    pub fn contains_key(&self, k: &Sym) -> bool {
        self.get(k).is_some()
    }

    /// Inserts or replaces `k` (keeping its position when replacing).
    pub fn insert(&mut self, k: Sym, v: Attr) -> Option<Attr> {
        if let Some(slot) = self.0.iter_mut().find(|(n, _)| *n == k) {
            return Some(std::mem::replace(&mut slot.1, v));
        }
        self.0.push((k, v));
        None
    }

    /// Removes `k`, keeping the order of the others.
    pub fn shift_remove(&mut self, k: &Sym) -> Option<Attr> {
        let pos = self.0.iter().position(|(n, _)| n == k)?;
        Some(self.0.remove(pos).1)
    }

    /// Entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&Sym, &Attr)> {
        self.0.iter().map(|(k, v)| (k, v))
    }

    /// Names in insertion order.
    pub fn keys(&self) -> impl Iterator<Item = &Sym> {
        self.0.iter().map(|(k, _)| k)
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl Extend<(Sym, Attr)> for AttrMap {
    fn extend<I: IntoIterator<Item = (Sym, Attr)>>(&mut self, iter: I) {
        for (k, v) in iter {
            self.insert(k, v);
        }
    }
}

impl IntoIterator for AttrMap {
    type Item = (Sym, Attr);
    type IntoIter = thin_vec::IntoIter<(Sym, Attr)>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

/// A uniquing table.
type Interner<T> = unique_table::UniqueTable<T, FxBuildHasher>;

/// The uniqued locations. The parser interns a file position for every op
/// and block argument, in file order, so almost every one is new and
/// further into its file than any before it. Such a position cannot be in
/// the table yet, and it is added without a hash probe (a cache miss per
/// op once the table outgrows the cache): the entries from
/// `unindexed_from` on are not in the hash index. The first lookup that
/// could find one of them (a position no further than its file's furthest)
/// indexes them first.
#[derive(Default)]
struct LocTable {
    table: Interner<LocKind>,
    unindexed_from: usize,
    /// Per file, the furthest position (line, column) interned.
    furthest: rustc_hash::FxHashMap<Sym, (u32, u32)>,
}

impl LocTable {
    fn intern(&mut self, kind: LocKind) -> usize {
        if let LocKind::FileLineCol { file, line, col } = kind {
            let furthest = self.furthest.entry(file).or_insert((0, 0));
            if (line, col) > *furthest {
                *furthest = (line, col);
                return self.table.push_unindexed(kind);
            }
            self.table.index_from(self.unindexed_from);
            self.unindexed_from = self.table.len();
        }
        // Other kinds cannot equal an unindexed file position.
        self.table.intern(kind)
    }
}

/// Where a value comes from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ValueDef {
    /// Result `index` of an operation.
    Result { op: OpId, index: u32 },
    /// Argument `index` of a block.
    BlockArg { block: BlockId, index: u32 },
    /// A forward reference the parser has not resolved yet, or a value
    /// whose definition was erased.
    Detached,
}

/// One use of a value: operand `operand` of `op`.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Use {
    pub op: OpId,
    pub operand: u32,
}

/// Types every context interns first, at these indexes, so the builders
/// and verifiers that ask for them all the time skip the hash lookup.
const WELL_KNOWN_INDEX: usize = 0;
const WELL_KNOWN_I1: usize = 1;
const WELL_KNOWN_I32: usize = 2;
const WELL_KNOWN_I64: usize = 3;

fn well_known_types() -> [TypeKind; 4] {
    let int = |width| TypeKind::Integer { width, signedness: Signedness::Signless };
    [TypeKind::Index, int(1), int(32), int(64)]
}

/// Storage of a value.
#[derive(Clone, Debug)]
pub struct ValueData {
    pub ty: Type,
    pub def: ValueDef,
    pub(crate) uses: UseList,
}

/// A value's uses. Most values are used once or twice: those lists live
/// inline, without a heap allocation of their own.
pub(crate) type UseList = smallvec::SmallVec<[Use; 2]>;

/// Storage of an operation: 80 bytes, with no heap allocation of its own
/// for ops of up to two operands and two results (or three operands and
/// none).
#[derive(Clone, Debug)]
pub struct OpData {
    /// The op name as written (`tensor.pack` or `linalg.pack`, ...); the
    /// registered definition is [`Context::def_of`].
    pub name: Sym,
    pub loc: Loc,
    pub(crate) parent: Option<BlockId>,
    pub(crate) prev: Option<OpId>,
    pub(crate) next: Option<OpId>,
    /// How many of `slots` are operands (and as many use positions).
    num_operands: u32,
    /// The region of an op with one region and no successors (`scf.for`,
    /// `func.func`): it sits in what would be padding.
    region: Option<RegionId>,
    pub(crate) erased: bool,
    /// Attributes in insertion order; printers sort them like MLIR does.
    pub attrs: AttrMap,
    /// Regions and successors of other ops, out of line: most ops have
    /// neither, and one optional pointer is 24 bytes smaller than two
    /// boxed slices.
    links: Option<Box<OpLinks>>,
    /// The operands, then for each operand its position in the operand
    /// value's use list (so that removing a use is O(1)), stored as the
    /// [`Value`] of that index, then the results. One list instead of three
    /// keeps the record 40 bytes smaller.
    slots: smallvec::SmallVec<[Value; 6]>,
}

/// An op's regions and successors.
#[derive(Clone, Debug, Default)]
pub struct OpLinks {
    pub(crate) regions: Box<[RegionId]>,
    pub(crate) successors: Box<[BlockId]>,
}

impl OpData {
    /// The op's regions.
    #[inline]
    pub fn regions(&self) -> &[RegionId] {
        match &self.links {
            Some(l) => &l.regions,
            None => self.region.as_slice(),
        }
    }

    /// The op's successor blocks.
    #[inline]
    pub fn successors(&self) -> &[BlockId] {
        self.links.as_deref().map_or(&[], |l| &l.successors)
    }

    /// The op's operands.
    #[inline]
    pub fn operands(&self) -> &[Value] {
        &self.slots[..self.num_operands as usize]
    }

    /// The op's results.
    #[inline]
    pub fn results(&self) -> &[Value] {
        &self.slots[2 * self.num_operands as usize..]
    }

    /// Where operand `i` sits in its value's use list.
    #[inline]
    fn use_pos(&self, i: u32) -> u32 {
        self.slots[(self.num_operands + i) as usize].index() as u32
    }

    #[inline]
    fn set_use_pos(&mut self, i: u32, pos: u32) {
        self.slots[(self.num_operands + i) as usize] = Value::new(pos as usize);
    }

    #[inline]
    fn set_operand_slot(&mut self, i: u32, v: Value) {
        debug_assert!(i < self.num_operands);
        self.slots[i as usize] = v;
    }

    /// Drops the operands (an erased op uses nothing).
    fn clear_operands(&mut self) {
        let n = self.num_operands as usize;
        self.slots.drain(..2 * n);
        self.num_operands = 0;
    }
}

/// Storage of a block.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// Up to four inline: as large as a `Vec`, without its heap block.
    pub(crate) args: smallvec::SmallVec<[Value; 4]>,
    /// The location of each argument (MLIR gives every block argument one).
    pub(crate) arg_locs: smallvec::SmallVec<[Loc; 4]>,
    pub(crate) first: Option<OpId>,
    pub(crate) last: Option<OpId>,
    pub(crate) parent: Option<RegionId>,
}

/// Storage of a region.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    /// Up to four inline: as large as a `Vec`, without its heap block.
    pub(crate) blocks: smallvec::SmallVec<[BlockId; 4]>,
    pub(crate) parent: Option<OpId>,
}

/// Everything needed to create an operation.
#[derive(Clone, Debug)]
pub struct OpSpec {
    pub name: Sym,
    pub operands: ValueList,
    pub result_types: TypeList,
    pub attrs: AttrMap,
    pub regions: Vec<RegionId>,
    pub successors: Vec<BlockId>,
    pub loc: Loc,
}

/// Owns all IR entities. Entities are never freed individually; erased ops
/// are unlinked and marked, which keeps ids stable.
pub struct Context {
    pub(crate) ops: PrimaryMap<OpId, OpData>,
    pub(crate) values: PrimaryMap<Value, ValueData>,
    pub(crate) blocks: PrimaryMap<BlockId, BlockData>,
    pub(crate) regions: PrimaryMap<RegionId, RegionData>,
    types: Interner<TypeKind>,
    attrs: Interner<AttrKind>,
    locs: LocTable,
    /// Strings: few per input (names, not values), so the ordered set
    /// with its `&str` lookups serves them.
    syms: IndexSet<Box<str>, FxBuildHasher>,
    /// Recently interned `&'static str`s (op and attribute names the
    /// builders write), by address: a hit costs a compare, not a hash
    /// of the text. A static string never moves, so its address and
    /// length identify its text.
    static_syms: Box<[(usize, usize, Sym); STATIC_SYM_SLOTS]>,
    /// Attributes made once and named by a `&'static str` (its address
    /// and length): see [`Context::static_attr`].
    static_attrs: rustc_hash::FxHashMap<(usize, usize), Attr>,
    registry: Registry,
    /// Ops created and not erased (attached or not).
    live_ops: usize,
    /// Allow ops whose dialect is not registered (`--allow-unregistered-dialect`).
    pub allow_unregistered: bool,
    /// Modules of transform sequences loaded beside the payload
    /// (`-transform-preload-library`): parsed into this context, attached
    /// to nothing, so they are never printed or rewritten.
    pub transform_library: Vec<OpId>,
    /// Constants the builders made at the top of a block (newest first),
    /// each with the op after which the builder was inserting (`None`: at
    /// the start of a block), where upstream's builders make them.
    /// Canonicalize puts each back there before it hoists constants as
    /// MLIR's folder does, so constants keep MLIR's order relative to the
    /// ones the input wrote.
    /// By the block they were put at the top of.
    pub constants_made_at_top: rustc_hash::FxHashMap<BlockId, Vec<(OpId, Option<OpId>)>>,
    /// Whether builders record into `constants_made_at_top` (canonicalize
    /// turns it off while it runs: its own constants are hoisted as made).
    pub record_constants_made_at_top: bool,
    /// The blobs of the input's `{-# dialect_resources: { builtin: .. } #-}`
    /// section, by handle (what `dense_resource<handle>` reads).
    pub resources: indexmap::IndexMap<String, crate::attrs::ResourceBlob>,
    /// The input's `{-# external_resources: { group: { key: value } } #-}`
    /// entries, kept to be printed back (values as written: a string's
    /// text, `true` or `false`).
    pub external_resources: Vec<(String, Vec<(String, crate::attrs::ExternalResourceValue)>)>,
    /// The next `distinct` attribute's unique id.
    next_distinct: u64,
}

/// Slots of [`Context::static_sym`]'s cache.
const STATIC_SYM_SLOTS: usize = 128;

impl Context {
    /// A context that knows the ops of `dialects` (tessel's own:
    /// `tessel_ir::dialects::ALL`, which `Context::new()` registers).
    pub fn with_dialects(dialects: &[&Dialect]) -> Self {
        let mut ctx = Context {
            ops: PrimaryMap::default(),
            values: PrimaryMap::default(),
            blocks: PrimaryMap::default(),
            regions: PrimaryMap::default(),
            types: Interner::default(),
            attrs: Interner::default(),
            locs: LocTable::default(),
            syms: IndexSet::default(),
            static_syms: Box::new([(0, 0, Sym::new(0)); STATIC_SYM_SLOTS]),
            static_attrs: Default::default(),
            registry: Registry::default(),
            live_ops: 0,
            allow_unregistered: false,
            transform_library: Vec::new(),
            constants_made_at_top: Default::default(),
            record_constants_made_at_top: true,
            resources: Default::default(),
            external_resources: Vec::new(),
            next_distinct: 0,
        };
        for (i, kind) in well_known_types().into_iter().enumerate() {
            let at = ctx.types.intern(kind);
            assert_eq!(at, i, "well-known types are interned first");
        }
        for (i, name) in known_names::ALL.iter().enumerate() {
            let at = ctx.sym(name);
            assert_eq!(at.index(), i, "known names are interned first");
        }
        for d in dialects {
            ctx.registry.add_dialect(d.name);
            (d.register)(&mut ctx.registry);
        }
        // Intern what the registered ops declare (MLIR interns each op's
        // attribute names at registration): op names resolve by index and
        // attribute lookups never intern.
        let defs = ctx.registry.defs().to_vec();
        for def in defs {
            for name in std::iter::once(&def.name).chain(def.aliases) {
                let s = ctx.sym(name);
                ctx.registry.bind(s, def);
            }
            for attr in def.inherent {
                ctx.sym(attr);
            }
        }
        ctx
    }

    // ---- uniquing -------------------------------------------------------

    /// Interns a string.
    pub fn sym(&mut self, s: &str) -> Sym {
        if let Some(i) = self.syms.get_index_of(s) {
            return Sym::new(i);
        }
        Sym::new(self.syms.insert_full(s.into()).0)
    }

    /// Interns a string the program holds for good (a name written in the
    /// source), remembering it by address.
    #[inline]
    pub fn static_sym(&mut self, s: &'static str) -> Sym {
        let addr = s.as_ptr() as usize;
        let slot = (addr ^ (addr >> 9)) % STATIC_SYM_SLOTS;
        let (a, len, sym) = self.static_syms[slot];
        if a == addr && len == s.len() {
            return sym;
        }
        let sym = self.sym(s);
        self.static_syms[slot] = (addr, s.len(), sym);
        sym
    }

    /// The attribute `key` names, made by `make` the first time: for an
    /// attribute builders make over and over (`#linalg.iterator_type<parallel>`),
    /// found by the key's address instead of spelled and hashed again.
    /// One key must always name the same attribute.
    pub fn static_attr(&mut self, key: &'static str, make: impl FnOnce(&mut Context) -> Attr) -> Attr {
        let k = (key.as_ptr() as usize, key.len());
        if let Some(a) = self.static_attrs.get(&k) {
            return *a;
        }
        let a = make(self);
        self.static_attrs.insert(k, a);
        a
    }

    /// Makes room for the IR of about `ops` more operations (some
    /// attributes and names), so the uniquing tables do not grow,
    /// rehashing, while a large input is parsed. (Locations need no room:
    /// the parser's are not hashed, see [`LocTable`].)
    pub fn reserve_for_ops(&mut self, ops: usize) {
        self.attrs.reserve(ops / 4);
        self.syms.reserve(ops / 8);
    }

    /// Looks a string up without interning it.
    pub fn lookup_sym(&self, s: &str) -> Option<Sym> {
        self.syms.get_index_of(s).map(Sym::new)
    }

    /// The text of an interned string.
    pub fn str(&self, s: Sym) -> &str {
        &self.syms[s.index()]
    }

    /// Uniques a type.
    pub fn ty(&mut self, kind: TypeKind) -> Type {
        // One probe: an equal entry's index, or the new one's.
        Type::new(self.types.intern(kind))
    }

    /// The structure of a type.
    pub fn type_kind(&self, t: Type) -> &TypeKind {
        &self.types[t.index()]
    }

    /// Uniques an attribute.
    pub fn attr(&mut self, kind: AttrKind) -> Attr {
        // One probe: an equal entry's index, or the new one's.
        Attr::new(self.attrs.intern(kind))
    }

    /// The structure of an attribute.
    pub fn attr_kind(&self, a: Attr) -> &AttrKind {
        &self.attrs[a.index()]
    }

    /// Whether some attribute uniqued in this context satisfies `pred`
    /// (whether or not an op still refers to it).
    pub fn any_attr(&self, pred: impl Fn(&AttrKind) -> bool) -> bool {
        self.attrs.iter().any(pred)
    }

    /// A new `distinct[..]<referenced>` attribute, unequal to every other.
    pub fn fresh_distinct(&mut self, referenced: Attr) -> Attr {
        self.next_distinct += 1;
        self.attr(AttrKind::Distinct { uid: self.next_distinct, referenced })
    }

    /// Uniques a location.
    pub fn loc(&mut self, kind: LocKind) -> Loc {
        Loc::new(self.locs.intern(kind))
    }

    /// The structure of a location.
    pub fn loc_kind(&self, l: Loc) -> &LocKind {
        &self.locs.table[l.index()]
    }

    /// `loc(unknown)`
    pub fn unknown_loc(&mut self) -> Loc {
        self.loc(LocKind::Unknown)
    }

    // ---- common types and attributes -----------------------------------

    /// `index`
    pub fn index_type(&mut self) -> Type {
        Type::new(WELL_KNOWN_INDEX)
    }

    /// `iN`
    pub fn int_type(&mut self, width: u32) -> Type {
        match width {
            1 => Type::new(WELL_KNOWN_I1),
            32 => Type::new(WELL_KNOWN_I32),
            64 => Type::new(WELL_KNOWN_I64),
            _ => self.ty(TypeKind::Integer { width, signedness: Signedness::Signless }),
        }
    }

    /// A float type.
    pub fn float_type(&mut self, kind: FloatKind) -> Type {
        self.ty(TypeKind::Float(kind))
    }

    /// `tensor<shape x elem>`
    pub fn tensor_type(&mut self, shape: Vec<i64>, elem: Type) -> Type {
        self.ty(TypeKind::Tensor { shape, elem, encoding: None })
    }

    /// `array<i64: values>`
    pub fn i64_array_attr(&mut self, values: &[i64]) -> Attr {
        let elem = self.int_type(64);
        self.attr(AttrKind::DenseArray { elem, values: values.to_vec() })
    }

    /// `value : index`
    pub fn index_attr(&mut self, value: i64) -> Attr {
        let ty = self.index_type();
        self.attr(AttrKind::Integer { value: value as i128, ty })
    }

    /// `value : ty`
    pub fn int_attr(&mut self, value: i128, ty: Type) -> Attr {
        self.attr(AttrKind::Integer { value, ty })
    }

    /// A string attribute.
    pub fn string_attr(&mut self, s: &str) -> Attr {
        self.attr(AttrKind::String { value: s.to_string(), ty: None })
    }

    /// A type attribute.
    pub fn type_attr(&mut self, t: Type) -> Attr {
        self.attr(AttrKind::Type(t))
    }

    /// The values of an `array<i64: ...>` attribute.
    pub fn as_i64_array(&self, a: Attr) -> Option<&[i64]> {
        match self.attr_kind(a) {
            AttrKind::DenseArray { values, .. } => Some(values),
            _ => None,
        }
    }

    // ---- registry -------------------------------------------------------

    /// The definition registered under an op name.
    pub fn op_def(&self, name: &str) -> Option<&'static OpDef> {
        self.registry.get(name)
    }

    /// The definition registered under an interned name.
    #[inline]
    pub fn def_for_sym(&self, name: Sym) -> Option<&'static OpDef> {
        self.registry.get_by_sym(name)
    }

    /// Whether a dialect namespace is registered.
    pub fn is_dialect_registered(&self, dialect: &str) -> bool {
        self.registry.has_dialect(dialect)
    }

    /// All registered op names, sorted.
    pub fn registered_ops(&self) -> Vec<&'static str> {
        self.registry.names()
    }

    // ---- values ---------------------------------------------------------

    pub(crate) fn new_value(&mut self, ty: Type, def: ValueDef) -> Value {
        self.values.push(ValueData { ty, def, uses: UseList::new() })
    }

    /// A value with no definition yet (the parser's forward references).
    pub fn new_placeholder(&mut self, ty: Type) -> Value {
        self.new_value(ty, ValueDef::Detached)
    }

    /// The type of a value.
    #[inline]
    pub fn value_type(&self, v: Value) -> Type {
        self.values[v].ty
    }

    /// Changes the type of a value (used by passes that refine types).
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v].ty = ty;
    }

    /// Where a value comes from.
    #[inline]
    pub fn value_def(&self, v: Value) -> ValueDef {
        self.values[v].def
    }

    /// The block a value is defined in (MLIR's `Value::getParentBlock`):
    /// its op's block, or the block it is an argument of.
    pub fn value_block(&self, v: Value) -> Option<BlockId> {
        match self.value_def(v) {
            ValueDef::Result { op, .. } => self.op_block(op),
            ValueDef::BlockArg { block, .. } => Some(block),
            ValueDef::Detached => None,
        }
    }

    /// The op defining a value, if it is an op result.
    pub fn defining_op(&self, v: Value) -> Option<OpId> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => Some(op),
            _ => None,
        }
    }

    /// The uses of a value.
    pub fn uses(&self, v: Value) -> &[Use] {
        &self.values[v].uses
    }

    /// Whether a value has no uses.
    pub fn use_empty(&self, v: Value) -> bool {
        self.values[v].uses.is_empty()
    }

    /// The structure of the value's type.
    pub fn value_type_kind(&self, v: Value) -> &TypeKind {
        self.type_kind(self.value_type(v))
    }

    /// Removes use `u` of `v` in O(1): swap-remove it and fix the back
    /// reference of the use that moved into its place.
    fn remove_use(&mut self, v: Value, u: Use) {
        let pos = self.ops[u.op].use_pos(u.operand) as usize;
        let uses = &mut self.values[v].uses;
        debug_assert_eq!(uses.get(pos), Some(&u));
        if uses.get(pos) != Some(&u) {
            return;
        }
        uses.swap_remove(pos);
        if let Some(moved) = uses.get(pos).copied() {
            self.ops[moved.op].set_use_pos(moved.operand, pos as u32);
        }
    }

    /// Appends use `u` to `v`'s use list, recording its position.
    fn add_use(&mut self, v: Value, u: Use) {
        let uses = &mut self.values[v].uses;
        let pos = uses.len() as u32;
        uses.push(u);
        self.ops[u.op].set_use_pos(u.operand, pos);
    }

    /// Rewrites every use of `from` to use `to`; costs O(uses of `from`).
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        if from == to {
            return;
        }
        let uses = std::mem::take(&mut self.values[from].uses);
        let base = self.values[to].uses.len() as u32;
        for (k, u) in uses.iter().enumerate() {
            let data = &mut self.ops[u.op];
            data.set_operand_slot(u.operand, to);
            data.set_use_pos(u.operand, base + k as u32);
        }
        self.values[to].uses.extend(uses);
    }

    // ---- operations -----------------------------------------------------

    /// Creates a detached operation.
    pub fn create_op(&mut self, spec: OpSpec) -> OpId {
        let op = self.ops.next_key();
        let num_operands = u32::try_from(spec.operands.len()).expect("more than 2^32 operands");
        let mut slots = smallvec::SmallVec::with_capacity(2 * spec.operands.len() + spec.result_types.len());
        slots.extend_from_slice(&spec.operands);
        for (i, v) in spec.operands.iter().enumerate() {
            let uses = &mut self.values[*v].uses;
            slots.push(Value::new(uses.len()));
            uses.push(Use { op, operand: i as u32 });
        }
        for (i, t) in spec.result_types.iter().enumerate() {
            slots.push(self.new_value(*t, ValueDef::Result { op, index: i as u32 }));
        }
        for r in &spec.regions {
            self.regions[*r].parent = Some(op);
        }
        self.live_ops += 1;
        self.ops.push(OpData {
            name: spec.name,
            loc: spec.loc,
            parent: None,
            prev: None,
            next: None,
            num_operands,
            erased: false,
            attrs: spec.attrs,
            region: match (spec.regions.as_slice(), spec.successors.is_empty()) {
                ([r], true) => Some(*r),
                _ => None,
            },
            links: if spec.successors.is_empty() && spec.regions.len() <= 1 {
                None
            } else {
                Some(Box::new(OpLinks {
                    regions: spec.regions.into_boxed_slice(),
                    successors: spec.successors.into_boxed_slice(),
                }))
            },
            slots,
        });
        op
    }

    /// The registered definition of an op (`None` for an unregistered op).
    #[inline]
    pub fn def_of(&self, op: OpId) -> Option<&'static OpDef> {
        self.def_for_sym(self.ops[op].name)
    }

    /// The storage of an op.
    #[inline]
    pub fn op(&self, op: OpId) -> &OpData {
        &self.ops[op]
    }

    /// The name of an op as written.
    pub fn op_name(&self, op: OpId) -> &str {
        self.str(self.ops[op].name)
    }

    /// The operands of an op.
    #[inline]
    pub fn operands(&self, op: OpId) -> &[Value] {
        self.ops[op].operands()
    }

    /// The results of an op.
    #[inline]
    pub fn results(&self, op: OpId) -> &[Value] {
        self.ops[op].results()
    }

    /// The single result of an op.
    pub fn result(&self, op: OpId, i: usize) -> Value {
        self.ops[op].results()[i]
    }

    /// The regions of an op.
    #[inline]
    pub fn regions(&self, op: OpId) -> &[RegionId] {
        self.ops[op].regions()
    }

    /// Sets operand `i` of `op`.
    pub fn set_operand(&mut self, op: OpId, i: usize, v: Value) {
        let old = self.ops[op].operands()[i];
        self.remove_use(old, Use { op, operand: i as u32 });
        self.ops[op].set_operand_slot(i as u32, v);
        self.add_use(v, Use { op, operand: i as u32 });
    }

    /// Looks an attribute up by name.
    pub fn get_attr(&self, op: OpId, name: &str) -> Option<Attr> {
        // An op has a handful of attributes: comparing their names beats
        // hashing `name` (and a miss on an op without attributes is free).
        self.ops[op].attrs.iter().find(|(k, _)| &*self.syms[k.index()] == name).map(|(_, v)| *v)
    }

    /// Looks an attribute up by its interned name (one of
    /// [`known_names`], or a name from [`Self::sym`]).
    #[inline]
    pub fn get_attr_sym(&self, op: OpId, name: Sym) -> Option<Attr> {
        self.ops[op].attrs.get(&name).copied()
    }

    /// Looks several attributes up by interned name in one pass over the
    /// op's attributes (what a reader of all of an op's inherent
    /// attributes wants).
    #[inline]
    pub fn get_attrs<const N: usize>(&self, op: OpId, names: [Sym; N]) -> [Option<Attr>; N] {
        let mut found = [None; N];
        for (k, v) in self.ops[op].attrs.iter() {
            for (slot, n) in found.iter_mut().zip(&names) {
                if n == k {
                    *slot = Some(*v);
                }
            }
        }
        found
    }

    /// Sets an attribute.
    pub fn set_attr(&mut self, op: OpId, name: &str, value: Attr) {
        let s = self.sym(name);
        self.set_attr_sym(op, s, value);
    }

    /// Sets an attribute whose name is already interned.
    pub fn set_attr_sym(&mut self, op: OpId, name: Sym, value: Attr) {
        self.ops[op].attrs.insert(name, value);
    }

    /// Removes an attribute.
    pub fn remove_attr(&mut self, op: OpId, name: &str) -> Option<Attr> {
        let s = self.lookup_sym(name)?;
        self.ops[op].attrs.shift_remove(&s)
    }

    /// The location of an op.
    pub fn op_loc(&self, op: OpId) -> Loc {
        self.ops[op].loc
    }

    /// Sets the location of an op.
    pub fn set_op_loc(&mut self, op: OpId, loc: Loc) {
        self.ops[op].loc = loc;
    }

    /// The block holding an op.
    pub fn op_block(&self, op: OpId) -> Option<BlockId> {
        self.ops[op].parent
    }

    /// The op whose region holds this op.
    pub fn parent_op(&self, op: OpId) -> Option<OpId> {
        let b = self.ops[op].parent?;
        let r = self.blocks[b].parent?;
        self.regions[r].parent
    }

    /// The next op in the same block.
    pub fn next_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].next
    }

    /// The previous op in the same block.
    pub fn prev_op(&self, op: OpId) -> Option<OpId> {
        self.ops[op].prev
    }

    /// Whether the op was erased.
    pub fn is_erased(&self, op: OpId) -> bool {
        self.ops[op].erased
    }

    /// Unlinks an op from its block (it stays alive, detached).
    pub fn unlink_op(&mut self, op: OpId) {
        let Some(block) = self.ops[op].parent else { return };
        let (prev, next) = (self.ops[op].prev, self.ops[op].next);
        match prev {
            Some(p) => self.ops[p].next = next,
            None => self.blocks[block].first = next,
        }
        match next {
            Some(n) => self.ops[n].prev = prev,
            None => self.blocks[block].last = prev,
        }
        let d = &mut self.ops[op];
        d.parent = None;
        d.prev = None;
        d.next = None;
    }

    /// Appends a detached op at the end of a block.
    pub fn append_op(&mut self, block: BlockId, op: OpId) {
        let last = self.blocks[block].last;
        {
            let d = &mut self.ops[op];
            d.parent = Some(block);
            d.prev = last;
            d.next = None;
        }
        match last {
            Some(l) => self.ops[l].next = Some(op),
            None => self.blocks[block].first = Some(op),
        }
        self.blocks[block].last = Some(op);
    }

    /// Inserts a detached op right before `before`.
    pub fn insert_op_before(&mut self, before: OpId, op: OpId) {
        let block = self.ops[before].parent.expect("insertion point must be in a block");
        let prev = self.ops[before].prev;
        {
            let d = &mut self.ops[op];
            d.parent = Some(block);
            d.prev = prev;
            d.next = Some(before);
        }
        self.ops[before].prev = Some(op);
        match prev {
            Some(p) => self.ops[p].next = Some(op),
            None => self.blocks[block].first = Some(op),
        }
    }

    /// Inserts a detached op right after `after`.
    pub fn insert_op_after(&mut self, after: OpId, op: OpId) {
        match self.ops[after].next {
            Some(n) => self.insert_op_before(n, op),
            None => {
                let block = self.ops[after].parent.expect("insertion point must be in a block");
                self.append_op(block, op)
            }
        }
    }

    /// Erases an op and everything nested in it. Its results must be unused
    /// (or their uses are left dangling as detached values).
    pub fn erase_op(&mut self, op: OpId) {
        self.unlink_op(op);
        self.drop_op_tree(op);
        debug_assert!(
            self.ops[op].results().iter().all(|r| self.values[*r].uses.is_empty()),
            "erased '{}' while its results are still used",
            self.op_name(op)
        );
    }

    pub(crate) fn drop_op_tree(&mut self, op: OpId) {
        // Index loops: the lists are read while `self` changes, and copying
        // them would allocate for every erased op.
        for i in 0..self.ops[op].operands().len() {
            let v = self.ops[op].operands()[i];
            self.remove_use(v, Use { op, operand: i as u32 });
        }
        self.ops[op].clear_operands();
        for i in 0..self.ops[op].results().len() {
            let r = self.ops[op].results()[i];
            self.values[r].def = ValueDef::Detached;
        }
        for ri in 0..self.ops[op].regions().len() {
            let r = self.ops[op].regions()[ri];
            for bi in 0..self.regions[r].blocks.len() {
                let b = self.regions[r].blocks[bi];
                let mut cur = self.blocks[b].first;
                while let Some(o) = cur {
                    cur = self.ops[o].next;
                    self.drop_op_tree(o);
                }
            }
        }
        if !std::mem::replace(&mut self.ops[op].erased, true) {
            self.live_ops -= 1;
        }
    }

    /// Moves `op`'s regions out, leaving it empty regions in their place:
    /// the taken regions go to an op that replaces `op` (MLIR's
    /// `inlineRegionBefore` of a whole region), and erasing `op` afterwards
    /// leaves them alone.
    pub fn take_regions(&mut self, op: OpId) -> Vec<RegionId> {
        let taken = self.ops[op].regions().to_vec();
        let fresh: Vec<RegionId> = taken.iter().map(|_| self.create_region()).collect();
        for r in &fresh {
            self.regions[*r].parent = Some(op);
        }
        for r in &taken {
            self.regions[*r].parent = None;
        }
        let data = &mut self.ops[op];
        match &mut data.links {
            Some(l) => l.regions = fresh.into_boxed_slice(),
            None => data.region = fresh.first().copied(),
        }
        taken
    }

    // ---- blocks and regions --------------------------------------------

    /// Creates an empty region (attached to an op when the op is created).
    pub fn create_region(&mut self) -> RegionId {
        self.regions.push(RegionData::default())
    }

    /// Creates a block and appends it to a region.
    pub fn append_block(&mut self, region: RegionId) -> BlockId {
        let b = self.blocks.push(BlockData { parent: Some(region), ..Default::default() });
        self.regions[region].blocks.push(b);
        b
    }

    /// Adds an argument to a block, at an unknown location.
    pub fn add_block_arg(&mut self, block: BlockId, ty: Type) -> Value {
        let loc = self.unknown_loc();
        self.add_block_arg_at(block, ty, loc)
    }

    /// Adds an argument at `loc` to a block.
    pub fn add_block_arg_at(&mut self, block: BlockId, ty: Type, loc: Loc) -> Value {
        let index = self.blocks[block].args.len() as u32;
        let v = self.new_value(ty, ValueDef::BlockArg { block, index });
        self.blocks[block].args.push(v);
        self.blocks[block].arg_locs.push(loc);
        v
    }

    /// Where a value is defined: a block argument's location or its
    /// defining op's (`None` for a detached value).
    pub fn value_loc(&self, v: Value) -> Option<Loc> {
        match self.values[v].def {
            ValueDef::Result { op, .. } => Some(self.op_loc(op)),
            ValueDef::BlockArg { .. } => self.block_arg_loc(v),
            ValueDef::Detached => None,
        }
    }

    /// The location of a block argument (`None` for other values).
    pub fn block_arg_loc(&self, v: Value) -> Option<Loc> {
        match self.values[v].def {
            ValueDef::BlockArg { block, index } => self.blocks[block].arg_locs.get(index as usize).copied(),
            _ => None,
        }
    }

    /// The blocks of a region.
    pub fn blocks(&self, region: RegionId) -> &[BlockId] {
        &self.regions[region].blocks
    }

    /// The op owning a region.
    pub fn region_parent(&self, region: RegionId) -> Option<OpId> {
        self.regions[region].parent
    }

    /// The region holding a block.
    pub fn block_parent(&self, block: BlockId) -> Option<RegionId> {
        self.blocks[block].parent
    }

    /// The arguments of a block.
    pub fn block_args(&self, block: BlockId) -> &[Value] {
        &self.blocks[block].args
    }

    /// The first op of a block.
    pub fn first_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].first
    }

    /// The last op of a block (its terminator, when it has one).
    pub fn last_op(&self, block: BlockId) -> Option<OpId> {
        self.blocks[block].last
    }

    /// Iterates over the ops of a block in order.
    pub fn block_ops(&self, block: BlockId) -> BlockOps<'_> {
        BlockOps { ctx: self, cur: self.blocks[block].first }
    }

    /// The ops of a block, collected (safe to mutate the block while walking).
    pub fn block_op_list(&self, block: BlockId) -> Vec<OpId> {
        self.block_ops(block).collect()
    }

    /// Visits `op` and every op nested in it, parents before children.
    pub fn walk_preorder(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        f(op);
        for &r in self.regions(op) {
            for &b in self.blocks(r) {
                for o in self.block_ops(b) {
                    self.walk_preorder(o, f);
                }
            }
        }
    }

    /// Visits every op nested in `op`, then `op`: children before parents
    /// (MLIR's default `walk` order).
    pub fn walk_postorder(&self, op: OpId, f: &mut dyn FnMut(OpId)) {
        for &r in self.regions(op) {
            for &b in self.blocks(r) {
                for o in self.block_ops(b) {
                    self.walk_postorder(o, f);
                }
            }
        }
        f(op);
    }

    /// Every op nested in `op` (not `op` itself), children after parents.
    pub fn nested_ops(&self, op: OpId) -> Vec<OpId> {
        let mut out = Vec::new();
        self.walk_preorder(op, &mut |o| out.push(o));
        out.remove(0);
        out
    }

    /// Whether `op` is `ancestor` or nested in it.
    pub fn is_within(&self, op: OpId, ancestor: OpId) -> bool {
        let mut cur = Some(op);
        while let Some(o) = cur {
            if o == ancestor {
                return true;
            }
            cur = self.parent_op(o);
        }
        false
    }

    /// Total values ever created.
    pub fn num_values_created(&self) -> usize {
        self.values.len()
    }

    /// Ops created and not erased: an upper bound on the ops under any
    /// op, without walking them.
    pub fn num_live_ops(&self) -> usize {
        self.live_ops
    }

    /// Total ops ever created (including erased ones).
    pub fn num_ops_created(&self) -> usize {
        self.ops.len()
    }
}

/// Iterator over the ops of a block.
pub struct BlockOps<'a> {
    ctx: &'a Context,
    cur: Option<OpId>,
}

impl Iterator for BlockOps<'_> {
    type Item = OpId;
    fn next(&mut self) -> Option<OpId> {
        let op = self.cur?;
        self.cur = self.ctx.ops[op].next;
        Some(op)
    }
}

#[cfg(test)]
mod size_tests {
    /// Memory per op is a speed goal (issue 2: no more than mlir-opt's); keep
    /// the hot structs from growing by accident.
    #[test]
    fn well_known_types_are_the_types_they_name() {
        use crate::types::{Signedness, TypeKind};
        let mut ctx = super::Context::new();
        let index = ctx.index_type();
        assert_eq!(ctx.type_kind(index), &TypeKind::Index);
        assert_eq!(ctx.ty(TypeKind::Index), index);
        for w in [1, 8, 32, 64] {
            let t = ctx.int_type(w);
            let kind = TypeKind::Integer { width: w, signedness: Signedness::Signless };
            assert_eq!(ctx.type_kind(t), &kind);
            assert_eq!(ctx.ty(kind), t);
        }
    }

    #[test]
    fn entity_storage_stays_small() {
        assert!(std::mem::size_of::<super::OpData>() <= 80, "OpData grew: {}", std::mem::size_of::<super::OpData>());
        assert!(std::mem::size_of::<super::ValueData>() <= 40, "ValueData grew");
        assert!(std::mem::size_of::<super::AttrMap>() <= 40, "AttrMap grew");
        assert!(std::mem::size_of::<super::BlockData>() <= 64, "BlockData grew");
        assert!(std::mem::size_of::<super::RegionData>() <= 32, "RegionData grew");
    }
}

#[cfg(test)]
mod loc_tests {
    use super::Context;
    use crate::location::LocKind;

    #[test]
    fn file_positions_unique_whether_or_not_they_were_indexed() {
        let mut ctx = Context::new();
        let (f, g) = (ctx.sym("f.mlir"), ctx.sym("g.mlir"));
        let at = |file, line, col| LocKind::FileLineCol { file, line, col };
        // A later position of `f` first (an explicit `loc(...)`), then the
        // parser's walk through `f`, with `g` and other kinds in between.
        let explicit = ctx.loc(at(f, 50, 3));
        let mut walk = Vec::new();
        for line in 1..=100 {
            walk.push(ctx.loc(at(f, line, 3)));
            walk.push(ctx.loc(at(f, line, 9)));
            if line % 10 == 0 {
                let other = ctx.loc(at(g, line, 1));
                assert_eq!(ctx.loc(at(g, line, 1)), other);
                let named = ctx.loc(LocKind::Name { name: f, child: Some(walk[0]) });
                assert_eq!(ctx.loc(LocKind::Name { name: f, child: Some(walk[0]) }), named);
            }
        }
        assert_eq!(walk[2 * 49], explicit, "the walk finds the explicit position");
        let mut distinct = walk.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), walk.len(), "each position has one location");
        // Looking positions up again (some indexed, some not) finds them.
        for (i, line) in (1..=100).enumerate() {
            assert_eq!(ctx.loc(at(f, line, 9)), walk[2 * i + 1]);
            assert_eq!(ctx.loc_kind(walk[2 * i]), &at(f, line, 3));
        }
        // And new positions after the lookups are still unique.
        let late = ctx.loc(at(f, 500, 1));
        assert_eq!(ctx.loc(at(f, 500, 1)), late);
        assert_ne!(late, walk[199]);
    }
}

#[cfg(test)]
mod lookup_tests {
    use super::*;
    use crate::parser::{parse_module, BufferStart};

    /// `get_attrs` and `get_attr_sym` answer what `get_attr` answers, name
    /// by name, for present, missing and repeated names; the known names
    /// are the strings they name.
    #[test]
    fn lookups_by_sym_agree_with_get_attr() {
        let mut ctx = Context::new();
        ctx.allow_unregistered = true;
        let text = r#"%0 = "test.op"() {b = 2 : i64, value = 1 : i64, c = "x"} : () -> i64"#;
        let m = parse_module(&mut ctx, text, "t.mlir", BufferStart::default()).expect("parses").module;
        let op = ctx.nested_ops(m).into_iter().find(|o| ctx.op_name(*o) == "test.op").expect("op");
        let names = ["c", "missing", "value", "b", "value"];
        let syms = names.map(|n| ctx.sym(n));
        let got = ctx.get_attrs(op, syms);
        for ((n, s), a) in names.iter().zip(syms).zip(got) {
            assert_eq!(a, ctx.get_attr(op, n), "{n}");
            assert_eq!(ctx.get_attr_sym(op, s), a, "{n}");
        }
        assert!(got[1].is_none() && got[0].is_some());
        assert_eq!(ctx.get_attr_sym(op, known_names::VALUE), ctx.get_attr(op, "value"));
        for (i, name) in known_names::ALL.iter().enumerate() {
            assert_eq!(ctx.lookup_sym(name).map(|s| s.index()), Some(i), "{name}");
        }
    }

    /// `static_sym` is `sym`, for many strings (so slots are reused).
    #[test]
    fn static_sym_is_sym() {
        const NAMES: [&str; 300] = {
            let mut n = [""; 300];
            let all = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
            let mut i = 0;
            while i < 300 {
                // Every (start, length) slice of `all` is its own address.
                let (start, len) = (i % 60, 1 + i / 60);
                n[i] = match all.split_at_checked(start) {
                    Some((_, rest)) => match rest.split_at_checked(len) {
                        Some((s, _)) => s,
                        None => rest,
                    },
                    None => all,
                };
                i += 1;
            }
            n
        };
        let mut ctx = Context::new();
        for round in 0..2 {
            for n in NAMES {
                assert_eq!(ctx.static_sym(n), ctx.sym(n), "{n} (round {round})");
            }
        }
    }

    /// `static_attr` makes its attribute once.
    #[test]
    fn static_attr_is_made_once() {
        let mut ctx = Context::new();
        let mut made = 0;
        let mut get = |ctx: &mut Context| {
            ctx.static_attr("unit", |ctx| {
                made += 1;
                ctx.attr(AttrKind::Unit)
            })
        };
        let (a, b) = (get(&mut ctx), get(&mut ctx));
        assert_eq!(a, b);
        assert_eq!(made, 1);
    }
}
