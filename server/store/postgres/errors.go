package postgres

import (
	"context"
	"errors"
	"net"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"tidings/server/store"
)

// A failure to reach the database (it is down, restarting, unreachable or
// refusing connections) matches store.ErrUnavailable (test with
// errors.Is): the query may well succeed later; nothing about the request
// was wrong. The handler answers it with 503, saying the catalogue is
// unavailable. (The package once had its own ErrUnavailable, a copy of
// store's: a package-level copy of another package's variable is work
// every tidings process did at start-up, issue 31.)

// unavailable wraps a connection failure. Its message never holds the
// cause's text, which may name the host, user or socket path.
type unavailable struct{ cause error }

func (e *unavailable) Error() string        { return store.ErrUnavailable.Error() }
func (e *unavailable) Unwrap() error        { return e.cause }
func (e *unavailable) Is(target error) bool { return target == store.ErrUnavailable }

// classify turns connection failures into store.ErrUnavailable and leaves
// every other error as it is.
func classify(err error) error {
	if err == nil || errors.Is(err, store.ErrUnavailable) {
		return err
	}
	if isUnavailable(err) {
		return &unavailable{cause: err}
	}
	return err
}

func isUnavailable(err error) bool {
	if errors.Is(err, context.Canceled) {
		return false // the caller gave up; not the database's fault
	}
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		switch {
		case len(pgErr.Code) == 5 && pgErr.Code[:2] == "08": // connection exception
			return true
		case pgErr.Code == "57P01", pgErr.Code == "57P02", pgErr.Code == "57P03": // shutdown, crash, cannot connect now
			return true
		case pgErr.Code == "53300": // too many connections
			return true
		}
		return false
	}
	var connErr *pgconn.ConnectError
	if errors.As(err, &connErr) {
		return true
	}
	var netErr net.Error
	if errors.As(err, &netErr) {
		return true
	}
	// A connection that broke mid-query: pgx closes it and says so.
	return pgconn.SafeToRetry(err) || isClosedConn(err)
}

func isClosedConn(err error) bool {
	msg := err.Error()
	for _, s := range []string{"conn closed", "unexpected EOF", "connection reset", "broken pipe", "closed pool"} {
		if strings.Contains(msg, s) {
			return true
		}
	}
	return false
}
