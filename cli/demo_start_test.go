package cli

import (
	"context"
	"testing"
	"time"

	"tidings/api"
	"tidings/model"
	"tidings/server/demo"
)

// firstHeadlines starts the demo service and asks it for the first page of
// headlines over HTTP, as the reader does at start-up.
func firstHeadlines(tb testing.TB, ctx context.Context) (model.Page[model.Article], func()) {
	tb.Helper()
	svc, err := startDemo(ctx)
	if err != nil {
		tb.Fatal(err)
	}
	client, err := api.New(svc.baseURL, svc.apiKey)
	if err != nil {
		svc.stop()
		tb.Fatal(err)
	}
	page, err := client.LatestHeadlines(ctx, model.HeadlinesQuery{})
	if err != nil {
		svc.stop()
		tb.Fatal(err)
	}
	return page, svc.stop
}

// The demo service answers at once with the whole catalogue, fresh: its
// totals are the catalogue's and its newest headline minutes old.
func TestDemoServesTheWholeFreshCatalogueAtOnce(t *testing.T) {
	ctx := context.Background()
	page, stop := firstHeadlines(t, ctx)
	defer stop()
	_, articles := demo.Catalogue(time.Now())
	if page.TotalResults != len(articles) || len(page.Items) != model.DefaultPageSize {
		t.Fatalf("first page: total %d, %d items; the catalogue has %d articles", page.TotalResults, len(page.Items), len(articles))
	}
	if age := time.Since(page.Items[0].PublishedAt); age < 0 || age > 15*time.Minute {
		t.Errorf("the newest headline is %v old", age)
	}
}

// BenchmarkDemoStart is the service's share of the reader's start-up: from
// nothing to the first headlines page served over HTTP on loopback (open
// the embedded catalogue, bind, serve, answer), then shut down.
func BenchmarkDemoStart(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		page, stop := firstHeadlines(b, ctx)
		if len(page.Items) == 0 {
			b.Fatal("no headlines")
		}
		stop()
	}
}
