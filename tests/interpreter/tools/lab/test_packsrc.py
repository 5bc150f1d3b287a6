"""OLD/NEW of `diff`: a folder as is, a git revision exported to a temporary folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from lastlight.interpreter.load.paths import content_dir
from lastlight.interpreter.tools.lab.packsrc import PackSourceError, pack_folder

REPO = Path(__file__).resolve().parents[4]


def test_folder_is_used_as_is() -> None:
    with pack_folder(str(content_dir())) as folder:
        assert folder == content_dir()


@pytest.mark.skipif(
    shutil.which("git") is None or not (REPO / ".git").exists(), reason="needs a git checkout"
)
def test_git_revision_is_exported_and_cleaned_up() -> None:
    with pack_folder("HEAD", REPO) as folder:
        assert (folder / "pack.yaml").is_file() and (folder / "factions.yaml").is_file()
        kept = folder
    assert not kept.exists()
    for spec, message in (
        ("no-such-revision-xyz", "neither a pack folder nor a git revision"),
        ("HEAD:nowhere", "has no folder 'nowhere'"),
    ):
        with pytest.raises(PackSourceError, match=message), pack_folder(spec, REPO):
            pass
