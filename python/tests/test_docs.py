"""docs/python.md's code runs as written, and examples/layouts.ipynb executes."""

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def python_blocks(markdown):
    return re.findall(r"```python\n(.*?)```", markdown, flags=re.S)


def test_docs_page_runs_as_written(monkeypatch, capsys):
    blocks = python_blocks((ROOT / "docs" / "python.md").read_text())
    assert len(blocks) >= 8
    monkeypatch.chdir(ROOT)
    namespace = {"__name__": "docs_python"}
    for block in blocks:
        exec(compile(block, "docs/python.md", "exec"), namespace)
    out = capsys.readouterr().out
    # What the page says the code shows.
    assert "bf16[16,3,200]{2,1,0:T(8,128)(2,1)}" in out
    assert "65536 19200 3.41" in out
    assert "None" in out
    assert "column 21" in out
    assert "func.func @to_layout" in out
    assert "cause: dim 4 (size 4) is the minor dim, padded to 128 by T(8,128)" in out
    assert "scf.for" in out
    assert "dtype <f8 does not hold f32" in out


def test_notebook_executes():
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    path = ROOT / "examples" / "layouts.ipynb"
    nb = nbformat.read(str(path), as_version=4)
    # The notebook is the page's code, cell for cell.
    cells = [c.source.strip() for c in nb.cells if c.cell_type == "code"]
    assert cells == [b.strip() for b in python_blocks((ROOT / "docs" / "python.md").read_text())]
    client = nbclient.NotebookClient(nb, timeout=120, kernel_name="python3", resources={"metadata": {"path": str(ROOT)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    assert "bf16[16,3,200]{2,1,0:T(8,128)(2,1)}" in text
    # The rich displays: a Layout's picture and facts, the report's table.
    rich = [o for o in outputs if o.output_type in ("display_data", "execute_result")]
    assert any("image/svg+xml" in o.data for o in rich)
    assert any("<table" in o.data.get("text/html", "") for o in rich)
