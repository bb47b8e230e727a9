package server

import (
	"net/http"
	"reflect"
	"testing"

	"tidings/model"
)

// The sources extension of /latest-headlines, on every backend: one
// source's (or several sources') newest articles, no keyword needed;
// mixing it with country or category, or naming a malformed id, is 400
// BAD_REQUEST naming sources; a request without it is the spec's.
func TestLatestHeadlinesBySources(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := storyHandler(t, open)
		got := urlsIn(articlesOf(t, get(t, h, "/v2/latest-headlines?sources=herald", testKey)))
		want := []string{"https://herald.example/chip", "https://herald.example/quake"}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("sources=herald: %v, want %v (newest first)", got, want)
		}
		r := get(t, h, "/v2/latest-headlines?sources=daily,+TRIBUNE&pageSize=2", testKey)
		if got := urlsIn(articlesOf(t, r)); !reflect.DeepEqual(got, []string{"https://tribune.example/football", "https://daily.example/quake"}) {
			t.Fatalf("sources=daily,tribune page 1 of 2: %v", got)
		}
		if r.body["totalResults"] != float64(4) {
			t.Fatalf("totalResults %v, want 4", r.body["totalResults"])
		}
		wantError(t, get(t, h, "/v2/latest-headlines?sources=herald&country=us", testKey),
			http.StatusBadRequest, model.CodeBadRequest, "sources cannot be combined with country or category")
		wantError(t, get(t, h, "/v2/latest-headlines?sources=herald&category=general", testKey),
			http.StatusBadRequest, model.CodeBadRequest, "sources cannot be combined")
		wantError(t, get(t, h, "/v2/latest-headlines?sources=no%20such", testKey),
			http.StatusBadRequest, model.CodeBadRequest, "not a valid source id")
		// Without it, every source's headlines, as the spec has them.
		if all := articlesOf(t, get(t, h, "/v2/latest-headlines?pageSize=100", testKey)); len(all) != 10 {
			t.Fatalf("plain headlines: %d articles, want all 10", len(all))
		}
	})
}
