package server

import (
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics is the service's Prometheus instrumentation, in a registry of
// its own (never the global one), so several handlers in one process — the
// tests, the reader's in-process service — never collide. Labels take
// values from fixed sets only: the route table's endpoints (an unknown
// path is "other"), status codes, outcomes. No key, query text or client
// value ever becomes a label.
type Metrics struct {
	reg         *prometheus.Registry
	requests    *prometheus.CounterVec
	duration    *prometheus.HistogramVec
	inFlight    prometheus.Gauge
	refusals    *prometheus.CounterVec
	storeQuery  *prometheus.HistogramVec
	cache       *prometheus.CounterVec
	feedPolls   *prometheus.CounterVec
	ingested    *prometheus.CounterVec
	pruned      prometheus.Counter
	passes      prometheus.Counter
	lastPass    prometheus.Gauge
	passSeconds prometheus.Histogram
}

// Endpoint labels beyond the API paths of the route table.
const (
	endpointOther   = "other" // any path the service does not serve
	endpointHealth  = "/healthz"
	endpointReady   = "/readyz"
	endpointMetrics = "/metrics"
	endpointOpenAPI = "/v2/openapi.json"
)

// latencyBuckets span a cached answer (well under a millisecond) to the
// query time bound (DefaultQueryTimeout, 10 s).
var latencyBuckets = []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// NewMetrics returns the service's metrics in a fresh registry, with the
// Go runtime's and the process's own collectors.
func NewMetrics() *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	f := func(c prometheus.Collector) { m.reg.MustRegister(c) }
	f(collectors.NewGoCollector())
	f(collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tidings_http_requests_total",
		Help: "HTTP requests answered, by endpoint (the route; other for unknown paths) and status code."},
		[]string{"endpoint", "code"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "tidings_http_request_duration_seconds",
		Help: "Time to answer an HTTP request, by endpoint.", Buckets: latencyBuckets}, []string{"endpoint"})
	m.inFlight = prometheus.NewGauge(prometheus.GaugeOpts{Name: "tidings_http_requests_in_flight",
		Help: "HTTP requests being answered now."})
	m.refusals = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tidings_rate_limit_refusals_total",
		Help: "Requests refused with 429 because their key was over the rate limit, by endpoint."}, []string{"endpoint"})
	m.storeQuery = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "tidings_store_query_duration_seconds",
		Help:    "Time the store took to answer an endpoint's query (response-cache misses only), by endpoint.",
		Buckets: latencyBuckets}, []string{"endpoint"})
	m.cache = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tidings_response_cache_lookups_total",
		Help: "Response-cache lookups of valid requests, by result (hit or miss)."}, []string{"result"})
	m.feedPolls = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tidings_feed_polls_total",
		Help: "Feed fetches, by outcome (ok, not_modified, failed)."}, []string{"outcome"})
	m.ingested = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "tidings_feed_articles_ingested_total",
		Help: "Articles written by feed polling, by kind (new, updated)."}, []string{"kind"})
	m.pruned = prometheus.NewCounter(prometheus.CounterOpts{Name: "tidings_feed_articles_pruned_total",
		Help: "Feed articles deleted as older than --retain."})
	m.passes = prometheus.NewCounter(prometheus.CounterOpts{Name: "tidings_feed_passes_total",
		Help: "Polling passes finished."})
	m.lastPass = prometheus.NewGauge(prometheus.GaugeOpts{Name: "tidings_feed_last_pass_timestamp_seconds",
		Help: "When the last polling pass finished (Unix seconds; 0: none yet)."})
	m.passSeconds = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "tidings_feed_pass_duration_seconds",
		Help: "Time a polling pass took.", Buckets: []float64{.1, .5, 1, 5, 15, 30, 60, 120, 300, 600, 1800}})
	for _, c := range []prometheus.Collector{m.requests, m.duration, m.inFlight, m.refusals, m.storeQuery, m.cache,
		m.feedPolls, m.ingested, m.pruned, m.passes, m.lastPass, m.passSeconds} {
		f(c)
	}
	// Known label values start at 0, so rate() and absent() work from the
	// first scrape rather than from the first event.
	for _, r := range []string{"hit", "miss"} {
		m.cache.WithLabelValues(r)
	}
	for _, o := range []string{"ok", "not_modified", "failed"} {
		m.feedPolls.WithLabelValues(o)
	}
	for _, k := range []string{"new", "updated"} {
		m.ingested.WithLabelValues(k)
	}
	return m
}

// Handler serves the metrics in Prometheus's text format (gzipped when
// the scraper accepts it), for /metrics on the API listener or on a
// listener of its own (`tidings serve --metrics-listen`).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// Registry is the registry the metrics live in, for a caller that adds
// its own collectors.
func (m *Metrics) Registry() *prometheus.Registry { return m.reg }

// FeedPass is what one polling pass did, as the metrics count it (the
// feeds package's Summary, without tying this package to it).
type FeedPass struct {
	Started, Finished       time.Time
	OK, NotModified, Failed int // feeds fetched, by outcome
	NewArticles, Updated    int
	Pruned                  int
}

// ObserveFeedPass counts a finished polling pass.
func (m *Metrics) ObserveFeedPass(p FeedPass) {
	m.feedPolls.WithLabelValues("ok").Add(float64(p.OK))
	m.feedPolls.WithLabelValues("not_modified").Add(float64(p.NotModified))
	m.feedPolls.WithLabelValues("failed").Add(float64(p.Failed))
	m.ingested.WithLabelValues("new").Add(float64(p.NewArticles))
	m.ingested.WithLabelValues("updated").Add(float64(p.Updated))
	m.pruned.Add(float64(p.Pruned))
	m.passes.Inc()
	m.lastPass.Set(float64(p.Finished.UnixNano()) / 1e9)
	m.passSeconds.Observe(p.Finished.Sub(p.Started).Seconds())
}

// observeRequest counts one answered request.
func (m *Metrics) observeRequest(endpoint string, status int, took time.Duration) {
	m.requests.WithLabelValues(endpoint, strconv.Itoa(status)).Inc()
	m.duration.WithLabelValues(endpoint).Observe(took.Seconds())
	if status == http.StatusTooManyRequests {
		m.refusals.WithLabelValues(endpoint).Inc()
	}
}

// observeCache counts one response-cache lookup.
func (m *Metrics) observeCache(hit bool) {
	if hit {
		m.cache.WithLabelValues("hit").Inc()
		return
	}
	m.cache.WithLabelValues("miss").Inc()
}
