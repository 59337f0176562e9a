//! The worked examples of ../shared/spec/tiled-layout.md and XLA's printing
//! rules, field by field.

use tessel_layout::*;

fn tiled(s: &str) -> TiledLayout {
    let Shape::Array(a) = parse_shape(s).unwrap() else { panic!("not an array: {s}") };
    TiledLayout::new(&a).unwrap()
}

fn grid(t: &TiledLayout) -> Vec<Vec<i64>> {
    let (r, c) = (t.logical_dims[0], t.logical_dims[1]);
    (0..r).map(|i| (0..c).map(|j| t.linear_index(&[i, j]).unwrap()).collect()).collect()
}

#[test]
fn one_tile_3x5() {
    let t = tiled("F32[3,5]{1,0:T(2,2)}");
    assert_eq!(t.linear_index(&[2, 3]).unwrap(), 17);
    assert_eq!(grid(&t), vec![vec![0, 1, 4, 5, 8], vec![2, 3, 6, 7, 10], vec![12, 13, 16, 17, 20]]);
    assert_eq!(t.padded_slots, 24);
    let padding: Vec<i64> = (0..24).filter(|&s| t.element_at(s).unwrap().is_none()).collect();
    assert_eq!(padding, vec![9, 11, 14, 15, 18, 19, 21, 22, 23]);
    assert_eq!(t.element_at(17).unwrap(), Some(vec![2, 3]));
    assert!(t.element_at(24).is_err());
}

#[test]
fn nested_tiles_4x8() {
    let t = tiled("f32[4,8]{1,0:T(2,4)(2,1)}");
    assert_eq!(t.expanded_shape(), &[2, 2, 1, 4, 2, 1]);
    assert_eq!(
        grid(&t),
        vec![
            vec![0, 2, 4, 6, 8, 10, 12, 14],
            vec![1, 3, 5, 7, 9, 11, 13, 15],
            vec![16, 18, 20, 22, 24, 26, 28, 30],
            vec![17, 19, 21, 23, 25, 27, 29, 31],
        ]
    );
}

#[test]
fn combined_dims() {
    let t = tiled("F32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}");
    for (idx, pos) in [
        ([0, 0, 0, 0, 1], 1),
        ([0, 0, 0, 0, 3], 6),
        ([0, 0, 1, 0, 0], 3),
        ([0, 0, 0, 1, 0], 19),
        ([0, 1, 0, 0, 0], 888),
    ] {
        assert_eq!(t.linear_index(&idx).unwrap(), pos, "{idx:?}");
        assert_eq!(t.element_at(pos).unwrap(), Some(idx.to_vec()));
    }
    // The same as F32[112,110]{1,0:T(2,3)}.
    let flat = tiled("f32[112,110]{1,0:T(2,3)}");
    assert_eq!(t.padded_slots, flat.padded_slots);
}

#[test]
fn padding_blow_up() {
    let Shape::Array(a) = parse_shape("s32[2048,1,128,128,4]{4,3,2,0,1:T(8,128)}").unwrap() else { panic!() };
    let t = TiledLayout::new(&a).unwrap();
    assert_eq!(t.size_bytes(), 16 << 30);
    assert_eq!(t.data_bytes(), 512 << 20);
    assert_eq!(overhead_sentence(t.size_bytes(), t.data_bytes()), "16.00 GiB for 512.00 MiB of data: 32.0x");
    assert_eq!(xla_array_size(&a), Some(16 << 30));
}

#[test]
fn xla_array_size_uses_the_first_tile_only() {
    // The second tile pads 3 rows to 4: exact size differs from XLA's.
    let Shape::Array(a) = parse_shape("f32[3,4]{1,0:T(3,4)(2,1)}").unwrap() else { panic!() };
    let t = TiledLayout::new(&a).unwrap();
    assert_eq!(t.size_bytes(), 16 * 4);
    assert_eq!(xla_array_size(&a), Some(12 * 4));
    // L and E.
    let Shape::Array(a) = parse_shape("s4[3,5]{1,0:T(2,2)L(32)E(4)}").unwrap() else { panic!() };
    let t = TiledLayout::new(&a).unwrap();
    assert_eq!(t.padded_slots, 32);
    assert_eq!(t.size_bytes(), 16);
    assert_eq!(xla_array_size(&a), Some(16));
    // No tiles: XLA ignores L, the exact size does not.
    let Shape::Array(a) = parse_shape("f32[3]{0:L(8)}").unwrap() else { panic!() };
    assert_eq!(TiledLayout::new(&a).unwrap().size_bytes(), 32);
    assert_eq!(xla_array_size(&a), Some(12));
}

