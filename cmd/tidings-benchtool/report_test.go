package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReportMarksUnmetBudgetsFailAndMissingFiguresFail(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("meta.txt", "date=2026-11-22\ncores=2\n")
	write("import-1m.txt", "seconds=181.5\nuser=100\nsys=10\nmaxrss_kib=1024\n")
	write("reader-bench.txt", strings.Join([]string{
		"BenchmarkCursorMove/n=100000-2   100   900000 ns/op   10 B/op",
		"BenchmarkCursorMove/n=100000-2   100   1200000 ns/op   10 B/op",
		"BenchmarkCursorMove/n=100000-2   100   950000 ns/op   10 B/op",
		"BenchmarkKeyPressBytes/move-2    40    3000 ns/op   2049 bytes/key",
	}, "\n"))
	r := &results{dir: dir, kv: map[string]string{}, bench: map[string]map[string][]float64{}}
	for _, f := range []string{"meta.txt", "import-1m.txt", "reader-bench.txt"} {
		if err := r.read(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	if v, ok := r.median("BenchmarkCursorMove/n=100000", "ns/op"); !ok || v != 950000 {
		t.Fatalf("median %v %v, want 950000 (the middle of three runs)", v, ok)
	}
	var md strings.Builder
	writeDoc(&md, r)
	doc := md.String()
	for _, want := range []string{
		"| import 1,000,000 articles from JSONL | < 3 min, memory bounded | 181.5 s wall", // 181.5 s is over 3 min
		"| reader: BenchmarkCursorMove/n=100000 | cursor move < 1 ms at 100k | 0.950 ms | PASS |",
		"| reader: BenchmarkKeyPressBytes/move | ≤ 2 KB written per j at 120×40 | 2049 bytes | **FAIL** |",
		"every query class (load-1m.json) | not measured | **FAIL** (no figure) |",
	} {
		if !strings.Contains(doc, want) {
			t.Errorf("the report lacks %q:\n%s", want, doc)
		}
	}
	if line := lineWith(doc, "import 1,000,000"); !strings.HasSuffix(line, "**FAIL** |") {
		t.Errorf("an import over 3 minutes passed: %s", line)
	}
}

func lineWith(doc, s string) string {
	for _, l := range strings.Split(doc, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// The cold-search row applies the p99 budget to the cold requests of every
// search class together, and names the worst one.
func TestColdSearchRowIsTheP99OfAllColdRequests(t *testing.T) {
	ms := make([]float64, 0, 200)
	for i := range 198 {
		ms = append(ms, float64(i%20)) // 0-19 ms
	}
	ms = append(ms, 24, 40) // the two slowest: p99 of 200 is the 199th
	r := coldSearchRow("service, 1M", ms, sqliteSearch)
	if r.result != "PASS" || !strings.Contains(r.measured, "p99 24.0 ms of 200 cold requests (worst 40.0 ms)") {
		t.Fatalf("row %+v", r)
	}
	ms[198] = 25
	if r := coldSearchRow("service, 1M", ms, sqliteSearch); r.result == "PASS" {
		t.Fatalf("a p99 of 25 ms passed: %+v", r)
	}
	if r := coldSearchRow("service, 1M", nil, sqliteSearch); r.result == "PASS" {
		t.Fatalf("no cold requests passed: %+v", r)
	}
}

// The first-frame row comes from startupbench -frame-first's line: every
// run must have had the frame on screen; a missing line is a FAIL.
func TestFirstFrameRowPassesOnlyWhenEveryRunDid(t *testing.T) {
	frameRow := func(line string) row {
		r := &results{dir: t.TempDir(), kv: map[string]string{"startup.frame": line}}
		for _, rw := range r.readerRows() {
			if strings.Contains(rw.area, "first frame") {
				return rw
			}
		}
		t.Fatalf("no first-frame row for %q", line)
		return row{}
	}
	if rw := frameRow("first frame before the first request: 5 of 5 runs"); rw.result != "PASS" {
		t.Errorf("5 of 5: %+v", rw)
	}
	if rw := frameRow("first frame before the first request: 4 of 5 runs"); rw.result == "PASS" {
		t.Errorf("4 of 5 passed: %+v", rw)
	}
	if rw := frameRow(""); rw.result == "PASS" {
		t.Errorf("no figure passed: %+v", rw)
	}
}

func TestFeedRowsHoldPassesToTheirBudgets(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "feeds-bench.txt"), []byte(strings.Join([]string{
		"BenchmarkFirstRefresh-2   1   25000000000 ns/op   1000 feeds   24.9 live-heap-MiB",
		"BenchmarkNotModifiedPass-2   1   180000000 ns/op   1000 feeds",
	}, "\n")), 0o644)
	os.WriteFile(filepath.Join(dir, "ingest.txt"), []byte("load_seconds=12.5\npass_took=21.3s\nsummary=Polled 1000 feeds\n"), 0o644)
	r := &results{dir: dir, kv: map[string]string{}, bench: map[string]map[string][]float64{}}
	for _, f := range []string{"feeds-bench.txt", "ingest.txt"} {
		if err := r.read(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	rows := r.feedsRows()
	if len(rows) != 3 || rows[0].result != "**FAIL**" || rows[1].result != "PASS" || !strings.Contains(rows[2].result, "no figure") {
		t.Fatalf("rows %+v: want the 25 s first pass to fail, the 0.18 s 304 pass to pass, the missing load to fail", rows)
	}
	if !strings.Contains(rows[0].measured, "25.0 s median") || !strings.Contains(rows[0].measured, "25 MiB") {
		t.Fatalf("first refresh figure %q", rows[0].measured)
	}
}
