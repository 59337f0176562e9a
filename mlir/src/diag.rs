//! MLIR's diagnostics, owned and turned into tessel's.
//!
//! A diagnostic MLIR reports lives only as long as its handler call; the
//! bridge copies it into an [`MlirDiagnostic`] at once (message, severity,
//! the whole location tree, notes). [`MlirDiagnostic::to_tessel`] then
//! rebuilds the location in a tessel [`Context`], so MLIR's complaints
//! print exactly like tessel's own: `file:line:col: error: message`, with
//! the source line when the location is in the input file.

use tessel_ir::location::LocKind;
use tessel_ir::{Context, Diagnostic, Loc, Severity};

/// A location as MLIR reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MlirLoc {
    Unknown,
    FileLineCol { file: String, line: u32, col: u32 },
    Name { name: String, child: Option<Box<MlirLoc>> },
    CallSite { callee: Box<MlirLoc>, caller: Box<MlirLoc> },
    Fused(Vec<MlirLoc>),
}

/// A diagnostic as MLIR reported it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MlirDiagnostic {
    pub severity: Severity,
    pub loc: MlirLoc,
    pub message: String,
    pub notes: Vec<MlirDiagnostic>,
}

impl MlirLoc {
    /// The same location in `ctx`.
    pub fn to_tessel(&self, ctx: &mut Context) -> Loc {
        let kind = match self {
            MlirLoc::Unknown => return ctx.unknown_loc(),
            MlirLoc::FileLineCol { file, line, col } => {
                LocKind::FileLineCol { file: ctx.sym(file), line: *line, col: *col }
            }
            MlirLoc::Name { name, child } => {
                let child = child.as_ref().map(|c| c.to_tessel(ctx));
                LocKind::Name { name: ctx.sym(name), child }
            }
            MlirLoc::CallSite { callee, caller } => {
                LocKind::CallSite { callee: callee.to_tessel(ctx), caller: caller.to_tessel(ctx) }
            }
            MlirLoc::Fused(locs) => LocKind::fused(locs.iter().map(|l| l.to_tessel(ctx)).collect(), None),
        };
        ctx.loc(kind)
    }
}

impl MlirDiagnostic {
    /// The same diagnostic, its location rebuilt in `ctx`; `prefix` goes
    /// before the message (for example "MLIR: ").
    pub fn to_tessel(&self, ctx: &mut Context, prefix: &str) -> Diagnostic {
        let loc = self.loc.to_tessel(ctx);
        let mut d = Diagnostic::error(loc, format!("{prefix}{}", self.message));
        d.severity = self.severity;
        for n in &self.notes {
            let loc = n.loc.to_tessel(ctx);
            d = d.with_note(loc, n.message.clone());
        }
        d
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tessel_ir::diag::render;

    #[test]
    fn locations_come_back_as_tessel_renders_them() {
        let mut ctx = Context::new();
        let d = MlirDiagnostic {
            severity: Severity::Error,
            loc: MlirLoc::Name {
                name: "tile".into(),
                child: Some(Box::new(MlirLoc::FileLineCol { file: "in.mlir".into(), line: 3, col: 7 })),
            },
            message: "'linalg.pack' op bad".into(),
            notes: vec![MlirDiagnostic {
                severity: Severity::Note,
                loc: MlirLoc::Unknown,
                message: "see current operation".into(),
                notes: vec![],
            }],
        };
        let t = d.to_tessel(&mut ctx, "MLIR: ");
        let text = render(&ctx, &t, Some(("in.mlir", "a\nb\n  %0 = x\n")));
        assert_eq!(
            text,
            "in.mlir:3:7: error: MLIR: 'linalg.pack' op bad\n  %0 = x\n      ^\nloc(unknown): note: see current operation\n"
        );
    }
}
