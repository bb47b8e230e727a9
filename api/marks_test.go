package api

import (
	"context"
	"errors"
	"net/http/httptest"
	"testing"
	"time"

	"tidings/model"
	"tidings/server"
	"tidings/server/store/sqlite"
)

// marksService is tidings serve with marks over a small catalogue, for
// keys "k1" and "k2".
func marksService(t *testing.T, keepMarks bool) string {
	t.Helper()
	st, err := sqlite.Open("")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	srcs := []model.Source{{ID: "daily", Name: "Daily", Category: "general", Language: "en", Country: "gb"},
		{ID: "bytes", Name: "Bytes", Category: "technology", Language: "en", Country: "us"}}
	var arts []model.Article
	for i, src := range []string{"daily", "daily", "bytes", "bytes", "bytes"} {
		arts = append(arts, model.Article{Source: model.SourceRef{ID: src}, Title: "Harbour news",
			URL: "https://" + src + ".example/" + string(rune('a'+i)), PublishedAt: at.Add(-time.Duration(i) * time.Hour)})
	}
	if err := st.Add(context.Background(), srcs, arts); err != nil {
		t.Fatal(err)
	}
	cfg := server.Config{APIKeys: []string{"k1", "k2"}}
	if keepMarks {
		cfg.Marks = st
	}
	h, err := server.New(st, cfg)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL + "/v2"
}

func TestClientMarksRoundTrip(t *testing.T) {
	base := marksService(t, true)
	c, err := New(base, "k1")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if keeps, err := c.ProbeMarks(ctx); err != nil || !keeps || !c.Marks() {
		t.Fatalf("ProbeMarks = %v, %v: tidings serve with marks keeps them", keeps, err)
	}
	p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 100})
	if err != nil || len(p.Items) != 5 || !p.UnreadKnown || p.UnreadResults != 5 || p.Items[0].ID == "" {
		t.Fatalf("headlines: %d items, unread %d known %v, first id %q: %v", len(p.Items), p.UnreadResults, p.UnreadKnown, p.Items[0].ID, err)
	}
	if err := c.SetRead(ctx, []string{p.Items[0].ID}, true); err != nil {
		t.Fatal(err)
	}
	if err := c.SetStarred(ctx, []string{p.Items[1].ID}, true); err != nil {
		t.Fatal(err)
	}
	n, err := c.MarkAllRead(ctx, model.MarkAllRead{View: model.View{Headlines: &model.HeadlinesQuery{Category: "technology"}}})
	if err != nil || n != 3 {
		t.Fatalf("MarkAllRead of technology = %d, %v; want 3", n, err)
	}
	by, err := c.UnreadBy(ctx, model.UnreadBySource)
	if err != nil || len(by) != 1 || by["daily"] != 1 {
		t.Fatalf("UnreadBy = %v, %v; want daily: 1", by, err)
	}
	p, _ = c.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 100})
	if !p.Items[0].Read || !p.Items[1].Starred || p.Items[1].Read || p.UnreadResults != 1 {
		t.Errorf("after marking: first read %v, second starred %v read %v, unread %d", p.Items[0].Read,
			p.Items[1].Starred, p.Items[1].Read, p.UnreadResults)
	}
	other, _ := New(base, "k2")
	q, err := other.LatestHeadlines(ctx, model.HeadlinesQuery{Unread: true, PageSize: 100})
	if err != nil || len(q.Items) != 5 {
		t.Errorf("the second key's unread list has %d articles, want all 5: %v", len(q.Items), err)
	}
	d := model.KeyDigest(model.ArticleKey(p.Items[1]))
	if n, err := other.MigrateReadKeys(ctx, []uint64{d}); err != nil || n != 1 {
		t.Errorf("MigrateReadKeys = %d, %v; want 1", n, err)
	}
}

func TestClientWithoutMarks(t *testing.T) {
	c, err := New(marksService(t, false), "k1")
	if err != nil {
		t.Fatal(err)
	}
	if keeps, err := c.ProbeMarks(context.Background()); err != nil || keeps || c.Marks() {
		t.Fatalf("ProbeMarks = %v, %v on a service without marks", keeps, err)
	}
	na, _ := New("http://127.0.0.1:1/v2", "k", WithDialect(DialectNewsAPI))
	if _, err := na.UnreadBy(context.Background(), model.UnreadBySource); !errors.Is(err, ErrNoMarks) {
		t.Errorf("NewsAPI UnreadBy: %v, want ErrNoMarks", err)
	}
	local, _ := New("http://127.0.0.1:1/v2", "k", WithMarks(true))
	if !local.Marks() {
		t.Error("WithMarks(true) is not remembered")
	}
}
