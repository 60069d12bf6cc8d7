"""Golden playthroughs: a seeded game written out as a transcript that CI diffs.

A transcript starts with a JSON header line naming the game, options and seed; the
rest is derived from it, so one command regenerates it after an intended change::

    python -m serai.sim.playthrough tests/golden/*.txt            # rewrite from headers
    python -m serai.sim.playthrough --new tests/golden/x.txt \\
        through_the_desert seed=7 players=3 board=river             # add one
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from serai.bots import RandomBot
from serai.engine import load_game, sample_chance

HEADER = "# serai playthrough "


def transcript(header: dict[str, Any]) -> str:
    """The transcript of the game ``header`` describes, played by seeded random bots."""
    options = dict(header["options"])
    seed = int(header["seed"])
    game = load_game(str(header["game"]), **options)
    rng = random.Random(seed)
    agents = [RandomBot(seed=seed * 100 + seat) for seat in range(game.num_players)]
    state = game.new_initial_state()
    lines = [HEADER + json.dumps(header, sort_keys=True), f"version {game.info.version}", ""]
    index = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample_chance(state, rng)
            lines.append(f"{index} chance: {state.action_to_string(action)}")
        else:
            seat = state.current_player()
            count = len(state.legal_actions())
            action = agents[seat].act(state)
            text = state.action_to_string(action)
            state.apply_action(action)
            scores = " ".join(str(s) for s in state.scores())
            lines.append(f"{index} seat {seat} ({count} legal): {text}  | scores {scores}")
            index += 1
            continue
        state.apply_action(action)
        index += 1
    lines += ["", "final position:", str(state), ""]
    for seat, part in enumerate(state.score_breakdown()):
        lines.append(f"seat {seat}: " + " ".join(f"{k}={v}" for k, v in part.items()))
    lines.append("returns " + " ".join(f"{r:.4f}" for r in state.returns()))
    return "\n".join(lines) + "\n"


def read_header(path: Path) -> dict[str, Any]:
    first = path.read_text(encoding="utf-8").splitlines()[0]
    if not first.startswith(HEADER):
        raise ValueError(f"{path} is not a serai playthrough")
    header: dict[str, Any] = json.loads(first[len(HEADER) :])
    return header


def main(argv: list[str]) -> int:
    if argv[:1] == ["--new"]:
        target, name, *pairs = argv[1:]
        params = dict(pair.split("=", 1) for pair in pairs)
        seed = int(params.pop("seed"))
        game = load_game(name, **params)
        header = {"game": name, "options": game.params(), "seed": seed}
        Path(target).write_text(transcript(header), encoding="utf-8")
        print(f"wrote {target}")
        return 0
    for path in map(Path, argv):
        path.write_text(transcript(read_header(path)), encoding="utf-8")
        print(f"regenerated {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
