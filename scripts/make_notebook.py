#!/usr/bin/env python3
"""Writes examples/layouts.ipynb from docs/python.md: prose as markdown
cells, each ```python block as a code cell (the shell block stays prose).
python/tests/test_docs.py checks the two agree and executes the notebook.

    python3 scripts/make_notebook.py
"""

import re
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]


def main():
    text = (ROOT / "docs" / "python.md").read_text()
    cells = []
    pos = 0
    for m in re.finditer(r"```python\n(.*?)```\n?", text, flags=re.S):
        prose = text[pos:m.start()].strip()
        if prose:
            cells.append(nbformat.v4.new_markdown_cell(prose))
        cells.append(nbformat.v4.new_code_cell(m.group(1).strip()))
        pos = m.end()
    rest = text[pos:].strip()
    if rest:
        cells.append(nbformat.v4.new_markdown_cell(rest))
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    # Stable ids, so regenerating an unchanged page changes nothing.
    for i, cell in enumerate(nb.cells):
        cell["id"] = f"cell-{i}"
    nbformat.write(nb, str(ROOT / "examples" / "layouts.ipynb"))


if __name__ == "__main__":
    main()
