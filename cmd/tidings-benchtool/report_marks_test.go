package main

import (
	"strings"
	"testing"
)

// Output of the bench.sh steps as go test writes it (three runs each,
// whose medians are the figures), with the lines bench.sh adds.
const (
	greaderOutput = `articles=1000000
load_before=1.10 0.90 0.80
goos: linux
goarch: amd64
pkg: tidings/server
cpu: AMD EPYC
BenchmarkGReaderUnreadIDs-2   	      50	   9761746 ns/op
BenchmarkGReaderUnreadIDs-2   	      50	  25000000 ns/op
BenchmarkGReaderUnreadIDs-2   	      50	   9900000 ns/op
BenchmarkGReaderContents100-2 	      50	  12500000 ns/op
BenchmarkGReaderContents100-2 	      50	  11000000 ns/op
BenchmarkGReaderContents100-2 	      50	   3000000 ns/op
BenchmarkGReaderEditTag1000-2 	      50	  19000000 ns/op
BenchmarkGReaderEditTag1000-2 	      50	  18000000 ns/op
BenchmarkGReaderEditTag1000-2 	      50	  21000000 ns/op
PASS
ok  	tidings/server	95.2s
load_after=2.00 1.20 0.90
seconds=120
status=0
`
	marksSQLiteOutput = `articles=1000000
load_before=0.50 0.40 0.30
BenchmarkMarkAllRead100k/everything-2         	      30	   3500000 ns/op	         0.8700 cpu-ms/op
BenchmarkMarkAllRead100k/category-2           	      30	  20400000 ns/op	         4.400 cpu-ms/op
BenchmarkUnreadBySource/fresh-owner-2         	      30	    520000 ns/op	         0.1600 cpu-ms/op
BenchmarkUnreadBySource/reader-after-a-write-2         	      30	  21100000 ns/op
BenchmarkUnreadBySource/reader-2                       	      30	  12200000 ns/op	         3.900 cpu-ms/op
BenchmarkStreamUnread-2                       	      30	  43000000 ns/op	        11.00 cpu-ms/op
BenchmarkSetRead1000-2                        	      30	  39100000 ns/op	        28.10 cpu-ms/op
load_after=0.70 0.50 0.30
status=0
`
	marksPGOutput = `articles=100000
load_before=1.00 1.00 1.00
BenchmarkMarks/MarkAllRead/everything-2         	      30	 131000000 ns/op	         2.200 cpu-ms/op
BenchmarkMarks/MarkAllRead/category-2           	      30	  40000000 ns/op	         1.000 cpu-ms/op
BenchmarkMarks/UnreadBySource/fresh-owner-2     	      30	   5000000 ns/op	         0.100 cpu-ms/op
BenchmarkMarks/UnreadBySource/reader-after-a-write-2         	      30	  40000000 ns/op
BenchmarkMarks/UnreadBySource/reader-2          	      30	  38500000 ns/op	         0.300 cpu-ms/op
BenchmarkMarks/StreamUnread-2                   	      30	  12000000 ns/op	         1.500 cpu-ms/op
BenchmarkMarks/SetRead1000-2                    	      30	 109000000 ns/op	         3.000 cpu-ms/op
load_after=1.50 1.10 1.00
status=0
`
	serveMarksOutput = `articles=0
load_before=0.20 0.20 0.20
BenchmarkServe//v2/sources-2         	   60000	     18781 ns/op
BenchmarkServe//v2/latest-headlines?country=gb-2         	   60000	     70000 ns/op
BenchmarkServe//v2/articles?q=climate&sortBy=relevancy-2 	   60000	     71000 ns/op
BenchmarkServeWithMarks//v2/latest-headlines?country=gb-2         	   8000	    150000 ns/op
BenchmarkServeWithMarks//v2/articles?q=climate&sortBy=relevancy-2 	   8000	    160000 ns/op
load_after=0.30 0.20 0.20
status=0
`
)

