"""Players: accounts, their passwords and sign-in sessions.

- **Names** are shown as typed (NFC) and compared by a key (NFKC, case folded), so
  ``Ámélie``, ``ámélie`` and ``A\u0301me\u0301lie`` are one name. They hold letters, digits,
  spaces, ``-``, ``_`` and ``.``; ``:`` is kept for the bots (``mcts:hard`` is a player too).
  None of its letters is drawn as nothing, and none carries more than three accents. A
  new name is written in one script (Latin with Chinese, Japanese or Korean may mix), so
  that ``Mаgnus`` with a Cyrillic ``а`` cannot pass for ``Magnus``; nor may it look like
  an existing name (the same :func:`look`), so that neither the all-Cyrillic ``Аре`` nor
  ``B0B`` nor ``lan`` (small L) is taken beside ``Ape``, ``BOB`` or ``Ian``.
- **Passwords** are hashed with argon2id (``argon2-cffi``), in threads of their own so the
  server keeps answering, and only so many at once (:data:`PASSWORD_JOBS`); a sign-in
  with an unknown name checks a dummy hash, so it takes as long and is answered the same
  as a wrong password.
- **Sessions** are random secrets in an ``HttpOnly`` cookie; the server keeps only their
  SHA-256, with an expiry, so signing out or expiring revokes them. Each session has a
  CSRF token (a readable cookie, sent back in a header on every state change).
- **Devices**: a browser that signed in to an account holds a device cookie vouching for
  it (OWASP's "device cookies"), so that strangers guessing a player's password from many
  addresses do not lock that browser out. Each of its entries (one per account, the last
  :data:`DEVICES` signed in to) is a random nonce and an expiry, with their HMAC-SHA256
  keyed by the account's password hash: a secret only the server holds, in the store
  every process shares. An entry names no account; a new password voids it.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import hashlib
import hmac
import itertools
import re
import secrets
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any, TypeVar

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from confusable_homoglyphs.categories import unique_aliases
from sqlalchemy import delete, insert, select, text, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from serai.server.bots import SEAT_BOTS
from serai.server.clocks import VACATION_DAYS
from serai.server.errors import TableError
from serai.server.schema import accounts, sessions
from serai.server.store import Store, StoreError

NAME_LENGTH = (2, 24)
WRITTEN_OUT = 2 * NAME_LENGTH[1]
"""Characters a name may hold with each written out (NFKC: a ligature as its letters, the
one-character ``U+FDFA`` as 18), so that its key and its look fit their columns."""
PASSWORD_LENGTH = (10, 256)
SESSION_SECONDS = 30 * 24 * 3600
DEVICE_SECONDS = 365 * 24 * 3600
DEVICES = 5
"""Accounts one device cookie vouches for at most: the last ones signed in to."""
DEVICE_ENTRY = re.compile(r"([A-Za-z0-9_-]{16})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})")
"""An entry of a device cookie: its nonce, its expiry (Unix seconds) and their HMAC."""
NAME_PUNCTUATION = frozenset(" -_.")
BLANKS = frozenset("\u115f\u1160\u2800\u3164\uffa0")
"""Letters and symbols drawn as nothing (Hangul fillers, the blank Braille pattern)."""
IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
"""Unicode's default ignorable code points (DerivedCoreProperties): drawn as nothing
where a font does not know them, so a name with one looks like the name without it."""
MAX_MARKS = 3
"""Combining marks in a row a name may hold (more pile up into a smear above a letter)."""
SHARED_SCRIPTS = frozenset({"COMMON", "INHERITED"})
"""Characters every script uses: digits, punctuation, combining accents."""
SCRIPT_MIXES = (
    frozenset({"LATIN", "HAN", "HIRAGANA", "KATAKANA"}),
    frozenset({"LATIN", "HAN", "BOPOMOFO"}),
    frozenset({"LATIN", "HAN", "HANGUL"}),
)
"""The scripts one name may mix: Latin with the writing of Japanese, Chinese or Korean,
none of whose letters looks like another's (Unicode's "highly restrictive" level, UTS #39).
"""
NAMING = 5_365_161_602
"""The PostgreSQL advisory lock a sign-up holds while it checks and writes its name."""


def digest(secret: str) -> str:
    """What the server keeps of a secret: its SHA-256."""
    return hashlib.sha256(secret.encode()).hexdigest()


def name_key(name: str) -> str:
    """The form two names are compared in.

    >>> name_key("Ámélie") == name_key("A\u0301ME\u0301LIE") == name_key("ámélie")
    True
    """
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


@cache
def prototypes() -> dict[str, str]:
    """Each character Unicode's confusables.txt (UTS #39) pairs with another, mapped to the
    least code point of its class: the characters a chain of such pairs joins. Only pairs of
    single characters count (after the U+200E marks around right-to-left ones): a name is
    compared character by character."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while (up := parent.get(char, char)) != char:
            char = up
        return char

    for char, homoglyphs in confusables_data.items():
        for homoglyph in homoglyphs:
            pair = {char.replace("\u200e", ""), homoglyph["c"].replace("\u200e", "")}
            if all(len(one) == 1 for one in pair):
                low, *high = sorted({root(one) for one in pair})
                parent.update((one, low) for one in [low, *high])
    return {char: root(char) for char in parent}


