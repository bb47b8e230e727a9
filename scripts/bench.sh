#!/usr/bin/env bash
# bench.sh: measure every performance budget of tidings and write
# docs/performance.md (see cmd/tidings-benchtool for the Go half).
#
#   scripts/bench.sh            # full run: 100k and 1M catalogues (about 25 minutes; a first
#                               # run builds the benchmark catalogues too: some 10 more)
#   QUICK=1 scripts/bench.sh    # 100k only, short runs: checks the script, not the budgets
#   READER_FROM=$TIDINGS_BENCH_CACHE/results-… scripts/bench.sh
#                               # service figures anew, reader figures from an earlier run
#   PG_ONLY=1 scripts/bench.sh  # only the PostgreSQL rows, into the results directory
#                               # (performance-pg.md there; docs/performance.md untouched),
#                               # among them the cold-search row (p99 < 100 ms on PostgreSQL)
#                               # and the marks benchmarks on PostgreSQL
#
# Everything runs on loopback (127.0.0.1) and in temp/cache directories:
# catalogues and built databases are cached in $TIDINGS_BENCH_CACHE
# (default ${TMPDIR:-/tmp}/tidings-bench-cache) and reused by later runs;
# each import is timed into a fresh file. Needs tmux and GNU time
# (/usr/bin/time) for the reader and import figures.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$(pwd)
cache=${TIDINGS_BENCH_CACHE:-${TMPDIR:-/tmp}/tidings-bench-cache}
out="$cache/results-$(date -u +%Y%m%dT%H%M%SZ)"
bin="$cache/bin"
mkdir -p "$out" "$bin"
key="bench-key-$$"
quick=${QUICK:-}
big=1000000
[ -n "$quick" ] && big=100000
servers=()
cleanup() {
	for p in "${servers[@]}"; do kill "$p" 2>/dev/null || true; done
}
trap cleanup EXIT
say() { printf '\n== %s (%s)\n' "$*" "$(date -u +%H:%M:%S)" >&2; }

say "build"
# The reader and service are measured as they ship: built like the
# Dockerfile's binary, static (CGO_ENABLED=0; with cgo the C library is
# mapped into every process, about 2 MiB of the reader's RSS) and -trimpath.
CGO_ENABLED=0 go build -trimpath -o "$bin/tidings" .
go build -o "$bin/benchtool" ./cmd/tidings-benchtool
go build -o "$bin/gencat" ./cmd/tidings-gencat
go build -o "$bin/tidings-load" ./cmd/tidings-load
go build -o "$bin/startupbench" ./cmd/tidings-startupbench
{
	echo "date=$(date -u '+%Y-%m-%d %H:%M UTC')"
	echo "cores=$(nproc)"
	echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ *//')"
	echo "load_before=$(cut -d' ' -f1-3 /proc/loadavg)"
	echo "go=$(go version | cut -d' ' -f3-)"
} >"$out/meta.txt"

say "catalogues"
for n in 100000 $big; do
	f="$cache/cat-$n.jsonl"
	[ -s "$f" ] || "$bin/gencat" --articles "$n" --out "$f"
done

# import N: time `tidings import` of the N-article catalogue into a new file.
timed_import() {
	local n=$1 name=$2 db="$cache/cat-$1.db"
	rm -f "$db" "$db-wal" "$db-shm"
	/usr/bin/time -f 'seconds=%e\nuser=%U\nsys=%S\nmaxrss_kib=%M' -o "$out/import-$name.txt" \
		"$bin/tidings" import --db "$db" "$cache/cat-$n.jsonl" 2>"$out/import-$name.log"
	cat "$out/import-$name.txt" >&2
}
if [ -z "${PG_ONLY:-}" ]; then
	say "import 100k"
	timed_import 100000 100k
	if [ -z "$quick" ]; then
		say "import 1M"
		timed_import $big 1m
	fi
fi

