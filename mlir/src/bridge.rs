//! The in-process bridge: tessel IR into a melior [`Module`] and back,
//! MLIR's verifier and pass pipelines, with MLIR's diagnostics captured.
//!
//! The conversion goes through MLIR's textual form, which tessel prints
//! and parses exactly (pack/unpack spelled `linalg.` for MLIR 22, every
//! location printed, so `file:line:col` survives both ways). That keeps
//! the bridge independent of melior's op builders and exact for every op
//! tessel knows.

use std::sync::{Arc, Mutex};

use melior::diagnostic::{Diagnostic as RawDiagnostic, DiagnosticSeverity};
use melior::dialect::DialectRegistry;
use melior::ir::operation::{OperationLike, OperationPrintingFlags};
use melior::ir::{Location, Module};
use melior::pass::PassManager;
use melior::utility::{
    parse_pass_pipeline, register_all_dialects, register_all_llvm_translations, register_all_passes,
};
use tessel_ir::parser::{parse_module, BufferStart};
use tessel_ir::printer::{print_op_top, PackSpelling, PrintOptions};
use tessel_ir::{Context, OpId, Severity};

use crate::diag::{MlirDiagnostic, MlirLoc};

/// The name tessel gives the text it hands to MLIR, in diagnostics about
/// that text.
pub const TEXT_FOR_MLIR: &str = "<tessel output for MLIR>";

/// What MLIR names a string buffer it parses.
const MLIR_BUFFER_NAME: &str = "-";

/// A melior context with every upstream dialect, pass and LLVM translation
/// registered, and a diagnostic handler that keeps what MLIR reports.
pub struct Mlir {
    context: melior::Context,
    reported: Arc<Mutex<Vec<MlirDiagnostic>>>,
}

/// How [`Mlir::print`] writes a module.
#[derive(Copy, Clone, Debug, Default)]
pub struct MlirPrint {
    /// `--mlir-print-debuginfo`.
    pub debug_info: bool,
    /// `--mlir-print-op-generic`.
    pub generic: bool,
}

impl Default for Mlir {
    fn default() -> Self {
        Self::new()
    }
}

impl Mlir {
    /// A fresh MLIR context. Dialects load on demand, as in mlir-opt.
    pub fn new() -> Mlir {
        let registry = DialectRegistry::new();
        register_all_dialects(&registry);
        let context = melior::Context::new();
        context.append_dialect_registry(&registry);
        register_all_llvm_translations(&context);
        register_all_passes();
        let reported: Arc<Mutex<Vec<MlirDiagnostic>>> = Arc::default();
        let sink = reported.clone();
        context.attach_diagnostic_handler(move |d| {
            if let Ok(mut v) = sink.lock() {
                v.push(owned(&d));
            }
            true
        });
        Mlir { context, reported }
    }

    /// The melior context, for callers that build or inspect MLIR IR
    /// themselves.
    pub fn context(&self) -> &melior::Context {
        &self.context
    }

    /// What MLIR reported since the last call.
    pub(crate) fn take_reported(&self) -> Vec<MlirDiagnostic> {
        self.reported.lock().map(|mut v| std::mem::take(&mut *v)).unwrap_or_default()
    }

    /// The diagnostics of a failed MLIR call; `what` describes the failure
    /// when MLIR reported nothing.
    fn failure(&self, what: &str, text: Option<&str>) -> Vec<MlirDiagnostic> {
        let mut ds = self.take_reported();
        if ds.is_empty() {
            ds.push(MlirDiagnostic {
                severity: Severity::Error,
                loc: MlirLoc::Unknown,
                message: what.to_string(),
                notes: vec![],
            });
        }
        if let Some(text) = text {
            for d in &mut ds {
                name_text_positions(d, text);
            }
        }
        ds
    }

