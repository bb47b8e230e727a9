// Package state is the reader's memory: what was read, what was saved and
// which searches are watched, kept in one SQLite file,
// $XDG_STATE_HOME/tidings/state.db ([DefaultPath]).
//
// Its job is to keep that memory safe and cheap: two tidings processes may
// use the file at once (WAL, a busy timeout, immediate write
// transactions), start-up reads the read history in a few milliseconds,
// the history is bounded, a damaged file is moved aside rather than
// overwritten, and a file that cannot be written leaves a store that still
// works for the session and says why once ([Store.Notice]).
//
// What it must not do: it does no network I/O, knows nothing of the
// terminal, the command line or the configuration (it imports neither ui,
// cli, config nor server), and never deletes or overwrites a file it did
// not create. Counting a watch's new articles is the service's business;
// this package only builds the query for it ([Watch.NewQuery]). Exporting
// ([ExportJSON], [ExportMarkdown]) treats every text as hostile and cleans
// it; the database itself keeps what it was given.
package state
