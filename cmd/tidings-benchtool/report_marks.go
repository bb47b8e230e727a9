package main

import (
	"fmt"
	"strconv"
	"strings"

	"tidings/wording"
)

// The read/starred marks budgets (issue 27) and the Google Reader API's
// (issue 30) are Go benchmarks, which bench.sh runs into marks-sqlite.txt,
// greader.txt, serve-marks.txt and marks-pg.txt: each file holds the
// catalogue's size (articles=), the load average before and after the
// step, and `go test -bench` lines. Their rows are judged by the wall
// median of the runs.

// benchBudget is one budget held to one benchmark's median ns/op.
type benchBudget struct {
	area    string  // the row's What, with %s for the catalogue's size where it has one
	bench   string  // the benchmark's name, without the -GOMAXPROCS suffix
	budget  string  // as the row shows it
	limitMs float64 // the wall median must be below it
}

// marksStep is one step's benchmarks: the file they were written to, the
// size they ran at unless the file says otherwise, and whether the
// cpu-ms/op they report is the whole cost (SQLite runs in the process)
// or only the Go side's (PostgreSQL's server is another process).
type marksStep struct {
	file        string
	defaultSize int
	wholeCPU    bool
	budgets     []benchBudget
}

var marksSQLite = marksStep{file: "marks-sqlite", defaultSize: 1_000_000, wholeCPU: true, budgets: []benchBudget{
	{"marks, SQLite, 100,000 articles, 1,000 sources: MarkAllRead of everything (BenchmarkMarkAllRead100k/everything)",
		"BenchmarkMarkAllRead100k/everything", "< 50 ms", 50},
	{"marks, SQLite, 100,000 articles: MarkAllRead of one category, 14,300 articles (BenchmarkMarkAllRead100k/category)",
		"BenchmarkMarkAllRead100k/category", "< 50 ms", 50},
	{"marks, SQLite, %s articles, 1,000 sources: unread per source, an owner who marked nothing (BenchmarkUnreadBySource/fresh-owner)",
		"BenchmarkUnreadBySource/fresh-owner", "< 20 ms", 20},
	{"marks, SQLite, %s, 1,000 sources: unread per source, 10,000 unread, 100 sources marked read, 1,000 single marks (BenchmarkUnreadBySource/reader)",
		"BenchmarkUnreadBySource/reader", "< 20 ms", 20},
	{"marks, SQLite, %s: the same, first count after a catalogue write (BenchmarkUnreadBySource/reader-after-a-write)",
		"BenchmarkUnreadBySource/reader-after-a-write", "< 20 ms", 20},
	{"marks, SQLite, %s: ids of a 10,000-unread reading list, one page (BenchmarkStreamUnread)",
		"BenchmarkStreamUnread", "< 20 ms", 20},
	{"marks, SQLite, %s: SetRead of 1,000 ids (BenchmarkSetRead1000)",
		"BenchmarkSetRead1000", "< 20 ms (issue 30's edit-tag of 1,000)", 20},
}}

var marksPostgres = marksStep{file: "marks-pg", defaultSize: 100_000, budgets: []benchBudget{
	{"marks, PostgreSQL, %s articles, 1,000 sources: MarkAllRead of everything (BenchmarkMarks/MarkAllRead/everything)",
		"BenchmarkMarks/MarkAllRead/everything", "< 50 ms", 50},
	{"marks, PostgreSQL, %s: unread per source, 10,000 unread (BenchmarkMarks/UnreadBySource/reader)",
		"BenchmarkMarks/UnreadBySource/reader", "< 20 ms (asked at 1M)", 20},
	{"marks, PostgreSQL, %s: ids of a 10,000-unread reading list (BenchmarkMarks/StreamUnread)",
		"BenchmarkMarks/StreamUnread", "< 20 ms (asked at 1M)", 20},
	{"marks, PostgreSQL, %s: SetRead of 1,000 ids (BenchmarkMarks/SetRead1000)",
		"BenchmarkMarks/SetRead1000", "< 20 ms", 20},
}}

var greaderStep = marksStep{file: "greader", defaultSize: 1_000_000, budgets: []benchBudget{
	{"Google Reader API, SQLite, %s: unread ids of a 10,000-unread reading list (BenchmarkGReaderUnreadIDs)",
		"BenchmarkGReaderUnreadIDs", "< 20 ms", 20},
	{"Google Reader API, SQLite, %s: contents of 100 items (BenchmarkGReaderContents100)",
		"BenchmarkGReaderContents100", "< 10 ms", 10},
	{"Google Reader API, SQLite, %s: edit-tag of 1,000 ids (BenchmarkGReaderEditTag1000)",
		"BenchmarkGReaderEditTag1000", "< 20 ms", 20},
}}