# serve DB PORT [FLAGS…]: run `tidings serve` on the database until the script ends.
serve() {
	local db=$1 p=$2
	shift 2
	"$bin/tidings" serve --db "$db" --api-key "$key" --rate-limit 0 --listen "127.0.0.1:$p" "$@" 2>"$out/serve-$p.log" &
	servers+=($!)
	for _ in $(seq 100); do
		curl -fsS -o /dev/null -H "Authorization: Bearer $key" "http://127.0.0.1:$p/v2/sources" 2>/dev/null && return 0
		sleep 0.1
	done
	echo "tidings serve on port $p did not come up" >&2
	return 1
}
port=$((20000 + $$ % 10000))

# postgres_rows: the service budgets on PostgreSQL. A throwaway server in
# $TIDINGS_BENCH_PG_DIR (default $cache/pg; initdb once, on a loopback
# port, as the postgres user when run as root, since PostgreSQL refuses
# root) holds the 1M catalogue, imported once (`tidings import`, timed)
# and reused by later runs. The same `tidings-load latency` as SQLite's runs
# against one `tidings serve --db postgres://…` (load-pg-1m.json), then
# the mix against two replicas over the one database, requests taken in
# turn (load-pg-2r.json). Without PostgreSQL's binaries the rows are
# skipped with a line saying why (pg.txt), and the rest of the run goes on.
postgres_rows() {
	local pgbin=${TIDINGS_PG_BIN:-}
	[ -n "$pgbin" ] || pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1 || true)
	if [ -z "$pgbin" ] || [ ! -x "$pgbin/initdb" ]; then
		echo "skipped=no PostgreSQL binaries here (apt-get install postgresql, or set TIDINGS_PG_BIN)" >"$out/pg.txt"
		echo "PostgreSQL rows SKIPPED: no initdb in /usr/lib/postgresql/*/bin (apt-get install postgresql)" >&2
		return 0
	fi
	local pgdir=${TIDINGS_BENCH_PG_DIR:-$cache/pg} pgport=$((port + 10)) as=()
	if [ "$(id -u)" = 0 ]; then
		if ! id postgres >/dev/null 2>&1; then
			echo "skipped=running as root and there is no postgres user to run PostgreSQL as" >"$out/pg.txt"
			echo "PostgreSQL rows SKIPPED: root, and no postgres user" >&2
			return 0
		fi
		as=(runuser -u postgres --)
	fi
	mkdir -p "$pgdir"
	[ ${#as[@]} -eq 0 ] || chown postgres: "$pgdir"
	[ -d "$pgdir/data" ] || "${as[@]}" "$pgbin/initdb" -D "$pgdir/data" -U tidings --auth=trust -E UTF8 \
		--locale=C.UTF-8 >"$out/pg-initdb.log"
	# Durable settings (fsync on): the figures are a production server's,
	# given memory as docs/deploy.md suggests. Huge pages are used when
	# the machine has them reserved (vm.nr_hugepages, see deploy.md); the
	# report says whether they were.
	local settings="shared_buffers=3GB effective_cache_size=12GB random_page_cost=1.1 work_mem=16MB shared_preload_libraries=pg_prewarm"
	local huge_before
	huge_before=$(awk '/HugePages_Free/ {print $2}' /proc/meminfo 2>/dev/null || echo 0)
	"${as[@]}" "$pgbin/pg_ctl" -D "$pgdir/data" -l "$pgdir/log" -w -o "-p $pgport -k $pgdir \
		-c listen_addresses=127.0.0.1 $(printf -- '-c %s ' $settings) -c huge_pages=try \
		-c max_connections=200 -c max_wal_size=4GB" start >&2
	local huge=no
	[ "$(awk '/HugePages_Free/ {print $2}' /proc/meminfo 2>/dev/null || echo 0)" = "${huge_before:-0}" ] || huge=yes
	printf 'settings=%s\nhuge_pages=%s\n' "$settings" "$huge" >"$out/pg.txt"
	pg_stop() { "${as[@]}" "$pgbin/pg_ctl" -D "$pgdir/data" -m fast stop >&2 || true; }
	local dsn="postgres://tidings@127.0.0.1:$pgport/news1m"
	if [ ! -e "$pgdir/news1m.imported" ]; then
		"$pgbin/dropdb" -h 127.0.0.1 -p "$pgport" -U tidings --if-exists news1m
		"$pgbin/createdb" -h 127.0.0.1 -p "$pgport" -U tidings news1m
		/usr/bin/time -f 'seconds=%e\nuser=%U\nsys=%S\nmaxrss_kib=%M' -o "$out/import-pg-1m.txt" \
			"$bin/tidings" import --db "$dsn" "$cache/cat-$big.jsonl" 2>"$out/import-pg-1m.log"
		"$pgbin/psql" -h 127.0.0.1 -p "$pgport" -U tidings -qc 'VACUUM ANALYZE' news1m
		touch "$pgdir/news1m.imported"
	fi
	# A production server's buffers are warm (pg_prewarm's autoprewarm
	# brings them back after a restart, see deploy.md); one just started
	# here is not, and its first reads would measure the page cache. The
	# tables' TOAST (long tsvectors, which phrases and ranking read) too.
	"$pgbin/psql" -h 127.0.0.1 -p "$pgport" -U tidings -qAtc "CREATE EXTENSION IF NOT EXISTS pg_prewarm;
		SELECT sum(pg_prewarm(c.oid)) FROM pg_class c WHERE c.relkind IN ('r', 'i', 't')
		AND (c.relnamespace = 'public'::regnamespace OR c.oid IN (
			SELECT t.reltoastrelid FROM pg_class t WHERE t.relnamespace = 'public'::regnamespace
			UNION SELECT i.indexrelid FROM pg_index i JOIN pg_class t ON t.reltoastrelid = i.indrelid
			WHERE t.relnamespace = 'public'::regnamespace))" news1m >"$out/pg-prewarm.txt" 2>&1 || true
	local p1=$((port + 11)) p2=$((port + 12))
	serve "$dsn" "$p1"
	"$bin/tidings-load" latency -url "http://127.0.0.1:$p1/v2" -key "$key" -words "$words" -phrases "$phrases" \
		-articles "$big" -pid "${servers[-1]}" -n "$n_per_class" -duration "$duration" -concurrency 16 >"$out/load-pg-1m.json"
	local one=${servers[-1]}
	serve "$dsn" "$p2"
	"$bin/tidings-load" latency -url "http://127.0.0.1:$p1/v2,http://127.0.0.1:$p2/v2" -key "$key" -words "$words" \
		-phrases "$phrases" -articles "$big" -pid "$one,${servers[-1]}" -n "$n_per_class" -duration "$duration" \
		-concurrency 16 >"$out/load-pg-2r.json"
	kill "$one" "${servers[-1]}" 2>/dev/null || true
	wait "$one" "${servers[-1]}" 2>/dev/null || true
	pg_stop
}

# go_bench NAME ARTICLES PACKAGE -bench … [FLAGS…]: one `go test -bench`
# step, medians of $mcount runs, into $out/NAME.txt with the catalogue's
# size and the load average before and after (the machine is shared: the
# report prints it in the rows). Catalogues are built once in $cache
# (TIDINGS_BENCH_DB_DIR) and reused; 30 minutes leave room for a first
# build at 1M. A failed or skipped step leaves rows that say "not
# measured", and the run goes on.
go_bench() {
	local name=$1 articles=$2 file="$out/$1.txt" start status=0
	shift 2
	start=$(date +%s)
	printf 'articles=%s\nload_before=%s\n' "$articles" "$(cut -d' ' -f1-3 /proc/loadavg)" >"$file"
	TIDINGS_BENCH_DB_DIR="$cache" TIDINGS_BENCH_ARTICLES=$articles TIDINGS_PG_BENCH_ARTICLES=$articles \
		go test "$@" -run '^$' -count "$mcount" -timeout 30m | tee -a "$file" >&2 || status=$?
	{
		echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)"
		echo "seconds=$(($(date +%s) - start))"
		echo "status=$status"
		grep -o 'SKIPPING PostgreSQL tests: .*' "$file" | head -1 | sed 's/^SKIPPING PostgreSQL tests: /skipped=/' || true
	} | tee -a "$file" >&2
}
mcount=3
[ -n "$quick" ] && mcount=1

