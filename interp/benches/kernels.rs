//! Data movement at memory speed: a plain 64 MiB memcpy beside pack and
//! unpack of f32 4096x4096 (64 MiB) with 8x128 inner tiles, the same with a
//! transposed inner tile (`inner_dims_pos = [1, 0]`), and the bf16 TPU chain
//! of `bf16[4096,4096]{1,0:T(8,128)(2,1)}` (two packs, as `tessel-layout
//! mlir` lowers it) and its two unpacks back. "warm" reuses the output
//! buffer; "cold" allocates it in every iteration (page faults included),
//! as a fresh tensor would.
//!
//! `cargo bench -p tessel-interp --bench kernels`; throughput is reported
//! in bytes of the tensor per second.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;
use tessel_interp::pack::{pack_into, unpack_into, PackSpec};
use tessel_interp::{ElemType, Tensor};

const N: usize = 4096;

fn spec(pos: [usize; 2], tiles: [usize; 2]) -> PackSpec {
    PackSpec { inner_dims_pos: pos.to_vec(), inner_tiles: tiles.to_vec(), outer_dims_perm: vec![] }
}

fn kernels(c: &mut Criterion) {
    let mut g = c.benchmark_group("data_movement");
    g.sample_size(10);
    let bytes = (N * N * 4) as u64;
    g.throughput(Throughput::Bytes(bytes));

    let src = vec![1u8; bytes as usize];
    let mut dst = vec![0u8; bytes as usize];
    g.bench_function("memcpy/warm", |b| b.iter(|| dst.copy_from_slice(black_box(&src))));
    g.bench_function("memcpy/cold", |b| {
        b.iter(|| {
            let mut fresh = vec![0u8; src.len()];
            fresh.copy_from_slice(black_box(&src));
            fresh
        })
    });

    let x = Tensor::iota(vec![N, N], ElemType::F32);
    for (name, s) in [("8x128", spec([0, 1], [8, 128])), ("8x128_transposed", spec([1, 0], [8, 128]))] {
        let packed_shape = s.packed_shape(&x.shape);
        let mut packed = Tensor::zeros(packed_shape.clone(), ElemType::F32);
        g.bench_with_input(BenchmarkId::new("pack/warm", name), &s, |b, s| {
            b.iter(|| pack_into(black_box(&x), s, None, &mut packed).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("pack/cold", name), &s, |b, s| {
            b.iter(|| {
                let mut out = Tensor::zeros(packed_shape.clone(), ElemType::F32);
                pack_into(black_box(&x), s, None, &mut out).unwrap();
                out
            })
        });
        let mut back = Tensor::zeros(vec![N, N], ElemType::F32);
        g.bench_with_input(BenchmarkId::new("unpack/warm", name), &s, |b, s| {
            b.iter(|| unpack_into(black_box(&packed), s, &mut back).unwrap())
        });
        g.bench_with_input(BenchmarkId::new("unpack/cold", name), &s, |b, s| {
            b.iter(|| {
                let mut out = Tensor::zeros(vec![N, N], ElemType::F32);
                unpack_into(black_box(&packed), s, &mut out).unwrap();
                out
            })
        });
    }

    // bf16[4096,4096]{1,0:T(8,128)(2,1)}: 32 MiB.
    g.throughput(Throughput::Bytes(bytes / 2));
    let y = Tensor::iota(vec![N, N], ElemType::BF16);
    let (first, second) = (spec([0, 1], [8, 128]), spec([2, 3], [2, 1]));
    let mid_shape = first.packed_shape(&y.shape);
    let mut mid = Tensor::zeros(mid_shape.clone(), ElemType::BF16);
    let mut out = Tensor::zeros(second.packed_shape(&mid_shape), ElemType::BF16);
    g.bench_function("tpu_chain_bf16/warm", |b| {
        b.iter(|| {
            pack_into(black_box(&y), &first, None, &mut mid).unwrap();
            pack_into(&mid, &second, None, &mut out).unwrap();
        })
    });
    // And back: the two unpacks in reverse order (reading a result out of
    // the layout).
    let mut back = Tensor::zeros(vec![N, N], ElemType::BF16);
    g.bench_function("tpu_chain_bf16_unpack/warm", |b| {
        b.iter(|| {
            unpack_into(black_box(&out), &second, &mut mid).unwrap();
            unpack_into(&mid, &first, &mut back).unwrap();
        })
    });
    g.finish();
}

criterion_group!(benches, kernels);
criterion_main!(benches);
