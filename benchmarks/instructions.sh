#!/bin/bash
# Instructions per decision of random play (2-player Sniff unless a variant is named), counted
# by valgrind's callgrind: repeatable on a busy machine, unlike seconds.
# Usage: bash benchmarks/instructions.sh [MATCHES] [VARIANT]
# (PYTHONPATH=/other/src to count another copy of the library with the same interpreter).
set -euo pipefail
cd "$(dirname "$0")/.."
py=.venv/bin/python
variant=${2:-american-sniff}
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" benchmarks/instructions.py "$1" "$variant" 2>&1; }
run=$(count "${1:-40}")
base=$(count 0)
total=$(echo "$run" | grep -oP "Collected : \K\d+")
decisions=$(echo "$run" | grep -P "^\d+$")
baseline=$(echo "$base" | grep -oP "Collected : \K\d+")
echo "decisions: $decisions, instructions per decision: $(( (total - baseline) / decisions ))"
