//! The pass manager: textual pipelines (`builtin.module(func.func(p{a=1}))`),
//! nesting on op names, and a callback between passes (xDSL's design) that
//! gives IR dumps and verification after each pass.

use std::collections::BTreeMap;

use tessel_ir::dialects::func::ModuleOp;
use tessel_ir::{Context, Diagnostic, OpId};

/// Options given to a pass in braces: `{tile-sizes=15,3 loop=forall}`.
pub type PassOptions = BTreeMap<String, String>;

/// A transformation that runs on one op (its anchor).
pub trait Pass {
    /// The pass's registered name.
    fn name(&self) -> &'static str;
    /// The name of the class implementing the pass upstream (mlir-opt
    /// prints `IR Dump After Canonicalizer (canonicalize)`); tessel's own
    /// passes name themselves.
    fn class_name(&self) -> &'static str;
    /// Runs on `op`; errors are reported as diagnostics.
    fn run(&mut self, ctx: &mut Context, op: OpId) -> Result<(), Diagnostic>;
    /// Remarks gathered by the last runs (shown by `tessel-opt --debug`).
    fn take_remarks(&mut self) -> Vec<Diagnostic> {
        Vec::new()
    }
    /// The options as `--dump-pass-pipeline` prints them after the name
    /// (`{max-iterations=10 ...}`), if the pass prints them its own way;
    /// otherwise the options it was written with are printed.
    fn textual_options(&self) -> Option<String> {
        None
    }
    /// The pass's counters over its runs so far (`--mlir-pass-statistics`).
    fn statistics(&self) -> Vec<Statistic> {
        Vec::new()
    }
}

/// One counter of a pass, as MLIR's `Pass::Statistic`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Statistic {
    pub name: &'static str,
    pub description: &'static str,
    pub value: u64,
}

/// The `--mlir-pass-statistics` report of a pipeline that ran, as MLIR
/// prints it: nested like the pipeline (`'func.func' Pipeline`, passes by
/// class name, each counter `(S) value name - description`, sorted by
/// name), or with `list` summed per pass over the pipeline, passes sorted.
pub fn statistics_report(pipeline: &[PipelineElement], list: bool) -> String {
    let mut out = format!("==={}===\n", "-".repeat(73));
    let title = "... Pass statistics report ...";
    out.push_str(&format!("{}{title}\n", " ".repeat((80 - title.len()) / 2)));
    out.push_str(&format!("==={}===\n", "-".repeat(73)));
    // A leading `builtin.module(...)` is the pass manager itself.
    let top = match pipeline {
        [PipelineElement::Nested { anchor, elements }] if anchor == ModuleOp::NAME => elements.as_slice(),
        _ => pipeline,
    };
    if list {
        let mut merged: std::collections::BTreeMap<&'static str, Vec<Statistic>> = Default::default();
        fn add(elements: &[PipelineElement], merged: &mut std::collections::BTreeMap<&'static str, Vec<Statistic>>) {
            for e in elements {
                match e {
                    PipelineElement::Nested { elements, .. } => add(elements, merged),
                    PipelineElement::Pass(p, _) => {
                        let stats = p.statistics();
                        if stats.is_empty() {
                            continue;
                        }
                        let entry = merged.entry(p.class_name()).or_default();
                        if entry.is_empty() {
                            *entry = stats;
                        } else {
                            for (sum, s) in entry.iter_mut().zip(stats) {
                                sum.value += s.value;
                            }
                        }
                    }
                }
            }
        }
        add(top, &mut merged);
        for (name, stats) in merged {
            statistics_entry(&mut out, 2, name, stats);
        }
    } else {
        fn nested(out: &mut String, indent: usize, elements: &[PipelineElement]) {
            for e in elements {
                match e {
                    PipelineElement::Nested { anchor, elements } => {
                        statistics_entry(out, indent, &format!("'{anchor}' Pipeline"), Vec::new());
                        nested(out, indent + 2, elements);
                    }
                    PipelineElement::Pass(p, _) => statistics_entry(out, indent, p.class_name(), p.statistics()),
                }
            }
        }
        nested(&mut out, 0, top);
    }
    out.push('\n');
    out
}

