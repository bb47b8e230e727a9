package state

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"tidings/extract"
	"tidings/model"
)

func fullArticle() model.Article {
	return model.Article{
		Source:      model.SourceRef{ID: "le-monde", Name: "Le Monde"},
		Author:      "Ana Pérez, Bo Li",
		Title:       "Climate [talks] *resume* in Belém",
		Description: "Delegates return.\nA second line.",
		URL:         "https://www.lemonde.fr/a/1?x=1&y=2",
		URLToImage:  "https://img.lemonde.fr/1.jpg",
		PublishedAt: time.Date(2026, 11, 19, 22, 30, 15, 123456789, time.FixedZone("CET", 3600)),
		Content:     "Delegates return… [+1234 chars]",
		StoryID:     "s-3k9x",
		StorySize:   4,
		ID:          "117648634679761",
		Read:        true,
		Starred:     true,
	}
}

func fullText() extract.Article {
	return extract.Article{
		URL:      "https://www.lemonde.fr/a/1",
		Title:    "Climate talks resume",
		Byline:   "Ana Pérez",
		SiteName: "Le Monde",
		Markdown: "# Talks\n\nThe report [1] says.\n\n```\n# not a heading\n```\n",
		Links:    []extract.Link{{Text: "the report", URL: "https://unfccc.int/r"}},
		Words:    5,
		Fetched:  time.Date(2026, 11, 20, 7, 0, 0, 0, time.UTC),
	}
}

func checkSaved(t *testing.T, got SavedArticle, a model.Article, at time.Time, text extract.Article) {
	t.Helper()
	if !got.PublishedAt.Equal(a.PublishedAt) {
		t.Errorf("PublishedAt %v, want %v", got.PublishedAt, a.PublishedAt)
	}
	g, w := got.Article, a
	g.PublishedAt, w.PublishedAt = time.Time{}, time.Time{}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("article\n got %+v\nwant %+v", g, w)
	}
	if got.Key != Key(a) || !got.SavedAt.Equal(at) {
		t.Errorf("Key %q SavedAt %v, want %q %v", got.Key, got.SavedAt, Key(a), at)
	}
	if got.FullText == nil {
		t.Fatal("full text lost")
	}
	ft, wt := *got.FullText, text
	if !ft.Fetched.Equal(wt.Fetched) {
		t.Errorf("Fetched %v, want %v", ft.Fetched, wt.Fetched)
	}
	ft.Fetched, wt.Fetched = time.Time{}, time.Time{}
	if !reflect.DeepEqual(ft, wt) {
		t.Errorf("full text\n got %+v\nwant %+v", ft, wt)
	}
}

func TestSavedArticleKeepsEveryField(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	a := fullArticle()
	must(t, s.Save(ctx, a, t0))
	saved, err := s.Saved(ctx)
	must(t, err)
	if len(saved) != 1 || saved[0].FullText != nil {
		t.Fatalf("saved %+v", saved)
	}
	must(t, s.SetFullText(ctx, Key(a), fullText()))
	saved, err = s.Saved(ctx)
	must(t, err)
	checkSaved(t, saved[0], a, t0, fullText())
	// Every field is set, so a field added to model.Article later and not
	// filled in fullArticle shows here.
	v := reflect.ValueOf(a)
	for i := range v.NumField() {
		if v.Field(i).IsZero() {
			t.Errorf("fullArticle leaves %s empty", v.Type().Field(i).Name)
		}
	}
}

func TestSavedOrderAndResave(t *testing.T) {
	ctx := context.Background()
	s, _ := openTemp(t)
	arts := []model.Article{{URL: "https://x/1"}, {URL: "https://x/2"}, {URL: "https://x/3"}, {URL: "https://x/4"}}
	must(t, s.Save(ctx, arts[0], t0.Add(2*time.Hour)))
	must(t, s.Save(ctx, arts[1], t0))
	must(t, s.Save(ctx, arts[2], t0.Add(time.Hour)))
	must(t, s.Save(ctx, arts[3], t0.Add(time.Hour))) // same instant: saved later, listed first
	order := func() string {
		saved, err := s.Saved(ctx)
		must(t, err)
		var keys []string
		for _, a := range saved {
			keys = append(keys, strings.TrimPrefix(a.Key, "https://x/"))
		}
		return strings.Join(keys, ",")
	}
	if got := order(); got != "1,4,3,2" {
		t.Fatalf("order %s, want 1,4,3,2", got)
	}
	// Saving again refreshes the fields, keeps SavedAt and the full text.
	must(t, s.SetFullText(ctx, "https://x/2", fullText()))
	must(t, s.Save(ctx, model.Article{URL: "https://x/2", Title: "New title"}, t0.Add(5*time.Hour)))
	saved, _ := s.Saved(ctx)
	last := saved[len(saved)-1]
	if last.Title != "New title" || !last.SavedAt.Equal(t0) || last.FullText == nil {
		t.Errorf("resave: %+v", last)
	}
	must(t, s.Unsave(ctx, "https://x/4"))
	must(t, s.Unsave(ctx, "https://x/4")) // again: nothing to do, no error
	if got := order(); got != "1,3,2" {
		t.Fatalf("after unsave: %s", got)
	}
	if ok, err := s.IsSaved(ctx, "https://x/3"); !ok || err != nil {
		t.Errorf("IsSaved(3) = %v, %v", ok, err)
	}
	if ok, err := s.IsSaved(ctx, "https://x/4"); ok || err != nil {
		t.Errorf("IsSaved(4) = %v, %v", ok, err)
	}
	keys, err := s.SavedKeys(ctx)
	must(t, err)
	if len(keys) != 3 {
		t.Errorf("SavedKeys %v", keys)
	}
	if err := s.SetFullText(ctx, "https://x/4", fullText()); !errors.Is(err, ErrNotFound) {
		t.Errorf("SetFullText of an unsaved article: %v, want ErrNotFound", err)
	}
}

func TestKeyFallsBackToAHashWithoutURL(t *testing.T) {
	a := model.Article{Title: "T", Source: model.SourceRef{ID: "s", Name: "S"}, PublishedAt: t0}
	k := Key(a)
	if !strings.HasPrefix(k, "sha256:") || len(k) != len("sha256:")+64 {
		t.Fatalf("Key = %q", k)
	}
	same := a
	same.PublishedAt = t0.In(time.FixedZone("X", 7200)) // the same instant
	same.Description = "descriptions do not count"
	if Key(same) != k {
		t.Error("Key depends on the zone or on the description")
	}
	for _, other := range []model.Article{
		{Title: "T2", Source: a.Source, PublishedAt: t0},
		{Title: "T", Source: model.SourceRef{ID: "s2", Name: "S"}, PublishedAt: t0},
		{Title: "T", Source: a.Source, PublishedAt: t0.Add(time.Second)},
		{Title: "T", Source: a.Source},
		{Title: "Ts", Source: model.SourceRef{Name: "S"}, PublishedAt: t0}, // fields do not run together
	} {
		if Key(other) == k {
			t.Errorf("%+v has the same key", other)
		}
	}
	if Key(model.Article{URL: " https://x/1 ", Title: "T"}) != "https://x/1" {
		t.Error("Key of an article with a URL is not the URL")
	}
}
