package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tidings/server/store/sqlite"
)

func TestMigrateOnlyPreparesTheCatalogueAndExitsWithoutKeys(t *testing.T) {
	db := filepath.Join(t.TempDir(), "news.db")
	if out, err := run(t, noEnv, "serve", "--migrate-only", "--db", db); err != nil || !strings.Contains(out, db+": the schema is up to date.") {
		t.Fatalf("serve --migrate-only: %q, %v; want it to say the schema is up to date", out, err)
	}
	if _, err := os.Stat(db); err != nil {
		t.Fatalf("no catalogue was made: %v", err)
	}
	st, err := sqlite.Open(db)
	if err != nil {
		t.Fatalf("the migrated catalogue does not open: %v", err)
	}
	st.Close()

	// From the environment too, as an operator's job would set it.
	if _, err := run(t, envOf(map[string]string{"TIDINGS_MIGRATE_ONLY": "true", "TIDINGS_DB": db}), "serve"); err != nil {
		t.Fatalf("TIDINGS_MIGRATE_ONLY: %v", err)
	}

	_, err = run(t, noEnv, "serve", "--migrate-only")
	if err == nil || exitStatus(err) != 2 || !strings.Contains(err.Error(), "--migrate-only needs --db") {
		t.Fatalf("--migrate-only without --db: %v (status %d); want a usage error", err, exitStatus(err))
	}
}
