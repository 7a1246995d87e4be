"""The table's browser door: textual-serve's server, one for every seat, where each seat
has a secret link, http://HOST:PORT/seat/<token>. The page is textual-serve's own; its
websocket runs the seat command with a fresh ticket for that seat, as a browser link
("link:<token>": the link is its own secret, no join code).

Any other address is a plain 404, answered before anything is started. A link has at
most `per_link` websocket sessions (a seat process each) at once: one more (the player
reloads, or opens a second tab) closes the oldest, so a link never costs more than that.

What a connection may make the host hold is bounded (`WebLimits`): a connection without a
request under way (just opened, or between two requests) has `request_time` to send one
whole, and such connections are few (`unfinished`, `per_address`; a new one displaces the
least advanced, of its own address first), so slow or idle sockets never pile up. A seat's
window is clamped, its keys metered, its messages bounded, and its process's memory
watched, as over SSH (table/door.py, table/pty_bridge.py).

A server of many tables has a browser door of its own (`start_serve_web`): a player's
own link opens their lobby, and each table they go to there a page of its own, within the
same limits.

textual-serve, aiohttp and jinja2 are imported here only: the app never imports this."""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import logging
import shlex
import signal
import socket
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from sherwood_tui.table.door import SPEAKING, DoorLimits, InputMeter, Startup, Startups, fit_window
from sherwood_tui.table.protocol import TableRefusal
from sherwood_tui.table.pty_bridge import SEAT_MEMORY, TERMINATE_GRACE, limit_memory, watch_memory
from sherwood_tui.table.seat_template import HALL_SEATS, ForkedSeat, fork_piped_seat
from sherwood_tui.table.ssh import BACKLOG, SeatSource

log = logging.getLogger("textual-serve")
PAGE_TITLE = "Sherwood table"
WILDCARD_HOSTS = ("", "0.0.0.0", "::")


@dataclass(frozen=True)
class WebLimits:
    """What the browser door gives a connection (the defaults are a host's)."""

    # seconds a connection has to send a whole request once opened or once its last
    # response is sent (aiohttp's keep-alive timeout, 75 s by default, was the only one):
    # a browser sends one at once, and opens a new connection if it finds one closed
    request_time: float = 10.0
    # connections without a request under way, at once: a browser opens at most 6 to a
    # host, so a whole table behind one router (6 players, watchers) loads at once; more
    # costs a descriptor and a few KiB each, no more (500 slow ones stayed open 70 s)
    unfinished: int = 128
    per_address: int = 48  # ... of one address (an IPv6 one: its /64)
    # bytes of one websocket message, held whole while it arrives (aiohttp's default is
    # 4 MiB): keys are a few bytes, a paste is cut to 16 KiB anyway; a longer message
    # closes the window
    message_most: int = 256 * 1024
    seat_memory: int = SEAT_MEMORY  # bytes a seat process may hold (resident) before it is closed


