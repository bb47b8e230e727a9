package server

import (
	"bufio"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// scrape reads h's /metrics (with no key) into sample → value, where a
// sample is the name with its labels as exposed, e.g.
// `tidings_http_requests_total{code="200",endpoint="/v2/sources"}`.
func scrape(t *testing.T, h http.Handler) (map[string]float64, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/metrics", nil))
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/plain") {
		t.Fatalf("/metrics: %d %s", rec.Code, rec.Header().Get("Content-Type"))
	}
	samples := map[string]float64{}
	sc := bufio.NewScanner(strings.NewReader(rec.Body.String()))
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("metrics line %q: %v", line, err)
		}
		samples[line[:i]] = v
	}
	return samples, rec.Body.String()
}

func TestMetricsCountRequests(t *testing.T) {
	h := newTestHandler(t, Config{RateLimit: 3})
	get(t, h, "/v2/sources")
	get(t, h, "/v2/sources") // from the cache
	get(t, h, "/v2/latest-headlines?pageSize=0")
	get(t, h, "/v2/sources") // the fourth: over the limit
	get(t, h, "/v2/no-such-path")
	get(t, h, "/v2/sources", "")
	m, _ := scrape(t, h)
	want := map[string]float64{
		`tidings_http_requests_total{code="200",endpoint="/v2/sources"}`:          2,
		`tidings_http_requests_total{code="400",endpoint="/v2/latest-headlines"}`: 1,
		`tidings_http_requests_total{code="429",endpoint="/v2/sources"}`:          1,
		`tidings_http_requests_total{code="404",endpoint="other"}`:                1,
		`tidings_http_requests_total{code="401",endpoint="/v2/sources"}`:          1,
		`tidings_rate_limit_refusals_total{endpoint="/v2/sources"}`:               1,
		`tidings_response_cache_lookups_total{result="hit"}`:                      1,
		`tidings_response_cache_lookups_total{result="miss"}`:                     2,
		`tidings_http_request_duration_seconds_count{endpoint="/v2/sources"}`:     4,
		`tidings_store_query_duration_seconds_count{endpoint="/v2/sources"}`:      1, // the 400 never reached it
		`tidings_http_requests_in_flight`:                                         1, // the scrape itself
	}
	for sample, v := range want {
		if m[sample] != v {
			t.Errorf("%s = %v, want %v", sample, m[sample], v)
		}
	}
	if _, ok := m[`tidings_store_query_duration_seconds_count{endpoint="/v2/latest-headlines"}`]; ok {
		t.Error("a refused parameter counted as a store query")
	}
	if _, ok := m["go_goroutines"]; !ok {
		t.Error("the Go runtime's metrics are missing")
	}
	// The scrape counted itself on the next one.
	if m2, _ := scrape(t, h); m2[`tidings_http_requests_total{code="200",endpoint="/metrics"}`] != 1 {
		t.Errorf("the first scrape is not counted: %v", m2[`tidings_http_requests_total{code="200",endpoint="/metrics"}`])
	}
}

func TestMetricsNeverHoldAKeyOrQueryText(t *testing.T) {
	const (
		secretKey = "sekrit-key-4f9a"
		wrongKey  = "wrong-key-77c1"
		queryText = "zebracornflakes"
	)
	h := newTestHandler(t, Config{APIKeys: []string{secretKey}, RateLimit: 2})
	for _, target := range []string{
		"/v2/articles?q=" + queryText + "&apiKey=" + secretKey,
		"/v2/everything?q=" + queryText + "&apiKey=" + wrongKey,
		"/v2/articles&apiKey=" + secretKey, // a key in the path
		"/v2/" + queryText,
		"/v2/sources?apiKey=" + secretKey + "&" + queryText + "=1",
		"/v2/sources?apiKey=" + secretKey, // over the limit
	} {
		get(t, h, target, "")
		get(t, h, target, "Bearer "+wrongKey)
	}
	m, text := scrape(t, h)
	for _, s := range []string{secretKey, wrongKey, queryText, "apiKey", "q="} {
		if strings.Contains(text, s) {
			t.Fatalf("/metrics holds %q", s)
		}
	}
	if m[`tidings_http_requests_total{code="401",endpoint="/v2/articles"}`] != 1 ||
		m[`tidings_http_requests_total{code="404",endpoint="other"}`] != 4 {
		t.Fatalf("requests not counted under their routes:\n%s", text)
	}
}

