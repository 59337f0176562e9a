//! Every helper thread tessel uses, behind one switch.
//!
//! The IR core is single-threaded. Three things can use a second core when
//! there is one and the input is large: faulting in the pages of the
//! printer's buffer ahead of use ([`Prefetch`]), verifying the two halves of
//! a large block, and printing them ([`join`]) when the text streams out
//! (text built whole in memory is printed on one thread: see
//! `printer::print_op_top_parts`). (The arena no longer faults
//! its next chunk in on a helper: one thread per chunk gained nothing
//! steady; see `arena.rs`.)
//! Each produces the same result as doing the work in order; the switch
//! ([`set_mode`]) only decides whether a second thread is used.

use std::sync::atomic::{AtomicU8, Ordering};
use std::thread::JoinHandle;

/// When helper threads are used.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// When the machine has a second core (the default).
    Auto,
    /// Never (`--mlir-disable-threading`).
    Off,
}

static MODE: AtomicU8 = AtomicU8::new(0);

/// Sets when helper threads are used (for the whole process).
pub fn set_mode(mode: Mode) {
    MODE.store(matches!(mode, Mode::Off) as u8, Ordering::Relaxed);
}

/// Whether helper threads are used now: the switch is on and a second
/// core is there (asked once: the standard library reads cgroup files).
pub fn enabled() -> bool {
    static SECOND_CORE: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    MODE.load(Ordering::Relaxed) == 0
        && *SECOND_CORE.get_or_init(|| std::thread::available_parallelism().is_ok_and(|n| n.get() > 1))
}

/// Runs `a` here and `b` on a second thread (or after `a` when threads are
/// off), returning both results.
pub fn join<A: Send, B: Send>(a: impl FnOnce() -> A + Send, b: impl FnOnce() -> B + Send) -> (A, B) {
    if !enabled() {
        let ra = a();
        return (ra, b());
    }
    std::thread::scope(|s| {
        let other = s.spawn(b);
        let ra = a();
        (ra, other.join().expect("helper thread panicked"))
    })
}

/// A value being made ahead of use on another thread.
#[derive(Debug, Default)]
pub struct Prefetch<T> {
    pending: Option<JoinHandle<T>>,
}

impl<T: Send + 'static> Prefetch<T> {
    /// The prefetched value, if one was started; waits for it.
    pub fn take(&mut self) -> Option<T> {
        self.pending.take().and_then(|h| h.join().ok())
    }

    /// A value made by `make` on another thread, when threads are on.
    pub fn spawn_with<F: FnOnce() -> T + Send + 'static>(make: F) -> Prefetch<T> {
        Prefetch { pending: enabled().then(|| std::thread::spawn(make)) }
    }
}
