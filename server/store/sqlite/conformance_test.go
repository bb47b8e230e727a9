package sqlite

import (
	"testing"

	"tidings/server/store/storetest"
)

// The SQLite store passes the store's conformance suite, in memory.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Backend {
		s, err := Open("")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}
