"""Listening: whether ``nrdeck serve`` can listen on an address, said in one line when not."""

from __future__ import annotations

import errno
import os
import socket

from nrdeck.errors import UsageError


def require_free(host: str, port: int) -> None:
    """A usage error, in one line, when nrdeck cannot listen on ``host:port`` (in use by
    another program, a port the user may not open, an address not of this machine)."""
    if port == 0:
        return  # any free port: the system picks one
    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
        with socket.create_server(found[0][4][:2], family=found[0][0]):
            pass
    except OSError as err:
        why, hint = _why(err), _next_step(err)
        raise UsageError(f"cannot listen on {host}:{port}: {why}", hint=hint) from None


def _why(err: OSError) -> str:
    if err.errno == errno.EADDRINUSE:
        return "the port is in use (another nrdeck serve, or another program)"
    if err.errno == errno.EACCES:
        return "permission denied"
    if isinstance(err, socket.gaierror) or not err.errno:
        return err.strerror or str(err)
    return os.strerror(err.errno)  # create_server adds the address to its message


def _next_step(err: OSError) -> str:
    if err.errno == errno.EADDRINUSE:
        return "stop what holds it, or choose another --port"
    if err.errno == errno.EACCES:
        return "choose a port above 1023, or one this user may open"
    return "check --host: an address of this machine, such as 127.0.0.1 or 0.0.0.0"