def look(name: str) -> str:
    """The form in which two names look alike: each character of the name (NFKC, then
    NFD) drawn as the prototype of its class (:func:`prototypes`), then NFD and case
    folded; Unicode's "skeleton" (UTS #39), over whole classes.

    >>> look("\u0410\u0440\u0435") == look("Ape")  # all Cyrillic
    True
    >>> look("B0B") == look("BOB"), look("Ian") == look("lan"), look("Magnus") == look("Magnes")
    (True, True, False)

    Case is folded last, once each character is drawn as its prototype: a capital I,
    drawn like a small L, does not look like a small i. Names differing only in case
    share their :func:`name_key`, which a new name is checked against too.

    >>> look("IAN") == look("ian"), look("IAN") == look("lan"), name_key("IAN") == name_key("ian")
    (False, True, True)
    """
    drawn = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name))
    same = prototypes()
    return unicodedata.normalize("NFD", "".join(same.get(c, c) for c in drawn)).casefold()


def check_name(name: str) -> str:
    """A player's name as it is shown, or ``ValueError`` saying what is wrong with it.

    >>> check_name("  Ame\u0301lie  ")
    'Amélie'
    >>> check_name("mcts:hard")
    Traceback (most recent call last):
    ...
    ValueError: a name holds letters, digits, spaces and - _ . only, not ':'
    >>> check_name("M\u0430gnus")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: a name is written in one script, ...: this one mixes Cyrillic and Latin
    >>> check_name("山田 Taro")
    '山田 Taro'
    >>> check_name("RAND0M")
    Traceback (most recent call last):
    ...
    ValueError: 'RAND0M' is, or looks like, the name of a bot
    >>> check_name("\ufdfa" * 3)
    Traceback (most recent call last):
    ...
    ValueError: a name holds at most 48 characters, each written out
    """
    shown = unicodedata.normalize("NFC", name.strip())
    low, high = NAME_LENGTH
    if not low <= len(shown) <= high:
        raise ValueError(f"a name has {low} to {high} characters")
    marks = 0
    for char in shown:
        kind = unicodedata.category(char)[0]
        if char in BLANKS or any(low <= ord(char) <= high for low, high in IGNORABLE):
            raise ValueError(f"a name holds no letter drawn as nothing (U+{ord(char):04X})")
        if char not in NAME_PUNCTUATION and kind not in "LMN":
            raise ValueError(f"a name holds letters, digits, spaces and - _ . only, not {char!r}")
        marks = marks + 1 if kind == "M" else 0
        if marks > MAX_MARKS:
            raise ValueError(f"a name holds at most {MAX_MARKS} accents on one letter")
    if "  " in shown:
        raise ValueError("a name has single spaces between its words")
    scripts: set[str] = unique_aliases(shown) - SHARED_SCRIPTS
    if len(scripts) > 1 and not any(scripts <= mix for mix in SCRIPT_MIXES):
        mixed = " and ".join(sorted(script.title() for script in scripts))
        raise ValueError(
            f"a name is written in one script, so that it cannot pass for another: "
            f"this one mixes {mixed}"
        )
    if len(unicodedata.normalize("NFKC", shown)) > WRITTEN_OUT:
        raise ValueError(f"a name holds at most {WRITTEN_OUT} characters, each written out")
    if name_key(shown) in bot_keys() or look(shown) in bot_looks():
        raise ValueError(f"{shown!r} is, or looks like, the name of a bot")
    return shown


@cache
def bot_keys() -> frozenset[str]:
    """The keys (:func:`name_key`) of the bots' names: no player may take one."""
    return frozenset(name_key(spec) for spec in SEAT_BOTS)


