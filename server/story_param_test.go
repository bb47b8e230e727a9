package server

import (
	"strings"
	"testing"
)

// No catalogue groups articles into stories yet: the story extension is
// refused with a 400 that says so, never answered with every article.
func TestStoryParameterIsRefusedWhereNothingIsGrouped(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := newBackendHandler(t, open, Config{})
		for _, target := range []string{"/v2/articles?story=s-1", "/v2/articles?story=s-1&q=climate"} {
			r := do(t, h, "GET", target)
			if r.status != 400 || r.body["code"] != "BAD_REQUEST" || !strings.Contains(r.raw, "does not group articles into stories") {
				t.Errorf("%s: %d %s; want 400 saying stories are not grouped", target, r.status, r.raw)
			}
		}
		if r := do(t, h, "GET", "/v2/articles?story=no_such!"); r.status != 400 || !strings.Contains(r.raw, "not a story id") {
			t.Errorf("a malformed story id: %d %s", r.status, r.raw)
		}
		// The spec's fields only: no story fields from a store that groups nothing.
		if r := do(t, h, "GET", "/v2/articles?q=climate"); r.status != 200 || strings.Contains(r.raw, "storyId") {
			t.Errorf("a search: %d %s", r.status, r.raw)
		}
	})
}
