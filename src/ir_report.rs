//! `--ir-report=FILE.html`: one self-contained page for a whole run (no
//! network, no external scripts or fonts). Per input chunk, the pipeline as
//! a list of steps (the input, then each pass as mlir-opt's dump headers
//! name it, with the op it ran on, its time and the ops it added and
//! removed by name); per step the IR after it (highlighted, each step
//! folded until opened), the diff against the step before (values aligned,
//! unified or side by side), the remarks the pass made and the debug
//! messages of tessel's components during it (tiling decisions with their
//! temporaries, patterns applied, cse merges, transform ops: what
//! `--debug-only` prints). A filter keeps the IR lines that mention an op
//! name; a click on a line that opens a region folds the region.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::time::Duration;

use tessel_ir::{Context, OpId};

/// One step of a chunk's pipeline.
#[derive(Debug, Default)]
pub struct Step {
    /// `Input`, or the pass as the dump header names it.
    pub title: String,
    /// The op the pass ran on (`func.func @f`), empty for the input.
    pub scope: String,
    /// How deep that op is (0: the top-level module): a pass of a nested
    /// pipeline (`func.func(cse)`) is drawn under the steps around it.
    pub depth: usize,
    pub elapsed: Option<Duration>,
    /// The whole chunk's IR after the step.
    pub ir: String,
    /// Op counts by name after the step.
    pub counts: BTreeMap<String, i64>,
    pub remarks: Vec<String>,
    /// The debug messages of tessel's components during the step (what
    /// `--debug-only` would print): tiling decisions, patterns, merges.
    pub debug: Vec<String>,
}

/// The components whose debug messages the page shows.
pub const REPORTED_TARGETS: &str = "transform=debug,canonicalize=debug,cse=debug,tiling=debug";

/// Debug messages since the last step, as the report's tracing layer
/// writes them.
static DEBUG_LOG: std::sync::Mutex<String> = std::sync::Mutex::new(String::new());

/// The writer of the report's tracing layer: appends to [`DEBUG_LOG`].
pub struct DebugLog;

impl std::io::Write for DebugLog {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if let Ok(mut log) = DEBUG_LOG.lock() {
            log.push_str(&String::from_utf8_lossy(buf));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// The debug messages written since the last call, one per line.
pub fn take_debug_lines() -> Vec<String> {
    let Ok(mut log) = DEBUG_LOG.lock() else { return Vec::new() };
    let text = std::mem::take(&mut *log);
    text.lines().map(|l| l.trim().to_string()).filter(|l| !l.is_empty()).collect()
}

/// The steps of every chunk of a run.
#[derive(Debug, Default)]
pub struct Report {
    pub chunks: Vec<Vec<Step>>,
}

/// Op counts by name under `root` (root included).
pub fn op_counts(ctx: &Context, root: OpId) -> BTreeMap<String, i64> {
    let mut counts = BTreeMap::new();
    ctx.walk_preorder(root, &mut |o| *counts.entry(ctx.op_name(o).to_string()).or_insert(0) += 1);
    counts
}

impl Report {
    /// Starts a chunk with its input IR.
    pub fn begin_chunk(&mut self, ctx: &Context, module: OpId, ir: String) {
        take_debug_lines(); // what came before this chunk's pipeline
        self.chunks.push(vec![Step { title: "Input".into(), ir, counts: op_counts(ctx, module), ..Step::default() }]);
    }

    /// Adds a step to the current chunk.
    pub fn push(&mut self, step: Step) {
        if let Some(c) = self.chunks.last_mut() {
            c.push(step);
        }
    }