// marksRows are the marks and Google Reader API rows, one a budget.
func (r *results) marksRows() []row {
	var rows []row
	for _, step := range []marksStep{marksSQLite, marksPostgres} {
		rows = append(rows, r.stepRows(step)...)
	}
	rows = append(rows, r.serveWithMarksRow())
	return append(rows, r.stepRows(greaderStep)...)
}

// stepRows hold each of a step's benchmarks to its budget.
func (r *results) stepRows(step marksStep) []row {
	size := step.defaultSize
	if n, err := strconv.Atoi(r.kv[step.file+".articles"]); err == nil && n > 0 {
		size = n
	}
	load := r.stepLoad(step.file)
	var rows []row
	for _, bb := range step.budgets {
		area := bb.area
		if strings.Contains(area, "%s") {
			area = fmt.Sprintf(area, sizeLabel(size))
		}
		if size == 1_000_000 {
			bb.budget = strings.TrimSuffix(bb.budget, " (asked at 1M)")
		}
		wall, ok := r.median(bb.bench, "ns/op")
		if !ok {
			rows = append(rows, r.notMeasured(step.file, area, bb.budget))
			continue
		}
		wallMs := wall / 1e6
		fig := fmt.Sprintf("%s ms wall", msFigure(wallMs))
		result := verdict(wallMs < bb.limitMs)
		if cpu, ok := r.median(bb.bench, "cpu-ms/op"); ok {
			if step.wholeCPU {
				fig += fmt.Sprintf(", %s ms CPU", msFigure(cpu))
				if wallMs >= bb.limitMs && cpu < bb.limitMs {
					result += " (wall; CPU within)"
				}
			} else {
				fig += fmt.Sprintf(" (the Go side's CPU %s ms, the server's not counted)", msFigure(cpu))
			}
		}
		rows = append(rows, row{area, bb.budget, fig + "; median of " + r.runs(bb.bench) + load, result})
	}
	return rows
}

// serveWithMarksRow shows what a key's marks add to a list the body
// cache holds (BenchmarkServeWithMarks against BenchmarkServe, fixture
// store): no budget.
func (r *results) serveWithMarksRow() row {
	const area = "marks, service: a list with the key's marks, repeated (BenchmarkServeWithMarks, fixture store)"
	const budget = "(no budget; compared with the body cache's answer without marks, BenchmarkServe)"
	const headlines, search = "//v2/latest-headlines?country=gb", "//v2/articles?q=climate&sortBy=relevancy"
	with1, ok1 := r.median("BenchmarkServeWithMarks"+headlines, "ns/op")
	with2, ok2 := r.median("BenchmarkServeWithMarks"+search, "ns/op")
	bare1, ok3 := r.median("BenchmarkServe"+headlines, "ns/op")
	bare2, ok4 := r.median("BenchmarkServe"+search, "ns/op")
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return r.notMeasured("serve-marks", area, budget)
	}
	return row{area, budget, fmt.Sprintf("headlines %.3f ms, search %.3f ms with marks; %.3f ms and %.3f ms without%s",
		with1/1e6, with2/1e6, bare1/1e6, bare2/1e6, r.stepLoad("serve-marks")), "info"}
}

// notMeasured is the missing row of a step's benchmark, saying why when
// the step's file does: PostgreSQL skipped, or go test failed.
func (r *results) notMeasured(file, area, budget string) row {
	m := missing(area, budget)
	switch {
	case r.kv[file+".skipped"] != "":
		m.measured += " (skipped: " + r.kv[file+".skipped"] + ")"
	case r.kv[file+".status"] != "" && r.kv[file+".status"] != "0":
		m.measured += fmt.Sprintf(" (go test exited with status %s; see %s.txt)", r.kv[file+".status"], file)
	case r.kv[file+".load_before"] == "":
		m.measured += " (no " + file + ".txt)"
	}
	return m
}

// stepLoad is the load average around a step, as the row shows it.
func (r *results) stepLoad(file string) string {
	before, after := r.kv[file+".load_before"], r.kv[file+".load_after"]
	if before == "" && after == "" {
		return ""
	}
	return fmt.Sprintf(" (load average before: %s; after: %s)", before, after)
}

// runs says how many runs a benchmark's median is of.
func (r *results) runs(bench string) string {
	return wording.Count(len(r.bench[bench]["ns/op"]), "run", "runs")
}

// sizeLabel is a catalogue's size as the rows name it: "1M", or the
// count ("100,000").
func sizeLabel(n int) string {
	if n == 1_000_000 {
		return "1M"
	}
	return wording.Thousands(n)
}

// msFigure shows milliseconds with the precision they deserve.
func msFigure(v float64) string {
	switch {
	case v < 1:
		return fmt.Sprintf("%.2f", v)
	case v < 100:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.0f", v)
}
