package sqlite

import (
	"path/filepath"
	"strings"
	"testing"

	"tidings/server/store/storetest"
)

// One catalogue gets the same stories whether a bulk load's pass groups
// it (an import into a new file), feeds and Add write it page by page,
// or a store reopened halfway writes the rest (issue 29).
func TestStoriesAlikeOnEveryPath(t *testing.T) {
	sources, articles := storetest.PathsCatalogue()
	bulk, err := Open(filepath.Join(t.TempDir(), "bulk.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer bulk.Close()
	if _, err := bulk.ImportJSONL(ctx, strings.NewReader(storetest.PathsJSONL(t, sources, articles))); err != nil {
		t.Fatal(err)
	}
	pages, err := Open("")
	if err != nil {
		t.Fatal(err)
	}
	defer pages.Close()
	storetest.AddInPages(t, pages, sources, articles)

	path := filepath.Join(t.TempDir(), "reopened.db")
	first, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	half := len(articles) / 2
	storetest.AddInPages(t, first, sources, articles[:half])
	first.Close()
	reopened, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer reopened.Close()
	storetest.AddInPages(t, reopened, nil, articles[half:])

	storetest.StoriesAlikeOnEveryPath(t, map[string]storetest.Backend{"bulk load": bulk, "pages": pages, "reopened": reopened})
}
