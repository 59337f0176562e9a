//! `tessel-layout`: ask questions about XLA tiled layouts.
//!
//! Every command takes a shape in XLA's notation (quote it in the shell);
//! flags may come before or after it. Bad input prints `error: ...` with
//! the column on stderr, nothing on stdout, and exits with status 1.

use std::io::{BufRead, Write};

use clap::{Parser, Subcommand};
use serde_json::json;
use tessel_layout::hlo::{self, memory_space_name};
use tessel_layout::picture;
use tessel_layout::suggest::suggest;
use tessel_layout::{
    describe_chain, human_bytes, overhead_sentence, pack_chain, parse_shape, xla_array_size, ArrayShape, Dim, Shape,
    TileDim, TiledLayout,
};

/// Explain, index, draw and lower XLA tiled layouts
/// (`bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}`).
#[derive(Parser, Debug)]
#[command(name = "tessel-layout", version, about = "Explain, index, draw and lower XLA tiled layouts (shapes such as bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)})", long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Canonical form, physical and expanded shapes, exact size and XLA's,
    /// padding overhead, and the op chain.
    Explain {
        shape: String,
        /// One JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// The linear index of the element at I,J,...; without an index, reads one
    /// tuple per line from stdin and prints one index per line.
    Index { shape: String, index: Option<String> },
    /// The logical index stored at a linear position, or `padding`.
    Element { shape: String, position: String },
    /// The linear index of every element, as a grid of the two most minor
    /// logical dims (one grid per leading index).
    Table { shape: String },
    /// An SVG picture: the logical array numbered by linear index beside the
    /// memory order with the padding slots.
    Svg {
        shape: String,
        /// Where to write the SVG (stdout without it).
        #[arg(short = 'o', long = "output")]
        output: Option<String>,
        /// An array too large to draw is drawn as a window of it (each dim
        /// cut to two tiles, then halved to 512 elements), as the HLO page does.
        #[arg(long)]
        window: bool,
    },
    /// MLIR for mlir-opt 22: @to_layout (the pack chain) and @from_layout (its inverse).
    Mlir { shape: String },
    /// A memory report of an HLO text dump ('-' for stdin): each buffer's
    /// bytes, padding overhead and memory space, sorted by waste.
    Hlo {
        file: String,
        /// Also write the report as a page: each padded buffer with why it
        /// is padded, the layout that would fix it and a picture.
        #[arg(long)]
        html: Option<String>,
    },
    /// Cheaper tilings and orders for the same array, ranked by size.
    Suggest {
        shape: String,
        /// How many alternatives to show.
        #[arg(long, default_value_t = 10)]
        top: usize,
    },
}

/// Runs the command line; returns the exit status.
pub fn main_with(args: Vec<String>) -> i32 {
    let cli = match Cli::try_parse_from(args) {
        Ok(c) => c,
        Err(e) => {
            let code = if e.use_stderr() { 1 } else { 0 };
            let _ = e.print();
            return code;
        }
    };
    let mut out = Vec::new();
    match run(cli.command, &mut out) {
        Ok(()) => {
            let mut stdout = std::io::stdout().lock();
            match stdout.write_all(&out).and_then(|_| stdout.flush()) {
                Ok(()) => 0,
                Err(e) => {
                    tessel_ir::diag::write_stderr(&format!("error: cannot write to stdout: {e}\n"));
                    1
                }
            }
        }
        Err(e) => {
            tessel_ir::diag::write_stderr(&format!("error: {e}\n"));
            1
        }
    }
}

/// Parses and validates a shape argument; errors show the column and a caret.
pub fn read_shape(text: &str) -> Result<Shape, String> {
    let shape = parse_shape(text).map_err(|e| {
        let col = e.column(text);
        format!("column {col}: {}\n  {text}\n  {}^", e.message, " ".repeat(col - 1))
    })?;
    tessel_layout::validate_shape(&shape).map_err(|m| format!("column 1: {m}\n  {text}\n  ^"))?;
    Ok(shape)
}

fn read_array(text: &str, command: &str) -> Result<ArrayShape, String> {
    match read_shape(text)? {
        Shape::Array(a) => Ok(a),
        Shape::Tuple(_) => Err(format!("`{command}` needs an array shape, not a tuple")),
    }
}

fn tiled(a: &ArrayShape) -> Result<TiledLayout, String> {
    TiledLayout::new(a)
}

