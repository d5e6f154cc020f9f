#!/bin/bash
# Instructions per unit of work, counted by valgrind's callgrind: repeatable on a busy machine,
# unlike seconds. The work is instructions.py's: random play (decisions, the default), the RL
# environments' steps (aec, env, vector), views and their text (view) or ISMCTS iterations
# (ismcts).
# Usage: bash benchmarks/instructions.sh [UNITS] [VARIANT] [WORK]
#   bash benchmarks/instructions.sh 2500 four-point-smear aec
# (PYTHONPATH=/other/src to count another copy of the library with the same interpreter).
# It counts UNITS and UNITS / 5 and divides the difference by the units between, so what
# importing and setting up cost cancels; the hash seed, the address layout and NumPy's threads
# are fixed, so two runs agree to a few thousand instructions.
set -euo pipefail
cd "$(dirname "$0")/.."
py=.venv/bin/python
units=${1:-2500}
variant=${2:-american-sniff}
work=${3:-play}
export PYTHONHASHSEED=0
export OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1  # NumPy's threads would spin a varying number of instructions
norandom=()
if setarch -R true 2>/dev/null; then norandom=(setarch -R); fi
count() {
  local out
  out=$("${norandom[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$py" benchmarks/instructions.py "$1" "$variant" "$work" 2>&1)
  echo "$(echo "$out" | grep -P "^\d+$" | tail -1) $(echo "$out" | grep -oP "Collected : \K\d+")"
}
read -r done_all total <<< "$(count "$units")"
read -r done_part part <<< "$(count $(( units / 5 )))"
echo "$variant $work: $(( done_all - done_part )) units, $(( (total - part) / (done_all - done_part) )) instructions per unit"
