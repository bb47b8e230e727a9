#!/bin/sh
# run.sh: measures glamour against tidings' renderer (ui/markdown), the
# figures of ui/markdown's package doc. glamour is not in tidings'
# go.mod and must not be: this copies the benchmark into a throwaway
# module in a temp dir, fetches glamour there (Go module proxy), and runs
#   go test -run '^$' -bench . -benchtime 20x -count 5 -cpu 1
# (Render10kWords: one 10,000-word article at 100 columns; Start: a
# program that links the renderer, run 20 times, its packages' init and
# its CPU time). Extra arguments go to go test.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../../.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/glamourbench.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cp -r "$here"/. "$tmp"/
cd "$tmp"
rm -f run.sh
go mod init glamourbench >/dev/null 2>&1
go mod edit -require tidings@v0.0.0 -replace tidings="$repo"
cp "$repo/go.sum" .
go get charm.land/glamour/v2@v2.0.1 >/dev/null 2>&1
go mod tidy >/dev/null 2>&1
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
go test -run '^$' -bench . -benchtime 20x -count 5 -cpu 1 "$@"
