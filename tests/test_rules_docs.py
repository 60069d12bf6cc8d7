"""The players' rules reference of every game, ``docs/rules/<game>.md``, and what cites it.

Each file has the shared headings in order and its rulings R1…Rn in order with none
missing; every ruling the game's code and tests cite is explained there, and every ruling
has a test named after it.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

import serai
from serai import rulebook

ROOT = Path(__file__).resolve().parent.parent
GAMES = serai.list_games()

SECTIONS = [
    "## Components",
    "## Setup",
    "## A turn",
    "## End and scoring",
    "## Options",
    "## Notation",
    "## Position notation",
    "## Rulings",
]
TITLE = re.compile(r"# .+ — rules")
RULING_TEST = re.compile(r"def (test_(?:r[1-9][0-9]*[a-z]*_)+)")
FENCED = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)
CODE = re.compile(r"```.*?```|`[^`\n]*`", re.DOTALL)
HTML_TAG = re.compile(r"</?[A-Za-z][^>]*>")
# Spelled in two pieces so that this file does not name the folder it looks for.
OUTSIDE_FOLDERS = ("../" + "shared", "shared/" + "specs")


def rules_file(game: str) -> Path:
    return ROOT / "docs" / "rules" / f"{game}.md"


def python_sources(*folders: Path) -> list[Path]:
    return sorted(path for folder in folders for path in folder.rglob("*.py"))


@pytest.mark.parametrize("game", GAMES)
def test_rules_file_exists_and_is_what_the_package_reads(game: str) -> None:
    path = rules_file(game)
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    assert rulebook.rules_text(game) == path.read_text(encoding="utf-8")


def test_the_package_ships_docs_rules_through_a_link() -> None:
    link = ROOT / "src" / "serai" / "rules"
    assert link.is_symlink()
    assert link.resolve() == (ROOT / "docs" / "rules").resolve()
    assert '"rules/*.md"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_rules_file_has_the_shared_headings_in_order(game: str) -> None:
    lines = FENCED.sub("", rulebook.rules_text(game)).splitlines()
    assert TITLE.fullmatch(lines[0]), lines[0]
    assert [line for line in lines if line.startswith("## ")] == SECTIONS
    assert not [line for line in lines if line.startswith("# ")][1:]


@pytest.mark.parametrize("game", GAMES)
def test_rulings_are_numbered_one_to_n_in_order_each_explained(game: str) -> None:
    text = rulebook.rules_text(game)
    rulings = rulebook.rulings(game)
    assert [r.number for r in rulings] == list(range(1, len(rulings) + 1))
    assert all(r.title and r.text for r in rulings)
    # Every third-level heading is a ruling in exactly the parsed form, under *Rulings*.
    headings = [line for line in FENCED.sub("", text).splitlines() if line.startswith("### ")]
    assert headings == [f"### R{r.number} — {r.title}" for r in rulings]
    assert text.index("## Rulings") < text.index("### R1 — ")


@pytest.mark.parametrize("game", GAMES)
def test_rules_file_is_plain_markdown_in_our_own_terms(game: str) -> None:
    text = rulebook.rules_text(game)
    prose = CODE.sub("", text)
    assert not HTML_TAG.search(prose), HTML_TAG.search(prose)
    assert "![" not in text
    assert not re.search(r"\bspec\b|§|shared/", text, re.IGNORECASE)


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_cited_in_code_and_tests_is_in_the_rules_file(game: str) -> None:
    known = {r.number for r in rulebook.rulings(game)}
    sources = python_sources(ROOT / "src" / "serai" / "games" / game, ROOT / "tests" / game)
    assert sources
    for path in sources:
        cited = set(rulebook.cited(path.read_text(encoding="utf-8")))
        assert cited <= known, f"{path.relative_to(ROOT)} cites {sorted(cited - known)}"


@pytest.mark.parametrize("game", GAMES)
def test_every_ruling_has_a_test_named_after_it(game: str) -> None:
    named: set[int] = set()
    for path in python_sources(ROOT / "tests" / game):
        for name in RULING_TEST.findall(path.read_text(encoding="utf-8")):
            named.update(int(n) for n in re.findall(r"r([0-9]+)", name))
    missing = [r.label for r in rulebook.rulings(game) if r.number not in named]
    assert not missing, f"no test_r<n>_… in tests/{game}/ for {missing}"


def test_no_tracked_file_points_outside_the_repository() -> None:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=False)
    if listed.returncode != 0:
        pytest.skip("not a git checkout")
    offenders = []
    for name in listed.stdout.decode().split("\0"):
        path = ROOT / name
        if not name or not path.is_file() or path.is_symlink():
            continue
        data = path.read_bytes()
        if b"\0" in data[:8192]:
            continue  # binary
        text = data.decode("utf-8", errors="replace")
        offenders += [f"{name}: {word}" for word in OUTSIDE_FOLDERS if word in text]
    assert not offenders


@pytest.mark.parametrize(
    ("message", "cited"),
    [
        ("'leader green 1,6': 1,6 is next to a palm (R8)", [8]),
        ("a palm stands on 9,2 (R8, R12)", [8, 12]),
        ("R20(b): the game ends", [20]),
        ("seat 0's leader R0 is drawn as a glyph", []),
        ("the game is over", []),
    ],
)
def test_cited_reads_ruling_numbers_from_a_message(message: str, cited: list[int]) -> None:
    assert rulebook.cited(message) == cited


def test_ruling_by_number_in_any_spelling_and_unknown_ones_name_the_range() -> None:
    game = "through_the_desert"
    assert {rulebook.ruling(game, n).number for n in (12, "12", "R12", "r12", " R12 ")} == {12}
    twelve = rulebook.ruling(game, 12)
    assert (twelve.label, twelve.anchor) == ("R12", "r12")
    assert twelve.markdown().startswith("### R12 — ")
    assert twelve.markdown() in rulebook.rules_text(game)
    with pytest.raises(serai.GameError, match="has no ruling R30; its rulings are R1–R29"):
        rulebook.ruling(game, "R30")
    with pytest.raises(serai.GameError, match="'R1a' is not a ruling number"):
        rulebook.ruling(game, "R1a")
    with pytest.raises(serai.GameError, match="unknown game 'chess'"):
        rulebook.rulings("chess")
