package server

import (
	"context"
	"net/http"
	"testing"

	"tidings/model"
)

func TestCachedResponsesEndAtTheStoresNextWrite(t *testing.T) {
	st := fixtureStore(t)
	h, err := New(st, Config{APIKeys: []string{testKey}})
	if err != nil {
		t.Fatal(err)
	}
	const target = "/v2/articles?q=climate&pageSize=100"
	first := get(t, h, target)
	if again := get(t, h, target); again.raw != first.raw || again.status != http.StatusOK {
		t.Fatalf("the same request answered differently with no write between")
	}
	if err := st.Add(context.Background(), nil, []model.Article{{Source: model.SourceRef{ID: "bbc-news"},
		Title: "Climate pact signed", URL: "https://www.bbc.co.uk/news/new", PublishedAt: base}}); err != nil {
		t.Fatal(err)
	}
	after := get(t, h, target)
	if after.body["totalResults"] != first.body["totalResults"].(float64)+1 {
		t.Fatalf("after a write totalResults is %v, was %v: a stale body was served", after.body["totalResults"], first.body["totalResults"])
	}
	// Parameter order does not matter; a bad request is never cached.
	if r := get(t, h, "/v2/articles?pageSize=100&q=climate"); r.raw != after.raw {
		t.Fatal("the same parameters in another order answered differently")
	}
	for range 2 {
		wantError(t, get(t, h, "/v2/articles?q=climate&pageSize=0"), http.StatusBadRequest, model.CodeBadRequest, "pageSize")
	}
}

func TestBodyCacheStaysWithinItsBound(t *testing.T) {
	c := newBodyCache(1000)
	for i := range 50 {
		c.put(string(rune('a'+i)), 1, make([]byte, 100))
		if c.size > 1000 {
			t.Fatalf("after %d puts the cache holds %d bytes, over its 1000", i+1, c.size)
		}
	}
	c.put("huge", 1, make([]byte, 900))
	if _, ok := c.get("huge", 1); ok {
		t.Fatal("a body over an eighth of the bound was cached")
	}
	c.put("x", 1, []byte("one"))
	if b, ok := c.get("x", 1); !ok || string(b) != "one" {
		t.Fatal("a fresh entry is missing")
	}
	if _, ok := c.get("x", 2); ok {
		t.Fatal("an entry of an older generation was served")
	}
}
