package server

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tidings/model"
	"tidings/server/store"
)

const otherKey = "other-key-456"

// marksHandler is the fixture catalogue served with marks, for two keys,
// on the backend open opens.
func marksHandler(t *testing.T, open opener) http.Handler {
	t.Helper()
	st := fixtureCatalogue(t, open)
	return newHandlerOver(t, st, Config{APIKeys: []string{testKey, otherKey}, Marks: st.(store.Marks)})
}

// postJSON sends a JSON body with key.
func postJSON(t *testing.T, h http.Handler, target, body, key string) response {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, target, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+key)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	raw, _ := io.ReadAll(rec.Body)
	r := response{status: rec.Code, header: rec.Header(), raw: string(raw)}
	if err := json.Unmarshal(raw, &r.body); err != nil {
		t.Fatalf("POST %s: body is not JSON: %q", target, raw)
	}
	return r
}

// markedArticles is the "articles" of a list answer.
func markedArticles(t *testing.T, r response) []map[string]any {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.raw)
	}
	var out []map[string]any
	for _, a := range r.body["articles"].([]any) {
		out = append(out, a.(map[string]any))
	}
	return out
}

func TestMarksTravelWithTheKey(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := marksHandler(t, open)
		bearer := "Bearer " + otherKey
		arts := markedArticles(t, get(t, h, "/v2/latest-headlines?pageSize=100"))
		if len(arts) != 6 {
			t.Fatalf("%d headlines, want 6", len(arts))
		}
		first := arts[0]
		if first["id"] == nil || first["read"] != false || first["starred"] != false {
			t.Fatalf("first article %v: want an id, read false and starred false", first)
		}
		id := first["id"].(string)
		r := postJSON(t, h, "/v2/marks", `{"read":["`+id+`"],"starred":["`+id+`"]}`, testKey)
		if r.status != 200 || r.body["changed"] != float64(2) {
			t.Fatalf("POST /v2/marks: %d %s", r.status, r.raw)
		}
		mine := get(t, h, "/v2/latest-headlines?pageSize=100")
		if a := markedArticles(t, mine)[0]; a["read"] != true || a["starred"] != true || mine.body["unreadResults"] != float64(5) {
			t.Errorf("after marking: first %v, unreadResults %v; want read, starred, 5", a, mine.body["unreadResults"])
		}
		if cc := mine.header.Get("Cache-Control"); cc != "private, no-cache" {
			t.Errorf("Cache-Control %q on an answer with marks, want private, no-cache", cc)
		}
		theirs := get(t, h, "/v2/latest-headlines?pageSize=100", bearer)
		if a := markedArticles(t, theirs)[0]; a["read"] != false || theirs.body["unreadResults"] != float64(6) {
			t.Errorf("the other key sees %v, unreadResults %v: the first key's marks leaked", a, theirs.body["unreadResults"])
		}
		unread := markedArticles(t, get(t, h, "/v2/latest-headlines?unread=true&pageSize=100"))
		if len(unread) != 5 || unread[0]["id"] == id {
			t.Errorf("unread=true lists %d articles, want 5 without the read one", len(unread))
		}
		starred := get(t, h, "/v2/articles?q=climate&starred=true")
		if got := markedArticles(t, starred); len(got) != 1 || got[0]["id"] != id || starred.body["totalResults"] != float64(1) {
			t.Errorf("starred=true search: %s", starred.raw)
		}
	})
}

func TestMarkAllReadAndUnreadCounts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		h := marksHandler(t, open)
		r := postJSON(t, h, "/v2/marks/read-all", `{"view":"latest-headlines","query":"category=technology","before":"2026-11-20T12:00:00Z"}`, testKey)
		if r.status != 200 || r.body["marked"] != float64(3) {
			t.Fatalf("read-all of technology: %d %s; want 3 marked", r.status, r.raw)
		}
		counts := get(t, h, "/v2/marks/unread?by=source")
		want := map[string]any{"bbc-news": float64(2), "spiegel": float64(1)}
		got := counts.body["counts"].(map[string]any)
		if len(got) != len(want) || got["bbc-news"] != want["bbc-news"] || got["spiegel"] != want["spiegel"] {
			t.Errorf("unread by source = %v, want %v", got, want)
		}
		other := get(t, h, "/v2/marks/unread", "Bearer "+otherKey).body["counts"].(map[string]any)
		if other["techcrunch"] != float64(2) {
			t.Errorf("the other key's counts %v: want techcrunch 2 (its marks are its own)", other)
		}
		bad := postJSON(t, h, "/v2/marks/read-all", `{"view":"river"}`, testKey)
		wantError(t, bad, 400, model.CodeBadRequest, "view")
		many := postJSON(t, h, "/v2/marks", `{"read":["x"]}`, testKey)
		wantError(t, many, 400, model.CodeBadRequest, "read[0]")
	})
}

func TestReadKeysMigrateTheReadersHistory(t *testing.T) {
	h := marksHandler(t, openSQLite)
	digest := model.FormatKeyDigest(model.KeyDigest("https://www.spiegel.de/2"))
	r := postJSON(t, h, "/v2/marks", `{"readKeys":["`+digest+`","0000000000000000"]}`, testKey)
	if r.status != 200 || r.body["changed"] != float64(1) {
		t.Fatalf("readKeys: %d %s; want 1 changed", r.status, r.raw)
	}
	for _, a := range markedArticles(t, get(t, h, "/v2/latest-headlines?pageSize=100")) {
		if want := a["url"] == "https://www.spiegel.de/2"; a["read"] != want {
			t.Errorf("%v read = %v, want %v", a["url"], a["read"], want)
		}
	}
}

func TestWithoutMarksSpecAnswersAreUnchanged(t *testing.T) {
	h := newTestHandler(t, Config{})
	r := get(t, h, "/v2/latest-headlines")
	a := markedArticles(t, r)[0]
	if _, ok := a["read"]; ok || r.body["unreadResults"] != nil {
		t.Errorf("a service without marks sent marks: %s", r.raw)
	}
	if a["id"] == nil {
		t.Error("articles carry no id")
	}
	wantError(t, get(t, h, "/v2/latest-headlines?unread=true"), 400, model.CodeBadRequest, "keeps none")
	if r := get(t, h, "/v2/marks/unread"); r.status != 404 {
		t.Errorf("GET /v2/marks/unread without marks: %d", r.status)
	}
}
