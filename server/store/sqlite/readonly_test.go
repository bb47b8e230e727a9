package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// OpenReadOnly reads a catalogue without writing anything: queries work,
// writes fail, and a file of another schema version is refused with a
// message saying why it cannot be upgraded here.
func TestOpenReadOnly(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "news.db")
	rw, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	rw.Close()
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Feeds(ctx); err != nil {
		t.Fatalf("reading: %v", err)
	}
	if err := ro.Watch(); err != nil {
		t.Fatalf("watching: %v", err)
	}
	if _, err := ro.db.ExecContext(ctx, "DELETE FROM feeds"); err == nil {
		t.Fatal("a write to the read-only store succeeded")
	}
	ro.Close()

	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 2"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = OpenReadOnly(path)
	var stale *staleSchemaError
	if !errors.As(err, &stale) || !strings.Contains(err.Error(), "read-only here") {
		t.Fatalf("an old schema: %v", err)
	}
}
