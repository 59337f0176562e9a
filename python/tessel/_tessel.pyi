"""Type stubs for tessel's native module (``tessel._tessel``)."""

from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Type, TypeVar, Union

__version__: str

class LayoutError(ValueError):
    """A malformed or unsupported XLA shape or layout; the message has the column."""

class HloError(ValueError):
    """An HLO dump tessel cannot read; the message has the line and column."""

class MlirError(ValueError):
    """MLIR that does not parse or verify, a bad pipeline or a failing pass; the message has file:line:col."""

class RunError(RuntimeError):
    """A fault while the engine runs a function."""

class Layout:
    """An XLA array shape with its layout (``bf16[8,1,1280,16384]{3,2,0,1:T(8,128)(2,1)S(1)}``)."""

    @staticmethod
    def parse(text: str) -> "Layout":
        """Parses XLA's notation; raises LayoutError with the column."""
    @staticmethod
    def from_jax(shape: Sequence[int], dtype: Any, layout: Any = None) -> "Layout":
        """From a shape, a NumPy/JAX dtype (or name) and a JAX layout (``major_to_minor``, ``_tiling``)."""
    @property
    def shape(self) -> Tuple[int, ...]:
        """The logical dims (a bounded dim gives its bound)."""
    @property
    def dtype(self) -> str:
        """XLA's element type name (``"bf16"``)."""
    @property
    def minor_to_major(self) -> Tuple[int, ...]:
        """Logical dims from the most minor to the most major."""
    @property
    def tiles(self) -> Tuple[Tuple[Union[int, str], ...], ...]:
        """The tiles, outermost first (``"*"`` for a combined dim)."""
    @property
    def memory_space(self) -> int:
        """The memory space (``S(n)``)."""
    @property
    def size_bytes(self) -> int:
        """Bytes in memory, padding included."""
    @property
    def unpadded_bytes(self) -> int:
        """Bytes of the elements alone."""
    @property
    def padding_ratio(self) -> Optional[float]:
        """size_bytes / unpadded_bytes (None for an empty array)."""
    def linear_index(self, index: Sequence[int]) -> int:
        """The position of the element at a logical index; IndexError outside the array."""
    def element(self, linear: int) -> Optional[Tuple[int, ...]]:
        """The logical index at a position, None for padding; IndexError past the end."""
    def suggest(self) -> List["Layout"]:
        """Cheaper layouts for the same array, smallest first."""
    def to_mlir(self) -> str:
        """@to_layout and @from_layout as MLIR for mlir-opt 22."""
    def explain(self) -> Dict[str, Any]:
        """The facts of ``tessel-layout explain --json``."""
    def _repr_svg_(self) -> str: ...
    def _repr_html_(self) -> str: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class HloBuffer:
    """One buffer of an HloReport."""

    name: str
    opcode: str
    computation: str
    line: int
    shape: str
    layout: Optional[Layout]
    bytes: Optional[int]
    unpadded_bytes: Optional[int]
    memory_space: int
    memory_space_name: str
    cause: Optional[str]
    fix: Optional[str]
    fix_saves: int

class HloReport:
    """The buffers of an HLO dump, largest padding waste first."""

    @property
    def fused_instructions(self) -> int: ...
    @property
    def applied_instructions(self) -> int: ...
    @property
    def aliases(self) -> int: ...
    def __len__(self) -> int: ...
    def __getitem__(self, i: int) -> HloBuffer: ...
    def __iter__(self) -> Iterator[HloBuffer]: ...
    def to_html(self, title: str = "HLO module") -> str:
        """The page of ``tessel-layout hlo --html``."""
    def to_pandas(self) -> Any:
        """The rows as a pandas.DataFrame (needs pandas)."""
    def _repr_html_(self) -> str: ...

def hlo_report(text: str) -> HloReport:
    """Reads an HLO text dump; raises HloError with the line and column."""

_M = TypeVar("_M", bound="Module")

class Module:
    """An MLIR module."""

    def __init__(self, text: str, filename: str = "<string>") -> None: ...
    @classmethod
    def parse(cls: Type[_M], text: str, filename: str = "<string>") -> _M:
        """Parses and verifies MLIR text; raises MlirError with file:line:col."""
    def verify(self) -> None:
        """Raises MlirError when the module does not verify."""
    def run_passes(self: _M, pipeline: str) -> _M:
        """Runs tessel-opt passes (``"tile-pack-unpack{tile-sizes=4},canonicalize,cse"``) in place."""
    def to_text(self, pack_spelling: str = "as-parsed", generic: bool = False) -> str:
        """The module as text; ``pack_spelling="linalg"`` for mlir-opt 22."""
    @property
    def functions(self) -> List[str]:
        """The names of the module's functions."""
    def signature(self, func: str) -> List[str]:
        """The argument types of @func."""
    def _run(
        self, func: str, args: List[Any]
    ) -> Tuple[List[Tuple[str, Tuple[int, ...], bytearray]], List[Tuple[int, Tuple[str, Tuple[int, ...], bytearray]]]]: ...