@cache
def bot_looks() -> frozenset[str]:
    """The looks (:func:`look`) of the bots' names a player could type (those without
    ``:``), in every mix of cases: no player's name may look like one."""
    return frozenset(
        look("".join(letters))
        for spec in SEAT_BOTS
        if ":" not in spec
        for letters in itertools.product(*({c.lower(), c.upper()} for c in spec))
    )


def check_password(password: str) -> str:
    low, high = PASSWORD_LENGTH
    if not low <= len(password) <= high:
        raise ValueError(f"a password has {low} to {high} characters")
    return password


@dataclass(frozen=True)
class Account:
    id: str
    name: str
    bot: bool
    created_at: float

    def public(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot, "created_at": self.created_at}


@dataclass(frozen=True)
class Session:
    account: Account
    csrf_hash: str


@cache
def hasher() -> PasswordHasher:
    return PasswordHasher()


@cache
def dummy_hash() -> str:
    """A hash no password matches: what an unknown name is checked against."""
    return hasher().hash(secrets.token_urlsafe(16))


PASSWORD_THREADS = 2
"""Threads that hash and check passwords: of their own, not the event loop's default pool
that every read of the store uses. Each password is argon2 (64 MiB, tens of milliseconds),
so a flood of sign-ins in that pool kept other clients' requests waiting for seconds."""
PASSWORD_JOBS = 16
"""Passwords one process hashes or checks, or waits to, at once: a sign-in or sign-up past
them is refused (``too_many``) rather than wait behind a flood."""
PASSWORD_KEPT = 4
"""Of :data:`PASSWORD_JOBS`, the places kept for sign-ins that a device cookie vouches for:
a flood of strangers' guesses fills the others and leaves a returning player a way in."""
PASSWORD_RETRY_SECONDS = 2
"""When a sign-in or sign-up refused for :data:`PASSWORD_JOBS` may try again."""
T = TypeVar("T")


class PasswordWork:
    """The threads that hash and check passwords (``threads`` of them), and the places of
    the jobs they run or queue, ``most`` at once, ``kept`` of them only for sign-ins that a
    device cookie vouches for: past them a place is refused with ``too_many`` at once."""

    def __init__(self, threads: int, most: int, kept: int) -> None:
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="serai-passwords")
        self.most = most
        self.kept = kept
        self.busy = 0
        self.lock = threading.Lock()

    @contextlib.contextmanager
    def place(self, cookie: bool = False) -> Iterator[PasswordPlace]:
        """A place for one password job, taken now (a sign-in takes it before spending any
        of its limits, so that a refusal here costs the caller none), kept until the job
        run in it is done, or given back when the block ends if none was.

        ``cookie``: the caller holds a device cookie, not yet checked, and may take a kept
        place while the others are full; it must then show that the cookie vouches for the
        account (:meth:`PasswordPlace.vouch`) before it runs a job there.
        """
        with self.lock:
            free = self.most - self.busy
            if free <= (0 if cookie else self.kept):
                raise self.full()
            self.busy += 1
        place = PasswordPlace(self, kept=free <= self.kept)
        try:
            yield place
        finally:
            if not place.used:
                self.give_back()

    @staticmethod
    def full() -> TableError:
        return TableError(
            "too_many",
            "the server is checking many passwords at once: try again in a few seconds",
            PASSWORD_RETRY_SECONDS,
        )

    def give_back(self, _: object = None) -> None:
        with self.lock:
            self.busy -= 1


class PasswordPlace:
    """A place taken in :class:`PasswordWork`, for one job; ``kept``: one of the places kept
    for sign-ins a device cookie vouches for."""

    def __init__(self, work: PasswordWork, kept: bool) -> None:
        self.work = work
        self.kept = kept
        self.used = False

    def vouch(self, vouched: bool) -> None:
        """Refuse (``too_many``) a sign-in in a kept place whose device cookie, now read,
        does not vouch for the account after all."""
        if self.kept and not vouched:
            raise self.work.full()

    async def run(self, job: Callable[[], T]) -> T:
        """``job``'s result, worked out in one of the threads."""
        assert not self.used, "a place is for one job"
        self.used = True
        # the place is kept until the job is done or dropped from the queue, not until its
        # caller stops waiting: a job running in a thread cannot be cancelled
        future = self.work.pool.submit(job)
        future.add_done_callback(self.work.give_back)
        return await asyncio.wrap_future(future)


PASSWORDS = PasswordWork(PASSWORD_THREADS, PASSWORD_JOBS, PASSWORD_KEPT)


async def hash_password(place: PasswordPlace, password: str) -> str:
    """The hash of a new password, worked out in ``place``."""
    return await place.run(lambda: hasher().hash(password))


