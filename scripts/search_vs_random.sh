#!/usr/bin/env bash
# Rules proposer vs random search on `world`, judged against a sweep landscape (issue 4, "Done
# when": within 2 % of the sweep's best with fewer evaluations than random, median over 5 seeds).
#
# Usage: scripts/search_vs_random.sh [SEED...]        (default seeds: 1 2 3 4 5)
# Environment: SAMPLE  architectures in each seed's sweep sample (default 200)
#              OUT     output directory (default runs/experiments/search_vs_random)
#              PARALLEL architectures / candidates evaluated concurrently (default 2)
#              WITHIN  margin below the landscape's best (default 0.02)
#              ROUNDS, K search rounds and new candidates per round (default 8 and 4: a budget of
#                      32 new architectures per search)
#              BATCH, FOLDS fold size and fold count of the searches (default 40 and 1: every
#                      round evaluates the sweep's 40 search tasks)
#              BOOTSTRAP  round 1 of BOTH searches: none, fixed, or random (random:<seed>); unset:
#                      each proposer's default (rules: the fixed list, random: none), as before
#              SEARCH_FLAGS extra flags for both searches (default "--no_canonical_import":
#                      candidates start from an empty memory like the sweep's evaluations, so
#                      with one fold a search measures exactly the sweep's landscape; set it to
#                      "" for the engine's defaults)
#
# Per seed s, under $OUT/seed_<s>/:
#   sweep/   `automem sweep` on the search split (seeded sample of $SAMPLE architectures)
#   rules/   `automem search --proposer rules`
#   random/  `automem search --random_search --random_search_seed s` (same budget and tasks)
#   curves.{json,txt}  `automem curves` (scores architectures the sample missed, appends them)
# Then $OUT/curves.{json,txt} combine all seeds (each run judged on its own seed's landscape).
# Every step resumes: re-running the script continues a killed experiment.
set -euo pipefail
cd "$(dirname "$0")/.."
# The project-local Deno, when installed there.
[ -d .tools/node_modules/.bin ] && export PATH="$PWD/.tools/node_modules/.bin:$PATH"

SEEDS=("$@")
[ ${#SEEDS[@]} -gt 0 ] || SEEDS=(1 2 3 4 5)
SAMPLE=${SAMPLE:-200}
OUT=${OUT:-runs/experiments/search_vs_random}
PARALLEL=${PARALLEL:-2}
WITHIN=${WITHIN:-0.02}
ROUNDS=${ROUNDS:-8}
K=${K:-4}
BATCH=${BATCH:-40}
FOLDS=${FOLDS:-1}
read -r -a EXTRA <<< "${SEARCH_FLAGS---no_canonical_import}"
BOOTSTRAP=${BOOTSTRAP:-}
AUTOMEM=(deno run -A main.ts)
# The sweep and both searches use the same split sizes and seed, hence the same search tasks.
SPLIT=(--warmup_n 10 --search_n 40 --validation_n 10 --test_n 10)
BUDGET=(--max_rounds "$ROUNDS" --num_candidates "$K" --batch_size "$BATCH" --folds "$FOLDS")

log() { printf '[%s] %s\n' "$(date -u +%H:%M:%S)" "$*" >&2; }

# Fails when a coordinate value of the space is absent from the sweep sample.
check_spread() {
  deno eval '
    import { MENU } from "./search/egas/tracker.ts";
    const s = JSON.parse(Deno.readTextFileSync(Deno.args[0]));
    const missing = Object.entries(MENU).flatMap(([d, vs]) =>
      vs.filter((v) => !(s.marginal[d] ?? {})[v]).map((v) => `${d}=${v}`));
    if (missing.length) {
      console.error(`sweep sample misses ${missing.join(", ")}: raise SAMPLE`);
      Deno.exit(3);
    }' "$1"
}

# Runs (or resumes) one search; a finished run is left as it is.
search() {
  local dir=$1 name=$2
  shift 2
  local resume=()
  [ -d "$dir/$name" ] && resume=(--resume)
  "${AUTOMEM[@]}" search --benchmark world "${SPLIT[@]}" "${BUDGET[@]}" --parallel "$PARALLEL" \
    --run_name "$name" --output_dir "$dir" --quiet "${resume[@]}" "${EXTRA[@]}" "$@" \
    > "$dir/$name.summary.json"
}

landscapes=()
runs=()
for s in "${SEEDS[@]}"; do
  d="$OUT/seed_$s"
  mkdir -p "$d"
  boot=()
  case "$BOOTSTRAP" in
    "") ;;
    random) boot=(--bootstrap "random:$s") ;;
    *) boot=(--bootstrap "$BOOTSTRAP") ;;
  esac
  SECONDS=0
  # A finished sweep is left alone: re-running it would drop the entries `curves` appended.
  if [ ! -f "$d/sweep/sweep_summary.json" ]; then
    log "seed $s: sweep of $SAMPLE architectures"
    "${AUTOMEM[@]}" sweep --benchmark world --seed "$s" --split search --sample "$SAMPLE" \
      --parallel "$PARALLEL" "${SPLIT[@]}" --out "$d/sweep" > /dev/null 2> "$d/sweep.log"
  fi
  check_spread "$d/sweep/sweep_summary.json"
  log "seed $s: sweep done in ${SECONDS}s; rules search"
  search "$d" rules --seed "$s" --proposer rules "${boot[@]}"
  log "seed $s: random search"
  search "$d" random --seed "$s" --random_search --random_search_seed "$s" "${boot[@]}"
  log "seed $s: curves"
  "${AUTOMEM[@]}" curves --landscape "$d/sweep" "$d/rules" "$d/random" --within "$WITHIN" \
    --parallel "$PARALLEL" --json > "$d/curves.json" 2> "$d/curves.log"
  "${AUTOMEM[@]}" curves --landscape "$d/sweep" "$d/rules" "$d/random" --within "$WITHIN" \
    > "$d/curves.txt"
  log "seed $s: done in ${SECONDS}s"
  landscapes+=("$d/sweep")
  runs+=("$d/rules" "$d/random")
done

joined=$(IFS=,; echo "${landscapes[*]}")
"${AUTOMEM[@]}" curves --landscape "$joined" "${runs[@]}" --within "$WITHIN" --json \
  > "$OUT/curves.json"
"${AUTOMEM[@]}" curves --landscape "$joined" "${runs[@]}" --within "$WITHIN" > "$OUT/curves.txt"
cat "$OUT/curves.txt"