fn parse_ints(text: &str, what: &str) -> Result<Vec<i64>, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(vec![]);
    }
    t.split(',')
        .map(|x| x.trim().parse::<i64>().map_err(|_| format!("{what} '{text}': '{}' is not an integer", x.trim())))
        .collect()
}

fn run(command: Command, out: &mut Vec<u8>) -> Result<(), String> {
    match command {
        Command::Explain { shape, json } => explain(&shape, json, out),
        Command::Index { shape, index } => {
            let t = tiled(&read_array(&shape, "index")?)?;
            match index {
                Some(i) => {
                    let idx = parse_ints(&i, "index")?;
                    writeln!(out, "{}", t.linear_index(&idx)?).map_err(|e| e.to_string())
                }
                None => index_stdin(&t, out),
            }
        }
        Command::Element { shape, position } => {
            let t = tiled(&read_array(&shape, "element")?)?;
            let pos = position.trim().parse::<i64>().map_err(|_| format!("position '{position}' is not an integer"))?;
            let line = match t.element_at(pos)? {
                Some(idx) => idx.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(","),
                None => "padding".into(),
            };
            writeln!(out, "{line}").map_err(|e| e.to_string())
        }
        Command::Table { shape } => {
            let a = read_array(&shape, "table")?;
            let t = tiled(&a)?;
            let rank = t.rank();
            let axes = match rank {
                0 => String::new(),
                1 => " (one row: dim 0)".into(),
                _ => format!(" (rows: dim {}, columns: dim {})", rank - 2, rank - 1),
            };
            let body = picture::table(&t)?;
            write!(out, "{a}: linear index of each element{axes}\n{body}").map_err(|e| e.to_string())
        }
        Command::Svg { shape, output, window } => {
            let a = read_array(&shape, "svg")?;
            let svg = if window {
                picture::svg_or_window(&a)?.0
            } else {
                picture::svg(&tiled(&a)?, &a.to_string()).map_err(|e| format!("{e} (--window draws a window of it)"))?
            };
            match output {
                Some(path) => std::fs::write(&path, svg).map_err(|e| format!("cannot write {path}: {e}")),
                None => out.write_all(svg.as_bytes()).map_err(|e| e.to_string()),
            }
        }
        Command::Mlir { shape } => {
            let a = read_array(&shape, "mlir")?;
            let text = crate::layout_mlir::layout_functions(&a)?;
            out.write_all(text.as_bytes()).map_err(|e| e.to_string())
        }
        Command::Hlo { file, html } => hlo_report(&file, html.as_deref(), out),
        Command::Suggest { shape, top } => suggest_cmd(&shape, top, out),
    }
}

fn index_stdin(t: &TiledLayout, out: &mut Vec<u8>) -> Result<(), String> {
    let stdin = std::io::stdin();
    let mut idx = Vec::with_capacity(t.rank());
    let mut buf = itoa_buffer();
    for (n, line) in stdin.lock().lines().enumerate() {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        idx.clear();
        let trimmed = line.trim();
        if !trimmed.is_empty() {
            for part in trimmed.split(',') {
                idx.push(
                    part.trim()
                        .parse::<i64>()
                        .map_err(|_| format!("line {}: '{}' is not an integer", n + 1, part.trim()))?,
                );
            }
        }
        t.check_index(&idx).map_err(|e| format!("line {}: {e}", n + 1))?;
        buf.clear();
        buf.push_str(&t.linear_index_unchecked(&idx).to_string());
        buf.push('\n');
        out.extend_from_slice(buf.as_bytes());
    }
    Ok(())
}

fn itoa_buffer() -> String {
    String::with_capacity(24)
}

fn dims_json(a: &ArrayShape) -> Vec<serde_json::Value> {
    a.dims
        .iter()
        .map(|d| match d {
            Dim::Static(n) => json!(n),
            Dim::Bounded(n) => json!(format!("<={n}")),
            Dim::Unbounded => json!("?"),
        })
        .collect()
}

