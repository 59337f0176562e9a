//! Properties of the index math on random shapes and layouts, checked
//! against an independent reference that materializes the layout by
//! transposing, padding, reshaping and transposing a whole array.

use proptest::prelude::*;
use tessel_layout::*;

/// A random array shape with a random layout (nested tiles, `*`, tiles
/// longer than the rank, L).
fn arb_shape() -> impl Strategy<Value = ArrayShape> {
    (0usize..=4)
        .prop_flat_map(|rank| {
            (
                proptest::collection::vec(0i64..=6, rank),
                Just((0..rank as i64).collect::<Vec<_>>()).prop_shuffle(),
                proptest::collection::vec(
                    (1usize..=4).prop_flat_map(|k| {
                        (
                            proptest::collection::vec(
                                prop_oneof![4 => (1i64..=5).prop_map(TileDim::Size), 1 => Just(TileDim::Combine)],
                                k - 1,
                            ),
                            1i64..=5,
                        )
                    }),
                    0..=3,
                ),
                prop_oneof![Just(1i64), Just(2), Just(3), Just(8)],
                prop_oneof![
                    Just(PrimitiveType::F32),
                    Just(PrimitiveType::Bf16),
                    Just(PrimitiveType::S4),
                    Just(PrimitiveType::Pred)
                ],
            )
        })
        .prop_map(|(dims, m2m, tiles, l, ty)| {
            let mut layout = Layout::with_minor_to_major(m2m);
            layout.tiles = tiles
                .into_iter()
                .map(|(mut major, last)| {
                    major.push(TileDim::Size(last));
                    Tile { dims: major }
                })
                .collect();
            layout.tail_padding_alignment_in_elements = l;
            ArrayShape { element_type: ty, dims: dims.into_iter().map(Dim::Static).collect(), layout: Some(layout) }
        })
}

/// The reference: an array of logical element ids, laid out step by step.
struct Materialized {
    shape: Vec<i64>,
    data: Vec<Option<usize>>,
}

fn strides(shape: &[i64]) -> Vec<i64> {
    let mut s = vec![1; shape.len()];
    for i in (0..shape.len().saturating_sub(1)).rev() {
        s[i] = s[i + 1] * shape[i + 1];
    }
    s
}

impl Materialized {
    fn transpose(&self, perm: &[usize]) -> Materialized {
        let shape: Vec<i64> = perm.iter().map(|&p| self.shape[p]).collect();
        let old = strides(&self.shape);
        let n: i64 = shape.iter().product();
        let data = (0..n)
            .map(|pos| {
                let c = tessel_layout::tiling::unravel(pos, &shape);
                let src: i64 = perm.iter().enumerate().map(|(i, &p)| c[i] * old[p]).sum();
                self.data[src as usize]
            })
            .collect();
        Materialized { shape, data }
    }

    fn pad_last(&self, k: usize, tile: &[i64]) -> Materialized {
        let n = self.shape.len();
        let mut shape = self.shape.clone();
        for i in 0..k {
            shape[n - k + i] = shape[n - k + i].div_euclid(tile[i]) * tile[i]
                + if shape[n - k + i] % tile[i] != 0 { tile[i] } else { 0 };
        }
        let total: i64 = shape.iter().product();
        let mut data = vec![None; total as usize];
        let new_strides = strides(&shape);
        for pos in 0..self.data.len() as i64 {
            let c = tessel_layout::tiling::unravel(pos, &self.shape);
            let dst: i64 = c.iter().zip(&new_strides).map(|(a, b)| a * b).sum();
            data[dst as usize] = self.data[pos as usize];
        }
        Materialized { shape, data }
    }
}