#[test]
fn scalar_with_long_tile() {
    let t = tiled("f32[]{:T(256)}");
    assert_eq!(t.expanded_shape(), &[1, 256]);
    assert_eq!(t.linear_index(&[]).unwrap(), 0);
    assert_eq!(t.size_bytes(), 1024);
    assert_eq!(t.element_at(1).unwrap(), None);
    // A rank-1 array under a 2-d tile gets a unit dim in front.
    let t = tiled("f32[5]{0:T(2,4)}");
    assert_eq!(t.expanded_shape(), &[1, 2, 2, 4]);
    assert_eq!(t.linear_index(&[4]).unwrap(), 8);
}

#[test]
fn bf16_tpu_example() {
    let t = tiled("bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}");
    assert_eq!(t.physical_dims, vec![1, 8, 1280, 16384]);
    assert_eq!(t.expanded_shapes(), vec![&[1, 8, 160, 128, 8, 128][..], &[1, 8, 160, 128, 4, 128, 2, 1][..]]);
    let chain = pack_chain(&t);
    let lines = describe_chain(&t, &chain, "bf16");
    assert_eq!(
        lines,
        vec![
            "pack outer_dims_perm = [1, 0, 2, 3] inner_dims_pos = [2, 3] inner_tiles = [8, 128] : tensor<8x1x1280x16384xbf16> -> tensor<1x8x160x128x8x128xbf16>",
            "pack inner_dims_pos = [4, 5] inner_tiles = [2, 1] : tensor<1x8x160x128x8x128xbf16> -> tensor<1x8x160x128x4x128x2x1xbf16>",
        ]
    );
}

#[test]
fn canonical_printing() {
    for (input, canonical) in [
        ("f32[3,5]{1,0:T(2,2)}", "f32[3,5]{1,0:T(2,2)}"),
        ("F32 [ 3 , 5 ] { 1 , 0 : T ( 2 , 2 ) }", "f32[3,5]{1,0:T(2,2)}"),
        ("f32[3,5]{1,0:L(1)E(0)S(0)}", "f32[3,5]{1,0}"),
        ("f32[3,5]{1,0:}", "f32[3,5]{1,0}"),
        ("f32[]", "f32[]"),
        ("f32[]{}", "f32[]"),
        ("f32[]{:T(256)}", "f32[]{:T(256)}"),
        ("bf16[<=8,?]{1,0}", "bf16[<=8,?]{1,0}"),
        (
            "s32[2,3]{0,1:T(*,128)L(64)#(s32)*(u16)E(32)S(5)SC(0:1,2)(1:3)P(s32[6]{0})M(8)}",
            "s32[2,3]{0,1:T(*,128)L(64)#(s32)*(u16)E(32)S(5)SC(0:1,2)(1:3)P(s32[6]{0})M(8)}",
        ),
        ("(f32[2]{0}, (s8[], token[]))", "(f32[2]{0}, (s8[], token[]))"),
        ("(f32[],f32[],f32[],f32[],f32[],f32[])", "(f32[], f32[], f32[], f32[], f32[], /*index=5*/f32[])"),
        ("()", "()"),
        ("pred[8]{0:T(32)(32,1)}", "pred[8]{0:T(32)(32,1)}"),
    ] {
        let s = parse_shape(input).unwrap_or_else(|e| panic!("{input}: {e:?}"));
        assert_eq!(s.to_string(), canonical, "{input}");
        assert_eq!(parse_shape(canonical).unwrap().to_string(), canonical, "reparse {canonical}");
    }
}

#[test]
fn non_integer_index_type_prints_as_invalid() {
    // XLA prints `#(invalid)` for a non-integer type (which does not parse back).
    assert_eq!(parse_shape("s32[2]{0:#(f32)}").unwrap().to_string(), "s32[2]{0:#(invalid)}");
}

fn parse_err(s: &str) -> (usize, String) {
    let e = parse_shape(s).unwrap_err();
    (e.column(s), e.message)
}

