# serai: `make run` to play, `make test` for every check. Both set themselves up.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test lint golden bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[dev,research,plots]"
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/serai serve

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy src

test: lint
	$(BIN)/python -m pytest -n 2 -q

# Rewrite every golden playthrough from its header; review the diff before committing.
golden: $(VENV)/.installed-dev
	$(BIN)/python -m serai.sim.playthrough tests/golden/*.txt

bench: $(VENV)/.installed
	$(BIN)/serai bench through_the_desert --players 4

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
