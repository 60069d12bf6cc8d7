"""How a served process collects cyclic garbage: rarely by count, often by the clock.

A server keeps every table in memory and remakes a table's state, row and summary at each
of its moves, freeing the previous ones; each move also builds a few hundred
short-lived objects (views, messages) that reference counting frees at once. Cycles,
the only garbage the collector is for, are few: a move makes none.

The interpreter's defaults fit neither. It collects the young objects when 700 more were
made than freed, so at full speed the collector took about a fifth of each move; and
tables moving at a person's pace make about as many objects as they free, so the young
generation grew for seconds unseen (140,000 objects with 3,200 tables) and its collection
then stopped every table for up to 90 ms. It collects all objects whenever a quarter
more than at the last such collection have grown old, which here is every few seconds,
though nearly all of them have been freed since: each of those collections scanned every
table of the process (over a second with 6,400 tables).

``serai serve`` therefore collects on a clock (:func:`collecting_on_time`): the young
objects every :data:`YOUNG_SECONDS`, the middle generation every :data:`MIDDLE_EVERY` of
those, and all objects every :data:`FULL_EVERY`, or more rarely while that finds next to
nothing; the interpreter collects by itself only after ``young_objects`` new objects, and
never all of them. An app inside another program leaves the interpreter's collector as
it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import AsyncIterator

YOUNG_OBJECTS = 20_000
"""New objects between two collections of the young ones that the interpreter starts by
itself in a served process (``serai serve`` enters :func:`collecting_on_time` with it)."""

YOUNG_SECONDS = 0.05
"""How often a served process collects its young objects, however few were made."""

MIDDLE_EVERY = 10
"""Every how many collections of the young objects the middle generation is collected."""

FULL_EVERY = 6_000
"""Every how many collections of the young objects (5 minutes, more while the event loop
is busy) all objects are collected (start-up's frozen ones aside), while each such
collection finds garbage."""

LONGEST_EVERY = 72_000
"""The longest wait between two collections of all objects (an hour or more)."""

FEW = 1_000
"""A collection of all objects that finds fewer than this doubles the wait for the next."""

NEVER = 2**30
"""A count never reached: as a threshold, the interpreter never collects that generation
by itself."""


@contextlib.asynccontextmanager
async def collecting_on_time(
    young_objects: int, full_every: int = FULL_EVERY
) -> AsyncIterator[None]:
    """While inside, collect on a clock (:func:`collect_on_time`, all objects every
    ``full_every`` young collections), with every object alive on entry (modules, the
    schema, the app) frozen out of collections; the interpreter collects by itself only
    every ``young_objects`` new objects and never all of them. On leaving, its own
    thresholds are back and nothing is frozen."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(young_objects, MIDDLE_EVERY, NEVER)
    pacing = asyncio.create_task(collect_on_time(full_every=full_every))
    try:
        yield
    finally:
        pacing.cancel()
        gc.set_threshold(*thresholds)
        gc.unfreeze()


async def collect_on_time(
    young_seconds: float = YOUNG_SECONDS,
    middle_every: int = MIDDLE_EVERY,
    full_every: int = FULL_EVERY,
    longest_every: int = LONGEST_EVERY,
) -> None:
    """Until cancelled, collect the young objects every ``young_seconds``, each time
    between two steps of the event loop: each collection sees only the objects made
    since the last one of its generation.

    Every ``middle_every``-th collection takes the middle generation too, and the
    ``full_every``-th all objects. A collection of all objects scans every table of the
    process (about 1.3 s with 6,400 tables moving) and finds nearly all of it alive:
    while it finds fewer than :data:`FEW` objects to free, the next comes twice as many
    collections later, up to ``longest_every``.
    """
    young = 0
    wait = full_at = full_every
    while True:
        await asyncio.sleep(young_seconds)
        young += 1
        if young == full_at:
            found = gc.collect(2)
            wait = full_every if found >= FEW else min(2 * wait, longest_every)
            full_at = young + wait
        else:
            gc.collect(1 if young % middle_every == 0 else 0)
