//! `tessel-opt`: parse, verify, transform and print MLIR text.

/// IR work allocates many small objects (ops, maps, attribute payloads);
/// mimalloc serves them markedly faster than the system allocator. Its v2
/// line (the `v2` feature) keeps a smaller footprint than v3 here: 82 vs
/// 100 MB peak on a 10k-op tiling run, at the same speed or better.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(tessel::driver::main_with_args(&args));
}
