# The two commands a newcomer needs: `make demo` and `make test`.
# Both create the virtual environment in .venv and install the project into it first.

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
WEB_STAMP := $(VENV)/.web-stamp
CONTRACT := ../shared/contract/check.py

.PHONY: demo test lint typecheck unit docs contract bench clean web chromium postgres mutation

PLUGINS := examples/all-fives examples/auction-pitch examples/euchre examples/mexican-train

# The library with its dev tools, and the two example plug-ins (their tests run with ours).
$(STAMP): pyproject.toml $(addsuffix /pyproject.toml,$(PLUGINS))
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	$(PY) -m pip install --quiet --disable-pip-version-check $(addprefix -e ,$(PLUGINS))
	touch $(STAMP)

## demo: watch random bots play a whole match of American Sniff, hand by hand
demo: $(STAMP)
	$(VENV)/bin/tablegames play american-sniff --seed 7 --players 2

## web: the game server and its page on http://127.0.0.1:8000 (games kept in tablegames.db)
web: $(WEB_STAMP)
	$(VENV)/bin/tablegames serve --port 8000

$(WEB_STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e '.[server]'
	touch $(WEB_STAMP)

## test: every check: ruff, mypy --strict, pytest (with doctests), the docs, the contract
test: chromium postgres lint typecheck unit docs contract

# The browser test needs Chromium; as root on Debian it is installed if missing (else that test skips).
chromium:
	-@command -v chromium >/dev/null || (apt-get update -q && apt-get install -y -q chromium) || echo "chromium not installed: the browser test will skip"

# The server's PostgreSQL store is tested on a real server, which the tests start themselves from
# Debian's package: as root it is installed if missing (else those tests skip, saying so).
postgres:
	-@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null || (apt-get update -q && apt-get install -y -q postgresql) || echo "postgresql not installed: the PostgreSQL store's tests will skip"

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

unit: $(STAMP)
	@# In parallel on up to 4 processes (pytest-xdist): every test starts and stops what it needs.
	$(PY) -m pytest -n auto --maxprocesses=4
	@# Tests whose outcome could hang on what Hypothesis finds must pass under every profile we ship.
	HYPOTHESIS_PROFILE=dev $(PY) -m pytest -q -m every_profile
	HYPOTHESIS_PROFILE=thorough $(PY) -m pytest -q -m every_profile

docs: $(STAMP)
	$(PY) -m sphinx -q -n -W --keep-going -b html docs docs/_build/html
	$(PY) -m sphinx -q -n -W --keep-going -b doctest docs docs/_build/doctest

contract: $(STAMP)
	@if [ -f $(CONTRACT) ]; then $(PY) $(CONTRACT); else echo "contract check not found at $(CONTRACT): skipped"; fi

## bench: random playouts per second and operation costs (not a test)
bench: $(STAMP)
	bash benchmarks/run.sh

## mutation: mutation testing of the rules and mechanics modules, each against its own tests (slow; not in make test)
mutation: $(STAMP)
	$(PY) -m pip install --quiet --disable-pip-version-check 'mutmut>=3.8,<4'
	$(PY) tools/mutation.py

clean:
	rm -rf $(VENV) docs/_build .mypy_cache .ruff_cache .hypothesis .mutation
