package cli

import (
	"context"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"sync/atomic"
	"testing"
	"time"

	"tidings/api"
	"tidings/model"
	"tidings/server"
	"tidings/server/store"
	"tidings/server/store/sqlite"
	"tidings/state"
)

// The read history of state.db moves to a service that keeps marks, once.
func TestReadHistoryMigratesOnce(t *testing.T) {
	migrateDelay = 0
	ctx := context.Background()
	cat, err := sqlite.Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer cat.Close()
	at := time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)
	read := model.Article{Source: model.SourceRef{ID: "daily"}, Title: "Read before", URL: "https://daily.example/1", PublishedAt: at}
	unread := model.Article{Source: model.SourceRef{ID: "daily"}, Title: "Not read", URL: "https://daily.example/2", PublishedAt: at}
	if err := cat.Add(ctx, nil, []model.Article{read, unread}); err != nil {
		t.Fatal(err)
	}
	h, err := server.New(cat, server.Config{APIKeys: []string{"k"}, Marks: cat, Owner: store.LocalOwner})
	if err != nil {
		t.Fatal(err)
	}
	var posts atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			posts.Add(1)
		}
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()

	path := filepath.Join(t.TempDir(), "state.db")
	st, err := state.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.MarkRead(ctx, state.Key(read), at); err != nil {
		t.Fatal(err)
	}
	st.Close()
	client, err := api.New(srv.URL+"/v2", "k", api.WithMarks(true))
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		memory := &lazyState{path: path}
		migrateReadHistory(ctx, memory, client, "local")
		memory.Close()
	}
	if n := posts.Load(); n != 1 {
		t.Errorf("%d POSTs, want 1: the history moves once", n)
	}
	p, err := client.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 10})
	if err != nil || len(p.Items) != 2 {
		t.Fatalf("headlines: %v", err)
	}
	for _, a := range p.Items {
		if want := a.URL == read.URL; a.Read != want {
			t.Errorf("%s read = %v on the service, want %v", a.URL, a.Read, want)
		}
	}
}
