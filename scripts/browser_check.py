#!/usr/bin/env python3
"""The two pages in a real browser: Debian's Chromium, driven by Playwright.

1. `tessel-opt --ir-report` on a tile + fuse + canonicalize + cse pipeline
   (the shipped example): the page loads without console errors, every
   step of the pipeline has its section and its row, the diff view toggles
   between unified and side by side, the op-name filter hides the IR lines
   that do not mention the op, a click folds and unfolds a region, and a
   cse that merges one value shows a diff of a few lines.
2. `tessel-layout hlo --html` on the shipped HLO dump: loads without
   errors, names a cause and a fix for every padded buffer, and its
   pictures render; the worst buffer has its picture.
3. A pipeline whose pass fails: the report page shows the diagnostic.
4. Every page at 800 px and at 1400 px wide, with every fold open and in
   both diff views: the page never scrolls sideways (long lines scroll
   inside their box), the pictures fit the window, sizes do not wrap.

With --screenshots DIR, a screenshot of each page is written there (the
ones in docs/ come from this script).

Usage: scripts/browser_check.py [--bin-dir DIR] [--chromium PATH] [--screenshots DIR]
"""
import argparse
import os
import subprocess
import sys
import tempfile

from playwright.sync_api import sync_playwright

# Run from the repository's root with relative paths: the pages (and the
# screenshots in docs/) name the inputs as a user typing the command would,
# not by this machine's paths.
ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
EXAMPLE = os.path.join("examples", "pack_unpack.mlir")
HLO = os.path.join("examples", "tpu_dump.hlo")

# A cse that merges one value: two equal tensor.empty ops.
CSE_INPUT = """func.func @f(%c: f32) -> tensor<4xf32> {
  %0 = tensor.empty() : tensor<4xf32>
  %1 = tensor.empty() : tensor<4xf32>
  %2 = linalg.fill ins(%c : f32) outs(%0 : tensor<4xf32>) -> tensor<4xf32>
  %3 = linalg.fill ins(%c : f32) outs(%1 : tensor<4xf32>) -> tensor<4xf32>
  %4 = arith.addf %2, %3 : tensor<4xf32>
  return %4 : tensor<4xf32>
}
"""


