//! `tessel-layout svg` renders with a real SVG renderer (resvg): the
//! picture of F32[3,5]{1,0:T(2,2)} shows element (0,0) and memory slot 0 in
//! the same tile colour, and slot 9 (padding) hatched grey.

use resvg::{tiny_skia, usvg};
use tessel_layout::{parse_shape, picture, Shape, TiledLayout};

fn render(svg: &str) -> tiny_skia::Pixmap {
    let tree = usvg::Tree::from_str(svg, &usvg::Options::default()).expect("a valid SVG document");
    let size = tree.size().to_int_size();
    let mut pixmap = tiny_skia::Pixmap::new(size.width(), size.height()).expect("non-empty picture");
    resvg::render(&tree, tiny_skia::Transform::default(), &mut pixmap.as_mut());
    pixmap
}

fn pixel(p: &tiny_skia::Pixmap, x: u32, y: u32) -> (u8, u8, u8) {
    let c = p.pixel(x, y).expect("inside the picture");
    (c.red(), c.green(), c.blue())
}

#[test]
fn svg_renders_tiles_and_padding() {
    let Shape::Array(a) = parse_shape("F32[3,5]{1,0:T(2,2)}").unwrap() else { unreachable!() };
    let t = TiledLayout::new(&a).unwrap();
    let svg = picture::svg(&t, &a.to_string()).unwrap();
    assert_eq!(svg.matches("class=\"element\"").count(), 15);
    assert_eq!(svg.matches("class=\"slot\"").count(), 15);
    assert_eq!(svg.matches("class=\"padding\"").count(), 9);
    let p = render(&svg);
    // Cells are 36 px; the logical grid starts at (20, 60), memory 40 px
    // right of the wider of the 5-cell grid and its caption.
    let mem_x = 20 + (5 * 36).max(picture::text_width(picture::LOGICAL_CAPTION, 11)) as u32 + 40;
    let element00 = pixel(&p, 20 + 4, 60 + 4);
    let slot0 = pixel(&p, mem_x + 4, 60 + 4);
    assert_eq!(element00, slot0, "element (0,0) and slot 0 share the first tile's colour");
    assert!(element00.0 > element00.2 + 30, "the first tile is drawn in colour, got {element00:?}");
    // Element (0,2) lands in the second tile: another colour.
    assert_ne!(pixel(&p, 20 + 2 * 36 + 4, 60 + 4), element00);
    // Slot 9 (row 2, column 1 of the 4-wide memory view) is padding: grey hatching.
    let (r, g, b) = pixel(&p, mem_x + 36 + 6, 60 + 2 * 36 + 6);
    assert!(r == g && g == b && r > 150, "padding is grey, got {:?}", (r, g, b));
    assert_eq!(pixel(&p, 2, 2), (255, 255, 255), "white background");
}

#[test]
fn svg_refuses_big_arrays() {
    let Shape::Array(a) = parse_shape("f32[100,100]").unwrap() else { unreachable!() };
    let e = picture::svg(&TiledLayout::new(&a).unwrap(), "x").unwrap_err();
    assert!(e.contains("draws at most 4096 elements"), "{e}");
}

/// The `x` and text of each `<text>` at height `y` in `svg`.
fn texts_at(svg: &str, y: u32) -> Vec<(i64, String)> {
    let marker = format!(r#"" y="{y}">"#);
    svg.lines()
        .filter_map(|l| {
            let rest = l.strip_prefix("<text x=\"")?;
            let (x, tail) = rest.split_once('"')?;
            let text = tail.strip_prefix(&marker[1..])?.strip_suffix("</text>")?;
            Some((x.parse().ok()?, text.to_string()))
        })
        .collect()
}

/// The captions of narrow and wide arrays never run into each other, and
/// the picture is wide enough for every caption and the title (at the
/// monospace advance of 0.6 em that Chromium's and resvg's fonts use).
#[test]
fn captions_never_overlap() {
    for shape in
        ["f32[3,5]{1,0:T(2,2)}", "f32[2]", "s8[1,1]{0,1}", "f32[4,40]{1,0:T(4,8)}", "bf16[2,3,4]{2,1,0:T(2,2)(2,1)}"]
    {
        let Shape::Array(a) = parse_shape(shape).unwrap() else { unreachable!() };
        let svg = picture::svg(&TiledLayout::new(&a).unwrap(), &a.to_string()).unwrap();
        let captions = texts_at(&svg, 46);
        assert_eq!(captions.len(), 2, "{shape}: two captions");
        let (x0, first) = &captions[0];
        let (x1, second) = &captions[1];
        assert!(x0 + picture::text_width(first, 11) + 8 <= *x1, "{shape}: captions overlap");
        let width: i64 = svg.split_once("width=\"").unwrap().1.split('"').next().unwrap().parse().unwrap();
        assert!(x1 + picture::text_width(second, 11) <= width, "{shape}: the second caption is cut");
        assert!(20 + picture::text_width(&a.to_string(), 14) <= width, "{shape}: the title is cut");
    }
}

/// Slot labels fit their slots at every rank (slots widen with the longest
/// index, memory rows hold fewer of them), and runs of rows holding only
/// padding are one band: the window of an HLO buffer whose 4-element minor
/// dim is tiled by 128 draws 8 labelled rows, not 4096 slots.
#[test]
fn labels_fit_at_rank_4_and_5_and_padding_runs_collapse() {
    for shape in ["f32[3,4,5,6]{3,2,1,0:T(2,2)}", "s32[2,1,2,2,4]{4,3,2,0,1:T(8,128)}", "bf16[2,3,2,2,9]{4,3,2,1,0}"] {
        let Shape::Array(a) = parse_shape(shape).unwrap() else { unreachable!() };
        let svg = picture::svg(&TiledLayout::new(&a).unwrap(), &a.to_string()).unwrap();
        let mut slots = 0;
        for line in svg.lines().filter(|l| l.starts_with("<rect class=\"slot\"")) {
            let width: i64 = line.split_once("width=\"").unwrap().1.split('"').next().unwrap().parse().unwrap();
            let label = line.split_once("font-size=\"9\">").unwrap().1.trim_end_matches("</text>");
            assert_eq!(label.split(',').count(), a.dims.len(), "{shape}: {label}");
            assert!(picture::text_width(label, 9) + 4 <= width, "{shape}: label {label} overflows its {width} px slot");
            slots += 1;
        }
        assert!(slots > 0, "{shape}: no slot drawn");
        let total: i64 = svg.split_once("width=\"").unwrap().1.split('"').next().unwrap().parse().unwrap();
        assert!(total <= 1600, "{shape}: the picture is {total} px wide");
    }
    let Shape::Array(a) = parse_shape("s32[2,1,2,2,4]{4,3,2,0,1:T(8,128)}").unwrap() else { unreachable!() };
    let svg = picture::svg(&TiledLayout::new(&a).unwrap(), &a.to_string()).unwrap();
    assert_eq!(svg.matches("class=\"slot\"").count(), 32);
    assert_eq!(svg.matches("class=\"padding-run\"").count(), 8, "{svg}");
    assert!(svg.contains("55 rows of padding (880 slots)"), "{svg}");
}