func TestReportMarksAndGoogleReaderRows(t *testing.T) {
	doc := pgResults(t, map[string]string{"greader.txt": greaderOutput, "marks-sqlite.txt": marksSQLiteOutput,
		"marks-pg.txt": marksPGOutput, "serve-marks.txt": serveMarksOutput})
	for want, result := range map[string]string{
		// The medians: 9.9 of 9.76/25/9.9; 11 of 12.5/11/3; 19 of 19/18/21.
		"| Google Reader API, SQLite, 1M: unread ids of a 10,000-unread reading list (BenchmarkGReaderUnreadIDs) | < 20 ms | 9.9 ms wall; median of 3 runs (load average before: 1.10 0.90 0.80; after: 2.00 1.20 0.90) |":                                                    "PASS |",
		"| Google Reader API, SQLite, 1M: contents of 100 items (BenchmarkGReaderContents100) | < 10 ms | 11.0 ms wall; median of 3 runs":                                                                                                                                     "**FAIL** |",
		"| Google Reader API, SQLite, 1M: edit-tag of 1,000 ids (BenchmarkGReaderEditTag1000) | < 20 ms | 19.0 ms wall; median of 3 runs":                                                                                                                                     "PASS |",
		"| marks, SQLite, 100,000 articles, 1,000 sources: MarkAllRead of everything (BenchmarkMarkAllRead100k/everything) | < 50 ms | 3.5 ms wall, 0.87 ms CPU; median of 1 run (load average before: 0.50 0.40 0.30; after: 0.70 0.50 0.30) |":                              "PASS |",
		"| marks, SQLite, 100,000 articles: MarkAllRead of one category, 14,300 articles (BenchmarkMarkAllRead100k/category) | < 50 ms | 20.4 ms wall, 4.4 ms CPU":                                                                                                            "PASS |",
		"| marks, SQLite, 1M articles, 1,000 sources: unread per source, an owner who marked nothing (BenchmarkUnreadBySource/fresh-owner) | < 20 ms | 0.52 ms wall, 0.16 ms CPU":                                                                                             "PASS |",
		"| marks, SQLite, 1M, 1,000 sources: unread per source, 10,000 unread, 100 sources marked read, 1,000 single marks (BenchmarkUnreadBySource/reader) | < 20 ms | 12.2 ms wall, 3.9 ms CPU":                                                                             "PASS |",
		"| marks, SQLite, 1M: the same, first count after a catalogue write (BenchmarkUnreadBySource/reader-after-a-write) | < 20 ms | 21.1 ms wall;":                                                                                                                         "**FAIL** |",
		"| marks, SQLite, 1M: ids of a 10,000-unread reading list, one page (BenchmarkStreamUnread) | < 20 ms | 43.0 ms wall, 11.0 ms CPU":                                                                                                                                    "**FAIL** (wall; CPU within) |",
		"| marks, SQLite, 1M: SetRead of 1,000 ids (BenchmarkSetRead1000) | < 20 ms (issue 30's edit-tag of 1,000) | 39.1 ms wall, 28.1 ms CPU":                                                                                                                               "**FAIL** |",
		"| marks, PostgreSQL, 100,000 articles, 1,000 sources: MarkAllRead of everything (BenchmarkMarks/MarkAllRead/everything) | < 50 ms | 131 ms wall (the Go side's CPU 2.2 ms, the server's not counted); median of 1 run":                                               "**FAIL** |",
		"| marks, PostgreSQL, 100,000: unread per source, 10,000 unread (BenchmarkMarks/UnreadBySource/reader) | < 20 ms (asked at 1M) | 38.5 ms wall":                                                                                                                        "**FAIL** |",
		"| marks, PostgreSQL, 100,000: ids of a 10,000-unread reading list (BenchmarkMarks/StreamUnread) | < 20 ms (asked at 1M) | 12.0 ms wall":                                                                                                                              "PASS |",
		"| marks, PostgreSQL, 100,000: SetRead of 1,000 ids (BenchmarkMarks/SetRead1000) | < 20 ms | 109 ms wall":                                                                                                                                                             "**FAIL** |",
		"| marks, service: a list with the key's marks, repeated (BenchmarkServeWithMarks, fixture store) | (no budget; compared with the body cache's answer without marks, BenchmarkServe) | headlines 0.150 ms, search 0.160 ms with marks; 0.070 ms and 0.071 ms without": "info |",
	} {
		if line := lineWith(doc, want); !strings.HasSuffix(line, result) {
			t.Errorf("row %q:\n got %q,\nwant it to end %q", want, line, result)
		}
	}
	// PostgreSQL's CPU is the Go side's only: a wall FAIL is not excused by it.
	if line := lineWith(doc, "BenchmarkMarks/SetRead1000"); strings.Contains(line, "CPU within") {
		t.Errorf("PostgreSQL's client CPU excused a FAIL: %s", line)
	}
}

