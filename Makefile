# serai: `make run` to play, `make test` for every check. Both set themselves up.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: run test lint browser screenshots golden bench balance clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install -q -e ".[dev,research,plots,distributed]"
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/serai serve

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy src

# The browser tests drive Debian's chromium and scan the pages with axe-core (the npm
# package, kept in .cache/node, which git ignores); without them those tests skip.
AXE := .cache/node/node_modules/axe-core/axe.min.js

browser: $(AXE)
	@command -v chromium >/dev/null || (apt-get install -y -q chromium >/dev/null 2>&1 \
		|| (apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null)) \
		|| echo "chromium could not be installed: the browser tests will skip"

$(AXE):
	@command -v npm >/dev/null || (apt-get install -y -q npm >/dev/null 2>&1) \
		|| echo "npm could not be installed: the accessibility tests will skip"
	@command -v npm >/dev/null && npm install --prefix .cache/node --no-save --no-audit \
		--no-fund --loglevel=error axe-core@4 >/dev/null \
		|| echo "axe-core could not be installed: the accessibility tests will skip"

# mypy runs as one of the tests (tests/test_types.py), beside those that wait on servers
test: $(VENV)/.installed-dev browser
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests
	$(BIN)/python -m pytest -n 2 --dist loadgroup -q

# Photograph every board at the start, in the middle and at the end of a game, on a
# desktop and a phone, into docs/screenshots (the README shows them).
screenshots: $(VENV)/.installed-dev browser
	SERAI_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -q -p no:randomly tests/web/test_browser.py -k final_scores

# Rewrite every golden playthrough from its header; review the diff before committing.
golden: $(VENV)/.installed-dev
	$(BIN)/python -m serai.sim.playthrough tests/golden/*.txt

bench: $(VENV)/.installed
	$(BIN)/serai bench through_the_desert --players 4

# Play every balance report in docs/balance again (about 40 minutes on 2 cores).
balance: $(VENV)/.installed-dev
	$(BIN)/python -m serai.sim.balance docs/balance --workers 2

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
