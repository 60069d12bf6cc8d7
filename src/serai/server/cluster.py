"""Many server processes over one PostgreSQL store, on one machine or many.

- **The store decides.** Every change is a transaction on the table's revision, so two
  processes never both apply a move to the same revision: the loser answers
  ``stale_state`` and reloads the table. A table in a process's memory is a cache.
- **Fan-out through Redis.** Each change of a table is published on its channel
  (``serai:table:<id>``); every process holding the table subscribes. One that follows it
  (its connections watch it, or it drives the table's bots and clocks) reads what it lacks
  from the store and pushes it to its own connections; any other only marks its copy
  behind, to catch up when it next uses it (a table made on one process and played on
  another costs the maker no reading of the store per move). Only the table's id, its
  revision and what kind of change it was go through Redis (a chat line too, being
  short); the changes a process makes while its last ones are being sent go together.
- **One driver per table.** A process drives a table's bots and clocks only while it holds
  the table's PostgreSQL advisory lock, taken on a connection it keeps open. A process
  that dies loses its connection, and the lock with it; the others look every
  :data:`SWEEP_SECONDS` for tables without a driver and take them over. A process whose
  connection is lost (PostgreSQL restarted, or the connection cut) lost its locks too: it
  notices within :data:`SWEEP_SECONDS`, opens another and drives only what it locks again.
- **Redis going away** loses no move (the store has every one): the changes made
  meanwhile wait (:data:`OUTBOX` at most) and are published once it is back; the
  subscriber reconnects, subscribes again and, as for any table it starts to listen to,
  catches up with every table it keeps up with (marking the others behind), chat lines
  included; and every :data:`SWEEP_SECONDS` each process compares the revisions of the tables it
  holds with the store's, so not even a lost message leaves a table behind for long.

:class:`Solo` is the same interface for one process alone (SQLite, or PostgreSQL without
Redis): nothing to tell anyone, and every table is its own to drive.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import secrets
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import text
from sqlalchemy.exc import DBAPIError

from serai.server.errors import log, stop_tasks
from serai.server.store import Store

SWEEP_SECONDS = 2.0
"""How often a process looks for tables nobody drives (bots or clocks waiting)."""

LISTEN_SECONDS = 0.25
"""The longest a newly held table waits to be subscribed to (it catches up on what it
missed from the store)."""

OUTBOX = 10_000
"""The most changes waiting to be published (Redis away or slow); beyond, the oldest are
dropped. The other processes read the moves they missed from the store at their next
look around (:data:`SWEEP_SECONDS`), and the chat lines when they next subscribe."""

STOP_FLUSH_SECONDS = 1.0
"""How long a stopping process waits for Redis to take the changes still waiting."""

RECONNECT_SECONDS = (0.2, 5.0)
"""The first and the longest wait before connecting to Redis again."""

Heard = Callable[[str, dict[str, Any]], Awaitable[None]]
"""Called with a table id and what another process said changed."""


def lock_key(table_id: str) -> int:
    """The advisory lock of a table: a signed 64-bit number from its id."""
    return int.from_bytes(hashlib.sha256(table_id.encode()).digest()[:8], "big", signed=True)


class Solo:
    """One process alone: every table is its own."""

    several = False

    async def start(self, heard: Heard) -> None:
        """Nothing to listen to."""

    async def stop(self) -> None:
        """Nothing to close."""

    def publish(self, table_id: str, change: dict[str, Any]) -> None:
        """Nobody else to tell."""

    def watch(self, table_id: str) -> None:
        """Nobody else changes tables."""

    def forget(self, table_id: str) -> None:
        """Nothing was watched."""

    def holds(self, table_id: str) -> bool:
        """Every table is its own."""
        return True

    async def drives(self, table_id: str) -> bool:
        return True

    async def check(self) -> None:
        """No locks to lose."""


class Cluster:
    """One process of a group sharing a PostgreSQL store, told of changes by Redis."""

    several = True

    def __init__(self, redis_url: str, store: Store) -> None:
        import redis.asyncio as redis

        # no retries of its own: a failed publish waits in the outbox for the next sending,
        # and a broken subscription is noticed by _listen, which catches up what it missed
        self.redis = redis.Redis.from_url(redis_url)
        self.store = store
        self.origin = secrets.token_hex(6)
        """This process, so it ignores what it published itself."""
        self.watched: set[str] = set()
        self.held: set[str] = set()
        self.holder: Any = None
        """The store connection that holds this process's advisory locks."""
        self.tasks: list[asyncio.Task[None]] = []
        self.outbox: deque[tuple[str, str]] = deque(maxlen=OUTBOX)
        """Changes to publish: each channel and message."""
        self.outgoing = asyncio.Event()
        """Set when the outbox has changes to send."""
        self.dropped = 0
        """Changes dropped from the full outbox since the last sending."""
        self.pubsub: Any = None
        self.changed = asyncio.Event()
        self.holding = asyncio.Lock()
        self.unlocking: set[asyncio.Future[Any]] = set()
        """One use of the lock connection at a time (it is not shared between threads)."""

    async def start(self, heard: Heard) -> None:
        self.holder = await asyncio.to_thread(self.store.engine.connect)
        self.tasks.append(asyncio.create_task(self._listen(heard)))
        self.tasks.append(asyncio.create_task(self._send()))

    async def stop(self) -> None:
        with contextlib.suppress(Exception):  # what is still waiting, if Redis answers soon
            await asyncio.wait_for(self._flush(), STOP_FLUSH_SECONDS)
        await stop_tasks(self.tasks)
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        if self.holder is not None:
            await asyncio.to_thread(self.holder.close)

    def publish(self, table_id: str, change: dict[str, Any]) -> None:
        """Tell the other processes that ``table_id`` changed (in the background: a
        Redis that is away delays nobody; they reload everything when it is back)."""
        self.dropped += len(self.outbox) == OUTBOX
        self.outbox.append(
            (f"serai:table:{table_id}", json.dumps({**change, "origin": self.origin}))
        )
        self.outgoing.set()

    async def _send(self) -> None:
        """For as long as the process runs, publish the changes waiting, in order: all
        those made while the last ones were sent go together, in one round trip. While
        Redis is away they wait, and sending is tried again, less and less often."""
        wait, longest = RECONNECT_SECONDS
        while True:
            await self.outgoing.wait()
            try:
                await self._flush()
            except Exception as error:
                log.warning(
                    "could not tell the other processes through Redis (%s); trying again in %.1f s",
                    error,
                    wait,
                )
                await asyncio.sleep(wait)
                wait = min(wait * 2, longest)
            else:
                wait = RECONNECT_SECONDS[0]

    async def _flush(self) -> None:
        """Publish every change waiting, in one round trip (a pipeline); if that fails,
        they wait again, before any made meanwhile."""
        self.outgoing.clear()
        waiting = list(self.outbox)
        self.outbox.clear()
        if self.dropped:
            log.warning("%d changes were never told: more than %d waited", self.dropped, OUTBOX)
            self.dropped = 0
        if not waiting:
            return
        try:
            async with self.redis.pipeline(transaction=False) as together:
                for channel, message in waiting:
                    together.publish(channel, message)
                await together.execute()
        except BaseException:
            self.dropped += max(0, len(waiting) + len(self.outbox) - OUTBOX)
            self.outbox = deque([*waiting, *self.outbox], maxlen=OUTBOX)
            self.outgoing.set()
            raise

    def watch(self, table_id: str) -> None:
        self.watched.add(table_id)
        self.changed.set()

    def forget(self, table_id: str) -> None:
        self.watched.discard(table_id)
        self.changed.set()
        if table_id in self.held:
            self.held.discard(table_id)
            unlock = asyncio.ensure_future(self._holder(self._unlock, table_id))
            self.unlocking.add(unlock)
            unlock.add_done_callback(self.unlocking.discard)

    def holds(self, table_id: str) -> bool:
        """Whether this process holds ``table_id``'s lock (drives its bots and clocks)."""
        return table_id in self.held

    async def drives(self, table_id: str) -> bool:
        """Whether this process drives ``table_id`` (taking its lock if it is free)."""
        if table_id in self.held:
            return True
        if await self._holder(self._lock, table_id):
            self.held.add(table_id)
            return True
        return False

    async def check(self) -> None:
        """Make sure the locks this process counts as held still are: when the connection
        holding them was lost, they went with it, and a new connection holds none yet."""
        await self._holder(self._ping, "")

    async def _holder(self, use: Callable[[str], Any], table_id: str) -> Any:
        """``use(table_id)`` on the lock connection, one at a time. A connection found lost
        (here, or by an earlier use) is replaced first, and the locks it held are
        forgotten: they went with its session; a use that finds it lost is tried once
        more on a new one."""
        async with self.holding:
            for last in (False, True):
                if self.holder is None or self.holder.invalidated:
                    self.held.clear()
                    await asyncio.to_thread(self._reconnect)
                try:
                    return await asyncio.to_thread(use, table_id)
                except DBAPIError as error:
                    await asyncio.to_thread(self._roll_back)
                    if last or not error.connection_invalidated:
                        raise
                    log.warning("the connection holding the tables' locks was lost: %s", error.orig)

    def _roll_back(self) -> None:
        """End a transaction a failed statement left open (advisory locks outlive it)."""
        with contextlib.suppress(Exception):
            self.holder.rollback()

    def _reconnect(self) -> None:
        lost, self.holder = self.holder, None
        if lost is not None:
            with contextlib.suppress(Exception):
                lost.close()
        self.holder = self.store.engine.connect()

    def _ping(self, _: str) -> None:
        self.holder.execute(text("SELECT 1"))
        self.holder.commit()

    def _lock(self, table_id: str) -> bool:
        result = self.holder.execute(
            text("SELECT pg_try_advisory_lock(:key)"), {"key": lock_key(table_id)}
        )
        taken = bool(result.scalar())
        self.holder.commit()
        return taken

    def _unlock(self, table_id: str) -> None:
        with contextlib.suppress(Exception):
            self.holder.execute(
                text("SELECT pg_advisory_unlock(:key)"), {"key": lock_key(table_id)}
            )
            self.holder.commit()

    async def _listen(self, heard: Heard) -> None:
        """Follow the channels of the tables this process holds, for as long as it runs,
        through Redis going away and coming back."""
        wait, longest = RECONNECT_SECONDS
        while True:
            try:
                self.pubsub = self.redis.pubsub()
                subscribed: set[str] = set()
                await self.pubsub.subscribe("serai:hello")
                self.changed.set()  # a new connection: subscribe to every table again
                wait = RECONNECT_SECONDS[0]
                while True:
                    for table_id in await self._follow(subscribed):
                        # what changed before we listened (or while Redis was away) is in
                        # the store
                        await self._take_in(heard, table_id, {"subscribed": True})
                    message = await self.pubsub.get_message(
                        ignore_subscribe_messages=True, timeout=LISTEN_SECONDS
                    )
                    if message is None or message.get("type") != "message":
                        continue
                    channel = message["channel"].decode()
                    change = json.loads(message["data"])
                    if change.get("origin") != self.origin and channel.startswith("serai:table:"):
                        await self._take_in(heard, channel.removeprefix("serai:table:"), change)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("Redis is away (%s); trying again in %.1f s", error, wait)
                with contextlib.suppress(Exception):
                    await self.pubsub.aclose()
                await asyncio.sleep(wait)
                wait = min(wait * 2, longest)

    @staticmethod
    async def _take_in(heard: Heard, table_id: str, change: dict[str, Any]) -> None:
        """Pass on a change of ``table_id``; a failure to take it in (the store away a
        moment) is that table's alone, which then catches up when next used."""
        try:
            await heard(table_id, change)
        except Exception as error:
            log.warning("table %s: could not take in a change made elsewhere: %s", table_id, error)

    async def _follow(self, subscribed: set[str]) -> set[str]:
        """Subscribe to the tables newly held, unsubscribe from those let go; the tables
        newly subscribed to."""
        if not self.changed.is_set():
            return set()
        self.changed.clear()
        wanted = {f"serai:table:{table_id}" for table_id in self.watched}
        added = wanted - subscribed
        if added:
            await self.pubsub.subscribe(*added)
        if dropped := subscribed - wanted:
            await self.pubsub.unsubscribe(*dropped)
        subscribed.clear()
        subscribed.update(wanted)
        return {channel.removeprefix("serai:table:") for channel in added}
