"""JSON for every published form: one cattrs converter with explicit, stable type tags, and its text.

Two modules do the work, gathered here under the names the library documents:

* :mod:`tablegames.core.converter`: the converter, the data of every form (:func:`to_json`) and
  every form from its data (:func:`structure`), strictly, as the published JSON Schemas say;
* :mod:`tablegames.core.jsonwriter`: :func:`dumps`, the same JSON as text, written straight from
  the objects, and the kept texts of logs (:class:`LogTexts`).
"""

from __future__ import annotations

from typing import Final

import cattrs

from tablegames.core.converter import converter as _converter
from tablegames.core.converter import describe_error, json_int, make_converter, structure, to_json
from tablegames.core.jsonwriter import LogTexts, dumps, remember_texts

__all__ = [
    "LogTexts",
    "converter",
    "describe_error",
    "dumps",
    "json_int",
    "make_converter",
    "remember_texts",
    "structure",
    "to_json",
]

converter: Final[cattrs.Converter] = _converter
"""The library's converter (:data:`tablegames.core.converter.converter`): use :func:`dumps` and
:func:`structure` rather than calling it."""
