package newsapi

import (
	"errors"
	"net/http"
	"net/url"
	"reflect"
	"testing"

	"tidings/model"
)

func TestLanguagesBothWays(t *testing.T) {
	for in, want := range map[string]model.Language{"sv": "se", "SV": "se", "se": "se", " ud ": "ud", "de": "de", "": ""} {
		if got, err := ParseLanguage(in); err != nil || got != want {
			t.Errorf("ParseLanguage(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, bad := range []string{"zh", "ZH", "xx", "sw", "swe", "ur"} {
		var e *Error
		if _, err := ParseLanguage(bad); !errors.As(err, &e) || e.Code != CodeParameterInvalid || e.Status != http.StatusBadRequest {
			t.Errorf("ParseLanguage(%q): %v, want parameterInvalid", bad, err)
		}
	}
	for _, l := range model.Languages() {
		back, err := ParseLanguage(LanguageCode(l))
		if err != nil || back != l {
			t.Errorf("%s → %s → %s, %v: the mapping does not round-trip", l, LanguageCode(l), back, err)
		}
	}
	if LanguageCode("se") != "sv" {
		t.Error("Swedish is written as NewsAPI's sv")
	}
}

func TestParseHeadlinesPlans(t *testing.T) {
	h, err := ParseHeadlines(url.Values{"country": {"DE"}, "category": {"Technology"}})
	if err != nil || h.Q != "" || !reflect.DeepEqual(h.Query(), model.HeadlinesQuery{Country: "de", Category: "technology", Page: 1, PageSize: 20}) {
		t.Fatalf("%+v %v", h, err)
	}
	h, err = ParseHeadlines(url.Values{"q": {" climate "}, "sources": {"BBC-News, cnn"}, "language": {"sv"}, "page": {"3"}, "pageSize": {"7"}})
	want := model.ArticlesQuery{Q: "climate", Sources: []string{"bbc-news", "cnn"}, Language: "se", SortBy: model.SortPublishedAt, Page: 3, PageSize: 7}
	if err != nil || !reflect.DeepEqual(h.Search(), want) {
		t.Fatalf("%+v %v", h.Search(), err)
	}
}

func TestParseEverythingDefaults(t *testing.T) {
	q, err := ParseEverything(url.Values{"q": {"x"}, "domains": {"A.com, b.org"}, "from": {"2026-11-20"}, "searchIn": {"content,title,description"}})
	want := model.ArticlesQuery{Q: "x", Domains: []string{"a.com", "b.org"}, From: "2026-11-20", SortBy: model.SortPublishedAt, Page: 1, PageSize: 100}
	if err != nil || !reflect.DeepEqual(q, want) {
		t.Fatalf("got %+v %v\nwant %+v", q, err, want)
	}
}

func TestParseSourcesIgnoresPaging(t *testing.T) {
	q, err := ParseSources(url.Values{"language": {"sv"}, "page": {"x"}, "pageSize": {"0"}})
	if err != nil || q != (model.SourcesQuery{Language: "se"}) {
		t.Fatalf("%+v %v", q, err)
	}
}
