//go:build race

package sqlite

// raceEnabled: the race detector slows SQLite writes several times over,
// so the tests of 70,000 rows skip under it (they run without -race).
const raceEnabled = true
