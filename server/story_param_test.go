package server

import (
	"context"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"tidings/model"
)

// The story extension, through the handler, on every backend: articles of
// several sources reporting one event share a storyId and carry their
// story's coverage, story= lists a story, and sortBy=popularity ranks by
// coverage or an imported popularity. The texts are written so that no
// tuning of the grouping thresholds changes the outcome: the reports of
// one event share their names, places and figures; the other articles
// share nothing.

// storyArticle is an article of the story tests; each list of them is
// newest first.
type storyArticle struct {
	src, url, title, desc string
	minutesAgo            int
}

// Reports of one event share a description (agency copy, as outlets
// often run it) and vary their titles.
const (
	quakeCopy = "A magnitude 7.2 earthquake struck off Sendai in Miyagi prefecture, Japan's meteorological agency said, " +
		"issuing a tsunami warning for the Miyagi coast and halting Tohoku shinkansen trains."
	floodCopy = "The Danube rose to 12.8 metres in Passau, flooding the old town; Bavarian premier Markus Soeder " +
		"visited the Inn embankment as 1,200 residents were evacuated."
)

var (
	quakeReports = []storyArticle{
		{"wire", "https://wire.example/quake-update", "Sendai earthquake: magnitude 7.2 quake off Miyagi prompts tsunami warning", quakeCopy, 30},
		{"wire", "https://wire.example/quake", "Magnitude 7.2 earthquake strikes off Sendai, tsunami warning issued for Miyagi", quakeCopy, 60},
		{"herald", "https://herald.example/quake", "Tsunami warning for Miyagi after magnitude 7.2 earthquake strikes off Sendai", quakeCopy, 70},
		{"daily", "https://daily.example/quake", "Magnitude 7.2 earthquake off Sendai triggers Miyagi tsunami warning", quakeCopy, 80},
	}
	floodReports = []storyArticle{
		{"daily", "https://daily.example/flood", "Danube floods Passau old town as river reaches 12.8 metres", floodCopy, 100},
		{"tribune", "https://tribune.example/flood", "Passau old town flooded as Danube reaches 12.8 metres", floodCopy, 110},
	}
	singles = []storyArticle{
		{"herald", "https://herald.example/chip", "Apple unveils M5 chip at Cupertino event",
			"The new processor doubles graphics performance, Johny Srouji told developers in California.", 20},
		{"tribune", "https://tribune.example/football", "Real Madrid beat Bayern Munich 3-1 in Champions League semi-final",
			"Vinicius Junior scored twice at the Bernabeu as Real Madrid reached the final at Wembley.", 40},
	}
)

func (a storyArticle) article() model.Article {
	return model.Article{Source: model.SourceRef{ID: a.src}, URL: a.url, Title: a.title, Description: a.desc,
		Content: a.desc + " Reported by our newsroom.", PublishedAt: base.Add(-time.Duration(a.minutesAgo) * time.Minute)}
}

// storyHandler stores the story catalogue on a backend and serves it.
func storyHandler(t *testing.T, open opener) http.Handler {
	t.Helper()
	st := open(t)
	var sources []model.Source
	for _, id := range []string{"wire", "herald", "daily", "tribune", "archive"} {
		sources = append(sources, model.Source{ID: id, Name: strings.ToUpper(id), URL: "https://" + id + ".example",
			Category: "general", Language: "en", Country: "us"})
	}
	var articles []model.Article
	for _, list := range [][]storyArticle{quakeReports, floodReports, singles} {
		for _, a := range list {
			articles = append(articles, a.article())
		}
	}
	ctx := context.Background()
	if err := st.Add(ctx, sources, articles); err != nil {
		t.Fatal(err)
	}
	// Two imported articles with a popularity of their own: one above
	// every story's coverage, one between two and one source.
	jsonl := `{"source":{"id":"archive"},"title":"Oslo marathon draws a record 40,000 runners","description":"Reported by our newsroom.","url":"https://archive.example/marathon","publishedAt":"2026-11-20T06:00:00Z","popularity":100}
{"source":{"id":"archive"},"title":"Chess olympiad opens in Budapest with 180 nations","description":"Reported by our newsroom.","url":"https://archive.example/chess","publishedAt":"2026-11-20T05:00:00Z","popularity":1.5}
`
	if stats, err := st.ImportJSONL(ctx, strings.NewReader(jsonl)); err != nil || stats.Articles != 2 {
		t.Fatalf("import: %+v %v", stats, err)
	}
	return newHandlerOver(t, st, Config{})
}

// storyFields are an article's URL and story fields as the service sent them.
type storyFields struct {
	url, story string
	size       float64
}

func articlesOf(t *testing.T, r response) []storyFields {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.raw)
	}
	var out []storyFields
	for _, item := range r.body["articles"].([]any) {
		a := item.(map[string]any)
		id, _ := a["storyId"].(string)
		size, _ := a["storySize"].(float64)
		out = append(out, storyFields{url: a["url"].(string), story: id, size: size})
	}
	return out
}

func urlsIn(list []storyFields) []string {
	out := []string{}
	for _, a := range list {
		out = append(out, a.url)
	}
	return out
}

