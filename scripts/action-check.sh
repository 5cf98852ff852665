#!/usr/bin/env bash
# The check step of nrdeck's GitHub Action (action.yml): runs `nrdeck check` on the INPUT_*
# values the step passes, with GitHub annotations, and exits with nrdeck's own status.
# Hermetic like the pre-commit hook: never the network, never a card-data cache.
set -euo pipefail
set -f  # paths and args are passed as written: nrdeck expands globs itself

nrdeck="${NRDECK:-nrdeck}"
command=("$nrdeck" check --offline --no-cache --output-format github)
[ -n "${INPUT_FORMAT:-}" ] && command+=(--format "$INPUT_FORMAT")
[ -n "${INPUT_DATE:-}" ] && command+=(--as-of "$INPUT_DATE")
[ -n "${INPUT_TIER:-}" ] && command+=(--tier "$INPUT_TIER")
[ -n "${INPUT_DATA:-}" ] && command+=(--data "$INPUT_DATA")

# white space and new lines separate the words of `args` and `paths`; nothing is evaluated
IFS=$' \t\n' read -r -d '' -a args <<<"${INPUT_ARGS:-}" || true
IFS=$' \t\n' read -r -d '' -a paths <<<"${INPUT_PATHS:-.}" || true
[ "${#paths[@]}" -gt 0 ] || paths=(.)
command+=(${args[@]+"${args[@]}"} -- "${paths[@]}")

printf 'nrdeck check'
printf ' %q' "${command[@]:2}"
printf '\n'
exec "${command[@]}"
