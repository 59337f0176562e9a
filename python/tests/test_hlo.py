"""tessel.hlo_report: rows, causes and fixes, the page, pandas."""

import subprocess
from pathlib import Path

import pytest

import tessel
from tessel import HloError, Layout, hlo_report

ROOT = Path(__file__).resolve().parents[2]
DUMP = (ROOT / "examples" / "tpu_dump.hlo").read_text()

SMALL = """HloModule jit_f, entry_computation_layout={(f32[3,5]{1,0:T(8,128)})->f32[3,5]{1,0:T(8,128)}}

ENTRY %main (p: f32[3,5]) -> f32[3,5] {
  %p = f32[3,5]{1,0:T(8,128)} parameter(0)
  %big = bf16[1024,1024]{1,0:T(8,128)(2,1)S(1)} broadcast(%p), dimensions={}
  ROOT %r = f32[3,5]{1,0:T(8,128)} negate(%p)
}
"""


def test_rows_are_the_cli_report():
    report = hlo_report(DUMP)
    rows = list(report)
    assert len(rows) == len(report) > 0
    out = subprocess.run(
        [str(ROOT / "target" / "debug" / "tessel-layout"), "hlo", str(ROOT / "examples" / "tpu_dump.hlo")],
        capture_output=True,
        text=True,
    ).stdout
    if not out:
        pytest.skip("tessel-layout is not built (cargo build)")
    table = [line.split() for line in out.splitlines()[2:2 + len(rows)]]
    assert [r.name for r in rows] == [cells[1] for cells in table]
    assert [r.shape for r in rows] == [cells[-1] for cells in table]
    wastes = [(r.bytes or 0) - (r.unpadded_bytes or 0) for r in rows]
    assert wastes == sorted(wastes, reverse=True)


def test_row_fields():
    report = hlo_report(SMALL)
    by_name = {r.name: r for r in report}
    p = by_name["p"]
    assert p.shape == "f32[3,5]{1,0:T(8,128)}"
    assert p.layout == Layout.parse(p.shape)
    assert p.bytes == 4096 and p.unpadded_bytes == 60
    assert p.memory_space == 0 and p.memory_space_name == "device memory (HBM)"
    assert p.opcode == "parameter" and p.line == 4 and p.computation == "main"
    assert "dim 1 (size 5) is the minor dim, padded to 128 by T(8,128)" in p.cause
    assert "dim 0 (size 3)" in p.cause
    assert p.fix is not None and Layout.parse(p.fix).size_bytes < p.bytes
    assert p.fix_saves == p.bytes - Layout.parse(p.fix).size_bytes
    big = by_name["big"]
    assert big.memory_space == 1 and big.cause is None and big.fix is None and big.fix_saves == 0
    assert big.bytes == big.unpadded_bytes == 2 * 1024 * 1024
    assert report[0].name in ("p", "r") and report[-1].name == "big"
    with pytest.raises(IndexError):
        report[3]
    assert "HloBuffer(name=" in repr(p)


def test_counts_of_what_is_left_out():
    report = hlo_report(DUMP)
    assert report.fused_instructions == 2 and report.applied_instructions == 0 and report.aliases == 2


def test_html():
    report = hlo_report(SMALL)
    page = report.to_html("jit_f")
    assert page.startswith("<!DOCTYPE html>") and "HLO memory report: jit_f" in page
    assert "<b>Why:</b>" in page and "<b>Fix:</b>" in page and "<svg" in page
    cell = report._repr_html_()
    assert cell.startswith("<p>3 buffers") and "<table>" in cell and "padded to 128" in cell


def test_pandas():
    pytest.importorskip("pandas")
    frame = hlo_report(SMALL).to_pandas()
    assert list(frame["name"])[-1] == "big"
    assert {"bytes", "unpadded_bytes", "cause", "fix", "memory_space"} <= set(frame.columns)
    assert int(frame["bytes"].sum()) == 4096 + 4096 + 2 * 1024 * 1024


def test_bad_dump_raises_with_line_and_column():
    with pytest.raises(HloError, match=r"^2:\d+: "):
        hlo_report("HloModule m\n  %p = f32[3,5]{1,0:T(8,128 parameter(0)\n")
    assert issubclass(HloError, ValueError)
    assert tessel.HloError is HloError
