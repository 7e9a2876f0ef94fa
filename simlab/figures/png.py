"""A figure as PNG bytes: what the games' renderers and the notebook layer show.

Examples
--------
>>> from matplotlib.figure import Figure
>>> fig = Figure(figsize=(1, 1))
>>> png_bytes(fig)[:8]
b'\\x89PNG\\r\\n\\x1a\\n'
>>> png_bytes(fig, deterministic=True) == png_bytes(fig, deterministic=True)
True
"""

from __future__ import annotations

import io

from matplotlib.figure import Figure

__all__ = ["png_bytes"]


def png_bytes(fig: Figure, dpi: int = 72, *, deterministic: bool = False) -> bytes:
    """PNG bytes of ``fig`` at ``dpi``.

    Parameters
    ----------
    fig : Figure
        The picture.
    dpi : int, default 72
        Dots per inch (a 6-inch figure is 432 pixels wide at 72).
    deterministic : bool, default False
        Leave out the ``Software`` stamp (matplotlib's version), so that the
        same picture gives the same bytes under any matplotlib.

    Returns
    -------
    bytes
        The PNG file.

    Examples
    --------
    >>> from matplotlib.figure import Figure
    >>> b"matplotlib" in png_bytes(Figure(figsize=(1, 1)))
    True
    >>> b"matplotlib" in png_bytes(Figure(figsize=(1, 1)), deterministic=True)
    False
    """
    buffer = io.BytesIO()
    metadata = {"Software": None} if deterministic else None
    fig.savefig(buffer, format="png", dpi=dpi, metadata=metadata)
    return buffer.getvalue()
