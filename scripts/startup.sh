#!/bin/sh
# startup.sh: time `tidings` from process start to its first headlines on
# screen (demo mode: no base URL), in a 120x40 tmux pane, RUNS times
# (default 10), and print the median. Needs tmux. Extra arguments go to
# tidings. The machine's load is printed too: other work on the cores
# shows up directly in these figures.
#   scripts/startup.sh                # demo service
#   RUNS=20 scripts/startup.sh --country de
set -eu
cd "$(dirname "$0")/.."
tmp=$(mktemp -d "${TMPDIR:-/tmp}/startup.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
go build -o "$tmp/tidings" .
go build -o "$tmp/startupbench" ./internal/startupbench
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
# The pane gets the tmux server's environment: keep NEWS_API_BASE_URL unset there.
"$tmp/startupbench" -bin "$tmp/tidings" -runs "${RUNS:-10}" -- "$@"
