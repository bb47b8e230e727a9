package loadtest

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"
)

// Report is everything one invocation of the load tool found.
type Report struct {
	Date        string  `json:"date"`
	CPUs        int     `json:"cpus"`
	Target      string  `json:"target"`
	Catalogue   string  `json:"catalogue,omitempty"`
	Concurrency int     `json:"concurrency"`
	Keys        int     `json:"keys"`
	PoliteKeys  int     `json:"politeKeys"`
	Seed        uint64  `json:"seed"`
	Result      *Result `json:"result"`
	// CPUSeconds is this process's CPU time (user+sys) during the load:
	// service and load generator together when in-process. Unlike req/s it
	// does not depend on what else the machine is running.
	CPUSeconds float64           `json:"processCpuSeconds"`
	Before     *Snapshot         `json:"before,omitempty"`
	After      *Snapshot         `json:"after,omitempty"`
	Tolerance  Tolerance         `json:"tolerance"`
	Shutdown   *ShutdownFindings `json:"shutdown,omitempty"`
	Checks     []Check           `json:"checks"`
}

// WriteTable writes the report for people.
func (r *Report) WriteTable(w io.Writer) {
	res := r.Result
	fmt.Fprintf(w, "tidings-load  %s  (%d CPUs)\n", r.Date, r.CPUs)
	fmt.Fprintf(w, "target      %s %s\n", r.Target, r.Catalogue)
	limit := "unlimited"
	if res.RateLimit > 0 {
		limit = fmt.Sprintf("%d/min per key", res.RateLimit)
	}
	fmt.Fprintf(w, "load        %.1f s, concurrency %d, %d keys (%d polite), rate limit %s, seed %d\n",
		res.Seconds, r.Concurrency, r.Keys, r.PoliteKeys, limit, r.Seed)
	fmt.Fprintf(w, "requests    %d (%.0f/s), %d hostile, %d transport errors\n",
		res.Requests, res.PerSecond, res.Hostile, res.TransportErrors)
	if r.CPUSeconds > 0 && res.Requests > 0 {
		who := "load generator only"
		if r.Before != nil {
			who = "service + load generator"
		}
		fmt.Fprintf(w, "cpu         %.1f s of process CPU (%s): %.2f ms per request, %.0f%% of one core\n",
			r.CPUSeconds, who, 1000*r.CPUSeconds/float64(res.Requests), 100*r.CPUSeconds/res.Seconds)
	}
	fmt.Fprintf(w, "status      %s\n", statusLine(res.Status))
	for _, e := range res.ErrorSamples {
		fmt.Fprintf(w, "  error     %s\n", e)
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "latency ms\tn\tp50\tp90\tp99\tmax\t")
	for _, l := range res.Latency {
		fmt.Fprintf(tw, "%s\t%d\t%.2f\t%.2f\t%.2f\t%.2f\t\n", l.Name, l.Count, l.P50, l.P90, l.P99, l.Max)
	}
	tw.Flush()
	if r.Before != nil && r.After != nil {
		b, a := r.Before, r.After
		fmt.Fprintf(w, "server      heap in use %s -> %s (live %s -> %s), goroutines %d -> %d\n",
			mib(b.HeapInuse), mib(a.HeapInuse), mib(b.HeapAlloc), mib(a.HeapAlloc), b.Goroutines, a.Goroutines)
		fmt.Fprintf(w, "process     RSS %s -> %s; Go heap held from the OS %s -> %s\n",
			mib(b.RSS), mib(a.RSS), mib(b.HeapSys-b.HeapReleased), mib(a.HeapSys-a.HeapReleased))
	}
	fmt.Fprintln(w, "checks")
	for _, c := range r.Checks {
		verdict := "FAIL"
		switch {
		case c.Skip:
			verdict = "SKIP"
		case c.Pass:
			verdict = "PASS"
		}
		fmt.Fprintf(w, "  %s  %s: %s\n", verdict, c.Name, c.Detail)
	}
}

func statusLine(m map[int]int) string {
	codes := make([]int, 0, len(m))
	for c := range m {
		codes = append(codes, c)
	}
	slices.Sort(codes)
	parts := make([]string, len(codes))
	for i, c := range codes {
		parts[i] = fmt.Sprintf("%d=%d", c, m[c])
	}
	return strings.Join(parts, "  ")
}