#[test]
fn parse_errors_name_the_column() {
    assert_eq!(parse_err("f33[2]"), (1, "unknown element type 'f33'".into()));
    assert_eq!(parse_err("f32[2,x]"), (7, "expected a dimension size, '<=N' or '?', found 'x'".into()));
    assert_eq!(parse_err("f32[2,3]{1}"), (9, "Dimensions size is 2, but minor to major size is 1.".into()));
    assert_eq!(
        parse_err("f32[2]{0:L(2)T(2)}"),
        (
            14,
            "layout field 'T' is out of order or repeated: fields come in the order T, L, #, *, E, S, SC, P, M".into()
        )
    );
    assert_eq!(parse_err("f32[2]{0:T(-2)}"), (12, "tile size -2 is negative".into()));
    assert_eq!(parse_err("f32[2]{0"), (9, "expected '}' at the end of the layout, found end of input".into()));
    assert_eq!(parse_err("f32[2] x"), (8, "unexpected text after the shape".into()));
    assert_eq!(
        parse_err("f32[99999999999999999999]"),
        (5, "a dimension size, '<=N' or '?' 99999999999999999999 does not fit in 64 bits".into())
    );
    assert_eq!(parse_err("f32[2]{0:Q(1)}"), (10, "expected '}' at the end of the layout, found 'Q'".into()));
}

fn invalid(s: &str) -> String {
    validate_shape(&parse_shape(s).unwrap()).unwrap_err()
}

#[test]
fn validation_messages_are_xlas() {
    assert_eq!(invalid("f32[2,3]{0,0}"), "layout minor_to_major field has duplicate values: {0, 0}; shape: f32[2,3]");
    assert_eq!(
        invalid("f32[2,3]{2,0}"),
        "layout minor_to_major field has out-of-bounds value: {2, 0}; shape: f32[2,3]"
    );
    assert_eq!(
        invalid("f32[2,3]{1,-1}"),
        "layout minor_to_major field has out-of-bounds value: {1, -1}; shape: f32[2,3]"
    );
    assert_eq!(invalid("f32[2]{0:L(0)}"), "layout tail_padding_alignment_in_elements field is <= 0: {0}");
    assert_eq!(invalid("f32[2]{0:T()}"), "layout has invalid tiles: f32[2]");
    assert_eq!(invalid("f32[2]{0:T(2)(0)}"), "layout has invalid tiles: f32[2]");
    assert_eq!(invalid("f32[2]{0:#(s32)}"), "layout has a index_primitive_type, but is not a sparse array: f32[2]");
    assert_eq!(invalid("f32[2]{0:*(s32)}"), "layout has a pointer_primitive_type, but is not a sparse array: f32[2]");
    assert_eq!(invalid("f32[2]{0:P(f32[2])}"), "layout has a physical_shape, but is not a sparse array: f32[2]");
    assert_eq!(invalid("f32[2]{0:E(-1)}"), "layout element_size_in_bits field is negative: -1");
    assert_eq!(
        invalid("(f32[2]{0}, f32[2,3]{0,0})"),
        "layout minor_to_major field has duplicate values: {0, 0}; shape: f32[2,3]"
    );
    assert_eq!(invalid("f32[4611686018427387904,4]"), "Shape f32[4611686018427387904,4] size may overflow int64_t.");
    // A layout built in code with the wrong rank.
    let Shape::Array(mut a) = parse_shape("f32[2,3]").unwrap() else { panic!() };
    a.layout = Some(Layout::with_minor_to_major(vec![0]));
    assert_eq!(
        validate_layout_for_shape(a.layout.as_ref().unwrap(), &a).unwrap_err(),
        "layout minor_to_major field contains 1 elements, but shape has 2 dimensions: {0}; shape: f32[2,3]"
    );
}

#[test]
fn layout_math_errors() {
    let Shape::Array(a) = parse_shape("f32[2,3]{1,0:T(2,*)}").unwrap() else { panic!() };
    assert!(TiledLayout::new(&a).unwrap_err().contains("most minor entry of a tile cannot be '*'"));
    let Shape::Array(a) = parse_shape("f32[?,3]").unwrap() else { panic!() };
    assert!(TiledLayout::new(&a).unwrap_err().contains("unbounded"));
    let t = tiled("f32[<=4,3]{1,0:T(2,2)}");
    assert_eq!(t.logical_dims, vec![4, 3]);
    assert!(t.linear_index(&[4, 0]).is_err());
    assert!(t.linear_index(&[0]).is_err());
}