func TestMetricsCountFeedPasses(t *testing.T) {
	mx := NewMetrics()
	h := newTestHandler(t, Config{Metrics: mx})
	finished := time.Unix(1_800_000_000, 0)
	mx.ObserveFeedPass(FeedPass{Started: finished.Add(-3 * time.Second), Finished: finished,
		OK: 5, NotModified: 3, Failed: 2, NewArticles: 40, Updated: 4, Pruned: 7})
	mx.ObserveFeedPass(FeedPass{Started: finished, Finished: finished.Add(time.Second), OK: 1, NewArticles: 1})
	m, _ := scrape(t, h)
	want := map[string]float64{
		`tidings_feed_polls_total{outcome="ok"}`:               6,
		`tidings_feed_polls_total{outcome="not_modified"}`:     3,
		`tidings_feed_polls_total{outcome="failed"}`:           2,
		`tidings_feed_articles_ingested_total{kind="new"}`:     41,
		`tidings_feed_articles_ingested_total{kind="updated"}`: 4,
		`tidings_feed_articles_pruned_total`:                   7,
		`tidings_feed_passes_total`:                            2,
		`tidings_feed_last_pass_timestamp_seconds`:             1_800_000_001,
		`tidings_feed_pass_duration_seconds_count`:             2,
	}
	for sample, v := range want {
		if m[sample] != v {
			t.Errorf("%s = %v, want %v", sample, m[sample], v)
		}
	}
}

func TestMetricsElsewhere(t *testing.T) {
	mx := NewMetrics()
	h := newTestHandler(t, Config{Metrics: mx, MetricsElsewhere: true})
	wantError(t, get(t, h, "/metrics", ""), 404, CodeNotFound, "no endpoint")
	get(t, h, "/v2/sources")
	m, _ := scrape(t, mx.Handler())
	if m[`tidings_http_requests_total{code="200",endpoint="/v2/sources"}`] != 1 {
		t.Fatal("the separate metrics handler does not see the API's requests")
	}
	// Two handlers in one process keep their own counts.
	other := newTestHandler(t, Config{})
	if m2, _ := scrape(t, other); m2[`tidings_http_requests_total{code="200",endpoint="/v2/sources"}`] != 0 {
		t.Fatal("a second handler shares the first one's registry")
	}
}

// /metrics is Prometheus's text format: each of the service's families
// has its HELP and TYPE before its first sample, histograms their
// cumulative le buckets up to +Inf, and a scraper that accepts gzip gets
// it compressed.
func TestMetricsTextFormat(t *testing.T) {
	h := newTestHandler(t, Config{})
	get(t, h, "/v2/sources")
	req := httptest.NewRequest("GET", "/metrics", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Header().Get("Content-Encoding") != "gzip" {
		t.Fatalf("Content-Encoding %q, want gzip", rec.Header().Get("Content-Encoding"))
	}
	zr, err := gzip.NewReader(rec.Body)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	help := strings.Index(text, "# HELP tidings_http_request_duration_seconds Time to answer an HTTP request, by endpoint.\n"+
		"# TYPE tidings_http_request_duration_seconds histogram\n")
	first := strings.Index(text, "tidings_http_request_duration_seconds_bucket{")
	if help < 0 || first < help {
		t.Fatalf("no HELP and TYPE before the histogram's first sample:\n%s", text)
	}
	for _, want := range []string{
		`tidings_http_request_duration_seconds_bucket{endpoint="/v2/sources",le="+Inf"} 1`,
		`tidings_http_request_duration_seconds_count{endpoint="/v2/sources"} 1`,
		"# TYPE tidings_http_requests_total counter\n",
		"# TYPE tidings_http_requests_in_flight gauge\n",
		"\nprocess_resident_memory_bytes ",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("/metrics lacks %q", want)
		}
	}
	if got := series("x", "a", `q"\`+"\n"); got != `x{a="q\"\\\n"}` {
		t.Errorf("label value escaped as %s", got)
	}
}