fn reference(a: &ArrayShape) -> Vec<Option<usize>> {
    let layout = a.layout.clone().unwrap();
    let dims: Vec<i64> = a.dims.iter().map(|d| d.extent().unwrap()).collect();
    let n: i64 = dims.iter().product();
    let mut m = Materialized { shape: dims.clone(), data: (0..n as usize).map(Some).collect() };
    let physical: Vec<usize> = layout.minor_to_major.iter().rev().map(|&d| d as usize).collect();
    m = m.transpose(&physical);
    for tile in &layout.tiles {
        let k = tile.dims.len();
        // Tiles longer than the shape: unit dims in front (a reshape).
        while m.shape.len() < k {
            m.shape.insert(0, 1);
        }
        // `*`: merge into the next dim (a reshape).
        let base = m.shape.len() - k;
        let mut shape: Vec<i64> = m.shape[..base].to_vec();
        let mut sizes = Vec::new();
        let mut acc = 1;
        for (j, t) in tile.dims.iter().enumerate() {
            acc *= m.shape[base + j];
            if let TileDim::Size(s) = t {
                shape.push(acc);
                sizes.push(*s);
                acc = 1;
            }
        }
        m.shape = shape;
        let kk = sizes.len();
        m = m.pad_last(kk, &sizes);
        // Split each tiled dim into (outer, tile), then move tile dims last.
        let r = m.shape.len();
        let mut split = m.shape[..r - kk].to_vec();
        for (i, &t) in sizes.iter().enumerate() {
            split.push(m.shape[r - kk + i] / t);
            split.push(t);
        }
        m.shape = split;
        let lead = r - kk;
        let mut perm: Vec<usize> = (0..lead).collect();
        perm.extend((0..kk).map(|i| lead + 2 * i));
        perm.extend((0..kk).map(|i| lead + 2 * i + 1));
        m = m.transpose(&perm);
    }
    let l = layout.tail_padding_alignment_in_elements as usize;
    let len = m.data.len().div_ceil(l) * l;
    m.data.resize(len, None);
    m.data
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1500, rng_seed: proptest::test_runner::RngSeed::Fixed(20261122), ..ProptestConfig::default() })]

    #[test]
    fn index_math_matches_the_materialized_layout(a in arb_shape()) {
        let t = match TiledLayout::new(&a) {
            Ok(t) => t,
            // Only a trailing '*' is refused, and the generator never makes one.
            Err(e) => return Err(TestCaseError::fail(e)),
        };
        let slots = reference(&a);
        prop_assert_eq!(slots.len() as i64, t.padded_slots);
        let mut seen = vec![false; slots.len()];
        for (slot, id) in slots.iter().enumerate() {
            let at = t.element_at(slot as i64).unwrap();
            match id {
                None => prop_assert!(at.is_none(), "slot {} should be padding, got {:?}", slot, at),
                Some(id) => {
                    let e = tessel_layout::tiling::unravel(*id as i64, &t.logical_dims);
                    prop_assert_eq!(t.linear_index(&e).unwrap(), slot as i64, "element {:?}", e);
                    prop_assert_eq!(at.as_ref(), Some(&e));
                    prop_assert!(!std::mem::replace(&mut seen[slot], true));
                }
            }
        }
        prop_assert_eq!(seen.iter().filter(|s| **s).count() as i64, t.elements);
    }

    #[test]
    fn printing_is_a_parse_fixpoint(a in arb_shape()) {
        let s = Shape::Array(a);
        let text = s.to_string();
        let back = parse_shape(&text).unwrap();
        prop_assert_eq!(back.to_string(), text);
        // Same shape, up to a scalar's `{}` (the default layout, not printed).
        let scalar_default = matches!(&s, Shape::Array(a) if a.dims.is_empty() && a.layout == Some(Layout::default_for_rank(0)));
        if !scalar_default {
            prop_assert_eq!(back, s);
        }
    }

    #[test]
    fn one_plain_tile_size_equals_xlas(a in arb_shape()) {
        let plain = a.layout.as_ref().unwrap().tiles.len() == 1
            && !a.layout.as_ref().unwrap().tiles[0].dims.contains(&TileDim::Combine);
        if plain {
            let t = TiledLayout::new(&a).unwrap();
            prop_assert_eq!(Some(t.size_bytes()), xla_array_size(&a));
        }
    }

    #[test]
    fn the_pack_chain_shapes_match_the_expanded_shape(a in arb_shape()) {
        let t = TiledLayout::new(&a).unwrap();
        let chain = pack_chain(&t);
        let last = chain.last().map_or(t.logical_dims.clone(), |s| s.result_shape.clone());
        prop_assert_eq!(&last[..], t.expanded_shape());
    }
}

/// Random text near valid shapes: no panic, and what parses prints to a fixpoint.
#[test]
fn parser_fuzz() {
    let seeds = [
        "bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}",
        "F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}",
        "s32[2,3]{0,1:T(*,128)L(64)#(s32)*(u16)E(32)S(5)SC(0:1,2)(1:3)P(s32[6]{0})M(8)}",
        "(f32[2]{0}, (s8[], token[]), /*index=2*/ pred[<=3,?])",
        "f32[]{:T(256)}",
    ];
    let tokens = [
        "(",
        ")",
        "{",
        "}",
        "[",
        "]",
        ",",
        ":",
        "*",
        "T",
        "L",
        "S",
        "SC",
        "<=",
        "?",
        "-",
        "0",
        "9999999999999999999999",
        "/*",
        "é",
    ];
    let mut rng = 0x9E3779B97F4A7C15u64;
    let mut next = |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for _ in 0..20_000 {
        let mut s: Vec<char> = seeds[next(seeds.len())].chars().collect();
        for _ in 0..1 + next(3) {
            let at = next(s.len() + 1);
            match next(3) {
                0 if !s.is_empty() => {
                    let end = (at + next(4)).min(s.len());
                    s.drain(at.min(end)..end);
                }
                1 => s.splice(at..at, tokens[next(tokens.len())].chars()).for_each(drop),
                _ => s.truncate(at),
            }
        }
        let text: String = s.into_iter().collect();
        match parse_shape(&text) {
            Ok(shape) => {
                let printed = shape.to_string();
                let again = parse_shape(&printed).unwrap_or_else(|e| panic!("{text:?} printed as {printed:?}: {e:?}"));
                assert_eq!(again.to_string(), printed, "{text:?}");
                let _ = validate_shape(&shape);
                for leaf in shape.leaves() {
                    if let Ok(t) = TiledLayout::new(leaf) {
                        let _ = pack_chain(&t);
                        let _ = xla_array_size(leaf);
                    }
                }
            }
            Err(e) => {
                assert!(e.column(&text) <= text.chars().count() + 1);
            }
        }
    }
}
