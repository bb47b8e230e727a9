#!/usr/bin/env bash
# Regenerates screenshots/*.png: runs the real reader on the built-in demo
# service (and, for feeds.png, on fixture feeds served on loopback) inside tmux, captures each screen with its colours
# (capture-pane -e), turns the ANSI into HTML with aha and renders that
# with headless Chromium.
#
# Needs tmux, aha and chromium (Debian: apt-get install tmux aha chromium
# fonts-dejavu-core fonts-noto-core fonts-noto-cjk). Usage: scripts/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."
for tool in tmux aha chromium go python3; do
  command -v "$tool" >/dev/null || { echo "screenshots: $tool is not installed" >&2; exit 1; }
done

out=screenshots
work=$(mktemp -d)
trap 'tmux kill-session -t lead-shots 2>/dev/null || true; if [ -n "${feeds_pid:-}" ]; then kill "$feeds_pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
go build -o "$work/tidings" .
go build -o "$work/benchtool" ./cmd/tidings-benchtool
# The demo shots must not pick up a catalogue of the user's own (personal
# mode): each shot reads the data directory in $data.
data="$work/no-feeds"

# shoot NAME COLS ROWS "ARGS" KEYS... : start the reader, press KEYS (each
# followed by a pause), capture the screen and render it to NAME.png.
shoot() {
  local name=$1 cols=$2 rows=$3 args=$4; shift 4
  tmux kill-session -t lead-shots 2>/dev/null || true
  tmux new-session -d -s lead-shots -x "$cols" -y "$rows" \
    "env -u NEWS_API_BASE_URL -u NEWS_API_KEY XDG_DATA_HOME=$data XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state-$name XDG_CONFIG_HOME=$work/config TERM=xterm-256color COLORTERM=truecolor $work/tidings $args"
  sleep 1.5
  for k in "$@"; do tmux send-keys -t lead-shots "$k"; sleep 0.6; done
  sleep 0.8
  tmux capture-pane -e -p -t lead-shots > "$work/$name.ansi"
  tmux kill-session -t lead-shots
  render "$name" "$cols" "$rows"
}

render() {
  local name=$1 cols=$2 rows=$3
  local px_w=$(( cols * 9 + 24 )) px_h=$(( rows * 19 + 24 ))
  {
    echo '<!doctype html><meta charset="utf-8"><style>'
    echo 'body{margin:0;background:#1a1b26}'
    echo "pre{margin:12px;font:15px/19px 'DejaVu Sans Mono','Noto Sans Mono CJK SC',monospace;color:#c0caf5;white-space:pre}"
    echo '.n,.w{display:inline-block;text-align:center;overflow:visible}.n{width:1ch}.w{width:2ch}'
    echo '</style><pre>'
    aha --no-header < "$work/$name.ansi" | python3 scripts/cells.py
    echo '</pre>'
  } > "$work/$name.html"
  chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
    --disable-background-networking --disable-component-update --disable-sync \
    --user-data-dir="$work/chrome" --hide-scrollbars \
    --window-size="$px_w,$px_h" --screenshot="$out/$name.png" "file://$work/$name.html" >/dev/null 2>&1
  echo "wrote $out/$name.png"
}

mkdir -p "$out"
shoot headlines 120 40 ""
shoot sources   120 40 "--screen sources"
shoot search    120 40 "--query election"
shoot reader    120 40 "" Enter
shoot fulltext  120 40 "--country us" Enter f
shoot help      120 40 "" "?"
# A story: the fifth headline is told by five outlets; = lists them.
shoot story     120 40 "" j j j j "="
shoot wide      160 45 ""
# Saved: three articles kept with b and a watched search kept with w (the
# state lives in $work/state-saved, never the user's; each shot has its own).
shoot saved     120 40 "--country us" b j j b j b 3 election Enter w Enter 4

# The reader on feeds (personal mode): fixture feeds that behave like real
# ones, served on loopback, subscribed to and fetched first.
"$work/benchtool" feeds -fixtures -hosts 4 -opml "$work/fixtures.opml" 2>/dev/null &
feeds_pid=$!
for _ in $(seq 50); do [ -s "$work/fixtures.opml" ] && break; sleep 0.1; done
data="$work/feeds"
XDG_DATA_HOME=$data "$work/tidings" feeds import "$work/fixtures.opml" >/dev/null
XDG_DATA_HOME=$data XDG_CACHE_HOME=$work/cache "$work/tidings" feeds refresh >/dev/null 2>&1
shoot feeds 120 40 ""
# The fixture server may be gone already; the shots are written either way.
kill "$feeds_pid" 2>/dev/null || true