/// `--dump-pass-pipeline`'s text, as mlir-opt prints it: the number of
/// top-level passes, then the pipeline anchored on `builtin.module`, one
/// element per line.
pub fn pipeline_dump(pipeline: &[PipelineElement]) -> String {
    let top = match pipeline {
        [PipelineElement::Nested { anchor, elements }] if anchor == ModuleOp::NAME => elements.as_slice(),
        _ => pipeline,
    };
    fn element(out: &mut String, indent: usize, e: &PipelineElement) {
        out.push_str(&" ".repeat(indent));
        match e {
            PipelineElement::Pass(p, opts) => {
                out.push_str(p.name());
                match p.textual_options() {
                    Some(text) => out.push_str(&text),
                    None if !opts.is_empty() => {
                        let items: Vec<String> = opts.iter().map(|(k, v)| format!("{k}={v}")).collect();
                        out.push_str(&format!("{{{}}}", items.join(" ")));
                    }
                    None => {}
                }
            }
            PipelineElement::Nested { anchor, elements } => list(out, indent, anchor, elements),
        }
    }
    fn list(out: &mut String, indent: usize, anchor: &str, elements: &[PipelineElement]) {
        out.push_str(&format!("{anchor}(\n"));
        for (i, e) in elements.iter().enumerate() {
            element(out, indent + 2, e);
            out.push_str(if i + 1 < elements.len() { ",\n" } else { "\n" });
        }
        if elements.is_empty() {
            out.push('\n');
        }
        out.push_str(&format!("{})", " ".repeat(indent)));
    }
    let mut out = format!("Pass Manager with {} passes:\n", top.len());
    list(&mut out, 0, ModuleOp::NAME, top);
    out.push_str("\n\n");
    out
}

/// One pass's lines of the report (MLIR's `printPassEntry`).
fn statistics_entry(out: &mut String, indent: usize, name: &str, mut stats: Vec<Statistic>) {
    out.push_str(&format!("{}{name}\n", " ".repeat(indent)));
    stats.sort_by(|a, b| a.name.cmp(b.name));
    let name_width = stats.iter().map(|s| s.name.len()).max().unwrap_or(0);
    let value_width = stats.iter().map(|s| s.value.to_string().len()).max().unwrap_or(0);
    for s in stats {
        out.push_str(&format!(
            "{}(S) {:>value_width$} {:<name_width$} - {}\n",
            " ".repeat(indent + 2),
            s.value,
            s.name,
            s.description
        ));
    }
}

/// A running pass's names: the one pipelines use and its class's.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PassName {
    pub name: &'static str,
    pub class: &'static str,
    /// The pass's position in the pipeline, counting passes in pre-order
    /// (nested pipelines' passes where they are written): tells apart two
    /// instances of one pass.
    pub slot: usize,
}

/// How many passes `elements` hold, nested ones included.
pub fn count_passes(elements: &[PipelineElement]) -> usize {
    elements
        .iter()
        .map(|e| match e {
            PipelineElement::Pass(..) => 1,
            PipelineElement::Nested { elements, .. } => count_passes(elements),
        })
        .sum()
}

/// A pass known by name.
pub struct PassInfo {
    /// Name used in pipelines.
    pub name: &'static str,
    /// One line for `--help`.
    pub description: &'static str,
    /// Builds the pass from its options.
    pub build: fn(&PassOptions) -> Result<Box<dyn Pass>, String>,
}

/// All passes, by name.
pub struct PassRegistry {
    passes: Vec<PassInfo>,
}

impl Default for PassRegistry {
    fn default() -> Self {
        let mut r = PassRegistry { passes: Vec::new() };
        crate::register_all(&mut r);
        r
    }
}

impl PassRegistry {
    /// Adds a pass.
    pub fn add(&mut self, info: PassInfo) {
        self.passes.push(info);
    }

    /// Finds a pass by name.
    pub fn get(&self, name: &str) -> Option<&PassInfo> {
        self.passes.iter().find(|p| p.name == name)
    }

    /// Every pass, sorted by name.
    pub fn all(&self) -> Vec<&PassInfo> {
        let mut v: Vec<_> = self.passes.iter().collect();
        v.sort_by_key(|p| p.name);
        v
    }
}

/// One element of a pipeline.
pub enum PipelineElement {
    /// `anchor(...)`: run the nested elements on every op named `anchor`
    /// (`any` matches every op) directly nested in the current op.
    Nested { anchor: String, elements: Vec<PipelineElement> },
    /// A pass, and the options it was written with.
    Pass(Box<dyn Pass>, PassOptions),
}

