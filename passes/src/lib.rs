//! tessel-passes: the pass manager and transformations over the tessel IR.

mod block_pack_matmul;
pub mod bufferize;
pub mod canonicalize;
pub mod codegen;
pub mod consumer_fusion;
pub mod cse;
pub mod data_layout_propagation;
mod erase_schedule;
mod freeze_poison;
pub mod fusion;
pub mod generalize;
mod inline;
mod licm;
mod linalg_to_loops;
pub mod loop_peel;
pub mod lower_pack;
pub mod manager;
pub mod materialize_layouts;
pub mod pack_folds;
pub mod packing;
mod region_simplify;
mod remove_dead_values;
mod sccp;
mod scf_loop_canonicalization;
mod strip_debuginfo;
mod symbol_dce;
mod test_patterns;
mod tile_pack_unpack;
pub mod tiling;
mod transform_interpreter;
mod transform_library;
mod transform_loop_ops;
mod transform_pack_ops;
pub mod vector_passes;
pub mod vectorize;
pub mod view_op_graph;

pub use manager::{
    parse_pipeline, pipeline_dump, run_pipeline, statistics_report, Instrumentation, NoHooks, Pass, PassHooks,
    PassInfo, PassName, PassOptions, PassRegistry, Statistic,
};

/// Registers every pass tessel has.
pub fn register_all(r: &mut PassRegistry) {
    r.add(block_pack_matmul::INFO);
    r.add(bufferize::INFO);
    r.add(bufferize::hoisting::INFO);
    r.add(bufferize::drop_results::INFO);
    r.add(bufferize::dealloc::OWNERSHIP_INFO);
    r.add(bufferize::dealloc::SIMPLIFICATION_INFO);
    r.add(bufferize::dealloc::LOWER_INFO);
    r.add(bufferize::dealloc::PIPELINE_INFO);
    r.add(bufferize::placement::HOISTING_INFO);
    r.add(bufferize::placement::PROMOTE_INFO);
    r.add(bufferize::bound_allocs::INFO);
    r.add(bufferize::empty_elimination::INFO);
    r.add(canonicalize::INFO);
    r.add(codegen::MOVEMENT_INFO);
    r.add(codegen::compose::INFO);
    r.add(codegen::PIPELINE_INFO);
    r.add(cse::INFO);
    r.add(erase_schedule::INFO);
    r.add(freeze_poison::INFO);
    r.add(generalize::INFO);
    r.add(linalg_to_loops::INFO);
    r.add(inline::INFO);
    r.add(lower_pack::INFO);
    r.add(materialize_layouts::INFO);
    r.add(remove_dead_values::INFO);
    r.add(sccp::INFO);
    r.add(scf_loop_canonicalization::INFO);
    r.add(strip_debuginfo::INFO);
    r.add(symbol_dce::INFO);
    r.add(licm::INFO);
    r.add(test_patterns::INFO);
    r.add(test_patterns::DATA_LAYOUT_PROPAGATION_INFO);
    r.add(test_patterns::PROPAGATION_INFO);
    r.add(tile_pack_unpack::INFO);
    r.add(transform_interpreter::INFO);
    r.add(transform_library::INFO);
    r.add(vector_passes::LOWER_MULTI_REDUCTION);
    r.add(vector_passes::LOWER_MASK);
    r.add(vector_passes::CONVERT_VECTOR_TO_SCF);
    r.add(view_op_graph::INFO);
}

/// Fails when a pass got an option it does not know.
pub fn reject_unknown_options(opts: &PassOptions, known: &[&str]) -> Result<(), String> {
    match opts.keys().find(|k| !known.contains(&k.as_str())) {
        Some(k) => Err(format!("no such option '{k}'")),
        None => Ok(()),
    }
}
