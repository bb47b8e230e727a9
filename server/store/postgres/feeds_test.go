package postgres

import (
	"context"
	"errors"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Feed ingestion on PostgreSQL keeps SQLite's rules: new, unchanged and
// updated items are counted; an entry whose URL changed stays one
// article (its GUID); another source's article at an item's URL is left
// alone; the subscription's rules (exists, id taken) hold.
func TestFeedIngestion(t *testing.T) {
	st := openTest(t)
	ctx := context.Background()
	imported := art("other", "https://example.com/taken", "Imported", "", "", 3)
	if err := st.Add(ctx, []model.Source{{ID: "other", Name: "Other"}}, []model.Article{imported}); err != nil {
		t.Fatal(err)
	}
	feed := store.Feed{Source: model.Source{ID: "blog", Name: "Blog", Language: "en"}, URL: "https://blog.example/feed"}
	if err := st.AddFeed(ctx, feed); err != nil {
		t.Fatal(err)
	}
	if err := st.AddFeed(ctx, feed); !errors.Is(err, store.ErrFeedExists) {
		t.Fatalf("the same feed twice: %v", err)
	}
	if err := st.AddFeed(ctx, store.Feed{Source: model.Source{ID: "other"}, URL: "https://x.example/f"}); !errors.Is(err, store.ErrIDTaken) {
		t.Fatalf("an imported source's id: %v", err)
	}
	item := func(guid, url, title string) store.FeedItem {
		return store.FeedItem{GUID: guid, Article: model.Article{URL: url, Title: title, PublishedAt: base}}
	}
	gen := st.Generation()
	stats, err := st.SaveFeedItems(ctx, "blog", []store.FeedItem{
		item("g1", "https://blog.example/1", "One"), item("g2", "https://example.com/taken", "Not ours")},
		store.FeedPoll{LastSuccess: base}, base)
	if err != nil || stats.New != 1 || stats.Unchanged != 1 {
		t.Fatalf("first poll: %+v, %v", stats, err)
	}
	if st.Generation() == gen {
		t.Fatal("new articles left Generation as it was")
	}
	gen = st.Generation()
	stats, err = st.SaveFeedItems(ctx, "blog", []store.FeedItem{item("g1", "https://blog.example/1", "One")}, store.FeedPoll{}, base)
	if err != nil || stats.Unchanged != 1 || st.Generation() != gen {
		t.Fatalf("an unchanged poll: %+v, %v, generation moved: %v", stats, err, st.Generation() != gen)
	}
	stats, err = st.SaveFeedItems(ctx, "blog", []store.FeedItem{item("g1", "https://blog.example/1-moved", "One, edited")}, store.FeedPoll{}, base)
	if err != nil || stats.Updated != 1 {
		t.Fatalf("an edited entry: %+v, %v", stats, err)
	}
	p, err := st.Articles(ctx, model.ArticlesQuery{Q: "one OR imported"})
	if err != nil {
		t.Fatal(err)
	}
	if got := titles(p); len(got) != 2 || got[0] != "One, edited" || got[1] != "Imported" {
		t.Fatalf("after the edit: %v, want the edited entry once and the imported article untouched", got)
	}
	f, err := st.FindFeed(ctx, "https://blog.example/feed")
	if err != nil || f.Articles != 1 || !f.Poll.LastSuccess.Equal(time.Time{}) && f.Source.ID != "blog" {
		t.Fatalf("find by URL: %+v, %v", f, err)
	}
	n, err := st.RemoveFeed(ctx, "blog", false)
	if err != nil || n != 1 {
		t.Fatalf("remove: %d, %v", n, err)
	}
	if _, err := st.FindFeed(ctx, "blog"); !errors.Is(err, store.ErrFeedNotFound) {
		t.Fatalf("a removed feed: %v", err)
	}
}
