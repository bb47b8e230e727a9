package greader

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"tidings/api"
	"tidings/internal/fakes/greaderfake"
	"tidings/model"
)

var flavors = []greaderfake.Flavor{greaderfake.FreshRSS, greaderfake.Miniflux}

// fakeClient starts a fake of the flavour with feeds×items items and a
// client of it.
func fakeClient(t *testing.T, f greaderfake.Flavor, feeds, items int, labels ...string) (*greaderfake.Server, *Client) {
	t.Helper()
	srv := greaderfake.New(f, "alice", "s3cret-pass")
	srv.Populate(feeds, items, labels...)
	c, err := New(Config{BaseURL: srv.Start(t), User: "alice", Password: "s3cret-pass"})
	if err != nil {
		t.Fatal(err)
	}
	return srv, c
}

func eachFlavor(t *testing.T, test func(t *testing.T, f greaderfake.Flavor)) {
	for _, f := range flavors {
		t.Run(f.String(), func(t *testing.T) { test(t, f) })
	}
}

func titles(p model.Page[model.Article]) []string {
	var out []string
	for _, a := range p.Items {
		out = append(out, a.Title)
	}
	return out
}

func TestNewNeedsUserAndBaseURL(t *testing.T) {
	for _, tc := range []struct {
		cfg  Config
		want string
	}{
		{Config{BaseURL: "https://rss.example.org/api/greader.php", Password: "p"}, "no user"},
		{Config{User: "alice", Password: "p"}, "base URL"},
		{Config{BaseURL: "https://rss.example.org/api/greader.php", User: "alice"}, "no password for user alice"},
		{Config{BaseURL: "https://bob:pw@rss.example.org/", User: "alice", Password: "p"}, "no user name, password"},
	} {
		_, err := New(tc.cfg)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%+v) = %v, want an error saying %q", tc.cfg, err, tc.want)
		}
	}
}

func TestLoginRefusedSaysWhoAndHow(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv := greaderfake.New(f, "alice", "right")
		c, _ := New(Config{BaseURL: srv.Start(t), User: "alice", Password: "not-the-password"})
		err := c.Login(context.Background())
		msg := fmt.Sprint(err)
		if !errors.Is(err, api.ErrUnauthorized) || !strings.Contains(msg, "refused user alice's password") ||
			!strings.Contains(msg, "NEWS_API_KEY") || !strings.Contains(msg, c.Server()) {
			t.Errorf("login error = %q", msg)
		}
		if strings.Contains(msg, "not-the-password") {
			t.Errorf("the password leaked: %q", msg)
		}
	})
}

func TestHeadlinesAreTheReadingListNewestFirst(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv, c := fakeClient(t, f, 3, 10)
		srv.Mu.Lock()
		newest := srv.Items[0] // Populate: feed 1's first item is the newest
		newest.Starred = true
		srv.Items[1].Read = true
		srv.Mu.Unlock()
		ctx := context.Background()
		p1, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 20})
		if err != nil {
			t.Fatal(err)
		}
		p2, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Page: 2, PageSize: 20})
		if err != nil {
			t.Fatal(err)
		}
		if len(p1.Items) != 20 || len(p2.Items) != 10 || !p1.HasMore() || p2.HasMore() {
			t.Fatalf("pages of 20 and 10 wanted, got %d (more %v) and %d (more %v)", len(p1.Items), p1.HasMore(), len(p2.Items), p2.HasMore())
		}
		all := append(p1.Items, p2.Items...)
		for i := 1; i < len(all); i++ {
			if all[i].PublishedAt.After(all[i-1].PublishedAt) {
				t.Fatalf("not newest first at %d: %v", i, titles(p1))
			}
		}
		first := all[0]
		if first.ID != fmt.Sprint(newest.ID) || first.Title != newest.Title || !first.Starred || first.Read || !all[1].Read {
			t.Errorf("first = %+v, second read=%v; want the newest item, starred, then a read one", first, all[1].Read)
		}
		if f == greaderfake.FreshRSS && (!p1.UnreadKnown || p1.UnreadResults != 29) {
			t.Errorf("FreshRSS unread = %d known %v, want 29", p1.UnreadResults, p1.UnreadKnown)
		}
		if f == greaderfake.Miniflux && p1.UnreadKnown {
			t.Errorf("Miniflux has no unread-count, yet unread is known: %d", p1.UnreadResults)
		}
	})
}

