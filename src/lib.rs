//! tessel: the `tessel-opt` driver (an mlir-opt work-alike) over the
//! tessel IR and passes.

pub mod cli;
pub mod diagnostics;
pub mod driver;
pub mod expected;
pub mod hlo_html;
pub mod input;
pub mod ir_diff;
pub mod ir_report;
pub mod layout_cli;
pub mod layout_mlir;
pub mod output;
pub mod pass_hooks;
pub mod roundtrip;
pub mod run;
pub mod timing;
#[cfg(feature = "mlir")]
pub mod with_mlir;
