//! `tessel-opt`: parse, verify, transform and print MLIR text.

/// IR work allocates many small objects (ops, maps, attribute payloads);
/// mimalloc serves them markedly faster than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(tessel::driver::main_with_args(&args));
}
