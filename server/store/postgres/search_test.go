package postgres

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"tidings/model"
)

func searchFixture(t *testing.T) *Store {
	t.Helper()
	st := openTest(t)
	sources := []model.Source{
		{ID: "bbc", Name: "BBC", URL: "https://www.bbc.co.uk", Category: "general", Language: "en", Country: "gb"},
		{ID: "spiegel", Name: "Der Spiegel", URL: "https://www.spiegel.de", Category: "general", Language: "de", Country: "de"},
		{ID: "lemonde", Name: "Le Monde", URL: "https://www.lemonde.fr", Category: "general", Language: "fr", Country: "fr"},
	}
	articles := []model.Article{
		art("bbc", "https://www.bbc.co.uk/1", "Climate summit opens", "Leaders meet", "", 1),
		art("bbc", "https://www.bbc.co.uk/2", "Summits of the past", "A climate history", "", 2),
		art("spiegel", "https://www.spiegel.de/3", "Klimagipfel beginnt", "Gipfel", "", 3),
		art("lemonde", "https://www.lemonde.fr/4", "Le café de la République", "Élysée", "", 4),
		art("bbc", "https://news.bbc.co.uk/5", "Cats and dogs", "Pets", "climate neutral kennels", 5),
		art("bbc", "https://www.bbc.co.uk/6", "Iron and rust", "Metals", "", 6),
	}
	if err := st.Add(context.Background(), sources, articles); err != nil {
		t.Fatal(err)
	}
	return st
}

// The q syntax means on PostgreSQL what it means on SQLite: AND of words,
// phrases, OR, exclusion, accents and case ignored, punctuation inert.
func TestSearchSyntax(t *testing.T) {
	st := searchFixture(t)
	for q, want := range map[string][]string{
		"climate":                     {"Climate summit opens", "Summits of the past", "Cats and dogs"},
		"climate summit":              {"Climate summit opens", "Summits of the past"},
		`"climate summit"`:            {"Climate summit opens"},
		`"summit climate"`:            {},
		"cats OR iron":                {"Cats and dogs", "Iron and rust"},
		"climate -summit":             {"Cats and dogs"},
		"climate NOT kennels":         {"Climate summit opens", "Summits of the past"},
		"CAFE republique":             {"Le café de la République"},
		"elysee":                      {"Le café de la République"},
		"the":                         {"Summits of the past"},
		"klimagipfel":                 {"Klimagipfel beginnt"},
		`x'); DROP TABLE articles;--`: {},
		"rust:* | iron":               {"Iron and rust"},
	} {
		p, err := st.Articles(context.Background(), model.ArticlesQuery{Q: q})
		if err != nil {
			t.Errorf("q=%q: %v", q, err)
			continue
		}
		if got := titles(p); !reflect.DeepEqual(got, want) || p.TotalResults != len(want) {
			t.Errorf("q=%q: %v (total %d), want %v", q, got, p.TotalResults, want)
		}
	}
}

// Within a language, inflections match: "summits" finds "summit" in
// English, which SQLite's exact words would not.
func TestSearchStemsInTheArticlesLanguage(t *testing.T) {
	st := searchFixture(t)
	p, err := st.Articles(context.Background(), model.ArticlesQuery{Q: "summits", Language: "en"})
	if err != nil {
		t.Fatal(err)
	}
	if got := titles(p); !reflect.DeepEqual(got, []string{"Climate summit opens", "Summits of the past"}) {
		t.Fatalf("summits in English: %v", got)
	}
}

func TestRelevancyWeighsTitleAboveDescription(t *testing.T) {
	st := searchFixture(t)
	p, err := st.Articles(context.Background(), model.ArticlesQuery{Q: "climate", SortBy: model.SortRelevancy})
	if err != nil {
		t.Fatal(err)
	}
	// Title first; description next; content counts for nothing, so the
	// content-only match keeps its place by time.
	want := []string{"Climate summit opens", "Summits of the past", "Cats and dogs"}
	if got := titles(p); !reflect.DeepEqual(got, want) {
		t.Fatalf("relevancy: %v, want %v", got, want)
	}
}

