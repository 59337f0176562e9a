//! `tessel-layout`: see `tessel::layout_cli`.

fn main() {
    std::process::exit(tessel::layout_cli::main_with(std::env::args().collect()));
}