func urlsOfReports(reports ...[]storyArticle) []string {
	out := []string{}
	for _, list := range reports {
		for _, a := range list {
			out = append(out, a.url)
		}
	}
	return out
}

func TestStoriesThroughTheHandler(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := storyHandler(t, open)
		all := articlesOf(t, get(t, h, "/v2/articles?q=newsroom&pageSize=100"))
		byURL := map[string]storyFields{}
		for _, a := range all {
			byURL[a.url] = a
		}
		if len(byURL) != 10 {
			t.Fatalf("%d articles, want 10: %q", len(byURL), urlsIn(all))
		}
		quake, flood := byURL[quakeReports[0].url].story, byURL[floodReports[0].url].story
		t.Run("shared story ids and sizes", func(t *testing.T) {
			for _, c := range []struct {
				reports []storyArticle
				story   string
				size    float64
			}{{quakeReports, quake, 3}, {floodReports, flood, 2}} {
				for _, r := range c.reports {
					if a := byURL[r.url]; a.story == "" || a.story != c.story || a.size != c.size {
						t.Errorf("%s: story %q size %v, want %q of %v distinct sources", r.url, a.story, a.size, c.story, c.size)
					}
				}
			}
			seen := map[string]string{quake: "quake", flood: "flood"}
			for _, u := range append(urlsOfReports(singles), "https://archive.example/marathon", "https://archive.example/chess") {
				a := byURL[u]
				if a.story == "" || a.size != 1 || seen[a.story] != "" {
					t.Errorf("%s: story %q (shared with %q) size %v, want a story of its own", u, a.story, seen[a.story], a.size)
				}
				seen[a.story] = u
			}
		})

		t.Run("story lists its articles newest first", func(t *testing.T) {
			q := url.QueryEscape(quake)
			for _, c := range []struct {
				params string
				want   []string
			}{
				{"", urlsOfReports(quakeReports)},
				{"&sortBy=popularity", urlsOfReports(quakeReports)},
				{"&sortBy=relevancy", urlsOfReports(quakeReports)},
				{"&sources=wire", urlsOfReports(quakeReports[:2])},
				{"&domains=herald.example", urlsOfReports(quakeReports[2:3])},
				{"&excludeDomains=wire.example", urlsOfReports(quakeReports[2:])},
				{"&language=en", urlsOfReports(quakeReports)},
				{"&language=de", []string{}},
				{"&from=" + url.QueryEscape(base.Add(-75*time.Minute).Format(time.RFC3339)), urlsOfReports(quakeReports[:3])},
				{"&pageSize=3&page=2", urlsOfReports(quakeReports[3:])},
			} {
				r := get(t, h, "/v2/articles?story="+q+c.params)
				if got := urlsIn(articlesOf(t, r)); !reflect.DeepEqual(got, c.want) {
					t.Errorf("story=%s%s: %q, want %q", quake, c.params, got, c.want)
				}
			}
			if r := get(t, h, "/v2/articles?story="+q+"&pageSize=3&page=2"); r.body["totalResults"] != 4.0 {
				t.Errorf("totalResults %v, want 4", r.body["totalResults"])
			}
			if got := urlsIn(articlesOf(t, get(t, h, "/v2/articles?story="+url.QueryEscape(flood)))); !reflect.DeepEqual(got, urlsOfReports(floodReports)) {
				t.Errorf("the flood story: %q", got)
			}
		})

		t.Run("story ids the service never gave", func(t *testing.T) {
			for _, id := range []string{"no_such!", "s-1"} {
				r := get(t, h, "/v2/articles?story="+url.QueryEscape(id))
				wantError(t, r, http.StatusBadRequest, model.CodeBadRequest, "story")
				if !strings.Contains(r.raw, "not a story id") {
					t.Errorf("story=%s: %s", id, r.raw)
				}
			}
			// story lists a story, q searches: not both.
			r := get(t, h, "/v2/articles?q=sendai&story="+url.QueryEscape(quake))
			wantError(t, r, http.StatusBadRequest, model.CodeBadRequest, "story")
			// Well formed, but no stored story has it.
			if r := get(t, h, "/v2/articles?story=zzzzzzzz"); r.status != http.StatusOK || r.body["totalResults"] != 0.0 ||
				len(r.body["articles"].([]any)) != 0 {
				t.Errorf("unknown story: %d %s", r.status, r.raw)
			}
		})

		t.Run("popularity is coverage or the imported value", func(t *testing.T) {
			want := append([]string{"https://archive.example/marathon"}, urlsOfReports(quakeReports, floodReports)...)
			want = append(want, "https://archive.example/chess")
			want = append(want, urlsOfReports(singles)...)
			got := urlsIn(articlesOf(t, get(t, h, "/v2/articles?q=newsroom&sortBy=popularity&pageSize=100")))
			if !reflect.DeepEqual(got, want) {
				t.Errorf("by popularity:\n got %q\nwant %q", got, want)
			}
		})

		t.Run("the NewsAPI dialect leaves stories out", func(t *testing.T) {
			r := get(t, h, "/v2/everything?q=newsroom")
			if r.status != http.StatusOK || strings.Contains(r.raw, "storyId") || strings.Contains(r.raw, "storySize") {
				t.Errorf("everything: %d %.300s", r.status, r.raw)
			}
		})
	})
}
