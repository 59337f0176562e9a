//! Test helpers shared by tessel's crates, in one place: the lit file
//! listing, a small seeded RNG and the byte-level mutation fuzzer.

use std::path::{Path, PathBuf};

/// The `.mlir` files under `dir` (recursively, sorted; `Inputs` and
/// `Output` directories left out).
pub fn lit_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    collect(dir, &mut out);
    out
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir).expect("lit dir").flatten().map(|e| e.path()).collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            if p.file_name().is_some_and(|n| n != "Inputs" && n != "Output") {
                collect(&p, out);
            }
        } else if p.extension().is_some_and(|e| e == "mlir") {
            out.push(p);
        }
    }
}

/// The repository's `lit/` directory.
pub fn lit_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../lit")
}

/// xorshift64: reproducible from its seed, good enough to pick mutations.
#[derive(Clone, Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next raw value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A value in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }
}

/// The seed of a fuzz run: `TESSEL_FUZZ_SEED`, else the clock for a timed
/// run (`long`), else `fixed`.
pub fn fuzz_seed(long: bool, fixed: u64) -> u64 {
    std::env::var("TESSEL_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(if long {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_nanos() as u64).unwrap_or(1) | 1
    } else {
        fixed
    })
}

/// Mutates text for fuzzing: each round deletes a few bytes, inserts one
/// of `pieces`, truncates, or overwrites a byte with one of `bytes`.
pub struct Mutator {
    pub pieces: &'static [&'static str],
    pub bytes: &'static [u8],
}

impl Mutator {
    /// `text` after `rounds` mutations.
    pub fn mutate(&self, text: &str, rng: &mut Rng, rounds: usize) -> String {
        let mut s: Vec<u8> = text.as_bytes().to_vec();
        for _ in 0..rounds {
            let pos = rng.below(s.len() + 1);
            match rng.below(4) {
                0 => {
                    let end = (pos + 1 + rng.below(8)).min(s.len());
                    s.drain(pos.min(s.len())..end);
                }
                1 => {
                    let p = self.pieces[rng.below(self.pieces.len())].as_bytes();
                    s.splice(pos..pos, p.iter().copied());
                }
                2 => s.truncate(pos),
                _ => {
                    if !s.is_empty() {
                        let i = rng.below(s.len());
                        s[i] = self.bytes[rng.below(self.bytes.len())];
                    }
                }
            }
        }
        String::from_utf8_lossy(&s).into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_the_lit_suite() {
        let files = lit_files(&lit_dir());
        assert!(files.len() >= 8);
        assert!(files.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn mutation_is_reproducible_and_changes_text() {
        let m = Mutator { pieces: &["%", "{"], bytes: b"#" };
        let text = "func.func @f() { return }";
        let a = m.mutate(text, &mut Rng(7), 3);
        assert_eq!(a, m.mutate(text, &mut Rng(7), 3));
        assert!((1..50).map(|s| m.mutate(text, &mut Rng(s), 2)).any(|t| t != text));
    }
}
