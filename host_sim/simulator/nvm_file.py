"""A file standing in for ``microcontroller.nvm`` in the simulator.

``FileNVM(path, model=SAMD51)`` behaves like the board's NVM byte array: a
fixed length, ``nvm[i]`` and ``nvm[a:b]`` reads (a slice is a new
bytearray), and item or equal-length slice assignments, each carried out as
the board's port does it (see nvm_models: whole-block or whole-page erase
and rewrite) and written through to the file at once; ``erases`` counts the
flash erase cycles. A missing file is created reading as a new board's NVM
(0xFF, or 0x00 on an ESP32); an existing file must have exactly the NVM's
size. A path that is there but is no regular file (a folder, a named pipe,
a device, a socket) is refused before anything opens it. Problems with the
path raise OSError (or ValueError for a file of the wrong size) saying
which file and what to do.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .nvm_models import SAMD51


# What a path that is there but no regular file is, by its stat mode test.
_NOT_FILES = ((stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a character device"),
              (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def _refuse_all_but_a_file(path: Path) -> None:
    """OSError unless ``path`` is a regular file or missing: the saves are
    an image of the NVM's fixed size, read whole and written back whole,
    and only a regular file holds one (reading a named pipe waits for a
    writer for ever; a device never keeps what is written)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return  # missing (made next), or unreadable: opening it says why
    if stat.S_ISREG(mode):
        return
    if stat.S_ISDIR(mode):
        raise IsADirectoryError(f"NVM file {path} is a folder: give a file path")
    kind = next((name for test, name in _NOT_FILES if test(mode)), "no regular file")
    raise OSError(f"NVM file {path} is {kind}: give a file path")


class FileNVM:
    """A fixed-size byte array kept in a file, written through on every assignment."""

    def __init__(self, path: str | os.PathLike, model=SAMD51):
        self.path = Path(path)
        self.model = model
        self.size = model.size
        self.erases = 0
        self._data = self._open()

    def _open(self) -> bytearray:
        """Read the file, creating it first if missing; OSError/ValueError if unusable."""
        path = self.path
        _refuse_all_but_a_file(path)
        if not path.exists():
            try:
                with open(path, "xb") as f:
                    f.write(bytes([self.model.erased]) * self.size)
            except FileExistsError:
                pass
            except OSError as exc:
                if path.is_file():  # made but not written whole: it would block the next run
                    path.unlink()
                raise OSError(exc.errno, f"cannot create NVM file {path}: {exc.strerror}"
                              " (choose a writable folder)") from exc
        try:
            with open(path, "rb") as f:
                data = bytearray(f.read(self.size + 1))  # one byte more tells a longer file
                length = str(len(data))
                if len(data) > self.size:  # its real size (a file under /proc reports none)
                    whole = os.fstat(f.fileno()).st_size
                    length = str(whole) if whole > self.size else f"more than {self.size}"
        except OSError as exc:
            raise OSError(exc.errno, f"cannot read NVM file {path}: {exc.strerror}") from exc
        if len(data) != self.size:
            raise ValueError(f"NVM file {path} has {length} bytes, not {self.size}:"
                             " not an NVM image (move it away or give another --save)")
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
        image = bytearray(self._data)
        self.erases += self.model.write(image, start, data)[0]
        self._write(0, bytes(image))
        self._data = image

    def _write(self, start: int, data: bytes) -> None:
        """Write ``data`` at ``start`` in the file; OSError says which file failed."""
        try:
            with open(self.path, "r+b") as f:
                f.seek(start)
                f.write(data)
        except OSError as exc:
            raise OSError(exc.errno, f"cannot write NVM file {self.path}: {exc.strerror}") from exc

    def __repr__(self) -> str:
        return f"FileNVM({str(self.path)!r}, model={self.model.name})"
