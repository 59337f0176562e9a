//! Replays the libFuzzer corpus kept in `fuzz/corpus/` (what `cargo fuzz`
//! found interesting: every input that reached new code) through the same
//! bodies the fuzz targets run, so `cargo test` guards what the fuzzers
//! explored without needing libFuzzer.

#[path = "../fuzz/fuzz_targets/bodies.rs"]
mod bodies;

fn replay(target: &str, body: fn(&[u8])) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut count = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("corpus entry").path();
        body(&std::fs::read(&path).expect("corpus file"));
        count += 1;
    }
    assert!(count >= 20, "{target}: only {count} corpus inputs");
}

#[test]
fn parse_mlir_corpus() {
    replay("parse_mlir", bodies::parse_mlir);
}

#[test]
fn parse_layout_corpus() {
    replay("parse_layout", bodies::parse_layout);
}

#[test]
fn filecheck_corpus() {
    replay("filecheck", bodies::filecheck);
}
