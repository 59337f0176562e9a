//! `tessel-layout hlo FILE --html report.html`: the memory report of an HLO
//! dump as a self-contained page. Buffers are sorted by waste; each padded
//! one says *why* (which physical dim its first tile pads, and by how
//! much), what would fix it (the smallest layout `suggest` finds for the
//! same array), and shows the layout's picture on a small window of the
//! array. XProf's memory viewer shows padded sizes, not their cause.

use std::fmt::Write;

use tessel_layout::hlo::{memory_space_name, Buffer, Report};
use tessel_layout::suggest::suggest;
use tessel_layout::{human_bytes, overhead_sentence, parse_shape, picture, ArrayShape, Shape, TiledLayout};

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// Why a buffer is padded: for each physical dim its first tile pads, the
/// dim (logical number and size), the size it is padded to and the tile.
pub fn padding_causes(a: &ArrayShape) -> Vec<String> {
    let Ok(t) = TiledLayout::new(a) else { return Vec::new() };
    let Some(step) = t.steps.first() else { return Vec::new() };
    let tile_text = format!("T({})", step.tile.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(","));
    let m = step.merged_shape.len();
    let k = step.tile.len().min(m);
    let mut out = Vec::new();
    // The tile applies to the k most minor dims of the merged shape; when no
    // unit dims were prepended and nothing merged, merged dim j is physical
    // dim j, i.e. logical dim minor_to_major[rank - 1 - j].
    let plain = step.prepended == 0 && step.groups.iter().all(|g| g.len() == 1);
    for (i, &tile) in step.tile[step.tile.len() - k..].iter().enumerate() {
        let j = m - k + i;
        let size = step.merged_shape[j];
        if size <= 0 || tile <= 0 || size % tile == 0 {
            continue;
        }
        let padded = size.div_euclid(tile) * tile + tile;
        let role = match m - 1 - j {
            0 => "the minor dim".to_string(),
            1 => "the second-minor dim".to_string(),
            n => format!("physical dim {} from the minor side", n + 1),
        };
        let which = if plain {
            let logical = t.minor_to_major[m - 1 - j];
            format!("dim {logical} (size {size})")
        } else {
            format!("physical dim {j} (size {size})")
        };
        out.push(format!("{which} is {role}, padded to {padded} by {tile_text}: {:.1}x", padded as f64 / size as f64));
    }
    out
}

/// The same layout on a window of the array small enough to draw: each dim
/// cut to at most twice its tile (or 8 when untiled), then halved until
/// the picture's limit holds.
fn window(a: &ArrayShape) -> Option<String> {
    let text = a.to_string();
    let (open, close) = (text.find('[')?, text.find(']')?);
    let dims: Vec<i64> = text[open + 1..close]
        .split(',')
        .map(|d| d.trim().trim_start_matches('<').parse().ok())
        .collect::<Option<_>>()?;
    let t = TiledLayout::new(a).ok()?;
    let tile = t.steps.first().map(|s| s.tile.clone()).unwrap_or_default();
    // Tile sizes by physical position from the minor side.
    let rank = dims.len();
    let mut cut: Vec<i64> = dims.clone();
    for (from_minor, &logical) in t.minor_to_major.iter().enumerate() {
        let limit = tile.len().checked_sub(from_minor + 1).map_or(8, |i| 2 * tile[i].max(1));
        cut[logical] = dims[logical].min(limit.max(1));
    }
    for _ in 0..64 {
        let elements: i64 = cut.iter().product();
        if elements <= 512 {
            break;
        }
        // Halve the largest non-minor dim first.
        let minor = t.minor_to_major.first().copied().unwrap_or(0);
        let (i, _) = cut.iter().enumerate().filter(|(i, d)| *i != minor && **d > 1).max_by_key(|(_, d)| **d)?;
        cut[i] = (cut[i] / 2).max(1);
    }
    if rank == 0 {
        return None;
    }
    let dims_text: Vec<String> = cut.iter().map(|d| d.to_string()).collect();
    Some(format!("{}[{}]{}", &text[..open], dims_text.join(","), &text[close + 1..]))
}

