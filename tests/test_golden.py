"""Golden playthroughs: each committed transcript must be reproduced exactly.

After an intended rules change, regenerate with ``make golden`` and review the diff.
"""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from serai.sim.playthrough import read_header, transcript

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.txt"))


def test_there_are_golden_playthroughs() -> None:
    assert len(GOLDEN) >= 5


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_playthrough_is_reproduced(path: Path) -> None:
    expected = path.read_text(encoding="utf-8")
    actual = transcript(read_header(path))
    if actual != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), actual.splitlines(), "committed", "now", lineterm="", n=2
        )
        pytest.fail(f"{path.name} changed (run `make golden` if intended):\n" + "\n".join(diff))
