//! The engine's memory budget.
//!
//! Every tensor's storage is counted while it lives, and an allocation
//! that would take the live total past the limit is refused before it is
//! made: `--run` on a tensor too large for the machine is a diagnostic at
//! the op, not an abort in the allocator or a kill by the kernel a minute
//! later (zeroed pages are mapped lazily, so without a check a 40 TB fill
//! runs until the machine is out of memory).
//!
//! The budget is per thread: the engine runs one call on one thread, and
//! tests running engines side by side do not share (or exhaust) one
//! budget. Sizes are computed with checked arithmetic; a size that does not
//! fit in 64 bits is refused like one over the limit.

use std::cell::Cell;
use std::fmt;

use crate::elem::ElemType;

thread_local! {
    static LIVE: Cell<u64> = const { Cell::new(0) };
    static LIMIT: Cell<u64> = const { Cell::new(u64::MAX) };
}

/// The most bytes of tensor storage this thread's engine may hold at once
/// (`u64::MAX`: no limit, the default).
pub fn limit() -> u64 {
    LIMIT.with(Cell::get)
}

/// Sets this thread's limit; returns the previous one.
pub fn set_limit(bytes: u64) -> u64 {
    LIMIT.with(|l| l.replace(bytes))
}

/// Bytes of tensor storage alive on this thread now.
pub fn live() -> u64 {
    LIVE.with(Cell::get)
}

/// The memory the system reports as available (`MemAvailable` of
/// `/proc/meminfo`), if it says.
pub fn system_available() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// Reserves `bytes` against the limit (`None`: the size overflowed).
pub(crate) fn reserve(bytes: Option<u64>) -> Result<(), Refused> {
    let (live, limit) = (live(), limit());
    match bytes {
        Some(b) if live.checked_add(b).is_some_and(|total| total <= limit) => {
            LIVE.with(|l| l.set(live + b));
            Ok(())
        }
        _ => Err(Refused { bytes, live, limit }),
    }
}

/// Gives back `bytes` reserved earlier (saturating: storage freed on
/// another thread than the one that made it is not counted twice).
pub(crate) fn release(bytes: u64) {
    LIVE.with(|l| l.set(l.get().saturating_sub(bytes)));
}

/// An allocation the budget (or the system allocator) refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refused {
    /// The bytes asked for (`None`: more than fit in 64 bits).
    pub bytes: Option<u64>,
    /// Bytes already live when it was asked for.
    pub live: u64,
    /// The limit in force.
    pub limit: u64,
}

/// A tensor the engine could not allocate: its type and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocError {
    pub shape: Vec<usize>,
    pub elem: ElemType,
    pub refused: Refused,
}

/// The bytes a tensor of `shape` and `elem` holds (`None` on overflow).
pub fn tensor_bytes(shape: &[usize], elem: ElemType) -> Option<u64> {
    shape.iter().try_fold(elem.size() as u64, |acc, d| acc.checked_mul(*d as u64))
}

/// `tensor<2x3xf32>`.
pub fn tensor_type_name(shape: &[usize], elem: ElemType) -> String {
    let mut s = String::from("tensor<");
    for d in shape {
        s.push_str(&format!("{d}x"));
    }
    s.push_str(elem.mlir_name());
    s.push('>');
    s
}

/// `40000000000000 bytes (36.4 TiB)`.
pub fn human_bytes(bytes: u64) -> String {
    const UNITS: [&str; 6] = ["KiB", "MiB", "GiB", "TiB", "PiB", "EiB"];
    if bytes < 1024 {
        return format!("{bytes} bytes");
    }
    let mut v = bytes as f64 / 1024.0;
    let mut unit = 0;
    while v >= 1024.0 && unit + 1 < UNITS.len() {
        v /= 1024.0;
        unit += 1;
    }
    format!("{bytes} bytes ({v:.1} {})", UNITS[unit])
}

impl fmt::Display for AllocError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ty = tensor_type_name(&self.shape, self.elem);
        let Refused { bytes, live, limit } = self.refused;
        match bytes {
            None => write!(f, "{ty} needs more than 2^64 bytes")?,
            Some(b) => write!(f, "{ty} needs {}", human_bytes(b))?,
        }
        if limit == u64::MAX {
            // No limit was set: the system allocator said no.
            return write!(f, ", and the system could not allocate them");
        }
        write!(f, ", over the engine's memory limit of {}", human_bytes(limit))?;
        if live > 0 {
            write!(f, " with {} already live", human_bytes(live))?;
        }
        write!(f, " (--run-memory-limit=SIZE sets the limit)")
    }
}

impl From<AllocError> for String {
    fn from(e: AllocError) -> String {
        e.to_string()
    }
}

impl From<AllocError> for crate::RunError {
    fn from(e: AllocError) -> crate::RunError {
        crate::RunError { loc: None, message: e.to_string() }
    }
}

/// Parses a size: bytes, or a number with `K`, `M`, `G`, `T` (powers of
/// 1024, an optional `B` or `iB` after them), e.g. `256M`, `1.5GiB`.
pub fn parse_size(s: &str) -> Option<u64> {
    let t = s.trim();
    let split = t.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(t.len());
    let (num, unit) = t.split_at(split);
    let scale: u64 = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        _ => return None,
    };
    if num.is_empty() {
        return None;
    }
    if let Ok(n) = num.parse::<u64>() {
        return n.checked_mul(scale);
    }
    let v: f64 = num.parse().ok()?;
    let bytes = v * scale as f64;
    (bytes.is_finite() && bytes < u64::MAX as f64).then_some(bytes as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_parse_with_binary_units() {
        assert_eq!(parse_size("256M"), Some(256 << 20));
        assert_eq!(parse_size("1.5GiB"), Some(3 << 29));
        assert_eq!(parse_size("4096"), Some(4096));
        assert_eq!(parse_size("2t"), Some(2 << 40));
        assert_eq!(parse_size("lots"), None);
        assert_eq!(parse_size("M"), None);
        assert_eq!(parse_size("99999999999999999999"), None);
        assert_eq!(parse_size("20000000T"), None);
    }

    #[test]
    fn the_budget_refuses_past_the_limit_and_overflow() {
        let old = set_limit(1000);
        let base = live();
        assert!(reserve(Some(600)).is_ok());
        let err = reserve(Some(600)).unwrap_err();
        assert_eq!(err, Refused { bytes: Some(600), live: base + 600, limit: 1000 });
        assert!(reserve(None).is_err());
        release(600);
        assert_eq!(live(), base);
        set_limit(old);
        assert_eq!(tensor_bytes(&[usize::MAX, 2], ElemType::F32), None);
        assert_eq!(tensor_bytes(&[3, 5], ElemType::F32), Some(60));
        let e = AllocError {
            shape: vec![100000, 100000, 1000],
            elem: ElemType::F32,
            refused: Refused { bytes: Some(40_000_000_000_000), live: 0, limit: 1 << 30 },
        };
        assert_eq!(
            e.to_string(),
            "tensor<100000x100000x1000xf32> needs 40000000000000 bytes (36.4 TiB), over the engine's memory \
             limit of 1073741824 bytes (1.0 GiB) (--run-memory-limit=SIZE sets the limit)"
        );
    }
}