fn buffer_section(b: &Buffer) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<section><h3>{} <small>line {}, {} in {}</small></h3><p><code>{}</code></p>",
        esc(&b.name),
        b.line,
        esc(&b.opcode),
        esc(&b.computation),
        esc(&b.shape.to_string())
    );
    if let (Some(bytes), Some(data)) = (b.bytes, b.data_bytes) {
        let _ = writeln!(s, "<p>{}</p>", esc(&overhead_sentence(bytes, data)));
    }
    let causes = padding_causes(&b.shape);
    if !causes.is_empty() {
        s.push_str("<p><b>Why:</b></p><ul>");
        for c in causes {
            let _ = write!(s, "<li>{}</li>", esc(&c));
        }
        s.push_str("</ul>\n");
    }
    if let Ok(all) = suggest(&b.shape) {
        if let (Some(best), Some(current)) = (all.first(), all.iter().find(|x| x.is_current)) {
            if !best.is_current && best.size_bytes < current.size_bytes {
                let note = if best.reorders { " (a new minor_to_major: the data is transposed)" } else { "" };
                let _ = writeln!(
                    s,
                    "<p><b>Fix:</b> <code>{}</code>: {}, saving {}{note}.</p>",
                    esc(&best.shape.to_string()),
                    esc(&overhead_sentence(best.size_bytes, best.data_bytes)),
                    human_bytes(current.size_bytes - best.size_bytes)
                );
            } else {
                s.push_str("<p><b>Fix:</b> none among the common tilings: this layout is already the smallest.</p>\n");
            }
        }
    }
    if let Some(w) = window(&b.shape) {
        if let Ok(Shape::Array(small)) = parse_shape(&w) {
            if let Ok(t) = TiledLayout::new(&small) {
                if let Ok(svg) = picture::svg(&t, &small.to_string()) {
                    let _ = writeln!(
                        s,
                        "<details><summary>picture of a window: <code>{}</code></summary>{svg}</details>",
                        esc(&w)
                    );
                }
            }
        }
    }
    s.push_str("</section>\n");
    s
}

/// The page for report `r` of the dump `file`.
pub fn page(file: &str, r: &Report) -> String {
    let mut s =
        String::from("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>HLO memory report</title><style>");
    s.push_str(
        "body{font-family:sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse}\
         td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}td.n{text-align:right}\
         code{font-size:12px}section{border-top:1px solid #ddd;margin-top:1em}h3 small{color:#666;font-weight:normal}",
    );
    s.push_str("</style></head><body>\n");
    let _ = writeln!(s, "<h1>HLO memory report: {}</h1>", esc(file));
    let _ = writeln!(
        s,
        "<p>{} buffers, largest padding waste first (not counted: {} instructions inside fused computations, \
         {} in computations applied per element, {} aliases).</p>",
        r.buffers.len(),
        r.fused_instructions,
        r.applied_instructions,
        r.aliases
    );
    s.push_str("<table><tr><th>line</th><th>buffer</th><th>bytes</th><th>data</th><th>overhead</th><th>space</th><th>shape</th></tr>\n");
    for (i, b) in r.buffers.iter().enumerate() {
        let fmt = |v: Option<i64>| v.map_or("?".to_string(), human_bytes);
        let overhead = match (b.bytes, b.data_bytes) {
            (Some(x), Some(d)) if d > 0 => format!("{:.1}x", x as f64 / d as f64),
            _ => "-".into(),
        };
        let name = if b.waste() > 0 { format!("<a href=\"#b{i}\">{}</a>", esc(&b.name)) } else { esc(&b.name) };
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{name}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{overhead}</td><td>S({}) {}</td><td><code>{}</code></td></tr>",
            b.line,
            fmt(b.bytes),
            fmt(b.data_bytes),
            b.memory_space,
            memory_space_name(b.memory_space),
            esc(&b.shape.to_string())
        );
    }
    s.push_str("</table>\n<h2>Padded buffers</h2>\n");
    for (i, b) in r.buffers.iter().enumerate().filter(|(_, b)| b.waste() > 0) {
        let _ = write!(s, "<a id=\"b{i}\"></a>");
        s.push_str(&buffer_section(b));
    }
    s.push_str("</body></html>\n");
    s
}
