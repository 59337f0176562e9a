//! A layout as a chain of tensor ops (spec §6): `linalg.transpose` for a
//! non-default minor_to_major when a pack cannot permute, `expand_shape` for
//! tiles longer than the shape, `collapse_shape` for `*`, one `pack` per
//! tile. Running the chain on a logical tensor puts the element at logical
//! index e at row-major position `linear_index(e)` of the result.

use crate::tiling::TiledLayout;

/// One op of the chain.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChainOp {
    /// `linalg.transpose` with this permutation (result dim i = input dim perm[i]).
    Transpose { permutation: Vec<usize> },
    /// `tensor.expand_shape` adding unit dims on the major side.
    Expand { reassociation: Vec<Vec<usize>> },
    /// `tensor.collapse_shape` merging the `*` runs.
    Collapse { reassociation: Vec<Vec<usize>> },
    /// `tensor.pack`; `padding` when some dim is not a multiple of its tile.
    Pack { outer_dims_perm: Option<Vec<usize>>, inner_dims_pos: Vec<usize>, inner_tiles: Vec<i64>, padding: bool },
}

/// A chain op with the shape it produces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ChainStep {
    pub op: ChainOp,
    pub result_shape: Vec<i64>,
}

fn is_identity(perm: &[usize]) -> bool {
    perm.iter().enumerate().all(|(i, &p)| i == p)
}

/// The ops that turn the logical tensor into the laid-out one.
pub fn pack_chain(layout: &TiledLayout) -> Vec<ChainStep> {
    let physical: Vec<usize> = layout.minor_to_major.iter().rev().copied().collect();
    let mut chain = Vec::new();
    let mut steps = layout.steps.iter();
    let first_is_plain_pack = layout.steps.first().is_some_and(|s| s.prepended == 0 && !s.merges());
    if first_is_plain_pack {
        // One pack permutes the outer dims and tiles the logical dims directly.
        let step = steps.next().expect("checked above");
        let k = step.tile.len();
        let outer = (!is_identity(&physical)).then(|| physical.clone());
        let inner_dims_pos = layout.minor_to_major[..k].iter().rev().copied().collect();
        chain.push(ChainStep {
            op: ChainOp::Pack {
                outer_dims_perm: outer,
                inner_dims_pos,
                inner_tiles: step.tile.clone(),
                padding: step.pads(),
            },
            result_shape: step.output_shape.clone(),
        });
    } else if let Some(step) = layout.steps.first().filter(|s| !s.merges() && !is_identity(&physical)) {
        // The tile is longer than the shape (unit dims prepended) and the
        // dims are permuted: expand the logical tensor and let one pack
        // permute and tile, rather than transpose, expand and pack (the
        // transpose folded into the pack, as the folds would fold it).
        steps.next();
        let p = step.prepended;
        let expanded: Vec<i64> = std::iter::repeat_n(1, p).chain(layout.logical_dims.iter().copied()).collect();
        let mut reassociation = vec![(0..=p).collect::<Vec<_>>()];
        reassociation.extend((p + 1..expanded.len()).map(|d| vec![d]));
        chain.push(ChainStep { op: ChainOp::Expand { reassociation }, result_shape: expanded });
        // The old chain's pack input is this expanded tensor transposed by
        // `tau`: the unit dims first, then the logical dims in physical order.
        let tau: Vec<usize> = (0..p).chain(physical.iter().map(|d| p + d)).collect();
        let (m, k) = (tau.len(), step.tile.len());
        chain.push(ChainStep {
            op: ChainOp::Pack {
                outer_dims_perm: (!is_identity(&tau)).then(|| tau.clone()),
                inner_dims_pos: (m - k..m).map(|i| tau[i]).collect(),
                inner_tiles: step.tile.clone(),
                padding: step.pads(),
            },
            result_shape: step.output_shape.clone(),
        });
    } else if !is_identity(&physical) {
        chain.push(ChainStep {
            op: ChainOp::Transpose { permutation: physical.clone() },
            result_shape: layout.physical_dims.clone(),
        });
    }
    for step in steps {
        let rank_before = step.input_shape.len() - step.prepended;
        if step.prepended > 0 {
            // The unit dims join the first dim's group; a rank-0 input has none.
            let reassociation = if rank_before == 0 {
                Vec::new()
            } else {
                let mut r = vec![(0..=step.prepended).collect::<Vec<_>>()];
                r.extend((step.prepended + 1..step.input_shape.len()).map(|d| vec![d]));
                r
            };
            chain.push(ChainStep { op: ChainOp::Expand { reassociation }, result_shape: step.input_shape.clone() });
        }
        if step.merges() {
            chain.push(ChainStep {
                op: ChainOp::Collapse { reassociation: step.groups.clone() },
                result_shape: step.merged_shape.clone(),
            });
        }
        let m = step.merged_shape.len();
        let k = step.tile.len();
        chain.push(ChainStep {
            op: ChainOp::Pack {
                outer_dims_perm: None,
                inner_dims_pos: (m - k..m).collect(),
                inner_tiles: step.tile.clone(),
                padding: step.pads(),
            },
            result_shape: step.output_shape.clone(),
        });
    }
    chain
}

fn tensor_type(shape: &[i64], elem: &str) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        s.push_str(&format!("{d}x"));
    }
    s.push_str(elem);
    s.push('>');
    s
}

fn list<T: std::fmt::Display>(v: &[T]) -> String {
    format!("[{}]", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
}

fn groups(r: &[Vec<usize>]) -> String {
    format!("[{}]", r.iter().map(|g| list(g)).collect::<Vec<_>>().join(", "))
}

/// One line per op in the style of the spec's §6 example
/// (`pack outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128] : tensor<..> -> tensor<..>`).
pub fn describe_chain(layout: &TiledLayout, chain: &[ChainStep], elem: &str) -> Vec<String> {
    let mut input = layout.logical_dims.clone();
    let mut lines = Vec::new();
    for step in chain {
        let head = match &step.op {
            ChainOp::Transpose { permutation } => format!("transpose permutation = {}", list(permutation)),
            ChainOp::Expand { reassociation } => format!("expand_shape {}", groups(reassociation)),
            ChainOp::Collapse { reassociation } => format!("collapse_shape {}", groups(reassociation)),
            ChainOp::Pack { outer_dims_perm, inner_dims_pos, inner_tiles, padding } => {
                let mut s = String::from("pack");
                if *padding {
                    s.push_str(" padding_value(0)");
                }
                if let Some(p) = outer_dims_perm {
                    s.push_str(&format!(" outer_dims_perm = {}", list(p)));
                }
                s.push_str(&format!(" inner_dims_pos = {} inner_tiles = {}", list(inner_dims_pos), list(inner_tiles)));
                s
            }
        };
        lines.push(format!("{head} : {} -> {}", tensor_type(&input, elem), tensor_type(&step.result_shape, elem)));
        input = step.result_shape.clone();
    }
    lines
}
