package storetest

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/demo"
	"tidings/stories"
)

// PathsCatalogue is the catalogue StoriesAlikeOnEveryPath stores: the
// demo generator's English and German articles of its fortnight before
// Base, oldest first (about 2,500), whose words recur over days, so that
// what a grouping counts them over (a word's rarity among the articles
// indexed) decides some of its stories.
func PathsCatalogue() ([]model.Source, []model.Article) {
	sources, articles, _ := demo.Events(Base)
	lang := map[string]model.Language{}
	var keep []model.Source
	for _, s := range sources {
		if s.Language == "en" || s.Language == "de" {
			lang[s.ID] = s.Language
			keep = append(keep, s)
		}
	}
	var arts []model.Article
	for _, a := range articles {
		if _, ok := lang[a.Source.ID]; ok {
			arts = append(arts, a)
		}
	}
	slices.SortStableFunc(arts, func(a, b model.Article) int { return a.PublishedAt.Compare(b.PublishedAt) })
	return keep, arts
}

// PathsJSONL is the catalogue as an import file: the sources, then the
// articles, oldest first.
func PathsJSONL(t testing.TB, sources []model.Source, articles []model.Article) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	for _, s := range sources {
		if err := enc.Encode(map[string]string{"id": s.ID, "name": s.Name, "url": s.URL, "category": string(s.Category),
			"language": string(s.Language), "country": string(s.Country)}); err != nil {
			t.Fatal(err)
		}
	}
	for _, a := range articles {
		if err := enc.Encode(map[string]any{"source": map[string]string{"id": a.Source.ID}, "title": a.Title,
			"description": a.Description, "content": a.Content, "url": a.URL,
			"publishedAt": a.PublishedAt.Format(time.RFC3339)}); err != nil {
			t.Fatal(err)
		}
	}
	return b.String()
}

// AddInPages stores the catalogue as feeds and Add do, a page of 100
// articles at a time, oldest first.
func AddInPages(t testing.TB, b Backend, sources []model.Source, articles []model.Article) {
	t.Helper()
	if err := b.Add(ctx, sources, nil); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < len(articles); i += 100 {
		if err := b.Add(ctx, nil, articles[i:min(i+100, len(articles))]); err != nil {
			t.Fatal(err)
		}
	}
}

// StoriesAlikeOnEveryPath checks that the stores got, article by
// article, the same stories (issue 29): a bulk load's pass over the
// whole catalogue, the writes of feeds and Add page by page, and the
// writes of a store that started after part of the catalogue was
// stored all index the same stretch of time around what they group
// (stories.Retention), so they count words over the same articles and
// decide alike. Each path is a store that holds the same catalogue.
func StoriesAlikeOnEveryPath(t *testing.T, paths map[string]Backend) {
	t.Helper()
	var names []string
	for name := range paths {
		names = append(names, name)
	}
	slices.Sort(names)
	want := storyPartition(t, paths[names[0]])
	for _, name := range names[1:] {
		got := storyPartition(t, paths[name])
		if len(got) != len(want) {
			t.Fatalf("%s holds %d articles, %s %d", name, len(got), names[0], len(want))
		}
		differ := 0
		for key, first := range want {
			if got[key] != first {
				if differ++; differ <= 5 {
					t.Errorf("%s: %q is with %q; %s: with %q", names[0], key, first, name, got[key])
				}
			}
		}
		if differ > 0 {
			t.Errorf("%d of %d articles are in another story by %s than by %s", differ, len(want), name, names[0])
		}
	}
}

// storyPartition is, by article (source and title), the first article
// (the same key) of its story: the stories as the store holds them,
// whatever ids it gave them.
func storyPartition(t *testing.T, b Backend) map[string]string {
	t.Helper()
	members, err := b.Grouped(ctx, time.Unix(0, 0), time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(members, func(a, b stories.Member) int {
		if c := a.Published.Compare(b.Published); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})
	first := map[int64]string{}
	out := map[string]string{}
	for _, m := range members {
		key := fmt.Sprintf("%s %s %s", m.Source, m.Published.Format(time.RFC3339), m.Title)
		if _, ok := first[m.Story]; !ok {
			first[m.Story] = key
		}
		out[key] = first[m.Story]
	}
	return out
}
