"""Safe files: bounded reads of regular files only; atomic writes with the usual permissions
that never replace a symlink silently and never spoil a good file."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from lastlight.interpreter.load.fileio import FileRefused, read_bounded, write_atomic


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_fifo_a_device_and_a_folder_are_refused_without_blocking(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)  # nobody writes to it: opening it for reading would block forever
    with pytest.raises(FileRefused, match="FIFO"):
        read_bounded(fifo, 100)
    with pytest.raises(FileRefused, match="device"):
        read_bounded("/dev/zero", 100)
    with pytest.raises(FileRefused, match="folder"):
        read_bounded(tmp_path, 100)


def test_a_file_over_the_limit_is_refused_before_it_is_read(tmp_path: Path) -> None:
    big = tmp_path / "big"
    with big.open("wb") as fh:
        fh.truncate(1 << 30)  # a sparse 1 GB file: reading it would take the memory
    with pytest.raises(FileRefused, match=r"too large \(1024.0 MB; the limit is 1.0 MB\)"):
        read_bounded(big, 1 << 20)
    small = tmp_path / "small"
    small.write_bytes(b"x" * 10)
    assert read_bounded(small, 10) == b"x" * 10
    with pytest.raises(FileRefused):
        read_bounded(small, 9)


@pytest.mark.parametrize(("umask", "expected"), [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_new_files_follow_the_umask(tmp_path: Path, umask: int, expected: int) -> None:
    old = os.umask(umask)
    try:
        write_atomic(tmp_path / "out.json", "{}\n")
    finally:
        os.umask(old)
    assert _mode(tmp_path / "out.json") == expected
    assert (tmp_path / "out.json").read_text() == "{}\n"
    assert [p.name for p in tmp_path.iterdir()] == ["out.json"]  # no temporary file left


def test_a_replaced_file_keeps_its_mode(tmp_path: Path) -> None:
    target = tmp_path / "keep.svg"
    target.write_text("old")
    target.chmod(0o640)
    write_atomic(target, "new")
    assert target.read_text() == "new" and _mode(target) == 0o640


def test_a_symlink_at_the_target_is_refused_and_its_file_untouched(tmp_path: Path) -> None:
    real = tmp_path / "real.json"
    real.write_text("precious")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    with pytest.raises(FileRefused, match="symbolic link"):
        write_atomic(link, "overwritten")
    assert link.is_symlink() and real.read_text() == "precious"


def test_a_failed_write_leaves_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    target.write_text("good")

    with pytest.raises(TypeError):
        write_atomic(target, 12345)  # type: ignore[arg-type]  # fails while writing
    assert target.read_text() == "good"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]
