"""The package type-checks, strictly (``[tool.mypy]`` in pyproject.toml).

``make test`` runs mypy as one test of the suite rather than before it, so that it shares
the cores with tests that spend their time waiting on servers and browsers.
"""

from __future__ import annotations

from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"


def test_the_package_type_checks_strictly() -> None:
    mypy = pytest.importorskip("mypy.api", reason="mypy comes with the dev extra")
    report, errors, status = mypy.run([str(SRC)])
    assert status == 0, report + errors