// A step that did not run, was skipped or failed leaves a "not measured"
// row for each of its budgets, saying why when it can.
func TestReportMarksRowsWithoutFiguresSayNotMeasured(t *testing.T) {
	doc := pgResults(t, map[string]string{
		"marks-pg.txt": "articles=100000\nload_before=1 1 1\n--- SKIP: BenchmarkMarks\nload_after=1 1 1\nstatus=0\n" +
			"skipped=no PostgreSQL server binaries (initdb, postgres)\n",
		"greader.txt": "articles=1000000\nload_before=1 1 1\nFAIL\tTIDINGS/server [build failed]\nload_after=1 1 1\nstatus=1\n",
	})
	for _, want := range []string{
		"| Google Reader API, SQLite, 1M: unread ids of a 10,000-unread reading list (BenchmarkGReaderUnreadIDs) | < 20 ms | not measured (go test exited with status 1; see greader.txt) | **FAIL** (no figure) |",
		"| Google Reader API, SQLite, 1M: contents of 100 items (BenchmarkGReaderContents100) | < 10 ms | not measured",
		"| Google Reader API, SQLite, 1M: edit-tag of 1,000 ids (BenchmarkGReaderEditTag1000) | < 20 ms | not measured",
		"| marks, PostgreSQL, 100,000: SetRead of 1,000 ids (BenchmarkMarks/SetRead1000) | < 20 ms | not measured (skipped: no PostgreSQL server binaries (initdb, postgres)) | **FAIL** (no figure) |",
		"| marks, SQLite, 1M: ids of a 10,000-unread reading list, one page (BenchmarkStreamUnread) | < 20 ms | not measured (no marks-sqlite.txt) | **FAIL** (no figure) |",
		"| marks, service: a list with the key's marks, repeated (BenchmarkServeWithMarks, fixture store) |",
	} {
		if line := lineWith(doc, want); line == "" {
			t.Errorf("the report lacks %q", want)
		}
	}
	if n := strings.Count(doc, "**FAIL** (no figure)"); n < 3+7+4+1 {
		t.Errorf("%d rows without a figure, want at least one for each of the 15 marks and Google Reader rows", n)
	}
}

// The size a step ran at names its rows: a QUICK run's 100,000 articles
// are not called 1M.
func TestReportMarksRowsNameTheSizeMeasured(t *testing.T) {
	doc := pgResults(t, map[string]string{"greader.txt": strings.Replace(greaderOutput, "articles=1000000", "articles=100000", 1)})
	if line := lineWith(doc, "Google Reader API, SQLite, 100,000: unread ids"); !strings.HasSuffix(line, "PASS |") {
		t.Errorf("at 100,000: %q", line)
	}
	if strings.Contains(doc, "Google Reader API, SQLite, 1M") {
		t.Errorf("a 100,000-article run is named 1M")
	}
}
