"""Where the shipped content and schemas live, installed or editable, and which pack a command
in a given folder means."""

from __future__ import annotations

from pathlib import Path

_PKG_ROOT = Path(__file__).resolve().parent.parent.parent

#: The file that makes a folder a content pack.
PACK_FILE = "pack.yaml"


def content_dir() -> Path:
    """The folder of the default content pack shipped with the package."""
    return _PKG_ROOT / "content"


def schemas_dir() -> Path:
    """The folder of the JSON Schemas shipped with the package."""
    return _PKG_ROOT / "schemas"


def local_pack(folder: str | Path) -> Path | None:
    """The pack a designer working in `folder` means: `folder/content` if it holds `pack.yaml`,
    else `folder` itself if it does, else None (then the shipped pack is the one)."""
    folder = Path(folder)
    for candidate in (folder / "content", folder):
        if (candidate / PACK_FILE).is_file():
            return candidate
    return None


def find_pack(content: str | Path | None, cwd: str | Path | None = None) -> tuple[Path, str]:
    """(pack folder, why this one): the `--content` folder if given, else a pack in the current
    folder, else the installed one."""
    if content is not None:
        return Path(content), "given by --content"
    here = Path.cwd() if cwd is None else Path(cwd)
    local = local_pack(here)
    if local is not None:
        return local, "found in the current folder"
    return content_dir(), "installed with lastlight"
