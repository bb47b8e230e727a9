package cli

import (
	"context"
	"errors"
	"fmt"
	"net/http/httptest"
	"testing"
	"time"

	"tidings/api"
	"tidings/api/greader"
	"tidings/model"
	"tidings/server"
	"tidings/server/store/sqlite"
)

// serveGReader runs tidings serve's handler over a SQLite catalogue of
// 4 sources and 250 articles, with alice's and bob's keys, and returns
// its Google Reader API root.
func serveGReader(t *testing.T) string {
	t.Helper()
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	sources := []model.Source{
		{ID: "bbc-news", Name: "BBC News", URL: "https://www.bbc.co.uk", Category: "general", Language: "en", Country: "gb"},
		{ID: "spiegel", Name: "Der Spiegel", URL: "https://www.spiegel.de", Category: "general", Language: "de", Country: "de"},
		{ID: "techcrunch", Name: "TechCrunch", URL: "https://techcrunch.com", Category: "technology", Language: "en", Country: "us"},
		{ID: "heise", Name: "heise online", URL: "https://www.heise.de", Category: "technology", Language: "de", Country: "de"},
	}
	start := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	var articles []model.Article
	for i := range 250 {
		src := sources[i%len(sources)]
		articles = append(articles, model.Article{Source: model.SourceRef{ID: src.ID}, Title: fmt.Sprintf("Story %03d", i),
			URL: fmt.Sprintf("%s/story/%d", src.URL, i), Description: "About story", Content: "The story.",
			PublishedAt: start.Add(-time.Duration(i) * time.Minute)})
	}
	if err := st.Add(context.Background(), sources, articles); err != nil {
		t.Fatal(err)
	}
	h, err := server.New(st, server.Config{APIKeys: []string{"alice-key", "bob-key"}, Marks: st})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL + "/api/greader"
}

func greaderOf(t *testing.T, base, user, key string) *greader.Client {
	t.Helper()
	c, err := greader.New(greader.Config{BaseURL: base, User: user, Password: key})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// The reader's Google Reader client against tidings serve itself: the
// subscriptions, the reading list in pages, read and starred state that
// a second client of the key sees and another key does not, mark all
// read up to a time, unread counts, a label as a category.
func TestGReaderClientReadsTidingsServe(t *testing.T) {
	base := serveGReader(t)
	ctx := context.Background()
	phone, desktop := greaderOf(t, base, "me", "alice-key"), greaderOf(t, base, "me", "alice-key")
	bob := greaderOf(t, base, "bob", "bob-key")

	srcs, err := desktop.Sources(ctx, model.SourcesQuery{})
	if err != nil || len(srcs.Items) != 4 {
		t.Fatalf("sources: %+v, %v", srcs.Items, err)
	}
	tech, err := desktop.Sources(ctx, model.SourcesQuery{Category: "technology"})
	if err != nil || len(tech.Items) != 2 {
		t.Errorf("technology sources (label Technology): %+v, %v", tech.Items, err)
	}

	var all []model.Article
	for page := 1; ; page++ {
		p, err := desktop.LatestHeadlines(ctx, model.HeadlinesQuery{Page: page, PageSize: 100})
		if err != nil {
			t.Fatal(err)
		}
		if page == 1 && (!p.UnreadKnown || p.UnreadResults != 250 || p.TotalResults != 250) {
			t.Errorf("page 1: unread %d (known %v), total %d; want 250 and 250", p.UnreadResults, p.UnreadKnown, p.TotalResults)
		}
		all = append(all, p.Items...)
		if !p.HasMore() {
			break
		}
	}
	if len(all) != 250 || all[0].Title != "Story 000" || all[249].Title != "Story 249" || all[0].ID == "" {
		t.Fatalf("the reading list: %d articles, first %+v", len(all), all[0])
	}
	if all[2].Source.ID != "feed-techcrunch" {
		t.Errorf("Story 002's source is %q, want feed-techcrunch", all[2].Source.ID)
	}

	if err := phone.SetRead(ctx, []string{all[0].ID, all[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := phone.SetStarred(ctx, []string{all[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	p, err := desktop.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 3})
	if err != nil || !p.Items[0].Read || !p.Items[0].Starred || !p.Items[1].Read || p.Items[2].Read || p.UnreadResults != 248 {
		t.Errorf("the desktop sees %+v (unread %d), %v; want the phone's marks", p.Items, p.UnreadResults, err)
	}
	p, err = bob.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 3})
	if err != nil || p.Items[0].Read || p.Items[0].Starred || p.UnreadResults != 250 {
		t.Errorf("bob sees %+v (unread %d), %v; want none of alice's marks", p.Items, p.UnreadResults, err)
	}
	starred, err := desktop.LatestHeadlines(ctx, model.HeadlinesQuery{Starred: true})
	if err != nil || len(starred.Items) != 1 || starred.Items[0].ID != all[0].ID {
		t.Errorf("starred: %+v, %v", starred.Items, err)
	}

	byLabel, err := desktop.LatestHeadlines(ctx, model.HeadlinesQuery{Category: "technology", PageSize: 100})
	if err != nil || len(byLabel.Items) != 100 || byLabel.TotalResults != 124 {
		t.Errorf("technology headlines: %d of %d, %v; want 100 of 124", len(byLabel.Items), byLabel.TotalResults, err)
	}
	for _, a := range byLabel.Items {
		if a.Source.ID != "feed-techcrunch" && a.Source.ID != "feed-heise" {
			t.Errorf("%s in technology", a.Source.ID)
			break
		}
	}

	// Everything published at or before Story 099: Stories 099 to 249;
	// the newer ones stay as they were (000 and 001 read).
	n, err := phone.MarkAllRead(ctx, model.MarkAllRead{View: model.View{Headlines: &model.HeadlinesQuery{}}, Before: all[99].PublishedAt})
	if err != nil {
		t.Fatal(err)
	}
	if n != 151 {
		t.Errorf("marked %d, want the 151 unread at or before Story 099", n)
	}
	unread, err := desktop.LatestHeadlines(ctx, model.HeadlinesQuery{Unread: true, PageSize: 100})
	if err != nil || len(unread.Items) != 97 || unread.Items[0].Title != "Story 002" || unread.Items[96].Title != "Story 098" {
		t.Fatalf("unread: %d items, %v; want Stories 002 to 098", len(unread.Items), err)
	}
	counts, err := desktop.UnreadBy(ctx, model.UnreadBySource)
	if err != nil || counts["feed-bbc-news"]+counts["feed-spiegel"]+counts["feed-techcrunch"]+counts["feed-heise"] != 97 {
		t.Errorf("unread by source: %v, %v; want 97 in all", counts, err)
	}

	if _, err := desktop.Articles(ctx, model.ArticlesQuery{Q: "story"}); !errors.Is(err, api.ErrSearchUnsupported) {
		t.Errorf("search: %v", err)
	}
	bad := greaderOf(t, base, "me", "not-a-key")
	if err := bad.Login(ctx); !errors.Is(err, api.ErrUnauthorized) {
		t.Errorf("a wrong key logs in: %v", err)
	}
}
