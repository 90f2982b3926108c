"""A file standing in for ``microcontroller.nvm`` in the simulator.

``FileNVM(path, size=8192)`` behaves like the board's NVM byte array: a
fixed length, ``nvm[i]`` and ``nvm[a:b]`` reads (a slice is a new
bytearray), and item or equal-length slice assignments, each written
through to the file at once. A missing file is created filled with 0xFF,
like erased flash; an existing file must have exactly ``size`` bytes.
Problems with the path raise OSError (or ValueError for a file of the
wrong size) saying which file and what to do.
"""

from __future__ import annotations

import os
from pathlib import Path

ERASED = 0xFF


class FileNVM:
    """A fixed-size byte array kept in a file, written through on every assignment."""

    def __init__(self, path: str | os.PathLike, size: int = 8192):
        if not isinstance(size, int) or size <= 0:
            raise ValueError(f"NVM size must be a positive number of bytes, not {size!r}")
        self.path = Path(path)
        self.size = size
        self._data = self._open()

    def _open(self) -> bytearray:
        """Read the file, creating it first if missing; OSError/ValueError if unusable."""
        path = self.path
        if path.is_dir():
            raise IsADirectoryError(f"NVM file {path} is a folder: give a file path")
        if not path.exists():
            try:
                with open(path, "xb") as f:
                    f.write(bytes([ERASED]) * self.size)
            except FileExistsError:
                pass
            except OSError as exc:
                raise OSError(exc.errno, f"cannot create NVM file {path}: {exc.strerror}"
                              " (choose a writable folder)") from exc
        try:
            with open(path, "rb") as f:
                data = bytearray(f.read(self.size + 1))
        except OSError as exc:
            raise OSError(exc.errno, f"cannot read NVM file {path}: {exc.strerror}") from exc
        if len(data) != self.size:
            raise ValueError(f"NVM file {path} has {len(data)} bytes, not {self.size}:"
                             " not an NVM image of this size (move it away or pass its size)")
        if not os.access(path, os.W_OK):
            raise PermissionError(f"NVM file {path} is read-only: saves could not be written")
        return data

    def __len__(self) -> int:
        return self.size

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value) -> None:
        if isinstance(index, slice):
            start, stop, step = index.indices(self.size)
            if step != 1:
                raise NotImplementedError("only slices with step=1 are supported")
            data = bytes(value)
            if len(data) != max(0, stop - start):
                raise ValueError("Slice and value different lengths.")
        else:
            if not isinstance(index, int):
                kind = type(index).__name__
                raise TypeError(f"NVM indices must be integers or slices, not {kind}")
            if index < 0:
                index += self.size
            if not 0 <= index < self.size:
                raise IndexError("NVM index out of range")
            if not isinstance(value, int) or not 0 <= value <= 255:
                raise ValueError("Bytes must be between 0 and 255.")
            start, data = index, bytes((value,))
        self._write(start, data)
        self._data[start:start + len(data)] = data

    def _write(self, start: int, data: bytes) -> None:
        """Write ``data`` at ``start`` in the file; OSError says which file failed."""
        try:
            with open(self.path, "r+b") as f:
                f.seek(start)
                f.write(data)
        except OSError as exc:
            raise OSError(exc.errno, f"cannot write NVM file {self.path}: {exc.strerror}") from exc

    def __repr__(self) -> str:
        return f"FileNVM({str(self.path)!r}, size={self.size})"
