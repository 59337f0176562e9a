//! libFuzzer target: see `bodies::parse_mlir`.
#![no_main]

#[path = "bodies.rs"]
#[allow(dead_code)]
mod bodies;

libfuzzer_sys::fuzz_target!(|data: &[u8]| bodies::parse_mlir(data));