# marks_pg_rows: the read/starred marks budgets (issue 27) on PostgreSQL:
# BenchmarkMarks imports 100,000 articles into a throwaway server of its
# own (internal/pgtest: a unix socket in a temp directory, fsync off),
# so it runs apart from the service's PostgreSQL.
marks_pg_rows() {
	go_bench marks-pg 100000 ./server/store/postgres -bench '^BenchmarkMarks$' -benchtime 30x
}

# marks_rows: the marks budgets on SQLite (issue 27) and the Google
# Reader API's (issue 30), at $big articles (MarkAllRead100k at 100,000
# whatever the size), then PostgreSQL's. BenchmarkServeWithMarks beside
# BenchmarkServe (the small fixture store, at the default -benchtime: a
# few dozen requests would weigh the first, uncached one) shows what a
# list's marks add to an answer the body cache holds.
marks_rows() {
	go_bench marks-sqlite $big ./server/store/sqlite -bench 'MarkAllRead100k|UnreadBySource|StreamUnread|SetRead1000' -benchtime 30x
	go_bench greader $big ./server -bench GReader -benchtime 50x
	go_bench serve-marks 0 ./server -bench 'Serve$|ServeWithMarks'
	marks_pg_rows
}

if [ -n "${PG_ONLY:-}" ]; then
	# The words and phrases come from the SQLite catalogue of a full run;
	# on a fresh cache, import it (untimed) so the PostgreSQL rows can run alone.
	if [ ! -s "$cache/cat-$big.db" ]; then
		say "import $big into SQLite (for the words to search)"
		"$bin/tidings" import --db "$cache/cat-$big.db" "$cache/cat-$big.jsonl" >&2
	fi
	{ read -r words; read -r phrases; } < <("$bin/benchtool" words -db "$cache/cat-$big.db" -n 40)
	n_per_class=200 duration=10s
	[ -n "$quick" ] && n_per_class=40 duration=3s
	say "PostgreSQL rows only"
	postgres_rows
	say "PostgreSQL marks benchmarks"
	marks_pg_rows
	echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/meta.txt"
	"$bin/benchtool" report -dir "$out" -out "$out/performance-pg.md"
	grep -E 'PostgreSQL' "$out/performance-pg.md" >&2 || true
	exit 0
