"""Reading and writing files safely: bounded reads of regular files only, atomic writes.

`read_bounded` refuses a FIFO, a device or a folder before it opens anything that could block,
and never reads more than its limit (a huge file, /dev/zero). `write_atomic` writes through a
temporary file in the target's folder and renames it over the target, so a failed save never
spoils a good file; the new file gets the usual permissions (0666 less the umask, or the mode of
the file it replaces) and a symlink at the target is refused, not silently replaced.
"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class FileRefused(OSError):
    """A file we will not read or write (not a regular file, too large, a symlink target)."""

    def __init__(self, message: str):
        super().__init__(message)
        self.strerror = message


def _kind(mode: int) -> str:
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def read_bounded(path: str | Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; raises OSError (FileRefused for a
    file of the wrong type or size, with the reason in `strerror`)."""
    st = os.stat(path)
    if not stat.S_ISREG(st.st_mode):
        raise FileRefused(f"this is {_kind(st.st_mode)}, not a {what}")
    if st.st_size > limit:
        raise FileRefused(_too_large(st.st_size, limit, what))
    # O_NONBLOCK: if the path was swapped for a FIFO since the stat, opening does not hang
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise FileRefused(f"this is {_kind(os.fstat(fh.fileno()).st_mode)}, not a {what}")
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise FileRefused(_too_large(len(data), limit, what))
    return data


def _too_large(size: int, limit: int, what: str) -> str:
    return f"the {what} is too large ({_size(size)}; the limit is {_size(limit)})"


def _size(n: int) -> str:
    if n >= 1 << 20:
        return f"{n / (1 << 20):.1f} MB"
    if n >= 1 << 10:
        return f"{n / (1 << 10):.0f} kB"
    return f"{n} bytes"


def write_atomic(path: str | Path, text: str) -> None:
    """Write `text` to `path` through a temporary file in the same folder and a rename.

    A symlink at `path` is refused (FileRefused): replacing it would silently cut the link, and
    writing through it would change a file elsewhere. A new file gets 0666 less the umask; a
    file that is replaced keeps its mode.
    """
    path = Path(path)
    if path.is_symlink():
        raise FileRefused(f"{path} is a symbolic link; write to its target or remove the link")
    try:
        mode = stat.S_IMODE(os.stat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(folder))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask (read by setting it and putting it back)."""
    current = os.umask(0o022)
    os.umask(current)
    return current
