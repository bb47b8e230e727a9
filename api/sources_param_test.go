package api

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"tidings/model"
)

func articlesOf(ids ...string) []byte {
	body := `{"status":"ok","totalResults":` + string(rune('0'+len(ids))) + `,"page":1,"pageSize":20,"articles":[`
	for i, id := range ids {
		if i > 0 {
			body += ","
		}
		body += `{"source":{"id":"` + id + `","name":"N"},"title":"T` + string(rune('0'+i)) +
			`","url":"https://x.example/` + string(rune('0'+i)) + `","publishedAt":"2026-11-20T10:00:00Z"}`
	}
	return []byte(body + "]}")
}

// One source's headlines: sent as sources= on /latest-headlines; a
// service that honours it is read as usual; one that ignores it
// (answering other sources) or refuses it (400) is ErrSourcesUnsupported,
// never a page of other sources' articles.
func TestLatestHeadlinesOfOneSource(t *testing.T) {
	q := model.HeadlinesQuery{Sources: []string{"wire"}}
	honours := newFakeService(t, ok(articlesOf("wire", "WIRE")))
	p, err := honours.client(t).LatestHeadlines(context.Background(), q)
	if err != nil || len(p.Items) != 2 {
		t.Fatalf("a service with the extension: %d items, %v", len(p.Items), err)
	}
	if got := honours.lastRequest(t).URL; got.Path != "/v2/latest-headlines" || got.Query().Get("sources") != "wire" {
		t.Fatalf("request %s, want /v2/latest-headlines?sources=wire", got)
	}

	ignores := newFakeService(t, ok(articlesOf("wire", "herald")))
	if _, err := ignores.client(t).LatestHeadlines(context.Background(), q); !errors.Is(err, ErrSourcesUnsupported) {
		t.Fatalf("a service that ignores sources: %v, want ErrSourcesUnsupported", err)
	}
	refuses := newFakeService(t, reply{status: http.StatusBadRequest,
		body: []byte(`{"status":400,"code":"BAD_REQUEST","message":"unknown parameter sources"}`)})
	if _, err := refuses.client(t).LatestHeadlines(context.Background(), q); !errors.Is(err, ErrSourcesUnsupported) {
		t.Fatalf("a service that refuses sources: %v, want ErrSourcesUnsupported", err)
	}
	// Without sources nothing is checked: every source's headlines.
	if _, err := ignores.client(t).LatestHeadlines(context.Background(), model.HeadlinesQuery{}); err != nil {
		t.Fatalf("plain headlines: %v", err)
	}
	// Refused before sending: mixed with a country.
	if _, err := honours.client(t).LatestHeadlines(context.Background(),
		model.HeadlinesQuery{Sources: []string{"wire"}, Country: "us"}); !errors.Is(err, model.ErrSourcesWithCountry) {
		t.Fatalf("sources with country: %v", err)
	}
}

// NewsAPI's top-headlines takes sources itself.
func TestNewsAPITopHeadlinesOfOneSource(t *testing.T) {
	f := newFakeService(t, ok([]byte(`{"status":"ok","totalResults":1,"articles":[{"source":{"id":"wire","name":"W"},"title":"T","url":"https://x.example/1"}]}`)))
	c := f.client(t, WithDialect(DialectNewsAPI))
	if _, err := c.LatestHeadlines(context.Background(), model.HeadlinesQuery{Sources: []string{"wire"}}); err != nil {
		t.Fatalf("LatestHeadlines: %v", err)
	}
	u := f.lastRequest(t).URL
	if u.Path != "/v2/top-headlines" || u.Query().Get("sources") != "wire" || u.Query().Has("country") {
		t.Fatalf("request %s, want top-headlines?sources=wire and no country", u)
	}
}