async def verify_password(place: PasswordPlace, stored: str | None, password: str) -> bool:
    """Whether ``password`` matches ``stored``, worked out in ``place``; as slow for no
    account (``None``)."""

    def check() -> bool:
        try:
            return hasher().verify(stored or dummy_hash(), password) and stored is not None
        except (VerificationError, InvalidHashError):
            return False

    return await place.run(check)


def device_entries(devices: str) -> list[re.Match[str]]:
    """The well-formed entries of the device cookie ``devices`` (anything else in it is
    ignored)."""
    if len(devices) > DEVICES * 100:
        return []
    found = (DEVICE_ENTRY.fullmatch(entry) for entry in devices.split("~")[:DEVICES])
    return [entry for entry in found if entry is not None]


def device_mac(account: Account, password_hash: str, nonce: str, expires: str) -> str:
    message = f"serai device\n{account.id}\n{nonce}\n{expires}".encode()
    mac = hmac.new(password_hash.encode(), message, hashlib.sha256).digest()
    return base64.urlsafe_b64encode(mac).decode().rstrip("=")


def vouches(entry: re.Match[str], account: Account, password_hash: str, now: float) -> bool:
    nonce, expires, mac = entry.groups()
    made = device_mac(account, password_hash, nonce, expires)
    return int(expires) > now and hmac.compare_digest(made, mac)


def known_device(
    devices: str, account: Account, password_hash: str | None, now: float
) -> str | None:
    """The nonce of the entry of the device cookie ``devices`` that vouches for
    ``account`` (this browser signed in to it before), if one does.

    >>> chen = Account("a1", "Chen", False, 0.0)
    >>> cookie = remember_device("junk~", chen, "$argon2id$x", now=0.0)
    >>> known_device(cookie, chen, "$argon2id$x", now=1.0) == cookie.split(".")[0]
    True
    >>> known_device(cookie, chen, "$argon2id$other", now=1.0) is None
    True
    """
    if password_hash is None:
        return None
    for entry in device_entries(devices):
        if vouches(entry, account, password_hash, now):
            return entry[1]
    return None


def remember_device(devices: str, account: Account, password_hash: str, now: float) -> str:
    """The device cookie ``devices`` after a sign-in to ``account``: a new entry for it
    first, then the other unexpired entries, :data:`DEVICES` at most (those that vouch for
    ``account`` with its password now are replaced by the new one)."""
    nonce, expires = secrets.token_urlsafe(12), str(int(now) + DEVICE_SECONDS)
    kept = [
        entry[0]
        for entry in device_entries(devices)
        if int(entry[2]) > now and not vouches(entry, account, password_hash, now)
    ]
    fresh = f"{nonce}.{expires}.{device_mac(account, password_hash, nonce, expires)}"
    return "~".join([fresh, *kept][:DEVICES])


def _account(row: Any) -> Account:
    return Account(row["id"], row["name"], bool(row["bot"]), row["created_at"])


