"""``tablegames schema``: a variant's JSON Schemas, for front ends written in other languages.

``tablegames schema NAME --kind view`` prints one schema; without ``--kind``, every kind as one
JSON object keyed by kind. The schemas are those of :func:`tablegames.schema.schema_for`, the
same the package ships as data.
"""

from __future__ import annotations

from typing import Any, TextIO

from tablegames.core.game import Game
from tablegames.schema import format_schema, schema_for, schemas_for

__all__ = ["run_schema", "schema_text"]


def schema_text(cls: type[Game], kind: str | None = None) -> str:
    """What ``tablegames schema`` prints: the schema of ``kind``, or all of them keyed by kind.

    Raises:
        InvalidOptionsError: if ``kind`` is not one of :data:`~tablegames.schema.SCHEMA_KINDS`.

    >>> from tablegames.cli.schema import schema_text
    >>> from tablegames import get_variant
    >>> import json
    >>> sorted(json.loads(schema_text(get_variant("american-sniff"))))
    ['action', 'deal', 'event', 'log', 'options', 'view']
    """
    data: dict[str, Any] = schemas_for(cls) if kind is None else schema_for(cls, kind)
    return format_schema(data)


def run_schema(cls: type[Game], *, kind: str | None, out: TextIO) -> int:
    """Print the schema(s) of the variant ``cls`` to ``out``; the exit status (0)."""
    out.write(schema_text(cls, kind))
    return 0
