package greader

import (
	"context"
	"testing"

	"tidings/internal/fakes/greaderfake"
	"tidings/model"
)

// BenchmarkFirstPage is the reader's first page of a 10,000-item reading
// list on the FreshRSS fake over loopback: 10,000 ids, contents of 100,
// unread-count.
func BenchmarkFirstPage(b *testing.B) {
	srv := greaderfake.New(greaderfake.FreshRSS, "alice", "pw")
	srv.Populate(10, 1_000)
	c, err := New(Config{BaseURL: srv.Start(b), User: "alice", Password: "pw"})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for b.Loop() {
		if p, err := c.LatestHeadlines(ctx, model.HeadlinesQuery{PageSize: 100}); err != nil || len(p.Items) != 100 {
			b.Fatal(len(p.Items), err)
		}
	}
}
