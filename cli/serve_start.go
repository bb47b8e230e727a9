package cli

// What a start of `tidings serve` checks and undoes so that a start that
// fails leaves nothing behind, and a mistyped --db is not served empty.

import (
	"errors"
	"fmt"
	"io/fs"
	"net"
	"os"
)

// checkCatalogueExists refuses a --db file that does not exist, unless
// --create or --import says to make it: a typo would otherwise create a
// file and serve an empty catalogue without a word. (--migrate-only
// prepares a new file on purpose, and the reader's personal mode makes
// its own default file: neither asks this.)
func (f *serveFlags) checkCatalogueExists() error {
	if f.db == "" || isPostgres(f.db) || f.create || f.importFile != "" {
		return nil
	}
	if _, err := os.Stat(f.db); errors.Is(err, fs.ErrNotExist) {
		return usagef("%s %s: there is no catalogue there; check the path, or give --create to start an empty one "+
			"(tidings import and tidings feeds add fill one)", f.src("db"), f.db)
	}
	return nil
}

// listenAll binds --listen and, if given, --metrics-listen.
func listenAll(f serveFlags) ([]net.Listener, error) {
	addrs := []struct{ name, addr string }{{"listen", f.listen}}
	if f.metricsListen != "" {
		addrs = append(addrs, struct{ name, addr string }{"metrics-listen", f.metricsListen})
	}
	var lns []net.Listener
	for _, a := range addrs {
		ln, err := net.Listen("tcp", a.addr)
		if err != nil {
			closeAll(lns)
			var op *net.OpError
			if errors.As(err, &op) && op.Err != nil {
				err = op.Err // "bind: address already in use", without the address again
			}
			return nil, fmt.Errorf("%s %s: %w", f.src(a.name), a.addr, err)
		}
		lns = append(lns, ln)
	}
	return lns, nil
}

func closeAll(lns []net.Listener) {
	for _, ln := range lns {
		ln.Close()
	}
}

// catalogueUndo removes the files a start created for a SQLite --db that
// did not exist before it, when the start fails.
type catalogueUndo struct{ paths []string }

// newCatalogueUndo notes whether db (a --db value) is a file this start
// will create, before it is opened.
func newCatalogueUndo(db string) catalogueUndo {
	if db == "" || isPostgres(db) {
		return catalogueUndo{}
	}
	if _, err := os.Stat(db); !errors.Is(err, fs.ErrNotExist) {
		return catalogueUndo{}
	}
	// SQLite's journal files and the poller's lock sit beside it.
	return catalogueUndo{paths: []string{db, db + "-wal", db + "-shm", db + "-journal", db + ".poll-lock"}}
}

// run removes what the failed start created.
func (u catalogueUndo) run() {
	for _, p := range u.paths {
		os.Remove(p)
	}
}
