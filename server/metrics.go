package server

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/VictoriaMetrics/metrics"
)

// Metrics is the service's Prometheus instrumentation, in a set of its
// own (never the package's default one), so several handlers in one
// process — the tests, the reader's in-process service — never collide.
// Labels take values from fixed sets only: the route table's endpoints
// (an unknown path is "other"), status codes, outcomes. No key, query
// text or client value ever becomes a label.
//
// It is VictoriaMetrics' small text-format exporter rather than the
// Prometheus client: the reader links this package for its in-process
// demo service, and the Prometheus client brought protobuf and some 30
// package initialisers into every start of the reader (issue 31).
type Metrics struct {
	set      *metrics.Set
	families []family // HELP and TYPE of the service's own metrics

	inFlight    *metrics.Gauge
	pruned      *metrics.Counter
	passes      *metrics.Counter
	lastPass    *metrics.Gauge
	passSeconds *metrics.PrometheusHistogram

	// The labelled series, made on first use and kept by label values.
	requests   sync.Map // requestKey → *metrics.Counter
	duration   sync.Map // endpoint → *metrics.PrometheusHistogram
	refusals   sync.Map // endpoint → *metrics.Counter
	storeQuery sync.Map // endpoint → *metrics.PrometheusHistogram
}

type requestKey struct {
	endpoint string
	code     int
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

// passBuckets span a pass over a few feeds to one over thousands.
var passBuckets = []float64{.1, .5, 1, 5, 15, 30, 60, 120, 300, 600, 1800}

// Names of the labelled families.
const (
	metricRequests   = "tidings_http_requests_total"
	metricDuration   = "tidings_http_request_duration_seconds"
	metricRefusals   = "tidings_rate_limit_refusals_total"
	metricStoreQuery = "tidings_store_query_duration_seconds"
	metricCache      = "tidings_response_cache_lookups_total"
	metricFeedPolls  = "tidings_feed_polls_total"
	metricIngested   = "tidings_feed_articles_ingested_total"
)

// NewMetrics returns the service's metrics in a fresh set; its handler
// adds the Go runtime's (go_*) and the process's (process_*) own.
func NewMetrics() *Metrics {
	m := &Metrics{set: metrics.NewSet()}
	m.describe(metricRequests, "counter", "HTTP requests answered, by endpoint (the route; other for unknown paths) and status code.")
	m.describe(metricDuration, "histogram", "Time to answer an HTTP request, by endpoint.")
	m.describe(metricRefusals, "counter", "Requests refused with 429 because their key was over the rate limit, by endpoint.")
	m.describe(metricStoreQuery, "histogram", "Time the store took to answer an endpoint's query (response-cache misses only), by endpoint.")
	m.describe(metricCache, "counter", "Response-cache lookups of valid requests, by result (hit or miss).")
	m.describe(metricFeedPolls, "counter", "Feed fetches, by outcome (ok, not_modified, failed).")
	m.describe(metricIngested, "counter", "Articles written by feed polling, by kind (new, updated).")
	m.inFlight = m.set.NewGauge(m.describe("tidings_http_requests_in_flight", "gauge", "HTTP requests being answered now."), nil)
	m.pruned = m.set.NewCounter(m.describe("tidings_feed_articles_pruned_total", "counter", "Feed articles deleted as older than --retain."))
	m.passes = m.set.NewCounter(m.describe("tidings_feed_passes_total", "counter", "Polling passes finished."))
	m.lastPass = m.set.NewGauge(m.describe("tidings_feed_last_pass_timestamp_seconds", "gauge",
		"When the last polling pass finished (Unix seconds; 0: none yet)."), nil)
	m.passSeconds = m.set.NewPrometheusHistogramExt(m.describe("tidings_feed_pass_duration_seconds", "histogram",
		"Time a polling pass took."), passBuckets)
	// Known label values start at 0, so rate() and absent() work from the
	// first scrape rather than from the first event.
	for _, r := range []string{"hit", "miss"} {
		m.set.GetOrCreateCounter(series(metricCache, "result", r))
	}
	for _, o := range []string{"ok", "not_modified", "failed"} {
		m.set.GetOrCreateCounter(series(metricFeedPolls, "outcome", o))
	}
	for _, k := range []string{"new", "updated"} {
		m.set.GetOrCreateCounter(series(metricIngested, "kind", k))
	}
	return m
}

// Handler serves the metrics in Prometheus's text format (gzipped when
// the scraper accepts it), for /metrics on the API listener or on a
// listener of its own (`tidings serve --metrics-listen`).
func (m *Metrics) Handler() http.Handler { return http.HandlerFunc(m.serveHTTP) }

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
	m.set.GetOrCreateCounter(series(metricFeedPolls, "outcome", "ok")).Add(p.OK)
	m.set.GetOrCreateCounter(series(metricFeedPolls, "outcome", "not_modified")).Add(p.NotModified)
	m.set.GetOrCreateCounter(series(metricFeedPolls, "outcome", "failed")).Add(p.Failed)
	m.set.GetOrCreateCounter(series(metricIngested, "kind", "new")).Add(p.NewArticles)
	m.set.GetOrCreateCounter(series(metricIngested, "kind", "updated")).Add(p.Updated)
	m.pruned.Add(p.Pruned)
	m.passes.Inc()
	m.lastPass.Set(float64(p.Finished.UnixNano()) / 1e9)
	m.passSeconds.Update(p.Finished.Sub(p.Started).Seconds())
}

// observeRequest counts one answered request.
func (m *Metrics) observeRequest(endpoint string, status int, took time.Duration) {
	key := requestKey{endpoint, status}
	c, ok := m.requests.Load(key)
	if !ok {
		c, _ = m.requests.LoadOrStore(key, m.set.GetOrCreateCounter(
			series(metricRequests, "code", strconv.Itoa(status), "endpoint", endpoint)))
	}
	c.(*metrics.Counter).Inc()
	m.histogram(&m.duration, metricDuration, endpoint).Update(took.Seconds())
	if status == http.StatusTooManyRequests {
		r, ok := m.refusals.Load(endpoint)
		if !ok {
			r, _ = m.refusals.LoadOrStore(endpoint, m.set.GetOrCreateCounter(series(metricRefusals, "endpoint", endpoint)))
		}
		r.(*metrics.Counter).Inc()
	}
}

// observeStoreQuery times one store query of an endpoint (a response
// cache miss).
func (m *Metrics) observeStoreQuery(endpoint string, took time.Duration) {
	m.histogram(&m.storeQuery, metricStoreQuery, endpoint).Update(took.Seconds())
}

// histogram is family's series for endpoint, made on first use.
func (m *Metrics) histogram(byEndpoint *sync.Map, family, endpoint string) *metrics.PrometheusHistogram {
	if h, ok := byEndpoint.Load(endpoint); ok {
		return h.(*metrics.PrometheusHistogram)
	}
	h, _ := byEndpoint.LoadOrStore(endpoint, m.set.GetOrCreatePrometheusHistogramExt(series(family, "endpoint", endpoint), latencyBuckets))
	return h.(*metrics.PrometheusHistogram)
}

// observeCache counts one response-cache lookup.
func (m *Metrics) observeCache(hit bool) {
	result := "miss"
	if hit {
		result = "hit"
	}
	m.set.GetOrCreateCounter(series(metricCache, "result", result)).Inc()
}
