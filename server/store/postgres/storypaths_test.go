package postgres

import (
	"context"
	"strings"
	"testing"

	"tidings/internal/pgtest"
	"tidings/server/store/storetest"
)

// One catalogue gets the same stories whether a bulk load's pass groups
// it (an import into an empty catalogue), feeds and Add write it page by
// page, or a store opened anew halfway writes the rest (issue 29); and
// the same as SQLite's (its test is the same).
func TestStoriesAlikeOnEveryPath(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: 2,500 articles written three ways")
	}
	sources, articles := storetest.PathsCatalogue()
	bulk := openTest(t)
	if _, err := bulk.ImportJSONL(context.Background(), strings.NewReader(storetest.PathsJSONL(t, sources, articles))); err != nil {
		t.Fatal(err)
	}
	pages := openTest(t)
	storetest.AddInPages(t, pages, sources, articles)

	dsn := pgtest.Shared(t).NewDB(t, migrated)
	first := openDSN(t, dsn)
	half := len(articles) / 2
	storetest.AddInPages(t, first, sources, articles[:half])
	first.Close()
	reopened := openDSN(t, dsn)
	storetest.AddInPages(t, reopened, nil, articles[half:])

	storetest.StoriesAlikeOnEveryPath(t, map[string]storetest.Backend{"bulk load": bulk, "pages": pages, "reopened": reopened})
}
