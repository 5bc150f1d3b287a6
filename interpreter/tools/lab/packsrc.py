"""OLD and NEW of `lastlight diff`: a pack folder, or a git revision (`REV` for its
`content/`, or `REV:PATH` for another pack folder in it), exported with `git archive` into a
temporary folder that lives as long as the comparison."""

from __future__ import annotations

import io
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


class PackSourceError(ValueError):
    pass


def _git(args: list[str], cwd: Path) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, check=False)


@contextmanager
def pack_folder(spec: str, repo: Path | None = None) -> Iterator[Path]:
    path = Path(spec)
    if path.is_dir():
        yield path
        return
    rev, _, sub = spec.partition(":")
    sub = sub or "content"
    _check_parts(spec, rev, sub)
    repo = repo or Path.cwd()
    top = _git(["rev-parse", "--show-toplevel"], repo)
    if top.returncode != 0:
        raise PackSourceError(f"'{spec}' is not a folder, and {repo} is not in a git repository")
    root = Path(top.stdout.decode().strip())
    ok = _git(["rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}"], root)
    if ok.returncode != 0:
        raise PackSourceError(f"'{spec}' is neither a pack folder nor a git revision")
    archive = _git(["archive", "--format=tar", rev, "--", sub], root)
    if archive.returncode != 0:
        raise PackSourceError(f"revision {rev} has no folder '{sub}'")
    with tempfile.TemporaryDirectory(prefix="lastlight-pack-") as tmp:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            tar.extractall(tmp, filter="data")
        folder = Path(tmp) / sub
        if not folder.resolve().is_relative_to(Path(tmp).resolve()):
            raise PackSourceError(f"'{spec}': {sub} leads out of the revision's files")
        yield folder


def _check_parts(spec: str, rev: str, sub: str) -> None:
    """REV:PATH names a folder inside the revision: PATH relative to the repository's top, no
    `..`; REV is a revision, not an option. (`HEAD:/abs/path` once read the working tree.)"""
    if not rev or rev.startswith("-"):
        raise PackSourceError(f"'{spec}': '{rev}' is not a git revision")
    parts = Path(sub).parts
    if Path(sub).is_absolute() or ".." in parts or sub.startswith("~"):
        raise PackSourceError(
            f"'{spec}': the path after ':' is a folder inside the revision, relative to the "
            f"repository's top (such as content or packs/mine), not '{sub}'"
        )
