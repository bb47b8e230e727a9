#!/bin/sh
# startup.sh: time `tidings` from process start to its first headlines on
# screen (demo mode: no base URL), in a 120x40 tmux pane, RUNS times
# (default 10), and print the median (first line of stdout). Then check,
# RUNS times, that against a remote service the first frame (chrome and
# spinner) is on screen before the first request arrives (second line;
# exit status 1 if any run fails). Needs tmux. Extra arguments go to
# tidings in the timing. The machine's load is printed too (stderr):
# other work on the cores shows up directly in these figures.
#   scripts/startup.sh                # demo service
#   RUNS=20 scripts/startup.sh --country de
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d "${TMPDIR:-/tmp}/startup.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/tidings" .
go build -o "$tmp/startupbench" ./cmd/tidings-startupbench
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
# Each run's pane inherits this environment (a tmux server per run): the
# timing is of the built-in demo service.
unset NEWS_API_BASE_URL
"$tmp/startupbench" -bin "$tmp/tidings" -runs "${RUNS:-10}" -- "$@"
"$tmp/startupbench" -bin "$tmp/tidings" -runs "${RUNS:-10}" -frame-first 'Headlines(.|\n)*Loading headlines' 2>/dev/null