func TestOneSourceUnreadAndStarred(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv, c := fakeClient(t, f, 3, 5)
		srv.Mu.Lock()
		for _, it := range srv.Items {
			it.Read = it.Feed == 2 && strings.HasSuffix(it.Title, "item 1")
			it.Starred = it.Feed == 3
		}
		srv.Mu.Unlock()
		ctx := context.Background()
		p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Sources: []string{"feed-2"}})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Items) != 5 {
			t.Fatalf("feed 2 has 5 items, got %v", titles(p))
		}
		for _, a := range p.Items {
			if a.Source.ID != "feed-2" || a.Source.Name != "Feed 2" {
				t.Errorf("source %+v in feed 2's headlines", a.Source)
			}
		}
		p, err = c.LatestHeadlines(ctx, model.HeadlinesQuery{Sources: []string{"feed-2"}, Unread: true})
		if err != nil || len(p.Items) != 4 {
			t.Errorf("unread of feed 2: %v, %v; want its 4 unread", titles(p), err)
		}
		p, err = c.LatestHeadlines(ctx, model.HeadlinesQuery{Starred: true})
		if err != nil || len(p.Items) != 5 || p.Items[0].Source.ID != "feed-3" {
			t.Errorf("starred: %v, %v; want feed 3's 5", titles(p), err)
		}
		p, err = c.Articles(ctx, model.ArticlesQuery{Sources: []string{"feed-1"}})
		if err != nil || len(p.Items) != 5 || p.Items[0].Source.ID != "feed-1" {
			t.Errorf("articles of feed 1: %v, %v", titles(p), err)
		}
	})
}

func TestSourcesAndLabelsAsCategories(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		_, c := fakeClient(t, f, 4, 2, "Technology", "Friends")
		ctx := context.Background()
		all, err := c.Sources(ctx, model.SourcesQuery{})
		if err != nil || len(all.Items) != 4 {
			t.Fatalf("sources: %+v, %v", all.Items, err)
		}
		tech, err := c.Sources(ctx, model.SourcesQuery{Category: "technology"})
		if err != nil || len(tech.Items) != 2 || tech.Items[0].ID != "feed-1" || tech.Items[1].ID != "feed-3" {
			t.Fatalf("technology sources: %+v, %v; want feeds 1 and 3 (label Technology)", tech.Items, err)
		}
		if !strings.Contains(all.Items[1].Description, "Friends") {
			t.Errorf("feed 2 = %+v, want its label in the description", all.Items[1])
		}
		p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Category: "technology"})
		if f == greaderfake.Miniflux {
			// Miniflux lists no label stream: its 500 is explained.
			if !errors.Is(err, api.ErrInvalidParams) || !strings.Contains(err.Error(), "no label's items") {
				t.Errorf("Miniflux label headlines: %v, want the service's failure", err)
			}
			return
		}
		if err != nil || len(p.Items) != 4 {
			t.Fatalf("technology headlines: %v, %v", titles(p), err)
		}
		for _, a := range p.Items {
			if a.Source.ID != "feed-1" && a.Source.ID != "feed-3" {
				t.Errorf("%s in technology", a.Source.ID)
			}
		}
		p, err = c.LatestHeadlines(ctx, model.HeadlinesQuery{Category: "sports"})
		if err != nil || len(p.Items) != 0 {
			t.Errorf("sports, a label the service lacks: %v, %v; want none", titles(p), err)
		}
	})
}

func TestSearchIsRefusedByName(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		_, c := fakeClient(t, f, 1, 1)
		_, err := c.Articles(context.Background(), model.ArticlesQuery{Q: "kernel"})
		if !errors.Is(err, api.ErrSearchUnsupported) || !strings.Contains(err.Error(), c.Server()) ||
			!strings.Contains(err.Error(), "no search") {
			t.Errorf("search: %v", err)
		}
	})
	if s := serverName("https://rss.example.org/api/greader.php"); s != "FreshRSS at https://rss.example.org/api/greader.php" {
		t.Errorf("FreshRSS is named %q", s)
	}
}

func TestContinuationPast10000Items(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv, c := fakeClient(t, f, 1, 10_250)
		ctx := context.Background()
		if _, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 100}); err != nil {
			t.Fatal(err)
		}
		// Page 102 needs ids 10,101 to 10,200: past one call's 10,000.
		p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Page: 102, PageSize: 100})
		if err != nil {
			t.Fatal(err)
		}
		if len(p.Items) != 100 || p.Items[0].Title != "Feed 1 item 10101" || p.Items[99].Title != "Feed 1 item 10200" || !p.HasMore() {
			t.Fatalf("page 102: %d items, %v … more %v", len(p.Items), titles(p)[:1], p.HasMore())
		}
		p, err = c.LatestHeadlines(ctx, model.HeadlinesQuery{Page: 103, PageSize: 100})
		if err != nil || len(p.Items) != 50 || p.HasMore() {
			t.Fatalf("page 103: %d items, more %v, %v; want the last 50", len(p.Items), p.HasMore(), err)
		}
		srv.Mu.Lock()
		defer srv.Mu.Unlock()
		idCalls := 0
		for _, call := range srv.Calls {
			if call.N > 10_000 || call.IDs > 1_000 {
				t.Errorf("%s asked n=%d, %d ids: over the limits", call.Path, call.N, call.IDs)
			}
			if strings.HasSuffix(call.Path, "/items/ids") {
				idCalls++
			}
		}
		if idCalls < 2 {
			t.Errorf("%d ids calls for 10,250 items", idCalls)
		}
	})
}

