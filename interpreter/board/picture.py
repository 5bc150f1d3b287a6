"""The board picture as PNG: SVG (`svg.py`; a game's picture is built in `present/picture.py`)
rasterised.

PNG goes through CairoSVG (the `png` extra, `pip install "lastlight[png]"`, which needs the
system cairo library, `libcairo2` on Debian); it is imported only when a PNG is asked for, so
SVG works without it.
"""

from __future__ import annotations


class PictureError(Exception):
    """The picture cannot be made (e.g. PNG without the cairo library)."""


def svg_to_png(svg: str, scale: float = 1.0) -> bytes:
    """Rasterise an SVG with CairoSVG."""
    try:
        import cairosvg
    except (ImportError, OSError) as exc:  # OSError: the cairo library itself is missing
        raise PictureError(
            f"PNG output needs CairoSVG and the cairo library ({exc}): "
            'pip install "lastlight[png]", and on Debian apt-get install libcairo2. '
            "SVG output works without them."
        ) from None
    png = cairosvg.svg2png(bytestring=svg.encode("utf-8"), scale=scale)
    assert isinstance(png, bytes)
    return png
