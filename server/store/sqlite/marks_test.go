package sqlite

import (
	"testing"

	"tidings/server/store/storetest"
)

// The SQLite store passes the marks conformance suite.
func TestMarks(t *testing.T) {
	storetest.RunMarks(t, func(t *testing.T) storetest.MarksBackend {
		s, err := Open("")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