func TestMarksRoundTrip(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv, c := fakeClient(t, f, 1, 2_500)
		ctx := context.Background()
		var ids []string
		srv.Mu.Lock()
		for _, it := range srv.Items {
			ids = append(ids, fmt.Sprint(it.ID))
		}
		srv.Mu.Unlock()
		if err := c.SetRead(ctx, ids, true); err != nil {
			t.Fatal(err)
		}
		if err := c.SetRead(ctx, ids[:1], false); err != nil {
			t.Fatal(err)
		}
		if err := c.SetStarred(ctx, ids[1:3], true); err != nil {
			t.Fatal(err)
		}
		p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Unread: true})
		if err != nil || len(p.Items) != 1 || p.Items[0].ID != ids[0] {
			t.Fatalf("unread after marking: %v, %v", titles(p), err)
		}
		p, err = c.LatestHeadlines(ctx, model.HeadlinesQuery{Starred: true})
		if err != nil || len(p.Items) != 2 || !p.Items[0].Starred || !p.Items[0].Read {
			t.Fatalf("starred: %+v, %v", p.Items, err)
		}
		srv.Mu.Lock()
		defer srv.Mu.Unlock()
		edits := 0
		for _, call := range srv.Calls {
			if strings.HasSuffix(call.Path, "/edit-tag") {
				edits++
				if call.IDs > 1_000 {
					t.Errorf("edit-tag of %d ids", call.IDs)
				}
			}
		}
		if edits != 5 {
			t.Errorf("%d edit-tag calls, want 3 for 2,500 ids, 1 and 1", edits)
		}
	})
}

func TestMarkAllReadKeepsLaterArticlesUnread(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv, c := fakeClient(t, f, 2, 5)
		ctx := context.Background()
		srv.Mu.Lock()
		cut := srv.Items[3].Published // the 4th newest
		srv.Items[0].Starred, srv.Items[9].Starred = true, true
		srv.Mu.Unlock()
		n, err := c.MarkAllRead(ctx, model.MarkAllRead{View: model.View{Headlines: &model.HeadlinesQuery{}}, Before: cut})
		if err != nil || n != 7 {
			t.Fatalf("mark all read: %d, %v; want 7 marked", n, err)
		}
		p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{Unread: true})
		if err != nil || len(p.Items) != 3 {
			t.Fatalf("unread after: %v, %v; want the 3 newer", titles(p), err)
		}
		n, err = c.MarkAllRead(ctx, model.MarkAllRead{View: model.View{Headlines: &model.HeadlinesQuery{Starred: true}}, Before: time.Now()})
		if err != nil || n != 1 {
			t.Fatalf("mark starred read: %d, %v; want the 1 unread starred", n, err)
		}
		n, err = c.MarkAllRead(ctx, model.MarkAllRead{View: model.View{Feed: "feed-2"}, Before: time.Now()})
		if err != nil || n != 1 {
			t.Fatalf("mark feed 2 read: %d, %v", n, err)
		}
		p, _ = c.LatestHeadlines(ctx, model.HeadlinesQuery{Unread: true})
		if len(p.Items) != 1 || p.Items[0].Source.ID != "feed-1" {
			t.Errorf("left unread: %v; want feed 1's newest but one", titles(p))
		}
	})
}

func TestUnreadBySource(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv, c := fakeClient(t, f, 2, 3)
		srv.Mu.Lock()
		srv.Items[0].Read = true // feed 1's newest
		srv.Mu.Unlock()
		got, err := c.UnreadBy(context.Background(), model.UnreadBySource)
		if f == greaderfake.Miniflux {
			if !errors.Is(err, ErrNoUnreadCounts) || !strings.Contains(err.Error(), c.Server()) {
				t.Errorf("Miniflux unread counts: %v, %v", got, err)
			}
			return
		}
		if err != nil || got["feed-1"] != 2 || got["feed-2"] != 3 {
			t.Errorf("unread by source = %v, %v", got, err)
		}
	})
}

func TestExpiredTokenLogsInAgain(t *testing.T) {
	eachFlavor(t, func(t *testing.T, f greaderfake.Flavor) {
		srv, c := fakeClient(t, f, 1, 3)
		ctx := context.Background()
		if _, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{}); err != nil {
			t.Fatal(err)
		}
		srv.Mu.Lock()
		srv.ExpireAuth = true
		id := fmt.Sprint(srv.Items[0].ID)
		srv.Mu.Unlock()
		if err := c.SetRead(ctx, []string{id}, true); err != nil {
			t.Fatalf("after the token expired: %v", err)
		}
		srv.Mu.Lock()
		defer srv.Mu.Unlock()
		if srv.Logins != 2 || !srv.Items[0].Read {
			t.Errorf("logins %d, read %v; want a second login and the mark made", srv.Logins, srv.Items[0].Read)
		}
	})
}
