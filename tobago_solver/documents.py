"""Versioned JSON documents (saved tables, game records): one reader, one set of messages.

>>> read_document('{"format": "demo", "version": 1, "x": 2}', "demo", 1, "demo file")["x"]
2
>>> read_document('{"format": "demo", "version": 7}', "demo", 1, "demo file")
Traceback (most recent call last):
...
tobago_solver.errors.TobagoError: demo file version 7 is not 1
"""

from __future__ import annotations

import json
from typing import Any

from tobago_solver.errors import TobagoError


def read_document(text: str, kind: str, version: int, what: str) -> dict[str, Any]:
    """The JSON object in ``text``, if its ``format`` is ``kind`` and its ``version`` matches.

    ``what`` names the document in messages (``"game record"``).
    """
    try:
        document = json.loads(text)
    except json.JSONDecodeError as error:
        raise TobagoError(f"not a {what}: invalid JSON ({error})") from None
    if not isinstance(document, dict) or document.get("format") != kind:
        raise TobagoError(f"not a {what}: 'format' is not {kind!r}")
    if document.get("version") != version:
        raise TobagoError(f"{what} version {document.get('version')!r} is not {version}")
    return document
