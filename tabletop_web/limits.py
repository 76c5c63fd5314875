"""The request body cap: a body over :data:`MAX_BODY` bytes is answered 413. A body that says
its length up front is refused before the app sees it (:class:`BodyLimit`); one streamed in
chunks is refused as it passes the cap (:func:`read_json`).

>>> MAX_BODY
65536
"""

from __future__ import annotations

import json
from typing import Any, Final

from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from tabletop_web.errors import TooLargeError, WebError

MAX_BODY: Final = 64 * 1024


def too_large(limit: int = MAX_BODY) -> str:
    """The refusal's words.

    >>> too_large()
    'the request body is over 64 KiB'
    """
    return f"the request body is over {limit // 1024} KiB"


class BodyLimit:
    """ASGI middleware: a request whose ``Content-Length`` exceeds ``limit`` bytes gets 413
    and ``{"error": ...}`` without reaching the app."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            length = dict(scope["headers"]).get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > self.limit):
                body = json.dumps({"error": too_large(self.limit)}).encode()
                headers = [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close"),
                ]
                await send({"type": "http.response.start", "status": 413, "headers": headers})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    """The request's body as JSON, read at most ``limit`` bytes far (TooLargeError beyond); a body
    that is no JSON is a WebError (400)."""
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TooLargeError(too_large(limit))
        chunks.append(chunk)
    try:
        return json.loads(b"".join(chunks))
    except (ValueError, RecursionError):
        raise WebError("the body is not JSON") from None
