package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"tidings/ui"
)

func (r *results) readerRows() []row {
	var rows []row
	const area = "reader: "
	// Start-up, from cmd/tidings-startupbench's line.
	if m := regexp.MustCompile(`median ([\d.]+) ms`).FindStringSubmatch(r.kv["startup.line"]); m != nil {
		v, _ := strconv.ParseFloat(m[1], 64)
		rows = append(rows, row{area + "start-up to first headlines (demo, tmux 120×40)", "median < 40 ms",
			strings.TrimPrefix(r.kv["startup.line"], "startup to first headlines: "), verdict(v < 40)})
	} else {
		rows = append(rows, missing(area+"start-up (demo)", "median < 40 ms"))
	}
	if cold := r.kv["startup.cold"]; cold != "" {
		rows = append(rows, row{area + "start-up to first headlines from an empty page cache (binary read from disk)",
			"(no budget: the runs above start with the binary cached, as repeated starts do)",
			strings.TrimPrefix(cold, "startup to first headlines: "), "info"})
	}
	// First frame before the first request, from startupbench -frame-first.
	const frameBudget = "frame on screen when the service receives the request, every run"
	if m := regexp.MustCompile(`(\d+) of (\d+) runs`).FindStringSubmatch(r.kv["startup.frame"]); m != nil {
		rows = append(rows, row{area + "first frame before the request is sent (remote service)", frameBudget,
			m[0], verdict(m[1] == m[2] && m[2] != "0")})
	} else {
		rows = append(rows, missing(area+"first frame (remote)", frameBudget))
	}
	var rd ReaderReport
	b, err := os.ReadFile(filepath.Join(r.dir, "reader.json"))
	if err == nil {
		err = json.Unmarshal(b, &rd)
	}
	if err != nil || rd.RSSMiB == 0 {
		rows = append(rows, missing(area+"RSS, 10,000 articles", "< 40 MiB"), missing(area+"idle CPU", "≈ bare Bubble Tea"))
	} else {
		rows = append(rows, row{area + "RSS with 10,000 articles loaded from a remote `tidings serve`",
			"< 40 MiB", fmt.Sprintf("%.1f MiB (%s)", rd.RSSMiB, rd.Loaded), verdict(rd.RSSMiB > 0 && rd.RSSMiB < 40)})
		limit := max(1.25*rd.BareIdleMsPerSec, rd.BareIdleMsPerSec+2)
		rows = append(rows, row{area + "idle CPU, 10,000 articles loaded",
			fmt.Sprintf("≈ a bare Bubble Tea program: ≤ max(1.25×, +2 ms/s) of its %.1f ms/s = %.1f ms/s", rd.BareIdleMsPerSec, limit),
			fmt.Sprintf("%.1f ms/s", rd.IdleMsPerSec), verdict(rd.IdleMsPerSec <= limit)})
		if rd.BareIdleAtReaderFPS > 0 {
			rows = append(rows, row{area + "idle CPU of the same bare program at the reader's frame rate (" +
				strconv.Itoa(ui.FrameRate) + " fps)", "(no budget: what Bubble Tea's renderer alone costs at that rate)",
				fmt.Sprintf("%.1f ms/s", rd.BareIdleAtReaderFPS), "info"})
		}
	}
	one := func(name, unit, budget string, ok func(float64) bool, show func(float64) string) {
		v, found := r.median(name, unit)
		if !found {
			rows = append(rows, missing(area+name, budget))
			return
		}
		rows = append(rows, row{area + name, budget, show(v), verdict(ok(v))})
	}
	ratio := func(big, small, unit, budget string, limit float64) {
		a, ok1 := r.median(big, unit)
		b, ok2 := r.median(small, unit)
		if !ok1 || !ok2 || b == 0 {
			rows = append(rows, missing(area+big, budget))
			return
		}
		rows = append(rows, row{area + big + " vs " + small, budget,
			fmt.Sprintf("%.2f× (%s vs %s)", a/b, ms(a), ms(b)), verdict(a/b <= limit)})
	}
	one("BenchmarkKeyLatency/fps=120", "p50-ms", "j visible: median < 5 ms with 10,000 articles",
		func(v float64) bool { return v < 5 }, func(v float64) string { return fmt.Sprintf("%.2f ms median", v) })
	ratio("BenchmarkHeadlinesView/n=100000", "BenchmarkHeadlinesView/n=100", "ns/op", "View cost at 100k ≤ 1.5× at 100", 1.5)
	for _, name := range []string{"BenchmarkCursorMove/n=100000", "BenchmarkCursorScroll/n=100000"} {
		one(name, "ns/op", "cursor move < 1 ms at 100k", func(v float64) bool { return v < 1e6 }, ms)
	}
	ratio("BenchmarkAppendPage/n=100000", "BenchmarkAppendPage/n=100", "ns/op", "append 100 to 100k ≤ 2× to 100", 2)
	for _, name := range []string{"BenchmarkKeyPressBytes/move", "BenchmarkKeyPressBytes/scroll"} {
		one(name, "bytes/key", "≤ 2 KB written per j at 120×40", func(v float64) bool { return v <= 2048 },
			func(v float64) string { return fmt.Sprintf("%.0f bytes", v) })
	}
	one("BenchmarkDecodeArticlesPage", "ns/op", "decode a 100-article page < 1 ms", func(v float64) bool { return v < 1e6 }, ms)
	// Full text (f): the whole 10,000-word article, extracted and laid
	// out, is the budget; the first screens are what the reader waits for.
	one("BenchmarkExtractAndRender10kWords", "ns/op", "extract and render a 10,000-word article < 30 ms",
		func(v float64) bool { return v < 30e6 }, ms)
	one("BenchmarkExtractToFirstScreen10kWords", "ns/op", "the same to its first screens < 30 ms",
		func(v float64) bool { return v < 30e6 }, ms)
	ratio("BenchmarkScrollFullTextEnd", "BenchmarkScrollFullTextTop", "ns/op", "scrolling at the end ≤ 1.5× at the top", 1.5)
	return rows
}

