package faultserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"tidings/model"
)

// catalogue is how many articles the fake service holds: 45 at the default
// page size of 20 is three pages, the last one short.
const catalogue = 45

// tinyBody is what the fake service answers on /tiny: short enough to drip
// byte by byte within a fast test.
const tinyBody = `{"status":"ok","n":1}`

// fakeService stands in for the real handler: paged articles and sources in
// the primary envelope, and /tiny.
func fakeService() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /v2/articles", func(w http.ResponseWriter, r *http.Request) {
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		page = max(page, 1)
		size := model.DefaultPageSize
		var arts []model.Article
		for i := (page - 1) * size; i < min(page*size, catalogue); i++ {
			arts = append(arts, model.Article{
				Source: model.SourceRef{ID: "wire", Name: "Wire"},
				Title:  fmt.Sprintf("Article %d", i+1), URL: fmt.Sprintf("https://example.invalid/%d", i+1),
				PublishedAt: time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC),
			})
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(ArticlesBody(arts, catalogue, page, size))
	})
	mux.HandleFunc("GET /v2/sources", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(SourcesBody([]model.Source{{ID: "wire", Name: "Wire"}}, 1, 1, 20))
	})
	mux.HandleFunc("GET /v2/tiny", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(tinyBody))
	})
	return mux
}

// start runs a fault server over the fake service, closed with the test.
func start(t *testing.T) *Server {
	t.Helper()
	s := New(fakeService())
	t.Cleanup(s.Close)
	return s
}

// freshClient opens a new connection per request, so net/http's own silent
// retry on reused connections cannot blur request counts.
func freshClient() *http.Client {
	return &http.Client{Transport: &http.Transport{DisableKeepAlives: true}, Timeout: 5 * time.Second}
}

// reply is a finished response: status, headers and the whole body.
type reply struct {
	status int
	header http.Header
	body   []byte
}

// get fetches base+path and reads the body to the end; it fails the test on
// any transport error.
func get(t *testing.T, s *Server, path string) reply {
	t.Helper()
	resp, err := freshClient().Get(s.URL() + path)
	if err != nil {
		t.Fatalf("GET %s: %v", path, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("GET %s: reading body: %v", path, err)
	}
	return reply{resp.StatusCode, resp.Header, body}
}

// getCtx starts a GET that ends with ctx; callers read the body themselves.
func getCtx(ctx context.Context, s *Server, path string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.URL()+path, nil)
	if err != nil {
		return nil, err
	}
	return freshClient().Do(req)
}

// envelope is the primary success shape, decoded strictly enough to compare.
type envelope struct {
	Status       string          `json:"status"`
	TotalResults int             `json:"totalResults"`
	Page         int             `json:"page"`
	PageSize     int             `json:"pageSize"`
	Articles     []model.Article `json:"articles"`
	Sources      []model.Source  `json:"sources"`
}

func decode(t *testing.T, body []byte) envelope {
	t.Helper()
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("body is not an envelope: %v\n%.200s", err, body)
	}
	return env
}

// waitFor polls cond for up to two seconds (a bound for failure only; a pass
// returns at once): long enough, on a loaded CI machine, for a released
// handler to return, short enough to keep the suite fast.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting after 2s: %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

func titles(arts []model.Article) []string {
	out := make([]string, len(arts))
	for i, a := range arts {
		out[i] = a.Title
	}
	return out
}
