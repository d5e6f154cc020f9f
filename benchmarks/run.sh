#!/usr/bin/env bash
# Runs the benchmark in its own environment, with the peer package installed there only.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x benchmarks/.venv/bin/python ]; then
  python3 -m venv benchmarks/.venv
fi
benchmarks/.venv/bin/python -m pip install --quiet --disable-pip-version-check -e . dominoes rlcard open_spiel
exec benchmarks/.venv/bin/python benchmarks/bench.py "$@"