    /// The page, for an input named `file`.
    pub fn html(&self, file: &str) -> String {
        let mut s = String::new();
        s.push_str("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>tessel IR report</title>\n<style>");
        s.push_str(CSS);
        s.push_str("</style></head><body>\n");
        let _ = writeln!(s, "<h1>IR report: {}</h1>", esc(file));
        s.push_str(
            "<div class=\"bar\">filter by op name: <input id=\"filter\" placeholder=\"e.g. tensor.pack\"> \
             diff: <label><input type=\"radio\" name=\"dv\" value=\"u\" checked> unified</label> \
             <label><input type=\"radio\" name=\"dv\" value=\"s\"> side by side</label></div>\n",
        );
        for (ci, steps) in self.chunks.iter().enumerate() {
            if self.chunks.len() > 1 {
                let _ = writeln!(s, "<h2>chunk {}</h2>", ci + 1);
            }
            s.push_str("<table class=\"steps\"><tr><th>#</th><th>step</th><th>on</th><th>time</th><th>ops added / removed</th></tr>\n");
            for (i, st) in steps.iter().enumerate() {
                let delta = if i == 0 { String::new() } else { count_delta(&steps[i - 1].counts, &st.counts) };
                let time = st.elapsed.map_or(String::new(), |d| format!("{:.3} ms", d.as_secs_f64() * 1e3));
                let nest = if st.depth > 0 { "&#8627; " } else { "" };
                let _ = writeln!(
                    s,
                    "<tr><td>{i}</td><td style=\"padding-left:{:.1}em\">{nest}<a href=\"#c{ci}s{i}\">{}</a></td><td>{}</td><td>{time}</td><td>{delta}</td></tr>",
                    0.6 + 1.5 * st.depth as f64,
                    esc(&st.title),
                    esc(&st.scope)
                );
            }
            s.push_str("</table>\n");
            for (i, st) in steps.iter().enumerate() {
                let _ = writeln!(
                    s,
                    "<section id=\"c{ci}s{i}\"><h3>{i}. {} <small>{}</small></h3>",
                    esc(&st.title),
                    esc(&st.scope)
                );
                for r in &st.remarks {
                    // A failed pass's diagnostic stands out from remarks.
                    let class = if r.contains(": error: ") { "remark err" } else { "remark" };
                    let _ = writeln!(s, "<div class=\"{class}\">{}</div>", esc(r));
                }
                if !st.debug.is_empty() {
                    let _ = writeln!(
                        s,
                        "<details class=\"debug\"><summary>what the pass did ({} messages)</summary><pre>",
                        st.debug.len()
                    );
                    for line in &st.debug {
                        let _ = writeln!(s, "{}", esc(line));
                    }
                    s.push_str("</pre></details>\n");
                }
                if i > 0 {
                    let prev = &steps[i - 1].ir;
                    if *prev == st.ir {
                        s.push_str("<p class=\"same\">no change</p>\n");
                    } else {
                        s.push_str("<details open><summary>diff against the step before</summary>\n");
                        s.push_str(&diff_views(prev, &st.ir));
                        s.push_str("</details>\n");
                    }
                }
                let lines = st.ir.lines().count();
                // Folded until opened: a large module stays quick to scroll.
                let _ = writeln!(s, "<details><summary>IR after this step ({lines} lines)</summary>");
                s.push_str("<pre class=\"ir\">");
                for line in st.ir.lines() {
                    // A line that opens a region folds it when clicked.
                    let indent = line.len() - line.trim_start().len();
                    let class = if line.trim_end().ends_with('{') { "l f" } else { "l" };
                    let _ = writeln!(s, "<span class=\"{class}\" data-i=\"{indent}\">{}</span>", highlight(line));
                }
                s.push_str("</pre></details></section>\n");
            }
        }
        s.push_str("<script>");
        s.push_str(SCRIPT);
        s.push_str("</script></body></html>\n");
        s
    }
}

/// `+2 tensor.extract_slice, -1 tensor.pack`.
fn count_delta(before: &BTreeMap<String, i64>, after: &BTreeMap<String, i64>) -> String {
    let mut parts = Vec::new();
    let names: std::collections::BTreeSet<&String> = before.keys().chain(after.keys()).collect();
    for n in names {
        let d = after.get(n).copied().unwrap_or(0) - before.get(n).copied().unwrap_or(0);
        if d != 0 {
            let class = if d > 0 { "add" } else { "del" };
            parts.push(format!("<span class=\"{class}\">{d:+} {}</span>", esc(n)));
        }
    }
    parts.join(", ")
}

/// The unified and the side-by-side view of the diff (values aligned, as
/// `--mlir-print-ir-diff`); the page shows one of them.
fn diff_views(before: &str, after: &str) -> String {
    let renamed = crate::ir_diff::align_names(before, after);
    let diff = crate::ir_diff::line_diff(&renamed, after);
    let mut unified = String::from("<pre class=\"diff u\">");
    // The page never scrolls sideways: long lines scroll inside the box.
    let mut side = String::from("<div class=\"diff s\"><table class=\"sbs\">");
    for group in diff.grouped_ops(3) {
        unified.push_str("<span class=\"hunk\">@@</span>\n");
        side.push_str("<tr><td class=\"hunk\" colspan=\"2\">@@</td></tr>");
        for op in group {
            for change in diff.iter_changes(&op) {
                let text = change.value().trim_end_matches('\n');
                let (class, sign) = match change.tag() {
                    similar::ChangeTag::Delete => ("del", '-'),
                    similar::ChangeTag::Insert => ("add", '+'),
                    similar::ChangeTag::Equal => ("eq", ' '),
                };
                let _ = writeln!(unified, "<span class=\"{class}\">{sign}{}</span>", esc(text));
                let (l, r) = match change.tag() {
                    similar::ChangeTag::Delete => (esc(text), String::new()),
                    similar::ChangeTag::Insert => (String::new(), esc(text)),
                    similar::ChangeTag::Equal => (esc(text), esc(text)),
                };
                let _ = write!(side, "<tr class=\"{class}\"><td>{l}</td><td>{r}</td></tr>");
            }
        }
    }
    unified.push_str("</pre>");
    side.push_str("</table></div>");
    unified + &side
}

/// HTML-escaped `s`.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

/// One IR line, highlighted: comments, SSA values, op names, types.
fn highlight(line: &str) -> String {
    if line.trim_start().starts_with("//") {
        return format!("<span class=\"c\">{}</span>", esc(line));
    }
    let mut out = String::new();
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let start = i;
        if c == '%' || c == '^' || c == '#' {
            i += 1;
            while i < chars.len() && (chars[i].is_alphanumeric() || matches!(chars[i], '_' | '#' | '.' | '$' | '-')) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let class = if c == '%' { "v" } else { "a" };
            let _ = write!(out, "<span class=\"{class}\">{}</span>", esc(&word));
        } else if c.is_alphabetic() {
            while i < chars.len() && (chars[i].is_alphanumeric() || matches!(chars[i], '_' | '.')) {
                i += 1;
            }
            let word: String = chars[start..i].iter().collect();
            let class = if word.contains('.') && !word.ends_with('.') {
                "op"
            } else if matches!(word.as_str(), "tensor" | "memref" | "index" | "vector") || is_scalar_type(&word) {
                "t"
            } else {
                ""
            };
            if class.is_empty() {
                out.push_str(&esc(&word));
            } else {
                let _ = write!(out, "<span class=\"{class}\">{}</span>", esc(&word));
            }
        } else {
            out.push_str(&esc(&c.to_string()));
            i += 1;
        }
    }
    out
}

fn is_scalar_type(w: &str) -> bool {
    let rest = w.strip_prefix('f').or_else(|| w.strip_prefix('i')).or_else(|| w.strip_prefix("bf"));
    rest.is_some_and(|r| !r.is_empty() && r.chars().all(|c| c.is_ascii_digit()))
}

const CSS: &str = "body{font-family:sans-serif;margin:1.5em;color:#222}\
h3 small{color:#666;font-weight:normal}\
.bar{position:sticky;top:0;background:#fff;padding:.5em 0;border-bottom:1px solid #ccc;z-index:1}\
table.steps{border-collapse:collapse;margin:1em 0}table.steps td,table.steps th{border:1px solid #ccc;padding:.2em .6em;text-align:left}\
pre{background:#f7f7f7;padding:.5em;overflow-x:auto;font-size:12px;line-height:1.35}\
.l{display:block}.hide{display:none}.folded-away{display:none}\
.f{cursor:pointer}.f:hover{background:#eef}.folded::after{content:' ... }';color:#888}\
.v{color:#1a5fb4}.op{color:#a51d2d;font-weight:bold}.t{color:#26a269}.a{color:#865e3c}.c{color:#777}\
.add{background:#e6ffec}.del{background:#ffebe9}.hunk{color:#8250df}\
span.add,span.del{padding:0 .2em}\
div.diff.s{overflow-x:auto;max-width:100%;background:#f7f7f7}\
table.sbs{border-collapse:collapse;font-family:monospace;font-size:12px;min-width:100%}\
table.sbs td{white-space:pre;vertical-align:top;padding:0 .4em;width:50%;border-right:1px solid #ddd}\
table.steps td{overflow-wrap:anywhere}\
.remark{background:#fff8c5;border-left:3px solid #d4a72c;padding:.3em .6em;margin:.3em 0;font-family:monospace;font-size:12px;white-space:pre-wrap;overflow-wrap:anywhere}\
.remark.err{background:#ffebe9;border-left-color:#cf222e}\
.same{color:#666}";

const SCRIPT: &str = "\
document.querySelectorAll('pre.ir .f').forEach(function(h){h.addEventListener('click',function(){\
var d=+h.dataset.i,fold=!h.classList.contains('folded');h.classList.toggle('folded',fold);\
for(var n=h.nextElementSibling;n&&+n.dataset.i>d;n=n.nextElementSibling){n.classList.toggle('folded-away',fold);}});});\
function applyFilter(){var q=document.getElementById('filter').value.trim();\
document.querySelectorAll('pre.ir .l').forEach(function(l){l.classList.toggle('hide',q!==''&&l.textContent.indexOf(q)<0);});}\
document.getElementById('filter').addEventListener('input',applyFilter);\
function applyView(){var v=document.querySelector('input[name=dv]:checked').value;\
document.querySelectorAll('.diff.u').forEach(function(e){e.classList.toggle('hide',v!=='u');});\
document.querySelectorAll('.diff.s').forEach(function(e){e.classList.toggle('hide',v!=='s');});}\
document.querySelectorAll('input[name=dv]').forEach(function(r){r.addEventListener('change',applyView);});\
applyView();";
