package search

import (
	"reflect"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"tidings/api"
	"tidings/model"
	"tidings/ui/common"
)

func newsAPICtx(client common.Client, w, h int) *common.Context {
	ctx := newCtx(client, w, h)
	ctx.Dialect = api.DialectNewsAPI
	return ctx
}

// NewsAPI searches sources or domains without keywords: the form takes
// them alone, and says so where the spec's form asks for keywords.
func TestNewsAPIFormSearchesSourcesWithoutKeywords(t *testing.T) {
	fc := &fakeClient{total: 5}
	m := New(newsAPICtx(fc, 100, 20), model.ArticlesQuery{})
	if v := ansi.Strip(m.View()); !strings.Contains(v, "keywords (or give sources or domains)") {
		t.Fatalf("the query field still says keywords are required:\n%s", v)
	}
	keys(t, m, "tab")
	typeText(t, m, "bbc-news")
	keys(t, m, "enter")
	calls := fc.calls()
	if len(calls) != 1 || calls[0].Q != "" || !reflect.DeepEqual(calls[0].Sources, []string{"bbc-news"}) {
		t.Fatalf("sent %+v; want the source alone", calls)
	}
}

// What NewsAPI would refuse is still not sent, and the form says why.
func TestNewsAPIFormNeedsKeywordsSourcesOrDomains(t *testing.T) {
	fc := &fakeClient{total: 5}
	m := New(newsAPICtx(fc, 100, 20), model.ArticlesQuery{})
	keys(t, m, "enter")
	if n := len(fc.calls()); n != 0 {
		t.Fatalf("an empty search sent %d requests", n)
	}
	if v := ansi.Strip(m.View()); !strings.Contains(v, "keywords, sources or domains") {
		t.Fatalf("the empty search is not explained:\n%s", v)
	}
}

// A search within a source (from the sources screen) runs at once.
func TestNewsAPISearchMsgWithASourceRunsAtOnce(t *testing.T) {
	fc := &fakeClient{total: 3}
	m := New(newsAPICtx(fc, 100, 20), model.ArticlesQuery{})
	drive(t, m, m.Update(common.SearchMsg{Query: model.ArticlesQuery{Sources: []string{"harbor-ledger"}}}))
	calls := fc.calls()
	if len(calls) != 1 || !reflect.DeepEqual(calls[0].Sources, []string{"harbor-ledger"}) || m.CapturesInput() {
		t.Fatalf("sent %+v, form focused %v; want the search run and its results shown", calls, m.CapturesInput())
	}
	if v := ansi.Strip(m.View()); strings.Contains(v, "Type keywords") {
		t.Fatalf("asks for keywords NewsAPI does not need:\n%s", v)
	}
}

// The language field offers only what the service can filter by.
func TestNewsAPIFormOffersNewsAPIsLanguages(t *testing.T) {
	m := New(newsAPICtx(&fakeClient{}, 100, 20), model.ArticlesQuery{})
	want := append([]model.Language{""}, api.DialectNewsAPI.Languages()...)
	if !reflect.DeepEqual(m.form.langs, want) {
		t.Fatalf("languages offered %v, want %v", m.form.langs, want)
	}
}