func writeDoc(w *strings.Builder, r *results) {
	fmt.Fprintf(w, "# Performance\n\n")
	fmt.Fprintf(w, "Written by `scripts/bench.sh` (do not edit by hand: run it again). Every budget of the\n"+
		"performance issue, the figure measured and PASS or FAIL. A budget is never loosened\n"+
		"to make a row pass.\n\n")
	fmt.Fprintf(w, "- Date: %s\n- Machine: %s cores (`nproc`), %s\n- Load average (1, 5, 15 min) before: %s; after: %s\n- Go: %s\n\n",
		r.kv["meta.date"], r.kv["meta.cores"], r.kv["meta.cpu"], r.kv["meta.load_before"], r.kv["meta.load_after"], r.kv["meta.go"])
	if from := r.kv["meta.reader_from"]; from != "" {
		fmt.Fprintf(w, "The reader figures were taken in an earlier run, %s, and reused (`READER_FROM`).\n\n", from)
	}
	if from := r.kv["meta.pg_from"]; from != "" {
		fmt.Fprintf(w, "The PostgreSQL rows were measured in a later run, %s (`PG_ONLY=1`), the rest in this one.\n\n", from)
	}
	fmt.Fprintf(w, "Other work sharing the cores during the run shows up directly in these figures: the\n"+
		"load average says how much there was.\n\n")
	all := append(append(append(append(r.serviceRows(), r.postgresRows()...), r.feedsRows()...), r.importRows()...), r.readerRows()...)
	all = append(all, r.marksRows()...)
	fmt.Fprintf(w, "| What | Budget | Measured | Result |\n|---|---|---|---|\n")
	for _, x := range all {
		fmt.Fprintf(w, "| %s | %s | %s | %s |\n", esc(x.area), esc(x.budget), esc(x.measured), x.result)
	}
	if notes, err := os.ReadFile("docs/performance-notes.md"); err == nil {
		fmt.Fprintf(w, "\n%s", notes)
	}
}

func esc(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
