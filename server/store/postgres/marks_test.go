package postgres

import (
	"testing"

	"tidings/server/store/storetest"
)

// The PostgreSQL store passes the marks conformance suite.
func TestMarks(t *testing.T) {
	storetest.RunMarks(t, func(t *testing.T) storetest.MarksBackend { return openTest(t) })
}
