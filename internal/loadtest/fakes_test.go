package loadtest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"tidings/model"
	"time"

	"golang.org/x/time/rate"
)

// bucketHandler answers 200 while the request's key has a token in a
// bucket of the given burst refilling perMinute per minute, else 429: a
// stand-in service whose limiter a test can make honest or dishonest.
func bucketHandler(burst, perMinute int) http.Handler {
	var mu sync.Mutex
	buckets := map[string]*rate.Limiter{}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		mu.Lock()
		b := buckets[key]
		if b == nil {
			b = rate.NewLimiter(rate.Limit(float64(perMinute)/60), burst)
			buckets[key] = b
		}
		ok := b.Allow()
		mu.Unlock()
		if !ok {
			http.Error(w, `{"status":429}`, http.StatusTooManyRequests)
			return
		}
		w.Write([]byte(`{"status":"ok"}`))
	})
}

func fakeService(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h) // 127.0.0.1
	t.Cleanup(srv.Close)
	return srv.URL + "/v2"
}

func testKeys(n int) []string {
	keys := make([]string, n)
	for i := range keys {
		keys[i] = "k" + string(rune('a'+i))
	}
	return keys
}

// quickConfig ends a run by count, not time, so a slow or loaded machine
// sends as many requests as a fast one (the time bound only stops a hang).
func quickConfig(base string, limit int) Config {
	return Config{BaseURL: base, Keys: testKeys(6), PoliteKeys: 2, RateLimit: limit,
		Concurrency: 8, Duration: 30 * time.Second, MaxRequests: 300, Seed: 7}
}

func checkNamed(t *testing.T, cs []Check, prefix string) Check {
	t.Helper()
	for _, c := range cs {
		if strings.HasPrefix(c.Name, prefix) {
			return c
		}
	}
	t.Fatalf("no check named %q in %+v", prefix, cs)
	return Check{}
}

// smallCatalogue is a few sources and articles in several countries and
// categories: enough for every endpoint of the mix to find something.
func smallCatalogue() ([]model.Source, []model.Article) {
	sources := []model.Source{
		{ID: "bbc-news", Name: "BBC News", URL: "https://www.bbc.co.uk", Category: "general", Language: "en", Country: "gb"},
		{ID: "spiegel", Name: "Der Spiegel", URL: "https://www.spiegel.de", Category: "general", Language: "de", Country: "de"},
		{ID: "techcrunch", Name: "TechCrunch", URL: "https://techcrunch.com", Category: "technology", Language: "en", Country: "us"},
	}
	var articles []model.Article
	now := time.Now().UTC()
	for i := range 60 {
		src := sources[i%len(sources)]
		w := words[i%len(words)]
		articles = append(articles, model.Article{
			Source: model.SourceRef{ID: src.ID}, Title: fmt.Sprintf("The %s story %d", w, i),
			Description: "About " + w, Content: w + " " + words[(i+3)%len(words)],
			URL: fmt.Sprintf("%s/a/%d", src.URL, i), PublishedAt: now.Add(-time.Duration(i) * time.Hour),
		})
	}
	return sources, articles
}
