//! `tessel-opt`: parse, verify, transform and print MLIR text.

/// IR work allocates many small objects (ops, maps, attribute payloads);
/// mimalloc serves them markedly faster than the system allocator. Its v2
/// line (the `v2` feature) keeps a smaller footprint than v3 here: 82 vs
/// 100 MB peak on a 10k-op tiling run, at the same speed or better.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

extern "C" {
    /// mimalloc's option setter (linked in by the `mimalloc` crate).
    fn mi_option_set(option: std::ffi::c_int, value: std::ffi::c_long);
}

/// `mi_option_purge_delay` in mimalloc v2's `mi_option_t` (mimalloc.h).
const MI_OPTION_PURGE_DELAY: std::ffi::c_int = 15;

fn main() {
    // Never hand freed memory back to the OS: a pass that frees and
    // reallocates (a rewrite of every op, the printer's buffers) would
    // otherwise fault the same huge pages in again, and zeroing them cost a
    // third of the time of propagation over 10k chains (0.93 s against
    // 0.55 s, the same peak memory). tessel-opt is a short-lived process;
    // its peak is what it costs.
    // SAFETY: sets a process-wide allocator option before any thread is
    // started; mimalloc reads it at each purge.
    unsafe { mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(tessel::driver::main_with_args(&args));
}
