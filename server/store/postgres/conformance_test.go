package postgres

import (
	"testing"

	"tidings/server/store/storetest"
)

// The PostgreSQL store passes the store's conformance suite, each test
// on a database of its own in the shared throwaway instance.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Backend { return openTest(t) })
}
