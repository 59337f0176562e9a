# lit configuration for tessel's FileCheck tests. Run with LLVM's lit:
#   lit -v lit/
# tessel-opt is taken from target/debug (or $TESSEL_BIN_DIR); FileCheck and
# `not` from $FILECHECK_DIR, else /usr/lib/llvm-22/bin, else PATH.
# TESSEL_FILECHECK=<path to tessel-filecheck> runs the RUN lines' FileCheck
# with tessel's instead (CI runs the suite both ways).
import os
import lit.formats

config.name = "tessel"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir"]
config.test_source_root = os.path.dirname(__file__)
config.excludes = ["Inputs"]

root = os.path.dirname(config.test_source_root)
bin_dir = os.environ.get("TESSEL_BIN_DIR", os.path.join(root, "target", "debug"))
llvm_dir = os.environ.get("FILECHECK_DIR", "/usr/lib/llvm-22/bin")
path = [bin_dir]
if os.path.isdir(llvm_dir):
    path.append(llvm_dir)
path.append(config.environment.get("PATH", os.environ.get("PATH", "")))
config.environment["PATH"] = os.pathsep.join(path)

tessel_filecheck = os.environ.get("TESSEL_FILECHECK")
if tessel_filecheck:
    config.substitutions.append((r"\bFileCheck\b", os.path.abspath(tessel_filecheck)))

# `REQUIRES: mlir` tests need tessel-opt built with --features mlir.
import subprocess
try:
    version = subprocess.run([os.path.join(bin_dir, "tessel-opt"), "--version"], capture_output=True, text=True).stdout
except OSError:
    version = ""
if "linked in-process" in version:
    config.available_features.add("mlir")
