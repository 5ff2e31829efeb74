# The two commands of the README: `make kit` and `make test`.
# Both create the virtual environment in .venv on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
#: The test suite also checks the optional cluster backend (Dask), which `make kit` never needs.
CLUSTER_STAMP := $(VENV)/.installed-cluster

.PHONY: kit test docs validate lint clean compiled

kit: compiled
	$(BIN)/pnp kit

test: compiled lint $(CLUSTER_STAMP)
	$(BIN)/pytest -n auto --dist loadgroup

# The Chinchón engine and bots compiled with mypyc (bots/compiled.py); quick when
# nothing changed, and only a warning without a C compiler (the source runs then).
compiled: $(STAMP)
	$(BIN)/python -m bots.compiled build

lint: $(STAMP)
	$(BIN)/ruff check pnp bots tests benchmarks docs
	$(BIN)/ruff format --check pnp bots tests benchmarks docs
	$(BIN)/mypy
	$(BIN)/mypy benchmarks

# The tool's own documentation (docs/) into dist/docs; it opens from disk (index.html).
docs: $(STAMP)
	$(BIN)/pnp docs

validate: $(STAMP)
	$(BIN)/pnp validate

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed; found " + sys.version.split()[0] + ". Run: make PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[test]"
	@touch $(STAMP)

$(CLUSTER_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[test,cluster]"
	@touch $(CLUSTER_STAMP)

clean:
	rm -rf dist build .pytest_cache .mypy_cache .ruff_cache
	-$(BIN)/python -m bots.compiled clean
