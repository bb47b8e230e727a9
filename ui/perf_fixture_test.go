package ui

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"tidings/model"
	"tidings/wording"
)

// perfClient serves total headlines with the field lengths of a real news
// service (long titles, a paragraph of description, truncated HTML
// content, long URLs), so that memory and frame figures are realistic.
// Sources and search are empty.
type perfClient struct{ total int }

func (c perfClient) LatestHeadlines(_ context.Context, q model.HeadlinesQuery) (model.Page[model.Article], error) {
	size := q.PageSize
	if size == 0 {
		size = model.DefaultPageSize
	}
	page := max(q.Page, 1)
	var items []model.Article
	for i := (page - 1) * size; i < min(page*size, c.total); i++ {
		items = append(items, perfArticle(i))
	}
	return model.Page[model.Article]{Items: items, TotalResults: c.total, Page: page, PageSize: size}, nil
}

func (c perfClient) Articles(context.Context, model.ArticlesQuery) (model.Page[model.Article], error) {
	return model.Page[model.Article]{Items: []model.Article{}}, nil
}

func (c perfClient) Sources(context.Context, model.SourcesQuery) (model.Page[model.Source], error) {
	return model.Page[model.Source]{Items: []model.Source{}}, nil
}

var perfOutlets = []string{"BBC News", "Reuters", "The Guardian", "Le Monde", "Associated Press", "Al Jazeera English"}

// perfArticle is article i of the catalogue: about 1 KB of text, like a
// NewsAPI-style /top-headlines item.
func perfArticle(i int) model.Article {
	outlet := perfOutlets[i%len(perfOutlets)]
	slug := strings.ToLower(strings.ReplaceAll(outlet, " ", "-"))
	return model.Article{
		Source: model.SourceRef{ID: slug, Name: outlet},
		Author: fmt.Sprintf("Reporter %d", i%97),
		Title: fmt.Sprintf("Storm %d closes ports along the coast as ferries cancel crossings until Monday &amp; beyond - %s",
			i, outlet),
		Description: fmt.Sprintf("Ferry operators cancelled crossings for a %dth day as winds of up to 90mph battered the "+
			"coast; harbour authorities said repairs would take weeks and warned travellers to check before setting out.", i),
		URL:         fmt.Sprintf("https://www.%s.example/news/world/2026/11/22/storm-closes-ports-along-the-coast-%d", slug, i),
		URLToImage:  fmt.Sprintf("https://images.%s.example/cdn/2026/11/22/%d/storm-ports-coast-1200x675.jpg", slug, i),
		PublishedAt: testNow.Add(-time.Duration(i%(48*60)) * time.Minute),
		Content: fmt.Sprintf("<p>Ferry operators cancelled crossings for a %dth day as winds of up to 90mph battered "+
			"the coast.</p><p>Harbour authorities said repairs to the breakwater would take weeks, and the coastguard "+
			"warned people to stay away from exposed piers&hellip;</p> [+%d chars]", i, 2000+i%3000),
	}
}

// perfApps caches loaded apps by size across a benchmark's rounds:
// loading 100,000 headlines through the message path takes seconds.
var perfApps = struct {
	sync.Mutex
	m map[int]*harness
}{m: map[int]*harness{}}

// loadedApp is the root App at 120×40 on the headlines screen with n
// headlines loaded through the normal message path (pages of 100 fetched
// by pressing G, which keeps loading to the end), the cursor on the last.
func loadedApp(tb testing.TB, n int) *harness {
	tb.Helper()
	perfApps.Lock()
	defer perfApps.Unlock()
	if h, ok := perfApps.m[n]; ok {
		return h
	}
	h := loadApp(tb, n)
	perfApps.m[n] = h
	return h
}

// loadApp loads a fresh App; see loadedApp.
func loadApp(tb testing.TB, n int) *harness {
	tb.Helper()
	h := newHarness(&fakeClient{}, 120, 40, func(c *Config) {
		c.Client = perfClient{total: n}
		c.PageSize = model.MaxPageSize
	})
	// Only timers are dropped from here on: the first page of Init may
	// have been given up on by the short default wait, so load again.
	h.wait = 10 * time.Second
	h.keys("r", "G")
	want := "/" + wording.Thousands(n) + " · End of results"
	if st := h.app.current().Status(); !strings.HasSuffix(st, want) {
		tb.Fatalf("loading %d headlines: status %q, want %q", n, st, want)
	}
	return h
}

// benchSizes are the list lengths the frame and append budgets compare.
var benchSizes = []int{100, 1_000, 10_000, 100_000}
