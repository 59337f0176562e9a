//! `tessel-layout hlo FILE --html report.html`: the memory report of an HLO
//! dump as a self-contained page. Buffers are sorted by waste; each padded
//! one says *why* (which physical dim its first tile pads, and by how
//! much), what would fix it (the smallest layout `suggest` finds for the
//! same array), and shows the layout's picture on a small window of the
//! array. XProf's memory viewer shows padded sizes, not their cause.

use std::fmt::Write;

use tessel_layout::hlo::{memory_space_name, padding_causes, Buffer, Report};
use tessel_layout::picture::window;
use tessel_layout::suggest::{best_fix, suggest};
use tessel_layout::{human_bytes, overhead_sentence, picture, TiledLayout};

fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
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
    if suggest(&b.shape).is_ok() {
        match best_fix(&b.shape) {
            Some(best) => {
                let note = if best.reorders { " (a new minor_to_major: the data is transposed)" } else { "" };
                let _ = writeln!(
                    s,
                    "<p><b>Fix:</b> <code>{}</code>: {}, saving {}{note}.</p>",
                    esc(&best.shape.to_string()),
                    esc(&overhead_sentence(best.size_bytes, best.data_bytes)),
                    human_bytes(b.bytes.unwrap_or(0) - best.size_bytes)
                );
            }
            None => {
                s.push_str("<p><b>Fix:</b> none among the common tilings: this layout is already the smallest.</p>\n")
            }
        }
    }
    if let Some(small) = window(&b.shape) {
        if let Ok(t) = TiledLayout::new(&small) {
            if let Ok(svg) = picture::svg(&t, &small.to_string()) {
                let _ = writeln!(
                    s,
                    "<details><summary>picture of a window: <code>{}</code></summary>{svg}</details>",
                    esc(&small.to_string())
                );
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
         td,th{border:1px solid #ccc;padding:.2em .6em;text-align:left}td.n,td.s{white-space:nowrap}td.n{text-align:right}\
         td code{white-space:nowrap}code{font-size:12px}section{border-top:1px solid #ddd;margin-top:1em}\
         h3 small{color:#666;font-weight:normal}p code{overflow-wrap:anywhere}\
         .wide{overflow-x:auto;max-width:100%}svg{max-width:100%;height:auto}",
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
    s.push_str("<div class=\"wide\"><table><tr><th>line</th><th>buffer</th><th>bytes</th><th>data</th><th>overhead</th><th>space</th><th>shape</th></tr>\n");
    for (i, b) in r.buffers.iter().enumerate() {
        let fmt = |v: Option<i64>| v.map_or("?".to_string(), human_bytes);
        let overhead = match (b.bytes, b.data_bytes) {
            (Some(x), Some(d)) if d > 0 => format!("{:.1}x", x as f64 / d as f64),
            _ => "-".into(),
        };
        let name = if b.waste() > 0 { format!("<a href=\"#b{i}\">{}</a>", esc(&b.name)) } else { esc(&b.name) };
        let _ = writeln!(
            s,
            "<tr><td>{}</td><td>{name}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{overhead}</td><td class=\"s\">S({}) {}</td><td><code>{}</code></td></tr>",
            b.line,
            fmt(b.bytes),
            fmt(b.data_bytes),
            b.memory_space,
            memory_space_name(b.memory_space),
            esc(&b.shape.to_string())
        );
    }
    s.push_str("</table></div>\n<h2>Padded buffers</h2>\n");
    for (i, b) in r.buffers.iter().enumerate().filter(|(_, b)| b.waste() > 0) {
        let _ = write!(s, "<a id=\"b{i}\"></a>");
        s.push_str(&buffer_section(b));
    }
    s.push_str("</body></html>\n");
    s
}