def source_of(address: str) -> str:
    """Who an address is, for the per-address cap: an IPv6 address's /64 (one machine's
    or one home's), any other address itself."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class HttpDoor:
    """The connections of the browser door that have no request under way, within their
    budget: one joins as it opens and after each request, and leaves as its next request
    reaches a handler (`middleware`)."""

    def __init__(self, limits: WebLimits) -> None:
        self.unfinished: Startups[Startup] = Startups(limits.unfinished, limits.per_address)
        self.by_handler: dict[object, _Connection] = {}

    @web.middleware
    async def middleware(self, request: web.Request,
                         handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
        connection = self.by_handler.get(request.protocol)
        if connection is not None:
            connection.serving()
        try:
            return await handler(request)
        finally:
            if connection is not None:
                connection.waiting()


class _Connection(asyncio.Protocol):
    """One HTTP connection: aiohttp's handler inside, and its place among the unfinished."""

    def __init__(self, door: HttpDoor, handler: asyncio.Protocol) -> None:
        self.door, self.handler = door, handler
        self.transport: asyncio.Transport | None = None
        self.address = ""
        self.startup: Startup | None = None
        self.closed = False

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        self.address = source_of(str(peer[0])) if peer else ""
        self.door.by_handler[self.handler] = self
        self.handler.connection_made(transport)
        self.waiting()

    def waiting(self) -> None:
        """No request under way: among the unfinished (displacing one if they are many)."""
        if self.closed:
            return
        self.serving()
        self.startup = Startup(self.address, asyncio.get_running_loop().time(), drop=self.drop)
        displaced = self.door.unfinished.admit(self.startup)
        if displaced is not None:
            displaced.drop()

    def serving(self) -> None:
        if self.startup is not None:
            self.door.unfinished.leave(self.startup)
            self.startup = None

    def drop(self) -> None:
        self.serving()
        if self.transport is not None:
            self.transport.abort()

    def data_received(self, data: bytes) -> None:
        if self.startup is not None:
            self.startup.progress = SPEAKING
        self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received()

    def pause_writing(self) -> None:
        self.handler.pause_writing()

    def resume_writing(self) -> None:
        self.handler.resume_writing()

    def connection_lost(self, exc: Exception | None) -> None:
        self.closed = True
        self.serving()
        self.door.by_handler.pop(self.handler, None)
        self.handler.connection_lost(exc)


class _Site(web.BaseSite):
    """aiohttp's TCP site, each connection in a `_Connection` of the door."""

    def __init__(self, runner: web.AppRunner, host: str, port: int, door: HttpDoor) -> None:
        super().__init__(runner, backlog=BACKLOG)
        self.runner, self.host, self.port, self.door = runner, host, port, door

    @property
    def name(self) -> str:
        return f"http://{self.host}:{self.port}"

    async def start(self) -> None:
        await super().start()
        server = self.runner.server
        assert server is not None
        self._server = await asyncio.get_running_loop().create_server(
            lambda: _Connection(self.door, server()), self.host or None, self.port,
            backlog=BACKLOG, reuse_address=True,
        )


class SeatAppService(AppService):
    """textual-serve's app service for one browser seat: runs an argv (no shell), forked
    by the seat template in a process group of its own, and ends it for sure when the
    browser goes."""

    def __init__(self, argv: Sequence[str], grace: float, **options: Any) -> None:
        super().__init__(shlex.join(argv), **options)
        self.argv = list(argv)
        self.grace = grace
        self.meter = InputMeter()  # the keys that reach the seat
        self.seat: ForkedSeat | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        width, height = fit_window(width, height)
        seat = await fork_piped_seat(self.argv, self._build_environment(width=width, height=height))
        # it has what textual-serve uses of a Process: pid, returncode, wait(), the streams
        self._process = process = cast(Process, seat)
        self.seat = seat
        if not seat.in_hall:  # (a hall's limit would be its other seats')
            limit_memory(process.pid)
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    @property
    def pid(self) -> int | None:
        """The seat's process (a hall's seat: the hall)."""
        return None if self._process is None else self._process.pid

    def memory_ceiling(self, seat_memory: int) -> int:
        """The resident memory the seat's process may hold: `seat_memory`, or a whole
        hall's worth for a seat in a hall."""
        return seat_memory * HALL_SEATS if self.seat is not None and self.seat.in_hall else seat_memory

    def kill(self) -> None:
        """End the seat at once (SIGKILL: its process group, or in a hall that seat alone)."""
        if self.seat is not None:
            self.seat.signal(signal.SIGKILL)

    async def send_bytes(self, data: bytes) -> bool:
        """Keys typed in the browser, as far as the meter lets them through."""
        data = self.meter.take(data)
        return await super().send_bytes(data) if data else True

    async def set_terminal_size(self, width: int, height: int) -> None:
        """The browser window's new size, clamped (a size that is no number: ValueError)."""
        await super().set_terminal_size(*fit_window(int(width), int(height)))

    async def stop(self) -> None:
        """Ask the app to quit (textual-serve's way); SIGKILL its group if it lingers."""
        try:
            await asyncio.wait_for(super().stop(), self.grace)
        except TimeoutError:
            pass
        process = self._process
        if process is not None and process.returncode is None:
            self.kill()
            await process.wait()