    /// Parses (and verifies, as MLIR's parser does) MLIR text.
    pub fn parse(&self, text: &str) -> Result<Module<'_>, Vec<MlirDiagnostic>> {
        self.take_reported();
        Module::parse(&self.context, text).ok_or_else(|| self.failure("MLIR could not parse the module", Some(text)))
    }

    /// tessel's `op` (a module) as an MLIR module, every location kept.
    pub fn import(&self, ctx: &Context, op: OpId) -> Result<Module<'_>, Vec<MlirDiagnostic>> {
        self.parse(&text_for_mlir(ctx, op))
    }

    /// Runs MLIR's verifier on `module` (one built or changed by the caller:
    /// [`Mlir::parse`] and [`Mlir::import`] already verify what they parse).
    pub fn verify(&self, module: &Module) -> Result<(), Vec<MlirDiagnostic>> {
        self.take_reported();
        if module.as_operation().verify() {
            Ok(())
        } else {
            Err(self.failure("MLIR's verifier failed without a diagnostic", None))
        }
    }

    /// Runs an upstream pass pipeline on `module`. The pipeline is
    /// mlir-opt's `--pass-pipeline` text; a bare list of passes is anchored
    /// on `builtin.module`.
    pub fn run_pipeline(&self, module: &mut Module, pipeline: &str) -> Result<(), Vec<MlirDiagnostic>> {
        self.take_reported();
        let manager = self.parse_pipeline(pipeline)?;
        manager.run(module).map_err(|_| self.failure("an MLIR pass failed without a diagnostic", None))
    }

    /// Checks that `pipeline` names upstream passes with valid options.
    pub fn check_pipeline(&self, pipeline: &str) -> Result<(), Vec<MlirDiagnostic>> {
        self.parse_pipeline(pipeline).map(drop)
    }

    fn parse_pipeline(&self, pipeline: &str) -> Result<PassManager<'_>, Vec<MlirDiagnostic>> {
        let anchored = anchor(pipeline);
        let manager = PassManager::new(&self.context);
        parse_pass_pipeline(manager.as_operation_pass_manager(), &anchored).map_err(|e| {
            let message = match e {
                melior::Error::ParsePassPipeline(m) => m,
                other => other.to_string(),
            };
            vec![MlirDiagnostic {
                severity: Severity::Error,
                loc: MlirLoc::Unknown,
                message: format!("invalid MLIR pass pipeline '{anchored}': {}", message.trim_end()),
                notes: vec![],
            }]
        })?;
        Ok(manager)
    }

    /// MLIR's own text of `module`.
    pub fn print(&self, module: &Module, how: MlirPrint) -> String {
        let mut flags = OperationPrintingFlags::new();
        if how.debug_info {
            flags = flags.enable_debug_info(true, false);
        }
        if how.generic {
            flags = flags.print_generic_operation_form();
        }
        module.as_operation().to_string_with_flags(flags).unwrap_or_else(|_| module.as_operation().to_string())
    }

    /// `module` as tessel IR in `ctx`, every location kept. Fails, with
    /// tessel's diagnostic, when the module holds ops tessel does not know
    /// (unless `ctx` allows unregistered ops).
    pub fn export(&self, module: &Module, ctx: &mut Context) -> Result<OpId, tessel_ir::Diagnostic> {
        let text = self.print(module, MlirPrint { debug_info: true, generic: false });
        parse_module(ctx, &text, "<mlir>", BufferStart::default()).map(|p| p.module)
    }
}

/// The text tessel hands to MLIR for `op`: its custom form with every
/// location, pack/unpack spelled `linalg.`.
pub fn text_for_mlir(ctx: &Context, op: OpId) -> String {
    print_op_top(ctx, op, PrintOptions { debug_info: true, pack_spelling: PackSpelling::Linalg, ..Default::default() })
}

/// `builtin.module(...)` around a pipeline that has no anchor.
fn anchor(pipeline: &str) -> String {
    let p = pipeline.trim();
    if p.starts_with("builtin.module(") {
        p.to_string()
    } else {
        format!("builtin.module({p})")
    }
}

/// Positions MLIR reports inside the text tessel gave it (a buffer MLIR
/// names "-") get a name and, as a note, the line they point at.
pub(crate) fn name_text_positions(d: &mut MlirDiagnostic, text: &str) {
    if let MlirLoc::FileLineCol { file, line, .. } = &mut d.loc {
        if file == MLIR_BUFFER_NAME {
            *file = TEXT_FOR_MLIR.to_string();
            if let Some(src) = text.lines().nth((*line as usize).saturating_sub(1)) {
                let note = MlirDiagnostic {
                    severity: Severity::Note,
                    loc: d.loc.clone(),
                    message: format!("the line MLIR rejected: {}", src.trim()),
                    notes: vec![],
                };
                d.notes.insert(0, note);
            }
        }
    }
    for n in &mut d.notes {
        if let MlirLoc::FileLineCol { file, .. } = &mut n.loc {
            if file == MLIR_BUFFER_NAME {
                *file = TEXT_FOR_MLIR.to_string();
            }
        }
    }
}

/// Copies a diagnostic out of MLIR's handler call.
fn owned(d: &RawDiagnostic) -> MlirDiagnostic {
    MlirDiagnostic {
        severity: match d.severity() {
            DiagnosticSeverity::Error => Severity::Error,
            DiagnosticSeverity::Warning => Severity::Warning,
            DiagnosticSeverity::Note => Severity::Note,
            DiagnosticSeverity::Remark => Severity::Remark,
        },
        loc: owned_loc(d.location()),
        message: d.to_string(),
        notes: (0..d.note_count()).filter_map(|i| d.note(i).ok()).map(|n| owned(&n)).collect(),
    }
}

fn owned_loc(l: Location) -> MlirLoc {
    let text = |id: melior::ir::Identifier| id.as_string_ref().as_str().unwrap_or_default().to_string();
    if l.is_file_line_col_range() {
        MlirLoc::FileLineCol {
            file: text(l.file_line_col_range_filename()),
            line: l.file_line_col_range_start_line() as u32,
            col: l.file_line_col_range_start_column() as u32,
        }
    } else if l.is_name() {
        let child = owned_loc(l.name_child_location());
        let child = (child != MlirLoc::Unknown).then(|| Box::new(child));
        MlirLoc::Name { name: text(l.name_value()), child }
    } else if l.is_call_site() {
        MlirLoc::CallSite {
            callee: Box::new(owned_loc(l.call_site_callee())),
            caller: Box::new(owned_loc(l.call_site_caller())),
        }
    } else if l.is_fused() {
        MlirLoc::Fused((0..l.fused_num_locations()).map(|i| owned_loc(l.fused_location(i))).collect())
    } else {
        MlirLoc::Unknown
    }
}