fi

say "service load at $big articles"
serve "$cache/cat-$big.db" "$port"
{ read -r words; read -r phrases; } < <("$bin/benchtool" words -db "$cache/cat-$big.db" -n 40)
echo "words=$words" >"$out/words.txt"
n_per_class=200 duration=10s
[ -n "$quick" ] && n_per_class=40 duration=3s
"$bin/tidings-load" latency -url "http://127.0.0.1:$port/v2" -key "$key" -words "$words" -phrases "$phrases" \
	-articles "$big" -pid "${servers[0]}" -n "$n_per_class" -duration "$duration" -concurrency 16 >"$out/load-1m.json"
kill "${servers[0]}" 2>/dev/null || true # the PostgreSQL rows share the cores

say "service load at $big articles on PostgreSQL"
postgres_rows

say "marks and Google Reader API benchmarks at $big articles"
marks_rows

say "feed polling benchmarks"
fcount=3
[ -n "$quick" ] && fcount=1
go test ./feeds -run '^$' -bench 'FirstRefresh|NotModifiedPass' -benchtime 1x -count $fcount -timeout 30m | tee "$out/feeds-bench.txt" >&2

say "service load at $big articles while a first feed pass ingests"
# A copy of the catalogue subscribed to 1,000 generated feeds of 50 items
# on 40 loopback hosts; serve polls them at once, and the load runs while
# the pass stores its 50,000 articles.
"$bin/benchtool" feeds -feeds 1000 -hosts 40 -opml "$out/ingest.opml" 2>"$out/feedserver.log" &
servers+=($!)
for _ in $(seq 100); do [ -s "$out/ingest.opml" ] && break; sleep 0.1; done
ingest_db="$cache/ingest.db"
rm -f "$ingest_db" "$ingest_db-wal" "$ingest_db-shm"
cp "$cache/cat-$big.db" "$ingest_db"
"$bin/tidings" feeds import "$out/ingest.opml" --db "$ingest_db" >&2
port3=$((port + 2))
serve "$ingest_db" "$port3" --refresh 15m
load_start=$(date +%s.%N)
"$bin/tidings-load" latency -url "http://127.0.0.1:$port3/v2" -key "$key" -words "$words" -phrases "$phrases" \
	-articles "$big" -pid "${servers[-1]}" -n "$n_per_class" -duration "$duration" -concurrency 16 >"$out/load-ingest.json"