class SeatLinkServer(Server):
    """textual-serve's Server with a secret link per seat in place of its one app."""

    def __init__(self, source: SeatSource, links: dict[int, str], logins: tuple[str, ...], *,
                 per_link: int, grace: float, limits: WebLimits, say: Callable[[str], None]) -> None:
        super().__init__("sherwood-tui seat", title=PAGE_TITLE)
        self.source = source
        self.limits = limits
        self.say = say  # a line for the host's log
        self.door = HttpDoor(limits)
        self.logins = logins
        self.seat_of_token = {token: seat for seat, token in links.items()}
        self.per_link = max(1, per_link)
        self.grace = grace
        self.sockets: dict[str, list[web.WebSocketResponse]] = {token: [] for token in links.values()}

    async def _make_app(self) -> web.Application:
        app = await super()._make_app()
        app.middlewares.append(self.door.middleware)
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

    def _link(self, request: web.Request) -> str:
        """The link the request is for (its open windows are counted together), or 404."""
        return self._seat(request)[1]

    def _argv(self, link: str) -> list[str]:
        """The command a window of `link` runs, with a fresh ticket (TableRefusal: none)."""
        seat = self.seat_of_token[link]
        return self.source.seat_command(self.source.issue_ticket(self.logins[seat], "link:" + link))

    def _who(self, link: str) -> str:
        """Whose window `link` opens, for the host's log."""
        return self.logins[self.seat_of_token[link]]

    def _websocket_path(self, request: web.Request) -> str:
        return str(request.app.router["seat-websocket"].url_for(token=self._link(request)))

    async def handle_index(self, request: web.Request) -> web.Response:
        """textual-serve's page, its websocket at this link."""
        self._link(request)
        scheme = "wss" if request.scheme == "https" else "ws"
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "app_websocket_url": f"{scheme}://{request.host}{self._websocket_path(request)}",
            "config": {"static": {"url": "/static/"}},
            "application": {"name": self.title},
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Referrer-Policy"] = "no-referrer"  # the link is a secret
        response.headers["Cache-Control"] = "no-store"
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run the seat app for this link's seat, as textual-serve runs its app."""
        link = self._link(request)
        open_here = self.sockets.setdefault(link, [])
        while len(open_here) >= self.per_link:  # the oldest window of this link gives way
            await open_here.pop(0).close(code=1000, message=b"This seat was opened in another window.")
        await self._make_room(link)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=self.limits.message_most)
        await websocket.prepare(request)
        try:
            argv = self._argv(link)
        except TableRefusal as refusal:
            await websocket.send_bytes(str(refusal).encode() + b"\r\n")
            await websocket.close()
            self._forget(link, websocket)
            return websocket
        service = SeatAppService(
            argv, self.grace,
            write_bytes=websocket.send_bytes, write_str=websocket.send_str, close=websocket.close,
            download_manager=self.download_manager,
        )
        open_here.append(websocket)
        self._opened(link, websocket)
        watch: asyncio.Task[int] | None = None
        try:
            await service.start(to_int(request.query.get("width", "80"), 80), to_int(request.query.get("height", "24"), 24))
            if service.pid is not None:
                watch = asyncio.create_task(watch_memory(service.pid, service.memory_ceiling(self.limits.seat_memory)))
                watch.add_done_callback(lambda done: self._over_memory(done, websocket, service, link))
            await self._process_messages(websocket, service)
        except OSError as err:
            await websocket.send_bytes(f"The seat could not start: {err.strerror or err}.\r\n".encode())
        except (ValueError, TypeError, LookupError, AssertionError, ArithmeticError):  # a message not of textual-serve's kind
            log.warning("a browser seat sent a message that is not textual-serve's: closed")
        finally:
            if watch is not None:
                watch.cancel()
            if websocket in open_here:
                open_here.remove(websocket)
            self._forget(link, websocket)
            await service.stop()
            await websocket.close()
        return websocket

    async def _make_room(self, link: str) -> None:
        """Before a window of `link` opens (its link's oldest closed already): a
        server's door closes the oldest of its key's others past their limit."""

    def _opened(self, link: str, websocket: web.WebSocketResponse) -> None:
        """A window of `link` is open."""

    def _forget(self, link: str, websocket: web.WebSocketResponse) -> None:
        """A window of `link` is closed: a table's seats keep their entries (a server's
        door, whose links are many, drops a link with none open)."""

    def _over_memory(self, watch: asyncio.Task[int], websocket: web.WebSocketResponse,
                     service: SeatAppService, link: str) -> None:
        """The seat process holds more memory than a seat may: it is killed (it holds
        nothing the host has not), with one line to its player and one in the host's log."""
        if watch.cancelled() or watch.exception() is not None:
            return
        ceiling = self.limits.seat_memory // 2**20
        self.say(f"Closed the browser seat of {self._who(link)}: its process held {watch.result() // 2**20} MB, "
                 f"over the {ceiling} MB a seat may.")
        service.kill()
        line = f"\r\nYour seat took more memory than a seat may ({ceiling} MB) and was closed: reload to rejoin.\r\n"
        asyncio.ensure_future(self._say_and_close(websocket, line))

    @staticmethod
    async def _say_and_close(websocket: web.WebSocketResponse, line: str) -> None:
        with contextlib.suppress(ConnectionError, RuntimeError):
            await websocket.send_bytes(line.encode())
            await websocket.close()


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
                           grace: float = TERMINATE_GRACE, limits: WebLimits | None = None,
                           say: Callable[[str], None] = log.warning) -> WebServer:
    """Serve each seat's link on `host`:`port` (0: a free port, see `.port`); `say` takes
    the lines of the host's log."""
    limits = limits or WebLimits()
    server = SeatLinkServer(source, links, logins, per_link=per_link, grace=grace, limits=limits, say=say)
    runner = web.AppRunner(await server._make_app(), handle_signals=False, access_log=None,
                           shutdown_timeout=grace + 1, keepalive_timeout=limits.request_time)
    await runner.setup()
    site = _Site(runner, host, port, server.door)
    await site.start()
    return WebServer(runner, host, runner.addresses[0][1], server)


