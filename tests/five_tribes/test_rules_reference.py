"""Five Tribes' rules reference, ``docs/rules/five_tribes.md``, beyond the shape every game's
file shares (``tests/test_rules_docs.py``): all 41 rulings, and notation examples that are
actions the engine knows."""

from __future__ import annotations

import re

from serai import rulebook
from serai.games.five_tribes import actions as A


def test_every_ruling_r1_to_r41_is_explained() -> None:
    rulings = rulebook.rulings("five_tribes")
    assert [r.label for r in rulings] == [f"R{n}" for n in range(1, 42)]
    assert all(len(r.text.split()) >= 10 for r in rulings)  # an explanation, not a stub


def test_notation_shows_every_kind_of_action_and_draw() -> None:
    text = rulebook.rules_text("five_tribes")
    notation = text[text.index("## Notation") : text.index("## Position notation")]
    examples = {A.parse_action(code) for code in re.findall(r"`([^`]+)`", notation)}
    kinds = {A.decode(action).kind for action in examples if action is not None}
    assert kinds == {kind.name for kind in A.KINDS}
