#!/usr/bin/env bash
# npm run bench:kernel-history — the bare kernel's battles per CPU-second at earlier commits and now, measured
# in one run on this machine (its speed changes from day to day; a ratio in one run does not): each commit's
# own kernel, built by its own `npm run build:wasm` in a temporary worktree, plays the same battles
# (analysis/bench/kernel-history-probe.mts), rounds interleaved, the fastest round of each reported. Needs the git history (a full clone).
# KERNEL_HISTORY_COMMITS overrides the commits ("hash:label|hash:label"); the working tree is measured last.
# Writes analysis/bench/results/kernel-history.md.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
commits=${KERNEL_HISTORY_COMMITS:-"ac10716:before the rules-fidelity fixes (footprints that block moves, visibility; 2026-11-29)|0d3854d:after them, before the warscroll abilities (issue 15; 2026-12-01)"}
rounds=${KERNEL_HISTORY_ROUNDS:-5}
tmp=$(mktemp -d /tmp/tactica-kernel-history.XXXXXX)
trees=()
labels=()
cleanup() {
  for t in "${trees[@]}"; do [ "$t" = "$root" ] || git worktree remove --force "$t" >/dev/null 2>&1 || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT
IFS='|' read -ra list <<< "$commits"
for item in "${list[@]}"; do
  hash=${item%%:*}
  label=${item#*:}
  if ! git cat-file -e "$hash^{commit}" 2>/dev/null; then echo "kernel-history: commit $hash not in this clone (a shallow clone?)" >&2; exit 2; fi
  tree="$tmp/$hash"
  git worktree add --detach "$tree" "$hash" >/dev/null 2>&1
  trees+=("$tree")
  ln -s "$root/node_modules" "$tree/node_modules"
  echo "building $hash ($label)" >&2
  (cd "$tree" && npm run build:wasm >/dev/null 2>&1)
  labels+=("$hash: $label")
done
npm run build:wasm >/dev/null 2>&1
trees+=("$root")
labels+=("$(git rev-parse --short HEAD) (this tree): now")
declare -A got
for r in $(seq 1 "$rounds"); do
  for i in "${!trees[@]}"; do
    [ "${trees[$i]}" = "$root" ] || cp analysis/bench/kernel-history-probe.mts "${trees[$i]}/analysis/bench/kernel-history-probe.mts"
    v=$(cd "${trees[$i]}" && npx tsx analysis/bench/kernel-history-probe.mts | tail -1 | cut -d' ' -f1)
    got[$i]="${got[$i]:-}${got[$i]:+, }$v"
    echo "round $r: ${labels[$i]}: $v" >&2
  done
done
now=${#trees[@]}
now=$((now - 1))
# Other work on a shared machine only slows a round down: the fastest round is the kernel's own speed.
best() { tr ',' '\n' | tr -d ' ' | sort -n | tail -1; }
nowBest=$(echo "${got[$now]}" | best)
out=analysis/bench/results/kernel-history.md
{
  echo "# bench:kernel-history — $(date -u +%F), Node $(node --version), $(nproc) cores, one run"
  echo
  echo "The bare kernel (Mortek Shieldwall against Hammers of the Warrior Chamber, the 12 plans' post-deployment positions, 2,000 battles each"
  echo "a round), each commit's own kernel and encoder, rounds interleaved; battles per CPU-second, the fastest of $rounds rounds"
  echo "(other work on this shared machine only slows a round; load average at the end: $(cut -d' ' -f1-3 /proc/loadavg))."
  echo
  echo "| commit | battles per CPU-second (rounds) | fastest | now against it |"
  echo "|--------|---------------------------------|--------|----------------|"
  for i in "${!trees[@]}"; do
    m=$(echo "${got[$i]}" | best)
    echo "| ${labels[$i]} | ${got[$i]} | $m | $(awk -v a="$nowBest" -v b="$m" 'BEGIN {printf "%.2fx", a / b}') |"
  done
} > "$out"
cat "$out"