# ----- a server's browser door (`sherwood-tui serve --web-port`) ---------------------------
TOKEN = r"{token:[A-Za-z0-9_-]{8,64}}"
TABLE = r"{table:[0-9]{1,12}}"
PER_KEY = DoorLimits.per_key  # a key's windows at once in all, as its SSH connections


class ServerLinkServer(SeatLinkServer):
    """The browser door of a server of many tables (`TableServer`, table/serve.py): a
    player's own link, http://HOST:PORT/lobby/<secret>, opens their lobby (the key whose
    secret it is); the lobby gives, for each table they go to, a page of its own,
    http://HOST:PORT/seat/<secret>/<table>, that opens their seat there (or watches). The
    lobby and the seat are separate pages and processes: a textual-serve page runs one
    app to its end. Every guarantee of a table's door holds: windows per link (and per
    key in all, as its SSH connections), the requests' budget, the window's size, keys
    metered, memory watched."""

    def __init__(self, server: Any, *, per_link: int, per_key: int, grace: float, limits: WebLimits,
                 say: Callable[[str], None]) -> None:
        super().__init__(server, {}, (), per_link=per_link, grace=grace, limits=limits, say=say)
        self.server = server  # a TableServer (not imported: it imports the table's host)
        self.per_key = max(1, per_key)  # windows of one key at once, lobby and tables (as over SSH)
        self.by_key: dict[str, list[web.WebSocketResponse]] = {}  # a link's secret -> its windows, oldest first

    async def _make_app(self) -> web.Application:
        app = await Server._make_app(self)
        app.middlewares.append(self.door.middleware)
        app.add_routes([
            web.get(f"/lobby/{TOKEN}", self.handle_index, name="lobby"),
            web.get(f"/lobby/{TOKEN}/ws", self.handle_websocket, name="lobby-websocket"),
            web.get(f"/seat/{TOKEN}/{TABLE}", self.handle_index, name="table"),
            web.get(f"/seat/{TOKEN}/{TABLE}/ws", self.handle_websocket, name="table-websocket"),
        ])
        return app

    def _link(self, request: web.Request) -> str:
        """"<secret>" for a lobby's link, "<secret>/<table>" for a seat's; 404 for a secret
        no key has, a table the server does not have, or any other address."""
        route = request.match_info.route.name or ""
        token = request.match_info.get("token", "")
        if route not in ("lobby", "lobby-websocket", "table", "table-websocket") or self.server.web_key(token) is None:
            raise web.HTTPNotFound(text="There is nothing at this address.")
        if route.startswith("lobby"):
            return token
        table = request.match_info.get("table", "")
        if table not in self.server.tables:
            raise web.HTTPNotFound(text="There is no such table.")
        return f"{token}/{table}"

    def _websocket_path(self, request: web.Request) -> str:
        link = self._link(request)
        return f"/lobby/{link}/ws" if "/" not in link else f"/seat/{link}/ws"

    def _argv(self, link: str) -> list[str]:
        """A lobby (in its browser form) with a fresh ticket for the link's key, or that
        key's seat process at the table with a fresh ticket (TableRefusal: why not)."""
        from pathlib import Path

        from sherwood_tui.table.seat_app import seat_command

        token, _, table = link.partition("/")
        key = self.server.web_key(token)
        if key is None:
            raise TableRefusal("This link is no longer good.")
        if not table:
            return [*self.server.seat_command(self.server.issue_ticket("web", key)), "--browser"]
        socket_path, ticket = self.server.table_ticket(key, table)
        return seat_command(Path(socket_path), ticket, browser=True)

    def _who(self, link: str) -> str:
        token, _, table = link.partition("/")
        whose = self.server.name_of(self.server.web_key(token) or "")
        return f"{whose} at table {table}" if table else f"{whose}'s lobby"

    async def _make_room(self, link: str) -> None:
        windows = self.by_key.get(link.partition("/")[0], [])
        windows[:] = [window for window in windows if not window.closed]  # (closed: their ends are under way)
        while len(windows) >= self.per_key:  # the key's oldest window gives way
            await windows.pop(0).close(code=1000, message=b"You opened another window at this server.")

    def _opened(self, link: str, websocket: web.WebSocketResponse) -> None:
        self.by_key.setdefault(link.partition("/")[0], []).append(websocket)

    def _forget(self, link: str, websocket: web.WebSocketResponse) -> None:
        if not self.sockets.get(link, True):
            del self.sockets[link]
        token = link.partition("/")[0]
        windows = self.by_key.get(token, [])
        if websocket in windows:
            windows.remove(websocket)
        if not windows:
            self.by_key.pop(token, None)


async def start_serve_web(server: Any, host: str, port: int, *, per_link: int = 2, per_key: int = PER_KEY,
                          grace: float = TERMINATE_GRACE, limits: WebLimits | None = None,
                          say: Callable[[str], None] = log.warning) -> WebServer:
    """Open a server's browser door on `host`:`port` (0: a free port); the server's
    `web_base` is set, so its lobbies give their players' links. A link has at most
    `per_link` windows at once, a key `per_key` in all (one more closes its oldest)."""
    limits = limits or WebLimits()
    links = ServerLinkServer(server, per_link=per_link, per_key=per_key, grace=grace, limits=limits, say=say)
    runner = web.AppRunner(await links._make_app(), handle_signals=False, access_log=None,
                           shutdown_timeout=grace + 1, keepalive_timeout=limits.request_time)
    await runner.setup()
    site = _Site(runner, host, port, links.door)
    await site.start()
    door = WebServer(runner, host, runner.addresses[0][1], links)
    server.web_base = f"http://{_url_host(host)}:{door.port}"
    return door
