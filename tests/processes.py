"""The processes a test started, read from Linux's /proc."""

from __future__ import annotations

from pathlib import Path


def running_children(pid: int) -> dict[int, str]:
    """The live (not zombie) processes whose parent is ``pid``, with their command lines
    (Linux's /proc; empty elsewhere)."""
    found = {}
    proc = Path("/proc")
    if not proc.is_dir():
        return found
    for entry in proc.iterdir():
        if not entry.name.isdecimal():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
        except OSError:
            continue
        state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
        if int(parent) == pid and state != "Z":
            found[int(entry.name)] = command
    return found