func TestSearchFilters(t *testing.T) {
	st := searchFixture(t)
	ctx := context.Background()
	for name, c := range map[string]struct {
		q    model.ArticlesQuery
		want []string
	}{
		"domain and subdomains": {model.ArticlesQuery{Q: "climate", Domains: []string{"bbc.co.uk"}},
			[]string{"Climate summit opens", "Summits of the past", "Cats and dogs"}},
		"subdomain only": {model.ArticlesQuery{Q: "climate", Domains: []string{"news.bbc.co.uk"}}, []string{"Cats and dogs"}},
		"exclude domain": {model.ArticlesQuery{Q: "climate", ExcludeDomains: []string{"news.bbc.co.uk"}},
			[]string{"Climate summit opens", "Summits of the past"}},
		"sources":  {model.ArticlesQuery{Q: "klimagipfel OR climate", Sources: []string{"spiegel"}}, []string{"Klimagipfel beginnt"}},
		"language": {model.ArticlesQuery{Q: "klimagipfel OR climate", Language: "de"}, []string{"Klimagipfel beginnt"}},
		"from/to": {model.ArticlesQuery{Q: "climate", From: "2026-11-20T10:30:00Z", To: "2026-11-20T11:30:00Z"},
			[]string{"Climate summit opens"}},
		"no q, a source": {model.ArticlesQuery{Sources: []string{"spiegel"}}, []string{"Klimagipfel beginnt"}},
	} {
		p, err := st.Articles(ctx, c.q)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if got := titles(p); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
}

func TestSearchRefusals(t *testing.T) {
	st := searchFixture(t)
	ctx := context.Background()
	var verr *model.ValidationError
	if _, err := st.Articles(ctx, model.ArticlesQuery{Q: "-only"}); !errors.As(err, &verr) || verr.Param != "q" {
		t.Errorf("exclusions only: %v", err)
	}
	for _, id := range []string{"not-a-story", "zzzzzzzzzzzzzzzzzzzz"} {
		if _, err := st.Articles(ctx, model.ArticlesQuery{Story: id}); !errors.As(err, &verr) || verr.Param != "story" ||
			!strings.Contains(verr.Message, "not a story id of this service") {
			t.Errorf("story %s: %v", id, err)
		}
	}
	if _, err := st.Articles(ctx, model.ArticlesQuery{Story: "abc", Q: "summit"}); !errors.As(err, &verr) || verr.Param != "q" {
		t.Errorf("story with q: %v", err)
	}
	if _, err := st.Articles(ctx, model.ArticlesQuery{}); !errors.Is(err, ErrNoScope) {
		t.Errorf("no q, no scope: %v", err)
	}
}

// The cap: a search reports at most maxResults and serves exactly those.
func TestSearchCapAndDeepPages(t *testing.T) {
	st := openTest(t)
	ctx := context.Background()
	var arts []model.Article
	for i := range 60 {
		arts = append(arts, art("x", "https://x.example/"+strings.Repeat("a", i+1), "storm report", "", "", i))
	}
	if err := st.Add(ctx, nil, arts); err != nil {
		t.Fatal(err)
	}
	defer func(m, a int64) { maxResults, anchorStep = m, a }(maxResults, anchorStep)
	maxResults, anchorStep = 25, 4
	p, err := st.Articles(ctx, model.ArticlesQuery{Q: "storm", Page: 3, PageSize: 10})
	if err != nil {
		t.Fatal(err)
	}
	if p.TotalResults != 25 || len(p.Items) != 5 || p.Items[0].URL != arts[20].URL {
		t.Fatalf("page 3 of a capped search: total %d, %d items, first %v", p.TotalResults, len(p.Items), p.Items)
	}
	h, err := st.Headlines(ctx, model.HeadlinesQuery{Page: 6, PageSize: 10})
	if err != nil || h.TotalResults != 60 || len(h.Items) != 10 || h.Items[0].URL != arts[50].URL {
		t.Fatalf("a deep headline page: %+v, %v", h, err)
	}
}
