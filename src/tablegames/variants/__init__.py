"""The library's own variants.

Each is a plug-in registered through the ``tablegames.variants`` entry-point group, like any
third-party variant.
"""

__all__: list[str] = []