class Players:
    """The accounts and sessions of one store."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def submit_account(
        self, name: str, password_hash: str | None, bot: bool = False, account_id: str = ""
    ) -> Any:
        """A new account (a future of it); or of ``None`` if the name is taken (its
        :func:`name_key`), or of the existing name it looks like (its :func:`look`).

        A bot's name is not checked for its look: it is the platform's own (people cannot
        type its ``:``), and its account must be made. The check and the write are one
        transaction of the store's one writer, so sign-ups to one process cannot interleave
        (over SQLite there is one process). Over PostgreSQL, processes share the database
        and each statement sees what was committed before it, so sign-ups hold an advisory
        lock (:data:`NAMING`) until their commit: they check and write one after the
        other. A unique index cannot do it: accounts made before looks were checked may
        already share one. (The lock is taken in the writer's transaction, which may hold
        other writes of this process: they wait for another process's sign-up, a few
        milliseconds, with them.)
        """
        account = Account(account_id or secrets.token_urlsafe(12), name, bot, time.time())
        drawn = look(name)

        def write(db: Connection) -> Account | str | None:
            if not bot:
                if db.dialect.name == "postgresql":
                    db.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": NAMING})
                alike = db.execute(
                    select(accounts.c.name)
                    .where(accounts.c.look == drawn, accounts.c.name_key != name_key(name))
                    .limit(1)
                ).scalar()
                if alike is not None:
                    return str(alike)
            try:
                with db.begin_nested():
                    db.execute(
                        insert(accounts).values(
                            id=account.id,
                            name=account.name,
                            name_key=name_key(name),
                            look=drawn,
                            password_hash=password_hash,
                            bot=bot,
                            created_at=account.created_at,
                        )
                    )
            except IntegrityError:
                return None
            return account

        return self.store.writer.submit(write)

    def by_name(self, name: str) -> tuple[Account, str | None] | None:
        """The account called ``name`` (any case or form) and its password hash."""
        with self.store.engine.connect() as db:
            row = (
                db.execute(select(accounts).where(accounts.c.name_key == name_key(name)))
                .mappings()
                .first()
            )
        return None if row is None else (_account(row), row["password_hash"])

    def bot(self, spec: str) -> Account:
        """The account a bot preset plays under (``mcts:hard``), made on first use. Its
        name is the preset's, or ``bot:random`` where a player took ``random`` before the
        bots' names were refused to players (nobody can type a ``:``)."""
        account_id = f"bot:{spec}"
        for name in (spec, account_id):
            with self.store.engine.connect() as db:
                found = select(accounts).where(accounts.c.id == account_id)
                row = db.execute(found).mappings().first()
            if row is not None:  # made before, or meanwhile by another process
                return _account(row)
            made = self.submit_account(name, None, bot=True, account_id=account_id).result()
            if isinstance(made, Account):
                return made
        raise StoreError(f"the account of the bot {spec!r} could not be made")

    def submit_looks(self) -> Any:
        """Give their look to the accounts that have none (made by a process of an earlier
        release, in a group being upgraded one process at a time): a future of how many."""

        def write(db: Connection) -> int:
            unseen = select(accounts.c.id, accounts.c.name).where(accounts.c.look.is_(None))
            rows = db.execute(unseen).all()
            for account_id, name in rows:
                db.execute(
                    update(accounts).where(accounts.c.id == account_id).values(look=look(name))
                )
            return len(rows)

        return self.store.writer.submit(write)

    def submit_session(self, account: Account) -> tuple[str, str, Any]:
        """A new session for ``account``: its secret, its CSRF token and the write."""
        secret, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(24)
        now = time.time()

        def write(db: Connection) -> None:
            db.execute(
                insert(sessions).values(
                    id_hash=digest(secret),
                    account_id=account.id,
                    csrf_hash=digest(csrf),
                    created_at=now,
                    expires_at=now + SESSION_SECONDS,
                )
            )

        return secret, csrf, self.store.writer.submit(write)

    def session(self, secret: str) -> Session | None:
        """The live session whose secret is ``secret``."""
        with self.store.engine.connect() as db:
            row = (
                db.execute(
                    select(sessions.c.csrf_hash, accounts)
                    .join(accounts, accounts.c.id == sessions.c.account_id)
                    .where(sessions.c.id_hash == digest(secret))
                    .where(sessions.c.expires_at > time.time())
                )
                .mappings()
                .first()
            )
        return None if row is None else Session(_account(row), row["csrf_hash"])

    def vacations(self, now: float) -> dict[str, float]:
        """The accounts on vacation at ``now``, until when."""
        with self.store.engine.connect() as db:
            rows = db.execute(
                select(accounts.c.id, accounts.c.vacation_until).where(
                    accounts.c.vacation_until > now
                )
            )
            return {account_id: until for account_id, until in rows}

    def vacation(self, account: Account, now: float) -> tuple[float | None, float]:
        """Until when ``account`` is on vacation at ``now`` (None: not), and the days of
        vacation it has left in the year of ``now``."""
        with self.store.engine.connect() as db:
            row = db.execute(
                select(
                    accounts.c.vacation_until, accounts.c.vacation_year, accounts.c.vacation_days
                ).where(accounts.c.id == account.id)
            ).one()
        used = row.vacation_days if row.vacation_year == time.gmtime(now).tm_year else 0.0
        until = row.vacation_until if row.vacation_until and row.vacation_until > now else None
        return until, VACATION_DAYS - used

    def submit_vacation(
        self, account: Account, until: float | None, year: int, days_used: float
    ) -> Any:
        def write(db: Connection) -> None:
            db.execute(
                update(accounts)
                .where(accounts.c.id == account.id)
                .values(vacation_until=until, vacation_year=year, vacation_days=days_used)
            )

        return self.store.writer.submit(write)

    def submit_end_session(self, secret: str) -> Any:
        def write(db: Connection) -> None:
            db.execute(delete(sessions).where(sessions.c.id_hash == digest(secret)))

        return self.store.writer.submit(write)
