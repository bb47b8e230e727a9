package server

import (
	"context"
	"fmt"
	"io"
	"time"
)

// SetBuildInfo adds tidings_build_info{version,revision,goversion} = 1,
// the usual way to see in a dashboard which build each instance runs.
func (m *Metrics) SetBuildInfo(version, revision, goVersion string) {
	name := m.describe("tidings_build_info", "gauge", "The running build: always 1, its labels say which.")
	m.set.NewGauge(series(name, "goversion", goVersion, "revision", revision, "version", version),
		func() float64 { return 1 })
}

// feedStateTimeout bounds the query a scrape makes for tidings_feeds: a
// slow store leaves the gauge out of that scrape rather than hold it up.
const feedStateTimeout = 2 * time.Second

// CountFeeds adds tidings_feeds{state}, the subscribed feeds by state,
// read by count at each scrape so that every replica of a shared
// catalogue reports the same, current, numbers. states are the label
// values always reported (0 when no feed is in that state).
func (m *Metrics) CountFeeds(states []string, count func(ctx context.Context) (map[string]int, error)) {
	name := m.describe("tidings_feeds", "gauge", "Subscribed feeds, by polling state (ok, failing, disabled).")
	m.set.RegisterMetricsWriter(func(w io.Writer) {
		ctx, cancel := context.WithTimeout(context.Background(), feedStateTimeout)
		defer cancel()
		counts, err := count(ctx)
		if err != nil {
			return // the gauge is absent from this scrape; /readyz says why the store fails
		}
		for _, s := range states {
			fmt.Fprintf(w, "%s %d\n", series(name, "state", s), counts[s])
		}
	})
}
