# The two commands of the README: `make kit` and `make test`.
# Both create the virtual environment in .venv on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: kit test validate lint clean

kit: $(STAMP)
	$(BIN)/pnp kit

test: $(STAMP) lint
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check pnp bots tests
	$(BIN)/ruff format --check pnp bots tests
	$(BIN)/mypy

validate: $(STAMP)
	$(BIN)/pnp validate

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed; found " + sys.version.split()[0] + ". Run: make PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

clean:
	rm -rf dist .pytest_cache .mypy_cache .ruff_cache
