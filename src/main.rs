//! `tessel-opt`: parse, verify, transform and print MLIR text.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(tessel::driver::main_with_args(&args));
}