load_end=$(date +%s.%N)
for _ in $(seq 600); do grep -q 'feeds polled' "$out/serve-$port3.log" && break; sleep 0.5; done
{
	echo "load_seconds=$(echo "$load_end - $load_start" | bc)"
	echo "pass_took=$(grep -o 'took=[^ ]*' "$out/serve-$port3.log" | head -1 | cut -d= -f2)"
	echo "summary=$(grep -o 'summary="[^"]*"' "$out/serve-$port3.log" | head -1 | cut -d'"' -f2)"
} | tee "$out/ingest.txt" >&2
kill "${servers[-1]}" "${servers[-2]}" 2>/dev/null || true
rm -f "$ingest_db" "$ingest_db-wal" "$ingest_db-shm"

say "store benchmarks (100k)"
TIDINGS_BENCH_SIZES=100000 TIDINGS_BENCH_DB_DIR="$cache" \
	go test ./server/store/sqlite -run '^$' -bench 'Search|Headlines' -count 3 -timeout 30m | tee "$out/store-bench.txt" >&2

if [ -n "${READER_FROM:-}" ]; then
	# Reuse the reader figures of an earlier run (they do not depend on
	# the service): for quick reruns after a service change.
	say "reader figures reused from $READER_FROM"
	cp "$READER_FROM"/{reader-bench.txt,startup.txt,reader.json} "$out/"
	echo "reader_from=$(basename "$READER_FROM") (load average then: $(grep load_before "$READER_FROM/meta.txt" | cut -d= -f2))" >>"$out/meta.txt"
else
say "reader benchmarks"
count=5
[ -n "$quick" ] && count=1
go test -run '^$' -bench=. -skip BenchmarkKeyLatency -count=$count -timeout 30m ./ui/... ./api/... | tee "$out/reader-bench.txt" >&2
# Key latency is a median of random tick phases: at the default benchtime a
# run has only 70-100 key presses and its median moves by +-0.5 ms from run
# to run; 400 each make it a figure.
keys=400x
[ -n "$quick" ] && keys=100x
go test -run '^$' -bench=BenchmarkKeyLatency -benchtime=$keys -count=$count -timeout 30m ./ui | tee -a "$out/reader-bench.txt" >&2

say "reader start-up (demo, tmux)"
runs=20
[ -n "$quick" ] && runs=3
echo "line=$("$bin/startupbench" -bin "$bin/tidings" -runs $runs)" | tee "$out/startup.txt" >&2
# A cold start (page cache emptied first, so the binary is read from disk)
# for information; dropping the cache needs root.
# Against a remote service (startupbench itself, never answering) the first
# frame must be on screen when the first request arrives.
echo "frame=$("$bin/startupbench" -bin "$bin/tidings" -runs 5 -frame-first 'Headlines(.|\n)*Loading headlines' 2>/dev/null || true)" | tee -a "$out/startup.txt" >&2
if [ "$(id -u)" = 0 ]; then
	echo "cold=$("$bin/startupbench" -bin "$bin/tidings" -runs 5 -drop-caches)" | tee -a "$out/startup.txt" >&2
fi

say "reader first frame, RSS and idle CPU (tmux, remote service with 100k articles)"
port2=$((port + 1))
serve "$cache/cat-100000.db" "$port2"
{ read -r words100k; read -r _; } < <("$bin/benchtool" words -db "$cache/cat-100000.db" -n 1)
"$bin/benchtool" reader -bin "$bin/tidings" -self "$bin/benchtool" -url "http://127.0.0.1:$port2/v2" \
	-key "$key" -query "$words100k" >"$out/reader.json"
cat "$out/reader.json" >&2
fi

echo "load_after=$(cut -d' ' -f1-3 /proc/loadavg)" >>"$out/meta.txt"
say "report"
"$bin/benchtool" report -dir "$out" -out docs/performance.md
echo "results in $out; table in docs/performance.md" >&2