/// Parses a pipeline string. The outermost element names the root op
/// (`builtin.module(...)`); a bare list of passes runs on the root.
pub fn parse_pipeline(text: &str, registry: &PassRegistry) -> Result<Vec<PipelineElement>, String> {
    let mut p = PipelineParser { s: text.as_bytes(), pos: 0, registry, depth: 0 };
    let elems = p.elements()?;
    p.skip_ws();
    if p.pos != p.s.len() {
        return Err(format!("unexpected '{}' at position {} of the pass pipeline", p.s[p.pos] as char, p.pos));
    }
    Ok(elems)
}

/// The deepest nesting of op pipelines accepted (as deep as the IR
/// parser lets regions nest): deeper is an error, not a stack overflow.
const MAX_PIPELINE_NESTING: usize = 256;

struct PipelineParser<'a> {
    s: &'a [u8],
    pos: usize,
    registry: &'a PassRegistry,
    depth: usize,
}

impl PipelineParser<'_> {
    fn skip_ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn name(&mut self) -> Result<String, String> {
        self.skip_ws();
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || b"_-.".contains(&self.s[self.pos]))
        {
            self.pos += 1;
        }
        if start == self.pos {
            return Err(format!("expected a pass or op name at position {start} of the pass pipeline"));
        }
        Ok(String::from_utf8_lossy(&self.s[start..self.pos]).into_owned())
    }

    fn elements(&mut self) -> Result<Vec<PipelineElement>, String> {
        let mut out = Vec::new();
        self.skip_ws();
        if self.pos >= self.s.len() || self.s[self.pos] == b')' {
            return Ok(out);
        }
        loop {
            out.push(self.element()?);
            self.skip_ws();
            if self.pos < self.s.len() && self.s[self.pos] == b',' {
                self.pos += 1;
                continue;
            }
            return Ok(out);
        }
    }

    fn element(&mut self) -> Result<PipelineElement, String> {
        let name = self.name()?;
        self.skip_ws();
        if self.pos < self.s.len() && self.s[self.pos] == b'(' {
            self.pos += 1;
            self.depth += 1;
            if self.depth > MAX_PIPELINE_NESTING {
                return Err(format!(
                    "pass pipeline nested deeper than {MAX_PIPELINE_NESTING} levels at position {} is not supported",
                    self.pos - 1
                ));
            }
            let elements = self.elements()?;
            self.depth -= 1;
            self.skip_ws();
            if self.pos >= self.s.len() || self.s[self.pos] != b')' {
                return Err(format!("expected ')' to close '{name}(' in the pass pipeline"));
            }
            self.pos += 1;
            return Ok(PipelineElement::Nested { anchor: name, elements });
        }
        let mut opts = PassOptions::new();
        if self.pos < self.s.len() && self.s[self.pos] == b'{' {
            self.pos += 1;
            let start = self.pos;
            let mut depth = 1;
            while self.pos < self.s.len() && depth > 0 {
                match self.s[self.pos] {
                    b'{' => depth += 1,
                    b'}' => depth -= 1,
                    _ => {}
                }
                self.pos += 1;
            }
            if depth != 0 {
                return Err(format!("missing '}}' in the options of pass '{name}'"));
            }
            let body = String::from_utf8_lossy(&self.s[start..self.pos - 1]).into_owned();
            for item in body.split_whitespace() {
                match item.split_once('=') {
                    Some((k, v)) => opts.insert(k.to_string(), v.to_string()),
                    None => opts.insert(item.to_string(), "true".to_string()),
                };
            }
        }
        let Some(info) = self.registry.get(&name) else {
            return Err(format!("'{name}' does not refer to a registered pass or pass pipeline"));
        };
        let pass = (info.build)(&opts).map_err(|e| format!("invalid options for pass '{name}': {e}"))?;
        Ok(PipelineElement::Pass(pass, opts))
    }
}

/// What to do between passes.
#[derive(Clone, Debug, Default)]
pub struct Instrumentation {
    /// Verify after each pass (mlir-opt's default).
    pub verify_each: bool,
    /// Leave the verification after the pipeline's last pass to the caller,
    /// which verifies the whole root op instead (the driver does so while
    /// it prints, on a second thread).
    pub defer_final_verify: bool,
}

