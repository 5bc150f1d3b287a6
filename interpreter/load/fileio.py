"""Reading and writing files safely: bounded reads of regular files only, atomic writes.

`read_bounded` refuses a FIFO, a device or a folder before it opens anything that could block,
and never reads more than its limit (a huge file, /dev/zero); `escape_problem` says when a path
leaves the folder it belongs to (a pack is a closed world). `write_atomic`, the one writer of
every output, writes an exclusive, uniquely named temporary file in the target's folder and
renames it over the target, so a failed save never spoils a good file; the new file gets the
usual permissions (0666 less the umask, or the mode of the file it replaces), and a target that
is a symlink, a FIFO, a device or a folder is refused, never followed or replaced.
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO


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


def target_problem(path: str | Path) -> str | None:
    """Why `path` must not be written (None: it may be). A symbolic link is refused (writing
    through it would change a file elsewhere; replacing it would silently cut it), and so is
    anything that is not a regular file: a FIFO, a device, a socket or a folder (renaming over
    `/dev/null` as root would replace the device with a file). Looks at the path itself, never
    follows it."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return None
    except OSError as exc:
        return f"{path}: {exc.strerror}"
    if stat.S_ISLNK(st.st_mode):
        return f"{path} is a symbolic link; write to its target or remove the link"
    if not stat.S_ISREG(st.st_mode):
        return f"{path} is {_kind(st.st_mode)}; give the name of a regular file"
    return None


#: What `write_atomic` writes: text, bytes, or a function that writes into an open binary file.
Content = str | bytes | Callable[[BinaryIO], None]


def write_atomic(path: str | Path, content: Content) -> None:
    """The one writer of every output file (saves, pictures, pages, tables, schemas).

    The content goes to a temporary file created exclusively (`O_EXCL`, a unique name) in the
    target's folder, which is then renamed over the target, so a failed write never spoils a
    good file and nothing is written through a planted link. A target that is a symbolic link,
    a FIFO, a device or a folder is refused (FileRefused, an OSError). A new file gets 0666 less
    the umask; a file that is replaced keeps its mode.
    """
    path = Path(path)
    problem = target_problem(path)
    if problem:
        raise FileRefused(problem)
    try:
        mode = stat.S_IMODE(os.lstat(path).st_mode)
    except FileNotFoundError:
        mode = 0o666 & ~_umask()
    folder = path.parent if str(path.parent) else Path(".")
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=str(folder))
    try:
        with os.fdopen(fd, "wb") as fh:
            if callable(content):
                content(fh)
            else:
                fh.write(content.encode("utf-8") if isinstance(content, str) else content)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        problem = target_problem(path)  # planted while we wrote: still never replace it
        if problem:
            raise FileRefused(problem)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    """The process umask (read by setting it and putting it back)."""
    current = os.umask(0o022)
    os.umask(current)
    return current


def escape_problem(path: str | Path, root: str | Path, what: str = "the pack") -> str | None:
    """Why `path` is not inside `root` once every link is resolved (None: it is inside). A file
    of a pack, or the folder it lives in, that is a link leading out of the pack is refused, so
    a pack handed to you can never make us read (and print lines of) a file elsewhere."""
    try:
        real_root = Path(root).resolve(strict=True)
        real = Path(path).resolve(strict=True)
    except FileNotFoundError:
        return "it is a link to nothing (a broken link)"
    except (OSError, RuntimeError) as exc:
        return f"it cannot be resolved ({getattr(exc, 'strerror', None) or exc})"
    if real == real_root or real.is_relative_to(real_root):
        return None
    return f"it is a link leading out of {what} (to {real}); a pack may only read its own files"
