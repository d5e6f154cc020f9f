# The two commands a newcomer needs: `make demo` and `make test`.
# Both create the virtual environment in .venv and install the project into it first.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
CONTRACT := ../shared/contract/check.py

.PHONY: demo test lint typecheck unit docs contract bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $(STAMP)

## demo: watch random bots play a whole match of American Sniff, hand by hand
demo: $(STAMP)
	$(VENV)/bin/tablegames play american-sniff --seed 7 --players 2

## test: every check: ruff, mypy --strict, pytest (with doctests), the docs, the contract
test: lint typecheck unit docs contract

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

unit: $(STAMP)
	$(PY) -m pytest

docs: $(STAMP)
	$(PY) -m sphinx -q -n -W --keep-going -b html docs docs/_build/html
	$(PY) -m sphinx -q -n -W --keep-going -b doctest docs docs/_build/doctest

contract: $(STAMP)
	@if [ -f $(CONTRACT) ]; then $(PY) $(CONTRACT); else echo "contract check not found at $(CONTRACT): skipped"; fi

## bench: random playouts per second and operation costs (not a test)
bench: $(STAMP)
	bash benchmarks/run.sh

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .ruff_cache .hypothesis
