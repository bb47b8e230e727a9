package demodb

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/demo"
	"tidings/server/store/sqlite"
)

// The embedded image must be what Build makes now: a change to the demo
// catalogue, the store's schema or how it writes rows makes it stale.
func TestEmbeddedImageIsCurrent(t *testing.T) {
	if testing.Short() || raceOn {
		// About a second plainly, over a minute under the race detector;
		// the plain run checks the same bytes.
		t.Skip("rebuilds the demo image: run without -short and -race")
	}
	path := filepath.Join(t.TempDir(), ImageFile)
	if err := Build(context.Background(), path); err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, err := image.ReadFile(ImageFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the embedded %s (%d bytes) is stale (a fresh build has %d bytes): run go generate ./server/demodb",
			ImageFile, len(got), len(want))
	}
}

// Open presents the catalogue as demo.Catalogue(now) would be: the same
// articles, published at the same times to within two seconds (both are
// truncated to whole seconds), newest first.
func TestOpenIsFreshAtAnyInstant(t *testing.T) {
	ctx := context.Background()
	for _, now := range []time.Time{time.Now(), Epoch().Add(400*24*time.Hour + 1234567891)} {
		st, err := Open(now)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		sources, articles := demo.Catalogue(now)
		page, err := st.Headlines(ctx, model.HeadlinesQuery{PageSize: 100})
		if err != nil {
			t.Fatal(err)
		}
		if page.TotalResults != len(articles) || len(page.Items) != 100 {
			t.Fatalf("total %d, %d items; the catalogue has %d articles", page.TotalResults, len(page.Items), len(articles))
		}
		published := map[string]time.Time{}
		for _, a := range articles {
			published[a.URL] = a.PublishedAt
		}
		for _, a := range page.Items {
			want, ok := published[a.URL]
			if d := want.Sub(a.PublishedAt); !ok || d < 0 || d >= 2*time.Second {
				t.Fatalf("%s is presented as published %v; the catalogue at %v says %v", a.URL, a.PublishedAt, now, want)
			}
		}
		if newest := page.Items[0].PublishedAt; now.Sub(newest) > 15*time.Minute || newest.After(now) {
			t.Errorf("at %v the newest headline is from %v", now, newest)
		}
		srcs, err := st.Sources(ctx, model.SourcesQuery{PageSize: 1})
		if err != nil || srcs.TotalResults != len(sources) {
			t.Errorf("sources: total %d, err %v; the catalogue has %d", srcs.TotalResults, err, len(sources))
		}
		// Search works, time bounds included, on the presented times.
		from := now.Add(-24 * time.Hour)
		found, err := st.Articles(ctx, model.ArticlesQuery{Q: "Wahl", From: from.Format(time.RFC3339), PageSize: 100})
		if err != nil || found.TotalResults == 0 {
			t.Fatalf("search: %d results, err %v", found.TotalResults, err)
		}
		if !slices.IsSortedFunc(found.Items, func(a, b model.Article) int { return b.PublishedAt.Compare(a.PublishedAt) }) ||
			found.Items[len(found.Items)-1].PublishedAt.Before(from) {
			t.Errorf("search from %v: results out of order or before the bound", from)
		}
	}
}

// The image is honest only if the catalogue at another now differs from
// the one at Epoch in publication times alone, all moved by the same span
// (to the second).
func TestCatalogueDependsOnNowOnlyThroughTimes(t *testing.T) {
	now := Epoch().Add(123*24*time.Hour + 4567*time.Second)
	s0, a0 := demo.Catalogue(Epoch())
	s1, a1 := demo.Catalogue(now)
	if !slices.Equal(s0, s1) || len(a0) != len(a1) {
		t.Fatalf("sources or article counts differ: %d/%d sources, %d/%d articles", len(s0), len(s1), len(a0), len(a1))
	}
	for i := range a0 {
		x, y := a0[i], a1[i]
		if y.PublishedAt.Sub(x.PublishedAt) != now.Sub(Epoch()) {
			t.Fatalf("%s: published %v at Epoch, %v at Epoch+%v", x.URL, x.PublishedAt, y.PublishedAt, now.Sub(Epoch()))
		}
		x.PublishedAt, y.PublishedAt = time.Time{}, time.Time{}
		if x != y {
			t.Fatalf("article %d differs beyond its time:\n%+v\n%+v", i, x, y)
		}
	}
}

// BenchmarkOpenAndFirstHeadlines is the demo store's start-up cost now:
// open the embedded image, count and read the first headlines page.
func BenchmarkOpenAndFirstHeadlines(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		st, err := Open(time.Now())
		if err != nil {
			b.Fatal(err)
		}
		if p, err := st.Headlines(ctx, model.HeadlinesQuery{PageSize: 20}); err != nil || len(p.Items) != 20 {
			b.Fatalf("%d items, err %v", len(p.Items), err)
		}
		st.Close()
	}
}

// BenchmarkGenerateAndLoad is what the demo's start-up cost before the
// image: generate the catalogue and load it into a fresh store.
func BenchmarkGenerateAndLoad(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		st, err := sqlite.Open("")
		if err != nil {
			b.Fatal(err)
		}
		sources, articles := demo.Catalogue(time.Now())
		if err := st.Add(ctx, sources, articles); err != nil {
			b.Fatal(err)
		}
		st.Close()
	}
}
