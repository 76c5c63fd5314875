"""Refusals a request can meet, each with its HTTP status; the app answers them as
``{"error": MESSAGE}`` and never with a traceback.

>>> error = UnprocessableError("cannot read action 'dance'")
>>> error.status, str(error), isinstance(error, ValueError)
(422, "cannot read action 'dance'", True)
"""

from __future__ import annotations

from typing import ClassVar


class WebError(ValueError):
    """A request the server refuses, with the HTTP status that says why (400: bad request).

    >>> WebError("no").status
    400
    """

    status: ClassVar[int] = 400


class ForbiddenError(WebError):
    """The seat token is not one of the game's.

    >>> ForbiddenError("unknown seat").status
    403
    """

    status = 403


class NotFoundError(WebError):
    """No such game (or page).

    >>> NotFoundError("no game 'x'").status
    404
    """

    status = 404


class ConflictError(WebError):
    """The request does not fit the game's moment: not that seat's turn, the game is over.

    >>> ConflictError("P1 is to move").status
    409
    """

    status = 409


class TooLargeError(WebError):
    """A request body over the limit.

    >>> TooLargeError("too large").status
    413
    """

    status = 413


class UnprocessableError(WebError):
    """An action the engine refuses or cannot read, or a set-up that cannot be dealt.

    >>> UnprocessableError("illegal").status
    422
    """

    status = 422
