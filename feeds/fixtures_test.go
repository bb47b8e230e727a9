package feeds

import (
	"context"
	"strings"
	"testing"
	"time"

	"tidings/internal/fakes/feedserver"
)

// Every fixture feed, subscribed to and read back through the service's
// own query: the articles a reader would see, with the fields the feed
// gave, whatever its syntax, encoding, dates or links.
func TestEveryFixtureFeedReadsBackAsItsItems(t *testing.T) {
	for _, fx := range feedserver.Fixtures {
		if fx.Format == feedserver.HTML || !fx.WellFormed || fx.Generated || fx.ItemCount == 0 || fx.Name == "changing.xml" {
			continue
		}
		t.Run(fx.Name, func(t *testing.T) {
			w := newWorld(t)
			w.subscribe("news.test", fx.Path)
			got := byURL(w.headlines())
			want := map[string]feedserver.Item{}
			for _, it := range fx.Items {
				if it.Bad || it.Canonical == "" {
					continue
				}
				if _, dup := want[it.Canonical]; !dup {
					want[it.Canonical] = it
				}
			}
			if len(got) != len(want) {
				t.Errorf("%d articles stored, want %d (%s)", len(got), len(want), fx.Note)
			}
			for u, it := range want {
				a, ok := got[u]
				if !ok {
					t.Errorf("no article at %s (item %q)", u, it.Title)
					continue
				}
				checkArticle(t, w, it, a.Title, a.Title+"\n"+a.Description+"\n"+a.Content, a.URLToImage, a.Author, a.PublishedAt)
			}
		})
	}
}

func checkArticle(t *testing.T, w *world, it feedserver.Item, title, text, image, author string, published time.Time) {
	t.Helper()
	if it.Title != "" && title != it.Title {
		t.Errorf("%s: title %q, want %q", it.Canonical, title, it.Title)
	}
	if it.Contains != "" && !strings.Contains(strings.Join(strings.Fields(text), " "), it.Contains) {
		t.Errorf("%s: text does not contain %q:\n%s", it.Canonical, it.Contains, text)
	}
	if len(it.Images) > 0 && !contains(it.Images, image) {
		t.Errorf("%s: image %q, want one of %q", it.Canonical, image, it.Images)
	}
	if it.Author != "" && author != it.Author {
		t.Errorf("%s: author %q, want %q", it.Canonical, author, it.Author)
	}
	wantTime := it.Date
	if wantTime.IsZero() || wantTime.After(w.clock.Now().Add(10*time.Minute)) {
		wantTime = w.clock.Now() // first seen: never in the future
	}
	if !published.Equal(wantTime.Truncate(time.Second)) {
		t.Errorf("%s: published %v, want %v (from %q)", it.Canonical, published, wantTime, it.DateRaw)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// The feed's metadata fills the source: name, site, language, and the
// country a regional language tag names.
func TestSubscribeFillsTheSourceFromTheFeed(t *testing.T) {
	w := newWorld(t)
	fx, _ := feedserver.FixtureByName("rss20.xml")
	f, _, err := w.poller.Subscribe(context.Background(), Subscription{URL: w.url("news.test", fx.Path), Category: "technology"})
	if err != nil {
		t.Fatal(err)
	}
	src := f.Source
	if src.Name != fx.Title || src.URL != fx.Link || src.Category != "technology" {
		t.Fatalf("source = %+v; want name %q, site %q, category technology", src, fx.Title, fx.Link)
	}
	if src.Language != "en" || src.Country != "us" {
		t.Fatalf("language %q, country %q; the feed says en-us", src.Language, src.Country)
	}
	if src.ID != Slug(fx.Title, fx.Link) {
		t.Fatalf("id %q, want the title's slug %q", src.ID, Slug(fx.Title, fx.Link))
	}
	page, err := w.st.Sources(context.Background(), sourcesAll())
	if err != nil || len(page.Items) != 1 || page.Items[0] != src {
		t.Fatalf("the service lists %+v (%v), want the feed's source", page.Items, err)
	}
	for _, a := range w.headlines() {
		if a.Source.ID != src.ID || a.Source.Name != src.Name {
			t.Fatalf("article %s has source %+v, want the feed's", a.URL, a.Source)
		}
	}
}
