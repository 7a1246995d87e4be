"""The table's browser door: textual-serve's server, one for every seat, where each seat
has a secret link, http://HOST:PORT/seat/<token>. The page is textual-serve's own; its
websocket runs the seat command with a fresh ticket for that seat, as a browser link
("link:<token>": the link is its own secret, no join code).

Any other address is a plain 404, answered before anything is started. A link has at
most `per_link` websocket sessions (a seat process each) at once: one more (the player
reloads, or opens a second tab) closes the oldest, so a link never costs more than that.

textual-serve, aiohttp and jinja2 are imported here only: the app never imports this."""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import os
import shlex
import signal
import socket
from asyncio.subprocess import PIPE, Process
from collections.abc import Sequence
from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from sherwood_tui.table.protocol import TableRefusal
from sherwood_tui.table.pty_bridge import TERMINATE_GRACE
from sherwood_tui.table.ssh import SeatSource

log = logging.getLogger("textual-serve")
PAGE_TITLE = "Sherwood table"
WILDCARD_HOSTS = ("", "0.0.0.0", "::")


class SeatAppService(AppService):
    """textual-serve's app service for one browser seat: runs an argv (no shell), in a
    process group of its own, and ends it for sure when the browser goes."""

    def __init__(self, argv: Sequence[str], grace: float, **options: Any) -> None:
        super().__init__(shlex.join(argv), **options)
        self.argv = list(argv)
        self.grace = grace

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv, stdin=PIPE, stdout=PIPE, stderr=PIPE,
            env=self._build_environment(width=width, height=height), start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def stop(self) -> None:
        """Ask the app to quit (textual-serve's way); SIGKILL its group if it lingers."""
        try:
            await asyncio.wait_for(super().stop(), self.grace)
        except TimeoutError:
            pass
        process = self._process
        if process is not None and process.returncode is None:
            try:
                os.killpg(process.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            await process.wait()


class SeatLinkServer(Server):
    """textual-serve's Server with a secret link per seat in place of its one app."""

    def __init__(self, source: SeatSource, links: dict[int, str], logins: tuple[str, ...], *,
                 per_link: int, grace: float) -> None:
        super().__init__("sherwood-tui seat", title=PAGE_TITLE)
        self.source = source
        self.logins = logins
        self.seat_of_token = {token: seat for seat, token in links.items()}
        self.per_link = max(1, per_link)
        self.grace = grace
        self.sockets: dict[str, list[web.WebSocketResponse]] = {token: [] for token in links.values()}

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.add_routes([
            web.get("/seat/{token}", self.handle_index, name="seat"),
            web.get("/seat/{token}/ws", self.handle_websocket, name="seat-websocket"),
        ])
        return app

    async def on_startup(self, app: web.Application) -> None:
        """Quiet: the host's terminal shows the links (textual-serve would print a logo)."""

    async def on_shutdown(self, app: web.Application) -> None:
        """Close every seat's websocket: their seat processes end."""
        await asyncio.gather(*(websocket.close(code=1001, message=b"The table has closed.")
                               for sockets in self.sockets.values() for websocket in list(sockets)))

    def _seat(self, request: web.Request) -> tuple[int, str]:
        """The seat of the request's link and its token; 404 for any other address."""
        token = request.match_info.get("token", "")
        if token not in self.seat_of_token:
            raise web.HTTPNotFound(text="There is no seat at this address.")
        return self.seat_of_token[token], token

    async def handle_index(self, request: web.Request) -> web.Response:
        """textual-serve's page, its websocket at this seat's link."""
        _, token = self._seat(request)
        scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{scheme}://{request.host}{request.app.router['seat-websocket'].url_for(token=token)}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Referrer-Policy"] = "no-referrer"  # the link is a secret
        response.headers["Cache-Control"] = "no-store"
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run the seat app for this link's seat, as textual-serve runs its app."""
        seat, token = self._seat(request)
        open_here = self.sockets[token]
        while len(open_here) >= self.per_link:  # the oldest window of this link gives way
            await open_here.pop(0).close(code=1000, message=b"This seat was opened in another window.")
        websocket = web.WebSocketResponse(heartbeat=15)
        await websocket.prepare(request)
        try:
            ticket = self.source.issue_ticket(self.logins[seat], "link:" + token)
        except TableRefusal as refusal:
            await websocket.send_bytes(str(refusal).encode() + b"\r\n")
            await websocket.close()
            return websocket
        service = SeatAppService(
            self.source.seat_command(ticket), self.grace,
            write_bytes=websocket.send_bytes, write_str=websocket.send_str, close=websocket.close,
            download_manager=self.download_manager,
        )
        open_here.append(websocket)
        try:
            await service.start(to_int(request.query.get("width", "80"), 80), to_int(request.query.get("height", "24"), 24))
            await self._process_messages(websocket, service)
        except OSError as err:
            await websocket.send_bytes(f"The seat could not start: {err.strerror or err}.\r\n".encode())
        except (ValueError, TypeError, LookupError, AssertionError):  # a message not of textual-serve's kind
            log.warning("a browser seat sent a message that is not textual-serve's: closed")
        finally:
            if websocket in open_here:
                open_here.remove(websocket)
            await service.stop()
            await websocket.close()
        return websocket


class WebServer:
    """The running browser door: `.port`, `.url(token)`, `close()`."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, links: SeatLinkServer) -> None:
        self._runner = runner
        self.links = links  # the open websockets of each link: `.sockets`
        self.host = host
        self.port = port

    def url(self, token: str) -> str:
        """A seat's link (its secret)."""
        return f"http://{_url_host(self.host)}:{self.port}/seat/{token}"

    async def close(self) -> None:
        """Stop serving; every browser seat's process ends."""
        await self._runner.cleanup()


def _url_host(host: str) -> str:
    """How a browser reaches `host`: this machine's name for a wildcard address."""
    if host in WILDCARD_HOSTS:
        return socket.gethostname()
    try:
        return f"[{host}]" if ipaddress.ip_address(host).version == 6 else host
    except ValueError:
        return host


async def start_web_server(source: SeatSource, host: str, port: int, links: dict[int, str],
                           logins: tuple[str, ...], *, per_link: int = 2,
                           grace: float = TERMINATE_GRACE) -> WebServer:
    """Serve each seat's link on `host`:`port` (0: a free port, see `.port`)."""
    server = SeatLinkServer(source, links, logins, per_link=per_link, grace=grace)
    runner = web.AppRunner(await server._make_app(), handle_signals=False, access_log=None,
                           shutdown_timeout=grace + 1)
    await runner.setup()
    site = web.TCPSite(runner, host or None, port)
    await site.start()
    return WebServer(runner, host, runner.addresses[0][1], server)
