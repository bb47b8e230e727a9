package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"tidings/model"
	"tidings/server/store"
)

// Backend is a store under test: the catalogue and the capabilities
// every backend has.
type Backend interface {
	store.Catalogue
	store.FeedContents
	store.FullTextSetter
	store.StoryLoader
}

// Open opens a new, empty store for one test; the store is closed when
// the test ends (t.Cleanup).
type Open func(t *testing.T) Backend

// suite is a named suite Run runs.
type suite struct {
	name string
	run  func(*testing.T, Open)
}

// registered are the suites added by Register, in the order added.
var registered []suite

// Register adds a suite that Run runs after its own. Call it from an
// init function in the suite's own file, so that adding a suite touches
// no other file:
//
//	func init() { storetest.Register("Marks", Marks) }
//
// It panics on a name already taken, which would hide a suite.
func Register(name string, run func(*testing.T, Open)) {
	for _, s := range suites() {
		if s.name == name {
			panic("storetest: suite " + name + " registered twice")
		}
	}
	registered = append(registered, suite{name, run})
}

// suites are the suites Run runs, in order.
func suites() []suite { return append(builtin(), registered...) }

func builtin() []suite {
	return []suite{
		{"Feeds", Feeds},
		{"Stories", Stories},
		{"Search", Search},
		{"Paging", Paging},
		{"Generation", Generation},
	}
}

// Run runs every suite against the backend open opens, each as a
// subtest named after it (go test -run 'TestConformance/Feeds').
func Run(t *testing.T, open Open) {
	for _, s := range suites() {
		t.Run(s.name, func(t *testing.T) { s.run(t, open) })
	}
}

// ctx is every call's context: the suites have no deadlines of their own.
var ctx = context.Background()

// Base is the fixture's "now": the fixture's articles are hours before
// it.
var Base = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

// FixtureSources are the fixture's sources: six languages, five
// countries, none in New Zealand (feeds' sources are, so the headlines
// of country nz are exactly the feeds' articles).
func FixtureSources() []model.Source {
	return []model.Source{
		{ID: "bbc-news", Name: "BBC News", URL: "https://www.bbc.co.uk", Category: "general", Language: "en", Country: "gb"},
		{ID: "spiegel", Name: "Der Spiegel", URL: "https://www.spiegel.de", Category: "general", Language: "de", Country: "de"},
		{ID: "techcrunch", Name: "TechCrunch", URL: "https://techcrunch.com", Category: "technology", Language: "en", Country: "us"},
		{ID: "rt", Name: "RT", URL: "https://russian.rt.com", Category: "general", Language: "ru", Country: "ru"},
		{ID: "aljazeera", Name: "Al Jazeera", URL: "https://www.aljazeera.net", Category: "general", Language: "ar", Country: "sa"},
		{ID: "haaretz", Name: "Haaretz", URL: "https://www.haaretz.co.il", Category: "general", Language: "he", Country: "il"},
	}
}

func art(src, url, title, desc, content string, age time.Duration) model.Article {
	return model.Article{Source: model.SourceRef{ID: src}, Title: title, Description: desc,
		Content: content, URL: url, PublishedAt: Base.Add(-age)}
}

// FixtureArticles are the fixture's articles, newest first; the last is
// of a source that is not stored.
func FixtureArticles() []model.Article {
	return []model.Article{
		art("bbc-news", "https://www.bbc.co.uk/news/1", "Climate summit opens in Belém", "Leaders gather", "The climate summit began today.", 1*time.Hour),
		art("bbc-news", "https://www.bbc.co.uk/news/2", "Football results", "Weekend scores", "Arsenal beat Chelsea; climate of rivalry.", 2*time.Hour),
		art("spiegel", "https://www.spiegel.de/politik/3", "Klimagipfel in Belém", "Über den Gipfel", "Die Staats- und Regierungschefs treffen sich.", 3*time.Hour),
		art("techcrunch", "https://techcrunch.com/4", "Startup raises money for climate tech", "Carbon capture", "A startup in carbon capture raised funds.", 4*time.Hour),
		art("techcrunch", "https://news.techcrunch.com/5", "Apple unveils new chip", "Silicon", "The chip is fast. Not related to climate.", 5*time.Hour),
		art("rt", "https://russian.rt.com/6", "Климатический саммит", "Лидеры собрались", "Саммит по климату открылся.", 6*time.Hour),
		art("aljazeera", "https://www.aljazeera.net/7", "قمة المناخ تبدأ", "القادة يجتمعون", "بدأت قمة المناخ اليوم", 7*time.Hour),
		art("haaretz", "https://www.haaretz.co.il/8", "פסגת האקלים נפתחה", "מנהיגים נפגשים", "פסגת האקלים החלה היום", 8*time.Hour),
		art("unknown-src", "https://example.org/9", "Orphan climate story", "No known source", "Source unknown.", 30*24*time.Hour),
	}
}

// Fixture opens a store holding the fixture's sources and articles.
func Fixture(t *testing.T, open Open) Backend {
	t.Helper()
	s := open(t)
	if err := s.Add(ctx, FixtureSources(), FixtureArticles()); err != nil {
		t.Fatal(err)
	}
	return s
}

func titles(p model.Page[model.Article]) []string {
	out := []string{}
	for _, a := range p.Items {
		out = append(out, a.Title)
	}
	return out
}

func urls(p model.Page[model.Article]) []string {
	out := []string{}
	for _, a := range p.Items {
		out = append(out, a.URL)
	}
	return out
}

func headlines(t *testing.T, s Backend, q model.HeadlinesQuery) model.Page[model.Article] {
	t.Helper()
	p, err := s.Headlines(ctx, q)
	if err != nil {
		t.Fatalf("headlines %+v: %v", q, err)
	}
	return p
}

func articles(t *testing.T, s Backend, q model.ArticlesQuery) model.Page[model.Article] {
	t.Helper()
	p, err := s.Articles(ctx, q)
	if err != nil {
		t.Fatalf("articles %+v: %v", q, err)
	}
	return p
}

func searchFor(t *testing.T, s Backend, q string) model.Page[model.Article] {
	t.Helper()
	return articles(t, s, model.ArticlesQuery{Q: q, Page: 1, PageSize: 100})
}

// checkCoverageOrder checks a page of articles without a popularity of
// their own is in popularity order: larger stories first, ties newest
// first.
func checkCoverageOrder(t *testing.T, p model.Page[model.Article]) {
	t.Helper()
	for i := 1; i < len(p.Items); i++ {
		a, b := p.Items[i-1], p.Items[i]
		if a.StorySize < b.StorySize || (a.StorySize == b.StorySize && a.PublishedAt.Before(b.PublishedAt)) {
			t.Errorf("by popularity, %s (size %d, %s) before %s (size %d, %s)", a.URL, a.StorySize, a.PublishedAt,
				b.URL, b.StorySize, b.PublishedAt)
		}
	}
}

// asValidation reports whether err is a *model.ValidationError, setting
// *target.
func asValidation(err error, target **model.ValidationError) bool { return errors.As(err, target) }