/// Called around every pass run: IR dumps, timing, tracing.
pub trait PassHooks {
    /// Before `pass` runs on `op`.
    fn before_pass(&mut self, _ctx: &Context, _pass: PassName, _op: OpId) {}
    /// After `pass` ran on `op` for `elapsed`.
    fn after_pass(&mut self, _ctx: &Context, _pass: PassName, _op: OpId, _elapsed: std::time::Duration) {}
    /// `pass` failed on `op` with `error` (the IR is as the pass left it).
    fn pass_failed(&mut self, _ctx: &Context, _pass: PassName, _op: OpId, _error: &Diagnostic) {}
    /// A remark a pass made.
    fn remark(&mut self, _ctx: &Context, _remark: Diagnostic) {}
    /// Verification after a pass took `elapsed`.
    fn verified(&mut self, _elapsed: std::time::Duration) {}
}

/// Hooks that do nothing.
pub struct NoHooks;

impl PassHooks for NoHooks {}

/// Runs a pipeline on a root op.
pub fn run_pipeline(
    ctx: &mut Context,
    root: OpId,
    pipeline: &mut [PipelineElement],
    inst: &Instrumentation,
    dump: &mut dyn PassHooks,
) -> Result<(), Vec<Diagnostic>> {
    // A leading `builtin.module(...)` anchors on the root itself.
    if let [PipelineElement::Nested { anchor, elements }] = pipeline {
        if ctx.op_name(root) == anchor.as_str() || anchor == "any" {
            return run_elements(ctx, root, elements, 0, inst, dump, true);
        }
        let (name, anchor) = (ctx.op_name(root).to_string(), anchor.clone());
        let loc = ctx.op_loc(root);
        return Err(vec![Diagnostic::error(loc, format!("can't run '{anchor}' pass manager on '{name}' op"))]);
    }
    run_elements(ctx, root, pipeline, 0, inst, dump, true)
}

/// `first_slot`: the slot of the first pass in `elements`; `last`: these
/// elements end the whole pipeline.
fn run_elements(
    ctx: &mut Context,
    op: OpId,
    elements: &mut [PipelineElement],
    first_slot: usize,
    inst: &Instrumentation,
    dump: &mut dyn PassHooks,
    last: bool,
) -> Result<(), Vec<Diagnostic>> {
    let n = elements.len();
    let mut slot = first_slot;
    for (i, e) in elements.iter_mut().enumerate() {
        let is_last = last && i + 1 == n;
        let here = slot;
        slot += count_passes(std::slice::from_ref(e));
        match e {
            PipelineElement::Pass(pass, _) => {
                let name = PassName { name: pass.name(), class: pass.class_name(), slot: here };
                dump.before_pass(ctx, name, op);
                let start = std::time::Instant::now();
                let _span = tracing::info_span!("pass", name = name.name).entered();
                if let Err(d) = pass.run(ctx, op) {
                    dump.pass_failed(ctx, name, op, &d);
                    return Err(vec![d]);
                }
                for r in pass.take_remarks() {
                    dump.remark(ctx, r);
                }
                dump.after_pass(ctx, name, op, start.elapsed());
                if inst.verify_each && !(is_last && inst.defer_final_verify) {
                    let start = std::time::Instant::now();
                    let vopts = tessel_ir::verifier::VerifyOptions { parallel: true, ..Default::default() };
                    let result = tessel_ir::verifier::verify(ctx, op, vopts);
                    dump.verified(start.elapsed());
                    result?;
                }
            }
            PipelineElement::Nested { anchor, elements } => {
                let mut targets = Vec::new();
                for &r in ctx.regions(op) {
                    for &b in ctx.blocks(r) {
                        for o in ctx.block_ops(b) {
                            if anchor == "any" || ctx.op_name(o) == anchor.as_str() {
                                targets.push(o);
                            }
                        }
                    }
                }
                for t in targets {
                    run_elements(ctx, t, elements, here, inst, dump, is_last)?;
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_pipelines_are_an_error_not_a_stack_overflow() {
        let registry = PassRegistry::default();
        let nest = |n: usize| format!("{}cse{}", "builtin.module(".repeat(n), ")".repeat(n));
        assert!(parse_pipeline(&nest(MAX_PIPELINE_NESTING), &registry).is_ok());
        let deep = nest(100_000);
        let err = parse_pipeline(&deep, &registry).err().expect("too deep");
        assert!(err.contains("nested deeper than 256 levels"), "{err}");
    }
}
