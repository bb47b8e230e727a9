package sqlite

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

// writeTestImage writes the fixture store's image to a temp dir.
func writeTestImage(t *testing.T) (dir, name string) {
	t.Helper()
	dir = t.TempDir()
	if err := openTestStore(t).WriteImage(context.Background(), filepath.Join(dir, "news.db")); err != nil {
		t.Fatal(err)
	}
	return dir, "news.db"
}

func openTestImage(t *testing.T, dir, name string, shift time.Duration) *Store {
	t.Helper()
	s, err := OpenImage(os.DirFS(dir), name, shift)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestImageServesTheSameCatalogueShifted(t *testing.T) {
	ctx := context.Background()
	dir, name := writeTestImage(t)
	const shift = 90 * 24 * time.Hour
	img := openTestImage(t, dir, name, shift)

	want, err := openTestStore(t).Headlines(ctx, model.HeadlinesQuery{PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	got, err := img.Headlines(ctx, model.HeadlinesQuery{PageSize: 100})
	if err != nil {
		t.Fatal(err)
	}
	if got.TotalResults != want.TotalResults || !slices.Equal(titles(got), titles(want)) {
		t.Fatalf("image headlines %d %q, store %d %q", got.TotalResults, titles(got), want.TotalResults, titles(want))
	}
	for i := range got.Items {
		if d := got.Items[i].PublishedAt.Sub(want.Items[i].PublishedAt); d != shift {
			t.Errorf("%q is presented %v later, want %v", got.Items[i].Title, d, shift)
		}
	}
}

func TestImageTimeBoundsAreShifted(t *testing.T) {
	ctx := context.Background()
	dir, name := writeTestImage(t)
	const shift = 48 * time.Hour
	img := openTestImage(t, dir, name, shift)
	now := base.Add(shift) // the fixtures' "now", as the image presents it
	// "climate" is in articles stored 1h, 2h, 4h, 5h and 30 days before
	// base; presented that long before now.
	for _, tc := range []struct {
		from, to time.Time
		want     int
	}{
		{now.Add(-3*time.Hour - time.Minute), time.Time{}, 2},
		{now.Add(-5 * time.Hour), now.Add(-4 * time.Hour), 2},
		{time.Time{}, now.Add(-24 * time.Hour), 1},
		{base.Add(-3 * time.Hour), base, 0}, // stored times are not what a client asks for
	} {
		q := model.ArticlesQuery{Q: "climate", PageSize: 100}
		if !tc.from.IsZero() {
			q.From = tc.from.Format(time.RFC3339)
		}
		if !tc.to.IsZero() {
			q.To = tc.to.Format(time.RFC3339)
		}
		page, err := img.Articles(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if page.TotalResults != tc.want || len(page.Items) != tc.want {
			t.Errorf("from %v to %v: %d results (%d items), want %d", tc.from, tc.to, page.TotalResults, len(page.Items), tc.want)
		}
		for _, a := range page.Items {
			if (!tc.from.IsZero() && a.PublishedAt.Before(tc.from)) || (!tc.to.IsZero() && a.PublishedAt.After(tc.to)) {
				t.Errorf("from %v to %v: %q published %v", tc.from, tc.to, a.Title, a.PublishedAt)
			}
		}
	}
}

func TestImageIsReadOnly(t *testing.T) {
	dir, name := writeTestImage(t)
	before, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	img := openTestImage(t, dir, name, 0)
	err = img.Add(context.Background(), nil, []model.Article{art("bbc-news", "https://www.bbc.co.uk/news/x", "New", "", "", 0)})
	if err == nil {
		t.Fatal("Add to an image succeeded")
	}
	after, _ := os.ReadFile(filepath.Join(dir, name))
	if !bytes.Equal(before, after) {
		t.Fatal("the image file changed")
	}
}

func TestImageIsDeterministic(t *testing.T) {
	d1, name := writeTestImage(t)
	d2, _ := writeTestImage(t)
	a, _ := os.ReadFile(filepath.Join(d1, name))
	b, _ := os.ReadFile(filepath.Join(d2, name))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Fatalf("two images of the same content differ (%d and %d bytes)", len(a), len(b))
	}
}

func TestOpenImageRefusesOtherSchemaVersionsAndMissingFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "old.db")
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.db.Exec("PRAGMA user_version = 2"); err != nil {
		t.Fatal(err)
	}
	if err := s.WriteImage(context.Background(), filepath.Join(dir, "old.img")); err != nil {
		t.Fatal(err)
	}
	s.Close()
	if s, err := OpenImage(os.DirFS(dir), "old.img", 0); err == nil || !strings.Contains(err.Error(), "schema version 2") {
		if s != nil {
			s.Close()
		}
		t.Fatalf("want a schema version error, got %v", err)
	}
	if s, err := OpenImage(os.DirFS(dir), "missing.img", 0); err == nil {
		s.Close()
		t.Fatal("opened a missing image")
	}
}