fn list(v: &[i64]) -> String {
    format!("[{}]", v.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "))
}

fn explain(text: &str, as_json: bool, out: &mut Vec<u8>) -> Result<(), String> {
    let shape = read_shape(text)?;
    let leaves = shape.leaves();
    if let Shape::Tuple(_) = shape {
        if as_json {
            let objs: Vec<serde_json::Value> = leaves.iter().map(|a| explain_json(a)).collect::<Result<_, _>>()?;
            let v = json!({ "canonical": shape.to_string(), "tuple": objs });
            return writeln!(out, "{}", serde_json::to_string_pretty(&v).expect("JSON")).map_err(|e| e.to_string());
        }
        writeln!(out, "tuple {shape}").map_err(|e| e.to_string())?;
        for (i, a) in leaves.iter().enumerate() {
            writeln!(out, "\nelement {i}:").map_err(|e| e.to_string())?;
            explain_array(a, out)?;
        }
        return Ok(());
    }
    let a = leaves[0];
    if as_json {
        let v = explain_json(a)?;
        return writeln!(out, "{}", serde_json::to_string_pretty(&v).expect("JSON")).map_err(|e| e.to_string());
    }
    explain_array(a, out)
}

/// Why `a` has no array layout to explain (`None` when it has one): a
/// token or opaque value, or an unbounded (`?`) dim, which XLA's parser
/// reads but which has no size until run time.
fn without_layout(a: &ArrayShape) -> Option<String> {
    use tessel_layout::PrimitiveType;
    match a.element_type {
        PrimitiveType::Token => {
            return Some("a token orders side effects and holds no data: no array layout, 0 bytes".into())
        }
        PrimitiveType::Opaque => {
            return Some(
                "an opaque value is a handle XLA does not look into: no array layout, one pointer \
                 (8 bytes on a 64-bit host, XLA's ByteSizeOf)"
                    .into(),
            )
        }
        _ => {}
    }
    let unbounded: Vec<String> =
        a.dims.iter().enumerate().filter(|(_, d)| **d == Dim::Unbounded).map(|(i, _)| i.to_string()).collect();
    (!unbounded.is_empty()).then(|| {
        let (s, verb) = if unbounded.len() == 1 { ("", "is") } else { ("s", "are") };
        format!(
            "dimension{s} {} {verb} unbounded ('?'): the size is known only at run time, so there is no \
             physical shape to tile or size; a bound ('<=N') gives XLA's reserved storage",
            unbounded.join(", ")
        )
    })
}

/// `explain` of a shape without an array layout: what it is and why.
fn explain_without_layout(a: &ArrayShape, why: &str, out: &mut String) {
    out.push_str(&format!("canonical       {a}\n"));
    out.push_str(&format!("element type    {}\n", a.element_type));
    if a.element_type.is_array_type() {
        let dims: Vec<String> = dims_json(a).iter().map(|d| d.as_str().map_or(d.to_string(), str::to_string)).collect();
        out.push_str(&format!("logical shape   [{}]\n", dims.join(", ")));
        out.push_str(&format!("minor_to_major  {}\n", list(&a.layout_or_default().minor_to_major)));
    }
    out.push_str(&format!("layout          none: {why}\n"));
}

/// The facts `explain --json` prints for one array (or why it has no layout).
pub fn explain_json(a: &ArrayShape) -> Result<serde_json::Value, String> {
    if let Some(why) = without_layout(a) {
        let mut v = json!({
            "canonical": a.to_string(),
            "element_type": a.element_type.name(),
            "dims": dims_json(a),
            "array_layout": false,
            "why": why,
        });
        if a.element_type.is_array_type() {
            v["minor_to_major"] = json!(a.layout_or_default().minor_to_major);
        }
        return Ok(v);
    }
    let layout = a.layout_or_default();
    let t = tiled(a)?;
    let tiles: Vec<Vec<serde_json::Value>> = layout
        .tiles
        .iter()
        .map(|tile| {
            tile.dims
                .iter()
                .map(|d| match d {
                    TileDim::Size(s) => json!(s),
                    TileDim::Combine => json!("*"),
                })
                .collect()
        })
        .collect();
    let chain = pack_chain(&t);
    let elem = a.element_type.mlir_type().unwrap_or("?");
    Ok(json!({
        "canonical": a.to_string(),
        "element_type": a.element_type.name(),
        "dims": dims_json(a),
        "minor_to_major": layout.minor_to_major,
        "tiles": tiles,
        "physical_shape": t.physical_dims,
        "expanded_shape": t.expanded_shape(),
        "expanded_shapes": t.expanded_shapes(),
        "elements": t.elements,
        "padded_elements": t.padded_slots,
        "element_bits": t.element_bits,
        "size_bytes": t.size_bytes(),
        "data_bytes": t.data_bytes(),
        "xla_array_size_bytes": xla_array_size(a),
        "padding_overhead": t.padding_overhead(),
        "memory_space": layout.memory_space,
        "ops": describe_chain(&t, &chain, elem),
    }))
}

/// The text `explain` prints for one array (or why it has no layout).
pub fn explain_text(a: &ArrayShape) -> Result<String, String> {
    let mut out = Vec::new();
    explain_array(a, &mut out)?;
    Ok(String::from_utf8(out).expect("explain writes UTF-8"))
}

fn explain_array(a: &ArrayShape, out: &mut Vec<u8>) -> Result<(), String> {
    if let Some(why) = without_layout(a) {
        let mut w = String::new();
        explain_without_layout(a, &why, &mut w);
        return out.write_all(w.as_bytes()).map_err(|e| e.to_string());
    }
    let layout = a.layout_or_default();
    let t = tiled(a)?;
    let mut w = String::new();
    let physical_order: Vec<String> = layout.minor_to_major.iter().rev().map(|d| d.to_string()).collect();
    w.push_str(&format!("canonical       {a}\n"));
    w.push_str(&format!("element type    {} ({} bits per element in memory)\n", a.element_type, t.element_bits));
    w.push_str(&format!("logical shape   {}\n", list(&t.logical_dims)));
    w.push_str(&format!("minor_to_major  {}\n", list(&layout.minor_to_major)));
    w.push_str(&format!(
        "physical shape  {}  (logical dims {}, major first)\n",
        list(&t.physical_dims),
        physical_order.join(", ")
    ));
    for (i, (tile, step)) in layout.tiles.iter().zip(&t.steps).enumerate() {
        let mut notes = Vec::new();
        if step.prepended > 0 {
            notes.push(format!("{} unit dim(s) added in front", step.prepended));
        }
        if step.merges() {
            notes.push(format!("'*' merges to {}", list(&step.merged_shape)));
        }
        if step.pads() {
            notes.push("pads".to_string());
        }
        let notes = if notes.is_empty() { String::new() } else { format!("  ({})", notes.join("; ")) };
        w.push_str(&format!("after tile {} {tile:<8} {}{notes}\n", i + 1, list(&step.output_shape)));
    }
    w.push_str(&format!("elements        {}\n", t.elements));
    let l = if t.tail_padding_alignment > 1 {
        format!(" ({} after tiling, rounded up to L({}))", t.expanded_slots, t.tail_padding_alignment)
    } else {
        String::new()
    };
    w.push_str(&format!("slots           {}{l}\n", t.padded_slots));
    w.push_str(&format!(
        "size            {} bytes = {}\n",
        t.size_bytes(),
        overhead_sentence(t.size_bytes(), t.data_bytes())
    ));
    match xla_array_size(a) {
        Some(x) if x == t.size_bytes() => w.push_str(&format!("XLA ArraySize   {x} bytes (the same)\n")),
        Some(x) => w.push_str(&format!(
            "XLA ArraySize   {x} bytes = {}: differs, because XLA sizes by the first tile only and later tiles pad here\n",
            human_bytes(x)
        )),
        None => w.push_str("XLA ArraySize   undefined for a '*' in the first tile\n"),
    }
    if layout.memory_space != 0 {
        w.push_str(&format!(
            "memory space    S({}): {}\n",
            layout.memory_space,
            memory_space_name(layout.memory_space)
        ));
    }
    if !layout.split_configs.is_empty() {
        w.push_str("note            SC(...) splits are carried through; the index math and exact size ignore them\n");
    }
    if layout.dynamic_shape_metadata_prefix_bytes > 0 {
        w.push_str(&format!(
            "note            M({}): {} bytes of dynamic-shape metadata precede the data (not in the size)\n",
            layout.dynamic_shape_metadata_prefix_bytes, layout.dynamic_shape_metadata_prefix_bytes
        ));
    }
    let chain = pack_chain(&t);
    let elem = a.element_type.mlir_type().unwrap_or("?");
    if chain.is_empty() {
        w.push_str("as ops          none: row-major order is already the layout\n");
    } else {
        w.push_str("as ops\n");
        for line in describe_chain(&t, &chain, elem) {
            w.push_str(&format!("  {line}\n"));
        }
    }
    out.write_all(w.as_bytes()).map_err(|e| e.to_string())
}

fn hlo_report(file: &str, html: Option<&str>, out: &mut Vec<u8>) -> Result<(), String> {
    let text = if file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s).map_err(|e| format!("reading stdin: {e}"))?;
        s
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("cannot read {file}: {e}"))?
    };
    let r = hlo::report(&text).map_err(|e| format!("{file}:{}:{}: {}", e.line, e.column, e.message))?;
    if let Some(path) = html {
        std::fs::write(path, crate::hlo_html::page(file, &r)).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    let mut w = String::new();
    let fmt_bytes = |b: Option<i64>| b.map_or("?".to_string(), human_bytes);
    let rows: Vec<[String; 7]> = r
        .buffers
        .iter()
        .map(|b| {
            let overhead = match (b.bytes, b.data_bytes) {
                (Some(x), Some(d)) if d > 0 => format!("{:.1}x", x as f64 / d as f64),
                _ => "-".into(),
            };
            [
                b.line.to_string(),
                b.name.clone(),
                fmt_bytes(b.bytes),
                fmt_bytes(b.data_bytes),
                overhead,
                format!("S({})", b.memory_space),
                b.shape.to_string(),
            ]
        })
        .collect();
    let header = ["line", "buffer", "bytes", "data", "overhead", "space", "shape"];
    let mut widths = header.map(str::len);
    for row in &rows {
        for (i, c) in row.iter().enumerate() {
            widths[i] = widths[i].max(c.len());
        }
    }
    let fmt_row = |cells: &[String]| {
        let mut s = String::new();
        for (i, c) in cells.iter().enumerate() {
            if i + 1 == cells.len() {
                s.push_str(c);
            } else if (2..=4).contains(&i) {
                s.push_str(&format!("{c:>w$}  ", w = widths[i]));
            } else {
                s.push_str(&format!("{c:<w$}  ", w = widths[i]));
            }
        }
        s.trim_end().to_string()
    };
    w.push_str(&format!(
        "{} buffers, largest padding waste first (not counted: {} instructions inside fused computations, {} in \
         computations applied per element, {} aliases)\n",
        rows.len(),
        r.fused_instructions,
        r.applied_instructions,
        r.aliases
    ));
    w.push_str(&fmt_row(&header.map(String::from)));
    w.push('\n');
    for row in &rows {
        w.push_str(&fmt_row(row));
        w.push('\n');
    }
    let mut spaces: std::collections::BTreeMap<i64, (i64, i64, usize)> = Default::default();
    for b in &r.buffers {
        let e = spaces.entry(b.memory_space).or_default();
        e.0 += b.bytes.unwrap_or(0);
        e.1 += b.data_bytes.unwrap_or(0);
        e.2 += 1;
    }
    w.push_str("totals per memory space\n");
    for (space, (bytes, data, n)) in spaces {
        w.push_str(&format!(
            "  S({space}) {}: {} in {n} buffers\n",
            memory_space_name(space),
            overhead_sentence(bytes, data)
        ));
    }
    out.write_all(w.as_bytes()).map_err(|e| e.to_string())
}

fn suggest_cmd(text: &str, top: usize, out: &mut Vec<u8>) -> Result<(), String> {
    let a = read_array(text, "suggest")?;
    let all = suggest(&a)?;
    let current = all.iter().find(|s| s.is_current).expect("the input is among the candidates");
    let mut w = format!("current  {}: {}\n", current.shape, overhead_sentence(current.size_bytes, current.data_bytes));
    w.push_str("alternatives, smallest first (same element type; * marks the current layout)\n");
    for (i, s) in all.iter().take(top).enumerate() {
        let mark = if s.is_current { "*" } else { " " };
        let note = if s.reorders { "  (new minor_to_major: the data is transposed)" } else { "" };
        let ratio =
            if s.data_bytes > 0 { format!("{:.1}x", s.size_bytes as f64 / s.data_bytes as f64) } else { "-".into() };
        w.push_str(&format!("{mark}{:>3}. {:>12} {:>7}  {}{note}\n", i + 1, human_bytes(s.size_bytes), ratio, s.shape));
    }
    out.write_all(w.as_bytes()).map_err(|e| e.to_string())
}