def check(cond, what, failures):
    if not cond:
        failures.append(what)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin-dir", default="target/debug")
    ap.add_argument("--chromium", default="/usr/bin/chromium")
    ap.add_argument("--screenshots", default=None)
    a = ap.parse_args()
    a.bin_dir = os.path.abspath(a.bin_dir)
    if a.screenshots:
        a.screenshots = os.path.abspath(a.screenshots)
    os.chdir(ROOT)
    tmp = tempfile.mkdtemp(prefix="tessel-browser-")
    report = os.path.join(tmp, "report.html")
    pipeline = ["--tile-pack-unpack=tile-sizes=5 fuse=true", "--canonicalize", "--cse"]
    r = subprocess.run([os.path.join(a.bin_dir, "tessel-opt"), EXAMPLE] + pipeline +
                       [f"--ir-report={report}", "-o", os.devnull], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"tessel-opt failed: {r.stderr}")
    cse_report = os.path.join(tmp, "cse.html")
    cse_input = os.path.join(tmp, "cse.mlir")
    with open(cse_input, "w") as fh:
        fh.write(CSE_INPUT)
    subprocess.run([os.path.join(a.bin_dir, "tessel-opt"), cse_input, "--cse", f"--ir-report={cse_report}",
                    "-o", os.devnull], check=True)
    failed_report = os.path.join(tmp, "failed.html")
    r = subprocess.run([os.path.join(a.bin_dir, "tessel-opt"), EXAMPLE, "--canonicalize",
                        "--tile-pack-unpack=tile-sizes=1,2,3", f"--ir-report={failed_report}", "-o", os.devnull],
                       capture_output=True, text=True)
    if r.returncode == 0 or not os.path.exists(failed_report):
        sys.exit(f"tessel-opt: the failing pipeline did not fail or wrote no page: {r.stderr}")
    hlo_page = os.path.join(tmp, "hlo.html")
    subprocess.run([os.path.join(a.bin_dir, "tessel-layout"), "hlo", HLO, "--html", hlo_page],
                   check=True, capture_output=True)
    failures = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=a.chromium, args=["--no-sandbox"])
        page = browser.new_page(viewport={"width": 1200, "height": 1400})
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))

        page.goto("file://" + report)
        check(not errors, f"report: console errors {errors}", failures)
        # Input + one step per pass.
        steps = page.locator("table.steps tr").count() - 1
        check(steps == 1 + len(pipeline), f"report: {steps} steps listed, want {1 + len(pipeline)}", failures)
        check(page.locator("section").count() == steps, "report: a section per step", failures)
        for name in ["TilePackUnpack (tile-pack-unpack)", "Canonicalizer (canonicalize)", "CSE (cse)"]:
            check(page.get_by_text(name).count() > 0, f"report: step {name} missing", failures)
        # The diff toggles.
        unified = page.locator("pre.diff.u").first
        side = page.locator("div.diff.s").first
        check(unified.is_visible() and not side.is_visible(), "report: the unified diff is the default", failures)
        page.check("input[name=dv][value=s]")
        check(side.is_visible() and not unified.is_visible(), "report: the side-by-side diff shows", failures)
        page.check("input[name=dv][value=u]")
        # The filter: open the last step's IR, keep only tensor.unpack lines.
        last = page.locator("section").last.locator("details").last
        last.locator("summary").click()
        lines = last.locator("pre.ir .l")
        total = lines.count()
        page.fill("#filter", "tensor.unpack")
        shown = [lines.nth(i).inner_text() for i in range(total) if lines.nth(i).is_visible()]
        check(0 < len(shown) < total and all("tensor.unpack" in s for s in shown),
              f"report: the filter keeps {len(shown)} of {total} lines", failures)
        page.fill("#filter", "")
        # Folding: a click on a line that opens a region hides its body,
        # a second click shows it again.
        head = last.locator("pre.ir .l.f").nth(1)
        visible = lambda: sum(1 for i in range(total) if lines.nth(i).is_visible())
        before = visible()
        head.click()
        folded = visible()
        head.click()
        check(folded < before and visible() == before,
              f"report: folding a region shows {folded} of {before} lines, unfolding {visible()}", failures)
        if a.screenshots:
            page.screenshot(path=os.path.join(a.screenshots, "ir_report.png"))

        errors.clear()
        page.goto("file://" + cse_report)
        changed = page.locator("pre.diff.u span.add, pre.diff.u span.del")
        check(changed.count() == 1, f"cse report: {changed.count()} changed lines, want 1", failures)
        check(not errors, f"cse report: console errors {errors}", failures)

        errors.clear()
        page.goto("file://" + hlo_page)
        check(not errors, f"hlo page: console errors {errors}", failures)
        padded = page.locator("section").count()
        check(padded > 0, "hlo page: padded buffers listed", failures)
        for i in range(padded):
            sec = page.locator("section").nth(i)
            check(sec.get_by_text("Why:").count() == 1, f"hlo page: buffer {i} without a cause", failures)
            check(sec.get_by_text("Fix:").count() == 1, f"hlo page: buffer {i} without a fix", failures)
        pictures = page.locator("details svg")
        if pictures.count():
            page.locator("details summary").first.click()
            box = pictures.first.bounding_box()
            check(box is not None and box["width"] > 100, "hlo page: the picture renders", failures)
        check(page.locator("section").first.locator("details svg").count() == 1,
              "hlo page: the worst buffer has no picture", failures)
        if a.screenshots:
            page.screenshot(path=os.path.join(a.screenshots, "hlo_report.png"))

        errors.clear()
        page.goto("file://" + failed_report)
        err = page.locator(".remark.err")
        check(err.count() == 1 and "error: too many tile sizes" in err.first.inner_text(),
              "failed report: the failing pass's diagnostic is not on the page", failures)
        check(not errors, f"failed report: console errors {errors}", failures)

        for width in (800, 1400):
            page.set_viewport_size({"width": width, "height": 900})
            for name, path in [("report", report), ("cse report", cse_report), ("failed report", failed_report),
                               ("hlo page", hlo_page)]:
                page.goto("file://" + path)
                page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
                views = ["u", "s"] if page.locator("input[name=dv]").count() else [None]
                for view in views:
                    if view:
                        page.check(f"input[name=dv][value={view}]")
                    scroll = page.evaluate("document.documentElement.scrollWidth")
                    check(scroll <= width, f"{name} at {width} px ({view or 'page'}): the page scrolls sideways "
                          f"({scroll} px)", failures)
                for i in range(page.locator("svg").count()):
                    box = page.locator("svg").nth(i).bounding_box()
                    check(box is not None and box["x"] + box["width"] <= width,
                          f"{name} at {width} px: picture {i} does not fit the window", failures)
                wrapped = page.evaluate("""() => [...document.querySelectorAll('td.n, td.s')].filter(td => {
                    const r = document.createRange(); r.selectNodeContents(td);
                    return new Set([...r.getClientRects()].map(c => Math.round(c.top))).size > 1;
                }).map(td => td.textContent)""")
                check(not wrapped, f"{name} at {width} px: sizes wrap: {wrapped}", failures)
        browser.close()
    for f in failures:
        print("FAIL:", f)
    print(f"browser: {'ok' if not failures else str(len(failures)) + ' failures'} "
          "(report, cse diff, hlo page, failed pass; 800 and 1400 px)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
