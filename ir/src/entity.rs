//! Small `Copy` ids into the context's dense arenas (the cranelift way: no
//! `Rc<RefCell<_>>` graph, every entity is a `u32` index).

macro_rules! entity {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(std::num::NonZeroU32);

        impl $name {
            /// The id of the entity at dense index `i`.
            #[inline]
            pub(crate) fn new(i: usize) -> Self {
                // Stored as index + 1 so that `Option<Self>` stays 4 bytes.
                $name(std::num::NonZeroU32::new(i as u32 + 1).expect("entity index overflow"))
            }

            /// The id at dense index `i`, in a constant (see
            /// [`crate::context::known_names`]).
            #[allow(dead_code)]
            pub(crate) const fn known(i: u32) -> Self {
                match std::num::NonZeroU32::new(i + 1) {
                    Some(n) => $name(n),
                    None => panic!("entity index overflow"),
                }
            }

            /// The dense index of this entity in its arena.
            #[inline]
            pub fn index(self) -> usize {
                self.0.get() as usize - 1
            }
        }

        impl crate::entity_map::EntityRef for $name {
            #[inline]
            fn new(i: usize) -> Self {
                $name::new(i)
            }
            #[inline]
            fn index(self) -> usize {
                $name::index(self)
            }
        }
    };
}

entity!(
    /// An operation.
    OpId
);
entity!(
    /// An SSA value: an op result or a block argument.
    Value
);
entity!(
    /// A basic block.
    BlockId
);
entity!(
    /// A region: a list of blocks owned by an operation.
    RegionId
);
entity!(
    /// A uniqued type.
    Type
);
entity!(
    /// A uniqued attribute.
    Attr
);
entity!(
    /// A uniqued source location.
    Loc
);
entity!(
    /// An interned string (attribute names, symbol names, op names).
    Sym
);
