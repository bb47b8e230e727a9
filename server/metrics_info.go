package server

import (
	"context"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// SetBuildInfo adds tidings_build_info{version,revision,goversion} = 1,
// the usual way to see in a dashboard which build each instance runs.
func (m *Metrics) SetBuildInfo(version, revision, goVersion string) {
	info := prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "tidings_build_info",
		Help: "The running build: always 1, its labels say which."}, []string{"version", "revision", "goversion"})
	info.WithLabelValues(version, revision, goVersion).Set(1)
	m.reg.MustRegister(info)
}

// feedStateTimeout bounds the query a scrape makes for tidings_feeds: a
// slow store leaves the gauge out of that scrape rather than hold it up.
const feedStateTimeout = 2 * time.Second

// CountFeeds adds tidings_feeds{state}, the subscribed feeds by state,
// read by count at each scrape so that every replica of a shared
// catalogue reports the same, current, numbers. states are the label
// values always reported (0 when no feed is in that state).
func (m *Metrics) CountFeeds(states []string, count func(ctx context.Context) (map[string]int, error)) {
	m.reg.MustRegister(&feedStates{states: states, count: count,
		desc: prometheus.NewDesc("tidings_feeds", "Subscribed feeds, by polling state (ok, failing, disabled).", []string{"state"}, nil)})
}

type feedStates struct {
	desc   *prometheus.Desc
	states []string
	count  func(ctx context.Context) (map[string]int, error)
}

func (f *feedStates) Describe(ch chan<- *prometheus.Desc) { ch <- f.desc }

func (f *feedStates) Collect(ch chan<- prometheus.Metric) {
	ctx, cancel := context.WithTimeout(context.Background(), feedStateTimeout)
	defer cancel()
	counts, err := f.count(ctx)
	if err != nil {
		return // the gauge is absent from this scrape; /readyz says why the store fails
	}
	for _, s := range f.states {
		ch <- prometheus.MustNewConstMetric(f.desc, prometheus.GaugeValue, float64(counts[s]), s)
	}
}
